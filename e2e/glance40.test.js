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
