// The coach: a "Hint" button on the game page asks the server's search
// (GET /api/games/{id}/hint) for its top three moves for the acting seat
// at the position shown (live or a history position), with every player's
// estimated final worth after each. Offered by the server in hotseat and
// solo games and in finished games.
import { h, clear, money } from './dom.js';
import { describe } from './panel.js';

// MOVE_KEYS are the fields that tell two moves apart.
const MOVE_KEYS = ['type', 'entity', 'shares', 'percent', 'corporation', 'company', 'share_price', 'hex', 'tile', 'rotation', 'city', 'train', 'price', 'kind', 'variant'];

// listedChoice is the view's legal choice for move a, when the view lists it
// (it carries what the engine says about the move: its effect, where shares
// come from, what a pass gives up).
function listedChoice(v, a) {
  const same = (b) => MOVE_KEYS.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
  return Object.values(v.legal || {}).flat().find((c) => c && c.action && same(c.action)) || null;
}

/**
 * coachCard returns the hint button and the box for its answer
 * ({button, box}) for game view v at
 * history position at (null: live); rules (the map's rules tables) name
 * the companies in the moves.
 */
export function coachCard(v, at, rules) {
  const out = h('div', { class: 'coach', id: 'coach', 'aria-live': 'polite' });
  const names = Object.fromEntries((v.seats || []).map((s) => [String(s.player_id), s.name]));
  const close = h('button', { type: 'button', class: 'small', id: 'hint-close', onclick: () => clear(out) }, 'Close the hints');
  const ask = async () => {
    clear(out, h('p', { class: 'muted' }, 'The coach is looking ahead…'));
    const q = at !== null && at !== undefined ? `?action=${at}` : '';
    const res = await fetch(`/api/games/${v.id}/hint${q}`, { credentials: 'same-origin' });
    const ans = await res.json();
    if (!res.ok) {
      clear(out, h('p', { class: 'error', role: 'alert' }, ans.error || res.statusText));
      return;
    }
    const st = v.state || {};
    const ctxOf = (a) => {
      const c = listedChoice(v, a);
      return { title: v.title, rules, from: c && c.from, ends: c && c.ends, effect: c && c.effect };
    };
    clear(out,
      h('p', {}, `What a strong player would do for ${names[ans.entity] || ans.entity}, best first: the coach looked ${ans.nodes} moves ahead and ranks each move by the final worth it expects for ${names[ans.entity] || ans.entity} after it.`),
      h('ol', {}, ans.moves.map((m) => h('li', {},
        h('strong', {}, describe(m.action, st, ctxOf(m.action))), ' — estimated final worth: ',
        Object.entries(m.worth).map(([pid, w]) => `${names[pid] || pid} ${money(Math.round(w))}`).join(', ')))), close);
  };
  const box = h('section', { class: 'coach-box', 'aria-label': 'The coach' }, out);
  return { button: h('button', { type: 'button', id: 'hint', onclick: ask }, 'Hint'), box };
}
