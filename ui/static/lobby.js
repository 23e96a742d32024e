// The lobby: sign up / sign in, game lists, create, join, start, import,
// export.
import { api } from './api.js';
import { h, clear } from './dom.js';
import { lobbyClockText } from './clockview.js';
import { optionControls } from './options.js';

/** signInLink links to the sign-in form, coming back to this page after. */
export function signInLink(id, text) {
  const here = location.pathname + location.search;
  return h('a', { id, href: here === '/' ? '/' : `/?next=${encodeURIComponent(here)}` }, text);
}

/** renderLobby draws the lobby into el for user me (null: signed out). */
export async function renderLobby(el, me) {
  document.title = 'Tresham';
  if (!me) {
    clear(el, authForm());
    return;
  }
  const msg = h('p', { class: 'error', role: 'alert', id: 'lobby-error' });
  const lists = h('div', { class: 'lists' });
  const { titles, bots } = await learnTables();
  const sections = [
    gameList('mine', 'My games', { filter: 'mine' }, me, msg),
    gameList('open', 'Open tables', { filter: 'open' }, me, msg),
    gameList('finished', 'Finished games', { filter: 'finished' }, me, msg),
  ];
  const found = gameList('found', 'Search results', null, me, msg);
  const refresh = () => Promise.all([...sections, found].map((s) => s.reload()));
  for (const s of [...sections, found]) s.refresh = refresh;
  clear(lists, findForm(titles, found), found.el, sections.map((s) => s.el));
  clear(el, msg, h('div', { class: 'lobby' }, lists, h('div', { class: 'side' }, createForm(titles, bots, msg, refresh), importForm(msg),
    h('p', { class: 'card' }, h('a', { href: '/?local', id: 'local-link' }, 'Hotseat games in this browser'), ' (no server needed, work offline)'))));
  await refresh();
}

// gameList is one paged list of games: reload() shows its first page,
// "Show more" appends the next. params null: hidden until searched.
function gameList(id, label, params, me, msg) {
  const list = h('ul', {});
  const more = h('button', { type: 'button', class: 'more', hidden: true }, 'Show more');
  const empty = h('p', { class: 'muted', hidden: true }, 'No games.');
  // My games: a toggle lists only the games where it is your turn
  const only = id === 'mine' ? h('input', { type: 'checkbox', id: 'mine-myturn' }) : null;
  const section = h('section', { class: 'games', id: 'games-' + id, hidden: !params },
    h('h2', {}, label), only ? h('label', { class: 'myturn-toggle' }, only, ' Only games where it is my turn') : null, list, empty, more);
  const self = { el: section, params, cursor: '', refresh: null };
  if (only) only.addEventListener('change', () => { self.params = { filter: only.checked ? 'myturn' : 'mine' }; self.reload(); });
  const load = async (append) => {
    if (!self.params) return;
    msg.textContent = '';
    try {
      const page = await api.lobby({ ...self.params, limit: 10, cursor: append ? self.cursor : '' });
      if (!append) clear(list);
      list.append(...page.games.map((g) => gameItem(g, me, msg, () => self.refresh())));
      self.cursor = page.next_cursor;
      more.hidden = !page.next_cursor;
      empty.hidden = list.children.length > 0;
      section.hidden = false;
    } catch (e) { msg.textContent = e.message; }
  };
  more.addEventListener('click', () => load(true));
  self.reload = () => load(false);
  self.show = (p) => { self.params = p; return load(false); };
  return self;
}

