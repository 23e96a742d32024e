// The game page: map, action panel, charters, players, market, log,
// history and live updates.
import { api } from './api.js';
import { h, clear, money } from './dom.js';
import { mountMap, hexChunks } from './mapview.js';
import { showBoardText } from './boardtext.js';
import { renderPanel, companyRow, companyName, trainName } from './panel.js';
import { loadEngine, engineWaiting, whenEngineBuilt } from './engine.js';
import { openSandbox } from './localstore.js';
import { chatCard, endGameBar } from './talk.js';
import { clockBanner, clockText, tickClocks } from './clockview.js';
import { notifyButton, turnChanged } from './notify.js';
import { tileManifestCard, markTileHexes } from './tiles.js';
import { endConditions, endCharts, rulesOfNote } from './gameinfo.js';
import { installHotkeys, toggleHelp } from './hotkeys.js';
import { signInLink } from './lobby.js';
import { seekRound, logAction } from './historynav.js';
import { coachCard } from './coach.js';
import { reviewCard, reviewMarks, markLine } from './review.js';
import { programsCard } from './programs.js';
import { notesCard } from './notes.js';
import { entityCards, paintCorpChips } from './entities.js';
import { roundsToCome } from './timeline.js';
import { showMapDisplay } from './mapdisplay.js';
import { rememberFocus, restoreFocus, liveMoves, trackOwnMoves } from './keyboard.js';
import { message, t } from './i18n.js';

// coachButton is the coach's Hint button in the toolbar; coachBox is where
// its answer shows, at the head of the action panel (kept while the page
// shows the same position).
function coachBox(page) {
  const at = page.at === null ? `live ${page.view.actions}` : page.at;
  // the same box from one position to the next, emptied (a step leaves it alone)
  if (!page.coach || page.coach.at !== at) page.coach = { at, ...coachCard(page.view, page.at, page.map && page.map.rules, page.coach && page.coach.out) };
  return page.coach.box;
}
// The button asks the coach of the position shown when clicked: a header
// kept from one position to the next (draw) keeps a button that still asks
// for the right one.
function coachButton(page) {
  coachBox(page);
  return h('button', { type: 'button', id: 'hint', onclick: () => coachBox(page) && page.coach.ask() }, 'Hint');
}

