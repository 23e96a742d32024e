// The spreadsheet page (`/?game=ID&view=sheet`, `&action=N` for a history
// position): the table as 18xx players keep it. The players with cash,
// certificates, worth and liquidity; the company × player share grid with
// the director, the IPO and the pool; each company's revenue in every
// operating round, withheld marked; every column sortable. Those figures
// are the engine's: the game's state (GET /api/games/{id}) and the map's
// rules tables (GET /api/games/{id}/map: colours, every operating record,
// liquidity). The charts over the whole game come from the server's
// analysis (GET /api/games/{id}/analysis). Nothing here decides a rule.
import { h, clear, money } from './dom.js';
import { api } from './api.js';
import { trainName, companyName } from './panel.js';
import { corpColours, paintCorpChips } from './entities.js';
import { tc } from './i18n.js';

const svgNS = 'http://www.w3.org/2000/svg';
const str = (x) => String(x);
// colours of series without a company's own (players, unknown companies)
export const palette = ['#1b6ca8', '#c0392b', '#2e8b57', '#8e44ad', '#d35400', '#16a085', '#7f8c8d', '#b8860b', '#2c3e50'];

/** renderSheet draws the spreadsheet of game id into el. */
export async function renderSheet(el, id) {
  const q = new URLSearchParams(location.search);
  const at = q.get('action') === null ? null : Number(q.get('action'));
  clear(el, h('p', {}, 'Loading the spreadsheet…'));
  let v;
  let map;
  try {
    [v, map] = await Promise.all([api.view(id, at), api.map(id, at)]);
  } catch (e) {
    clear(el, h('p', { class: 'error', role: 'alert' }, e.message));
    return;
  }
  const st = v.state || {};
  const rules = (map && map.rules) || {};
  paintCorpChips(rules);
  const history = (pos) => `/?game=${id}&action=${pos}`;
  const where = at === null ? 'now' : `after move ${at} of ${v.actions}`;
  const charts = h('div', { class: 'charts', id: 'sheet-charts' },
    revenueChart(st, rules),
    h('p', { class: 'muted', id: 'sheet-charts-wait' }, 'Working out the charts of the whole game (every run is solved)…'));
  const more = h('div', { id: 'sheet-more' });
  clear(el,
    h('div', { class: 'game-head' },
      h('h1', {}, `${v.title} #${id}: spreadsheet`),
      h('a', { class: 'button', href: at === null ? `/?game=${id}` : history(at) }, 'Back to the game'),
      h('a', { class: 'button', href: `/api/games/${id}/analysis?format=csv`, download: `tresham-${id}.csv` }, 'Download as CSV')),
    h('p', { class: 'muted', id: 'sheet-where' }, `${roundText(st)}, phase ${st.phase ?? '?'}: the table ${where}. `,
      'Click a column\'s heading to sort by it (again to reverse).'),
    h('section', { class: 'card' }, h('h2', {}, 'Players'), h('div', { class: 'scroll', tabindex: '0' }, playersTable(st, rules))),
    h('section', { class: 'card' }, h('h2', {}, 'Companies: shares, treasury and revenue by operating round'),
      unfloatedToggle(), ' ', deltaToggle(),
      h('div', { class: 'scroll sheet-wide', tabindex: '0' }, companiesTable(st, rules)),
      h('p', { class: 'muted sheet-key' }, 'Shares: each player\'s percentage, ★ the director. Order: the place in this operating round\'s order, ▸ operating, ✓ done. Revenue: paid out as written, ',
        h('span', { class: 'withheld' }, '[withheld]'), ' in brackets, ', h('span', { class: 'half' }, '¦half paid¦'), ', – not operated.')),
    charts, more);
  for (const t of el.querySelectorAll('table.sheet')) labelCells(t);
  loadAnalysis(id, st, rules, charts, more);
}

/**
 * labelCells gives each body cell of table its column's heading
 * (data-label; the headings of every heading row, colspans counted) and
 * marks the cells with nothing to say (blank: empty, or – for a round not
 * operated), so that on a phone each row is drawn as a card of labelled
 * figures rather than a table wider than the screen (pages.css).
 */
