// The operating round's order as a strip of the companies' badges, as
// 18xx.games shows its entity order above the round: those whose turn is
// over ticked and turned over (grey), the one operating now raised, the next one
// marked. All of it is the engine's (the map view's turn: the round's
// order, the company operating, those done); nothing here decides a rule.
import { h } from './dom.js';

/**
 * orderBar is the strip of the operating order for state st and the map's
 * rules, or null outside an operating round (no turn in the rules).
 */
export function orderBar(st, rules) {
  const turn = rules && rules.turn;
  if (!turn || st.round !== 'Operating' || !(turn.order || []).length) return null;
  const done = new Set(turn.done || []);
  const closed = new Set((st.corporations || []).filter((c) => c.closed).map((c) => c.sym));
  // the next to operate: the first after the one operating (or after
  // those done) whose turn has not come and that is still open
  const from = turn.current ? turn.order.indexOf(turn.current) + 1 : 0;
  const next = turn.order.slice(from).find((s) => !done.has(s) && s !== turn.current && !closed.has(s)) || '';
  const items = turn.order.map((sym) => {
    const state = sym === turn.current ? 'current' : done.has(sym) ? 'done' : sym === next ? 'next' : closed.has(sym) ? 'closed' : 'later';
    const says = {
      current: 'operating now', done: 'has operated this round', next: 'operates next', closed: 'closed', later: 'still to operate',
    }[state];
    return h('li', { class: `turn ${state}`, 'data-turn': sym, 'data-state': state, title: `${sym}: ${says}`, 'aria-label': `${sym}: ${says}` },
      state === 'done' ? h('span', { class: 'tick', 'aria-hidden': 'true' }, '✓') : null,
      h('span', { class: 'corp-chip', 'data-sym': sym }, sym),
      state === 'current' || state === 'next' ? h('span', { class: 'what', 'aria-hidden': 'true' }, state === 'current' ? 'now' : 'next') : null);
  });
  return h('nav', { class: 'order-bar', id: 'order-bar', 'aria-label': 'Operating order of this round' },
    h('span', { class: 'head' }, 'Order'), h('ol', {}, items));
}
