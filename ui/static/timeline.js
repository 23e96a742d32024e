// The rounds to come, as 18xx.games's game information has its timeline:
// the round under way, the rest of its set of operating rounds, the next
// stock round and the set after it, and what the next phase would change.
// Every figure is the engine's: the state's round, set and round number,
// the map's rules (the rounds of this set, set_operating_rounds; the phase
// table; the trains) and the depot's upcoming trains. Nothing here decides
// a rule.
import { h } from './dom.js';
import { t } from './i18n.js';

/**
 * roundsToCome is the timeline for state st and the map's rules, or null
 * when the engine gives no count of rounds (a finished game, an older
 * server).
 */
export function roundsToCome(st, rules) {
  const k = rules && rules.set_operating_rounds;
  if (!k || st.finished) return null;
  const set = Number(st.turn) || 1;
  const items = [];
  const chip = (label, state, title) => items.push(h('li', { class: `round ${state}`, 'data-round': label, 'data-state': state, title: title || null, 'aria-current': state === 'now' ? 'step' : null }, h('span', { class: 'r' }, label)));
  const ors = (turn, from, to) => { for (let n = from; n <= to; n++) chip(`OR ${turn}.${n}`, 'set', ''); };
  const phases = rules.phases || [];
  const cur = phases[rules.phase_index];
  const perSet = cur ? cur.operating_rounds : 0;
  if (st.round === 'Operating') {
    const n = Number(st.round_num) || 1;
    chip(`OR ${set}.${n}`, 'now', t('now: operating round %d of %d in this set', n, k));
    ors(set, n + 1, k);
    chip(`SR ${set + 1}`, 'next-set', '');
  } else {
    chip(st.round === 'Stock' ? `SR ${set}` : t('Opening auction'), 'now', t('now'));
    if (st.round !== 'Stock') chip(`SR ${set}`, 'next-set', '');
    ors(set, 1, k);
    chip(`SR ${set + 1}`, 'next-set', '');
  }
  const next = phases[rules.phase_index + 1];
  // the trains the depot sells before the one that starts the next phase
  const up = ((st.depot && st.depot.upcoming) || []).filter((x) => Array.isArray(x));
  const before = next ? up.slice(0, Math.max(0, up.findIndex(([type]) => type === next.on))).reduce((s, [, n]) => s + n, 0) : 0;
  return h('div', { class: 'rounds-to-come', id: 'rounds-to-come' },
    h('h3', {}, t('Rounds to come')),
    h('ol', { class: 'timeline' }, items),
    h('p', { class: 'muted', 'data-field': 'after' },
      st.round === 'Operating' ? t('Operating rounds in this set: %d. The next set has the number of the phase at the end of the next stock round (phase %s: %d).', k, cur ? cur.name : '?', perSet)
        : t('Operating rounds in the set after this round: %d (phase %s).', k, cur ? cur.name : '?'),
      next ? ' ' : null,
      next ? t('Phase %s starts with the first %s train (trains sold before it: %d); operating rounds a set then: %d.', next.name, next.on, before, next.operating_rounds) : null));
}