/** renderGame draws game id into el; at is the history position or null. */
export async function renderGame(el, id, me, at) {
  const page = {
    el, id, me, at, view: null, map: null, total: 0, mapUI: null, error: '', routes: null, sel: {},
    local: null, // the game in the in-browser engine, in step with the server
    confirmed: 0, // the most moves the server has reported (its log only grows)
    engineNote: 'server',
  };
  let engine = loadEngine();
  let eng0 = null; // the engine, once loaded (for its manifest)
  // attach notes the engine once loaded; a server still preparing its
  // module is said so on the page, which switches to the module (and
  // loads the game into it) when it is there
  const attach = () => engine.then((e) => {
    eng0 = e;
    page.moduleName = e ? e.manifest.wasm : '';
    if (!e && engineWaiting()) {
      page.engineNote = 'server, until the in-browser engine is ready (this server is preparing it)';
      whenEngineBuilt(() => {
        if (!page.el.isConnected) return;
        page.engineNote = 'server';
        engine = loadEngine();
        attach().then(() => { if (page.el.isConnected) page.reload(); });
      });
    }
  });
  attach();
  // sync brings the local game in step with the server's view v (at the
  // history position n) and compares state hashes; on a mismatch it
  // reports it, drops the local game and answers false.
  const sync = async (v) => {
    const eng = await engine;
    if (!eng) return false;
    try {
      // the players are part of the game: a start (which seats the
      // players) or a change of seats builds the local game again
      const sig = headerSig(v);
      if (!page.local || page.local.actions !== v.actions || page.localSig !== sig) {
        if (page.local) page.local.close();
        page.local = null;
        const exp = await api.exportGame(id);
        if (page.local) page.local.close(); // another sync loaded one meanwhile
        // under the rules the server plays it by (an old import's day; a
        // game made here, today's): one replay, no trials
        page.local = eng.load(JSON.stringify(exp), v.rules_of || 'today');
        page.localSig = sig;
      }
      if (page.local.actions !== v.actions) return false; // moved on meanwhile: next time
      const n = v.at ?? v.actions;
      const mine = page.local.hash(n);
      if (v.hash && mine !== v.hash) {
        api.mismatch(id, { actions: n, hash: mine, server_hash: v.hash, module: eng.manifest.wasm }).catch(() => {});
        page.local.close();
        page.local = null;
        page.engineNote = 'server (the in-browser engine disagreed and was switched off)';
        return false;
      }
      page.engineNote = 'in the browser';
      return true;
    } catch (e) {
      console.warn('in-browser engine:', e);
      page.local = null;
      return false;
    }
  };
  // localView is the view at history position at from the local game.
  const localView = (at) => {
    const lv = page.local.view(at, page.view.you || []);
    return { ...page.view, ...lv, actions: page.total, at, legal: {}, can_undo: false, can_redo: false };
  };
  page.reload = async () => {
    try {
      if (page.at !== null && page.local && page.view) {
        const t0 = performance.now();
        page.view = localView(page.at);
        page.map = page.local.map(page.at);
        const t1 = performance.now();
        draw(el, page);
        // how long the step took in the engine and in drawing (read by e2e/wasm.test.js)
        const bar = el.querySelector('#history-pos');
        if (bar) Object.assign(bar.dataset, { engineMs: (t1 - t0).toFixed(1), drawMs: (performance.now() - t1).toFixed(1) });
        prepareBack(page.local, page.at, page.view.you || []);
        return;
      } else {
        const view = await api.view(id, page.at);
        // The server's log only grows: an answer with fewer moves than the
        // server has already reported was overtaken by moves pushed while
        // it travelled (a bot's answer); drawn, it would step the page back
        // and leave it there. Ask again.
        if (view.actions < (page.confirmed || 0)) return page.reload();
        page.confirmed = view.actions;
        page.view = view;
        page.total = view.actions;
        if (await sync(view)) {
          if (page.at === null) localLegal(page, id, eng0);
          page.map = page.local.map(page.at);
        } else {
          page.map = await api.map(id, page.at);
        }
      }
    } catch (e) {
      page.error = e.message;
    }
    draw(el, page);
    warmLive(page);
  };
  // act plays a move. With the in-browser engine in step, the page plays
  // it there first and shows the result at once, then sends it; the server
  // (the authority) answers its state hash, which must be the page's: on a
  // mismatch the page reports it and reloads from the server, on a refusal
  // it shows the server's reason and reloads too. Without the engine (or
  // when it refuses a move) the server's answer is the view shown.
  page.act = async (action) => {
    while (page.pending) await page.pending; // one move at a time, in order
    page.error = '';
    page.errorType = action.type; // the refused action's type, for the rules link
    const seq = page.view.actions;
    const local = page.local;
    if (local && local.actions === seq && action.type !== 'message' && page.at === null) {
      let mine = null;
      try {
        local.propose(action);
        mine = local.view(null, page.view.you || []);
      } catch (e) {
        if (local.actions !== seq) { local.close(); page.local = null; } // half applied: start again from the server
      }
      if (mine) {
        const done = actAhead(page, seq, action, mine);
        page.pending = done;
        try { await done; } finally { page.pending = null; }
        return;
      }
    }
    try {
      const view = await api.act(id, seq, action);
      afterMove(page);
      if (view.actions < (page.confirmed || 0)) { await page.reload(); return; } // overtaken by pushed moves
      page.confirmed = view.actions;
      // the server accepted it: play it locally too, then compare hashes
      if (page.local && page.local.actions === seq && view.actions === seq + 1) {
        try { page.local.propose(action); } catch (e) { console.warn('local engine refused an accepted move:', e); }
      }
      page.view = view;
      page.total = view.actions;
      if (await sync(view)) {
        localLegal(page, id, eng0);
        page.map = page.local.map(null);
      } else {
        page.map = await api.map(id, null);
      }
      draw(el, page);
      warmLive(page);
      return;
    } catch (e) {
      page.error = e.message;
    }
    await page.reload();
  };
  // actAhead shows the move mine (the local game's view after it) at once,
  // sends it and checks the server's state hash against it.
  const actAhead = async (page, seq, action, mine) => {
    const local = page.local;
    const before = page.view;
    afterMove(page);
    page.view = { ...before, ...mine, at: undefined, can_undo: false, can_redo: false, end_proposal: undefined };
    page.total = mine.actions;
    page.map = local.map(null);
    page.engineNote = 'in the browser';
    draw(el, page);
    const drawnView = page.view;
    let reply;
    try {
      // sent once the frame that shows the move is painted: starting the
      // request is no longer part of the click's task (at the latest
      // after 100 ms: a hidden page paints no frame)
      await new Promise((r) => { requestAnimationFrame(() => setTimeout(r, 0)); setTimeout(r, 100); });
      reply = await api.actHash(id, seq, action);
    } catch (e) {
      // refused (or the game moved on): the server's game is the one to show
      page.error = e.message;
      if (page.local === local) { local.close(); page.local = null; }
      await page.reload();
      return;
    }
    if (page.local !== local) return; // reloaded meanwhile
    if (reply.actions !== seq + 1 || reply.hash !== mine.hash) {
      if (reply.actions === seq + 1) {
        api.mismatch(id, { actions: reply.actions, hash: mine.hash, server_hash: reply.hash || '', module: eng0 ? eng0.manifest.wasm : '' }).catch(() => {});
        page.engineNote = 'server (the in-browser engine disagreed and was reloaded from the server)';
      }
      local.close();
      page.local = null;
      await page.reload();
      return;
    }
    if (local.actions !== seq + 1) {
      // moves pushed meanwhile (a bot answering) were applied and drawn
      // before this answer: take the game from the server
      await page.reload();
      return;
    }
    page.total = reply.actions;
    page.confirmed = Math.max(page.confirmed || 0, reply.actions);
    if (page.at !== null) return; // the player went into history meanwhile; the live game is drawn on return
    // the server agrees: take what only it knows (undo, clocks, end votes,
    // its legal list as a cross-check) and keep the page's state and log
    const shown = page.view;
    const source = page.legalSource;
    page.view = { ...reply, state: mine.state, log: mine.log, log_messages: mine.log_messages, chat: before.chat, hash: mine.hash, programs: mine.programs, clocks: reply.clocks || before.clocks };
    localLegal(page, id, eng0, mine.legal);
    // the page shows this position already: draw again only what the
    // server's answer changed (most often only the Undo button)
    const changed = page.legalSource === source && shown === drawnView ? changedKeys(shown, page.view) : null;
    if (changed && changed.every((k) => k === 'can_undo' || k === 'can_redo')) {
      if (changed.length) page.rerenderPanel();
      else page.drawn = { actions: page.view.actions, at: page.at };
    } else {
      draw(el, page);
    }
    warmLive(page);
  };
  page.seek = async (n) => {
    page.at = n === null || n >= page.total ? null : Math.max(0, n);
    const u = new URL(location.href);
    if (page.at === null) u.searchParams.delete('action'); else u.searchParams.set('action', String(page.at));
    // the address follows after the step is drawn (it is not part of it)
    const shown = page.at;
    requestAnimationFrame(() => setTimeout(() => { if (page.at === shown) window.history.replaceState(null, '', u); }, 0));
    page.sel = {};
    page.routes = null;
    page.edit = null;
    page.shownRoutes = null;
    await page.reload();
  };
  // svc answers previews, best runs and run checks from the local game
  // when there is one, else from the server; source says which.
  page.svc = {
    source: () => (page.local ? 'browser' : 'server'),
    tile: async (hex, tile, rot) => (page.local ? page.local.tile(hex, tile, rot) : api.tile(id, hex, tile, rot)),
    routes: async (ent) => (page.local ? page.local.routes(ent) : api.routes(id, ent)),
    check: async (ent, routes) => (page.local ? page.local.check(ent, routes) : api.checkRoutes(id, ent, routes)),
  };
  await page.reload();
  // A hotseat game has every seat filled by its owner (or bots): start it
  // at once rather than wait for a click.
  if (page.view && page.view.hotseat && canStart(page.view, me)) {
    try { await api.start(id); } catch (e) { page.error = e.message; }
    await page.reload();
  }
  live(page);
}

// prepareBack readies, once the step just shown is painted, the next step
// back or forward in history: the in-browser engine computes both
// neighbours' views and maps (a step back replays a few actions from a
// spare game, not the whole game), so the step itself only draws.
export function prepareBack(local, at, seats) {
  // a map drawn between steps is also cut into its hexes then
  local.prepMap ||= (m) => { if (m && typeof m.svg === 'string') m.chunks = hexChunks(m.svg); };
  const run = local.warmSteps(at, seats);
  const token = (local.warming = {});
  const next = () => {
    if (local.warming !== token || !run.length) return; // a newer step took over
    try { run.shift()(); } catch (e) { console.warn('in-browser engine:', e); return; }
    setTimeout(next, 0);
  };
  // after the frame that shows the step: a task queued now could run
  // before it and hold the paint back
  requestAnimationFrame(() => setTimeout(next, 0));
}

// afterMove clears what the page chose for the move just played.
function afterMove(page) {
  page.sel = {};
  page.routes = null;
  page.edit = null;
  page.shownRoutes = null;
  // back to the view the player had before the map zoomed to a hex
  if (page.zoomedFrom) { page.mapKeep = { vb: page.zoomedFrom }; page.zoomedFrom = null; }
}

// warmLive readies, on the live game, the first step back in history.
function warmLive(page) {
  if (page.local && page.at === null) prepareBack(page.local, page.local.actions, (page.view && page.view.you) || []);
}

// localLegal takes the live view's legal choices from the in-browser
// engine (the page's own list; the server still checks every move). The
// server's list, still in its answer, is kept as a cross-check: when the
// two differ the page reports it like a state mismatch and shows the
// server's.
function localLegal(page, id, eng, known) {
  const v = page.view;
  if (!page.local || v.status !== 'active') return;
  // moves pushed meanwhile (a bot answering) took the local game past the
  // server's answer: the two lists are of different positions
  if (page.local.actions !== v.actions) { page.legalSource = 'server'; return; }
  try {
    const mine = known || page.local.view(null, v.you || []).legal;
    const want = v.legal || {};
    if (JSON.stringify(mine) !== JSON.stringify(want)) {
      api.mismatch(id, { actions: v.actions, hash: 'legal', server_hash: v.hash, module: eng ? eng.manifest.wasm : '' }).catch(() => {});
      page.legalSource = 'server';
      return;
    }
    page.view = { ...v, legal: mine };
    page.legalSource = 'browser';
  } catch (e) {
    console.warn('in-browser engine:', e);
    page.legalSource = 'server';
  }
}

