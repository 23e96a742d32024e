// Programmed moves: standing orders for the stock round that the server
// carries out on the player's turns (docs/api.md, Programmed moves). The
// card shows the viewer's program, why the last one stopped, and sets or
// cancels one in plain words.
import { h } from './dom.js';

const programTitles = ['1860', '1825'];

/** programsCard is the "Programmed moves" card of the viewer's seats;
 * null in history, before the start, after the end, for spectators. */
export function programsCard(page) {
  const v = page.view;
  if (page.at !== null || v.status !== 'active' || v.finished || !(v.you || []).length || !programTitles.includes(v.title)) return null;
  const st = v.state || {};
  const programs = v.programs || [];
  const names = new Map((st.players || []).map((p) => [p.id, p.name]));
  const several = (v.you || []).length > 1;
  const seats = (v.you || []).map((pid) => {
    const p = programs.find((x) => x.player === pid) || { player: pid };
    return seatBlock(page, st, p, several ? names.get(pid) || `Player ${pid}` : '');
  });
  return h('section', { class: 'card programs', id: 'programs', 'aria-labelledby': 'programs-title' },
    h('h2', { id: 'programs-title' }, 'Programmed moves'),
    h('p', { class: 'muted' }, 'Leave an order for the stock round: the server makes the move on your turns, even while you are away, and stops it if another player’s move may change your mind.'),
    seats);
}

function seatBlock(page, st, p, who) {
  const pid = p.player;
  const idp = `prog-${pid}`;
  // the move, then the server's view: it holds the programs as the server
  // keeps them (a program is the player's own, not part of the shared state)
  const act = async (action) => {
    await page.act(Object.assign({ entity: pid, entity_type: 'player' }, action));
    if (!page.error) await page.reload();
  };
  const status = p.active
    ? h('p', { class: 'program-active', id: `${idp}-active`, role: 'status' }, h('strong', {}, 'Active: '), p.active.text + '.',
      ' ', h('button', { type: 'button', id: `${idp}-cancel`, onclick: () => act({ type: 'program_disable', reason: 'cancelled by the player' }) }, 'Cancel it'))
    : h('p', { id: `${idp}-active`, role: 'status' }, 'No programmed move is set.');
  const stopped = p.stopped
    ? h('p', { class: 'muted', id: `${idp}-stopped` }, `Your last order (${p.stopped.program}) stopped: ${p.stopped.reason}.`)
    : null;

  // pass
  const unconditional = h('input', { type: 'checkbox', id: `${idp}-uncond` });
  const indefinite = h('input', { type: 'checkbox', id: `${idp}-indef` });
  const pass = h('form', { class: 'program-form', onsubmit: (ev) => {
    ev.preventDefault();
    act({ type: 'program_share_pass', unconditional: unconditional.checked, indefinite: indefinite.checked });
  } },
  h('fieldset', {}, h('legend', {}, 'Pass'),
    h('div', {}, h('label', {}, unconditional, ' even if another player’s move may threaten me')),
    h('div', {}, h('label', {}, indefinite, ' in every stock round until I cancel it')),
    h('div', {}, h('button', { type: 'submit', id: `${idp}-pass` }, 'Pass in this stock round'))));

  // buy
  const corps = (st.corporations || []).filter((c) => c.ipoed && !c.closed);
  let buy = null;
  if (corps.length) {
    const corp = h('select', { id: `${idp}-corp`, 'aria-label': 'Company to buy' }, corps.map((c) => h('option', { value: c.sym }, c.sym)));
    const source = h('select', { id: `${idp}-source`, 'aria-label': 'Buy from' },
      h('option', { value: 'ipo' }, 'from the initial offering'), h('option', { value: 'market' }, 'from the market'));
    const until = h('select', { id: `${idp}-until`, 'aria-label': 'Until' },
      h('option', { value: 'float' }, 'until it floats'),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => h('option', { value: String(n) }, `until I hold ${n} share${n === 1 ? '' : 's'}`)));
    const then = h('input', { type: 'checkbox', id: `${idp}-then-pass` });
    buy = h('form', { class: 'program-form', onsubmit: (ev) => {
      ev.preventDefault();
      act({ type: 'program_buy_shares', corporation: corp.value, from_market: source.value === 'market',
        until_condition: until.value === 'float' ? 'float' : parseInt(until.value, 10), auto_pass_after: then.checked });
    } },
    h('fieldset', {}, h('legend', {}, 'Buy'),
      h('div', {}, 'Buy shares of ', corp, ' ', source, ' ', until, ', one a turn'),
      h('div', {}, h('label', {}, then, ' then pass for the rest of the stock round')),
      h('div', {}, h('button', { type: 'submit', id: `${idp}-buy` }, 'Set this order'))));
  }
  return h('div', { class: 'program-seat' }, who ? h('h3', {}, who) : null, status, stopped, pass, buy);
}
