// The action panel, built only from the view's legal choices: nothing that
// is not legal is offered; server refusals are shown as they come.
import { api } from './api.js';
import { h, clear, money } from './dom.js';
import { effectMessage } from './effects.js';
import { ruleLink } from './rulehelp.js';
import { runRoutes } from './routes.js';
import { forkAt } from './localstore.js';
import { errorText, msg, msgc, render, t } from './i18n.js';
import { tileWords } from './keyboard.js';

const ORDER = ['bid', 'par', 'buy_shares', 'sell_shares', 'buy_company', 'lay_tile', 'place_token', 'run_routes', 'dividend', 'buy_train', 'discard_train'];

function nameOf(st, id) {
  const p = (st.players || []).find((x) => String(x.id) === String(id));
  return p ? p.name : String(id);
}

function cashOf(st, id) {
  const p = (st.players || []).find((x) => String(x.id) === String(id));
  return p ? p.cash : undefined;
}

function corpOfShare(s) { return String(s).slice(0, String(s).lastIndexOf('_')); }

function corpState(st, sym) { return (st.corporations || []).find((c) => c.sym === sym) || {}; }

/** companyRow is the map rules' row of private company sym (name, ability). */
export function companyRow(rules, sym) {
  return ((rules && rules.companies) || []).find((c) => c.sym === sym) || null;
}

/** corpRow is the map rules' row of corporation sym (name, next token price). */
export function corpRow(rules, sym) {
  return ((rules && rules.corporations) || []).find((c) => c.sym === sym) || null;
}

/** companyName is "Full Name (SYM)" for a private company. */
export function companyName(rules, sym) {
  const c = companyRow(rules, sym);
  return c && c.name && c.name !== sym ? `${c.name} (${sym})` : String(sym);
}

/** trainName is a train's type from its id ("2+1-0" → "2+1"). */
export function trainName(id) {
  const m = /^(.*)-\d+$/.exec(String(id));
  return m ? m[1] : String(id);
}

// trainSeller says where train id comes from: a corporation holding it
// (its symbol), the pool (discarded trains) or the bank.
function trainSeller(st, id) {
  const c = (st.corporations || []).find((x) => (x.trains || []).includes(id));
  if (c) return c.sym;
  if (((st.depot && st.depot.discarded) || []).some((t) => (Array.isArray(t) ? t[0] : t) === id || (Array.isArray(t) ? t[0] : t) === trainName(id))) return 'pool';
  return 'bank';
}

// passText says what a pass gives up, as the engine named it (ends).
function passText(a, ends) {
  switch (ends) {
    case 'bid': return msg('Pass: bid no more for this pick');
    case 'turn': return msg('Done: end your turn');
    case 'track': return msg('Pass: lay no more track this turn');
    case 'token': return msg('Pass: place no station token this turn');
    case 'track_token': return msg('Pass: no more track or stations this turn');
    case 'trains': return msg("Pass: buy no more trains (%s's turn ends)", a.entity);
    case 'home_track': return msg("Pass: no tile fits %s's home hex", a.entity);
    default: return msg('Pass');
  }
}

// parPrice is the price of a par action's share_price ("74,0,21" → 74).
const parPrice = (a) => Number(String(a.share_price).split(',')[0]);

// shareBuy is the message of a share bought, by what is bought (a share
// or the director's certificate), where from and whether the price is
// known (undefined: not).
function shareBuy(director, from, c, percent, price) {
  if (director) {
    if (price === undefined) {
      if (from === 'ipo') return msg("Buy the %s director's certificate (%d%%) from the IPO", c, percent);
      if (from === 'market') return msg("Buy the %s director's certificate (%d%%) from the bank pool", c, percent);
      return msg("Buy the %s director's certificate (%d%%)", c, percent);
    }
    if (from === 'ipo') return msg("Buy the %s director's certificate (%d%%) from the IPO for £%d", c, percent, price);
    if (from === 'market') return msg("Buy the %s director's certificate (%d%%) from the bank pool for £%d", c, percent, price);
    return msg("Buy the %s director's certificate (%d%%) for £%d", c, percent, price);
  }
  if (price === undefined) {
    if (from === 'ipo') return msg('Buy a %d%% share of %s from the IPO', percent, c);
    if (from === 'market') return msg('Buy a %d%% share of %s from the bank pool', percent, c);
    return msg('Buy a %d%% share of %s', percent, c);
  }
  if (from === 'ipo') return msg('Buy a %d%% share of %s from the IPO for £%d', percent, c, price);
  if (from === 'market') return msg('Buy a %d%% share of %s from the bank pool for £%d', percent, c, price);
  return msg('Buy a %d%% share of %s for £%d', percent, c, price);
}

// dividendVerb is the message of a dividend choice's kind, with the
// revenue when it is known.
function dividendVerb(kind, revenue) {
  const known = revenue !== undefined && revenue !== null;
  switch (kind) {
    case 'payout': return known ? msg('Pay out £%d', revenue) : msg('Pay out');
    case 'withhold': return known ? msg('Withhold £%d', revenue) : msg('Withhold');
    case 'half': return known ? msg('Pay half £%d', revenue) : msg('Pay half');
    default: return msg('Dividend: %s', kind);
  }
}

// trainBuy is the message of a train bought from seller (the bank, the
// pool or a corporation's symbol), with its price when it is shown.
function trainBuy(train, seller, price) {
  const priced = price !== undefined && price !== null;
  if (seller === 'bank') return priced ? msg('Buy a %s train from the bank for £%d', train, price) : msg('Buy a %s train from the bank', train);
  if (seller === 'pool') return priced ? msg('Buy a %s train from the pool for £%d', train, price) : msg('Buy a %s train from the pool', train);
  return priced ? msg('Buy a %s train from %s for £%d', train, seller, price) : msg('Buy a %s train from %s', train, seller);
}

