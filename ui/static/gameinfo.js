// Game information beside the board: how the game ends (with where the
// game stands against each condition now), and at the game end the charts
// of the whole game.
import { h, money } from './dom.js';
import { gameCharts } from './sheet.js';

// marketTop is the highest price of the stock market.
function marketTop(map) {
  const rows = (map && map.rules && map.rules.market_grid && map.rules.market_grid.rows) || [];
  return Math.max(0, ...rows.flat().filter(Boolean).map((c) => c.price));
}

/** rulesOfNote says, for a game imported from 18xx.games, which of the site's rules it replays under (the view's rules_of: "today" or a day), or is null. */
export function rulesOfNote(v) {
  if (!v.rules_of) return null;
  return h('p', { class: 'muted', id: 'rules-of' }, v.rules_of === 'today'
    ? "Imported from 18xx.games: replayed under the site's current rules."
    : `Imported from 18xx.games: replayed under the site's rules as of ${v.rules_of}, since a later change to them does not replay it.`);
}

/** endConditions is the card saying how the game ends and how near each condition is. */
export function endConditions(v, st, map) {
  const top = marketTop(map);
  const corps = (st.corporations || []).filter((c) => c.share_price && !c.closed);
  const high = corps.sort((a, b) => b.share_price - a.share_price)[0];
  const highText = high ? ` Highest now: ${high.sym} at ${money(high.share_price)}.` : ' No company has a price yet.';
  const bank = st.bank_broken ? ' The bank has broken.' : ` The bank holds ${money(st.bank_cash)}.`;
  const items = {
    1860: [
      ['market', `A share price reaches the top of the market (${money(top)}): the game ends at the end of that operating round.${highText}`],
      ['bank', `The bank runs out of money: the game ends at the end of the operating round (of the next one, when it runs out in a stock round).${bank}`],
      ['nationalisation', `Nationalisation: after the first 9+5 train, once every company with a director has a train at the end of a round, the railways are nationalised; companies then close two by two until one or two are left. Phase now: ${st.phase ?? '?'}.`],
    ],
    1825: [
      ['bank', `The bank runs out of money: the operating round in progress is finished, then the game ends.${bank}`],
      ['market', `A share value reaches the top of the market (${money(top)}): the game ends at the end of that company's turn.${highText}`],
    ],
  }[v.title];
  if (!items) return null;
  return h('section', { class: 'card end-conditions', id: 'end-conditions' }, h('h2', {}, 'How the game ends'),
    h('ul', {}, items.map(([k, text]) => h('li', { 'data-condition': k }, text))),
    h('p', { class: 'muted' }, 'Players then score cash, shares at their market price and private companies still open at face value. ',
      h('a', { href: `/?help=${encodeURIComponent(v.title)}#end`, target: '_blank', rel: 'noopener' }, 'The rule')),
    rulesOfNote(v));
}

/** endCharts is the game end's charts of the whole game (loaded once per page). */
export function endCharts(page) {
  const box = h('div', { class: 'charts', id: 'end-charts' }, h('p', { class: 'muted' }, 'Drawing the charts of the whole game…'));
  const fill = (rep) => box.replaceChildren(...gameCharts(rep, page.id));
  if (page.endReport) {
    fill(page.endReport);
  } else {
    fetch(`/api/games/${page.id}/analysis`, { credentials: 'same-origin' })
      .then(async (r) => { const rep = await r.json(); if (!r.ok) throw new Error(rep.error || r.statusText); return rep; })
      .then((rep) => { page.endReport = rep; fill(rep); })
      .catch((e) => box.replaceChildren(h('p', { class: 'error' }, `The charts could not be drawn: ${e.message}`)));
  }
  return box;
}
