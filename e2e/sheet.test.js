// The spreadsheet, the log and the lobby of issue 40 (points 3, 4 and 7),
// checked against the engine's state (the server's view and the map's
// rules) in real games of both titles, at 1400×900 and on a 390×844 phone.
// SHOTS=DIR saves screenshots of the spreadsheet and the log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { env, serve, newPage, signUp, openFile, shot, fixturePath } from './harness.js';

serve();


const money = (n) => (n === null || n === undefined ? '–' : '£' + n);

// mid-game operating rounds of both titles; 1825's with 6 players and 14
// companies on the table
const POSITIONS = [
  { title: '1860', game: '19354', n: 290, name: '1860' },
  { title: '1825', game: '141331', n: 600, name: '1825' },
];

const SIZES = [
  { name: 'desktop', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
];

const get = (page, path) => page.evaluate(async (p) => {
  const r = await fetch(p);
  return r.json();
}, path);

// orRuns reads, from the game's log, what each company did with its run in
// each operating round ("OR 4.2" → {sym: {revenue, kind}}): the log's
// "pays out £N" and "withholds £N" lines under each round's heading.
function orRuns(log) {
  const out = {};
  let or = null;
  for (const line of log) {
    const head = /^-- Operating Round (\d+)\.(\d+)/.exec(line);
    if (head) { or = `OR ${head[1]}.${head[2]}`; continue; }
    if (/^-- Stock Round/.test(line)) { or = null; continue; }
    const m = /^(\S+) (pays out|withholds) £(\d+)/.exec(line);
    if (m && or) (out[or] ||= {})[m[1]] = { revenue: Number(m[3]), kind: m[2] === 'withholds' ? 'withhold' : 'payout' };
  }
  return out;
}

for (const size of SIZES) {
  test(`the spreadsheet shows the engine's table (${size.name})`, { timeout: 600000 }, async () => {
    const ctx = await env.browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });
    const page = await newPage(ctx);
    await signUp(page, `sheet-${size.name}`);
    for (const pos of POSITIONS) {
      const id = await openFile(page, fixturePath(pos.title, pos.game), pos.n);
      const label = `${pos.name} at ${pos.n} (${size.name})`;
      const v = await get(page, `/api/games/${id}`);
      const map = await get(page, `/api/games/${id}/map`);
      const st = v.state;
      const rules = map.rules;
      await page.goto(`${env.base}/?game=${id}&view=sheet`);
      await page.waitForSelector('#sheet-companies');
      const seen = await page.evaluate(() => {
        const rows = (sel) => [...document.querySelectorAll(`${sel} tbody tr`)];
        const cells = (tr) => Object.fromEntries([...tr.querySelectorAll('[data-field]')].map((c) => [c.dataset.field, c.textContent.trim()]));
        return {
          players: rows('#sheet-players-now').map((tr) => ({ id: tr.dataset.player, ...cells(tr) })),
          corps: rows('#sheet-companies').map((tr) => ({
            sym: tr.dataset.sym,
            ...cells(tr),
            shares: Object.fromEntries([...tr.querySelectorAll('td[data-player]')].map((c) => [c.dataset.player, c.textContent.trim()])),
            ors: Object.fromEntries([...tr.querySelectorAll('td[data-or]')].map((c) => [c.dataset.or, { text: c.textContent.trim(), kind: c.dataset.kind || null }])),
          })),
          overflow: document.scrollingElement.scrollWidth - window.innerWidth,
        };
      });
      // players: cash, certificates of the limit, worth, liquidity (the engine's)
      assert.deepEqual(seen.players.map((p) => p.id), st.players.map((p) => String(p.id)), `${label}: a row for each player`);
      const liq = Object.fromEntries(rules.players.map((p) => [String(p.id), p.liquidity]));
      for (const p of st.players) {
        const row = seen.players.find((x) => x.id === String(p.id));
        assert.equal(row.cash, money(p.cash), `${label}: ${p.name}'s cash`);
        assert.equal(row.worth, money(p.value), `${label}: ${p.name}'s worth`);
        assert.equal(row.certs, st.cert_limit ? `${p.num_certs} of ${st.cert_limit}` : String(p.num_certs), `${label}: ${p.name}'s certificates`);
        assert.equal(row.liquidity, money(liq[String(p.id)]), `${label}: ${p.name}'s liquidity`);
        assert.ok(liq[String(p.id)] >= p.cash, `${label}: liquidity at least the cash`);
      }
      // companies: every one of the game, the share grid, IPO, pool, price, treasury
      assert.deepEqual(seen.corps.map((c) => c.sym).sort(), st.corporations.map((c) => c.sym).sort(), `${label}: a row for every company`);
      for (const c of st.corporations) {
        const row = seen.corps.find((x) => x.sym === c.sym);
        const sbo = c.shares_by_owner || {};
        for (const p of st.players) {
          const pct = sbo[String(p.id)] || 0;
          const dir = String(c.president) === String(p.id);
          assert.equal(row.shares[String(p.id)], pct ? `${pct}%${dir ? '★' : ''}` : '', `${label}: ${p.name}'s shares of ${c.sym}`);
        }
        assert.equal(row.ipo, sbo.ipo ? `${sbo.ipo}%` : '', `${label}: ${c.sym} in the IPO`);
        assert.equal(row.pool, sbo.market ? `${sbo.market}%` : '', `${label}: ${c.sym} in the pool`);
        assert.equal(row.price, c.share_price ? money(c.share_price) : '', `${label}: ${c.sym}'s price`);
        if (c.floated) assert.equal(row.treasury, money(c.cash), `${label}: ${c.sym}'s treasury`);
        assert.equal(row.trains, (c.trains || []).map((t) => t.replace(/-\d+$/, '')).join(' '), `${label}: ${c.sym}'s trains`);
      }
      // revenue by operating round: the engine's records, which the log
      // (its pays out / withholds lines) confirms round by round
      const fromLog = orRuns(v.log);
      let checked = 0;
      for (const rc of rules.corporations) {
        const row = seen.corps.find((x) => x.sym === rc.sym);
        for (const r of rc.runs || []) {
          const or = `OR ${r.turn}.${r.round}`;
          const want = r.kind === 'withhold' ? `[${money(r.revenue)}]` : money(r.revenue);
          assert.deepEqual(row.ors[or], { text: want, kind: r.kind }, `${label}: ${rc.sym} in ${or}`);
          const logged = (fromLog[or] || {})[rc.sym];
          if (r.revenue > 0) {
            assert.deepEqual(logged, { revenue: r.revenue, kind: r.kind }, `${label}: the log agrees on ${rc.sym} in ${or}`);
            checked++;
          }
        }
      }
      assert.ok(checked > 5, `${label}: ${checked} runs checked against the log`);
      assert.ok(seen.overflow <= 1, `${label}: the page does not scroll sideways (${seen.overflow}px); the wide tables scroll in their box`);

      await page.waitForSelector('#chart-price', { timeout: 240000 });
      await page.evaluate(() => { window.scrollTo(0, 0); for (const el of document.querySelectorAll('.scroll')) el.scrollLeft = 0; });
      await shot(page, `sheet-${pos.name}-${size.name}`);
      if (process.env.SHOTS) {
        for (const chart of ['chart-revenue', 'chart-price']) {
          await page.locator(`#${chart}`).screenshot({ path: join(process.env.SHOTS, `sheet-${pos.name}-${size.name}-${chart}.png`) });
        }
      }
      // sorting from the keyboard: Cash, then again to reverse
      const cashHead = page.locator('#sheet-players-now th', { hasText: 'Cash' }).locator('button');
      await cashHead.focus();
      await page.keyboard.press('Enter');
      const order = async () => page.$$eval('#sheet-players-now tbody tr', (trs) => trs.map((tr) => tr.dataset.player));
      const cashOf = (ids) => ids.map((pid) => st.players.find((p) => String(p.id) === pid).cash);
      const most = [...st.players].map((p) => p.cash).sort((a, b) => b - a);
      assert.deepEqual(cashOf(await order()), most, `${label}: Enter on Cash sorts by cash, most first`);
      assert.equal(await page.locator('#sheet-players-now th', { hasText: 'Cash' }).getAttribute('aria-sort'), 'descending');
      await page.keyboard.press('Enter');
      assert.deepEqual(cashOf(await order()), [...most].reverse(), `${label}: again, least first`);
      // the company table by its last operating round's revenue
      const lastOR = page.locator('#sheet-companies th.or').last();
      await lastOR.locator('button').click();
      const revs = await page.$$eval('#sheet-companies tbody tr', (trs) => trs.map((tr) => Number([...tr.querySelectorAll('td[data-or]')].pop()?.dataset.sort ?? -1)));
      assert.deepEqual(revs, [...revs].sort((a, b) => b - a), `${label}: sorted by the last round's revenue`);

      // the charts: every company, each its own colour and marker; readable axes
      for (const chart of ['#chart-revenue', '#chart-price', '#chart-left', '#chart-worth']) {
        const c = await page.evaluate((sel) => {
          const fig = document.querySelector(sel);
          const svg = fig.querySelector('svg');
          const sb = svg.getBoundingClientRect();
          const axis = [...svg.querySelectorAll('text.axis')];
          const series = [...svg.querySelectorAll('g.series')].map((g) => {
            const m = g.querySelector('.marker');
            const line = g.querySelectorAll('polyline')[1];
            return { key: g.dataset.series, shape: m?.dataset.shape, fill: m?.getAttribute('fill'), stroke: m?.getAttribute('stroke'), line: line?.getAttribute('stroke') };
          });
          return {
            legend: [...fig.querySelectorAll('.legend li')].map((li) => li.dataset.series),
            series,
            yLabels: axis.filter((t) => t.getAttribute('text-anchor') === 'end').map((t) => t.textContent),
            xLabels: axis.filter((t) => t.getAttribute('text-anchor') === 'middle').map((t) => t.textContent),
            clipped: axis.filter((t) => { const r = t.getBoundingClientRect(); return r.left < sb.left - 0.5 || r.right > sb.right + 0.5; }).map((t) => t.textContent),
          };
        }, chart);
        const what = `${label} ${chart}`;
        if (chart === '#chart-worth') {
          assert.deepEqual([...c.legend].sort(), st.players.map((p) => String(p.id)).sort(), `${what}: every player in the legend`);
        } else {
          for (const corp of st.corporations) assert.ok(c.legend.includes(corp.sym), `${what}: ${corp.sym} in the legend, run or not`);
          // series with points carry their badge's colour
          for (const s of c.series.filter((x) => x.shape)) {
            const rc = rules.corporations.find((x) => x.sym === s.key);
            if (rc && s.line) assert.equal(s.line.toLowerCase(), rc.color.toLowerCase(), `${what}: ${s.key}'s line in its badge colour`);
          }
        }
        const looks = c.series.filter((s) => s.shape).map((s) => `${s.shape}/${s.fill === '#fff' ? 'hollow' : 'filled'}/${s.fill}/${s.stroke}`);
        assert.equal(new Set(looks).size, looks.length, `${what}: no two series look alike (${looks.join(' ')})`);
        const shapes = c.series.filter((s) => s.shape).map((s) => `${s.shape}/${s.fill === '#fff'}`);
        assert.equal(new Set(shapes).size, shapes.length, `${what}: each series has a marker of its own, colours aside`);
        assert.equal(new Set(c.yLabels).size, c.yLabels.length, `${what}: the money axis has no two labels alike (${c.yLabels.join(' ')})`);
        assert.ok(c.yLabels.every((t) => /^£[\d,]+$/.test(t)), `${what}: money labels ${c.yLabels.join(' ')}`);
        assert.deepEqual(c.clipped, [], `${what}: no axis label cut off`);
        if (chart === '#chart-revenue') {
          const ors = [...new Set(rules.corporations.flatMap((x) => (x.runs || []).map((r) => `OR ${r.turn}.${r.round}`)))];
          assert.equal(c.xLabels[c.xLabels.length - 1], ors[ors.length - 1], `${what}: the last round labelled`);
        }
      }
      await shot(page, `sheet-${pos.name}-${size.name}-full`, { fullPage: true });
    }
    await ctx.close();
  });
}

