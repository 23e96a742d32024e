// The bugs of issue 40 point 7, each with the test that would have caught
// it, against a real `tresham serve` in Debian's chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, openFile, gameView, fixturePath, importGame, liveCut, readFixture } from './harness.js';
import { describe } from '../ui/static/panel.js';
import { durationText } from '../ui/static/clockview.js';

serve();


const desktop = { viewport: { width: 1400, height: 900 } };
const api = (page, method, path, body) => page.evaluate(async ([m, p, b]) => {
  const r = await fetch(p, { method: m, headers: { 'Content-Type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
  return { status: r.status, body: await r.json().catch(() => null) };
}, [method, path, body]);

test('server hotseat: ending the game asks first, and "Keep playing" keeps it', { timeout: 180000 }, async () => {
  const ctx = await env.browser.newContext(desktop);
  const page = await newPage(ctx);
  await signUp(page, 'ender');
  await openFile(page, fixturePath('1860', '19354'), 100);
  await page.click('#propose-end');
  await page.waitForSelector('#end-ask');
  assert.match(await page.textContent('#end-ask'), /You hold every seat, so it ends at once/);
  assert.equal((await gameView(page)).finished, false, 'one click does not end the game');
  await page.click('#cancel-end');
  await page.waitForSelector('#end-ask', { state: 'detached' });
  assert.equal((await gameView(page)).finished, false, '"Keep playing" keeps the game');
  await page.click('#propose-end');
  await page.click('#confirm-end');
  await page.waitForSelector('#turn.done');
  assert.equal((await gameView(page)).finished, true, 'confirmed, the game ends');
  await ctx.close();
});

test('the coach answers beside the choices: the toolbar and the map stay put; the order is explained', { timeout: 300000 }, async () => {
  const ctx = await env.browser.newContext(desktop);
  const page = await newPage(ctx);
  await signUp(page, 'coached');
  await openFile(page, fixturePath('1860', '19354'), 222);
  const before = await page.evaluate(() => ({
    head: document.querySelector('.game-head').getBoundingClientRect().height,
    map: document.querySelector('.map-section').getBoundingClientRect().top,
  }));
  await page.click('#hint');
  await page.waitForSelector('#coach ol li', { timeout: 240000 });
  const after = await page.evaluate(() => ({
    head: document.querySelector('.game-head').getBoundingClientRect().height,
    map: document.querySelector('.map-section').getBoundingClientRect().top,
    inPanel: !!document.querySelector('.panel #coach'),
    inHead: !!document.querySelector('.game-head #coach'),
  }));
  assert.ok(after.inPanel && !after.inHead, 'the answer is in the action panel, not in the toolbar');
  assert.equal(after.head, before.head, 'the toolbar keeps its height');
  assert.equal(after.map, before.map, 'the map does not move');
  assert.match(await page.textContent('#coach'), /best first: .* ranks each move by the final worth/);
  await page.click('#hint-close');
  assert.equal((await page.textContent('#coach')).trim(), '');
  await ctx.close();
});

test('a tile lay names its orientation; a clock says minutes', () => {
  assert.equal(describe({ type: 'lay_tile', tile: '57-0', hex: 'G5', rotation: 2 }, {}), 'Lay tile 57 on G5, turned 120° clockwise');
  assert.equal(describe({ type: 'lay_tile', tile: '57-0', hex: 'G5', rotation: 0 }, {}), 'Lay tile 57 on G5, as printed (not turned)');
  assert.equal(durationText('45m0s'), '45 min');
  assert.equal(durationText('1h30m0s'), '1 h 30 min');
  assert.equal(durationText('20s'), '20 s');
});

test('options are described, never named by key; a bot has one name; the winner is in the lobby', { timeout: 300000 }, async () => {
  const ctx = await env.browser.newContext(desktop);
  const page = await newPage(ctx);
  await signUp(page, 'optioner');
  const titles = (await api(page, 'GET', '/api/titles')).body;
  for (const t of titles) {
    for (const o of t.options) {
      assert.doesNotMatch(o.description, /docs\/|\.md\b/, `${t.title} ${o.name}: no file cited`);
      for (const other of t.options) if (other.name.includes('_')) assert.ok(!o.description.includes(other.name), `${t.title} ${o.name}: no option key (${other.name}) in "${o.description}"`);
    }
  }
  // a table with options and a hard computer player
  const made = await api(page, 'POST', '/api/games', { title: '1860', options: ['two_player_map'], players: 2, hotseat: false, bots: { 1: 'search' } });
  assert.ok(made.status < 300, JSON.stringify(made.body));
  const id = made.body.id;
  // an imported 1825 game (options unit_123, r1 …) and a finished 1860 game
  const id1825 = await importGame(page, liveCut(readFixture('1825/141331.json'), 30));
  const idDone = await importGame(page, readFixture('1860/19354.json'));
  await page.goto(`${env.base}/`);
  const row = page.locator(`#games-mine li.game[data-game="${id}"]`);
  await row.waitFor();
  const opts = await row.locator('.opts').textContent();
  assert.match(opts, /the smaller two-player map/);
  assert.doesNotMatch(opts, /two_player_map/);
  const lobbySeat = (await row.textContent()).match(/\(([a-z]+ computer player)\)/);
  assert.ok(lobbySeat, 'the lobby names the bot by its level');
  const opts1825 = await page.locator(`#games-mine li.game[data-game="${id1825}"] .opts`).textContent();
  assert.match(opts1825, /Regional Kit 1: Wales/);
  assert.doesNotMatch(opts1825, /unit_123|\br1\b|\bk1\b|\bdb3\b/, opts1825);
  // the winner of the finished game
  const done = (await api(page, 'GET', `/api/games/${idDone}`)).body;
  const top = Math.max(...Object.values(done.result));
  const winner = done.seats.find((s) => done.result[String(s.player_id)] === top).name;
  await page.locator(`li.game[data-game="${idDone}"] .winner`).first().waitFor();
  assert.equal(await page.locator(`li.game[data-game="${idDone}"] .winner`).first().textContent(), `Won by ${winner} with ${top}`);
  // the profile names the bot as the lobby does
  await page.goto(`${env.base}/?player=optioner`);
  const prow = page.locator(`li.game[data-game="${id}"]`);
  await prow.waitFor();
  assert.ok((await prow.textContent()).includes(`(${lobbySeat[1]})`), `the profile says "${lobbySeat[1]}" too: ${await prow.textContent()}`);
  assert.doesNotMatch(await prow.textContent(), /search bot/);
  await ctx.close();
});

test('game page: no engine note in the normal case, hotseat chat as the seat to act, the last run with its revenue, final-score headings over their figures', { timeout: 300000 }, async () => {
  const ctx = await env.browser.newContext(desktop);
  const page = await newPage(ctx);
  await signUp(page, 'tabler');
  await openFile(page, fixturePath('1860', '19354'), 290);
  // the engine note is for screen readers only while all is well
  const note = await page.$eval('#engine', (el) => el.getBoundingClientRect().width);
  assert.ok(note <= 1, `"engine: …" is not shown (${note} px wide)`);
  // chat: written as the seat to act, or the seat chosen
  const v = await gameView(page);
  const acting = String(v.state.acting[0]);
  assert.equal(await page.inputValue('#chat-as'), acting, 'the seat to act writes by default');
  await page.fill('#chat-text', 'from the seat to act');
  await page.click('#chat-send');
  const other = v.seats.find((s) => String(s.player_id) !== acting);
  const until = async (text) => {
    for (let i = 0; i < 100; i++) {
      const c = (await gameView(page)).chat || [];
      const m = c.find((x) => x.text === text);
      if (m) return m;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no message "${text}"`);
  };
  assert.equal(String((await until('from the seat to act')).player), acting);
  await page.selectOption('#chat-as', String(other.player_id));
  await page.fill('#chat-text', 'from another seat');
  await page.click('#chat-send');
  assert.equal(String((await until('from another seat')).player), String(other.player_id));
  // the last run of an imported game says its revenue
  const map = (await api(page, 'GET', `/api/games/${v.id}/map`)).body;
  const ran = map.rules.corporations.find((c) => c.last_run && c.last_run.revenue > 0);
  await page.selectOption('#show-run', ran.sym);
  await page.waitForSelector('#kept-run');
  // (one train's revenue is the run's: "for £N."; several: "£N in all.")
  assert.match(await page.textContent('#kept-run'), new RegExp(`£${ran.last_run.revenue}( in all)?\\.$`));
  // final scores: each heading aligned as its figures
  await openFile(page, fixturePath('1860', '19354'), 10);
  const idDone = await importGame(page, readFixture('1860/19354.json'));
  await page.goto(`${env.base}/?game=${idDone}`);
  await page.waitForSelector('#final-scores');
  const cols = await page.$$eval('#final-scores table', ([t]) => {
    const ths = [...t.querySelectorAll('thead th')];
    const tds = [...t.querySelector('tbody tr').children];
    return ths.map((th, i) => [th.textContent, getComputedStyle(th).textAlign, getComputedStyle(tds[i]).textAlign, Math.abs(th.getBoundingClientRect().right - tds[i].getBoundingClientRect().right)]);
  });
  for (const [name, thAlign, tdAlign, gap] of cols) {
    assert.equal(thAlign === 'start' ? 'left' : thAlign, tdAlign === 'start' ? 'left' : tdAlign, `"${name}" aligned as its figures`);
    assert.ok(gap < 1, `"${name}" over its column`);
  }
  await ctx.close();
});
