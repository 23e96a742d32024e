// Issue 40's last gaps (helper glance40), each checked against the engine
// in a real browser at 1400×900 and 390×844: 1860's auction shows each
// player's bid for the pick and cash in hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, openFile, gameView, shot, fixturePath, desktop, phone } from './harness.js';

serve();

const money = (n) => '£' + n;

// bidsFromLog is each player's standing bid for the pick under way, read
// from the engine's log (an oracle apart from the auction's view): the
// "bids £N" lines since the last pick was won, and who passed on it.
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

test("1860's auction: the lot, each player's bid and cash in hand", { timeout: 300000 }, async () => {
  for (const [size, opts] of [['desktop', desktop], ['phone', phone]]) {
    const ctx = await env.browser.newContext(opts);
    const page = await newPage(ctx);
    await signUp(page, `auction-${size}`);
    let checked = 0;
    for (const n of [3, 8, 13, 20]) {
      await openFile(page, fixturePath('1860', '19354'), n);
      const v = await gameView(page);
      if (v.state.round !== 'Auction' || !(await page.locator('#auction-bids').count())) continue;
      const { bids, passed } = bidsFromLog(v.log);
      const rows = await page.$$eval('#auction-bids tbody tr', (trs) => trs.map((tr) => ({
        name: tr.querySelector('th').textContent, bid: tr.querySelector('[data-field=bid]').textContent,
        state: tr.querySelector('[data-field=state]').textContent, cash: tr.querySelector('[data-field=cash]').textContent,
      })));
      assert.deepEqual(rows.map((r) => r.name).sort(), v.state.players.map((p) => p.name).sort(), `at ${n}: a row for each player`);
      const high = Math.max(0, ...Object.values(bids));
      for (const p of v.state.players) {
        const r = rows.find((x) => x.name === p.name);
        assert.equal(r.cash, money(p.cash), `at ${n}: ${p.name}'s cash in hand`);
        assert.equal(r.bid, p.name in bids && !passed.has(p.name) ? money(bids[p.name]) : '–', `at ${n}: ${p.name}'s bid as the log has it`);
        const want = passed.has(p.name) ? 'passed' : bids[p.name] === high && high > 0 ? 'high bid' : p.name in bids ? 'outbid' : 'not bid yet';
        assert.equal(r.state, want, `at ${n}: ${p.name} ${want}`);
      }
      checked++;
      if (n === 20) await shot(page, `auction-bids-1860-${size}`);
    }
    assert.ok(checked >= 2, `${size}: positions in the auction checked (${checked})`);
    await ctx.close();
  }
});

test("1860's last-run caption shows every line, the market still in view (1400×900)", { timeout: 400000 }, async () => {
  const ctx = await env.browser.newContext(desktop);
  const page = await newPage(ctx);
  await signUp(page, 'caption-desktop');
  let checked = 0;
  for (const [game, n] of [['19354', 290], ['19354', 420], ['19354', 490], ['1860_game_end_bank', 400], ['1860_game_end_bank', 600]]) {
    await openFile(page, fixturePath('1860', game), n);
    const syms = await page.$$eval('#show-run option', (os) => os.map((o) => o.value).filter(Boolean));
    for (const sym of syms) {
      await page.selectOption('#show-run', sym);
      await page.waitForSelector(`#kept-run[data-entity="${sym}"]`);
      const seen = await page.evaluate(() => {
        const c = document.querySelector('.map-caption');
        const m = document.querySelector('.market-slot .market-card')?.getBoundingClientRect();
        return { scroll: c.scrollHeight, client: c.clientHeight, text: c.textContent, market: m ? m.bottom : null, vh: innerHeight, y: scrollY };
      });
      assert.ok(seen.scroll <= seen.client + 1, `${game} at ${n}, ${sym}: the caption's every line shown (${seen.scroll} px of text in ${seen.client} px): ${seen.text}`);
      assert.ok(seen.market !== null && seen.market <= seen.vh + 1 && seen.y === 0, `${game} at ${n}, ${sym}: the market ends on screen (${seen.market} of ${seen.vh})`);
      checked++;
    }
    if (n === 290) await shot(page, 'caption-1860-desktop');
  }
  assert.ok(checked >= 15, `${checked} captions checked`);
  await ctx.close();
});

test('the bank, the depot and the phase are on screen beside the map (1400×900), as the engine has them', { timeout: 400000 }, async () => {
  const trainType = (id) => String(id).replace(/-\d+$/, '');
  for (const [size, opts] of [['desktop', desktop], ['phone', phone]]) {
    const ctx = await env.browser.newContext(opts);
    const page = await newPage(ctx);
    await signUp(page, `bank-${size}`);
    for (const [title, game, n] of [['1860', '19354', 290], ['1860', '1860_game_end_bank', 600], ['1825', '141331', 330], ['1825', '141331', 600]]) {
      const id = await openFile(page, fixturePath(title, game), n);
      await page.waitForSelector('#bank-card');
      const v = await gameView(page);
      const { rules } = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}/map`)).json(), id);
      const st = v.state;
      const label = `${title}/${game} at ${n} (${size})`;
      const seen = await page.$eval('#bank-card', (el) => {
        const r = el.getBoundingClientRect();
        const chips = (sel) => [...el.querySelectorAll(`${sel} .train`)].map((x) => [x.dataset.train, Number(x.dataset.count), x.textContent]);
        return { box: { top: r.top, bottom: r.bottom, left: r.left, right: r.right }, cash: el.querySelector('[data-field=bank-cash]').textContent,
          phase: el.querySelector('[data-field=phase]')?.textContent || '', depot: chips('[data-field=depot]'), pool: chips('[data-field=pool]'), vh: innerHeight, vw: innerWidth, y: scrollY };
      });
      assert.equal(seen.cash, money(st.bank_cash), `${label}: the bank's cash`);
      const cur = rules.phases[rules.phase_index];
      assert.ok(seen.phase.includes(`Phase ${cur.name}`) && seen.phase.includes(`train limit ${cur.train_limit}`), `${label}: phase and train limit (${seen.phase})`);
      const up = (st.depot.upcoming || []).filter(Array.isArray);
      assert.deepEqual(seen.depot.map(([t, c]) => [t, c]), up.map(([t, c]) => [t, c]), `${label}: the depot's trains and counts`);
      for (const [t, , text] of seen.depot) assert.ok(text.includes(money(rules.trains.find((x) => x.name === t).price)), `${label}: ${t}'s price (${text})`);
      const pool = {};
      for (const x of st.depot.discarded || []) pool[trainType(x)] = (pool[trainType(x)] || 0) + 1;
      assert.deepEqual(Object.fromEntries(seen.pool.map(([t, c]) => [t, c])), pool, `${label}: the pool's trains`);
      if (size === 'desktop') {
        assert.ok(seen.y === 0 && seen.box.top >= 0 && seen.box.bottom <= seen.vh + 1 && seen.box.right <= seen.vw + 1, `${label}: the bank's card on screen without scrolling (${JSON.stringify(seen.box)})`);
        // the market stays on screen with it
        const market = await page.$eval('.market-slot .market-card', (el) => el.getBoundingClientRect().bottom);
        assert.ok(market <= seen.vh + 1, `${label}: the market ends on screen (${market})`);
      }
      await shot(page, `bank-card-${title}-${n}-${size}`);
    }
    await ctx.close();
  }
});
