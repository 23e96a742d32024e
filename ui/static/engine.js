// The in-browser engine: Tresham's Go engine compiled to WebAssembly
// (wasm/ in the repository, generated into ui/wasm by go generate ./ui and
// served under /wasm/). loadEngine resolves to an Engine, or to null when
// the server has no module (the page then asks the server for everything).
// The server stays the authority: the page only proposes moves and checks
// its own state hash against the server's after each one.

let loading = null;

/** loadEngine loads the module once per page; null when unavailable. */
export function loadEngine() {
  if (!loading) {
    loading = (async () => {
      if (typeof WebAssembly !== 'object' || !WebAssembly.instantiateStreaming) return null;
      const res = await fetch('/wasm/manifest.json', { cache: 'no-cache' });
      if (!res.ok) return null;
      const m = await res.json();
      if (!m.wasm) return null; // not built into this server
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
    if (out && typeof out === 'object' && !Array.isArray(out) && Object.keys(out).length === 1 && 'error' in out) throw new Error(out.error);
    return out;
  }

  /** load opens a game from its 18xx.games export (text). */
  load(exportText) {
    const r = this.call('load', exportText);
    return new LocalGame(this, r.session, r.actions);
  }
}

/** LocalGame is one game held in the module, mirroring the server's log. */
export class LocalGame {
  constructor(engine, session, actions) {
    this.e = engine;
    this.session = session;
    this.actions = actions;
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

  view(at, seats) { return this.e.call('view', this.session, at ?? -1, seats === undefined || seats === null ? null : JSON.stringify(seats)); }
  map(at) { return this.e.call('map', this.session, at ?? -1); }
  hash(at) { return this.e.call('hash', this.session, at ?? -1).hash; }
  legal(entity) { return this.e.call('legal', this.session, entity); }
  tile(hex, tile, rotation) { return this.e.call('tile', this.session, hex, tile, rotation); }
  routes(entity) { return this.e.call('routes', this.session, entity); }
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