// changedKeys lists the keys whose values differ between views a and b,
// but for the state, the log and the chat (the caller's are the same) and
// the time of the last change (not shown).
function changedKeys(a, b) {
  const out = [];
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (k === 'state' || k === 'log' || k === 'log_messages' || k === 'chat' || k === 'updated_at') continue;
    if (a[k] !== b[k] && JSON.stringify(a[k]) !== JSON.stringify(b[k])) out.push(k);
  }
  return out;
}

// followPush follows a move pushed over the WebSocket, just appended to the
// local game, with no request: the server's state hash after it (in the
// message) must equal the local game's. Moves arriving together are drawn
// once. It answers false when the page must ask the server instead: no
// hash (chat, undo and redo, moves read back from the store), or a move
// that ends the game (the final scores and clocks are the server's).
function followPush(page, m) {
  if (!m.hash || m.by === undefined || !page.view) return false;
  const me = page.me ? page.me.id : 0;
  const p = (page.push ||= { canUndo: !!page.view.can_undo, local: page.local });
  if (p.local !== page.local) return false;
  // undo as the server offers it: a move of mine leaves mine to undo, a
  // bot seat's move leaves the one before it open, anyone else's ends it
  p.canUndo = m.by === me && me !== 0 ? true : m.bot_move ? p.canUndo : false;
  p.hash = m.hash;
  if (m.clocks) p.clocks = m.clocks;
  if (!p.queued) {
    p.queued = true;
    setTimeout(() => drawPushed(page, p), 0);
  }
  return true;
}

// drawPushed checks and draws the moves followPush queued.
function drawPushed(page, p) {
  if (page.push !== p) return; // a reload took over
  page.push = null;
  const local = page.local;
  if (local !== p.local) return;
  const report = (mine) => {
    api.mismatch(page.id, { actions: local.actions, hash: mine, server_hash: p.hash, module: page.moduleName || '' }).catch(() => {});
    page.engineNote = 'server (the in-browser engine disagreed and was reloaded from the server)';
    local.close();
    page.local = null;
    page.reload();
  };
  try {
    if (page.at !== null) {
      // in history: check the live game now, draw it on return
      const mine = local.hash(null);
      if (mine !== p.hash) report(mine);
      else drawHistory(page);
      return;
    }
    const v = page.view;
    const mine = local.view(null, v.you || []);
    if (mine.hash !== p.hash) { report(mine.hash); return; }
    if (mine.finished) { page.reload(); return; }
    page.view = { ...v, ...mine, at: undefined, can_undo: p.canUndo, can_redo: false, end_proposal: undefined, clocks: p.clocks || v.clocks };
    page.total = mine.actions;
    page.legalSource = 'browser';
    page.engineNote = 'in the browser';
    page.map = local.map(null);
  } catch (e) {
    console.warn('in-browser engine:', e);
    page.reload();
    return;
  }
  draw(page.el, page);
  warmLive(page);
}

// headerSig is what of a game's header the local game is built from: its
// seats (player ids and names, which the state holds), options and
// whether it has started (a start seats the players).
function headerSig(v) {
  return JSON.stringify([v.status === 'new', v.title, v.options || [], (v.seats || []).map((s) => [s.player_id, s.name])]);
}

function live(page) {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  let ws;
  const connect = () => {
    // from: what the page has, so moves made while connecting are not missed
    const from = page.total || page.view?.actions || 0;
    // with the engine in the page: ask for the state hash after each move (followPush)
    ws = new WebSocket(`${proto}//${location.host}/api/games/${page.id}/ws?from=${from}${page.moduleName ? '&hash=1' : ''}`);
    ws.onmessage = (ev) => {
      let m = {};
      try { m = JSON.parse(ev.data); } catch { return; }
      let appended = false;
      if (m.action !== undefined && page.local && m.seq === page.local.actions) {
        try { page.local.append(m.seq, m.action); appended = true; } catch (e) { console.warn('local engine:', e); }
      }
      if (m.actions !== undefined) {
        page.total = m.actions;
        page.confirmed = Math.max(page.confirmed || 0, m.actions);
      }
      if (appended && followPush(page, m)) return;
      page.push = null; // the server's view follows: it supersedes moves waiting to be drawn
      if (page.at === null && (m.actions === undefined || m.actions !== page.view?.actions || m.type === 'update')) page.reload();
      else if (page.at !== null) drawHistory(page);
    };
    ws.onclose = () => setTimeout(connect, 3000);
  };
  connect();
}

function nameOf(state, id) {
  const p = (state.players || []).find((x) => String(x.id) === String(id));
  return p ? p.name : String(id);
}

/**
 * draw renders the game page of page (a server game, or a hotseat game
 * kept in the browser: page.headLinks then gives its own header links).
 */
