// End-to-end tests of the web UI against a real `tresham serve`, using
// Debian's chromium through playwright-core. Every game move is made by
// clicking the UI; the API is only read to decide what to click.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { env, fixtureUpload, gameView, serve, showAll, untilServer } from './harness.js';

const consoleErrors = [];

serve();

async function newPage(ctx) {
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`${page.url()}: ${m.text()}`); });
  page.on('pageerror', (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
  return page;
}

// clickAndWait performs a UI action and waits until the page shows a later
// action count (or an error).
async function clickAndWait(page, fn) {
  const before = await page.textContent('#history-pos');
  await fn();
  await page.waitForFunction((b) => {
    const e = document.getElementById('action-error');
    return (e && e.textContent) || (document.getElementById('history-pos')?.textContent !== b);
  }, before, { timeout: 20000 });
  const err = await page.textContent('#action-error').catch(() => '');
  assert.equal(err || '', '', 'the server refused an action made through the UI');
}

async function signUp(page, name) {
  await page.goto(env.base + '/');
  await page.fill('#auth-name', name);
  await page.fill('#auth-password', 'correct horse battery staple');
  await page.click('#signup');
  await page.waitForSelector('#create');
}

test('hotseat 1860: auction, stock round and operating rounds through the UI', { timeout: 600000 }, async () => {
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await newPage(ctx);
  await signUp(page, 'alice');
  await page.selectOption('#create-title', '1860');
  await page.fill('#create-players', '3');
  await page.check('#create-hotseat');
  await Promise.all([page.waitForURL(/\?game=/), page.click('#create')]);
  await page.waitForSelector('#turn');
  await page.waitForSelector('#turn.yours');
  assert.ok(await page.$('svg.map .hex[data-hex="G5"]'), 'the map shows hex G5');

  const done = { auction: false, stock: false, tile: false, route: false, dividend: false, train: false, manual: false };
  await checkPhaseChart(page, '2');
  let parred = null;
  for (let step = 0; step < 400 && !(done.tile && done.route && done.dividend && done.train && done.manual); step++) {
    const v = await gameView(page);
    const st = v.state;
    const round = String(st.round);
    if (/stock/i.test(round)) done.auction = true;
    if (/operating/i.test(round)) done.stock = done.auction = true;
    const types = Object.values(v.legal).flat().map((c) => c.action.type);
    const has = (t) => types.includes(t);
    if (process.env.E2E_DEBUG) console.error(step, round, st.round_num, [...new Set(types)].join(','), (v.log || []).at(-1));
    const lastLog = (v.log || []).at(-1) || '';
    const priceBid = await page.$('.price-choice[data-type="bid"]');
    const companyBid = Object.values(v.legal).flat().find((c) => c.action.type === 'bid' && c.action.company);
    if (has('par') && (!parred || !companyBid)) {
      const corp = await page.getAttribute('.group.par select', 'data-corp');
      parred ||= corp;
      await clickAndWait(page, () => page.click('.group.par button[type=submit]'));
    } else if (companyBid) {
      await clickAndWait(page, () => page.click(`.price-choice[data-type="bid"] button, button.choice.bid`));
    } else if (priceBid) {
      if (/ bids /.test(lastLog)) await clickAndWait(page, () => page.click('button.choice.pass'));
      else await clickAndWait(page, () => page.click('.price-choice[data-type="bid"] button[type=submit]'));
    } else if (has('buy_shares') && parred && (corpHeld(st, parred) < 60)) {
      const btn = await page.$(`button.choice.buy_shares:has-text("of ${parred}")`);
      await clickAndWait(page, () => (btn || page.locator('button.choice.pass')).click());
    } else if (has('lay_tile') && (!done.tile || !/operating/i.test(round))) {
      // Pick a hex on the map (legal hexes are highlighted), then a tile,
      // then rotate once if another legal rotation exists, and confirm.
      const hex = await page.getAttribute('svg.map .hex.legal', 'data-hex');
      await page.click(`svg.map .hex.legal[data-hex="${hex}"] .coord`);
      await page.waitForSelector('.tile-pick');
      await page.click('.tile-pick');
      await page.waitForSelector('#confirm-tile');
      if (!(await page.isDisabled('#rotate'))) await page.click('#rotate');
      // The candidate tile is drawn on the map at the chosen rotation.
      const want = await page.evaluate(() => document.getElementById('confirm-tile').textContent);
      // (the preview is redrawn after the rotation: wait for the one that
      // matches the rotation the panel names)
      const rot = await page.getAttribute('#orientation', 'data-rotation');
      assert.match(await page.textContent('#orientation'), /orientation \d of \d|the only orientation/);
      await page.waitForSelector(`svg.map .hex[data-hex="${hex}"].previewing .tile-preview[data-rotation="${rot}"]`);
      assert.ok(want.includes(hex));
      if (process.env.E2E_SHOTS) await page.screenshot({ path: join(process.env.E2E_SHOTS, 'tile-preview.png') });
      await clickAndWait(page, () => page.click('#confirm-tile'));
      if (/operating/i.test(round)) done.tile = true;
    } else if (has('run_routes')) {
      await page.waitForSelector('#run-routes', { timeout: 60000 });
      // 1860 has a halt subsidy: revenue and subsidy are both shown.
      assert.match(await page.textContent('#route-revenue'), /Revenue £\d+, subsidy £\d+/);
      assert.ok(await page.$('svg.map .routes .route'), 'the auto-route is drawn on the map');
      const ent = Object.keys(v.legal).find((e) => v.legal[e].some((c) => c.action.type === 'run_routes'));
      const best = await page.evaluate(async ([gid, e]) => (await fetch(`/api/games/${gid}/routes?entity=${encodeURIComponent(e)}`)).json(), [v.id, ent]);
      if (best.total.revenue !== best.revenue || best.total.subsidy !== best.subsidy) {
        await page.check('input[data-objective="total"]');
        assert.match(await page.textContent('#route-revenue'), new RegExp(`Revenue £${best.total.revenue}, subsidy £${best.total.subsidy}`));
      }
      if (!done.manual) {
        // Change the run by hand: the editor starts from the best run, a
        // stop taken back and put back again, each change checked by the
        // engine (e2e/routes.test.js covers drawing in full).
        await page.click('#edit-routes');
        await page.waitForSelector('#route-revenue.ok');
        assert.equal(await page.textContent('#route-revenue'), `This run earns £${best.revenue} and a subsidy of £${best.subsidy}.`);
        const r0 = best.routes[0];
        await page.click(`button.train-pick[data-train="${r0.train}"]`);
        await page.click('#edit-undo');
        await page.waitForFunction(([t, n]) => document.querySelector(`#edit-list li[data-train="${t}"]`)?.dataset.steps === String(n), [r0.train, r0.nodes.length - 1]);
        await page.$eval(`svg.map .stop-target[data-node="${r0.nodes[r0.nodes.length - 1]}"]`, (c) => c.dispatchEvent(new MouseEvent('click', { bubbles: true })));
        await page.waitForFunction(([t, n]) => document.querySelector(`#edit-list li[data-train="${t}"]`)?.dataset.steps === String(n), [r0.train, r0.nodes.length]);
        await page.waitForSelector('#route-revenue.ok');
        assert.equal(await page.textContent('#route-revenue'), `This run earns £${best.revenue} and a subsidy of £${best.subsidy}.`);
        if (process.env.E2E_SHOTS) await page.screenshot({ path: join(process.env.E2E_SHOTS, 'route-edit.png') });
        done.manual = true;
      }
      await clickAndWait(page, () => page.click('#run-routes'));
      done.route = true;
    } else if (has('dividend')) {
      // The share-price move is computed, not generic wording.
      for (const t of await page.locator('button.choice.dividend').allTextContents()) assert.match(t, /price (£\d+ → £\d+: \d+ (space|place)s? (left|right)|stays £\d+)/, t);
      const payout = await page.$('button.choice.dividend:has-text("Pay out")');
      if (process.env.E2E_SHOTS) await page.screenshot({ path: join(process.env.E2E_SHOTS, 'dividend.png') });
      await clickAndWait(page, () => (payout || page.locator('button.choice.dividend').first()).click());
      done.dividend = true;
    } else if (has('buy_train')) {
      const btn = await page.$('button.choice.buy_train');
      if (btn) await clickAndWait(page, () => btn.click());
      else await clickAndWait(page, () => page.click('.price-choice[data-type="buy_train"] button[type=submit]'));
      done.train = true;
    } else {
      await clickAndWait(page, () => page.click('button.choice.pass'));
    }
  }
  assert.deepEqual(done, { auction: true, stock: true, tile: true, route: true, dividend: true, train: true, manual: true });
  await ctx.close();
});


// checkPhaseChart checks the phase table: every phase, the current one
// highlighted, and what the next train brings.
async function checkPhaseChart(page, current) {
  await page.waitForSelector('#phase-chart');
  const rows = await page.locator('#phase-chart tbody tr').count();
  assert.ok(rows >= 4, `the phase chart lists every phase (${rows})`);
  assert.equal(await page.getAttribute('#phase-chart tr.current', 'data-phase'), current);
  assert.match(await page.textContent('#phase-next'), /^Buying the first \S+ train starts phase \S+: .*train limit \d+/);
}

function corpHeld(st, sym) {
  const c = st.corporations.find((x) => x.sym === sym);
  return Object.entries(c.shares_by_owner || {}).filter(([k]) => k !== 'ipo' && k !== 'market').reduce((s, [, p]) => s + p, 0);
}

test('import an 18xx.games game, step through its history, final scores', { timeout: 300000 }, async () => {
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await newPage(ctx);
  await signUp(page, 'bob');
  const file = fixtureUpload('1860/19354.json');
  const src = JSON.parse(file.buffer.toString('utf8'));
  await page.setInputFiles('#import-file', file);
  await Promise.all([page.waitForURL(/\?game=/), page.click('#import')]);
  await page.waitForSelector('#final-scores');
  const scores = await page.textContent('#final-scores');
  assert.match(await page.textContent('#end-reason'), /Nationalisation ended the game/);
  for (const [pid, value] of Object.entries(src.result)) {
    const name = src.players.find((p) => String(p.id) === pid).name;
    assert.ok(scores.includes(name), `final scores name ${name}`);
    assert.ok(scores.includes('£' + value), `final scores show ${name}'s £${value}`);
  }
  const total = Number((await page.getAttribute('#history', 'max')));
  assert.ok(total > 100);
  await page.click('#history-back');
  await page.waitForFunction((t) => document.getElementById('history-pos').textContent === `action ${t - 1} of ${t}`, total);
  // the address follows once the step is drawn
  await page.waitForURL(new RegExp(`action=${total - 1}$`), { timeout: 5000 });
  // Deep link to an early action: the auction is under way, no final scores.
  await page.goto(page.url().replace(/action=\d+/, 'action=5'));
  await page.waitForFunction(() => document.getElementById('history-pos')?.textContent.startsWith('action 5 of'));
  assert.equal(await page.$('#final-scores'), null);
  for (let i = 0; i < 3; i++) {
    const before = await page.textContent('#history-pos');
    await page.click('#history-forward');
    await page.waitForFunction((b) => document.getElementById('history-pos').textContent !== b, before);
  }
  assert.match(await page.textContent('#history-pos'), /^action 8 of/);
  await page.click('#history-live');
  await page.waitForSelector('#final-scores');
  await ctx.close();
});

test('the spreadsheet of an imported game: tables, charts, CSV and links into history', { timeout: 300000 }, async () => {
  for (const [title, name, width, height] of [['1860', '19354.json', 1400, 1000], ['1825', '1825_game_end_bank.json', 390, 844]]) {
    const ctx = await env.browser.newContext({ viewport: { width, height } });
    const page = await newPage(ctx);
    await signUp(page, `sheet${title}${width}`);
    await page.setInputFiles('#import-file', fixtureUpload(`${title}/${name}`));
    await Promise.all([page.waitForURL(/\?game=/), page.click('#import')]);
    await page.waitForSelector('#final-scores');
    await Promise.all([page.waitForURL(/view=sheet/), page.click('#open-sheet')]);
    await page.waitForSelector('#sheet-operations tbody tr', { timeout: 60000 });
    const id = new URL(page.url()).searchParams.get('game');
    const rep = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}/analysis`)).json(), id);
    assert.equal(await page.locator('#sheet-operations tbody tr').count(), rep.operations.length, 'one row per run');
    assert.equal(await page.locator('svg.chart').count(), 4, 'four charts (the last: revenue left on the table)');
    assert.equal(await page.locator('#sheet-time tbody tr').count(), rep.players.length, 'time spent per player (the export has times)');
    assert.ok((await page.locator('svg.chart .marker').count()) > 10, 'points on the charts');
    const csv = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}/analysis?format=csv`)).text(), id);
    assert.match(csv, /^# players by round\nround,action,player,cash/);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), true, 'no sideways scroll of the page');
    if (process.env.SHOTS) await page.screenshot({ path: join(process.env.SHOTS, `sheet-${title}-${width}.png`), fullPage: true });
    // a round links to the game at that point of its history
    const link = page.locator('#sheet-players tbody th a').nth(2);
    const href = await link.getAttribute('href');
    await Promise.all([page.waitForURL(/action=\d+/), link.click()]);
    const pos = new URL(env.base + href).searchParams.get('action');
    await page.waitForFunction((p) => document.getElementById('history-pos')?.textContent.startsWith(`action ${p} of`), pos);
    await ctx.close();
  }
});