// findForm searches every game listed to the user.
function findForm(titles, found) {
  const q = h('input', { id: 'find-q', type: 'search', placeholder: 'Table name or description', maxlength: 100 });
  const title = h('select', { id: 'find-title' }, h('option', { value: '' }, 'Any game'), titles.map((t) => h('option', { value: t.title }, t.title)));
  const status = h('select', { id: 'find-status' }, [['', 'Any state'], ['new', 'Waiting for players'], ['active', 'Being played'], ['finished', 'Finished']]
    .map(([v, l]) => h('option', { value: v }, l)));
  const player = h('input', { id: 'find-player', placeholder: 'Player name', maxlength: 40 });
  return h('form', { class: 'card find', role: 'search', onsubmit: async (ev) => {
    ev.preventDefault();
    await found.show({ q: q.value.trim(), title: title.value, status: status.value, player: player.value.trim() });
  } },
  h('h2', {}, 'Find games'),
  h('div', { class: 'row' },
    h('label', { class: 'sr', for: 'find-q' }, 'Search'), q,
    h('label', { class: 'sr', for: 'find-title' }, 'Game'), title,
    h('label', { class: 'sr', for: 'find-status' }, 'State'), status,
    h('label', { class: 'sr', for: 'find-player' }, 'Player'), player,
    h('button', { type: 'submit', id: 'find' }, 'Search')));
}

function authForm() {
  const name = h('input', { id: 'auth-name', name: 'name', autocomplete: 'username', required: true });
  const pass = h('input', { id: 'auth-password', name: 'password', type: 'password', autocomplete: 'current-password', required: true });
  const err = h('p', { class: 'error', role: 'alert' });
  const go = (fn) => async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    try {
      await fn(name.value, pass.value);
      localStorage.setItem('tresham.signedIn', '1');
      // back to the page that sent here (a game watched signed out)
      const next = new URLSearchParams(location.search).get('next');
      if (next && next.startsWith('/') && !next.startsWith('//')) location.href = next;
      else location.reload();
    } catch (e) { err.textContent = e.message; }
  };
  return h('form', { class: 'auth card', onsubmit: go(api.login) },
    h('h1', {}, 'Welcome to Tresham'),
    h('p', {}, 'Play 1860 and 1825 with friends, online or at one table.'),
    h('p', {}, h('a', { href: '/?local', id: 'local-link' }, 'Play at one screen in this browser'), ' — no account, no server, works offline.'),
    h('label', { for: 'auth-name' }, 'Name'), name,
    h('label', { for: 'auth-password' }, 'Password'), pass,
    h('div', { class: 'row' },
      h('button', { type: 'submit', id: 'login' }, 'Sign in'),
      h('button', { type: 'button', id: 'signup', onclick: go(api.signup) }, 'Sign up')),
    h('p', {}, h('a', { href: '/?forgot', id: 'forgot-link' }, 'Forgot your password?')),
    err);
}

// botLevel names a seat's bot kind by its level (easy, medium, hard, expert), from
// GET /api/bots; a level's own name counts too (tables made with it).
const botLevel = new Map();

function learnBots(bots) {
  for (const b of bots) {
    if (!b.level) continue;
    botLevel.set(b.kind, b.level);
    botLevel.set(b.level, b.level);
  }
}

// optionText holds each title's option descriptions (GET /api/titles), by
// title and option name.
const optionText = new Map();

let tables = null;

/**
 * learnTables asks the server once for its titles and bots and learns
 * their names (the lists of games name options and computer players by
 * them); it answers {titles, bots}.
 */
export function learnTables() {
  tables ||= Promise.all([api.titles(), api.bots()]).then(([titles, bots]) => {
    learnBots(bots);
    for (const t of titles) optionText.set(t.title, new Map((t.options || []).map((o) => [o.name, o.description])));
    return { titles, bots };
  }).catch((e) => { tables = null; throw e; });
  return tables;
}

// optionsText says a game's options in words: each option's description
// from its title (its name when the title does not know it).
function optionsText(g) {
  const known = optionText.get(g.title) || new Map();
  return (g.options || []).map((o) => known.get(o) || o.replace(/_/g, ' ')).join('; ');
}

// winnerText names the winner of a finished game and the score (ties: every top scorer).
function winnerText(g) {
  const res = Object.entries(g.result || {});
  if (!g.finished || !res.length) return '';
  const top = Math.max(...res.map(([, v]) => v));
  const names = res.filter(([, v]) => v === top).map(([pid]) => ((g.seats || []).find((s) => String(s.player_id) === pid) || {}).name || `player ${pid}`);
  return `${names.length > 1 ? 'Shared win' : 'Won by'} ${names.join(' and ')} with ${top}`;
}