export function draw(el, page) {
  const v = page.view;
  if (!v) {
    clear(el, h('p', { class: 'error', role: 'alert' }, page.error || 'Could not load the game.'));
    return;
  }
  const st = v.state || {};
  const focused = rememberFocus(page); // put back after the redraw (keyboard.js)
  // a focused control of the action panel goes with the panel, which is
  // drawn afresh: let go of it now, before the page changes (taken out
  // focused, it would force a style and layout pass mid-drawing)
  if (focused && focused.inPanel && page.dom) focused.el.blur();
  const mine = page.at === null && Object.keys(v.legal || {}).length > 0;
  document.title = (mine ? '● Your turn — ' : '') + `${v.title} #${v.id} — Tresham`;
  if (page.at === null) {
    const myClock = v.clocks && (v.you || []).map((id) => v.clocks.left_s[String(id)]).find((x) => x !== undefined);
    turnChanged(mine, `Your turn in ${v.title} #${v.id}`, myClock !== undefined && myClock !== null ? `${clockText(myClock)} left on your clock.` : 'The others are waiting for you.');
  }
  const keep = page.mapKeep;
  page.mapKeep = null;
  // the operating company: a button on the map zooms to its stations
  page.focusCorp = (v.acting || []).find((e) => (st.corporations || []).some((c) => c.sym === e));
  // the companies whose last run the map can show: those that have operated
  page.runCompanies = (st.corporations || []).filter((c) => c.operated || (c.floated && !c.closed)).map((c) => c.sym);
  const acting = (v.acting || []).map((e) => nameOf(st, e)).join(', ');
  const banner = v.finished
    ? h('div', { class: 'banner done', id: 'turn' }, 'Game over')
    : mine
      ? h('div', { class: 'banner yours', id: 'turn', role: 'status' }, 'Your turn: ', Object.keys(v.legal).map((e) => nameOf(st, e)).join(', '))
      : h('div', { class: 'banner', id: 'turn', role: 'status' }, page.at !== null ? `Viewing history at action ${page.at}`
        : v.status === 'new' ? (v.hotseat ? 'Starting the game…' : 'Waiting for players to take their seats') : `Waiting for ${acting || '…'}`);
  // a visitor signed out watches: say how to take part
  const watcher = !page.me && !page.headLinks
    ? h('p', { class: 'card spectator', id: 'spectator' }, 'You are watching this game. ', signInLink('spectator-signin', 'Sign in or sign up'), ' to play, take an open seat or talk at the table.')
    : null;
  let side = h('aside', { class: 'panel', 'aria-label': 'Actions' });
  // the coach's answer heads the action panel: beside the choices, and the map does not move
  const withCoach = () => {
    if (page.headLinks || v.status === 'new') return;
    const box = coachBox(page);
    if (side.firstChild !== box) side.prepend(box); // a kept panel holds it already
  };
  page.rerenderPanel = () => {
    const f = rememberFocus(page);
    renderPanel(side, page);
    side.said = null; // drawn apart from a step: not kept by the next one
    withCoach();
    if (page.afterDraw) page.afterDraw();
    restoreFocus(page, f);
  };
  const head = h('div', { class: 'game-head' },
    h('h1', {}, page.heading || `${v.title} #${v.id}`),
    h('span', { class: 'round', id: 'round', title: roundTitle(st) }, roundLabel(st), ` · phase ${st.phase || '?'}`),
    banner,
    clockBanner(v, h, (id) => nameOf(st, id)),
    v.you && v.you.length && !v.finished && !page.headLinks ? notifyButton() : null,
    canStart(v, page.me) && !v.hotseat ? h('button', { type: 'button', id: 'start-game', onclick: async () => {
      try { await api.start(v.id); } catch (e) { page.error = e.message; }
      await page.reload();
    } }, 'Start the game') : null,
    page.headLinks ? page.headLinks(v) : [
      h('a', { class: 'button', href: `/api/games/${v.id}/export`, download: `tresham-${v.id}.json` }, 'Export'),
      v.status !== 'new' ? h('a', { class: 'button', id: 'open-sheet', href: `/?game=${v.id}&view=sheet${page.at === null ? '' : `&action=${page.at}`}` /* the position shown */ }, 'Spreadsheet') : null,
      v.status !== 'new' ? coachButton(page) : null,
      h('a', { class: 'button', id: 'open-rules', href: `/?help=${encodeURIComponent(v.title)}`, target: '_blank', rel: 'noopener' }, 'Rules'),
      h('a', { class: 'button', href: '/' }, 'Lobby'),
      page.local && !v.finished ? h('button', { type: 'button', id: 'plan', title: 'Try moves for every player on a copy of this game in your browser; nothing is sent',
        onclick: () => openSandbox(page.local, v.id).catch((e) => { page.error = e.message; draw(el, page); }) }, 'Plan ahead') : null],
    // which engine plays the page's moves: said aloud only when the one in
    // the browser was switched off for disagreeing with the server, or
    // while the server is still preparing it
    h('span', { class: /disagreed|preparing/.test(page.engineNote) ? 'muted engine-note' : 'sr', id: 'engine', 'data-engine': page.local ? 'browser' : 'server', 'data-legal': page.legalSource || 'server' }, `engine: ${page.engineNote}`));
  // The parts that depend on the position (the header, the bars, the
  // panel, the scores) are built afresh: their buttons hold the position.
  // The cards are built and kept where unchanged; the log and the market
  // chart are patched; the map redraws only the hexes that changed.
  page.rerenderTop = () => draw(el, page);
  const fixed = [head, watcher, page.headLinks ? null : endGameBar(page), bankHead(st, page.map && page.map.rules), historyBar(page)];
  const d = page.dom;
  const patch = d && d.el === el && d.info.parentNode === el && d.main.parentNode === el;
  const old = patch ? d.cards : [];
  // what each card shows depends on (null: build it every time); a card
  // whose inputs are those of the card shown is not built again
  const map = page.map;
  const names = (st.players || []).map((p) => [p.id, p.name]);
  // (worked out when the cards are drawn: after the frame, on a page already drawn)
  let keys = null;
  const keysNow = () => (keys ||= [
    [st.companies, names, !!map],
    [st.depot, st.bank_cash, st.bank_broken, st.phase], [v.finished, v.title, st.corporations, st.bank_broken, st.bank_cash, st.phase, !!map],
    [map && map.rules ? map.rules.phase_index : null, map && map.rules ? map.rules.set_operating_rounds : null, st.round, st.turn, st.round_num, st.finished, st.depot], null, null, null, [v.programs, v.status, v.you, (st.corporations || []).filter((c) => c.ipoed && !c.closed).map((c) => c.sym)], [v.id, v.status, v.you]].map((k) => (k && patch ? JSON.stringify(k) : null)));
  const built = [
    () => companies(st, map), () => bankDepot(st), () => (v.finished ? null : endConditions(v, st, map)),
    () => phaseChart(map, st), () => market(map, st, old[MARKET] /* the market card shown */, priceMoves(page, st)), () => (map ? tileManifestCard(page) : null), () => chatCard(page), () => programsCard(page), () => (page.headLinks ? null /* a hotseat game kept in the browser: no server to keep notes */ : notesCard(page))];
  const same = (i) => keysNow()[i] !== null && d.keys && d.keys[i] === keysNow()[i];
  // on a page already drawn, the cards below the map and the log follow
  // in a task after the frame that shows the move or the step (they are
  // off screen at first): the click paints sooner
  const deferred = patch && page.view === v;
  const cards = deferred ? null : built.map((f, i) => (same(i) ? old[i] : f()));
  // the players' and corporations' cards beside the map
  const rules = map && map.rules;
  paintCorpChips(rules);
  // card by card: a card whose figures are those drawn is kept as it is
  // (entities.js), the sections on the page filled in place
  const ents = entityCards(v, rules, page, patch ? { players: d.players, corps: d.corps } : {});
  if (patch) {
    // the header, the end-game bar and the bank's line are kept where
    // they draw the same (a history step changes the banner's words):
    // their buttons act on the position shown when clicked
    d.fixed = d.fixed.map((o, i) => (i === 0 && fixed[0] ? keepEqualKids : i === 2 || i === 3 ? keepEqual : swap)(o, fixed[i] || document.createComment('')));
    d.scores = swap(d.scores, (v.finished ? scores(v, st, !page.headLinks, page.at === null && !page.headLinks ? [reviewCard(page), endCharts(page)] : null) : null) || document.createComment(''));
    if (!page.map || !page.mapUI || !page.mapUI.update(page.map, keep)) {
      mountMapIn(page, keep || (page.mapUI ? page.mapUI.state() : null));
      d.mapSection.replaceChildren(page.mapUI ? page.mapUI.el : h('p', {}, 'No map.'));
    }
    // in history the panel's buttons read the position when clicked: the
    // panel is kept when it says the same
    renderPanel(side, page);
    const said = page.at !== null ? side.innerHTML : null;
    if (said !== null && d.side.said === said) side = d.side;
    else {
      side.said = said;
      d.side = swap(d.side, side);
    }
    d.players = swap(d.players, ents.players);
    d.corps = swap(d.corps, ents.corps);
    d.bankAside = swap(d.bankAside, ents.bankAside || (d.bankAside.nodeType === Node.COMMENT_NODE ? d.bankAside : document.createComment('')));
    const token = (d.infoDraw = {});
    const info = () => {
      // a newer drawing took over, or the page went elsewhere
      if (d.infoDraw !== token || page.dom !== d || page.view !== v) return;
      d.infoDraw = null;
      const now = built.map((f, i) => (same(i) ? old[i] : f()));
      d.cards = now.map((c, i) => keepEqual(d.cards[i], c || document.createComment('')));
      d.keys = keysNow();
      patchLog(d.log, v, page);
      markTileHexes(page);
    };
    if (deferred) requestAnimationFrame(() => setTimeout(info, 0)); else info();
  } else {
    mountMapIn(page, keep || (page.mapUI ? page.mapUI.state() : null));
    const mapSection = h('section', { class: 'map-section', 'aria-label': 'Map' }, page.mapUI ? page.mapUI.el : h('p', {}, 'No map.'));
    // the map and the panel together: on a phone the map stays in view over
    // the choices only (sticky within this box), not over the cards below
    const placed = cards.map((c) => c || document.createComment(''));
    // the stock market beside the cards (issue 40): under the map where it
    // is one long row (1860), beside it under the panel where it is
    // printed in rows or as a grid (1825); below the cards on narrower screens
    const grid = map && map.rules && map.rules.market_grid;
    const side2 = grid && (grid.rows.length > 1 || (grid.row_ends && grid.row_ends.length));
    // the map's column is as wide as the map's shape asks at the frame's
    // height (cards.css): a tall map leaves no band beside it, the panel
    // takes the rest
    const main = h('div', { class: 'game-main' + (side2 ? ' market-side' : ''), style: page.mapUI ? `--map-ratio: ${page.mapUI.ratio.toFixed(3)}` : null }, ents.players, ents.corps, h('div', { class: 'play' }, mapSection, side),
      h('div', { class: 'market-slot' }, ents.bankAside || document.createComment(''), placed[MARKET]));
    const log = gameLog(v, page);
    const info = h('div', { class: 'info' }, placed.filter((_, i) => i !== MARKET), log);
    const sc = (v.finished ? scores(v, st, !page.headLinks, page.at === null && !page.headLinks ? [reviewCard(page), endCharts(page)] : null) : null) || document.createComment('');
    const top = fixed.map((x) => x || document.createComment(''));
    // a finished game's final scores come first, above the table
    clear(el, h('div', { class: 'game-top' }, top), sc, main, info);
    page.dom = { el, fixed: top, main, mapSection, side, scores: sc, info, cards: placed, log, players: ents.players, corps: ents.corps, bankAside: main.querySelector('.market-slot').firstChild };
  }
  if (!patch) renderPanel(side, page);
  withCoach();
  installHotkeys(page);
  if (page.afterDraw) page.afterDraw();
  // in history the run's caption keeps its place from step to step
  if (page.mapUI && page.mapUI.holdCaption) page.mapUI.holdCaption(page.at !== null);
  placeMap(page);
  markTileHexes(page);
  markSurveyors(page, st);
  showBoardText(page.dom && page.dom.mapSection, page.map);
  showMapDisplay(page.dom && page.dom.mapSection);
  if (v.clocks) tickClocks();
  restoreFocus(page, focused);
  liveMoves(page);
  trackOwnMoves(page);
}

