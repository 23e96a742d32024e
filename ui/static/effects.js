// Share-price effects of sales and dividends, as the engine computes them:
// each listed sell_shares and dividend choice carries `effect` ({cash,
// revenue, price: {corporation, from, to, direction, steps, moved, unit,
// reason}}, titles/title.Effect). This module holds no rules: it only puts
// the effect into words.

/** effectText is the sentence for an effect's price move ('' for none). */
export function effectText(effect) {
  const p = effect && effect.price;
  if (!p) return '';
  if (p.reason) return `price stays ${money(p.from.price)} (${p.reason})`;
  if (p.steps <= 0 || (p.from.row === p.to.row && p.from.col === p.to.col)) return `price stays ${money(p.from.price)}`;
  const unit = p.unit || 'place';
  const clamp = p.moved < p.steps ? ` (stops at the end of the chart after ${p.moved})` : '';
  const label = p.steps === 1 ? unit : unit + 's';
  const end = p.to.type === 'close' ? ' — the company closes' : p.to.type === 'endgame' ? ' — the game ends' : '';
  return `price ${money(p.from.price)} → ${money(p.to.price)}: ${p.steps} ${label} ${p.direction}${clamp}${end}`;
}

const money = (n) => '£' + n;
