// History by round, by log line and by keyboard (issue 15): the previous
// and next round buttons land where the engine's round changes, a click on
// a log line shows the game just after the action that wrote it, and the
// hotkeys (listed on the "?" overlay) step, jump rounds and pass. Every
// position is checked against the server's views.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, openAt, shot } from './harness.js';

serve();

const pos = (page) => page.textContent('#history-pos');

// at is the history position the page shows (the total when live).
async function at(page) {
  const t = await pos(page);
  const m = /^action (\d+)/.exec(t);
  assert.ok(m, `history label ${t}`);
  return Number(m[1]);
}

// moved waits for the history label to change from before.
async function moved(page, before) {
  await page.waitForFunction((b) => document.getElementById('history-pos')?.textContent !== b, before, { timeout: 60000 });
}

// roundOf is the server's round of game id after n actions.
async function roundOf(page, id, n) {
  const st = await page.evaluate(async ([gid, k]) => (await (await fetch(`/api/games/${gid}?action=${k}`)).json()).state, [id, n]);
  return st.round === 'Operating' ? `OR ${st.turn}.${st.round_num}` : `${st.round} ${st.turn}`;
}

async function logOf(page, id, n) {
  return page.evaluate(async ([gid, k]) => (await (await fetch(`/api/games/${gid}?action=${k}`)).json()).log, [id, n]);
}

// isRoundStart checks that position n begins a round: the round after n
// actions differs from the one after n-1.
async function isRoundStart(page, id, n) {
  assert.ok(n > 0, 'a round start after the first action');
  assert.notEqual(await roundOf(page, id, n), await roundOf(page, id, n - 1), `position ${n} begins a round`);
}

test('history: previous and next round, log lines open their action, hotkeys with a help overlay', { timeout: 600000 }, async () => {
  for (const vp of [{ width: 1400, height: 1000 }, { width: 390, height: 844 }]) {
    const phone = vp.width < 500;
    const ctx = await env.browser.newContext({ viewport: vp, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
    const page = await newPage(ctx);
    await signUp(page, `hist${vp.width}`);
    const id = await openAt(page, '1860', '19354.json', 78);
    const total = await at(page);
    const live = await roundOf(page, id, total);

    // one round back: the start of the round shown
    let before = await pos(page);
    await page.click('#history-round-back');
    await moved(page, before);
    const start = await at(page);
    assert.ok(start < total);
    await isRoundStart(page, id, start);
    assert.equal(await roundOf(page, id, start), live, 'the start of the live round');
    // again: the start of the round before
    before = await pos(page);
    await page.click('#history-round-back');
    await moved(page, before);
    const prev = await at(page);
    await isRoundStart(page, id, prev);
    assert.equal(await roundOf(page, id, start - 1), await roundOf(page, id, prev), 'the round just before');
    await shot(page, `history-round-${vp.width}`);
    // one round forward: back where the live round began
    before = await pos(page);
    await page.click('#history-round-forward');
    await moved(page, before);
    assert.equal(await at(page), start);

    // a log line opens the game just after the action that wrote it
    await page.click('#history-live');
    await page.waitForFunction(() => / \(live\)$/.test(document.getElementById('history-pos')?.textContent));
    const lines = await page.$$eval('#log button.log-line', (bs) => bs.map((b) => b.textContent));
    const i = lines.findIndex((l) => /^-- Stock Round/.test(l));
    assert.ok(i > 0, 'the log has a stock round header');
    before = await pos(page);
    await page.click(`#log button.log-line[data-line="${i}"]`);
    await moved(page, before);
    const n = await at(page);
    const logN = await logOf(page, id, n);
    const logBefore = await logOf(page, id, n - 1);
    assert.equal(logN[i], lines[i], `the log after ${n} actions holds the line`);
    assert.ok(logBefore.length <= i, `the log after ${n - 1} actions does not`);

    // hotkeys: arrows step, shift+arrows jump rounds, Home and End
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    before = await pos(page);
    await page.keyboard.press('ArrowLeft');
    await moved(page, before);
    assert.equal(await at(page), n - 1);
    before = await pos(page);
    await page.keyboard.press('ArrowRight');
    await moved(page, before);
    assert.equal(await at(page), n);
    before = await pos(page);
    await page.keyboard.press('Shift+ArrowRight');
    await moved(page, before);
    const next = await at(page);
    await isRoundStart(page, id, next);
    assert.equal(await roundOf(page, id, next - 1), await roundOf(page, id, n), 'the next round after the one shown');
    before = await pos(page);
    await page.keyboard.press('Shift+ArrowLeft');
    await moved(page, before);
    assert.equal(await roundOf(page, id, await at(page)), await roundOf(page, id, n), 'back to the round shown before');
    before = await pos(page);
    await page.keyboard.press('Home');
    await moved(page, before);
    assert.equal(await pos(page), `action 0 of ${total}`);
    before = await pos(page);
    await page.keyboard.press('End');
    await moved(page, before);
    assert.equal(await pos(page), `action ${total} (live)`);

    // "?" lists every key; Escape closes the list
    await page.keyboard.press('?');
    await page.waitForSelector('#hotkeys-help');
    const keys = await page.$$eval('#hotkeys-help tr th', (ths) => ths.map((t) => t.textContent));
    for (const k of ['←', '→', 'Shift + ←', 'Shift + →', 'Home', 'End', 'p', '?']) assert.ok(keys.includes(k), `the overlay lists ${k}: ${keys}`);
    await shot(page, `history-hotkeys-${vp.width}`);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#hotkeys-help', { state: 'detached' });

    // "p" passes when the panel offers one Pass button
    assert.equal(await page.locator('aside.panel button.choice.pass:visible').count(), 1, 'a pass is offered at this position');
    before = await pos(page);
    await page.keyboard.press('p');
    await moved(page, before);
    assert.equal(await pos(page), `action ${total + 1} (live)`);
    const exp = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}/export`)).json(), id);
    assert.equal(exp.actions[exp.actions.length - 1].type, 'pass');
    // "u" takes it back
    await page.waitForSelector('#undo');
    before = await pos(page);
    await page.keyboard.press('u');
    await moved(page, before);
    const exp2 = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}/export`)).json(), id);
    assert.equal(exp2.actions[exp2.actions.length - 1].type, 'undo');
    await ctx.close();
  }
  assert.deepEqual(env.consoleErrors, []);
});

