// Share-price effects of sales and dividends, as the engine computes them:
// each listed sell_shares and dividend choice carries `effect` ({cash,
// revenue, price: {corporation, from, to, direction, steps, moved, unit,
// reason}}, titles/title.Effect). This module holds no rules: it only puts
// the effect into words, as a message of the catalogue (docs/i18n.md).
import { msg, msgn, render } from './i18n.js';

// moveMessage is the message of a price move, by unit and direction (the
// title's words for one move: "place" in 1825, "space" for 1860's sales);
// the prices are %s so that the count, the first %d, picks the plural
// form. Null for a unit or direction it does not know.
function moveMessage(unit, direction, from, to, n) {
  switch (`${unit} ${direction}`) {
    case 'place down': return msgn('price %s → %s: %d place down', 'price %s → %s: %d places down', from, to, n);
    case 'place left': return msgn('price %s → %s: %d place left', 'price %s → %s: %d places left', from, to, n);
    case 'place right': return msgn('price %s → %s: %d place right', 'price %s → %s: %d places right', from, to, n);
    case 'space down': return msgn('price %s → %s: %d space down', 'price %s → %s: %d spaces down', from, to, n);
    case 'space left': return msgn('price %s → %s: %d space left', 'price %s → %s: %d spaces left', from, to, n);
    case 'space right': return msgn('price %s → %s: %d space right', 'price %s → %s: %d spaces right', from, to, n);
    default: return null;
  }
}

/** effectMessage is the message of an effect's price move (null for none). */
export function effectMessage(effect) {
  const p = effect && effect.price;
  if (!p) return null;
  // the reason as the engine's message (its English words, read back by
  // the catalogue, from an engine that sends none)
  if (p.reason) return msg('price stays £%d (%v)', p.from.price, p.reason_msg && p.reason_msg.id ? { id: p.reason_msg.id, args: p.reason_msg.args || [] } : p.reason);
  if (p.steps <= 0 || (p.from.row === p.to.row && p.from.col === p.to.col)) return msg('price stays £%d', p.from.price);
  const unit = p.unit || 'place';
  let m = moveMessage(unit, p.direction, money(p.from.price), money(p.to.price), p.steps)
    || { text: `price ${money(p.from.price)} → ${money(p.to.price)}: ${p.steps} ${p.steps === 1 ? unit : unit + 's'} ${p.direction}` };
  if (p.moved < p.steps) m = msg('%v (stops at the end of the chart after %d)', m, p.moved);
  if (p.to.type === 'close') m = msg('%v — the company closes', m);
  else if (p.to.type === 'endgame') m = msg('%v — the game ends', m);
  return m;
}

/** effectText is the sentence for an effect's price move ('' for none), in the page's language. */
export function effectText(effect) {
  return render(effectMessage(effect));
}

const money = (n) => '£' + n;
