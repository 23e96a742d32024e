// The spreadsheet page (`/?game=ID&view=sheet`): the game as 18xx players
// tabulate it, with charts drawn as SVG in the page. Every figure comes from
// the server's analysis (GET /api/games/{id}/analysis); nothing is computed
// here but layout.
import { h, clear, money } from './dom.js';

const svgNS = 'http://www.w3.org/2000/svg';
const palette = ['#1b6ca8', '#c0392b', '#2e8b57', '#8e44ad', '#d35400', '#16a085', '#7f8c8d', '#b8860b', '#2c3e50'];

/** renderSheet draws the spreadsheet of game id into el. */
export async function renderSheet(el, id) {
  clear(el, h('p', {}, 'Working out the spreadsheet (every run is solved)…'));
  const res = await fetch(`/api/games/${id}/analysis`, { credentials: 'same-origin' });
  const rep = await res.json();
  if (!res.ok) {
    clear(el, h('p', { class: 'error', role: 'alert' }, rep.error || res.statusText));
    return;
  }
  for (const k of ['players', 'rounds', 'operations']) rep[k] ||= [];
  rep.left_by_company ||= {};
  rep.left_by_player ||= {};
  const names = Object.fromEntries(rep.players.map((p) => [p.id, p.name]));
  const rounds = [...new Set(rep.rounds.map((r) => r.round))];
  const history = (pos) => `/?game=${id}&action=${pos}`;
  const [worth, prices, revenue, left] = gameCharts(rep, id);

  const playerTable = h('table', { class: 'sheet', id: 'sheet-players' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Round'), rep.players.map((p) => h('th', { colspan: 3 }, p.name))),
      h('tr', {}, h('th', {}), rep.players.map(() => [h('th', {}, 'Cash'), h('th', {}, 'Certificates'), h('th', {}, 'Value (change)')]))),
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
      ' for ', rep.longest_waits[0].players.map((id) => names[id]).join(', '), ' (', h('a', { href: history(rep.longest_waits[0].after) }, 'see the game there'), ').') : null) : null;
  clear(el,
    h('div', { class: 'game-head' },
      h('h1', {}, `${rep.title} #${id}: spreadsheet`),
      h('a', { class: 'button', href: `/?game=${id}` }, 'Back to the game'),
      h('a', { class: 'button', href: `/api/games/${id}/analysis?format=csv`, download: `tresham-${id}.csv` }, 'Download as CSV')),
    h('p', { class: 'muted' }, 'Best possible is the most revenue any legal run had at that moment, found by the exact route solver. ',
      'Click a round or a point on a chart to see the game there.'),
    h('div', { class: 'charts' }, worth, prices, revenue, left),
    h('section', { class: 'card' }, h('h2', {}, 'Players by round'), h('div', { class: 'scroll', tabindex: '0' }, playerTable)),
    h('section', { class: 'card' }, h('h2', {}, 'Operating rounds'), h('div', { class: 'scroll', tabindex: '0' }, opsTable)),
    h('section', { class: 'card' }, h('h2', {}, 'Revenue left on the table'), h('div', { class: 'scroll', tabindex: '0' }, leftTable)),
    timeTable);
}

/**
 * gameCharts draws the three charts of an analysis rep of game id (net
 * worth by round, share price and revenue by operating round), each point
 * naming itself and linking to that position in the game's history.
 */