// LOGS: positions late in real games, with runs, payouts, sales, phases
// and rusting behind them
const LOGS = [
  { title: '1860', game: '19354', n: 400, name: '1860' },
  { title: '1825', game: '141331', n: 700, name: '1825' },
];

const roundName = (st) => (st.round === 'Operating' ? `OR ${st.turn}.${st.round_num}` : st.round === 'Stock' ? `SR ${st.turn}` : st.round);

for (const size of SIZES) {
  test(`the log says everything: runs with stops and revenue, payouts per share and holder, price moves, phases and rusting; the lobby names the round (${size.name})`, { timeout: 600000 }, async () => {
    const ctx = await env.browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });
    const page = await newPage(ctx);
    await signUp(page, `log-${size.name}`);
    const ids = {};
    for (const pos of LOGS) {
      const id = await openFile(page, fixturePath(pos.title, pos.game), pos.n);
      ids[pos.name] = id;
      const label = `${pos.name} at ${pos.n} (${size.name})`;
      const v = await get(page, `/api/games/${id}`);
      await page.waitForSelector('#log li');
      const shown = await page.$$eval('#log > li', (lis) => lis.map((li) => li.textContent));
      assert.deepEqual(shown, v.log, `${label}: the page's log is the engine's`);
      const log = v.log;
      let runs = 0;
      let payouts = 0;
      let operating = null;
      let ran = 0;
      for (const line of log) {
        // "Player 1 operates IOW", or a company run by nobody: "NGStL operates in receivership (no director)"
        let m = /^(\S+) operates (?:in receivership|with no director)/.exec(line) || /^\S.* operates (\S+)$/.exec(line);
        if (m) { operating = m[1]; ran = 0; continue; }
        m = /^(\S+) runs a (\S+) train for £(\d+)(?: and £\d+ subsidy)?: (.+)$/.exec(line);
        if (m) {
          assert.equal(m[1], operating, `${label}: "${line}" in ${m[1]}'s turn`);
          const stops = m[4].split(' – ').reduce((n, part) => n + Number((/ ×(\d+)$/.exec(part) || [0, 1])[1]), 0);
          assert.ok(stops >= 2, `${label}: "${line}" names the stops`);
          ran += Number(m[3]);
          runs++;
          continue;
        }
        m = /^(\S+) (pays out|withholds) £(\d+)(.*)$/.exec(line);
        if (m && m[1] === operating) {
          assert.equal(Number(m[3]), ran, `${label}: "${line}" is what the trains ran (${ran})`);
          if (m[2] === 'pays out') {
            const p = /^: £([\d.]+) per (\d+)% share(?:; (.*))?$/.exec(m[4]);
            assert.ok(p, `${label}: "${line}" says the amount per share`);
            assert.ok(Math.abs(Number(p[1]) * (100 / Number(p[2])) - Number(m[3])) < 0.01, `${label}: "${line}": per share × shares = the payout`);
            const got = (p[3] || '').split(', ').filter(Boolean).map((x) => Number(/receives £(\d+)$/.exec(x)[1]));
            assert.ok(got.length > 0 && got.every((x) => x > 0) && got.reduce((a, b) => a + b, 0) <= Number(m[3]) + got.length, `${label}: "${line}" names what each holder receives`);
            payouts++;
          }
          ran = 0;
        }
      }
      assert.ok(runs > 20 && payouts > 10, `${label}: ${runs} run lines and ${payouts} payouts checked`);
      // the price moves after a dividend (and, in 1860, after a sale)
      const moves = log.map((l, i) => [l, i]).filter(([l]) => /^\S+'s share price moves from £\d+ to £\d+$/.test(l));
      assert.ok(moves.length > 10, `${label}: price moves in the log`);
      if (pos.title === '1860') {
        const afterSale = moves.filter(([, i]) => /sells .* and receives £\d+$/.test(log[i - 1]));
        assert.ok(afterSale.length > 0, `${label}: a sale's price move`);
        for (const [l] of afterSale) {
          const [, from, to] = /from £(\d+) to £(\d+)/.exec(l).map(Number);
          assert.ok(to < from, `${label}: "${l}" after a sale goes down`);
        }
      }
      const phases = log.filter((l) => /^-- Phase \S+ \(Operating Rounds: \d+ \| Train Limit: .+\) --$/.test(l));
      assert.ok(phases.length >= 2, `${label}: phase changes with their limits`);
      const rust = log.filter((l) => /^-- Event: .+ trains rust \((\S+ loses \d+(, )?)+.*\) --$/.test(l));
      assert.ok(rust.length >= 1, `${label}: the trains a phase rusts, by owner`);
      // the filter keeps one company's run lines
      const sym = /^(\S+) runs a/.exec(log.find((l) => / runs a /.test(l)))[1];
      await page.selectOption('#log-filter', sym);
      const visible = await page.$$eval('#log > li:not([hidden])', (lis) => lis.map((li) => li.textContent));
      assert.deepEqual(visible.filter((l) => / runs a /.test(l)), log.filter((l) => l.startsWith(`${sym} runs a `)), `${label}: ${sym}'s runs under the filter`);
      await page.selectOption('#log-filter', '');
      await page.locator('.card.log').scrollIntoViewIfNeeded();
      if (process.env.SHOTS) await page.locator('.card.log').screenshot({ path: join(process.env.SHOTS, `log-${pos.name}-${size.name}.png`) });
    }
    // the lobby names each game's round and phase, as its state has them
    await page.goto(`${env.base}/`);
    for (const pos of LOGS) {
      const st = (await get(page, `/api/games/${ids[pos.name]}`)).state;
      const tag = page.locator(`#games-mine li.game[data-game="${ids[pos.name]}"] .tag.round`);
      await tag.waitFor();
      assert.equal(await tag.textContent(), `${roundName(st)}, phase ${st.phase}`, `${pos.name}: the lobby's round and phase`);
    }
    await shot(page, `lobby-rounds-${size.name}`);
    await ctx.close();
  });
}
