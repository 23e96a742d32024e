// Share-price effects of stock and dividend choices, computed from the map
// view's market grid (rules.market_grid) and the corporation's position
// (state share_pos), following each title's rules:
// - 1860 (rules 6.6, 7.6): the market is one zig-zag row. Each share sold
//   by a company that has operated drops the price one place (the first
//   share sold in an "ignore one sale" cell does not move it; no drop once
//   no_price_drop_on_sale is set); withholding moves it one space left on
//   its level (two places); a dividend of at least the share price moves it
//   one space right per multiple of the price, at most four.
// - 1825 (rules 4.5, 6.3): selling does not move the price; paying at most
//   half the share price leaves it; more moves it one place right, two,
//   three or four at twice, three and four times the price; withholding
//   moves it one place left.

function cellAt(grid, row, col) {
  const r = grid.rows[row];
  return r && r[col] ? { ...r[col], row, col } : null;
}

function clampCol(grid, row, col) {
  const r = grid.rows[row] || [];
  const c = Math.max(0, Math.min(r.length - 1, col));
  return cellAt(grid, row, c);
}

const step = {
  right: (g, c) => (g.zigzag ? clampCol(g, c.row, c.col + 2) : cellAt(g, c.row, c.col + 1) || c),
  left: (g, c) => (g.zigzag ? clampCol(g, c.row, c.col - 2) : cellAt(g, c.row, c.col - 1) || c),
  down: (g, c) => (g.zigzag ? clampCol(g, c.row, c.col - 1) : cellAt(g, c.row + 1, c.col) || c),
};

/** move applies n steps in direction dir from cell c; returns the end cell. */
export function move(grid, c, dir, n) {
  let x = c;
  for (let i = 0; i < n; i++) x = step[dir](grid, x);
  return x;
}

function startCell(grid, corp) {
  if (!grid || !corp || !Array.isArray(corp.share_pos)) return null;
  return cellAt(grid, corp.share_pos[0], corp.share_pos[1]);
}

/**
 * saleEffect returns {from, to, steps, text} for selling percent of corp,
 * or null when the market position is unknown.
 */
export function saleEffect(title, rules, st, corp, percent) {
  const grid = rules && rules.market_grid;
  const c = startCell(grid, corp);
  if (!c) return null;
  if (title === '1825') return { from: c, to: c, steps: 0, text: `price stays ${money(c.price)} (selling does not move it in 1825)` };
  const shares = Math.floor(percent / 10);
  if (!corp.operated) return { from: c, to: c, steps: 0, text: `price stays ${money(c.price)} (${corp.sym} has not operated yet)` };
  if (st.flags && st.flags.no_price_drop_on_sale) return { from: c, to: c, steps: 0, text: `price stays ${money(c.price)} (no drops after the 8+4)` };
  let steps = shares;
  if (c.type === 'ignore_one_sale') steps--;
  const to = move(grid, c, 'down', steps);
  return { from: c, to, steps, text: describeMove(c, to, steps, 'down', grid) };
}

/**
 * dividendEffect returns {from, to, steps, text} for paying out (kind
 * "payout") or withholding revenue; revenue may be undefined when unknown
 * (then a payout's text lists the thresholds).
 */
export function dividendEffect(title, rules, corp, kind, revenue) {
  const grid = rules && rules.market_grid;
  const c = startCell(grid, corp);
  if (!c) return null;
  if (kind !== 'payout' || revenue === 0) {
    const to = move(grid, c, 'left', 1);
    return { from: c, to, steps: 1, text: describeMove(c, to, 1, 'left', grid) };
  }
  if (revenue === undefined || revenue === null) {
    const parts = [];
    for (let k = 1; k <= 4; k++) parts.push(`${k} at ${money(k * c.price)}+ → ${money(move(grid, c, 'right', k).price)}`);
    const lead = title === '1825' ? `up to ${money(Math.floor(c.price / 2))}: stays; more: 1 right; ` : `under ${money(c.price)}: stays; `;
    return { from: c, to: null, steps: null, text: `price ${money(c.price)}: ${lead}${parts.join('; ')}` };
  }
  let n = 0;
  for (let k = 1; k <= 4; k++) if (revenue >= k * c.price) n = k;
  if (title === '1825' && n === 0 && revenue > c.price / 2) n = 1;
  const to = move(grid, c, 'right', n);
  return { from: c, to, steps: n, text: describeMove(c, to, n, 'right', grid) };
}

function describeMove(from, to, steps, dir, grid) {
  if (steps <= 0 || (from.row === to.row && from.col === to.col)) return `price stays ${money(from.price)}`;
  const unit = grid.zigzag && dir !== 'down' ? 'space' : 'place';
  const moved = grid.zigzag && dir !== 'down' ? Math.abs(to.col - from.col) / 2 : grid.zigzag ? Math.abs(to.col - from.col) : Math.abs(to.row - from.row) + Math.abs(to.col - from.col);
  const clamp = moved < steps ? ` (stops at the end of the chart after ${moved})` : '';
  const label = steps === 1 ? unit : unit + 's';
  return `price ${money(from.price)} → ${money(to.price)}: ${steps} ${label} ${dir}${clamp}${to.type === 'close' ? ' — the company closes' : ''}${to.type === 'endgame' ? ' — the game ends' : ''}`;
}

const money = (n) => '£' + n;
