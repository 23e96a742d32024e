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