export function labelCells(table) {
  const labels = [];
  for (const tr of table.tHead ? table.tHead.rows : []) {
    let col = 0;
    for (const th of tr.cells) {
      const text = th.textContent.trim();
      for (let k = 0; k < th.colSpan; k++, col++) if (text) labels[col] = labels[col] ? `${labels[col]} · ${text}` : text;
    }
  }
  for (const tr of table.tBodies[0] ? table.tBodies[0].rows : []) {
    [...tr.cells].forEach((c, i) => {
      if (labels[i]) c.dataset.label = labels[i];
      const text = c.textContent.trim();
      if (i > 0 && (text === '' || text === '–')) c.classList.add('blank');
    });
  }
}

// roundText names the round of state st as players do ("OR 4.2", "SR 3").
function roundText(st) {
  if (st.round === 'Operating') return `OR ${st.turn}.${st.round_num}`;
  if (st.round === 'Stock') return `SR ${st.turn}`;
  return st.round || 'Setup';
}

// orKey and orLabel name an operating record's round.
const orKey = (r) => r.turn * 100 + r.round;
const orLabel = (r) => `OR ${r.turn}.${r.round}`;

// runsOf is the operating records of the rules' corporations by symbol.
function runsOf(rules) {
  return Object.fromEntries(((rules && rules.corporations) || []).map((c) => [c.sym, c.runs || []]));
}

// cell is a table cell with the value it sorts by.
function cell(content, sort, attrs = {}) {
  return h('td', { ...attrs, 'data-sort': sort === null || sort === undefined ? '' : str(sort) }, content);
}

/** playersTable is the players with cash, certificates, worth, liquidity and privates (engine's figures). */
function playersTable(st, rules) {
  const liq = Object.fromEntries(((rules && rules.players) || []).map((p) => [str(p.id), p.liquidity]));
  const privates = (pid) => (st.companies || []).filter((c) => str(c.owner) === str(pid) && !c.closed);
  const limit = st.cert_limit;
  const t = h('table', { class: 'sheet sortable', id: 'sheet-players-now' },
    h('thead', {}, h('tr', {}, ['Player', 'Cash', 'Certificates', 'Worth', 'Liquidity', 'Private companies'].map((x, i) => sortHead(x, i)))),
    h('tbody', {}, (st.players || []).map((p, i) => h('tr', { 'data-player': str(p.id), 'data-seat': str(i) },
      h('th', { scope: 'row', 'data-sort': str(i) }, p.name, str(p.id) === str(st.priority_deal) ? h('span', { class: 'tag', title: 'has the priority deal' }, ' priority') : null,
        p.bankrupt ? h('span', { class: 'tag' }, ' bankrupt') : null),
      cell(money(p.cash), p.cash, { 'data-field': 'cash' }),
      cell(limit ? `${p.num_certs} of ${limit}` : str(p.num_certs), p.num_certs, { 'data-field': 'certs', title: limit ? `${p.num_certs} certificates of the limit of ${limit}` : 'no certificate limit now' }),
      cell(money(p.value), p.value, { 'data-field': 'worth' }),
      cell(money(liq[str(p.id)]), liq[str(p.id)], { 'data-field': 'liquidity', title: 'cash and what the shares would sell for now, as the sale rules allow' }),
      cell(privates(p.id).map((c) => companyName(rules, c.sym)).join(', ') || '–', privates(p.id).length, { class: 'left' })))));
  sortable(t);
  return t;
}

/**
 * companiesTable is the company × player share grid with the IPO and the
 * pool, par, price, treasury, trains and tokens, then the revenue of every
 * operating round (withheld marked), every company of the game included.
 */