test('a game with a clock: chosen at creation, shown in the lobby, counting down for the seat to act', { timeout: 300000 }, async () => {
  const ctxA = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const ctxB = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  const a = await newPage(ctxA);
  const b = await newPage(ctxB);
  await signUp(a, 'clara');
  await a.selectOption('#create-title', '1860');
  await a.fill('#create-players', '2');
  await a.uncheck('#create-hotseat');
  await a.selectOption('#create-clock', 'fast');
  await Promise.all([a.waitForURL(/\?game=/), a.click('#create')]);
  const id = new URL(a.url()).searchParams.get('game');
  await signUp(b, 'dan');
  await b.waitForSelector(`#games-open li.game[data-game="${id}"]`);
  assert.match(await b.textContent(`#games-open li.game[data-game="${id}"]`), /clock: 45 min each/);
  await b.click(`#games-open li.game[data-game="${id}"] button:has-text("Join")`);
  await b.goto(`${env.base}/?game=${id}`);
  // the clock runs from the start (a "The clock starts." note); clara passes, dan is on the clock
  await a.waitForSelector('#turn.yours', { timeout: 20000 });
  await clickAndWait(a, () => a.click('button.choice.pass'));
  await a.waitForSelector('#player-cards .clock.running', { timeout: 20000 });
  assert.equal(await a.locator('#player-cards .clock').count(), 2, 'a clock per player');
  const first = await a.textContent('#player-cards .clock.running');
  await a.waitForFunction((t) => document.querySelector('#player-cards .clock.running')?.textContent !== t, first, { timeout: 5000 });
  await b.waitForSelector('#player-cards .clock', { timeout: 20000 });
  // the tab's icon carries a badge for the player to act, not for the other
  await b.waitForSelector('#turn.yours', { timeout: 20000 });
  assert.match(await b.getAttribute('link[rel="icon"]', 'href'), /circle/, "dan's tab shows a badge");
  assert.doesNotMatch(await a.getAttribute('link[rel="icon"]', 'href'), /circle/, "clara's tab shows none");
  if (process.env.SHOTS) {
    await a.screenshot({ path: join(process.env.SHOTS, 'clock-desktop.png') });
    await showAll(b);
    await b.screenshot({ path: join(process.env.SHOTS, 'clock-phone.png'), fullPage: true });
  }
  await ctxA.close();
  await ctxB.close();
});