/**
 * describe is a one-line sentence for an action, in the page's language
 * (describeMessage written by the catalogue; in English the text bots and
 * tests match).
 */
export function describe(a, st, ctx = {}) {
  return render(describeMessage(a, st, ctx));
}

/**
 * describeMessage is the message (msg: an English format and its
 * arguments, docs/i18n.md) of a one-line sentence for an action; ctx
 * ({title, rules, from, ends, effect, revenue}) adds names and the
 * share-price effect the engine computed for the choice. Prices are the
 * ones the engine wrote into the action; an action whose price is left
 * out (undefined: the player types it) is described without one.
 */
export function describeMessage(a, st, ctx = {}) {
  const rules = ctx.rules;
  const priced = a.price !== undefined && a.price !== null;
  switch (a.type) {
    case 'pass': return passText(a, ctx.ends);
    case 'bid':
      if (a.company) return priced ? msg('Buy %s for £%d, its face value', companyName(rules, a.company), a.price) : msg('Buy %s, its face value', companyName(rules, a.company));
      return priced ? msg('Bid £%d for the first pick', a.price) : msg('Bid for the first pick');
    case 'par': {
      const p = parPrice(a);
      return st.round === 'Auction' ? msg("Start %s at par £%d: pay £%d for the director's certificate (20%%)", a.corporation, p, 2 * p) : msg('Start %s at par £%d', a.corporation, p);
    }
    case 'buy_shares': {
      const c = corpOfShare(a.shares[0]);
      const cs = corpState(st, c);
      const director = a.shares.length === 1 && /_0$/.test(a.shares[0]);
      if (a.entity_type === 'company') {
        const worth = cs.share_price ? cs.share_price * a.percent / 10 : undefined;
        const name = companyName(rules, a.entity);
        if (director) return worth !== undefined ? msg("Swap %s for the %s director's certificate (%d%%) (worth £%d); %s closes", name, c, a.percent, worth, a.entity) : msg("Swap %s for the %s director's certificate (%d%%); %s closes", name, c, a.percent, a.entity);
        return worth !== undefined ? msg('Swap %s for a %d%% share of %s (worth £%d); %s closes', name, a.percent, c, worth, a.entity) : msg('Swap %s for a %d%% share of %s; %s closes', name, a.percent, c, a.entity);
      }
      const price = a.price ?? (cs.share_price ? cs.share_price * a.percent / 10 : undefined);
      return shareBuy(director, ctx.from, c, a.percent, price);
    }
    case 'sell_shares': {
      const c = corpOfShare(a.shares[0]);
      const cs = corpState(st, c);
      const each = a.share_price ?? cs.share_price;
      const eff = effectMessage(ctx.effect);
      let m = each ? msg('Sell %d%% of %s for £%d', a.percent, c, each * a.percent / 10) : msg('Sell %d%% of %s', a.percent, c);
      if (each && a.share_price && cs.share_price && a.share_price < cs.share_price) {
        m = (cs.trains || []).length === 0
          ? msg("Sell %d%% of %s for £%d (£%d a share, not the market's £%d: it has no train)", a.percent, c, each * a.percent / 10, a.share_price, cs.share_price)
          : msg("Sell %d%% of %s for £%d (£%d a share, not the market's £%d)", a.percent, c, each * a.percent / 10, a.share_price, cs.share_price);
      }
      return eff ? msgc('label', '%v — %v', m, eff) : m;
    }
    case 'buy_company': return priced ? msg('Buy %s for £%d', companyName(rules, a.company), a.price) : msg('Buy %s', companyName(rules, a.company));
    case 'sell_company': return priced ? msg('Sell %s to the bank for £%d', companyName(rules, a.company || a.entity), a.price) : msg('Sell %s to the bank', companyName(rules, a.company || a.entity));
    case 'manual_close_company': return msg('Close %s', companyName(rules, a.company || a.entity));
    case 'lay_tile': {
      const tile = a.tile.replace(/-\d+$/, '');
      return a.rotation ? msg('Lay tile %s on %s, turned %d° clockwise', tile, a.hex, a.rotation * 60) : msg('Lay tile %s on %s, as printed (not turned)', tile, a.hex);
    }
    case 'place_token': return msg('Place a station token in %s', a.city);
    case 'dividend': {
      const eff = effectMessage(ctx.effect);
      const verb = dividendVerb(a.kind, ctx.effect ? ctx.effect.revenue : ctx.revenue);
      return eff ? msgc('label', '%v — %v', verb, eff) : verb;
    }
    case 'buy_train': {
      const m = trainBuy(trainName(a.train), trainSeller(st, a.train), a.price);
      return a.variant ? msg('%v as a %s', m, a.variant) : m;
    }
    case 'discard_train': return msg('Discard the %s train', trainName(a.train));
    case 'run_routes': return msg('Run trains');
    // 1825 rule 6.4.3: a company in receivership leases the next train on sale for the turn
    case 'special_buy': return a.description ? msg('Lease a %s train from the bank for this turn, for £%d', a.description, a.cost) : msg('Lease a train from the bank for this turn');
    case 'move_surveyor': return a.description ? msg('Move the Surveyor on %s to %s', a.description, a.hex) : msg('Move the Surveyor to %s', a.hex);
    default: {
      // an action the page has no sentence for: its type and fields as written
      const rest = Object.entries(a).filter(([k]) => !['type', 'entity', 'entity_type'].includes(k)).map(([k, v]) => `${k.replace(/_/g, ' ')} ${Array.isArray(v) ? v.join(', ') : v}`);
      const t = a.type.replace(/_/g, ' ');
      return { text: `${t[0].toUpperCase()}${t.slice(1)}${rest.length ? ' (' + rest.join('; ') + ')' : ''}` };
    }
  }
}