function seatText(s) {
  if (s.bot) {
    const level = botLevel.get(s.bot) || botLevel.get(s.bot.split(':')[0]);
    return `${s.name || 'Computer'} (${level ? level + ' computer player' : s.bot + ' bot'})`;
  }
  return s.name || (s.user_id ? 'taken' : 'open');
}

const statusText = { new: 'waiting for players', active: 'being played', finished: 'finished' };

/** playerLink links a seat's player to their profile page (hotseat: the seat's name). */
export function playerLink(s, hotseat) {
  if (!s.user_id && !s.bot && !hotseat) return h('span', { class: 'seat-open' }, 'open seat');
  if (!s.user_id || /^Deleted player /.test(s.name || '')) return seatText(s);
  return h('a', { href: `/?player=${encodeURIComponent(s.name)}` }, s.name);
}

/** gameItem draws one game of a list; invite is the token of an invite link. */
export function gameItem(g, me, msg, refresh, invite) {
  const act = (fn) => async () => {
    msg.textContent = '';
    try { await fn(); await refresh(); } catch (e) { msg.textContent = e.message; }
  };
  const seats = g.seats || [];
  const taken = seats.filter((s) => s.user_id || s.bot).length;
  const started = g.status !== 'new';
  const host = String(g.owner) === String(me.id);
  const mine = seats.some((s) => String(s.user_id) === String(me.id));
  // a hotseat game starts when created (or when first opened): no Start
  const canStart = host && !started && !g.hotseat && taken >= (g.min_players || seats.length);
  const what = (g.hotseat ? 'one screen' : g.live ? 'live' : 'turn by turn' + (g.silence_hours ? `, ${g.silence_hours} h to move` : '')) +
    lobbyClockText(g, me);
  // a player silent past the table's limit: the others may vote to hand the seat over
  const handover = (i, to) => async () => {
    msg.textContent = '';
    try {
      const r = await api.handover(g.id, i, to);
      await refresh();
      if (r.substitute_token) {
        showLink('A substitute may take the seat', 'Send this link to the player who will take over the seat. It is shown only now.',
          `${location.origin}/?game=${g.id}&seat=${i}&substitute=${encodeURIComponent(r.substitute_token)}`, `/?game=${g.id}`);
      } else {
        msg.textContent = r.done ? 'The seat is handed over.' : `Your vote is recorded. Still to agree: ${r.waiting.join(', ')}.`;
      }
    } catch (e) { msg.textContent = e.message; }
  };
  const canHand = g.status === 'active' && !g.hotseat && g.silence_hours && mine;
  const seatItems = seats.map((s, i) => h('li', {},
    `Seat ${i + 1}: `, playerLink(s, g.hotseat),
    !g.hotseat && !started && !s.user_id && !s.bot && !mine ? h('button', { class: 'small', onclick: act(() => api.join(g.id, i, invite)) }, 'Join') : null,
    !g.hotseat && !started && host && (s.bot || (s.user_id && String(s.user_id) !== String(me.id))) ? h('button', { class: 'small free', onclick: act(() => api.free(g.id, i)) }, 'Free this seat') : null,
    canHand && s.user_id && String(s.user_id) !== String(me.id) ? [
      h('button', { class: 'small hand-bot', title: `If ${s.name} has kept everyone waiting past the limit`, onclick: handover(i, 'bot') }, 'Give to a bot'),
      h('button', { class: 'small hand-sub', title: `If ${s.name} has kept everyone waiting past the limit`, onclick: handover(i, 'substitute') }, 'Find a substitute')] : null));
  return h('li', { class: 'game', 'data-game': g.id },
    h('a', { href: `/?game=${g.id}`, class: 'game-name' }, g.name || `${g.title} #${g.id}`), ' ',
    g.name ? h('span', { class: 'muted' }, `${g.title} #${g.id} `) : null,
    h('span', { class: 'status' }, g.hotseat && !started ? 'ready to play' : statusText[g.status] || g.status),
    h('span', { class: 'tag' }, what),
    g.your_turn ? h('span', { class: 'tag your-turn' }, 'your turn') : null,
    g.round ? h('span', { class: 'tag round' }, `${g.round}, phase ${g.phase}`) : null,
    g.invite_only ? h('span', { class: 'tag invite' }, 'invite only') : null,
    g.hints && !g.hotseat ? h('span', { class: 'tag hints' }, 'hints on') : null,
    g.description ? h('p', { class: 'desc' }, g.description) : null,
    winnerText(g) ? h('p', { class: 'winner' }, winnerText(g)) : null,
    (g.options || []).length ? h('p', { class: 'muted opts' }, 'Options: ' + optionsText(g)) : null,
    !g.hotseat && !started ? h('p', { class: 'muted' }, `${taken} of ${seats.length} seats taken; starts ` +
      (g.start_when_full ? 'as soon as every seat is taken' : 'when the host starts it') +
      (g.min_players < seats.length ? ` (the host may start with ${g.min_players})` : '')) : null,
    h('ul', { class: 'seats' }, seatItems),
    h('div', { class: 'row' },
      canStart ? h('button', { class: 'start', onclick: act(() => api.start(g.id)) }, 'Start') : null,
      mine && !host && !started && !g.hotseat ? h('button', { class: 'leave', onclick: act(() => api.leave(g.id)) }, 'Leave this table') : null,
      h('a', { class: 'button', href: `/?game=${g.id}` }, 'Open'),
      h('a', { class: 'button', href: `/api/games/${g.id}/export`, download: `tresham-${g.id}.json` }, 'Export')));
}