test('live: moves by another user appear without reload, with the turn indicator', { timeout: 300000 }, async () => {
  const ctxA = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const ctxB = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const a = await newPage(ctxA);
  const b = await newPage(ctxB);
  await signUp(a, 'carol');
  await a.selectOption('#create-title', '1860');
  await a.fill('#create-players', '2');
  await a.uncheck('#create-hotseat');
  await a.uncheck('#create-full'); // the host starts it (below), not the last seat taken
  await Promise.all([a.waitForURL(/\?game=/), a.click('#create')]);
  const id = new URL(a.url()).searchParams.get('game');
  await signUp(b, 'dave');
  await b.waitForSelector(`#games-open li.game[data-game="${id}"]`);
  await b.click(`#games-open li.game[data-game="${id}"] button:has-text("Join")`);
  await b.waitForSelector(`#games-mine li.game[data-game="${id}"]`);
  await b.goto(`${env.base}/?game=${id}`);
  // A sees B's seat filled over the WebSocket and starts the game.
  await a.waitForSelector('#start-game');
  await a.click('#start-game');
  await b.waitForSelector('#turn');
  await b.evaluate(() => { window.__noReload = true; });
  let sawB = false;
  for (let i = 0; i < 8 && !sawB; i++) {
    await a.waitForSelector('#turn.yours', { timeout: 20000 });
    const beforeB = await b.textContent('#history-pos');
    assert.doesNotMatch(await b.textContent('#turn'), /Your turn/);
    await clickAndWait(a, () => a.click('button.choice.pass'));
    // B's page follows without a reload.
    await b.waitForFunction((x) => document.getElementById('history-pos').textContent !== x, beforeB, { timeout: 20000 });
    assert.equal(await b.evaluate(() => window.__noReload), true, "B's page was not reloaded");
    assert.equal(await b.textContent('#history-pos'), await a.textContent('#history-pos'));
    sawB = !!(await b.$('#turn.yours')) || (await b.waitForSelector('#turn.yours', { timeout: 3000 }).then(() => true, () => false));
  }
  assert.ok(sawB, "B's turn indicator appeared");
  assert.match(await b.title(), /Your turn/);
  assert.ok((await b.locator('.panel button.choice').count()) > 0, 'B has choices');
  // Table talk: A writes, B reads it without a reload.
  await a.fill('#chat-text', 'Good luck, Dave!');
  await a.click('#chat-send');
  await b.waitForFunction(() => document.getElementById('chat')?.textContent.includes('Good luck, Dave!'), null, { timeout: 20000 });
  assert.match(await b.textContent('#chat'), /carol: Good luck, Dave!/);
  // Ending early needs both: A proposes, the game goes on until B agrees.
  await a.click('#propose-end');
  await a.click('#confirm-end');
  await b.waitForSelector('#agree-end', { timeout: 20000 });
  assert.match(await b.textContent('.end-game'), /carol wants to end the game now.*waiting for dave/);
  if (process.env.SHOTS) {
    await showAll(b);
    await b.screenshot({ path: join(process.env.SHOTS, 'end-proposal-desktop.png'), fullPage: true });
    await b.setViewportSize({ width: 390, height: 844 });
    await b.screenshot({ path: join(process.env.SHOTS, 'end-proposal-phone.png'), fullPage: true });
  }
  assert.equal(await a.$('#turn.done'), null, 'one player alone ended the game');
  await b.click('#agree-end');
  await a.waitForSelector('#turn.done', { timeout: 20000 });
  await b.waitForSelector('#turn.done', { timeout: 20000 });
  await ctxA.close();
  await ctxB.close();
});

