// The in-browser engine: Tresham's Go engine compiled to WebAssembly
// (wasm/ in the repository, generated into ui/wasm by go generate ./ui and
// served under /wasm/). loadEngine resolves to an Engine, or to null when
// the server has no module (the page then asks the server for everything).
// The server stays the authority: the page only proposes moves and checks
// its own state hash against the server's after each one.

import { noteRefusal } from './i18n.js';
import { hexChunks } from './mapview.js';

let loading = null;
let waiting = false; // the server is building the module (its manifest says so)
const onBuilt = [];

/**
 * engineWaiting tells whether the server is still preparing the module
 * (a server started without one builds it on its first start); the page
 * uses the server meanwhile. whenEngineBuilt(fn) calls fn once the module
 * is there (or the server gave up building it); loadEngine then tries again.
 */
export function engineWaiting() { return waiting; }

export function whenEngineBuilt(fn) { onBuilt.push(fn); }

// watch asks the server every few seconds until its manifest names a
// module, then lets loadEngine try again and tells the page.
function watch() {
  const tick = async () => {
    try {
      const res = await fetch('/wasm/manifest.json', { cache: 'no-cache' });
      const m = res.ok ? await res.json() : {};
      if (m.wasm || !m.building) { // built, or given up
        waiting = false;
        loading = null;
        for (const fn of onBuilt.splice(0)) fn();
        return;
      }
    } catch { /* offline for a moment: ask again */ }
    setTimeout(tick, 4000);
  };
  setTimeout(tick, 4000);
}

/** loadEngine loads the module once per page; null when unavailable. */
export function loadEngine() {
  if (!loading) {
    loading = (async () => {
      if (typeof WebAssembly !== 'object' || !WebAssembly.instantiateStreaming) return null;
      const res = await fetch('/wasm/manifest.json', { cache: 'no-cache' });
      if (!res.ok) return null;
      const m = await res.json();
      if (!m.wasm && m.building && !waiting) {
        waiting = true;
        watch();
      }
      if (!m.wasm) return null; // not built into this server (or not yet)
      await loadScript('/wasm/' + m.exec);
      const go = new globalThis.Go();
      const ready = new Promise((resolve) => { globalThis.treshamReady = resolve; });
      const { instance } = await WebAssembly.instantiateStreaming(fetch('/wasm/' + m.wasm), go.importObject);
      go.run(instance);
      await ready;
      return new Engine(globalThis.tresham, m);
    })().catch((e) => {
      console.warn('in-browser engine unavailable, using the server:', e);
      return null;
    });
  }
  return loading;
}

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = resolve;
    s.onerror = () => reject(new Error('cannot load ' + src));
    document.head.append(s);
  });
}

/** Engine wraps the module's functions (each answers a JSON string). */
export class Engine {
  constructor(fns, manifest) {
    this.fns = fns;
    this.manifest = manifest;
  }

  call(name, ...args) {
    const out = JSON.parse(this.fns[name](...args));
    if (out && typeof out === 'object' && !Array.isArray(out) && 'error' in out && Object.keys(out).length === ('refusal' in out ? 2 : 1)) {
      noteRefusal(out.error, out.refusal);
      throw new Error(out.error);
    }
    return out;
  }

  /**
   * load opens a game from its 18xx.games export (text) under the
   * 18xx.games rules of rulesOf ("today" or a day, as the server's view's
   * rules_of names them); without it the module finds them as an import
   * does, replaying an old export under each rules it tries.
   */
  load(exportText, rulesOf) {
    const r = rulesOf ? this.call('load', exportText, rulesOf) : this.call('load', exportText);
    return new LocalGame(this, r.session, r.actions, r.rules);
  }
}

/** LocalGame is one game held in the module, mirroring the server's log. */
export class LocalGame {
  constructor(engine, session, actions, rules) {
    this.e = engine;
    this.session = session;
    this.actions = actions;
    /** rules is the day whose 18xx.games rules the game plays under ("today" or "2023-12-26"). */
    this.rules = rules;
  }

  /** append adds the stored action seq (as the server pushed it). */
  append(seq, action) {
    this.actions = this.e.call('append', this.session, seq, JSON.stringify(action)).actions;
  }

  /** propose plays a move locally (hotseat, or ahead of the server's answer). */
  propose(action) {
    const r = this.e.call('propose', this.session, JSON.stringify(action));
    this.actions = r.actions;
    return r.action;
  }

  view(at, seats) {
    const s = seats === undefined || seats === null ? null : JSON.stringify(seats);
    if (at === null || at === undefined || at < 0) return this.liveView(s);
    return this.cached(`v${at}:${s}`, at, () => this.e.call('view', this.session, at, s));
  }

  /**
   * liveView is the live game's view. The module sends only the log lines
   * after those of its last live view (log_from of them begin the log as
   * before), which this puts together with the lines held: a move adds a
   * line or two to a log of hundreds.
   */
  liveView(s) {
    const was = this.liveLog;
    const v = this.e.call('view', this.session, -1, s, was ? was.serial : 0);
    if (v.log_from !== undefined) {
      if (!was || !v.log_messages) throw new Error('view: a log change from an answer not held');
      v.log = was.log.slice(0, v.log_from).concat(v.log);
      v.log_messages = was.messages.slice(0, v.log_from).concat(v.log_messages);
      delete v.log_from;
    }
    this.liveLog = v.log_messages ? { serial: v.log_serial, log: v.log, messages: v.log_messages } : null;
    delete v.log_serial;
    return v;
  }