function createForm(titles, bots, msg, onCreated) {
  const title = h('select', { id: 'create-title' }, titles.map((t) => h('option', { value: t.title }, t.title)));
  const players = h('input', { id: 'create-players', type: 'number', value: 3 });
  const hotseat = h('input', { id: 'create-hotseat', type: 'checkbox', checked: true });
  const botCount = h('input', { id: 'create-bots', type: 'number', value: 0, min: 0 });
  // the computer players the server seats (GET /api/bots), medium first chosen
  const botKind = h('select', { id: 'create-bot-kind' },
    bots.map((b) => h('option', { value: b.kind, selected: b.level === 'medium' }, b.label)));
  const opts = h('fieldset', { class: 'options' });
  let optCtl = null;
  const names = h('div', { class: 'names', id: 'create-names' });
  const name = h('input', { id: 'create-name', maxlength: 80, placeholder: 'e.g. Sunday evening game' });
  const desc = h('textarea', { id: 'create-description', maxlength: 500, rows: 2, placeholder: 'Who is welcome, how fast you play…' });
  const minPlayers = h('input', { id: 'create-min', type: 'number', value: 0, min: 0 });
  const live = h('select', { id: 'create-pace' }, h('option', { value: 'async' }, 'Turn by turn (come back when it is your turn)'), h('option', { value: 'live' }, 'Live (everyone plays at once)'));
  const silence = h('input', { id: 'create-silence', type: 'number', value: 0, min: 0, max: 1440 });
  const inviteOnly = h('input', { id: 'create-invite', type: 'checkbox' });
  const whenFull = h('input', { id: 'create-full', type: 'checkbox', checked: true });
  const hints = h('input', { id: 'create-hints', type: 'checkbox' });
  const clockChoice = h('select', { id: 'create-clock' },
    [['off', 'No clock'], ['blitz', 'Blitz: 20 min each, +15 s a stock turn, +20-45 s a company turn'],
      ['fast', 'Fast: 45 min each, +30 s a stock turn, +45-90 s a company turn'],
      ['normal', 'Normal: 90 min each, +45 s a stock turn, +1-2 min a company turn'],
      ['slow', 'Slow: 3 h each, +90 s a stock turn, +2-4 min a company turn'],
      ['async days', 'Async: a day each, +1 h a turn, the first 8 h of each wait free']].map(([v, t]) => h('option', { value: v }, t)));
  const online = h('div', { class: 'online' },
    h('label', { for: 'create-clock' }, 'Clock (time for each player; shown to all, the rules never change)'), clockChoice,
    h('label', { for: 'create-min' }, 'Fewest players to start (0: every seat)'), minPlayers,
    h('label', { for: 'create-pace' }, 'Pace'), live,
    h('label', { for: 'create-silence' }, 'Hours a player may keep everyone waiting before the others may give the seat to a bot or a substitute (0: no limit)'), silence,
    h('label', { class: 'option' }, whenFull, ' Start as soon as every seat is taken'),
    h('label', { class: 'option' }, inviteOnly, ' Invite only (not listed; players join with a link)'),
    h('label', { class: 'option' }, hints, ' Offer the coach\'s hints to every player (games against bots only, and finished games, always offer them)'));
  // a hotseat game's seats are named here (the last ones are the computer's)
  // (rows are added and removed, never redrawn: a box being typed in stays)
  const syncNames = () => {
    const n = Math.min(Number(players.value) || 0, 12);
    const bots = Math.min(Number(botCount.value) || 0, Math.max(n - 1, 0));
    names.hidden = !hotseat.checked;
    while (names.children.length > n) names.lastChild.remove();
    for (let i = names.children.length; i < n; i++) {
      const id = `create-seat-${i}`;
      names.append(h('div', { class: 'seat-name' }, h('label', { for: id }), h('input', { id, class: 'seat-name-input', maxlength: 40 })));
    }
    [...names.children].forEach((row, i) => {
      const bot = i >= n - bots;
      row.querySelector('label').textContent = bot ? `Seat ${i + 1} (computer)` : `Seat ${i + 1}`;
      row.querySelector('input').placeholder = bot ? `Bot ${i + 1}` : `Player ${i + 1}`;
    });
  };
  const syncOnline = () => { online.hidden = hotseat.checked; silence.disabled = live.value === 'live'; syncNames(); };
  hotseat.addEventListener('change', syncOnline);
  live.addEventListener('change', syncOnline);
  syncOnline();
  const sync = () => {
    const t = titles.find((x) => x.title === title.value);
    players.min = t.min_players;
    players.max = t.max_players;
    if (Number(players.value) < t.min_players || Number(players.value) > t.max_players) players.value = Math.min(Math.max(3, t.min_players), t.max_players);
    botCount.max = Number(players.value) - 1;
    if (optCtl) optCtl.detach();
    optCtl = optionControls(opts, t, players, 'create');
    syncNames();
  };
  title.addEventListener('change', sync);
  players.addEventListener('change', () => { botCount.max = Number(players.value) - 1; syncNames(); });
  botCount.addEventListener('change', syncNames);
  sync();
  return h('form', { class: 'card create', onsubmit: async (ev) => {
    ev.preventDefault();
    msg.textContent = '';
    const options = optCtl.values();
    try {
      // the last seats are the computer's
      const n = Number(players.value);
      const bots = {};
      for (let i = n - Math.min(Number(botCount.value) || 0, n - 1); i < n; i++) bots[String(i)] = botKind.value;
      const spec = { title: title.value, options, players: n, hotseat: hotseat.checked, bots, name: name.value, description: desc.value };
      if (hotseat.checked) spec.names = [...names.querySelectorAll('input')].map((i) => i.value.trim());
      if (!hotseat.checked) {
        Object.assign(spec, { min_players: Number(minPlayers.value) || 0, live: live.value === 'live', invite_only: inviteOnly.checked,
          silence_hours: live.value === 'live' ? 0 : Number(silence.value) || 0, start_when_full: whenFull.checked, clock: clockChoice.value, hints: hints.checked });
      }
      const { id, invite } = await api.create(spec);
      // every seat of a hotseat game is filled: it starts at once
      if (hotseat.checked) await api.start(id);
      if (invite) {
        showInvite(id, invite);
        if (onCreated) await onCreated();
        return;
      }
      location.href = `/?game=${id}`;
    } catch (e) { msg.textContent = e.message; }
  } },
  h('h2', {}, 'New game'),
  h('label', { for: 'create-name' }, 'Table name'), name,
  h('label', { for: 'create-description' }, 'Description'), desc,
  h('label', { for: 'create-title' }, 'Game'), title,
  h('label', { for: 'create-players' }, 'Players'), players,
  h('label', { class: 'option' }, hotseat, ' Hotseat (all seats played from this browser)'),
  h('label', { for: 'create-bots' }, 'Computer players (the last seats)'), botCount,
  h('label', { for: 'create-bot-kind' }, 'Computer strength'), botKind,
  names,
  online,
  opts,
  h('button', { type: 'submit', id: 'create' }, 'Create game'));
}