export function gameCharts(report, id) {
  // a game ended before any round or run has none (the lists come as null)
  const rep = { ...report, rounds: report.rounds || [], operations: report.operations || [], players: report.players || [] };
  const rounds = [...new Set(rep.rounds.map((r) => r.round))];
  const byRound = (pid) => rounds.map((rd) => rep.rounds.find((r) => r.round === rd && r.player === pid));
  const history = (pos) => `/?game=${id}&action=${pos}`;
  const worth = lineChart({
    title: 'Net worth by round',
    labels: rounds,
    series: rep.players.map((p) => ({ name: p.name, points: byRound(p.id).map((r) => r && { y: r.value, href: history(r.position), note: `${p.name} after ${r.round}: ${money(r.value)}` }) })),
  });
  const companies = [...new Set(rep.operations.map((o) => o.company))];
  const orLabels = [...new Set(rep.operations.map((o) => o.round))];
  const price = (o) => o.price;
  const perOR = (sym, f) => orLabels.map((rd) => {
    const o = rep.operations.find((x) => x.round === rd && x.company === sym);
    return o && { y: f(o), href: history(o.position), note: `${sym} in ${rd}: ${f === price ? 'price ' + money(o.price) : `ran ${money(o.revenue)}, best ${money(o.best_revenue)}`}` };
  });
  const prices = lineChart({ title: 'Share price after each operating round', labels: orLabels, series: companies.map((c) => ({ name: c, points: perOR(c, price) })) });
  const revenue = lineChart({ title: 'Revenue by operating round', labels: orLabels, series: companies.map((c) => ({ name: c, points: perOR(c, (o) => o.revenue) })) });
  // left on the table: what each company's runs fell short of the exact
  // best run at their positions, added up over the game
  const left = lineChart({
    title: 'Revenue left on the table (added up)',
    labels: orLabels,
    series: companies.map((c) => {
      let sum = 0;
      return {
        name: c,
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

// lineChart draws series of points (null: no point) over labels as an SVG
// line chart with a legend; each point names itself and links to history.
function lineChart({ title, labels, series }) {
  const W = 640, H = 260, L = 56, R = 12, T = 12, B = 40;
  const ys = series.flatMap((s) => s.points.filter(Boolean).map((p) => p.y));
  const top = niceMax(Math.max(1, ...ys));
  const x = (i) => L + (labels.length > 1 ? (i * (W - L - R)) / (labels.length - 1) : (W - L - R) / 2);
  const y = (v) => T + (H - T - B) * (1 - v / top);
  const el = (tag, attrs, ...kids) => {
    const n = document.createElementNS(svgNS, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
    for (const k of kids) n.append(k);
    return n;
  };
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'group', 'aria-label': title });
  for (let k = 0; k <= 4; k++) {
    const v = (top * k) / 4;
    svg.append(el('line', { x1: L, x2: W - R, y1: y(v), y2: y(v), class: 'grid' }),
      el('text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'axis' }, '£' + Math.round(v)));
  }
  const every = Math.max(1, Math.ceil(labels.length / 10));
  labels.forEach((lb, i) => {
    if (i % every === 0) svg.append(el('text', { x: x(i), y: H - B + 16, 'text-anchor': 'middle', class: 'axis' }, lb));
  });
  series.forEach((s, k) => {
    const colour = palette[k % palette.length];
    const pts = s.points.map((p, i) => p && [x(i), y(p.y)]).filter(Boolean);
    if (pts.length > 1) svg.append(el('polyline', { points: pts.map((p) => p.join(',')).join(' '), fill: 'none', stroke: colour, 'stroke-width': 2 }));
    s.points.forEach((p, i) => {
      if (!p) return;
      const dot = el('circle', { cx: x(i), cy: y(p.y), r: 4, fill: colour }, el('title', {}, p.note));
      svg.append(p.href ? el('a', { href: p.href }, dot) : dot);
    });
  });
  const legend = h('p', { class: 'legend' }, series.map((s, k) => h('span', {}, h('span', { class: 'swatch', 'data-colour': palette[k % palette.length] }), ' ', s.name)));
  for (const sw of legend.querySelectorAll('.swatch')) sw.style.background = sw.dataset.colour;
  return h('figure', { class: 'card chart-card' }, h('figcaption', {}, title), svg, legend);
}

// niceMax rounds a chart's top up to 1, 2 or 5 times a power of ten.
function niceMax(v) {
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 5, 10]) if (v <= m * p) return m * p;
  return 10 * p;
}
