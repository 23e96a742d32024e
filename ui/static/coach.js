// The coach: a "Hint" button on the game page asks the server's search
// (GET /api/games/{id}/hint) for its top three moves for the acting seat
// at the position shown (live or a history position), with every player's
// estimated final worth after each. Offered by the server in hotseat and
// solo games and in finished games.
import { h, clear, money } from './dom.js';
import { describe } from './panel.js';
import { tileWords } from './keyboard.js';
import { t } from './i18n.js';

// MOVE_KEYS are the fields that tell two moves apart.
const MOVE_KEYS = ['type', 'entity', 'shares', 'percent', 'corporation', 'company', 'share_price', 'hex', 'tile', 'rotation', 'city', 'train', 'price', 'kind', 'variant'];

// listedChoice is the view's legal choice for move a, when the view lists it
// (it carries what the engine says about the move: its effect, where shares
// come from, what a pass gives up).
function listedChoice(v, a) {
  const same = (b) => MOVE_KEYS.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
  return Object.values(v.legal || {}).flat().find((c) => c && c.action && same(c.action)) || null;
}

// layWords is the track of a tile lay in words ("track to the north and
// south; a city"), from the engine's drawing of the tile laid at that
// rotation ('' when it cannot be drawn).
async function layWords(id, a) {
  try {
    const q = new URLSearchParams({ hex: a.hex, tile: a.tile, rotation: String(a.rotation || 0) });
    const res = await fetch(`/api/games/${id}/tile?${q}`, { credentials: 'same-origin' });
    if (!res.ok) return '';
    return tileWords((await res.json()).svg);
  } catch {
    return '';
  }
}

// why says why move m (the i-th of n) ranks where it does: how much more
// the mover's expected final worth, and their lead over the best other
// player, are after it than after the next move listed.
function why(m, i, n, who) {
  if (i === n - 1 || m.margin_over_next === undefined) {
    return n > 1 ? t('Ranked last of the moves shown: the others leave a larger lead.') : t('The only move the coach measured.');
  }
  const margin = Math.round(m.margin_over_next);
  const worth = Math.round(m.worth_over_next);
  if (margin < 0) {
    // the search keeps its rule-of-thumb move first unless another
    // measured clearly better (by more than its estimates' noise)
    return t('Ranked first though move %d measured a lead %s larger: the coach keeps its rule-of-thumb move unless another is clearly better, and with this few look-aheads that difference is within the noise.', i + 2, money(-margin));
  }
  if (worth >= 0) {
    return t('Ranked above move %d: %s\'s lead over the best other player is %s larger than after it, and %s\'s own expected worth %s higher.', i + 2, who, money(margin), who, money(worth));
  }
  return t('Ranked above move %d: %s\'s lead over the best other player is %s larger than after it, though %s\'s own expected worth is %s lower (the others gain less).', i + 2, who, money(margin), who, money(-worth));
}

/**
 * coachCard returns the hint button, the box for its answer, what the
 * button does and the answer's element ({button, box, ask, out}) for game
 * view v at
 * history position at (null: live); rules (the map's rules tables) name
 * the companies in the moves.
 */
export function coachCard(v, at, rules, reuse) {
  // reuse: the answer's element of another position's coach, taken over
  // (emptied) so that the page keeps its box from one position to the next
  const out = reuse || h('div', { class: 'coach', id: 'coach', 'aria-live': 'polite' });
  const mine = (out.coachOf = {}); // a late answer for another position is dropped
  if (out.firstChild) clear(out);
  const names = Object.fromEntries((v.seats || []).map((s) => [String(s.player_id), s.name]));
  const close = h('button', { type: 'button', class: 'small', id: 'hint-close', onclick: () => clear(out) }, 'Close the hints');
  const ask = async () => {
    if (out.coachOf !== mine) return;
    clear(out, h('p', { class: 'muted' }, 'The coach is looking ahead…'));
    const q = at !== null && at !== undefined ? `?action=${at}` : '';
    const res = await fetch(`/api/games/${v.id}/hint${q}`, { credentials: 'same-origin' });
    const ans = await res.json();
    if (out.coachOf !== mine) return;
    if (!res.ok) {
      clear(out, h('p', { class: 'error', role: 'alert' }, ans.error || res.statusText));
      return;
    }
    const st = v.state || {};
    const ctxOf = (a) => {
      const c = listedChoice(v, a);
      return { title: v.title, rules, from: c && c.from, ends: c && c.ends, effect: c && c.effect };
    };
    const who = names[ans.entity] || names[ans.player] || ans.entity;
    // a tile lay says which way the tile is turned, in the words the map's
    // text gives a tile drawn at that rotation (keyboard.js)
    const turns = await Promise.all(ans.moves.map((m) => (m.action.type === 'lay_tile' ? layWords(v.id, m.action) : '')));
    if (out.coachOf !== mine) return;
    clear(out,
      h('p', { translate: 'no' }, t('What a strong player would do for %s, best first: the coach looked %d moves ahead and ranks each move by the final worth it expects for %s after it, against the best other player\'s.', who, ans.nodes, who)),
      h('ol', {}, ans.moves.map((m, i) => h('li', { class: 'hint-move' },
        h('strong', { translate: 'no' }, describe(m.action, st, ctxOf(m.action))), turns[i] ? h('span', { class: 'hint-turn' }, ` (${turns[i]})`) : null, ' — estimated final worth: ',
        Object.entries(m.worth).map(([pid, w]) => `${names[pid] || pid} ${money(Math.round(w))}`).join(', '), '. ',
        h('span', { class: 'hint-why', translate: 'no' }, why(m, i, ans.moves.length, who))))), close);
  };
  const box = (reuse && reuse.parentNode) || h('section', { class: 'coach-box', 'aria-label': 'The coach' }, out);
  return { button: h('button', { type: 'button', id: 'hint', onclick: ask }, 'Hint'), box, ask, out };
}