/** renderPanel fills el with the page's action panel. */
export function renderPanel(el, page) {
  const v = page.view;
  const st = v.state || {};
  page.onHex = null;
  page.onCity = null;
  page.onStop = null;
  page.stopTargets = null;
  page.mapStatus = null;
  page.afterDraw = null;
  page.preview = null;
  page.fan = null;
  page.mapActions = null;
  const err = h('p', { class: 'error', role: 'alert', id: 'action-error' }, h('span', { translate: 'no' }, errorText(page.error || '')), ruleLink(v.title, page.error, page.errorType));
  const parts = [h('h2', {}, 'Actions'), err];
  if (page.at !== null) {
    parts.push(h('p', {}, 'You are viewing the game at an earlier action. ', h('button', { type: 'button', onclick: () => page.seek(null) }, 'Back to the live game')),
      h('p', {}, h('button', { type: 'button', id: 'fork-here', title: 'Start a new hotseat game in this browser from this position; the game itself does not change',
        onclick: async () => {
          try {
            const text = page.local ? page.local.exportText() : JSON.stringify(await api.exportGame(page.id));
            await forkAt(text, page.at, page.forkLabel || `game ${page.id}`, page.local ? page.local.rules : (page.view.rules_of || 'today'));
          } catch (e) { page.error = `fork: ${e.message}`; page.rerenderPanel(); }
        } }, 'Fork from here'), ' ', h('span', { class: 'muted' }, 'a new hotseat game from this position, played in this browser')));
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
      page.errorType = null;
      try { await fn(page.id, v.actions); } catch (e) { page.error = e.message; }
      await page.reload();
    };
    parts.push(h('div', { class: 'row undo' },
      v.can_undo ? h('button', { type: 'button', id: 'undo', onclick: () => undo(page.undo || api.undo) }, 'Undo') : null,
      v.can_redo ? h('button', { type: 'button', id: 'redo', onclick: () => undo(page.redo || api.redo) }, 'Redo') : null));
  }
  clear(el, parts);
  page.afterDraw = () => {
    if (!page.mapUI) return;
    page.mapUI.highlight(highlights.hexes, highlights.cities);
    if (page.sel.hex) page.mapUI.select(page.sel.hex);
    showPreview(page);
    if (page.fan) page.mapUI.fan(page.fan.hex, page.fan.options, page.fan.onPick); else page.mapUI.fan(null);
    page.mapUI.actions(page.mapActions);
    if (page.zoomTo) {
      page.zoomedFrom ||= page.mapUI.viewBox();
      page.mapUI.zoomTo(page.zoomTo);
      page.zoomTo = null;
    }
    if (page.zoomHexes) {
      page.zoomedFrom ||= page.mapUI.viewBox();
      page.mapUI.zoomToHexes(page.zoomHexes);
      page.zoomHexes = null;
    }
    page.mapUI.stopTargets(page.stopTargets);
    page.mapUI.status(page.mapStatus);
    if (page.routes) page.mapUI.drawRoutes(page.shownRoutes || page.routes.routes);
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
  const rules = page.map && page.map.rules;
  const company = !isPlayer && companyRow(rules, ent);
  const co = company && (st.companies || []).find((c) => c.sym === ent);
  const legend = isPlayer ? nameOf(st, ent)
    : company ? [companyName(rules, ent), co && co.owner !== null && co.owner !== undefined ? `, owned by ${nameOf(st, co.owner)}` : '']
      : [h('span', { class: 'corp-chip', 'data-sym': ent }, ent), corpState(st, ent).president !== undefined && corpState(st, ent).president !== null ? ` (${nameOf(st, corpState(st, ent).president)})`
        : corpState(st, ent).receivership ? ' (in receivership)' : ''];
  const box = h('fieldset', { class: 'entity', 'data-entity': ent }, h('legend', {}, legend));
  if (company && company.ability) box.append(h('p', { class: 'ability muted' }, company.ability));
  if (groups.sell_shares) groups.sell_shares.sort(saleOrder);
  for (const t of types) {
    const cs = groups[t];
    switch (t) {
      case 'bid': box.append(auctionGroup(page, cs, st)); break;
      case 'par': box.append(parChoice(page, cs, st)); break;
      case 'lay_tile': box.append(layTile(page, ent, cs, st, highlights)); break;
      case 'place_token': box.append(placeToken(page, cs, st, highlights)); break;
      case 'run_routes': box.append(runRoutes(page, ent, cs[0], st, rememberRun)); break;
      case 'move_surveyor': box.append(surveyorGroup(page, cs, st, groups.lay_tile ? null : highlights)); break;
      case 'buy_train':
        box.append(h('div', { class: 'group', 'data-type': 'buy_train' }, h('h3', {}, 'Buy a train'), trainSources(sameOnce(cs, st), st).map(([source, offers]) =>
          h('div', { class: 'train-source', 'data-source': source }, h('h4', {}, TRAIN_SOURCES[source]), offers.map(([c, n]) => {
            const el = c.max_price && c.max_price > c.action.price ? priceChoice(page, c, 'Buy', st) : button(page, c, st);
            if (n > 1) el.append(h('small', { class: 'alike muted' }, ` (${n} alike on offer)`));
            return el;
          })))));
        break;
      case 'dividend': box.append(dividendGroup(page, cs, st)); break;
      default:
        box.append(h('div', { class: 'group', 'data-type': t }, cs.map((c) => button(page, c, st))));
    }
  }
  return box;
}

