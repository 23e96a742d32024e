// Hotseat games kept in this browser, with no server: created, played,
// undone, resumed (IndexedDB), exported as 18xx.games JSON and uploaded to
// a server later as an imported game. The in-browser engine decides every
// move; the page is the game page of game.js.
import { api } from './api.js';
import { h, clear } from './dom.js';
import { loadEngine, engineWaiting } from './engine.js';
import { draw, prepareBack } from './game.js';
import { localGames, newKey } from './localstore.js';
import { optionControls } from './options.js';

// fallbackTitles is used only when the server's title list cannot be had
// (offline before it was ever fetched, or the files served with no
// server): the engine checks the player count when the game is set up.
const fallbackTitles = [
  { title: '1860', min_players: 2, max_players: 4, options: [] },
  { title: '1825', min_players: 2, max_players: 9, options: [] },
];

async function titleList() {
  try {
    const t = await api.titles();
    localStorage.setItem('tresham.titles', JSON.stringify(t));
    return t;
  } catch {
    try { return JSON.parse(localStorage.getItem('tresham.titles')) || fallbackTitles; } catch { return fallbackTitles; }
  }
}

const when = (t) => new Date(t).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });

/** renderLocalLobby lists the hotseat games of this browser, with forms to create and import one. */
export async function renderLocalLobby(el, me) {
  document.title = 'Hotseat games in this browser — Tresham';
  const msg = h('p', { class: 'error', role: 'alert', id: 'local-error' });
  const list = h('ul', { id: 'local-games' });
  const reload = async () => {
    let games = [];
    try { games = await localGames.list(); } catch (e) { msg.textContent = e.message; }
    clear(list, games.length === 0 ? h('li', { class: 'muted' }, 'No games yet.') : games.map((g) => h('li', { 'data-key': g.key },
      h('a', { href: `/?local=${encodeURIComponent(g.key)}` }, `${g.title}: ${g.names.join(', ')}`, g.sandbox ? ` (plan of game ${g.sandbox})` : ''),
      h('span', { class: 'muted' }, ` — ${g.finished ? 'finished' : 'being played'}, ${g.actions} actions, last played ${when(g.updated)}`,
        g.uploaded ? ` · uploaded as game ${g.uploaded}` : ''), ' ',
      h('button', { type: 'button', class: 'small delete', onclick: async () => {
        if (!confirm(`Delete this ${g.title} game from this browser?`)) return;
        await localGames.remove(g.key);
        await reload();
      } }, 'Delete'))));
  };
  const titles = await titleList();
  clear(el, msg, h('div', { class: 'lobby' },
    h('div', { class: 'lists' }, h('section', { class: 'games', id: 'games-local' },
      h('h2', {}, 'Hotseat games in this browser'),
      h('p', { class: 'muted' }, 'These games live only in this browser: no account and no server needed, and they work offline. Export one to keep it elsewhere, or upload it to the server to go on there.'),
      list)),
    h('div', { class: 'side' }, createForm(titles, msg), importForm(msg),
      h('p', {}, h('a', { href: '/' }, me ? 'Back to the lobby' : 'Sign in to play online')))));
  await reload();
}

function createForm(titles, msg) {
  const title = h('select', { id: 'local-title' }, titles.map((t) => h('option', { value: t.title }, t.title)));
  const players = h('input', { id: 'local-players', type: 'number', value: 3 });
  const names = h('div', { class: 'names' });
  const opts = h('fieldset', { class: 'options' });
  let optCtl = null;
  const current = () => titles.find((x) => x.title === title.value) || titles[0];
  const syncNames = () => {
    const t = current();
    players.min = t.min_players;
    players.max = t.max_players;
    const n = Math.min(Math.max(Number(players.value) || 0, t.min_players), t.max_players);
    if (Number(players.value) !== n) players.value = n;
    // rows are added and removed, never redrawn: a box being typed in stays
    while (names.children.length > n) names.lastChild.remove();
    for (let i = names.children.length; i < n; i++) {
      names.append(h('label', {}, `Player ${i + 1} `, h('input', { class: 'local-name', maxlength: 40, required: true, value: `Player ${i + 1}` })));
    }
  };
  const sync = () => {
    syncNames();
    if (optCtl) optCtl.detach();
    optCtl = optionControls(opts, current(), players, 'local');
  };
  title.addEventListener('change', sync);
  players.addEventListener('change', syncNames);
  sync();
  return h('form', { class: 'card create', id: 'local-create', onsubmit: async (ev) => {
    ev.preventDefault();
    msg.textContent = '';
    const ns = [...names.querySelectorAll('input')].map((i) => i.value.trim());
    const options = optCtl.values();
    try {
      const key = await createGame(title.value, ns, options);
      location.href = `/?local=${encodeURIComponent(key)}`;
    } catch (e) { msg.textContent = e.message; }
  } },
  h('h2', {}, 'New hotseat game'),
  h('label', { for: 'local-title' }, 'Game'), title,
  h('label', { for: 'local-players' }, 'Players'), players,
  names, opts,
  h('button', { type: 'submit', id: 'local-start' }, 'Start playing'));
}