function importForm(msg) {
  const file = h('input', { type: 'file', id: 'import-file', accept: '.json,application/json' });
  return h('form', { class: 'card', onsubmit: async (ev) => {
    ev.preventDefault();
    msg.textContent = '';
    if (!file.files.length) { msg.textContent = 'Choose an 18xx.games JSON file first.'; return; }
    try {
      const { id } = await api.importGame(await file.files[0].text());
      location.href = `/?game=${id}`;
    } catch (e) { msg.textContent = e.message; }
  } },
  h('h2', {}, 'Import an 18xx.games game'),
  h('label', { for: 'import-file' }, 'Game export (JSON)'), file,
  h('button', { type: 'submit', id: 'import' }, 'Import'));
}

// showInvite shows the link of a new invite-only game (shown once: the
// server keeps only a hash of it).
function showInvite(id, invite) {
  showLink('Your table is invite only',
    'Send this link to the players you want. Anyone with it can see the table and take a seat. It is shown only now: copy it before you leave this page.',
    `${location.origin}/?game=${id}&invite=${encodeURIComponent(invite)}`, `/?game=${id}`);
}

// showLink shows a link to pass on, shown once, above the page.
function showLink(title, text, link, next) {
  const box = h('input', { id: 'invite-link', readonly: true, value: link });
  const dlg = h('div', { class: 'card invite-box', role: 'dialog', 'aria-label': title },
    h('h2', {}, title),
    h('p', {}, text),
    box,
    h('div', { class: 'row' },
      h('button', { type: 'button', onclick: async () => { box.select(); try { await navigator.clipboard.writeText(link); } catch { /* selected: copy by hand */ } } }, 'Copy link'),
      h('a', { class: 'button', href: next }, 'Go to the table')));
  document.getElementById('app').prepend(dlg);
  box.focus();
  box.select();
}