// TRAIN_SOURCES head the train offers by where they come from, as
// 18xx.games's purchase step does.
const TRAIN_SOURCES = { depot: 'From the depot', pool: 'From the pool', companies: 'From other companies' };

// trainSources groups train offers ([choice, count]) by where they come
// from (the depot, the pool, other companies), in that order.
function trainSources(offers, st) {
  const by = { depot: [], pool: [], companies: [] };
  for (const o of offers) {
    const seller = trainSeller(st, o[0].action.train);
    by[seller === 'bank' ? 'depot' : seller === 'pool' ? 'pool' : 'companies'].push(o);
  }
  return Object.entries(by).filter(([, os]) => os.length);
}

// sameOnce lists train offers once where several are alike (the same type
// from the same seller, at the same prices and variant), with their count.
function sameOnce(cs, st) {
  const seen = new Map();
  for (const c of cs) {
    const a = c.action;
    const key = JSON.stringify([trainName(a.train), trainSeller(st, a.train), a.price, c.max_price || 0, a.variant || '']);
    const e = seen.get(key);
    if (e) e[1]++; else seen.set(key, [c, 1]);
  }
  return [...seen.values()];
}

// dividendGroup is the dividend choice: each way, with what one share and
// each holder receive, what the treasury keeps and the price move, as the
// engine computed them (the choice's effect).
function dividendGroup(page, cs, st) {
  const g = h('div', { class: 'group dividend', 'data-type': 'dividend' }, h('h3', {}, 'Revenue: pay out or withhold'));
  for (const c of cs) {
    const e = c.effect || {};
    const who = Object.entries(e.players || {}).sort((x, y) => y[1] - x[1]).map(([pid, amt]) => `${nameOf(st, pid)} ${money(amt)}`);
    const lines = [
      e.per_share ? `${money(Math.round(e.per_share * 100) / 100)} per ${e.share_percent}% share` + (who.length ? ` — ${who.join(', ')}` : ' — no player holds a share') : null,
      e.cash !== undefined ? `treasury ${e.cash > 0 ? '+' + money(e.cash) : 'unchanged'}` : null,
    ].filter(Boolean);
    g.append(h('div', { class: 'dividend-choice', 'data-kind': c.action.kind },
      button(page, c, st),
      lines.length ? h('ul', { class: 'dividend-effect' }, lines.map((t) => h('li', {}, t))) : null));
  }
  return g;
}

// surveyorGroup is 1825's Surveyor move (rules 6.6): one short button per
// hex it may move to; with several Surveyors, each move names its Surveyor.
// With highlights (no tile lay listed beside it, so a hex click can mean
// nothing else) the hexes are also marked on the map, and a click there moves it.
function surveyorGroup(page, cs, st, highlights) {
  const g = h('div', { class: 'group surveyor', 'data-type': 'move_surveyor' }, h('h3', {}, 'Move the Surveyor'));
  if (cs.some((c) => c.action.description)) {
    g.append(...cs.map((c) => button(page, c, st)));
    return g;
  }
  const loc = (hx) => (page.mapUI ? page.mapUI.locationOf(hx) : '');
  const hexes = [...cs].sort((a, b) => hexOrder(a.action.hex, b.action.hex));
  if (highlights) {
    highlights.hexes.push(...hexes.map((c) => c.action.hex));
    page.onHex = (hex) => { const c = cs.find((x) => x.action.hex === hex); if (c) page.act(c.action); };
  }
  g.append(h('p', { class: 'muted' }, `It moves in a straight line from its base to a hex with no tile; pick where${highlights ? ' (here or a highlighted hex on the map)' : ''}:`),
    h('div', { class: 'hex-list' }, hexes.map((c) => {
      const text = describe(c.action, st) + (loc(c.action.hex) ? ` (${loc(c.action.hex)})` : '');
      return h('button', { type: 'button', class: 'hex-pick surveyor-pick', translate: 'no', 'data-hex': c.action.hex, title: text, 'aria-label': text, onclick: () => page.act(c.action) }, c.action.hex);
    })));
  return g;
}

// hexOrder sorts hex ids by row letters, then by column number (T8 before T10).
function hexOrder(x, y) {
  const [, lx, nx] = /^([A-Z]*)(\d*)/.exec(x);
  const [, ly, ny] = /^([A-Z]*)(\d*)/.exec(y);
  return lx < ly ? -1 : lx > ly ? 1 : Number(nx) - Number(ny);
}

// saleOrder sorts sales by corporation, then by size.
function saleOrder(x, y) {
  const cx = corpOfShare(x.action.shares[0]);
  const cy = corpOfShare(y.action.shares[0]);
  return cx < cy ? -1 : cx > cy ? 1 : x.action.percent - y.action.percent;
}