// placeMap tells the style sheet where the map's section starts on the
// page (--map-top, read before the next paint and on a resize): at 1280 px
// and more the map's frame then ends above the screen's foot (cards.css).
function placeMap(page) {
  if (!page.placeMapOnResize) {
    page.placeMapOnResize = () => placeMap(page);
    window.addEventListener('resize', page.placeMapOnResize);
  }
  requestAnimationFrame(() => {
    const d = page.dom;
    if (!d || !d.main || !d.main.isConnected) return;
    const top = `${Math.round(d.mapSection.getBoundingClientRect().top + window.scrollY)}px`;
    // set where it is read (cards.css: not inherited)
    for (const el of [d.main, d.mapSection.querySelector('.map-frame')]) if (el && el.style.getPropertyValue('--map-top') !== top) el.style.setProperty('--map-top', top);
  });
}

// markSurveyors labels the hex of each company's Surveyor (1825 rule 6.6,
// the state's flags.surveyors) on the map.
function markSurveyors(page, st) {
  if (!page.mapUI) return;
  const sv = (st.flags && st.flags.surveyors) || {};
  page.mapUI.markers(Object.entries(sv).flatMap(([sym, hexes]) => (hexes || []).map((hex) => ({ hex, text: `${sym} surveyor`, title: `${sym}'s Surveyor is on ${hex} (rule 6.6)` }))));
}

// mountMapIn mounts page.map afresh (keep: the view to keep).
function mountMapIn(page, keep) {
  page.mapUI = page.map ? mountMap(page.map, {
    keep,
    onHex: (hex) => page.onHex && page.onHex(hex),
    onCity: (city) => page.onCity && page.onCity(city),
    onStop: (node) => page.onStop && page.onStop(node),
    focus: () => page.focusCorp,
    runCompanies: () => page.runCompanies || [],
    onShowRun: async (sym) => (page.local ? page.local.lastRun(page.at, sym) : api.lastRun(page.id, page.at, sym)),
  }) : null;
}

// swap puts node nu in old's place and answers it.
function swap(old, nu) {
  if (old !== nu) old.replaceWith(nu);
  return nu;
}

// keepEqual keeps old where nu would draw the same (its handlers then do
// the same too: a card's handlers depend only on what it shows), else
// puts nu in its place; it answers the node shown.
function keepEqual(old, nu) {
  if (old === nu || old.isEqualNode(nu)) return old;
  old.replaceWith(nu);
  return nu;
}

// keepEqualKids keeps old where its own attributes are those of nu, and
// of its children those that nu's would draw the same (keepEqual, child by
// child, in order); nu's other children take their places. A node whose
// own attributes differ is replaced whole. It answers the node shown.
function keepEqualKids(old, nu) {
  if (old === nu) return old;
  if (!old.cloneNode(false).isEqualNode(nu.cloneNode(false))) {
    old.replaceWith(nu);
    return nu;
  }
  let cur = old.firstChild;
  for (const n of [...nu.childNodes]) {
    if (cur && cur.isEqualNode(n)) { cur = cur.nextSibling; continue; }
    // one child gone (a card folded away): the next one may be n
    if (cur && cur.nextSibling && cur.nextSibling.isEqualNode(n)) {
      const gone = cur;
      cur = cur.nextSibling.nextSibling;
      gone.remove();
      continue;
    }
    if (cur) {
      const next = cur.nextSibling;
      cur.replaceWith(n);
      cur = next;
    } else {
      old.append(n);
    }
  }
  while (cur) {
    const next = cur.nextSibling;
    cur.remove();
    cur = next;
  }
  return old;
}

// roundLabel is the round as players call it: the opening auction, SR n
// (the n-th stock round) or OR n.m (the m-th operating round after SR n);
// the view's turn is the set number and round_num the operating round in it.
export function roundLabel(st) {
  switch (st.round) {
    case 'Auction': return 'Opening auction';
    case 'Stock': return `SR ${st.turn ?? '?'}`;
    case 'Operating': return `OR ${st.turn ?? '?'}.${st.round_num ?? '?'}`;
    default: return `${st.round || ''} ${st.round_num || ''}`.trim();
  }
}

function roundTitle(st) {
  switch (st.round) {
    case 'Stock': return `Stock round ${st.turn}`;
    case 'Operating': return `Operating round ${st.round_num} of set ${st.turn}`;
    default: return '';
  }
}