async function needEngine() {
  const eng = await loadEngine();
  if (!eng && engineWaiting()) throw new Error('the server is still preparing the in-browser engine, which games in this browser need: try again in a minute');
  if (!eng) throw new Error('the in-browser engine is not available here (it has to be loaded once while the server can be reached)');
  return eng;
}

/** createGame sets up a new game in the engine, stores it and answers its key. */
export async function createGame(title, names, options) {
  if (names.some((n) => !n)) throw new Error('every player needs a name');
  if (new Set(names).size !== names.length) throw new Error('two players have the same name');
  const eng = await needEngine();
  const key = newKey();
  const now = Math.floor(Date.now() / 1000);
  const header = {
    id: key, description: 'A hotseat game played in the browser', title,
    players: names.map((name, i) => ({ id: i + 1, name })), min_players: names.length, max_players: names.length,
    settings: { optional_rules: options, seed: 0 }, status: 'active', actions: [], created_at: now, updated_at: now,
  };
  const game = eng.load(JSON.stringify(header)); // refuses a bad player count or option, naming it
  await save({ key, title, names, created: Date.now() }, game);
  game.close();
  return key;
}

function importForm(msg) {
  const file = h('input', { type: 'file', id: 'local-import', accept: '.json,application/json', 'aria-label': 'An 18xx.games export (JSON) to play on here' });
  return h('form', { class: 'card', onsubmit: async (ev) => {
    ev.preventDefault();
    msg.textContent = '';
    try {
      const f = file.files[0];
      if (!f) throw new Error('choose an 18xx.games export (JSON) first');
      const text = await f.text();
      const eng = await needEngine();
      const game = eng.load(text); // refuses what the engine cannot replay, naming the action
      const src = JSON.parse(text);
      const key = newKey();
      await save({ key, title: src.title, names: (src.players || []).map((p) => p.name), created: Date.now() }, game);
      game.close();
      location.href = `/?local=${encodeURIComponent(key)}`;
    } catch (e) { msg.textContent = e.message; }
  } },
  h('h2', {}, 'Open an export here'),
  h('p', { class: 'muted' }, 'An 18xx.games export (JSON) of 1860 or 1825, played on in this browser.'),
  file, h('button', { type: 'submit' }, 'Open'));
}

// save stores game (its export) under rec's key.
async function save(rec, game) {
  const text = game.exportText();
  const st = JSON.parse(text);
  Object.assign(rec, { export: text, actions: game.actions, updated: Date.now(), finished: st.status === 'finished', rules: game.rules });
  await localGames.put(rec);
  return st;
}

