// The table at a glance: a card for each player and each corporation, drawn
// beside the map in every round, live and in history. Every figure is the
// engine's (the view's state and the map's rules tables); nothing here
// decides a rule.
import { h, money } from './dom.js';
import { trainName, companyName, cardChoiceList } from './panel.js';
import { clockText } from './clockview.js';
import { t, tc } from './i18n.js';
import { orderBar } from './orderbar.js';

const str = (x) => String(x);

// ownerLabel names a holder of shares: the IPO, the bank pool or a player
// (by the short name of shortNames).
function ownerLabel(st, k, short = {}) {
  if (k === 'ipo') return 'IPO';
  if (k === 'market') return 'pool';
  const p = (st.players || []).find((x) => str(x.id) === str(k));
  return p ? short[str(p.id)] || p.name : str(k);
}

/**
 * shortNames gives each player a short name for the corporations' cards:
 * the initials and numbers of a name of several words ("Player 3" → "P3"),
 * a long single word cut to six letters; players whose short names would
 * be alike keep their whole names.
 */
export function shortNames(players) {
  const cut = (name) => {
    const words = String(name).trim().split(/\s+/);
    if (words.length > 1) return words.map((w) => (/^\d+$/.test(w) ? w : w[0])).join('');
    return name.length > 7 ? name.slice(0, 6) + '…' : name;
  };
  const out = {};
  const seen = {};
  for (const p of players || []) (seen[cut(p.name)] ||= []).push(p);
  for (const [s, ps] of Object.entries(seen)) for (const p of ps) out[str(p.id)] = ps.length === 1 ? s : p.name;
  return out;
}

/**
 * corpColours is {sym: [fill, text]} from the map's rules (the colours of
 * its tokens), the text made black or white where the published pair
 * falls short of WCAG AA contrast (4.5:1).
 */
export function corpColours(rules) {
  const out = {};
  for (const c of (rules && rules.corporations) || []) if (c.color) out[c.sym] = [c.color, readable(c.color, c.text_color || '#fff')];
  return out;
}