  map(at) {
    if (at === null || at === undefined || at < 0) return this.liveMap();
    return this.cached(`m${at}`, at, () => this.e.call('map', this.session, at));
  }

  /**
   * liveMap is the live game's board. The module answers it as a change
   * from the last live board it answered (the hexes a move changed; the
   * fields named in same are as before), which this puts together
   * with the board held: the hexes' texts by id (chunks, as mapview.js
   * hexChunks cuts them); svg is joined from them when asked for.
   */
  liveMap() {
    const was = this.live;
    const d = this.e.call('map', this.session, -1, was ? was.serial : 0);
    let m;
    if (was && d.since === was.serial) {
      const chunks = new Map(was.chunks);
      chunks.head = was.chunks.head;
      for (const [hex, text] of Object.entries(d.changed || {})) chunks.set(hex, text);
      const { since: _s, changed: _c, same, svg: _v, ...rest } = d;
      m = { ...rest, chunks };
      for (const k of same || []) m[k] = was[k];
      let svg = null;
      Object.defineProperty(m, 'svg', { enumerable: true, get: () => (svg ??= chunks.head + [...chunks.values()].join('') + '</svg>') });
    } else {
      m = d;
      m.chunks = hexChunks(m.svg);
    }
    this.live = m;
    return m;
  }

  // cached answers a history position's view or map from the answers
  // warm computed between steps (a stored action never changes, so the
  // game at an earlier action never does), else computes it. The answers
  // are shared: callers must not change them.
  cached(key, at, compute) {
    if (at === null || at === undefined || at < 0 || !this.warmed) return compute();
    const hit = this.warmed.get(key);
    if (hit !== undefined) return hit;
    return compute();
  }

  /**
   * warmSteps lists, as separate calls, the work that computes the views
   * and maps of the positions next to history position at (one back, one
   * forward), so that the next step is an answer already made; run them
   * between steps, one at a time, so that a click can come in between.
   * Only those answers are kept.
   */
  warmSteps(at, seats) {
    if (at === null || at === undefined || at < 0) return [];
    const s = seats === undefined || seats === null ? null : JSON.stringify(seats);
    const old = this.warmed || new Map();
    const keep = new Map();
    this.warmed = keep;
    const steps = [];
    for (const n of [at - 1, at + 1]) {
      if (n < 0 || n >= this.actions) continue; // the live game needs no warming
      for (const [key, fn] of [[`v${n}:${s}`, () => this.e.fns.view(this.session, n, s)], [`m${n}`, () => this.e.fns.map(this.session, n)]]) {
        const had = old.get(key);
        if (had !== undefined) { keep.set(key, had); continue; }
        // a step back starts from a spare game a few actions behind, not a whole replay
        if (n === at - 1 && key.startsWith('v')) steps.push(() => this.prepare(at));
        steps.push(() => {
          const raw = fn();
          if (raw.startsWith('{"error"')) return;
          // parsed (and a map readied by prepMap) between steps too
          const out = JSON.parse(raw);
          if (key.startsWith('m') && this.prepMap) this.prepMap(out);
          keep.set(key, out);
        });
      }
    }
    return steps;
  }

  /** warm runs warmSteps at once (for measuring). */
  warm(at, seats) { for (const f of this.warmSteps(at, seats)) f(); }
  hash(at) { return this.e.call('hash', this.session, at ?? -1).hash; }
  legal(entity) { return this.e.call('legal', this.session, entity); }
  /** tiles is the tile manifest at history position at (null: live), as GET /api/games/{id}/tiles. */
  tiles(at) { return this.e.call('tiles', this.session, at ?? -1); }
  tile(hex, tile, rotation) { return this.e.call('tile', this.session, hex, tile, rotation); }
  routes(entity) { return this.e.call('routes', this.session, entity); }
  /** lastRun is corporation sym's last run at history position at (null: live), or null. */
  lastRun(at, sym) { return this.e.call('lastrun', this.session, at ?? -1, sym); }
  check(entity, routes) { return this.e.call('check', this.session, entity, JSON.stringify(routes)); }
  /** status is {actions, can_undo, can_redo} (a hotseat game with no server). */
  status() { return this.e.call('status', this.session); }
  /** undo and redo take back and put back moves locally; they answer the stored action. */
  undo() { const r = this.e.call('undo', this.session); this.actions = r.actions; return r.action; }
  redo() { const r = this.e.call('redo', this.session); this.actions = r.actions; return r.action; }
  /** prepare readies a fast step back from history position at (call it between steps). */
  prepare(at) { this.e.call('prepare', this.session, at ?? -1); }
  exportText() { return this.e.fns.export(this.session); }
  close() { this.e.call('close', this.session); }
}