function companiesTable(st, rules) {
  const runs = runsOf(rules);
  const ors = [...new Map(Object.values(runs).flat().map((r) => [orKey(r), r])).values()].sort((a, b) => orKey(a) - orKey(b));
  const players = st.players || [];
  const heads = ['Company', ...players.map((p) => p.name), 'IPO', 'Pool', 'Par', 'Price', 'Treasury', 'Trains', 'Tokens', 'Privates', 'Order', ...ors.map(orLabel)];
  // the operating order is the engine's, in an operating round only (the
  // state's order; the map's turn says who has operated)
  const order = st.round === 'Operating' ? (st.order || []).map(str) : [];
  const done = new Set(((rules && rules.turn) || {}).done || []);
  const now = ((rules && rules.turn) || {}).current || '';
  const corps = [...(st.corporations || [])].sort((a, b) => started(b) - started(a) || (b.share_price || 0) - (a.share_price || 0));
  const paid = { payout: (n) => money(n), withhold: (n) => `[${money(n)}]`, half: (n) => `¦${money(n)}¦` };
  const paidWord = { payout: 'paid out', withhold: 'withheld', half: 'half paid' };
  const t = h('table', { class: 'sheet sortable', id: 'sheet-companies' },
    h('thead', {}, h('tr', {}, heads.map((x, i) => sortHead(x, i, i > players.length + 9 ? 'or' : null)))),
    h('tbody', {}, corps.map((c) => {
      const sbo = c.shares_by_owner || {};
      const placed = (c.tokens_placed || []).length;
      const tokens = placed + (c.tokens_unplaced ?? 0);
      const mine = runs[c.sym] || [];
      const status = c.closed ? 'closed' : !started(c) ? 'not started' : c.floated ? '' : 'not floated';
      return h('tr', { 'data-sym': c.sym, class: status ? 'dim' : null, 'data-floated': c.floated && !c.closed ? '1' : '0' },
        h('th', { scope: 'row', 'data-sort': c.sym, title: companyName(rules, c.sym) },
          h('span', { class: 'corp-chip badge', 'data-sym': c.sym }, c.sym), status ? h('span', { class: 'muted' }, ` ${status}`) : null),
        players.map((p) => {
          const pct = sbo[str(p.id)] || 0;
          const dir = str(c.president) === str(p.id);
          return cell(pct ? `${pct}%${dir ? '★' : ''}` : '', pct + (dir ? 0.5 : 0), { 'data-player': str(p.id), class: dir ? 'director' : null, title: dir ? `${p.name} directs ${c.sym}` : null });
        }),
        cell(sbo.ipo ? `${sbo.ipo}%` : '', sbo.ipo || 0, { 'data-field': 'ipo' }),
        cell(sbo.market ? `${sbo.market}%` : '', sbo.market || 0, { 'data-field': 'pool' }),
        cell(c.par_price ? money(c.par_price) : '', c.par_price || 0, { 'data-field': 'par' }),
        cell(c.share_price ? money(c.share_price) : '', c.share_price || 0, { 'data-field': 'price' }),
        cell(started(c) ? money(c.cash) : '', c.cash, { 'data-field': 'treasury' }),
        cell((c.trains || []).map(trainName).join(' ') || '', (c.trains || []).length, { 'data-field': 'trains', class: 'left' }),
        cell(started(c) && tokens ? `${placed}/${tokens}` : '', placed, { 'data-field': 'tokens' }),
        cell((c.companies || []).map((co) => companyName(rules, co)).join(', '), (c.companies || []).length, { 'data-field': 'privates', class: 'left' }),
        orderCell(c.sym, order, done, now),
        ors.map((o, k) => {
          const r = mine.find((x) => orKey(x) === orKey(o));
          if (!r) return cell('–', -1, { 'data-or': orLabel(o), class: 'muted' });
          // the change from the company's run before (deltas, toggled)
          const before = mine.filter((x) => orKey(x) < orKey(o)).pop();
          const delta = r.revenue - (before ? before.revenue : 0);
          return cell((paid[r.kind] || money)(r.revenue), r.revenue, { 'data-or': orLabel(o), 'data-or-index': k, 'data-kind': r.kind, class: r.kind === 'withhold' ? 'withheld' : r.kind === 'half' ? 'half' : null,
            'data-delta': delta, 'data-total-text': (paid[r.kind] || money)(r.revenue), 'data-delta-text': signed(delta),
            title: `${c.sym} in ${orLabel(o)}: ${money(r.revenue)} ${paidWord[r.kind] || r.kind}` });
        }));
    })));
  sortable(t);
  return t;
}

// orderCell is a company's place in the operating round's order (the
// engine's), "–" outside one or for a company not in it.
function orderCell(sym, order, done, now) {
  const i = order.indexOf(sym);
  if (i < 0) return cell('–', 1e6, { 'data-field': 'order', class: 'muted' });
  const title = sym === now ? tc('sheet', '%d of %d in this operating round, operating now', i + 1, order.length)
    : done.has(sym) ? tc('sheet', '%d of %d in this operating round, has operated', i + 1, order.length)
      : tc('sheet', '%d of %d in this operating round, still to operate', i + 1, order.length);
  return cell(`${i + 1}${sym === now ? ' ▸' : done.has(sym) ? ' ✓' : ''}`, i, { 'data-field': 'order', title });
}

// signed is a change of revenue with its sign ("+£20", "−£40", "±£0").
function signed(n) {
  return n > 0 ? `+${money(n)}` : n < 0 ? `−${money(-n)}` : `±${money(0)}`;
}