// canStart reports whether me may start v now (owner, every seat filled,
// not yet started).
function canStart(v, me) {
  if (!me || String(v.owner) !== String(me.id) || v.finished) return false;
  if (v.status !== 'new') return false;
  return v.hotseat || (v.seats || []).every((s) => s.user_id || s.bot);
}

// historyBar is the history bar, made once and then brought up to date in
// place: a step keeps its buttons (and the focus on the one clicked; a
// focus put back after a redraw would force a layout pass), each reading
// the position shown when clicked.
function historyBar(page) {
  const total = page.total;
  const cur = page.at === null ? total : page.at;
  const text = page.at === null ? `action ${total} (live)` : `action ${page.at} of ${total}`;
  const parts = page.historyParts;
  if (parts) {
    const { wrap, slider, label } = parts;
    if (slider.max !== String(total)) slider.max = total;
    if (slider.value !== String(cur)) slider.value = cur;
    if (label.textContent !== text) label.textContent = text;
    wrap.removeAttribute('aria-busy'); // a round step is drawn
    return wrap;
  }
  const shown = () => (page.at === null ? page.total : page.at);
  const slider = h('input', {
    type: 'range', id: 'history', min: 0, max: total, value: cur, 'aria-label': 'History position',
    onchange: (ev) => page.seek(Number(ev.target.value)),
  });
  const label = h('span', { id: 'history-pos' }, text);
  const wrap = h('div', { class: 'history', id: 'history-bar' },
    h('button', { type: 'button', 'aria-label': 'First action', title: 'The start of the game (Home)', onclick: () => page.seek(0) }, 'First'),
    h('button', { type: 'button', id: 'history-round-back', 'aria-label': 'Back one round', title: 'Back to the start of this round; again: the round before (Shift+←)', onclick: () => roundStep(page, -1) }, '◀◀ Round'),
    h('button', { type: 'button', id: 'history-back', 'aria-label': 'Back one action', title: 'Back one action (←)', onclick: () => page.seek(shown() - 1) }, '◀'),
    slider,
    h('button', { type: 'button', id: 'history-forward', 'aria-label': 'Forward one action', title: 'Forward one action (→)', onclick: () => page.seek(shown() + 1) }, '▶'),
    h('button', { type: 'button', id: 'history-round-forward', 'aria-label': 'Forward one round', title: 'To the start of the next round (Shift+→)', onclick: () => roundStep(page, 1) }, 'Round ▶▶'),
    h('button', { type: 'button', id: 'history-live', title: 'The game as it stands now (End)', onclick: () => page.seek(null) }, 'Live'),
    label,
    h('button', { type: 'button', class: 'small', id: 'hotkeys-open', title: 'Keyboard shortcuts (?)', onclick: toggleHelp }, 'Keys ?'));
  page.historyEl = wrap;
  page.historyParts = { wrap, slider, label };
  return wrap;
}

// roundStep moves a round back or forward, showing the search as busy.
async function roundStep(page, dir) {
  if (page.historyEl) page.historyEl.setAttribute('aria-busy', 'true');
  try { await seekRound(page, dir); } catch (e) { page.error = e.message; await page.reload(); }
}

function drawHistory(page) {
  if (page.historyEl) historyBar(page);
}

// endReasons says in words why a game ended (the engine's reasons).
const endReasons = {
  bank: 'The bank broke.',
  stock_market: 'A company reached the end of the stock market.',
  nationalization: 'Nationalisation ended the game.',
  manually_ended: 'The players agreed to end the game.',
  bankruptcy: 'A player went bankrupt.',
};

function scores(v, st, sheet, charts) {
  const res = Object.entries(v.result || st.result || {}).sort((a, b) => b[1] - a[1]);
  const player = (pid) => (st.players || []).find((p) => String(p.id) === String(pid)) || {};
  const penalty = (v.clocks && v.clocks.penalty) || {};
  const anyPenalty = Object.keys(penalty).length > 0;
  const reason = endReasons[st.game_end_reason] || (st.game_end_reason ? `Ended: ${st.game_end_reason}.` : '');
  return h('section', { class: 'card final-scores', id: 'final-scores' },
    h('h2', {}, 'Final scores'),
    reason ? h('p', { id: 'end-reason' }, reason) : null,
    rulesOfNote(v),
    h('table', {},
      // the figures' headings sit right-aligned over their right-aligned figures
      h('thead', {}, h('tr', {}, [['', ''], ['Player', ''], ['Cash', 'num'], ['Shares and privates', 'num'], ['Score', 'num'], anyPenalty ? ['Time penalty', 'num'] : null]
        .filter((x) => x !== null).map(([t, c]) => h('th', { class: c || null, scope: 'col' }, t)))),
      h('tbody', {}, res.map(([pid, val], i) => {
        const p = player(pid);
        return h('tr', { 'data-player': pid },
          h('td', {}, i + 1 + '.'), h('td', {}, nameOf(st, pid)),
          h('td', { class: 'num' }, money(p.cash)), h('td', { class: 'num' }, p.cash === undefined ? '–' : money(val - p.cash)),
          h('td', { class: 'num' }, money(val)),
          anyPenalty ? h('td', { class: 'num' }, penalty[pid] ? `−${penalty[pid]} (${money(val - penalty[pid])})` : '–') : null);
      }))),
    charts,
    sheet ? h('p', {}, h('a', { href: `/?game=${v.id}&view=sheet` }, 'The whole game as a spreadsheet, with charts')) : null);
}

function ownerName(st, k) {
  if (k === 'ipo') return 'IPO';
  if (k === 'market') return 'market';
  return nameOf(st, k);
}

function companies(st, map) {
  const cs = st.companies || [];
  if (!cs.length) return null;
  const rules = map && map.rules;
  const owner = (c) => {
    if (c.closed) return 'closed';
    if (c.owner === null || c.owner === undefined || c.owner === 'bank') return 'bank';
    const s = String(c.owner);
    return s.startsWith('corp:') ? s.slice(5) : ownerName(st, s);
  };
  return h('section', { class: 'card companies', id: 'companies' }, h('h2', {}, 'Private companies'),
    h('ul', { class: 'company-list' }, cs.map((c) => {
      const row = companyRow(rules, c.sym);
      return h('li', { class: c.closed ? 'closed' : '', 'data-company': c.sym },
        h('div', { class: 'company-head' }, h('strong', {}, companyName(rules, c.sym)),
          c.closed ? h('span', { class: 'tag closed' }, 'closed') : null,
          h('span', { class: 'muted' }, ` — owner: ${owner(c)} · value ${money(c.value)} · revenue ${money(c.revenue)}`)),
        row && row.ability ? h('div', { class: 'ability' }, row.ability) : null);
    })));
}

// trainList names trains by type with a count ("2+1 ×5").
function trainList(list) {
  const out = new Map();
  for (const t of list || []) {
    const [name, n] = Array.isArray(t) ? [t[0], t[1]] : [typeof t === 'string' ? trainName(t) : t.name || JSON.stringify(t), 1];
    out.set(name, (out.get(name) || 0) + n);
  }
  return [...out].map(([name, n]) => `${name} ×${n}`).join(', ') || '–';
}

