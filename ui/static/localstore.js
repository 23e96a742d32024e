// Hotseat games kept in this browser (IndexedDB), for play with no server:
// each record is {key, title, names, created, updated, actions, finished,
// uploaded, export, sandbox?, forked?, rules?}, export being the game's
// 18xx.games JSON text and rules the day whose 18xx.games rules it plays
// under (a copy of an old import: its day; LocalGame.rules).
import { loadEngine } from './engine.js';

const DB = 'tresham';
const STORE = 'hotseat';

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => { req.result.createObjectStore(STORE, { keyPath: 'key' }); };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(new Error('this browser cannot store games (IndexedDB): ' + (req.error && req.error.message)));
  });
}

async function tx(mode, fn) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const t = db.transaction(STORE, mode);
      const req = fn(t.objectStore(STORE));
      t.oncomplete = () => resolve(req && req.result);
      t.onerror = () => reject(new Error('could not store the game: ' + (t.error && t.error.message)));
      t.onabort = () => reject(new Error('could not store the game: ' + (t.error && t.error.message)));
    });
  } finally {
    db.close();
  }
}

/** localGames is the browser's store of hotseat games. */
export const localGames = {
  /** list answers every stored game, newest first (without the export text). */
  async list() {
    const all = await tx('readonly', (s) => s.getAll());
    return (all || []).map(({ export: _, ...rest }) => rest).sort((a, b) => b.updated - a.updated);
  },
  get: (key) => tx('readonly', (s) => s.get(key)),
  put: (rec) => tx('readwrite', (s) => s.put(rec)),
  remove: (key) => tx('readwrite', (s) => s.delete(key)),
};

/** newKey is a fresh key for a game made in this browser. */
export function newKey() {
  const b = new Uint8Array(6);
  crypto.getRandomValues(b);
  return 'local-' + [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

/**
 * openSandbox copies a game held in the in-browser engine (a server game
 * the page mirrors) into this browser as a planning sandbox and opens it:
 * every seat can be played there and nothing is sent to the server.
 */
export async function openSandbox(local, gameId) {
  const text = local.exportText();
  const src = JSON.parse(text);
  const key = newKey();
  await localGames.put({
    key, title: src.title, names: (src.players || []).map((p) => p.name), created: Date.now(), updated: Date.now(),
    actions: local.actions, finished: src.status === 'finished', sandbox: String(gameId), export: text, rules: local.rules,
  });
  location.href = `/?local=${encodeURIComponent(key)}`;
}

/**
 * forkAt starts a new hotseat game in this browser from a position of
 * another game: exportText is that game's 18xx.games export, at the number
 * of its stored actions to keep, from a label naming the game forked,
 * rules the day whose 18xx.games rules that game plays under (its
 * LocalGame.rules or view's rules_of; absent: found again from the cut
 * export). The copy is replayed by the in-browser engine (a refusal names
 * the action) and opened.
 */
export async function forkAt(exportText, at, from, rules) {
  const src = JSON.parse(exportText);
  const key = newKey();
  const cut = { ...src, id: key, actions: (src.actions || []).slice(0, at), status: 'active', result: {} };
  delete cut.game_end_reason;
  const eng = await loadEngine();
  if (!eng) throw new Error('forking needs the in-browser engine, which is not available here');
  const game = eng.load(JSON.stringify(cut), rules);
  const text = game.exportText();
  const actions = game.actions;
  const kept = game.rules;
  game.close();
  await localGames.put({
    key, title: src.title, names: (src.players || []).map((p) => p.name), created: Date.now(), updated: Date.now(),
    actions, finished: false, forked: { from: String(from), at }, export: text, rules: kept,
  });
  location.href = `/?local=${encodeURIComponent(key)}`;
}
