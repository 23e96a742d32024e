// Browser test of the game review (issue 42, point 6): a finished 1860
// game imported from 18xx.games, opened at its end; the review is started
// from the final scores, its progress shows, and when it is done the page
// shows each player's summary, the chart of expected worth, the costly
// moves with the better move (the same as the server's report), and marks
// them on the log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { env, serve, newPage, signUp, readFixture, importGame, openAt, shot, scrollTo } from './harness.js';

// the server's default review budget (60000 nodes and 60 s for the game)
serve();

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

test('game review: started at the game end, progress shown, costly moves marked with the better move', { timeout: 600000 }, async () => {
  let id = null;
  for (const vp of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
    const phone = vp.width < 500;
    // bypassCSP: axe-core goes in as an inline script
    const ctx = await env.browser.newContext({ viewport: vp, bypassCSP: true, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
    const page = await newPage(ctx);
    await signUp(page, `reviewer${vp.width}`);
    // the desktop imports the game and starts its review; the phone opens
    // the same game and finds the review kept by the server
    id ??= await importGame(page, readFixture('1860/19354.json'));
    await page.goto(`${env.base}/?game=${id}`);
    await page.waitForSelector('#final-scores #review');
    if (!phone) {
      await page.click('#review-start');
      // the progress while the coach works
      await page.waitForSelector('#review-progress');
      const text = await page.textContent('#review-progress-text');
      assert.match(text, /The coach (is reviewing the game: \d+ of \d+ decisions|is replaying the game)/);
    }
    await page.waitForSelector('#review-moves', { timeout: 540000 });
    const st = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}/review`)).json(), id);
    assert.equal(st.state, 'done');
    const rep = st.report;
    // one summary row a player, with the server's figures
    const rows = await page.$$eval('#review .review-summary tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
    assert.equal(rows.length, 2);
    for (const p of rep.players) {
      const row = rows.find((r) => r[0] === p.name);
      assert.ok(row, `a row for ${p.name}`);
      assert.equal(row[1], `${p.rated} of ${p.decisions}`);
      assert.equal(row[3], String(p.marked));
    }
    // the costly moves, each with the better move, as the report has them
    const marked = rep.decisions.filter((d) => d.marked);
    assert.ok(marked.length > 0, 'some move of this game is costly at this budget');
    const items = await page.$$eval('#review-moves li', (lis) => lis.map((li) => li.textContent));
    assert.equal(items.length, marked.length);
    for (const d of marked) assert.ok(items.some((t) => t.includes(d.played_text) && t.includes(`better: ${d.best_text}`)), `action ${d.action} listed`);
    // the chart: a line a player, ending on the result
    assert.equal(await page.$$eval('#chart-review-worth .series', (gs) => gs.length), 2);
    // and on the log: each costly move's line, with the better move
    const logMarks = await page.$$eval('#log .log-line.review-mark', (bs) => bs.map((b) => ({ line: Number(b.dataset.line), text: b.textContent })));
    const lines = [...new Set(marked.filter((d) => d.log_line >= 0).map((d) => d.log_line))];
    assert.deepEqual(logMarks.map((m) => m.line).sort((a, b) => a - b), lines.sort((a, b) => a - b));
    const names = Object.fromEntries(rep.players.map((p) => [p.id, p.name]));
    for (const d of marked.filter((x) => x.log_line >= 0)) {
      const m = logMarks.find((x) => x.line === d.log_line);
      assert.ok(m.text.includes(`better: ${d.best_text}`), `log line ${d.log_line}: ${m.text}`);
      assert.ok(m.text.includes(names[d.player]) || m.text.includes(d.entity), `log line ${d.log_line} is the move of ${names[d.player]} or ${d.entity}: ${m.text}`);
    }
    // no serious or critical axe-core violation in the review and the marked log
    await page.addScriptTag({ path: axePath });
    const axe = await page.evaluate(() => window.axe.run({ include: [['#review'], ['#log']] }, { resultTypes: ['violations'] }));
    const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    assert.deepEqual(bad, [], 'axe-core on the review');
    await scrollTo(page, '#review');
    await page.$eval('#review', (el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, `review-1860-${phone ? 'phone' : 'desktop'}`);
    await scrollTo(page, '#chart-review-worth');
    await shot(page, `review-chart-1860-${phone ? 'phone' : 'desktop'}`);
    const el = await page.$('#review');
    if (process.env.SHOTS) await el.screenshot({ path: `${process.env.SHOTS}/review-card-1860-${phone ? 'phone' : 'desktop'}.png` });
    // the log with the costly moves marked
    await scrollTo(page, '#log .review-mark');
    await page.$eval('#log .review-mark', (b) => b.scrollIntoView({ block: 'center' }));
    await shot(page, `review-log-1860-${phone ? 'phone' : 'desktop'}`);
    // the page does not scroll sideways
    const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(sw <= cw + 1, `the page is ${sw}px wide in a ${cw}px window`);
    await ctx.close();
  }
  assert.deepEqual(env.consoleErrors, []);
});

test('coach: a tile lay hint says which way the track runs, and every hint says why it ranks where it does', { timeout: 300000 }, async () => {
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await newPage(ctx);
  await signUp(page, 'layhint');
  // 1860 game 19354 just before C&N's first tile lay
  await openAt(page, '1860', '19354.json', 51);
  await page.click('#hint');
  await page.waitForSelector('#coach ol li', { timeout: 240000 });
  const moves = await page.$$eval('#coach ol li', (lis) => lis.map((li) => ({
    text: li.textContent, turn: li.querySelector('.hint-turn')?.textContent || '', why: li.querySelector('.hint-why')?.textContent || '',
  })));
  assert.ok(moves.length >= 2, `${moves.length} moves hinted`);
  const lays = moves.filter((m) => /^Lay tile/.test(m.text));
  assert.ok(lays.length > 0, 'some hinted move lays a tile');
  for (const m of lays) assert.match(m.turn, /\(track to the (north|south|east|west)/, `a lay names its track's directions: ${m.text}`);
  moves.forEach((m, i) => {
    if (i < moves.length - 1) {
      assert.match(m.why, new RegExp(`^(Ranked above move ${i + 2}: .* lead over the best other player is £[\\d,]+ larger|Ranked first though move 2 measured a lead £[\\d,]+ larger)`), m.why);
      assert.ok(i === 0 || !/^Ranked first/.test(m.why), 'only the first move can be kept first against the measure');
    }
    else assert.match(m.why, /^Ranked last of the moves shown/, m.why);
  });
  await shot(page, 'coach-lay-1860-desktop');
  await page.$('#coach').then((el) => (process.env.SHOTS ? el.screenshot({ path: `${process.env.SHOTS}/coach-lay-card-1860-desktop.png` }) : null));
  await ctx.close();
  assert.deepEqual(env.consoleErrors, []);
});
