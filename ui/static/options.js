// The optional rules of a title as form controls: options of one group
// (1825's unit combinations) are one list to pick at most one from, each
// with the player counts it allows; the rest are check boxes. Both come
// from the title registry (GET /api/titles); the engine checks the choice.
import { h, clear } from './dom.js';

const count = (lo, hi) => (lo === hi ? `${lo} players` : `${lo} to ${hi} players`);

/**
 * optionControls draws title t's options into box for the player count
 * input players (prefix names the controls' ids). It answers values(),
 * the chosen option names. Picking a group option moves the player count
 * into the range it allows; a player count outside the range of the
 * chosen one sets the group back to its default.
 */
export function optionControls(box, t, players, prefix) {
  const groups = new Map();
  const single = [];
  for (const o of (t && t.options) || []) {
    if (o.group) {
      if (!groups.has(o.group)) groups.set(o.group, []);
      groups.get(o.group).push(o);
    } else single.push(o);
  }
  const selects = [...groups].map(([name, os]) => {
    const id = `${prefix}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    const sel = h('select', { id, class: 'option-group', 'data-group': name },
      h('option', { value: '' }, 'Chosen by the number of players'),
      os.map((o) => h('option', { value: o.name, 'data-min': o.min_players || '', 'data-max': o.max_players || '' }, o.description || o.name)));
    sel.addEventListener('change', () => {
      const o = sel.selectedOptions[0];
      const lo = Number(o.dataset.min) || t.min_players;
      const hi = Number(o.dataset.max) || t.max_players;
      const n = Number(players.value);
      if (sel.value && (n < lo || n > hi)) {
        players.value = Math.min(Math.max(n, lo), hi);
        players.dispatchEvent(new Event('change'));
      }
    });
    return { name, sel, label: h('label', { for: id }, name) };
  });
  const fitPlayers = () => {
    const n = Number(players.value);
    for (const { sel } of selects) {
      for (const o of sel.options) {
        if (!o.value) continue;
        const lo = Number(o.dataset.min) || t.min_players;
        const hi = Number(o.dataset.max) || t.max_players;
        o.title = n < lo || n > hi ? `for ${count(lo, hi)}, not ${n}` : '';
      }
      const cur = sel.selectedOptions[0];
      if (cur && cur.title) sel.value = ''; // the count no longer fits it
    }
  };
  players.addEventListener('change', fitPlayers);
  clear(box, h('legend', {}, 'Options'),
    selects.map(({ sel, label }) => h('div', { class: 'option-choice' }, label, sel)),
    single.length === 0 && selects.length === 0 ? h('p', { class: 'muted' }, 'None.') : null,
    single.map((o) => h('label', { class: 'option' }, h('input', { type: 'checkbox', name: 'option', value: o.name }), ' ', o.description || o.name)));
  fitPlayers();
  return {
    values: () => [...selects.map(({ sel }) => sel.value).filter(Boolean), ...[...box.querySelectorAll('input[type=checkbox]:checked')].map((i) => i.value)],
    detach: () => players.removeEventListener('change', fitPlayers),
  };
}