// deltaToggle shows the revenue of each operating round as the change from
// the company's run before (deltas) instead of the revenue (totals), as
// 18xx.games's spreadsheet can; the choice is kept in this browser. The
// cells sort by what they show.
function deltaToggle() {
  const KEY = 'tresham.sheet.deltas';
  const on = localStorage.getItem(KEY) === '1';
  const apply = (deltas) => {
    const t = document.getElementById('sheet-companies');
    if (!t) return;
    t.classList.toggle('deltas', deltas);
    for (const c of t.querySelectorAll('td[data-delta]')) {
      c.textContent = deltas ? c.dataset.deltaText : c.dataset.totalText;
      if (c.dataset.revenue === undefined) c.dataset.revenue = c.dataset.sort;
      c.dataset.sort = deltas ? c.dataset.delta : c.dataset.revenue;
    }
  };
  const box = h('input', { type: 'checkbox', id: 'sheet-deltas', checked: on,
    onchange: (ev) => { localStorage.setItem(KEY, ev.target.checked ? '1' : '0'); apply(ev.target.checked); } });
  if (on) requestAnimationFrame(() => apply(true));
  return h('label', { class: 'sheet-toggle' }, box, ' Revenue as the change from the run before');
}

// unfloatedToggle hides the companies not floated (not started, not yet
// floated, closed) from the companies' table, as 18xx.games's spreadsheet
// can; the choice is kept in this browser.
function unfloatedToggle() {
  const KEY = 'tresham.sheet.hideUnfloated';
  const on = localStorage.getItem(KEY) === '1';
  const apply = (hide) => document.getElementById('sheet-companies')?.classList.toggle('hide-unfloated', hide);
  const box = h('input', { type: 'checkbox', id: 'sheet-hide-unfloated', checked: on,
    onchange: (ev) => { localStorage.setItem(KEY, ev.target.checked ? '1' : '0'); apply(ev.target.checked); } });
  if (on) requestAnimationFrame(() => apply(true));
  return h('label', { class: 'sheet-toggle' }, box, ' Hide the companies not floated');
}

// started tells a company that has been started (has a par or a price).
const started = (c) => (c.ipoed || c.floated || c.share_price ? 1 : 0);

// sortHead is a column heading whose button sorts the table by column i.
function sortHead(text, i, kind) {
  return h('th', { scope: 'col', 'data-col': str(i), class: kind || null },
    h('button', { type: 'button', class: 'sort link', title: `Sort by ${text}` }, text));
}

/**
 * sortable makes a table's heading buttons sort its body rows by that
 * column (numbers by their data-sort value, text otherwise), a second
 * click reversing; aria-sort says the order to screen readers.
 */
function sortable(table) {
  const heads = [...table.tHead.rows[0].cells];
  heads.forEach((th, i) => {
    th.querySelector('button').addEventListener('click', () => {
      const dir = th.getAttribute('aria-sort') === 'descending' ? 'ascending' : 'descending';
      for (const o of heads) o.removeAttribute('aria-sort');
      th.setAttribute('aria-sort', dir);
      const body = table.tBodies[0];
      const key = (tr) => {
        const c = tr.cells[i];
        const s = c ? c.dataset.sort ?? c.textContent : '';
        return s !== '' && !Number.isNaN(Number(s)) ? Number(s) : String(s).toLowerCase();
      };
      const rows = [...body.rows];
      rows.sort((a, b) => {
        const x = key(a);
        const y = key(b);
        const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return dir === 'ascending' ? c : -c;
      });
      body.append(...rows);
    });
  });
}

// loadAnalysis fills in, once the server has solved every run, the charts
// and tables of the whole game.
async function loadAnalysis(id, st, rules, charts, more) {
  let rep;
  try {
    const res = await fetch(`/api/games/${id}/analysis`, { credentials: 'same-origin' });
    rep = await res.json();
    if (!res.ok) throw new Error(rep.error || res.statusText);
  } catch (e) {
    charts.querySelector('#sheet-charts-wait')?.replaceChildren(`The charts of the whole game could not be drawn: ${e.message}`);
    return;
  }
  const [worth, prices, , left] = gameCharts(rep, id, rules);
  charts.querySelector('#sheet-charts-wait')?.remove();
  charts.append(worth, prices, left);
  more.append(...analysisTables(rep, id));
  for (const t of more.querySelectorAll('table.sheet')) labelCells(t);
}