// bankHead is the bank's cash and the depot's next train (its price, how
// many are left) at the top of the page, on the history bar's line: in
// view at every size, as 18xx.games shows them above its entities.
function bankHead(st, rules) {
  const next = ((st.depot || {}).upcoming || [])[0];
  const row = Array.isArray(next) ? ((rules && rules.trains) || []).find((x) => x.name === next[0]) : null;
  const parts = [];
  if (!st.bank_broken && typeof st.bank_cash === 'number') parts.push(t('bank £%d', st.bank_cash));
  if (row) parts.push(t('next train %s £%d (%d left)', next[0], row.price, next[1]));
  if (!parts.length) return null;
  return h('span', { class: 'bank-head', id: 'bank-head', title: t("The bank's cash, and the next train the depot sells") }, parts.join(' · '));
}

function bankDepot(st) {
  const d = st.depot || {};
  const next = (d.upcoming || [])[0];
  return h('section', { class: 'card bank' }, h('h2', {}, 'Bank, depot and phase'),
    h('dl', {},
      h('dt', {}, 'Bank'), h('dd', { id: 'bank-cash' }, bankText(st)),
      h('dt', {}, 'Phase'), h('dd', {}, st.phase ?? '?'),
      h('dt', {}, 'Next train'), h('dd', {}, next ? (Array.isArray(next) ? `${next[0]} (${next[1]} left) — buying the first of a new type may start a new phase and rust older trains` : String(next)) : 'none'),
      h('dt', {}, 'Depot'), h('dd', {}, trainList(d.upcoming)),
      h('dt', {}, 'Pool'), h('dd', {}, trainList(d.discarded)),
      h('dt', {}, 'Rusted'), h('dd', {}, trainList(d.rusted))));
}

// bankText is the bank's cash, or that it has broken (paying out beyond
// its cash once broken, which the game allows until it ends).
function bankText(st) {
  if (!st.bank_broken) return money(st.bank_cash);
  if (st.bank_cash < 0) return `broken: it has paid out ${money(-st.bank_cash)} more than it held; the game ends as the rules say`;
  return `broken (${money(st.bank_cash)} left); the game ends as the rules say`;
}

// phaseChart is the whole phase table: what each phase's first train is,
// the tiles, train limit and operating rounds it brings and the trains it
// rusts; the current phase is highlighted and the next one explained.
function phaseChart(map, st) {
  const r = map && map.rules;
  if (!r || !r.phases || !r.phases.length) return null;
  const cur = r.phase_index;
  const rusts = (on) => r.trains.filter((t) => t.rusts_on && on && t.rusts_on === on).map((t) => t.name);
  const train = (name) => r.trains.find((t) => t.name === name);
  const next = r.phases[cur + 1];
  const tiles = (p) => (p.tiles || []).map((c) => h('span', { class: `tile-colour ${c}`, title: c }, c));
  const rows = r.phases.map((p, i) => h('tr', { class: i === cur ? 'current' : i === cur + 1 ? 'next' : i < cur ? 'past' : '', 'data-phase': p.name, 'aria-current': i === cur ? 'step' : null },
    h('th', {}, p.name, i === cur ? h('span', { class: 'tag now' }, 'now') : i === cur + 1 ? h('span', { class: 'tag' }, 'next') : null),
    h('td', {}, p.on ? (train(p.on) ? t('first %s (£%d)', p.on, train(p.on).price) : t('first %s', p.on)) : t('start')),
    h('td', {}, tiles(p)),
    h('td', { class: 'num' }, p.train_limit || '–'),
    h('td', { class: 'num' }, p.operating_rounds || '–'),
    h('td', {}, rusts(p.on).join(', ') || '–')));
  let nextText = 'This is the last phase.';
  if (next) {
    const gone = rusts(next.on);
    const newTiles = (next.tiles || []).filter((c) => !(r.phases[cur].tiles || []).includes(c));
    nextText = `Buying the first ${next.on} train starts phase ${next.name}: ` +
      [newTiles.length ? `${newTiles.join(', ')} tiles` : null, `train limit ${next.train_limit}`, `${next.operating_rounds} operating round${next.operating_rounds === 1 ? '' : 's'} per set`,
        gone.length ? `${gone.join(', ')} trains rust` : 'no trains rust'].filter(Boolean).join('; ') + '.';
  }
  return h('section', { class: 'card phases', id: 'phase-chart' }, h('h2', {}, 'Phases'),
    h('p', { id: 'phase-next' }, nextText),
    roundsToCome(st, r),
    h('div', { class: 'scroll' }, h('table', {},
      h('thead', {}, h('tr', {}, ['Phase', 'Starts with', 'Tiles', 'Train limit', 'ORs', 'Rusts'].map((t) => h('th', {}, t)))),
      h('tbody', {}, rows))),
    h('p', { class: 'muted' }, 'Trains: ', r.trains.map((t) => `${t.name} ${money(t.price)}${t.count ? ` ×${t.count}` : ''}`).join(' · ')));
}

// [colour, meaning, symbol]: each zone has a symbol as well as a colour
// (issue 44: told apart without seeing colour)
const CELL_TYPES = {
  normal: ['#fff', 'price', ''], par: ['#c9b3ff', 'par price', 'P'], endgame: ['#7fd1ff', 'game ends when reached', '★'],
  close: ['#555', 'company closes', '✕'], repar: ['#ffd27f', 're-par (after bankruptcy)', 'R'], ignore_one_sale: ['#ffe9a8', 'first share sold does not move the price', '½'],
};

// priceMoves lists the share prices that moved since the position drawn
// before, when this one is a step forward from it (the next position in
// history, or the live game after a move): {sym: [from, to]}.
function priceMoves(page, st) {
  const at = page.at ?? page.total;
  const now = {};
  for (const c of st.corporations || []) if (c.share_price !== undefined && c.share_price !== null) now[c.sym] = c.share_price;
  const prev = page.shownPrices;
  if (prev && prev.at === at) return prev.moves; // drawn again: the same moves
  const out = {};
  page.shownPrices = { at, prices: now, moves: out };
  // a step forward (a move and the automatic ones after it): what it moved
  if (!prev || !(at - prev.at === 1 || (page.at === null && at > prev.at && at - prev.at <= 4))) return out;
  for (const [sym, p] of Object.entries(now)) if (prev.prices[sym] !== undefined && prev.prices[sym] !== p) out[sym] = [prev.prices[sym], p];
  return out;
}

// MARKET is the market card's place among the cards draw builds.
const MARKET = 4;