// snapshot is what the page shows of the game: every hex of the map, the
// cards beside it and the log (the parts a history step patches in place).
function snapshot(page) {
  return page.evaluate(() => ({
    hexes: [...document.querySelectorAll('.map-frame svg g.hex')].map((g) => g.outerHTML),
    info: [...document.querySelectorAll('.info > .card:not(.log)')].map((c) => c.outerHTML),
    cards: [...document.querySelectorAll('#player-cards, #corp-cards')].map((c) => c.outerHTML),
    log: [...document.querySelectorAll('#log button.log-line')].map((b) => b.textContent),
    pos: document.getElementById('history-pos').textContent,
  }));
}

test('history: a step redraws only what changed, and shows what a fresh page shows', { timeout: 300000 }, async () => {
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await newPage(ctx);
  await signUp(page, 'histpatch');
  const id = await openAt(page, '1860', '19354.json', 130);
  await page.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  // mark the map's nodes: a step keeps the ones it does not redraw
  await page.evaluate(() => {
    document.querySelector('.map-frame svg').kept = true;
    for (const g of document.querySelectorAll('.map-frame svg g.hex')) g.kept = true;
  });
  const total = await at(page);
  for (let i = 0; i < 6; i++) {
    const before = await pos(page);
    await page.click('#history-back');
    await moved(page, before);
  }
  for (let i = 0; i < 2; i++) {
    const before = await pos(page);
    await page.click('#history-forward');
    await moved(page, before);
  }
  const n = await at(page);
  assert.equal(n, total - 4);
  const kept = await page.evaluate(() => ({
    svg: document.querySelector('.map-frame svg').kept === true,
    hexes: [...document.querySelectorAll('.map-frame svg g.hex')].filter((g) => g.kept).length,
    all: document.querySelectorAll('.map-frame svg g.hex').length,
  }));
  assert.ok(kept.svg, 'the map was mounted again');
  assert.ok(kept.hexes > 0 && kept.hexes < kept.all, `hexes kept: ${kept.hexes} of ${kept.all}`);
  const stepped = await snapshot(page);
  // the same position drawn by a fresh page
  await page.goto(`${env.base}/?game=${id}&action=${n}`);
  await page.waitForFunction((k) => document.getElementById('history-pos')?.textContent === `action ${k} of ${k + 4}`, n);
  await page.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  const fresh = await snapshot(page);
  assert.equal(stepped.pos, fresh.pos);
  assert.deepEqual(stepped.log, fresh.log, 'the log');
  assert.equal(stepped.hexes.length, fresh.hexes.length);
  stepped.hexes.forEach((g, i) => assert.equal(g, fresh.hexes[i], `hex ${i}`));
  assert.deepEqual(stepped.info, fresh.info, 'the cards');
  await ctx.close();
  assert.deepEqual(env.consoleErrors, []);
});