// analysisTables are the tables of the server's analysis: each player's
// standing by round, every run beside the best, revenue left on the table
// and time spent.
function analysisTables(rep, id) {
  for (const k of ['players', 'rounds', 'operations']) rep[k] ||= [];
  rep.left_by_company ||= {};
  rep.left_by_player ||= {};
  const names = Object.fromEntries(rep.players.map((p) => [p.id, p.name]));
  const rounds = [...new Set(rep.rounds.map((r) => r.round))];
  const history = (pos) => `/?game=${id}&action=${pos}`;
  const playerTable = h('table', { class: 'sheet', id: 'sheet-players' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Round'), rep.players.map((p) => h('th', { colspan: 3 }, p.name))),
      h('tr', {}, h('th', {}), rep.players.map(() => [h('th', {}, 'Cash'), h('th', {}, 'Certificates'), h('th', {}, 'Worth (change)')]))),
    h('tbody', {}, rounds.map((rd) => h('tr', {},
      h('th', {}, h('a', { href: history(rep.rounds.find((r) => r.round === rd).position) }, rd)),
      rep.players.map((p) => {
        const r = rep.rounds.find((x) => x.round === rd && x.player === p.id);
        return r ? [h('td', {}, money(r.cash)), h('td', {}, r.certs), h('td', {}, money(r.value), ' ', h('span', { class: r.delta < 0 ? 'down' : 'up' }, `(${r.delta > 0 ? '+' : ''}${r.delta})`))] : [h('td'), h('td'), h('td')];
      })))));
  const paid = { payout: 'paid out', withhold: 'withheld', half: 'half paid' };
  const opsTable = h('table', { class: 'sheet', id: 'sheet-operations' },
    h('thead', {}, h('tr', {}, ['Round', 'Company', 'Director', 'Revenue', 'Paid', 'Per 10% share', 'Best possible', 'Left on the table', 'Treasury', 'Trains', 'Price']
      .map((t) => h('th', {}, t)))),
    h('tbody', {}, rep.operations.map((o) => h('tr', {},
      h('td', {}, h('a', { href: history(o.position) }, o.round)), h('td', {}, o.company), h('td', {}, names[o.president] || '–'),
      h('td', {}, money(o.revenue), o.subsidy ? ` + ${money(o.subsidy)} subsidy` : ''), h('td', {}, paid[o.paid] || '–'), h('td', {}, money(o.per_share)),
      h('td', {}, money(o.best_revenue), o.best_total > o.best_revenue ? ` (with subsidy ${money(o.best_total)})` : ''),
      h('td', { class: o.left > 0 ? 'down' : '' }, o.left > 0 ? money(o.left) : '–'),
      h('td', {}, money(o.treasury)), h('td', {}, (o.trains || []).join(', ') || '–'), h('td', {}, money(o.price))))));
  const leftTable = h('table', { class: 'sheet', id: 'sheet-left' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Who'), h('th', {}, 'Revenue left on the table'))),
    h('tbody', {},
      Object.entries(rep.left_by_company).map(([c, n]) => h('tr', {}, h('td', {}, c), h('td', {}, money(n)))),
      rep.players.map((p) => h('tr', {}, h('td', {}, p.name, ' (as director)'), h('td', {}, money(rep.left_by_player[String(p.id)] || 0))))));
  const dur = (s) => (s >= 3600 ? `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min` : `${Math.floor(s / 60)} min ${s % 60} s`);
  const timeTable = rep.players.some((p) => p.time_spent_s > 0) ? h('section', { class: 'card' }, h('h2', {}, 'Time spent'),
    h('div', { class: 'scroll', tabindex: '0' }, h('table', { class: 'sheet', id: 'sheet-time' },
      h('thead', {}, h('tr', {}, ['Player', 'In all', 'Stock rounds', 'Operating rounds', 'Auction'].map((t) => h('th', {}, t)))),
      h('tbody', {}, rep.players.map((p) => h('tr', {}, h('td', {}, p.name), h('td', {}, dur(p.time_spent_s)),
        ['Stock', 'Operating', 'Auction'].map((k) => h('td', {}, dur((p.by_round_s || {})[k] || 0)))))))),
    (rep.longest_waits || []).length ? h('p', { class: 'muted' }, 'Longest wait: ', dur((Date.parse(rep.longest_waits[0].to) - Date.parse(rep.longest_waits[0].from)) / 1000),
      ' for ', rep.longest_waits[0].players.map((pid) => names[pid]).join(', '), ' (', h('a', { href: history(rep.longest_waits[0].after) }, 'see the game there'), ').') : null) : null;
  return [
    h('p', { class: 'muted' }, 'Best possible is the most revenue any legal run had at that moment, found by the exact route solver. ',
      'Click a round or a point on a chart to see the game there.'),
    h('section', { class: 'card' }, h('h2', {}, 'Players by round'), h('div', { class: 'scroll', tabindex: '0' }, playerTable)),
    h('section', { class: 'card' }, h('h2', {}, 'Every run beside the best'), h('div', { class: 'scroll', tabindex: '0' }, opsTable)),
    h('section', { class: 'card' }, h('h2', {}, 'Revenue left on the table'), h('div', { class: 'scroll', tabindex: '0' }, leftTable)),
    timeTable,
  ].filter(Boolean);
}

// companyStyles gives each company of the rules (in their order) its
// badge colour and a marker of its own: shapes first, then the same
// shapes hollow, so that no two of up to 20 companies look alike even
// where their colours are close.
function companyStyles(rules, syms) {
  const cols = corpColours(rules);
  const all = [...new Set([...((rules && rules.corporations) || []).map((c) => c.sym), ...syms])];
  return Object.fromEntries(all.map((sym, i) => [sym, {
    colour: (cols[sym] || [])[0] || palette[i % palette.length],
    marker: { shape: shapes[i % shapes.length], hollow: Math.floor(i / shapes.length) % 2 === 1 },
  }]));
}

export const shapes = ['circle', 'square', 'triangle', 'diamond', 'down', 'pentagon', 'star', 'cross', 'plus', 'hexagon'];

// markerPath is an SVG path of a marker shape of radius r around (x, y).
function markerPath(shape, x, y, r) {
  const poly = (n, rot, rr = r) => Array.from({ length: n }, (_, k) => {
    const a = rot + (2 * Math.PI * k) / n;
    return `${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`;
  });
  const path = (pts) => `M${pts.join('L')}Z`;
  switch (shape) {
    case 'circle': return `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
    case 'square': return path(poly(4, Math.PI / 4, r * 1.25));
    case 'triangle': return path(poly(3, -Math.PI / 2, r * 1.3));
    case 'down': return path(poly(3, Math.PI / 2, r * 1.3));
    case 'diamond': return path(poly(4, 0, r * 1.3));
    case 'pentagon': return path(poly(5, -Math.PI / 2, r * 1.15));
    case 'hexagon': return path(poly(6, 0, r * 1.15));
    case 'star': {
      const outer = poly(5, -Math.PI / 2, r * 1.4);
      const inner = poly(5, -Math.PI / 2 + Math.PI / 5, r * 0.6);
      return path(outer.flatMap((p, k) => [p, inner[k]]));
    }
    case 'cross': {
      const a = r * 1.1;
      const w = r * 0.45;
      return path([[-a + w, -a], [0, -w], [a - w, -a], [a, -a + w], [w, 0], [a, a - w], [a - w, a], [0, w], [-a + w, a], [-a, a - w], [-w, 0], [-a, -a + w]].map(([dx, dy]) => `${(x + dx).toFixed(1)},${(y + dy).toFixed(1)}`));
    }
    default: { // plus
      const a = r * 1.2;
      const w = r * 0.45;
      return path([[-w, -a], [w, -a], [w, -w], [a, -w], [a, w], [w, w], [w, a], [-w, a], [-w, w], [-a, w], [-a, -w], [-w, -w]].map(([dx, dy]) => `${(x + dx).toFixed(1)},${(y + dy).toFixed(1)}`));
    }
  }
}

// svgEl builds an SVG element.
function svgEl(tag, attrs, ...kids) {
  const n = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) n.setAttribute(k, String(v));
  for (const k of kids) n.append(k);
  return n;
}

// markerSVG is a series' marker alone, for the legend.
function markerSVG(style) {
  return svgEl('svg', { viewBox: '0 0 16 16', width: 16, height: 16, class: 'legend-marker', 'aria-hidden': 'true' },
    svgEl('line', { x1: 0, x2: 16, y1: 8, y2: 8, stroke: style.colour, 'stroke-width': 2 }),
    svgEl('path', { d: markerPath(style.marker.shape, 8, 8, 4.5), fill: style.marker.hollow ? '#fff' : style.colour, stroke: style.marker.hollow ? style.colour : '#333', 'stroke-width': style.marker.hollow ? 2 : 1 }));
}

/** revenueChart is each company's revenue in every operating round (the engine's records), every company listed. */
function revenueChart(st, rules) {
  const runs = runsOf(rules);
  const ors = [...new Map(Object.values(runs).flat().map((r) => [orKey(r), r])).values()].sort((a, b) => orKey(a) - orKey(b));
  const syms = (st.corporations || []).map((c) => c.sym);
  const styles = companyStyles(rules, syms);
  const word = { payout: 'paid out', withhold: 'withheld', half: 'half paid' };
  return lineChart({
    id: 'chart-revenue',
    title: 'Revenue by operating round',
    labels: ors.map(orLabel),
    series: syms.map((sym) => ({
      key: sym,
      name: sym,
      chip: true,
      style: styles[sym],
      points: ors.map((o) => {
        const r = (runs[sym] || []).find((x) => orKey(x) === orKey(o));
        return r && { y: r.revenue, note: `${sym} in ${orLabel(o)}: ${money(r.revenue)} ${word[r.kind] || r.kind}` };
      }),
    })),
  });
}

/**
 * gameCharts draws the charts of an analysis report of game id (net worth
 * by round, share price after each operating round, revenue by operating
 * round, revenue left on the table), each point naming itself and linking
 * to that position in the game's history; rules (the map's, optional)
 * give the companies their badge colours.
 */
export function gameCharts(report, id, rules) {
  // a game ended before any round or run has none (the lists come as null)
  const rep = { ...report, rounds: report.rounds || [], operations: report.operations || [], players: report.players || [] };
  const rounds = [...new Set(rep.rounds.map((r) => r.round))];
  const byRound = (pid) => rounds.map((rd) => rep.rounds.find((r) => r.round === rd && r.player === pid));
  const history = (pos) => `/?game=${id}&action=${pos}`;
  const worth = lineChart({
    id: 'chart-worth',
    title: 'Net worth by round',
    labels: rounds,
    series: rep.players.map((p, k) => ({
      key: String(p.id),
      name: p.name,
      style: { colour: palette[k % palette.length], marker: { shape: shapes[k % shapes.length], hollow: false } },
      points: byRound(p.id).map((r) => r && { y: r.value, href: history(r.position), note: `${p.name} after ${r.round}: ${money(r.value)}` }),
    })),
  });
  const syms = [...new Set([...((rules && rules.corporations) || []).map((c) => c.sym), ...rep.operations.map((o) => o.company)])];
  const styles = companyStyles(rules, syms);
  const orLabels = [...new Set(rep.operations.map((o) => o.round))];
  const perOR = (sym, f, note) => orLabels.map((rd) => {
    const o = rep.operations.find((x) => x.round === rd && x.company === sym);
    return o && { y: f(o), href: history(o.position), note: note(o) };
  });
  const series = (f, note) => syms.map((c) => ({ key: c, name: c, chip: true, style: styles[c], points: perOR(c, f, note) }));
  const prices = lineChart({ id: 'chart-price', title: 'Share price after each operating round', labels: orLabels,
    series: series((o) => o.price, (o) => `${o.company} in ${o.round}: price ${money(o.price)}`) });
  const revenue = lineChart({ id: 'chart-revenue-runs', title: 'Revenue by operating round', labels: orLabels,
    series: series((o) => o.revenue, (o) => `${o.company} in ${o.round}: ran ${money(o.revenue)}, best ${money(o.best_revenue)}`) });
  // left on the table: what each company's runs fell short of the exact
  // best run at their positions, added up over the game
  const left = lineChart({
    id: 'chart-left',
    title: 'Revenue left on the table (added up)',
    labels: orLabels,
    series: syms.map((c) => {
      let sum = 0;
      return {
        key: c,
        name: c,
        chip: true,
        style: styles[c],
        points: orLabels.map((rd) => {
          const o = rep.operations.find((x) => x.round === rd && x.company === c);
          if (!o) return null;
          sum += o.left || 0;
          return { y: sum, href: history(o.position), note: `${c} in ${rd}: ran ${money(o.revenue)}, the best run was ${money(o.best_revenue)}; ${money(sum)} left so far` };
        }),
      };
    }),
  });
  return [worth, prices, revenue, left];
}

/**
 * niceTicks are the money axis's ticks from 0 to at least top: steps of 1,
 * 2 or 5 times a power of ten, never below £1, so that no two ticks read
 * alike.
 */
export function niceTicks(top) {
  const want = Math.max(top, 1) / 4;
  const p = 10 ** Math.floor(Math.log10(want));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * p).find((s) => s >= want));
  const n = Math.max(1, Math.ceil(Math.max(top, 1) / step));
  return Array.from({ length: n + 1 }, (_, k) => k * step);
}

// axisMoney writes an axis amount (thousands grouped).
const axisMoney = (n) => '£' + n.toLocaleString('en-GB');

// lineChart draws series of points (null: no point) over labels as an SVG
// line chart, each series in its colour with its marker, and a legend
// naming every series (those with no point too); each point names itself
// and links to history when it has an href.
export function lineChart({ id, title, labels, series }) {
  // a phone gets a narrower drawing, so that its text is not shrunk
  const W = window.innerWidth < 600 ? 360 : 640, H = window.innerWidth < 600 ? 240 : 270, T = 12, B = 42;
  const ys = series.flatMap((s) => s.points.filter(Boolean).map((p) => p.y));
  const ticks = niceTicks(Math.max(0, ...ys));
  const top = ticks[ticks.length - 1];
  const L = 14 + 7 * axisMoney(top).length; // room for the widest amount
  const R = 16 + 3 * String(labels[labels.length - 1] || '').length; // the last label, centred on the edge, fits
  const x = (i) => L + (labels.length > 1 ? (i * (W - L - R)) / (labels.length - 1) : (W - L - R) / 2);
  const y = (v) => T + (H - T - B) * (1 - v / top);
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'group', 'aria-label': title });
  for (const v of ticks) {
    svg.append(svgEl('line', { x1: L, x2: W - R, y1: y(v), y2: y(v), class: 'grid' }),
      svgEl('text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'axis' }, axisMoney(v)));
  }
  // as many round labels as fit, the last always shown
  const room = Math.max(1, Math.floor((W - L - R) / 46));
  const every = Math.max(1, Math.ceil(labels.length / room));
  labels.forEach((lb, i) => {
    const last = i === labels.length - 1;
    if (i % every !== 0 && !last) return;
    if (!last && labels.length - 1 - i < every) return; // would crowd the last one
    svg.append(svgEl('text', { x: x(i), y: H - B + 16, 'text-anchor': 'middle', class: 'axis' }, lb));
  });
  for (const s of series) {
    const g = svgEl('g', { class: 'series', 'data-series': s.key });
    const pts = s.points.map((p, i) => p && [x(i), y(p.y)]).filter(Boolean);
    if (pts.length > 1) {
      const d = pts.map((p) => p.map((n) => n.toFixed(1)).join(',')).join(' ');
      // a dark casing under the line keeps light colours visible on white
      g.append(svgEl('polyline', { points: d, fill: 'none', stroke: '#555', 'stroke-width': 3.5, 'stroke-opacity': 0.5 }),
        svgEl('polyline', { points: d, fill: 'none', stroke: s.style.colour, 'stroke-width': 2 }));
    }
    s.points.forEach((p, i) => {
      if (!p) return;
      const hollow = s.style.marker.hollow;
      const dot = svgEl('path', { d: markerPath(s.style.marker.shape, x(i), y(p.y), 4.5), class: 'marker', 'data-shape': s.style.marker.shape,
        fill: hollow ? '#fff' : s.style.colour, stroke: hollow ? s.style.colour : '#333', 'stroke-width': hollow ? 2 : 1 }, svgEl('title', {}, p.note));
      g.append(p.href ? svgEl('a', { href: p.href }, dot) : dot);
    });
    svg.append(g);
  }
  // the series with points first, then those without (listed all the same)
  const ranked = [...series.filter((s) => s.points.some(Boolean)), ...series.filter((s) => !s.points.some(Boolean))];
  const legend = h('ul', { class: 'legend' }, ranked.map((s) => {
    const none = !s.points.some(Boolean);
    return h('li', { 'data-series': s.key, class: none ? 'muted' : null },
      markerSVG(s.style), ' ', s.chip ? h('span', { class: 'corp-chip badge', 'data-sym': s.key }, s.name) : s.name, none ? ' (no run)' : '');
  }));
  return h('figure', { class: 'card chart-card', id }, h('figcaption', {}, title), svg, legend);
}