// luminance is the WCAG relative luminance of a #rgb or #rrggbb colour.
function luminance(hex) {
  let x = String(hex).replace('#', '');
  if (x.length === 3) x = [...x].map((d) => d + d).join('');
  if (!/^[0-9a-f]{6}$/i.test(x)) return null;
  const ch = [0, 2, 4].map((i) => parseInt(x.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

const contrast = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** readable answers fg, or black or white if fg on bg reads below 4.5:1. */
export function readable(bg, fg) {
  const b = luminance(bg);
  const f = luminance(fg);
  if (b === null || f === null || contrast(b, f) >= 4.5) return fg;
  return contrast(b, 0) >= contrast(b, 1) ? '#000' : '#fff';
}

/**
 * paintCorpChips gives every corporation chip and market marker on the
 * page (elements with class corp-chip and data-sym or data-corp) its
 * corporation's colours, through one style sheet kept up to date.
 */
export function paintCorpChips(rules) {
  // the same colours as last time (every step of a game): nothing to do
  const key = ((rules && rules.corporations) || []).map((c) => `${c.sym} ${c.color} ${c.text_color}`).join(',');
  const had = document.getElementById('corp-colours');
  if (had && had.colours === key) return;
  const cols = corpColours(rules);
  const css = Object.entries(cols).map(([sym, [bg, fg]]) => {
    const s = CSS.escape(sym);
    return `.corp-chip[data-sym="${s}"], .corp-chip[data-corp="${s}"], .badge[data-sym="${s}"] { background: ${bg}; color: ${fg}; }`;
  }).join('\n');
  let el = document.getElementById('corp-colours');
  if (!el) {
    el = document.createElement('style');
    el.id = 'corp-colours';
    document.head.append(el);
  }
  if (el.textContent !== css) el.textContent = css;
  el.colours = key;
}

// actingCorps are the corporations to act now (the state's active list;
// once the game is over none operates).
function actingCorps(st, v) {
  if (v.finished || st.finished) return new Set();
  const syms = new Set((st.corporations || []).map((c) => c.sym));
  return new Set([...(st.active || []), ...(v.acting || [])].map(str).filter((e) => syms.has(e)));
}

// actingPlayers are the players to act now, and the director acting for
// the company that operates (the state's acting list; once the game is
// over nobody acts).
function actingPlayers(st, v) {
  if (v.finished || st.finished) return new Set();
  return new Set([...(v.acting || []), ...(st.acting || [])].map(str));
}

// rustNote says when a train type rusts and whether that is the next phase
// change ({soon, text}); null for a train that never rusts.
function rustNote(rules, type) {
  const row = ((rules && rules.trains) || []).find((t) => t.name === type);
  if (!row || !row.rusts_on) return null;
  const next = (rules.phases || [])[(rules.phase_index ?? -1) + 1];
  return { soon: !!next && next.on === row.rusts_on, text: `rusts when the first ${row.rusts_on} train is bought` };
}

// trainChips lists a corporation's trains by type, those that rust at the
// next phase change marked, then the train it runs without owning it
// (leased: the map's corporation row, the engine's).
function trainChips(c, rules, leased) {
  const ts = (c.trains || []).map((t) => (typeof t === 'string' ? trainName(t) : t.name || str(t)));
  const lease = leased ? trainName(leased) : '';
  const chip = lease ? h('span', { class: 'train leased', 'data-leased': lease, title: tc('card', '%s train, leased: the company runs it without owning it', lease) }, lease, h('small', {}, ' leased')) : null;
  if (!ts.length) return chip || h('span', { class: 'muted' }, 'no train');
  return [...ts.map((t) => {
    const r = rustNote(rules, t);
    return h('span', { class: 'train' + (r && r.soon ? ' rusting' : ''), title: r ? `${t} train: ${r.text}${r.soon ? ' (the next phase change)' : ''}` : `${t} train` }, t);
  }), chip];
}

/** playerCard is one player's card. */
export function playerCard(st, v, p, ctx) {
  const corps = st.corporations || [];
  const pid = str(p.id);
  const holds = [];
  // what the player sold this stock round (the engine's): may not be bought back in it
  const sold = new Set((((ctx.rules && ctx.rules.sold) || {})[pid]) || []);
  for (const c of corps) {
    const pct = (c.shares_by_owner || {})[pid];
    if (!pct) {
      if (sold.has(c.sym)) holds.push(h('li', { class: 'sold-out corp-chip', 'data-sym': c.sym, 'data-sold': c.sym, title: tc('card', '%s: all sold this round, not to be bought back in it', c.sym) }, c.sym, h('span', { class: 'soldmark' }, 'sold')));
      continue;
    }
    const dir = str(c.president) === pid;
    const s = sold.has(c.sym);
    const title = s ? (dir ? tc('card', '%s: %d%%, director; some sold this round, not to be bought back in it', c.sym, pct) : tc('card', '%s: %d%%; some sold this round, not to be bought back in it', c.sym, pct))
      : dir ? tc('card', '%s: %d%%, director', c.sym, pct) : tc('card', '%s: %d%%', c.sym, pct);
    holds.push(h('li', { class: 'hold corp-chip' + (dir ? ' director' : '') + (s ? ' sold' : ''), 'data-sym': c.sym, 'data-pct': pct, 'data-sold': s ? c.sym : null, title },
      `${c.sym} ${pct}%`, dir ? h('span', { class: 'dir', 'aria-label': 'director' }, '★') : null, s ? h('span', { class: 'soldmark', 'aria-label': 'sold this round' }, '↓') : null));
  }
  const privs = (st.companies || []).filter((co) => !co.closed && str(co.owner) === pid);
  const lim = st.cert_limit;
  const n = p.num_certs ?? (p.certs || []).length;
  const certs = lim === undefined || lim === null || lim >= 999 ? `${n} certs` : `${n}/${lim} certs`;
  const acting = ctx.players.has(pid);
  const clock = v.clocks ? playerClock(v, pid) : null;
  const short = ctx.short[pid];
  return h('article', { class: 'pcard' + (acting ? ' acting' : '') + (p.bankrupt ? ' bankrupt' : ''), 'data-player': pid, 'aria-current': acting ? 'true' : null },
    h('header', {}, h('strong', { class: 'name', title: p.name }, p.name),
      short && short !== p.name ? h('small', { class: 'short muted', title: `${p.name} is ${short} on the corporations' cards` }, `(${short})`) : null,
      h('span', { class: 'cash', 'data-field': 'cash', title: 'cash' }, money(p.cash))),
    // the tags under the name: the name and the cash keep one line
    // however many players share the strip
    h('div', { class: 'figs' },
      acting ? h('span', { class: 'tag now', title: 'to act now' }, 'to act') : null,
      str(st.priority_deal) === pid ? h('span', { class: 'tag pd', title: 'holds the priority deal: first in the next stock round' }, 'priority') : null,
      p.bankrupt ? h('span', { class: 'tag bankrupt' }, 'bankrupt') : null,
      h('span', { 'data-field': 'certs', title: lim >= 999 ? 'certificates held (no limit)' : 'certificates held of the limit' }, certs),
      h('span', { 'data-field': 'worth', title: 'worth: cash, shares at market price and privates' }, 'worth ', money(p.value)),
      clock,
      privs.map((co) => h('span', { class: 'priv', 'data-company': co.sym, title: tc('card', '%s (revenue £%d)', companyName(ctx.rules, co.sym), co.revenue) }, co.sym))),
    holds.length ? h('ul', { class: 'holds' }, holds) : null);
}

// playerClock is a player's time left (counting down while on the clock).
function playerClock(v, pid) {
  const c = v.clocks;
  const left = c.left_s[pid] ?? 0;
  const on = (c.on_clock || []).map(str).includes(pid);
  return h('span', { class: 'clock pclock' + (on ? ' running' : '') + (left < 60 ? ' low' : ''), title: 'time left',
    'data-left': left, 'data-as-of': Date.parse(c.as_of), 'data-running': on ? '1' : '' }, clockText(left));
}

/** corpCard is one corporation's card (its choices are added by entityCards). */
export function corpCard(st, v, c, ctx) {
  const row = ((ctx.rules && ctx.rules.corporations) || []).find((x) => x.sym === c.sym) || {};
  const operating = ctx.corps.has(c.sym);
  const shares = Object.entries(c.shares_by_owner || {}).filter(([, pct]) => pct > 0)
    .sort(([a], [b]) => (a === 'ipo' ? -2 : a === 'market' ? -1 : 0) - (b === 'ipo' ? -2 : b === 'market' ? -1 : 0));
  const status = [
    c.closed ? ['closed', 'closed'] : null,
    c.receivership ? ['receivership', 'in receivership'] : null,
    c.insolvent ? ['insolvent', 'insolvent'] : null,
    c.nationalized ? ['nationalized', 'nationalised'] : null,
    !c.closed && !c.floated && c.ipoed ? ['unfloated', 'not floated'] : null,
  ].filter(Boolean);
  const lr = row.last_run;
  const tokensLeft = c.tokens_unplaced ?? 0;
  const placed = (c.tokens_placed || []).length;
  const dirPct = c.president !== null && c.president !== undefined ? (c.shares_by_owner || {})[str(c.president)] || 0 : 0;
  const title = `${row.name || c.sym}${c.minor ? ' (minor company)' : ''}`;
  return h('article', { class: 'ccard' + (operating ? ' acting' : '') + (c.closed ? ' closed' : ''), 'data-corp': c.sym, 'aria-current': operating ? 'true' : null, 'aria-label': title },
    h('header', {},
      h('span', { class: 'badge', 'data-sym': c.sym, title }, c.sym),
      h('span', { 'data-field': 'cash', class: 'cash', title: 'treasury' }, money(c.cash)),
      h('span', { 'data-field': 'price', class: 'price', title: 'share price (par price)' }, c.share_price !== null && c.share_price !== undefined ? money(c.share_price) : '–',
        c.par_price ? h('small', {}, ` (${money(c.par_price)})`) : null),
      h('span', { class: 'cname', title }, row.name || ''),
      operating ? h('span', { class: 'tag now' }, 'operating') : null,
      status.map(([k, t]) => h('span', { class: `tag ${k}` }, t))),
    h('div', { class: 'trains', 'data-field': 'trains' }, trainChips(c, ctx.rules, row.leased),
      lr ? h('span', { 'data-field': 'last-run', class: 'last-run ' + lr.kind, title: `last run, in OR ${lr.turn}.${lr.round}` },
        `last ${money(lr.revenue)} ${lr.kind === 'payout' ? 'paid' : lr.kind === 'half' ? 'half paid' : 'withheld'}`) : null),
    h('div', { class: 'shares', 'data-field': 'shares' },
      dirPct ? h('span', { class: 'director', title: 'director' }, `${ownerLabel(st, c.president, ctx.short)}★ ${dirPct}%`) : null,
      shares.filter(([k]) => str(k) !== str(c.president)).map(([k, pct]) => h('span', { class: 'holder', 'data-owner': k }, `${ownerLabel(st, k, ctx.short)} ${pct}%`)),
      h('span', { class: 'tokens', 'data-field': 'tokens', title: `station tokens: ${placed} placed, ${tokensLeft} left on the charter` + (row.next_token_price > 0 && tokensLeft > 0 ? `; the next costs ${money(row.next_token_price)}` : '') },
        `tokens ${placed}/${placed + tokensLeft}`, row.next_token_price > 0 && tokensLeft > 0 ? ` next ${money(row.next_token_price)}` : ''),
      (c.companies || []).length ? h('span', { class: 'privs' }, 'owns ', c.companies.join(', ')) : null));
}

// cardMemo answers the page's card copier: memo(key, build) answers a copy
// of the card last built for key, else builds it (and keeps a copy). A
// step in history changes one or two cards: copying the others costs far
// less than building them. Cards with controls are not kept (a copy has no
// handlers).
function cardMemo(page) {
  const kept = (page.cardMemo ||= new Map());
  return (key, build) => {
    const hit = kept.get(key);
    if (hit) return hit.cloneNode(true);
    const el = build();
    if (!el.querySelector('button, input, select, details')) {
      kept.set(key, el.cloneNode(true));
      if (kept.size > 300) kept.delete(kept.keys().next().value);
    }
    return el;
  };
}

// started tells a corporation on the table from one not yet started.
const started = (c) => c.ipoed || c.floated || c.closed || (c.president !== null && c.president !== undefined);

// countTypes is a list of train ids ("3+2-4") as [type, count] pairs,
// in order of first appearance.
function countTypes(ids) {
  const out = new Map();
  for (const id of ids || []) { const t = trainName(String(id)); out.set(t, (out.get(t) || 0) + 1); }
  return [...out];
}

/**
 * bankCard is the bank, the depot and the phase as one card at the end of
 * the players' strip (as 18xx.games's entities row has its bank): the
 * bank's cash, the phase with its train limit and what the next one
 * brings, the trains the depot still sells (type, price, count; the next
 * one first) and those in the pool. All the engine's (the state's
 * bank_cash and depot, the map's phase and train tables).
 */
export function bankCard(st, rules) {
  const d = st.depot || {};
  const trains = (rules && rules.trains) || [];
  const price = (type) => (trains.find((x) => x.name === type) || {}).price;
  const up = (d.upcoming || []).filter((x) => Array.isArray(x));
  const pool = countTypes(d.discarded);
  const phases = (rules && rules.phases) || [];
  const i = rules ? rules.phase_index : -1;
  const cur = phases[i];
  const next = phases[i + 1];
  const rust = next ? trains.filter((x) => x.rusts_on && x.rusts_on === next.on).map((x) => x.name) : [];
  const chip = (type, n, cls, title) => h('li', { class: 'train ' + cls, 'data-train': type, 'data-count': n, title }, `${type} `, price(type) ? h('span', { class: 'tprice' }, money(price(type))) : null, n > 1 ? ` ×${n}` : '');
  return h('section', { class: 'pcard bank-card', id: 'bank-card', 'aria-label': 'Bank, depot and phase' },
    h('header', {}, h('strong', { class: 'name' }, 'Bank'),
      cur ? h('span', { class: 'figs', 'data-field': 'phase' },
        h('span', {}, h('span', {}, 'Phase'), ` ${cur.name}`), cur.train_limit ? h('span', {}, t('train limit %d', cur.train_limit)) : null,
        next ? h('span', { class: 'muted', 'data-field': 'next-phase', title: t('Buying the first %s train starts phase %s', next.on, next.name) },
          rust.length ? t('next %s: %s rust', next.on, rust.join(', ')) : t('next %s: phase %s', next.on, next.name)) : null) : null,
      h('span', { class: 'cash', 'data-field': 'bank-cash' }, st.bank_broken ? t('broken') : money(st.bank_cash))),
    up.length ? h('ul', { class: 'depot-trains', 'data-field': 'depot', 'aria-label': 'Trains the depot sells' },
      up.map(([type, n], k) => chip(type, n, k === 0 ? 'next' : '', k === 0 ? t('the next train the depot sells') : ''))) : null,
    pool.length ? h('ul', { class: 'depot-trains pool', 'data-field': 'pool', 'aria-label': 'Trains in the pool' },
      h('li', { class: 'muted' }, 'pool'), pool.map(([type, n]) => chip(type, n, 'pooled', ''))) : null);
}

// keeper answers the page's card keeper for one drawing: keep(key,
// build) answers the element drawn last time for the same key (the very
// element on the page: nothing is built, compared or replaced), else
// builds it. A key is everything the element shows, so an element kept
// draws what a new one would. done() forgets the elements of earlier
// drawings that this one did not use.
function keeper(page) {
  const last = page.entKept || new Map();
  const now = new Map();
  return {
    keep(key, build) {
      const had = now.has(key) ? null : last.get(key); // one element per key in a drawing
      const el = had || build();
      if (el) now.set(key, el);
      return el;
    },
    done() { page.entKept = now; },
  };
}

/**
 * fill makes kids (null left out) parent's children, in order, moving only
 * those out of place and removing those no longer wanted: a card that is
 * kept stays where it is, not laid out again.
 */
export function fill(parent, kids) {
  const want = kids.filter(Boolean);
  const wanted = new Set(want);
  let cur = parent.firstChild;
  for (const k of want) {
    while (cur && !wanted.has(cur)) { const n = cur.nextSibling; cur.remove(); cur = n; }
    if (cur === k) { cur = cur.nextSibling; continue; }
    parent.insertBefore(k, cur);
  }
  while (cur) { const n = cur.nextSibling; cur.remove(); cur = n; }
  return parent;
}

// section answers old (attributes attrs, children kids) where its own
// attributes are those of attrs, else a new element.
function section(tag, attrs, kids, old) {
  const nu = h(tag, attrs);
  if (old && old.tagName === nu.tagName && old.cloneNode(false).isEqualNode(nu)) return fill(old, kids);
  return fill(nu, kids);
}

// withChoices puts the card's choices (buttons, each kept by the action
// it plays and its words) at the end of card el, or takes them away.
function withChoices(el, kept, page, sym) {
  const list = page && page.act ? cardChoiceList(page, sym) : [];
  let box = el.lastElementChild && el.lastElementChild.classList.contains('card-choices') ? el.lastElementChild : null;
  if (!list.length) {
    if (box) box.remove();
    return el;
  }
  const buttons = list.map((b) => kept.keep(JSON.stringify(['cb', sym, b.key]), b.build));
  if (!box) box = el.appendChild(h('div', { class: 'card-choices' }));
  fill(box, buttons);
  return el;
}

/**
 * entityCards is the players' cards (a strip) and the corporations' cards
 * (a column: the started majors, then the minors, then those not yet
 * started folded away) for view v with the map's rules. Each card is
 * kept from the drawing before when what it shows is the same; into
 * ({players, corps}: the sections on the page) are then filled in place
 * and answered as they are.
 */
export function entityCards(v, rules, page = {}, into = {}) {
  const st = v.state || {};
  const ctx = { rules, corps: actingCorps(st, v), players: actingPlayers(st, v), short: shortNames(st.players), page: null };
  const kept = keeper(page);
  // in history (no choices on the cards, no clocks) a card not on the
  // page is copied from the last one drawn with the same figures
  const memo = page.at !== null && page.at !== undefined && !v.clocks ? cardMemo(page) : (_k, build) => build();
  const trainsKey = JSON.stringify([rules ? rules.phase_index : null, ((rules && rules.trains) || []).map((t) => [t.name, t.rusts_on]), ((rules && rules.phases) || []).map((x) => x.on)]);
  const corpCardOf = (c) => {
    const key = JSON.stringify(['c', c, ((rules && rules.corporations) || []).find((x) => x.sym === c.sym), ctx.corps.has(c.sym), ctx.short, trainsKey]);
    return withChoices(kept.keep(key, () => memo(key, () => corpCard(st, v, c, ctx))), kept, page, c.sym);
  };
  const playerCardOf = (p) => {
    const pid = str(p.id);
    const sold = ((rules && rules.sold) || {})[pid] || null;
    const soldSet = new Set(sold || []);
    const holds = (st.corporations || []).filter((c) => (c.shares_by_owner || {})[pid] || soldSet.has(c.sym)).map((c) => [c.sym, (c.shares_by_owner || {})[pid] || 0, str(c.president) === pid]);
    const privs = (st.companies || []).filter((co) => !co.closed && str(co.owner) === pid).map((co) => [co.sym, co.revenue, companyName(rules, co.sym)]);
    const clock = v.clocks ? [v.clocks.left_s[pid] ?? 0, (v.clocks.on_clock || []).map(str).includes(pid), v.clocks.as_of] : null;
    const key = JSON.stringify(['p', p, holds, privs, st.cert_limit, ctx.players.has(pid), str(st.priority_deal) === pid, ctx.short[pid], sold, clock]);
    return kept.keep(key, () => memo(key, () => playerCard(st, v, p, ctx)));
  };
  // the bank's card ends the strip where it fits (five players or fewer
  // keep six cards or fewer in a row); a larger table has it above the
  // stock market (game.js), so the players' cards keep their width
  const bank = kept.keep(JSON.stringify(['bank', st.depot, st.bank_cash, st.bank_broken, trainsKey, rules ? [rules.phases, rules.trains] : null]), () => bankCard(st, rules));
  const corps = st.corporations || [];
  // before any corporation is started (the auction) the corporations'
  // column is empty: the bank heads it, and the players' cards, holding
  // no shares yet, stay one short row instead of the bank card's height
  const none = !corps.some(started);
  const aside = !none && (st.players || []).length > 5;
  const players = section('section', { class: 'pcards', id: 'player-cards', 'aria-label': 'Players' },
    [...(st.players || []).map(playerCardOf), aside || none ? null : bank], into.players);
  // in an operating round, the running order; else the share price, highest first
  const order = (st.round === 'Operating' ? (st.order || []).map(str) : []);
  const rank = (c) => { const i = order.indexOf(c.sym); return i < 0 ? 1e6 - (c.share_price || 0) : i; };
  const on = corps.filter(started).sort((a, b) => (a.closed - b.closed) || rank(a) - rank(b) || (a.sym < b.sym ? -1 : 1));
  const majors = on.filter((c) => !c.minor);
  const minors = on.filter((c) => c.minor);
  const waiting = corps.filter((c) => !started(c));
  const turn = rules && rules.turn;
  const col = section('section', { class: 'ccards' + (majors.length + minors.length > 8 ? ' many' : ''), id: 'corp-cards', 'aria-label': 'Corporations' }, [
    none ? bank : null,
    kept.keep(JSON.stringify(['order', st.round, turn || null, corps.filter((c) => c.closed).map((c) => c.sym)]), () => orderBar(st, rules)),
    ...majors.map(corpCardOf),
    minors.length ? kept.keep('minors-head', () => h('h3', { class: 'ccards-head' }, 'Minor companies')) : null,
    ...minors.map(corpCardOf),
    majors.length + minors.length === 0 ? kept.keep('none-started', () => h('p', { class: 'muted' }, 'No corporation has been started yet.')) : null,
    waiting.length ? kept.keep(JSON.stringify(['waiting', waiting.map((c) => [c.sym, ((rules && rules.corporations) || []).find((x) => x.sym === c.sym)?.name]), !!page.unstartedOpen]),
      () => h('details', { class: 'unstarted', id: 'corps-unstarted', open: !!page.unstartedOpen, ontoggle: (ev) => { page.unstartedOpen = ev.target.open; } },
        h('summary', {}, `Not yet started (${waiting.length})`),
        h('p', {}, waiting.map((c) => h('span', { class: 'corp-chip', 'data-sym': c.sym, title: ((rules && rules.corporations) || []).find((x) => x.sym === c.sym)?.name || c.sym }, c.sym))))) : null,
  ], into.corps);
  kept.done();
  return { players, corps: col, bankAside: aside ? bank : null };
}