/** renderLocalGame draws hotseat game key of this browser into el. */
export async function renderLocalGame(el, key, me) {
  const rec = await localGames.get(key);
  if (!rec) {
    clear(el, h('p', { class: 'error', role: 'alert' }, 'This browser has no such game. ', h('a', { href: '/?local' }, 'Hotseat games in this browser')));
    return;
  }
  let eng;
  try { eng = await needEngine(); } catch (e) {
    clear(el, h('p', { class: 'error', role: 'alert' }, e.message));
    return;
  }
  const game = eng.load(rec.export, rec.rules); // a copy of an old import keeps its day's rules
  let src = JSON.parse(rec.export);
  const at0 = new URLSearchParams(location.search).get('action');
  const page = {
    id: key, me, at: at0 === null ? null : Number(at0), view: null, map: null, total: game.actions, mapUI: null, error: '', routes: null, sel: {},
    local: game, engineNote: 'in the browser (no server)', legalSource: 'browser', notice: '', heading: rec.sandbox ? `${src.title} #${rec.sandbox} · planning sandbox (nothing here is sent)` : rec.forked ? `${src.title} · hotseat in this browser, forked from ${rec.forked.from} at action ${rec.forked.at}` : `${src.title} · hotseat in this browser`,
    forkLabel: rec.forked ? `a fork of ${rec.forked.from}` : `the hotseat game of ${new Date(rec.created).toLocaleDateString()}`,
  };
  const chat = (at) => src.actions.map((a, seq) => ({ a, seq })).filter(({ a, seq }) => a.type === 'message' && (at === null || seq < at))
    .map(({ a, seq }) => ({ player: a.entity, name: (src.players.find((p) => p.id === a.entity) || {}).name, text: a.message, at: a.created_at, seq }));
  const build = (at) => {
    const lv = game.view(at ?? -1, null);
    const us = at === null ? game.status() : { can_undo: false, can_redo: false };
    return {
      ...lv, id: key, title: src.title, status: lv.finished ? 'finished' : 'active', hotseat: true, owner: null,
      seats: src.players.map((p) => ({ player_id: p.id, name: p.name })), you: src.players.map((p) => p.id),
      actions: game.actions, at: at ?? undefined, legal: at === null ? lv.legal : {}, can_undo: us.can_undo, can_redo: us.can_redo, chat: chat(at),
    };
  };
  const stored = async () => {
    src = await save(rec, game);
    page.total = game.actions;
  };
  page.reload = async () => {
    try {
      page.view = build(page.at);
      page.map = game.map(page.at ?? -1);
    } catch (e) {
      page.error = e.message;
    }
    draw(el, page);
    prepareBack(game, page.at ?? game.actions); // the next step in history is ready before it is asked for
  };
  page.act = async (action) => {
    page.error = '';
    try {
      game.propose(action);
      await stored();
      page.sel = {};
      page.routes = null;
      page.edit = null;
      page.shownRoutes = null;
      if (page.zoomedFrom) { page.mapKeep = { vb: page.zoomedFrom }; page.zoomedFrom = null; }
    } catch (e) {
      page.error = e.message;
    }
    await page.reload();
  };
  page.undo = async () => { game.undo(); await stored(); };
  page.redo = async () => { game.redo(); await stored(); };
  page.seek = async (n) => {
    page.at = n === null || n >= page.total ? null : Math.max(0, n);
    const u = new URL(location.href);
    if (page.at === null) u.searchParams.delete('action'); else u.searchParams.set('action', String(page.at));
    window.history.replaceState(null, '', u);
    page.sel = {};
    page.routes = null;
    page.edit = null;
    page.shownRoutes = null;
    await page.reload();
  };
  page.svc = {
    source: () => 'browser',
    tile: async (hex, tile, rot) => game.tile(hex, tile, rot),
    routes: async (ent) => game.routes(ent),
    check: async (ent, routes) => game.check(ent, routes),
  };
  // endNow ends the game early, scored as it stands: the server's end
  // option, where in a hotseat game the owner's word alone ends it (an
  // end_game action, as 18xx.games stores it; undo takes it back)
  const endNow = async () => {
    if (!confirm('End this game now, scored as it stands?')) return;
    page.error = '';
    try {
      game.propose({ type: 'end_game', entity: src.players[0].id, entity_type: 'player' });
      await stored();
    } catch (e) { page.error = e.message; }
    await page.reload();
  };
  page.headLinks = (v) => [
    h('button', { type: 'button', id: 'local-export', onclick: () => download(`${src.title}_${key}.json`, rec.export) }, 'Export'),
    page.at === null && v && !v.finished ? h('button', { type: 'button', id: 'local-end', title: 'The game ends now, scored as it stands', onclick: endNow }, 'End the game now') : null,
    rec.sandbox ? h('a', { class: 'button', id: 'sandbox-back', href: `/?game=${encodeURIComponent(rec.sandbox)}` }, `Back to game ${rec.sandbox}`) : null,
    me && !rec.sandbox ? h('button', { type: 'button', id: 'local-upload', title: 'Store this game on the server as an imported game of yours', onclick: async () => {
      page.error = '';
      try {
        const r = await api.importGame(rec.export);
        rec.uploaded = r.id;
        await localGames.put(rec);
        page.notice = r.id;
      } catch (e) { page.error = `upload: ${e.message}`; }
      await page.reload();
    } }, 'Upload to the server') : null,
    page.notice || rec.uploaded ? h('a', { class: 'button', id: 'local-uploaded', href: `/?game=${page.notice || rec.uploaded}` }, `On the server as game ${page.notice || rec.uploaded}`) : null,
    h('a', { class: 'button', href: '/?local', id: 'local-games-link' }, 'Games in this browser'),
  ];
  await page.reload();
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