test('hotseat 1825: first stock round and a tile lay through the UI, keyboard and phone', { timeout: 600000 }, async () => {
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await newPage(ctx);
  await signUp(page, 'erin');
  await page.selectOption('#create-title', '1825');
  await page.fill('#create-players', '3');
  await page.check('#create-hotseat');
  await Promise.all([page.waitForURL(/\?game=/), page.click('#create')]);
  await page.waitForSelector('#turn');
  await page.waitForSelector('#turn.yours');
  await checkPhaseChart(page, '1');

  // Keyboard: every control of the action panel is reached by Tab, and
  // Enter on the focused choice plays it.
  const panelControls = await page.evaluate(() => [...document.querySelectorAll('.panel button:not([disabled]), .panel input, .panel select')].length);
  const reached = new Set();
  await page.focus('#history-live');
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const f = await page.evaluate(() => { const e = document.activeElement; return e && e.closest('.panel') ? e.outerHTML : null; });
    if (f) reached.add(f);
    if (reached.size === panelControls) break;
  }
  assert.equal(reached.size, panelControls, 'every action panel control is reachable by Tab');
  await page.focus('#history-live');
  let focused = '';
  for (let i = 0; i < 80 && !/buy_company/.test(focused); i++) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement.className);
  }
  assert.match(focused, /choice buy_company/);
  await clickAndWait(page, () => page.keyboard.press('Enter'));
  assert.match(await page.textContent('#log'), /buys/);

  const done = { stock: false, tile: false };
  for (let step = 0; step < 300 && !done.tile; step++) {
    const v = await gameView(page);
    const round = String(v.state.round);
    if (/operating/i.test(round)) done.stock = true;
    const types = Object.values(v.legal).flat().map((c) => c.action.type);
    const has = (t) => types.includes(t);
    if (process.env.E2E_DEBUG) console.error(step, round, [...new Set(types)].join(','), (v.log || []).at(-1));
    if (has('lay_tile')) {
      const hex = await page.getAttribute('svg.map .hex.legal', 'data-hex');
      await page.click(`.hex-pick[data-hex="${hex}"]`);
      await page.waitForSelector('.tile-pick');
      await page.click('.tile-pick');
      await page.waitForSelector(`svg.map .hex[data-hex="${hex}"] .tile-preview`);
      await clickAndWait(page, () => page.click('#confirm-tile'));
      const after = await gameView(page);
      assert.ok(Object.keys(after.state.tiles || {}).includes(hex) || (after.log || []).some((l) => l.includes(hex)), `a tile was laid on ${hex}`);
      done.tile = true;
    } else if (has('buy_company')) {
      await clickAndWait(page, () => page.click('button.choice.buy_company'));
    } else if (has('par')) {
      await clickAndWait(page, () => page.click('.group.par button[type=submit]'));
    } else if (has('buy_shares')) {
      await clickAndWait(page, () => page.click('button.choice.buy_shares'));
    } else if (has('place_token')) {
      await clickAndWait(page, () => page.click('button.choice.place_token'));
    } else {
      await clickAndWait(page, () => page.click('button.choice.pass'));
    }
  }
  assert.deepEqual(done, { stock: true, tile: true });

  // Phone-sized screen: the page fits the width and the panel is usable.
  const phone = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, storageState: await ctx.storageState() });
  const pp = await newPage(phone);
  await pp.goto(page.url());
  await pp.waitForSelector('.panel button.choice');
  const overflow = await pp.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const wide = await pp.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.scroll, .map-frame')).slice(0, 5).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`));
  assert.ok(overflow <= 1, `no horizontal scrolling on a phone (${overflow}px too wide: ${wide.join(', ')})`);
  const box = await pp.locator('.panel').boundingBox();
  assert.ok(box.width <= 390 && box.width > 300, `the panel spans the phone's width (${box.width})`);
  const btn = await pp.locator('.panel button.choice').first().boundingBox();
  assert.ok(btn.x >= 0 && btn.x + btn.width <= 390 && btn.height >= 24, 'the choices fit the screen and are big enough to tap');
  if (process.env.E2E_SHOTS) await pp.screenshot({ path: join(process.env.E2E_SHOTS, 'phone-1825.png'), fullPage: false });
  await phone.close();
  await ctx.close();
});