// auctionGroup is 1860's opening auction: what is on offer, the high bid
// and bidder, the least next bid; then the winner's pick.
function auctionGroup(page, cs, st) {
  const rules = page.map && page.map.rules;
  const au = rules && rules.auction;
  const g = h('div', { class: 'group auction', id: 'auction' });
  const priced = cs.filter((c) => !c.action.company);
  const picks = cs.filter((c) => c.action.company);
  if (au) {
    g.append(h('h3', {}, au.winner ? `${nameOf(st, au.winner)} won the bidding: take one` : 'Opening auction: bidding for the first pick'));
    if (!au.winner) {
      g.append(h('p', { class: 'muted' }, 'The highest bidder pays the bid and then takes one of these at its price; the others keep bidding for the next pick.'));
    }
    if (!au.winner) {
      g.append(h('p', { id: 'auction-high' }, au.high_bid ? `High bid: ${money(au.high_bid)} by ${nameOf(st, au.high_bidder)}.` : 'No bid yet.',
        ` Minimum next bid: ${money(au.min_bid)}.`,
        au.bidders && au.bidders.length ? ` ${t('Still bidding: %s.', au.bidders.map((id) => t('%s (£%d in hand)', nameOf(st, id), cashOf(st, id))).join(', '))}` : ''));
      g.append(auctionBids(au, st));
    }
    if ((au.picks || []).length) g.append(auctionPicks(au.picks, st));
    g.append(...priced.map((c) => priceChoice(page, c, 'Bid', st)), ...picks.map((c) => button(page, c, st)));
    g.append(h('h4', {}, 'On offer (open one to read what it does)'), h('ul', { class: 'lots', id: 'auction-lots' }, au.items.map((it) => {
      const row = it.company ? companyRow(rules, it.sym) : null;
      const head = [h('strong', {}, it.company ? companyName(rules, it.sym) : `${it.name} (${it.sym}) director's certificate`),
        it.company ? ` — ${money(it.price)}` : ` — from ${money(it.price)} (two shares at the least par)`,
        it.cheapest ? h('span', { class: 'tag' }, 'cheapest') : null];
      return h('li', { 'data-sym': it.sym }, row && row.ability ? h('details', {}, h('summary', {}, head), h('div', { class: 'ability muted' }, row.ability)) : head);
    })));
    return g;
  }
  g.append(...priced.map((c) => priceChoice(page, c, 'Bid', st)), ...picks.map((c) => button(page, c, st)));
  return g;
}

