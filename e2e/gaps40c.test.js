// Issue 40's gaps against 18xx.games, third pass (helper gaps40), each
// checked in the real page (Debian's chromium, a real `tresham serve`)
// against the engine's state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, openAt, gameView, shot, desktop, phone } from './harness.js';

serve();

const money = (n) => '£' + n;

// bidsFromLog is each player's standing bid for the pick under way and
// who passed on it, read from the engine's log (an oracle apart from the
// auction's view): the lines since the last pick was won.
function bidsFromLog(log) {
  let from = 0;
  log.forEach((l, i) => { if (/ wins auction for /.test(l)) from = i + 1; });
  const bids = {};
  const passed = new Set();
  for (const l of log.slice(from)) {
    let m = /^(.*) bids £(\d+)$/.exec(l);
    if (m) bids[m[1]] = Number(m[2]);
    m = /^(.*) passes bidding$/.exec(l);
    if (m) passed.add(m[1]);
  }
  return { bids, passed };
}

async function auctionRows(page) {
  return page.$$eval('#auction-bids tbody tr', (trs) => trs.map((tr) => ({
    name: tr.querySelector('th').textContent, cls: tr.className, bid: tr.querySelector('[data-field=bid]').textContent,
    state: tr.querySelector('[data-field=state]').textContent, cash: tr.querySelector('[data-field=cash]').textContent,
  })));
}

test("1860's auction with three and four players: a bidder who passed is shown passed, the others' bids and cash as the engine has them", { timeout: 300000 }, async () => {
  // synthetic 4p-18: 1 bids, 2 bids, 3 passes (n=3); 4 bids, 1 bids, 2 passes (n=6).
  // reported 4p no_skip_towns: 3 passes (n=3), 1 passes (n=5). synthetic 3p-9: 2 passes (n=2).
  const positions = [['synthetic/1860', '1860-base-4p-18.json', [3, 6]], ['reported/1860', '1860-no_skip_towns-4p-76601793.json', [3, 5]], ['synthetic/1860', '1860-base-3p-9.json', [2]]];
  for (const [size, opts] of [['desktop', desktop], ['phone', phone]]) {
    const ctx = await env.browser.newContext(opts);
    const page = await newPage(ctx);
    await signUp(page, `auction4-${size}`);
    let passedSeen = 0;
    let checked = 0;
    for (const [dir, file, ns] of positions) {
      for (const n of ns) {
        await openAt(page, dir, file, n);
        const v = await gameView(page);
        assert.equal(v.state.round, 'Auction', `${file} at ${n}: the auction`);
        await page.waitForSelector('#auction-bids');
        const { bids, passed } = bidsFromLog(v.log);
        const rows = await auctionRows(page);
        assert.deepEqual(rows.map((r) => r.name).sort(), v.state.players.map((p) => p.name).sort(), `${file} at ${n}: a row for each player`);
        const high = Math.max(0, ...Object.values(bids));
        for (const p of v.state.players) {
          const r = rows.find((x) => x.name === p.name);
          const label = `${file} at ${n} (${size}): ${p.name}`;
          assert.equal(r.cash, money(p.cash), `${label}'s cash in hand`);
          assert.equal(r.bid, p.name in bids && !passed.has(p.name) ? money(bids[p.name]) : '–', `${label}'s bid as the log has it`);
          const want = passed.has(p.name) ? 'passed' : bids[p.name] === high && high > 0 ? 'high bid' : p.name in bids ? 'outbid' : 'not bid yet';
          assert.equal(r.state, want, `${label} ${want}`);
          if (want === 'passed') {
            assert.match(r.cls, /\bpassed\b/, `${label}'s row is marked passed`);
            passedSeen++;
          }
        }
        checked++;
        if (dir.startsWith('synthetic') && n === 6) await shot(page, `auction-passed-1860-${size}`);
      }
    }
    assert.equal(checked, 5, `${size}: positions checked`);
    assert.ok(passedSeen >= 5, `${size}: players shown passed (${passedSeen})`);
    await ctx.close();
  }
});