/** renderInvite shows an invite-only table reached through its link. */
export async function renderInvite(el, id, invite, me) {
  document.title = 'Invitation – Tresham';
  if (!me) {
    clear(el, h('p', { class: 'card' }, 'You have been invited to a table. Sign in or sign up, then open the link again.'), authForm());
    return;
  }
  const msg = h('p', { class: 'error', role: 'alert' });
  let g;
  try { g = await api.invited(id, invite); } catch (e) {
    clear(el, h('p', { class: 'error', role: 'alert' }, 'This invitation does not work: the link is wrong or the table is gone.'));
    return;
  }
  const done = async () => {
    const now = await api.view(id);
    if ((now.you || []).length) location.href = `/?game=${id}`;
  };
  clear(el, msg, h('section', { class: 'games card invited' }, h('h2', {}, 'You are invited'),
    h('ul', {}, gameItem(g, me, msg, done, invite))));
}

/** renderSubstitute lets the bearer of a substitute link take over a seat. */
export async function renderSubstitute(el, id, seat, token, me) {
  document.title = 'Take over a seat – Tresham';
  if (!me) {
    clear(el, h('p', { class: 'card' }, 'You have been asked to take over a seat in a game. Sign in or sign up, then open the link again.'), authForm());
    return;
  }
  const msg = h('p', { class: 'error', role: 'alert' });
  clear(el, h('section', { class: 'card substitute' },
    h('h2', {}, 'Take over a seat'),
    h('p', {}, `The other players of game #${id} ask you to take over seat ${Number(seat) + 1}: its player stopped playing. You continue from where the game stands.`),
    h('button', { id: 'take-over', onclick: async () => {
      msg.textContent = '';
      try {
        await api.substitute(id, Number(seat), token);
        location.href = `/?game=${id}`;
      } catch (e) { msg.textContent = e.status === 404 ? 'This link does not work: it is wrong or already used.' : e.message; }
    } }, 'Take over the seat'), msg));
}
