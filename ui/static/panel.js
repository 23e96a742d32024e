// The action panel, built only from the view's legal choices: nothing that
// is not legal is offered; server refusals are shown as they come.
import { api } from './api.js';
import { h, clear, money } from './dom.js';
import { routeColour } from './mapview.js';

const ORDER = ['bid', 'par', 'buy_shares', 'sell_shares', 'buy_company', 'lay_tile', 'place_token', 'run_routes', 'dividend', 'buy_train', 'discard_train'];

function nameOf(st, id) {
  const p = (st.players || []).find((x) => String(x.id) === String(id));
  return p ? p.name : String(id);
}

function corpOfShare(s) { return String(s).split('_')[0]; }

function corpState(st, sym) { return (st.corporations || []).find((c) => c.sym === sym) || {}; }

/** describe is a one-line text of an action. */
export function describe(a, st) {
  switch (a.type) {
    case 'pass': return 'Pass';
    case 'bid': return `Bid ${money(a.price)}` + (a.company ? ` on ${a.company}` : '');
    case 'par': return `Par ${a.corporation} at ${money(Number(String(a.share_price).split(',')[0]))}`;
    case 'buy_shares': {
      const c = corpOfShare(a.shares[0]);
      const cs = corpState(st, c);
      return `Buy ${a.percent}% of ${c} (${a.shares.join(', ')})${cs.share_price ? ' at ' + money(cs.share_price) : ''}`;
    }
    case 'sell_shares': {
      const c = corpOfShare(a.shares[0]);
      const cs = corpState(st, c);
      const n = a.shares.length;
      return `Sell ${a.percent}% of ${c}${cs.share_price ? ` for ${money(cs.share_price * a.percent / 10)}` : ''} — the price falls (${n} certificate${n > 1 ? 's' : ''} sold)`;
    }
    case 'buy_company': return `Buy ${a.company} for ${money(a.price)}`;
    case 'lay_tile': return `Lay ${a.tile} on ${a.hex} (rotation ${a.rotation})`;
    case 'place_token': return `Place a token in ${a.city}` + (a.slot !== undefined ? ` slot ${a.slot + 1}` : '');
    case 'dividend': return a.kind === 'payout' ? 'Pay out (share price moves up)' : a.kind === 'withhold' ? 'Withhold (share price moves down)' : `Dividend: ${a.kind}`;
    case 'buy_train': return `Buy train ${a.train} for ${money(a.price)}` + (a.variant ? ` as ${a.variant}` : '');
    case 'discard_train': return `Discard train ${a.train}`;
    case 'run_routes': return 'Run routes';
    default: {
      const rest = Object.entries(a).filter(([k]) => !['type', 'entity', 'entity_type'].includes(k)).map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(',') : v}`);
      return `${a.type.replace(/_/g, ' ')}${rest.length ? ': ' + rest.join('; ') : ''}`;
    }
  }
}

/** renderPanel fills el with the page's action panel. */
export function renderPanel(el, page) {
  const v = page.view;
  const st = v.state || {};
  page.onHex = null;
  page.onCity = null;
  page.afterDraw = null;
  const err = h('p', { class: 'error', role: 'alert', id: 'action-error' }, page.error || '');
  const parts = [h('h2', {}, 'Actions'), err];
  if (page.at !== null) {
    parts.push(h('p', {}, 'You are viewing the game at an earlier action. ', h('button', { type: 'button', onclick: () => page.seek(null) }, 'Back to the live game')));
    clear(el, parts);
    return;
  }
  const legal = v.legal || {};
  const ents = Object.keys(legal);
  if (!ents.length) parts.push(h('p', { class: 'muted' }, v.finished ? 'The game is over.' : 'Nothing for you to do now.'));
  const highlights = { hexes: [], cities: [] };
  for (const ent of ents) {
    parts.push(entityBox(page, ent, legal[ent], st, highlights));
  }
  if (v.can_undo || v.can_redo) {
    const undo = async (fn) => {
      page.error = '';
      try { await fn(page.id, v.actions); } catch (e) { page.error = e.message; }
      await page.reload();
    };
    parts.push(h('div', { class: 'row undo' },
      v.can_undo ? h('button', { type: 'button', id: 'undo', onclick: () => undo(api.undo) }, 'Undo') : null,
      v.can_redo ? h('button', { type: 'button', id: 'redo', onclick: () => undo(api.redo) }, 'Redo') : null));
  }
  clear(el, parts);
  page.afterDraw = () => {
    if (!page.mapUI) return;
    page.mapUI.highlight(highlights.hexes, highlights.cities);
    if (page.sel.hex) page.mapUI.select(page.sel.hex);
    if (page.routes) page.mapUI.drawRoutes(page.routes.routes);
  };
}

function entityBox(page, ent, choices, st, highlights) {
  const isPlayer = (st.players || []).some((p) => String(p.id) === ent);
  const groups = {};
  for (const c of choices) (groups[c.action.type] ||= []).push(c);
  const types = Object.keys(groups).sort((a, b) => {
    const ia = ORDER.indexOf(a) < 0 ? 50 : ORDER.indexOf(a);
    const ib = ORDER.indexOf(b) < 0 ? 50 : ORDER.indexOf(b);
    return (a === 'pass') - (b === 'pass') || ia - ib;
  });
  const box = h('fieldset', { class: 'entity', 'data-entity': ent },
    h('legend', {}, isPlayer ? nameOf(st, ent) : h('span', { class: 'corp-chip', 'data-sym': ent }, ent),
      isPlayer ? '' : ` (${nameOf(st, corpState(st, ent).president)})`));
  for (const t of types) {
    const cs = groups[t];
    switch (t) {
      case 'bid': box.append(...cs.map((c) => priceChoice(page, c, 'Bid', st))); break;
      case 'par': box.append(parChoice(page, cs, st)); break;
      case 'lay_tile': box.append(layTile(page, ent, cs, st, highlights)); break;
      case 'place_token': box.append(placeToken(page, cs, st, highlights)); break;
      case 'run_routes': box.append(runRoutes(page, ent, cs[0], st)); break;
      case 'buy_train':
        box.append(h('div', { class: 'group' }, h('h3', {}, 'Buy a train'), cs.map((c) => (c.max_price && c.max_price > c.action.price ? priceChoice(page, c, 'Buy', st) : button(page, c, st)))));
        break;
      default:
        box.append(h('div', { class: 'group', 'data-type': t }, cs.map((c) => button(page, c, st))));
    }
  }
  return box;
}

function button(page, c, st) {
  const a = c.action;
  return h('button', { type: 'button', class: 'choice ' + a.type, 'data-type': a.type, onclick: () => page.act(a) }, describe(a, st));
}

function priceChoice(page, c, verb, st) {
  const a = c.action;
  const id = `price-${a.type}-${a.company || a.train || ''}`;
  const input = h('input', { type: 'number', id, min: a.price, max: c.max_price || a.price, step: c.price_step || 1, value: a.price, 'aria-label': `${verb} price` });
  return h('form', { class: 'row price-choice', 'data-type': a.type, onsubmit: (ev) => {
    ev.preventDefault();
    const p = Number(input.value);
    if (!(p >= a.price && p <= (c.max_price || a.price))) {
      page.error = `The price must be between ${money(a.price)} and ${money(c.max_price || a.price)}.`;
      page.reload();
      return;
    }
    page.act({ ...a, price: p });
  } },
  h('label', { for: id }, describe({ ...a, price: undefined }, st).replace(/ undefined|£undefined|–/g, '').trim() || verb, ' '),
  input, h('button', { type: 'submit', class: 'choice ' + a.type }, verb),
  h('small', { class: 'muted' }, ` ${money(a.price)}–${money(c.max_price || a.price)}`));
}

function parChoice(page, cs, st) {
  const byCorp = {};
  for (const c of cs) (byCorp[c.action.corporation] ||= []).push(c);
  return h('div', { class: 'group par' }, h('h3', {}, 'Start a corporation'), Object.entries(byCorp).map(([corp, list]) => {
    const sel = h('select', { 'aria-label': `Par price for ${corp}`, class: 'par-price', 'data-corp': corp },
      list.map((c, i) => h('option', { value: i }, money(Number(String(c.action.share_price).split(',')[0])))));
    return h('form', { class: 'row', onsubmit: (ev) => { ev.preventDefault(); page.act(list[Number(sel.value)].action); } },
      h('span', { class: 'corp-chip', 'data-sym': corp }, corp), ' at ', sel, h('button', { type: 'submit', class: 'choice par' }, `Par ${corp}`));
  }));
}

function layTile(page, ent, cs, st, highlights) {
  const byHex = {};
  for (const c of cs) (byHex[c.action.hex] ||= []).push(c);
  const hexes = Object.keys(byHex).sort();
  highlights.hexes.push(...hexes);
  const sel = page.sel;
  const pick = (hex) => { if (byHex[hex]) { page.sel = { hex }; page.rerenderPanel(); } };
  page.onHex = pick;
  const g = h('div', { class: 'group lay' }, h('h3', {}, 'Lay or upgrade track'));
  g.append(h('p', { class: 'muted' }, 'Pick a highlighted hex on the map or here:'),
    h('div', { class: 'hex-list' }, hexes.map((hx) => h('button', { type: 'button', class: 'hex-pick' + (sel.hex === hx ? ' on' : ''), 'data-hex': hx, 'aria-pressed': sel.hex === hx ? 'true' : 'false', onclick: () => pick(hx) }, hx))));
  if (sel.hex && byHex[sel.hex]) {
    const list = byHex[sel.hex];
    const tiles = [...new Set(list.map((c) => c.action.tile))];
    const cost = page.mapUI ? page.mapUI.hexCost(sel.hex) : 0;
    g.append(h('p', {}, `Hex ${sel.hex}`, cost ? ` — terrain cost ${money(cost)}` : ' — no terrain cost'),
      h('div', { class: 'tile-list' }, tiles.map((t) => h('button', { type: 'button', class: 'tile-pick' + (sel.tile === t ? ' on' : ''), 'data-tile': t, 'aria-pressed': sel.tile === t ? 'true' : 'false', onclick: () => { page.sel = { hex: sel.hex, tile: t, rot: 0 }; page.rerenderPanel(); } }, `Tile ${t.split('-')[0]}`))));
    if (sel.tile) {
      const rots = list.filter((c) => c.action.tile === sel.tile);
      const i = Math.min(sel.rot || 0, rots.length - 1);
      const c = rots[i];
      g.append(h('div', { class: 'row' },
        h('button', { type: 'button', id: 'rotate', disabled: rots.length < 2, onclick: () => { page.sel = { ...sel, rot: (i + 1) % rots.length }; page.rerenderPanel(); } }, `Rotate (${i + 1} of ${rots.length} legal)`),
        h('span', {}, ` rotation ${c.action.rotation} `),
        h('button', { type: 'button', id: 'confirm-tile', class: 'choice lay_tile', onclick: () => page.act(c.action) }, `Lay ${sel.tile.split('-')[0]} on ${sel.hex}${cost ? ` (pay ${money(cost)})` : ''}`)));
    }
  }
  return g;
}

function placeToken(page, cs, st, highlights) {
  highlights.cities.push(...cs.map((c) => c.action.city));
  page.onCity = (city) => { const c = cs.find((x) => x.action.city === city); if (c) page.act(c.action); };
  return h('div', { class: 'group token' }, h('h3', {}, 'Place a station token'),
    cs.map((c) => {
      const hex = page.mapUI ? page.mapUI.cityHex(c.action.city) : '';
      return h('button', { type: 'button', class: 'choice place_token', 'data-type': 'place_token', onclick: () => page.act(c.action) },
        `Place a token in ${hex || c.action.city}` + (c.action.slot !== undefined ? ` (slot ${c.action.slot + 1})` : ''));
    }));
}

function runRoutes(page, ent, c, st) {
  const g = h('div', { class: 'group routes' }, h('h3', {}, 'Run trains'));
  const auto = async () => {
    page.error = '';
    try { page.routes = await api.routes(page.id, ent); } catch (e) { page.error = e.message; page.routes = null; }
    page.rerenderPanel();
  };
  if (!page.routes) {
    g.append(h('p', { class: 'muted' }, 'Finding the best routes…'));
    if (!page.routesPending) {
      page.routesPending = true;
      auto().finally(() => { page.routesPending = false; });
    }
    return g;
  }
  const r = page.routes;
  g.append(h('ul', { class: 'route-list' }, (r.routes || []).map((rt, i) => h('li', {},
    h('span', { class: 'swatch', style: `background:${routeColour(i)}` }), ` ${rt.train}: `,
    (rt.hexes && rt.hexes.length ? rt.hexes.join('–') : (rt.connections || []).map((x) => x.join('–')).join(' / ')),
    rt.revenue !== undefined ? ` — ${money(rt.revenue)}` : ''))),
  h('p', { id: 'route-revenue' }, `Revenue ${money(r.revenue)}`, r.subsidy ? `, subsidy ${money(r.subsidy)}` : ''),
  h('div', { class: 'row' },
    h('button', { type: 'button', id: 'run-routes', class: 'choice run_routes', onclick: () => page.act({ ...c.action, routes: r.routes }) }, `Run for ${money(r.revenue)}`),
    h('button', { type: 'button', onclick: auto }, 'Auto-route again')));
  return g;
}
