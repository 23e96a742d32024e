// History by round and by log line: where the round shown began, where the
// next one begins, and the action that wrote a log line. The engine gives
// no index from log lines or rounds to actions, so these search the
// history positions (binary search on the views the engine computes: the
// in-browser engine when the page has one, else the server).
import { api } from './api.js';

// viewAt is the game view after the first n stored actions.
async function viewAt(page, n) {
  if (page.local) {
    return page.local.view(n, (page.view && page.view.you) || null);
  }
  return api.view(page.id, n);
}

/** roundKey names the round of state st ("Stock 2", "Operating 2.1"): equal keys, same round. */
export function roundKey(st) {
  st = st || {};
  if (st.round === 'Operating') return `Operating ${st.turn}.${st.round_num}`;
  return `${st.round || ''} ${st.turn ?? ''}`;
}

// first is the smallest n in [lo, hi] with pred(n) true (hi+1 if none);
// pred must be false then true over the range.
async function first(lo, hi, pred) {
  let a = lo;
  let b = hi + 1;
  while (a < b) {
    const m = Math.floor((a + b) / 2);
    if (await pred(m)) b = m; else a = m + 1;
  }
  return a;
}

// position is the history position shown (the live one is the total).
const position = (page) => (page.at === null ? page.total : page.at);

/** roundStart is the first position of the round shown at position cur. */
export async function roundStart(page, cur) {
  const key = roundKey((await viewAt(page, cur)).state);
  const keys = new Map([[cur, key]]);
  const k = async (n) => {
    if (!keys.has(n)) keys.set(n, roundKey((await viewAt(page, n)).state));
    return keys.get(n);
  };
  // a round's positions are one run of history: before it, other rounds
  return first(0, cur, async (n) => (await k(n)) === key);
}

/** seekRound moves the page one round back (dir -1) or forward (+1). */
export async function seekRound(page, dir) {
  const cur = position(page);
  if (dir < 0) {
    const start = await roundStart(page, cur);
    // at the start of a round already: to the start of the one before it
    await page.seek(start < cur || start === 0 ? start : await roundStart(page, start - 1));
    return;
  }
  const key = roundKey((await viewAt(page, cur)).state);
  const next = await first(cur + 1, page.total, async (n) => roundKey((await viewAt(page, n)).state) !== key);
  await page.seek(next > page.total ? null : next);
}

/**
 * logAction is the history position just after the action that wrote line
 * i of the live log (the first position whose log holds that line).
 */
export async function logAction(page, i, line) {
  return first(0, page.total, async (n) => {
    const log = (await viewAt(page, n)).log || [];
    return log.length > i && log[i] === line;
  });
}
