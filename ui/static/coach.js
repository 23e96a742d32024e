// The coach: a "Hint" button on the game page asks the server's search
// (GET /api/games/{id}/hint) for its top three moves for the acting seat
// at the position shown (live or a history position), with every player's
// estimated final worth after each. Offered by the server in hotseat and
// solo games and in finished games.
import { h, clear, money } from './dom.js';

function describe(a) {
  const parts = [a.entity, a.type.replace(/_/g, ' ')];
  if (a.kind) parts.push(a.kind);
  if (a.shares && a.shares.length) parts.push(a.shares.join(', '));
  if (a.corporation) parts.push(a.corporation);
  if (a.company) parts.push(a.company);
  if (a.train) parts.push(a.train);
  if (a.price) parts.push(money(a.price));
  if (a.hex) parts.push(a.hex);
  return parts.filter((p) => p !== undefined && p !== null && p !== '').join(' ');
}

/** coachCard returns the hint button and its answer for game view v at history position at (null: live). */
export function coachCard(v, at) {
  const out = h('div', { class: 'coach', id: 'coach', 'aria-live': 'polite' });
  const names = Object.fromEntries((v.seats || []).map((s) => [String(s.player_id), s.name]));
  const ask = async () => {
    clear(out, h('p', { class: 'muted' }, 'The coach is looking ahead…'));
    const q = at !== null && at !== undefined ? `?action=${at}` : '';
    const res = await fetch(`/api/games/${v.id}/hint${q}`, { credentials: 'same-origin' });
    const ans = await res.json();
    if (!res.ok) {
      clear(out, h('p', { class: 'error', role: 'alert' }, ans.error || res.statusText));
      return;
    }
    clear(out,
      h('p', {}, `What a strong player would do for ${ans.entity} (${ans.nodes} moves looked ahead):`),
      h('ol', {}, ans.moves.map((m) => h('li', {},
        h('strong', {}, describe(m.action)), ' — estimated final worth: ',
        Object.entries(m.worth).map(([pid, w]) => `${names[pid] || pid} ${money(Math.round(w))}`).join(', ')))));
  };
  return h('span', {}, h('button', { type: 'button', id: 'hint', onclick: ask }, 'Hint'), out);
}