// operatedFromLog is, from the engine's log, the companies that began
// their turn in the operating round under way, in order (an oracle apart
// from the map view's turn).
function operatedFromLog(log) {
  let from = 0;
  log.forEach((l, i) => { if (/^-- Operating Round /.test(l)) from = i + 1; });
  const out = [];
  for (const l of log.slice(from)) {
    const m = /^.* operates (\S+)$/.exec(l) || /^(\S+) operates (?:in receivership|with no director)/.exec(l);
    if (m) out.push(m[1]);
  }
  return out;
}

test('the operating round: its order as a strip (done, operating, next) and the market markers of those done turned over, as the engine has them', { timeout: 400000 }, async () => {
  const positions = [['1860', '19354.json', 290], ['1860', '19354.json', 443], ['1825', '141331.json', 600], ['1825', '141331.json', 330]];
  for (const [size, opts] of [['desktop', desktop], ['phone', phone]]) {
    const ctx = await env.browser.newContext(opts);
    const page = await newPage(ctx);
    await signUp(page, `order-${size}`);
    for (const [title, file, n] of positions) {
      await openAt(page, title, file, n);
      const v = await gameView(page);
      const st = v.state;
      const label = `${title}/${file} at ${n} (${size})`;
      assert.equal(st.round, 'Operating', `${label}: an operating round`);
      await page.waitForSelector('#order-bar');
      const bar = await page.$$eval('#order-bar li', (lis) => lis.map((li) => [li.dataset.turn, li.dataset.state]));
      assert.deepEqual(bar.map(([s]) => s), st.order, `${label}: the strip is the engine's order`);
      const began = operatedFromLog(v.log);
      const current = st.active.length === 1 && st.order.includes(st.active[0]) ? st.active[0] : '';
      assert.ok(current && began[began.length - 1] === current, `${label}: ${current} operating, the log's last (${began})`);
      const done = began.slice(0, -1);
      const next = st.order.slice(st.order.indexOf(current) + 1).find((s) => !st.corporations.find((c) => c.sym === s).closed);
      for (const [sym, state] of bar) {
        const want = sym === current ? 'current' : done.includes(sym) ? 'done' : sym === next ? 'next' : 'later';
        assert.equal(state, want, `${label}: ${sym} ${want}`);
      }
      assert.ok(done.length >= 1, `${label}: companies done (${done})`);
      // the market: the markers of the companies done, and only those, turned over
      const marks = await page.$$eval('.market-card .marker[data-corp]', (ms) => ms.map((m) => [m.dataset.corp, m.classList.contains('operated')]));
      assert.ok(marks.length >= st.order.length, `${label}: a marker for each company on the market`);
      for (const [sym, turned] of marks) assert.equal(turned, done.includes(sym), `${label}: ${sym}'s marker ${done.includes(sym) ? '' : 'not '}turned over`);
      if (size === 'desktop') {
        // the table still ends on screen: the last corporation's card and the market
        const seen = await page.evaluate(() => ({ y: scrollY, vh: innerHeight, market: document.querySelector('.market-slot .market-card').getBoundingClientRect().bottom }));
        assert.ok(seen.y === 0 && seen.market <= seen.vh + 1, `${label}: the market ends on screen (${seen.market} of ${seen.vh})`);
      }
      await shot(page, `order-bar-${title}-${n}-${size}`);
    }
    await ctx.close();
  }
});