// auctionBids is the pick being bid for as a table: each player's
// standing bid (the engine's, au.bids), still bidding or passed, and the
// cash in hand, the high bid marked.
function auctionBids(au, st) {
  const bid = new Map((au.bids || []).map((b) => [String(b.player), b.price]));
  const still = new Set((au.bidders || []).map(String));
  const order = [...(au.bidders || []), ...(st.players || []).map((p) => p.id).filter((id) => !still.has(String(id)))];
  const rows = order.map((id) => {
    const k = String(id);
    const high = au.high_bid && String(au.high_bidder) === k;
    return h('tr', { 'data-player': k, class: high ? 'high' : still.has(k) ? '' : 'passed' },
      h('th', { scope: 'row' }, nameOf(st, id)),
      h('td', { class: 'num', 'data-field': 'bid' }, bid.has(k) ? money(bid.get(k)) : '–'),
      h('td', { 'data-field': 'state' }, high ? 'high bid' : still.has(k) ? (bid.has(k) ? 'outbid' : 'not bid yet') : 'passed'),
      h('td', { class: 'num', 'data-field': 'cash' }, money(cashOf(st, id))));
  });
  return h('table', { class: 'auction-bids', id: 'auction-bids' },
    h('caption', {}, 'Bids for this pick'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col', class: 'num' }, 'Bid'), h('th', { scope: 'col' }, 'Status'), h('th', { scope: 'col', class: 'num' }, 'Cash in hand'))),
    h('tbody', {}, rows));
}

// auctionPicks is the auction's earlier picks as a table (the engine's,
// au.picks): who won the bidding for how much, what he took and its cost.
function auctionPicks(picks, st) {
  return h('table', { class: 'auction-bids auction-picks', id: 'auction-picks' },
    h('caption', {}, 'Earlier picks'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col', class: 'num' }, 'Bid for the turn'), h('th', { scope: 'col' }, 'Took'), h('th', { scope: 'col', class: 'num' }, 'Paid'))),
    h('tbody', {}, picks.map((p) => h('tr', { 'data-player': String(p.player), 'data-sym': p.sym },
      h('th', { scope: 'row' }, nameOf(st, p.player)),
      h('td', { class: 'num', 'data-field': 'bid' }, p.bid ? money(p.bid) : t('none (first to pass)')),
      h('td', { 'data-field': 'took' }, p.par ? t('%s, director at par £%d', p.sym, p.par) : p.name),
      h('td', { class: 'num', 'data-field': 'cost' }, money(p.cost))))));
}

/**
 * cardChoiceList is the stock round's choices of corporation sym, short,
 * for its card beside the map (empty when none): buying a share (where
 * from, the price), selling (the cash, the price move in the button's
 * title). Each is {key, build}: key is all its button shows and plays
 * (a button kept from the drawing before for the same key plays the same
 * action), build makes the button. Each button is named by its visible
 * text and described by the whole move (its title), which screen readers
 * say after the name.
 */
export function cardChoiceList(page, sym) {
  const v = page.view;
  const st = v.state || {};
  if (page.at !== null || st.round === 'Operating') return [];
  const out = [];
  for (const cs of Object.values(v.legal || {})) {
    for (const c of cs) {
      const a = c.action;
      if (a.entity_type !== 'player') continue;
      const mine = (a.type === 'buy_shares' || a.type === 'sell_shares') && corpOfShare(a.shares[0]) === sym;
      if (!mine) continue;
      const full = describe(a, st, effectCtx(page, c));
      let short;
      if (a.type === 'buy_shares') {
        const cs2 = corpState(st, sym);
        const price = a.price ?? (cs2.share_price ? cs2.share_price * a.percent / 10 : undefined);
        short = shortBuy(a.percent, c.from, price);
      } else {
        short = c.effect ? t('Sell %d%% £%d', a.percent, c.effect.cash) : t('Sell %d%%', a.percent);
      }
      const act = JSON.stringify(a);
      out.push({
        key: JSON.stringify([act, full, short]),
        // the accessible name is the visible text (WCAG 2.5.3, label in
        // name), the whole move its description (the title)
        build: () => h('button', { type: 'button', class: `small card-choice ${a.type}`, translate: 'no', 'data-type': a.type, 'data-action': act, title: full, onclick: () => page.act(a) }, short),
      });
    }
  }
  return out;
}

// shortBuy is the short label of a share bought on a company's card: its
// percentage, where from and its price (undefined: unknown).
function shortBuy(percent, from, price) {
  if (price === undefined) return from === 'ipo' ? t('Buy %d%% IPO', percent) : from === 'market' ? t('Buy %d%% pool', percent) : t('Buy %d%%', percent);
  return from === 'ipo' ? t('Buy %d%% IPO £%d', percent, price) : from === 'market' ? t('Buy %d%% pool £%d', percent, price) : t('Buy %d%% £%d', percent, price);
}

// button is a choice's button, its label written from its message (so not
// translated again: translate="no").
function button(page, c, st) {
  const a = c.action;
  return h('button', { type: 'button', class: 'choice ' + a.type, 'data-type': a.type, translate: 'no', onclick: () => page.act(a) }, describe(a, st, effectCtx(page, c)));
}

// effectCtx is what describe needs beside the action: the rules tables
// (names) and the choice's effect as the engine computed it; a dividend
// listed without one falls back on the revenue of the run just made.
function effectCtx(page, c) {
  const a = c.action;
  const ctx = { title: page.view.title, rules: page.map && page.map.rules, effect: c.effect, from: c.from, ends: c.ends };
  if (a.type === 'dividend' && !c.effect) ctx.revenue = lastRun(page, a.entity);
  return ctx;
}

/** rememberRun keeps the revenue of a run for the dividend that follows. */
export function rememberRun(page, ent, revenue) {
  try { sessionStorage.setItem(`tresham-run-${page.id}-${ent}`, JSON.stringify({ seq: page.view.actions, revenue })); } catch { /* storage off */ }
}

function lastRun(page, ent) {
  try {
    const r = JSON.parse(sessionStorage.getItem(`tresham-run-${page.id}-${ent}`) || 'null');
    // the dividend is decided right after the run (possibly after bot or
    // automatic moves): trust a run made within the last few actions
    if (r && page.view.actions - r.seq <= 3) return r.revenue;
  } catch { /* storage off */ }
  return undefined;
}

function priceChoice(page, c, verb, st) {
  const a = c.action;
  const id = `price-${a.type}-${a.company || a.train || ''}`;
  const input = h('input', { type: 'number', id, min: a.price, max: c.max_price || a.price, step: c.price_step || 1, value: a.price, 'aria-label': `${verb} price` });
  return h('form', { class: 'row price-choice', 'data-type': a.type, onsubmit: (ev) => {
    ev.preventDefault();
    const p = Number(input.value);
    if (!(p >= a.price && p <= (c.max_price || a.price))) {
      page.errorType = a.type;
      page.error = `The price must be between ${money(a.price)} and ${money(c.max_price || a.price)}.`;
      page.reload();
      return;
    }
    page.act({ ...a, price: p });
  } },
  h('label', { for: id, translate: 'no' }, describe({ ...a, price: undefined }, st, { rules: page.map && page.map.rules }), ' '),
  input, h('button', { type: 'submit', class: 'choice ' + a.type }, verb),
  h('small', { class: 'muted' }, ` ${money(a.price)}–${money(c.max_price || a.price)}`));
}

// parChart is the par prices offered as a chart: each price with the
// corporations already started at it and those that may start there now.
function parChart(cs, st) {
  const prices = [...new Set(cs.map((c) => parPrice(c.action)))].sort((a, b) => a - b);
  if (prices.length < 2) return null;
  const at = (p) => (st.corporations || []).filter((c) => c.par_price === p && !c.closed);
  const can = (p) => [...new Set(cs.filter((c) => parPrice(c.action) === p).map((c) => c.action.corporation))];
  return h('table', { class: 'par-chart', id: 'par-chart' },
    h('caption', {}, 'Par prices: the companies started at each, and those you may start there'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Par'), h('th', { scope: 'col' }, 'Started there'), h('th', { scope: 'col' }, 'You may start'))),
    h('tbody', {}, prices.map((p) => h('tr', { 'data-par': p },
      h('th', { scope: 'row', class: 'num' }, money(p)),
      h('td', {}, at(p).map((c) => h('span', { class: 'corp-chip', 'data-sym': c.sym, title: `${c.sym} now at ${money(c.share_price)}` }, c.sym))),
      h('td', {}, can(p).map((sym) => h('span', { class: 'corp-chip', 'data-sym': sym }, sym)))))));
}

function parChoice(page, cs, st) {
  const byCorp = {};
  for (const c of cs) (byCorp[c.action.corporation] ||= []).push(c);
  return h('div', { class: 'group par' }, h('h3', {}, 'Start a corporation'), parChart(cs, st), Object.entries(byCorp).map(([corp, list]) => {
    // the button says the whole move at the price chosen
    const btn = h('button', { type: 'submit', class: 'choice par', translate: 'no' }, describe(list[0].action, st));
    let pick = 0;
    const form = h('form', { class: 'row', onsubmit: (ev) => { ev.preventDefault(); page.act(list[pick].action); } });
    if (list.length === 1) {
      form.append(btn);
      return form;
    }
    const sel = h('select', { 'aria-label': `Par price for ${corp}`, class: 'par-price', 'data-corp': corp },
      list.map((c, i) => h('option', { value: i }, money(parPrice(c.action)))));
    sel.addEventListener('change', () => {
      pick = Number(sel.value);
      btn.textContent = describe(list[pick].action, st);
    });
    form.append(h('span', { class: 'corp-chip', 'data-sym': corp }, corp), ' at ', sel, btn);
    return form;
  }));
}

function layTile(page, ent, cs, st, highlights) {
  const byHex = {};
  for (const c of cs) (byHex[c.action.hex] ||= []).push(c);
  const hexes = Object.keys(byHex).sort(hexOrder);
  highlights.hexes.push(...hexes);
  const sel = page.sel;
  const pickHex = (hex) => {
    if (!byHex[hex]) return;
    if (page.sel.hex !== hex) page.zoomTo = hex;
    page.sel = { hex };
    page.rerenderPanel();
  };
  page.onHex = pickHex;
  const g = h('div', { class: 'group lay' }, h('h3', {}, 'Lay or upgrade track'));
  g.append(h('p', { class: 'muted' }, 'Pick a highlighted hex on the map or here:'),
    h('div', { class: 'hex-list', role: 'group', 'aria-label': 'Hexes where a tile may go' }, hexes.map((hx) => {
      // the button names the place and its terrain cost for a reader
      const name = page.mapUI ? page.mapUI.placeName(hx) : hx;
      const cost = page.mapUI ? page.mapUI.hexCost(hx) : 0;
      const loc = page.mapUI ? page.mapUI.locationOf(hx) : '';
      return h('button', { type: 'button', class: 'hex-pick' + (sel.hex === hx ? ' on' : ''), 'data-hex': hx, 'aria-pressed': sel.hex === hx ? 'true' : 'false',
        'aria-label': `${hx}${loc ? `: ${loc}` : ''}${cost ? `, terrain cost ${money(cost)}` : ''}`, title: `${name}${cost ? `, terrain cost ${money(cost)}` : ''}`, onclick: () => pickHex(hx) }, hx);
    })));
  if (!sel.hex || !byHex[sel.hex]) return g;
  const choices = tileChoices(page, byHex[sel.hex]);
  const cur = choices.find((x) => x.tile === sel.tile) || null;
  const n = cur ? cur.rots.length : 0;
  const ri = cur ? (sel.rot || 0) % n : 0;
  const shown = (ch) => (ch === cur ? ch.rots[ri] : ch.rots[0]).action;
  // A click on the chosen tile turns it to its next distinct orientation;
  // a click on another tile chooses that one.
  const pick = (tile) => {
    page.sel = sel.tile === tile && cur ? { ...sel, rot: (ri + 1) % n } : { hex: sel.hex, tile, rot: 0 };
    page.rerenderPanel();
  };
  page.onHex = (hex) => (hex === sel.hex && cur ? pick(cur.tile) : pickHex(hex));
  const cost = page.mapUI ? page.mapUI.hexCost(sel.hex) : 0;
  const again = () => page.sel.hex === sel.hex && page.rerenderPanel();
  // the label says in words what the tile would look like laid (the drawing the engine made)
  const label = (ch) => {
    const w = tileWords(previewSvg(page, sel.hex, ch.tile, shown(ch).rotation, again));
    return `Tile ${ch.name}` + (ch === cur ? `, orientation ${ri + 1} of ${n}` : '') + (ch.rots.length > 1 ? ` (${ch.rots.length} orientations)` : '') + (w ? `: ${w}` : '');
  };
  page.fan = {
    hex: sel.hex,
    options: choices.map((ch) => ({ tile: ch.tile, svg: previewSvg(page, sel.hex, ch.tile, shown(ch).rotation, again), selected: ch === cur, label: label(ch) })),
    onPick: pick,
  };
  g.append(h('p', {}, page.mapUI && page.mapUI.locationOf(sel.hex) ? page.mapUI.placeName(sel.hex) : `Hex ${sel.hex}`, cost ? ` — terrain cost ${money(cost)}` : ' — no terrain cost'),
    h('p', { class: 'muted' }, cur
      ? 'Click the tile again (here or around the hex on the map) to turn it; only orientations that look different are offered.'
      : `Choose a tile (${choices.length} fit${choices.length === 1 ? 's' : ''} here); the choices are also drawn around the hex on the map.`),
    h('div', { class: 'tile-list', role: 'group', 'aria-label': `Tiles for ${sel.hex}` }, choices.map((ch) => {
      const a = shown(ch);
      const b = h('button', {
        type: 'button', class: 'tile-pick' + (ch === cur ? ' on' : ''), 'data-tile': ch.tile, 'data-rotation': a.rotation,
        'data-orientations': ch.rots.length, 'aria-pressed': ch === cur ? 'true' : 'false', title: label(ch), onclick: () => pick(ch.tile),
      });
      b.append(tileThumb(previewSvg(page, sel.hex, ch.tile, a.rotation, again)),
        h('span', { class: 'tile-name' }, `#${ch.name}`), h('small', {}, ch.rots.length < 2 ? '' : ch === cur ? ` ${ri + 1}/${n}` : ` ${ch.rots.length} ways`),
        // for a reader: what the tile would look like, after what the button shows
        tileWords(previewSvg(page, sel.hex, ch.tile, a.rotation, again)) ? h('span', { class: 'sr' }, `: ${tileWords(previewSvg(page, sel.hex, ch.tile, a.rotation, again))}`) : null);
      return b;
    })));
  if (cur) {
    const a = shown(cur);
    page.preview = { hex: sel.hex, tile: a.tile, rotation: a.rotation };
    g.append(h('div', { class: 'row' },
      h('button', { type: 'button', id: 'rotate', disabled: n < 2, onclick: () => pick(cur.tile), title: `Turn the tile; now ${label(cur).replace(/^Tile \S+, /, '')}` }, 'Rotate ↻', h('span', { class: 'sr' }, ` (now ${label(cur).replace(/^Tile \S+, /, '')})`)),
      h('span', { id: 'orientation', 'data-rotation': a.rotation, 'data-orientations': n }, n > 1 ? ` orientation ${ri + 1} of ${n} ` : ' the only orientation ',
        tileWords(previewSvg(page, sel.hex, a.tile, a.rotation, again)) ? h('span', { class: 'tile-words' }, `(${tileWords(previewSvg(page, sel.hex, a.tile, a.rotation, again))}) `) : null),
      h('button', { type: 'button', id: 'confirm-tile', class: 'choice lay_tile', onclick: () => page.act(a) }, `Lay tile ${cur.name} on ${sel.hex}${cost ? ` (pay ${money(cost)})` : ''}`),
      h('button', { type: 'button', id: 'cancel-tile', onclick: () => { page.sel = { hex: sel.hex }; page.rerenderPanel(); } }, 'Cancel')));
    // the same, on the map over the tile shown: on a phone the lay is
    // confirmed where it is seen, without scrolling to the panel
    page.mapActions = [
      // each label starts with the button's visible words (WCAG 2.5.3, label in name)
      { id: 'map-confirm-tile', cls: 'confirm', text: `Lay #${cur.name}${cost ? ` (${money(cost)})` : ''}`, label: `Lay #${cur.name}${cost ? ` (${money(cost)})` : ''}: tile ${cur.name} on ${sel.hex}`, onclick: () => page.act(a) },
      n > 1 ? { id: 'map-rotate-tile', text: 'Rotate ↻', label: `Rotate ↻: turn the tile (orientation ${ri + 1} of ${n})`, onclick: () => pick(cur.tile) } : null,
      { id: 'map-cancel-tile', text: 'Cancel', label: 'Cancel this tile', onclick: () => { page.sel = { hex: sel.hex }; page.rerenderPanel(); } },
    ].filter(Boolean);
  }
  return g;
}

// tileName is the tile's name in a tile id ("57-1" → "57").
function tileName(id) {
  const m = /^(.*)-\d+$/.exec(id);
  return m ? m[1] : id;
}

// tileChoices groups the legal lays on one hex by tile and keeps, of the
// rotations that draw the same track (the map rules' tile_rotations, from
// the tile's paths), only the first legal one.
function tileChoices(page, list) {
  const classes = (page.map && page.map.rules && page.map.rules.tile_rotations) || {};
  const byTile = new Map();
  for (const c of [...list].sort((x, y) => x.action.rotation - y.action.rotation)) {
    const id = c.action.tile;
    const name = tileName(id);
    if (!byTile.has(id)) byTile.set(id, { tile: id, name, rots: [], seen: new Set() });
    const e = byTile.get(id);
    const cls = (classes[name] || [0, 1, 2, 3, 4, 5])[c.action.rotation];
    if (!e.seen.has(cls)) { e.seen.add(cls); e.rots.push(c); }
  }
  return [...byTile.values()];
}

// previewSvg is the drawing of hex with tile at rotation (hex-local SVG),
// from the cache or '' while it is fetched (then ready is called).
function previewSvg(page, hex, tile, rotation, ready) {
  const key = `${hex} ${tile} ${rotation}`;
  page.previews ||= new Map();
  if (page.previews.has(key)) return page.previews.get(key) || '';
  page.previews.set(key, null);
  Promise.resolve().then(() => page.svc.tile(hex, tile, rotation)).then((r) => {
    page.previews.set(key, r.svg);
    if (ready) ready();
  }, () => { page.previews.set(key, ''); });
  return '';
}

// tileThumb is a small picture of a hex-local tile drawing.
function tileThumb(svgText) {
  const s = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  s.setAttribute('viewBox', '-52 -52 104 104');
  s.setAttribute('class', 'tile-thumb');
  s.setAttribute('aria-hidden', 'true');
  s.innerHTML = svgText || '';
  return s;
}

function placeToken(page, cs, st, highlights) {
  highlights.cities.push(...cs.map((c) => c.action.city));
  page.onCity = (city) => { const c = cs.find((x) => x.action.city === city); if (c) page.act(c.action); };
  const row = corpRow(page.map && page.map.rules, cs[0] && cs[0].action.entity);
  const cost = c0 => (c0.action.price ?? c0.action.cost ?? (row && row.next_token_price >= 0 ? row.next_token_price : undefined));
  const hexOf = (c) => (page.mapUI ? page.mapUI.cityHex(c.action.city) : '') || '';
  // a hex with several cities listed names the city; a city listed with
  // several spaces names the space
  const count = (f, v) => cs.filter((x) => f(x) === v).length;
  return h('div', { class: 'group token' }, h('h3', {}, 'Place a station token'),
    cs.map((c) => {
      const hex = hexOf(c);
      const inCity = count((x) => x.action.city, c.action.city);
      const where = hex ? page.mapUI.placeName(hex, inCity < count(hexOf, hex) ? `city ${page.mapUI.cityOrdinal(c.action.city)}` : '') : c.action.city;
      const space = c.action.slot !== undefined && inCity > 1 ? `, space ${c.action.slot + 1}` : '';
      const p = cost(c);
      return h('button', { type: 'button', class: 'choice place_token', 'data-type': 'place_token', onclick: () => page.act(c.action) },
        `Place a station token in ${where}` + space + (p !== undefined ? (p ? ` for ${money(p)}` : ' (free)') : ''));
    }));
}

// showPreview draws the candidate tile of page.preview on the map (fetched
// from the server once per hex, tile and rotation), or removes it.
function showPreview(page) {
  const p = page.preview;
  if (!p) { page.mapUI.preview(null); return; }
  const key = `${p.hex} ${p.tile} ${p.rotation}`;
  const svg = previewSvg(page, p.hex, p.tile, p.rotation, () => {
    const q = page.preview;
    if (q && `${q.hex} ${q.tile} ${q.rotation}` === key && page.mapUI) page.mapUI.preview(q.hex, page.previews.get(key));
  });
  page.mapUI.preview(p.hex, svg || null);
}