test('import an 1825 game: final scores', { timeout: 300000 }, async () => {
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await newPage(ctx);
  await signUp(page, 'frank');
  const file = fixtureUpload('1825/1825_game_end_bank.json');
  const src = JSON.parse(file.buffer.toString('utf8'));
  await page.setInputFiles('#import-file', file);
  await Promise.all([page.waitForURL(/\?game=/), page.click('#import')]);
  await page.waitForSelector('#final-scores');
  for (const [pid, value] of Object.entries(src.result)) {
    const name = src.players.find((p) => String(p.id) === pid).name;
    const row = await page.textContent(`#final-scores tr[data-player="${pid}"]`);
    assert.ok(row.includes(name) && row.includes('£' + value), `final scores: ${name} £${value} (row: ${row})`);
  }
  assert.match(await page.textContent('#turn'), /Game over/);
  if (process.env.E2E_SHOTS) { await showAll(page); await page.screenshot({ path: join(process.env.E2E_SHOTS, 'import-1825.png'), fullPage: true }); }
  await ctx.close();
});

test('a game against the computer: bot seats move by themselves', { timeout: 300000 }, async () => {
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await newPage(ctx);
  await signUp(page, 'solo');
  await page.selectOption('#create-title', '1860');
  await page.fill('#create-players', '3');
  await page.check('#create-hotseat');
  await page.fill('#create-bots', '2');
  await page.selectOption('#create-bot-kind', 'heuristic');
  await Promise.all([page.waitForURL(/\?game=/), page.click('#create')]);
  await page.waitForSelector('#turn');
  await page.waitForSelector('#turn.yours');
  let v = await gameView(page);
  assert.deepEqual(v.seats.map((s) => s.bot || ''), ['', 'heuristic', 'heuristic'], 'the last two seats are bots');
  // our first move (a pass or a bid), then the bots answer without us
  const before = v.actions;
  await clickAndWait(page, () => page.click('button.choice.pass'));
  await untilServer(page, (g) => g.actions >= before + 2 && g.you.length === 1);
  v = await gameView(page);
  assert.ok(v.actions >= before + 2, `the bots moved (${v.actions - before} actions after ours)`);
  await ctx.close();
});

test('no console errors', () => {
  assert.deepEqual(consoleErrors, []);
});