test('a train purchase lists the offers under where they come from (the depot, the pool, other companies), as the engine has the sellers', { timeout: 300000 }, async () => {
  const heads = { depot: 'From the depot', pool: 'From the pool', companies: 'From other companies' };
  let both = 0;
  for (const [title, file, n] of [['1825', '141331.json', 600], ['1860', '19354.json', 54], ['1825', '141331.json', 22]]) {
    const ctx = await env.browser.newContext(desktop);
    const page = await newPage(ctx);
    await signUp(page, `trains-${title}-${n}`);
    await openAt(page, title, file, n);
    const v = await gameView(page);
    const st = v.state;
    const offers = Object.values(v.legal).flat().filter((c) => c.action.type === 'buy_train');
    assert.ok(offers.length, `${title} at ${n}: trains on offer`);
    // where each offer comes from, by the engine's state: a company holding it, the pool (discarded), else the depot
    const type = (id) => String(id).replace(/-\d+$/, '');
    const source = (id) => (st.corporations.some((c) => (c.trains || []).includes(id)) ? 'companies'
      : (st.depot.discarded || []).some((x) => x === id || type(x) === type(id)) ? 'pool' : 'depot');
    const want = [...new Set(offers.map((c) => source(c.action.train)))].sort();
    await page.waitForSelector('.group[data-type=buy_train]');
    const groups = await page.$$eval('.group[data-type=buy_train] .train-source', (gs) => gs.map((g) => ({ source: g.dataset.source, head: g.querySelector('h4').textContent, text: g.textContent })));
    assert.deepEqual(groups.map((g) => g.source).sort(), want, `${title} at ${n}: a heading for each source`);
    for (const g of groups) {
      assert.equal(g.head, heads[g.source], `${title} at ${n}: ${g.source}'s heading`);
      for (const c of offers.filter((o) => source(o.action.train) === g.source)) {
        const from = g.source === 'depot' ? 'from the bank' : g.source === 'pool' ? 'from the pool' : `from ${st.corporations.find((x) => (x.trains || []).includes(c.action.train)).sym}`;
        assert.ok(g.text.includes(`Buy a ${type(c.action.train)} train ${from}`), `${title} at ${n}: the ${type(c.action.train)} ${from} under "${g.head}" (${g.text})`);
      }
    }
    if (groups.length > 1) both++;
    await shot(page, `train-sources-${title}-${n}`);
    await ctx.close();
  }
  assert.ok(both >= 1, 'a position with offers from two sources');
});

// soldFromLog is, from the engine's log, what each player (by name) sold
// in the stock round under way: the sale lines since its heading.
function soldFromLog(log) {
  let from = 0;
  log.forEach((l, i) => { if (/^-- (Stock|Operating) Round /.test(l)) from = i + 1; });
  const out = {};
  for (const l of log.slice(from)) {
    const m = /^(.+?) sells .* of (\S+) and receives/.exec(l);
    if (m) (out[m[1]] ||= new Set()).add(m[2]);
  }
  return out;
}

test("a player's card marks the shares sold this stock round (not to be bought back in it), as the engine has them", { timeout: 300000 }, async () => {
  const positions = [['1860', '19354.json', 79], ['1860', '19354.json', 156], ['1825', '141331.json', 463]];
  for (const [size, opts] of [['desktop', desktop], ['phone', phone]]) {
    const ctx = await env.browser.newContext(opts);
    const page = await newPage(ctx);
    await signUp(page, `sold-${size}`);
    let marked = 0;
    let soldOut = 0;
    for (const [title, file, n] of positions) {
      await openAt(page, title, file, n);
      const v = await gameView(page);
      const st = v.state;
      const label = `${title}/${file} at ${n} (${size})`;
      assert.equal(st.round, 'Stock', `${label}: a stock round`);
      const sold = soldFromLog(v.log);
      assert.ok(Object.keys(sold).length, `${label}: someone sold this round`);
      const cards = await page.$$eval('#player-cards [data-player]', (els) => els.map((el) => ({
        id: el.dataset.player, sold: [...el.querySelectorAll('[data-sold]')].map((x) => [x.dataset.sold, x.classList.contains('hold') ? 'holds' : 'sold-out']),
      })));
      for (const p of st.players) {
        const want = [...(sold[p.name] || [])].sort();
        const card = cards.find((c) => c.id === String(p.id));
        assert.deepEqual(card.sold.map(([s]) => s).sort(), want, `${label}: ${p.name}'s sales this round marked`);
        for (const [sym, kind] of card.sold) {
          const pct = (st.corporations.find((c) => c.sym === sym).shares_by_owner || {})[String(p.id)] || 0;
          assert.equal(kind, pct > 0 ? 'holds' : 'sold-out', `${label}: ${p.name}'s ${sym} (${pct}%)`);
          if (pct > 0) marked++; else soldOut++;
          // the engine agrees: it lists no buy of sym for this player
          const buys = (v.legal[String(p.id)] || []).filter((c) => c.action.type === 'buy_shares' && String(c.action.shares[0]).startsWith(`${sym}_`));
          assert.equal(buys.length, 0, `${label}: the engine lists no buy of ${sym} for ${p.name}`);
        }
      }
      await shot(page, `sold-${title}-${n}-${size}`);
    }
    assert.ok(marked >= 1 && soldOut >= 1, `${size}: holdings marked (${marked}) and companies sold out (${soldOut})`);
    await ctx.close();
  }
});