// market draws the stock market: a single-row chart (1860's zig-zag) as
// cells that wrap to the card's width, one printed in rows (1825's index)
// in those rows, a grid as the printed chart scaled to fit; company
// markers on their price (those the last move moved marked), a colour
// legend and the par values. old is the market card shown: kept when
// nothing it shows changed.
function market(map, st, old, moves = {}) {
  if (!map || !map.market) return null;
  const grid = map.rules && map.rules.market_grid;
  // the companies whose turn is over this operating round (the map view's
  // turn): their markers turned over, as on the table
  const done = new Set((map.rules && map.rules.turn && map.rules.turn.done) || []);
  const doneKey = [...done].join(',');
  // the chart drawn as SVG (1825's grid) is the same text from step to step but for moves
  if (old && old.market === map.market && !old.moved && !Object.keys(moves).length && old.done === doneKey && !(grid && grid.rows.length === 1)) return old;
  let chart;
  const used = new Set();
  if (grid && grid.rows.length === 1) {
    const at = {};
    for (const c of st.corporations || []) {
      if (!c.share_pos || c.closed) continue;
      (at[c.share_pos.join(',')] ||= []).push(c);
    }
    const cells = grid.rows[0].map((cell, i) => {
      if (!cell) return null;
      used.add(cell.type);
      const here = (at[`0,${i}`] || []).sort((a, b) => (a.share_cell_order || 0) - (b.share_cell_order || 0));
      return h('li', { class: `cell ${cell.type}`, style: `background:${(CELL_TYPES[cell.type] || CELL_TYPES.normal)[0]}`, 'data-price': cell.price },
        h('span', { class: 'price' }, cell.price, (CELL_TYPES[cell.type] || CELL_TYPES.normal)[2] ? h('span', { class: 'zone', title: CELL_TYPES[cell.type][1] }, ' ' + CELL_TYPES[cell.type][2]) : null),
        here.map((c) => h('span', { class: 'marker corp-chip' + (moves[c.sym] ? ' moved' : '') + (done.has(c.sym) ? ' operated' : ''), 'data-corp': c.sym, title: done.has(c.sym) ? t('%s at £%d, has operated this round', c.sym, c.share_price) : `${c.sym} at ${money(c.share_price)}` }, c.sym)));
    }).filter(Boolean);
    if (grid.row_ends && grid.row_ends.length) {
      // a one-band index printed in rows (1825 rule 6.3): the chart's rows,
      // each read left to right, the next price starting the next row
      const rows = [[]];
      for (const li of cells) {
        rows[rows.length - 1].push(li);
        if (grid.row_ends.includes(Number(li.dataset.price))) rows.push([]);
      }
      const width = Math.max(...rows.map((r) => r.length));
      chart = h('div', { class: 'market-printed', id: 'market-chart', style: `--cols:${width}` },
        rows.filter((r) => r.length).map((r, i) => h('ol', { class: 'market-row', 'data-row': i }, r)),
        h('p', { class: 'muted' }, 'One band of prices in rows: after the last price of a row comes the first of the next.'));
    } else {
      chart = h('ol', { class: 'market-row', id: 'market-chart' }, cells);
    }
  } else {
    chart = h('div', { class: 'market-chart fit', id: 'market-chart' });
    chart.innerHTML = map.market;
    const svg = chart.querySelector('svg');
    if (svg) { svg.removeAttribute('height'); svg.setAttribute('width', '100%'); }
    for (const row of (grid && grid.rows) || []) for (const c of row) if (c) used.add(c.type);
  }
  const legend = h('ul', { class: 'market-legend', id: 'market-legend' }, Object.entries(CELL_TYPES).filter(([k]) => used.has(k)).map(([k, [col, text, sym]]) =>
    h('li', { 'data-type': k }, h('span', { class: 'swatch', style: `background:${col}`, 'aria-hidden': 'true' }, sym), ` ${text}`)));
  if (!grid || grid.rows.length !== 1) for (const sym of Object.keys(moves)) chart.querySelector(`.marker[data-corp="${CSS.escape(sym)}"]`)?.classList.add('moved');
  if (!grid || grid.rows.length !== 1) for (const sym of done) chart.querySelector(`.marker[data-corp="${CSS.escape(sym)}"]`)?.classList.add('operated');
  const moved = Object.entries(moves);
  const card = h('section', { class: 'card market-card' }, h('h2', {}, 'Stock market'),
    moved.length ? h('p', { class: 'price-moves', id: 'price-moves' }, 'Prices moved: ', moved.map(([sym, [a, b]]) => `${sym} ${money(a)} → ${money(b)}`).join(', '), '.') : null,
    chart, legend,
    map.par ? h('p', { class: 'par-chart' }, 'Par values: ', map.par.map((p) => money(p)).join(' · ')) : null);
  card.market = map.market;
  card.moved = moved.length > 0;
  card.done = doneKey;
  return card;
}

// gameLog is the log; a click on a line shows the game just after the
// action that wrote it.
function gameLog(v, page) {
  const list = h('ol', { id: 'log' });
  // the box scrolls from its end (a reversed flex column): it shows the
  // last lines, and keeps showing them as lines come and go, with no
  // scrolling by the page (which would lay the whole log out on every step)
  const st = v.state || {};
  // show only the lines naming one player or company (the rounds' headings stay)
  const filter = h('select', { id: 'log-filter', 'aria-label': 'Show the lines about',
    onchange: () => { card.filter = filter.value; filterLog(card); } },
  h('option', { value: '' }, 'Every line'),
  h('optgroup', { label: 'Players' }, (st.players || []).map((p) => h('option', { value: p.name }, p.name))),
  h('optgroup', { label: 'Companies' }, (st.corporations || []).map((c) => h('option', { value: c.sym }, c.sym))));
  const card = h('section', { class: 'card log' }, h('h2', {}, 'Log'),
    h('p', { class: 'muted' }, 'Click a line to see the game just after it. ', h('label', {}, 'Show: ', filter)), h('div', { class: 'log-scroll' }, list));
  card.lines = [];
  card.filter = '';
  patchLog(card, v, page);
  return card;
}

// roundLine tells a log line that starts a round or announces a phase
// ("-- Stock Round 8 --", "-- Phase 3 … --"): a heading in the log.
const roundLine = (line) => /^--.*--$/.test(line.trim());

// names tells whether a log line names who (a player's name or a company's
// symbol), as a whole word.
function names(line, who) {
  const esc = who.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9&])${esc}($|[^A-Za-z0-9&])`).test(line);
}

// filterLog hides the log lines that do not name the card's filter.
function filterLog(card) {
  for (const li of card.querySelectorAll('#log > li')) {
    const line = li.textContent;
    li.hidden = !!card.filter && !roundLine(line) && !names(line, card.filter);
  }
}

// patchLog brings the log card up to the lines of view v, keeping the
// lines it already shows (a step in history changes only the last ones);
// it answers whether anything changed.
function patchLog(card, v, page) {
  const list = card.querySelector('ol');
  const want = (v.log || []).map((l) => (typeof l === 'string' ? l : JSON.stringify(l)));
  const have = card.lines;
  let same = 0;
  while (same < have.length && same < want.length && have[same] === want[same]) same++;
  if (same === have.length && same === want.length) return false;
  while (list.children.length > same) list.lastChild.remove();
  const open = async (i, line) => {
    try { await page.seek(await logAction(page, i, line)); } catch (e) { page.error = e.message; await page.reload(); }
  };
  const frag = document.createDocumentFragment();
  const msgs = v.log_messages || [];
  const marks = reviewMarks(page); // the game review's costly moves (review.js)
  for (let i = same; i < want.length; i++) {
    const line = want[i];
    // the line in the reader's language, from its message id and
    // arguments (translate="no": it is not translated again)
    const shown = message(msgs[i], line);
    const btn = h('button', { type: 'button', class: 'log-line', 'data-line': i, translate: shown !== line ? 'no' : null, onclick: () => open(i, line) }, shown);
    if (marks) markLine(btn, marks);
    const li = h('li', { class: roundLine(line) ? 'round-line' : null }, btn);
    if (card.filter && !roundLine(line) && !names(line, card.filter)) li.hidden = true;
    frag.append(li);
  }
  list.append(frag);
  card.lines = want;
  return true;
}