test("1860's auction panel lists the earlier picks (who won the turn for how much, what he took and paid), as the log has them", { timeout: 300000 }, async () => {
  const positions = [['1860', '19354.json', 20], ['synthetic/1860', '1860-base-4p-18.json', 20], ['synthetic/1860', '1860-base-4p-18.json', 33]];
  for (const [size, opts] of [['desktop', desktop], ['phone', phone]]) {
    const ctx = await env.browser.newContext(opts);
    const page = await newPage(ctx);
    await signUp(page, `picks-${size}`);
    let rowsSeen = 0;
    for (const [dir, file, n] of positions) {
      await openAt(page, dir, file, n);
      const v = await gameView(page);
      const label = `${file} at ${n} (${size})`;
      assert.equal(v.state.round, 'Auction', `${label}: the auction`);
      // the picks as the log says them
      const want = [];
      const won = {};
      for (const l of v.log) {
        let m = /^(.+) wins auction for £(\d+)$/.exec(l);
        if (m) won[m[1]] = Number(m[2]);
        m = /^(.+) buys (.+) for £(\d+)$/.exec(l);
        if (m) want.push([m[1], won[m[1]] ? money(won[m[1]]) : 'none (first to pass)', m[2], money(Number(m[3]))]);
        m = /^(.+) pars (\S+) at £(\d+)$/.exec(l);
        if (m) want.push([m[1], won[m[1]] ? money(won[m[1]]) : 'none (first to pass)', `${m[2]}, director at par £${m[3]}`, null]);
      }
      assert.ok(want.length >= 1, `${label}: earlier picks in the log`);
      await page.waitForSelector('#auction-picks');
      const rows = await page.$$eval('#auction-picks tbody tr', (trs) => trs.map((tr) => [tr.querySelector('th').textContent,
        tr.querySelector('[data-field=bid]').textContent, tr.querySelector('[data-field=took]').textContent, tr.querySelector('[data-field=cost]').textContent]));
      assert.equal(rows.length, want.length, `${label}: a row for each pick`);
      rows.forEach((r, i) => {
        const w = want[i];
        assert.deepEqual(r.slice(0, 3), w.slice(0, 3), `${label}: pick ${i + 1}`);
        if (w[3]) assert.equal(r[3], w[3], `${label}: pick ${i + 1}'s cost`);
        else assert.match(r[3], /^£\d+$/, `${label}: pick ${i + 1}'s cost`);
      });
      rowsSeen += rows.length;
      await shot(page, `auction-picks-${n}-${size}`);
    }
    assert.ok(rowsSeen >= 5, `${size}: picks shown (${rowsSeen})`);
    await ctx.close();
  }
});

test('the spreadsheet hides the companies not floated at a click, as the engine has them', { timeout: 200000 }, async () => {
  const ctx = await env.browser.newContext(desktop);
  const page = await newPage(ctx);
  await signUp(page, 'sheet-toggle');
  const id = await openAt(page, '1825', '141331.json', 290);
  const v = await gameView(page);
  await page.goto(`${env.base}/?game=${id}&view=sheet`);
  await page.waitForSelector('#sheet-companies');
  const shown = () => page.$$eval('#sheet-companies tbody tr', (trs) => trs.filter((tr) => tr.getBoundingClientRect().height > 0).map((tr) => tr.dataset.sym).sort());
  const all = v.state.corporations.map((c) => c.sym).sort();
  const floated = v.state.corporations.filter((c) => c.floated && !c.closed).map((c) => c.sym).sort();
  assert.ok(floated.length >= 2 && floated.length < all.length, `some floated (${floated.length} of ${all.length})`);
  assert.deepEqual(await shown(), all, 'every company at first');
  await page.check('#sheet-hide-unfloated');
  assert.deepEqual(await shown(), floated, 'only the floated companies once ticked');
  await shot(page, 'sheet-hide-unfloated');
  // kept in this browser
  await page.reload();
  await page.waitForSelector('#sheet-companies');
  await page.waitForFunction(() => document.getElementById('sheet-companies').classList.contains('hide-unfloated'));
  assert.deepEqual(await shown(), floated, 'still hidden after a reload');
  await page.uncheck('#sheet-hide-unfloated');
  assert.deepEqual(await shown(), all, 'every company again');
  await ctx.close();
});
