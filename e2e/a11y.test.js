// axe-core in the browser tests (issue 44, point 1): the lobby, sign-in,
// rules, profile, spreadsheet and a mid-game page of each title, every
// round and step (ROUNDS: the auction, the stock round's choices on the
// companies' cards, a dividend, a train, 1825's private sale …), at
// 1400×900 and 390×844 (the game pages also with "Map as text" open and
// in history), a tile being laid, a run drawn by hand, the keyboard
// shortcuts, a finished game, a table waiting for players, the settings
// (signed in and out, and in high contrast), the hotseat games kept in the
// browser and one of each title played there,
// must have no serious or critical violation; every one found is listed
// in the test's output (A11Y_REPORT=FILE writes them as JSON).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { env, serve, newPage, signUp, openFile, fixturePath, importGame, readFixture } from './harness.js';

serve();

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const SIZES = [
  { name: '1400x900', viewport: { width: 1400, height: 900 } },
  { name: '390x844', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
];

// ROUNDS are the positions of real games (title, game, actions kept, what
// is being decided) of the rounds and steps no other page here reaches.
const ROUNDS = [
  ['1860', '19354', 20, 'auction: a bid'],
  ['1860', '19354', 21, 'auction: the pick'],
  ['1860', '19354', 79, 'stock round: sales on the cards'],
  ['1860', '19354', 151, 'stock round: the par chart'],
  ['1860', '19354', 69, 'operating round: the dividend'],
  ['1860', '19354', 54, 'operating round: a train'],
  ['1860', '1860_game_end_bank', 600, 'operating round: an insolvent company'],
  ['1825', '1825_game_end_bank', 0, 'the sale of the privates'],
  ['1825', '141331', 463, 'stock round: sales on the cards'],
  ['1825', '141331', 12, 'stock round: a par'],
  ['1825', '141331', 46, 'stock round: a private sold'],
];

// check runs axe-core on the page and answers its serious and critical
// violations as {id, impact, help, nodes: [target…]}.
async function check(page) {
  await page.addScriptTag({ path: axePath });
  const res = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

test('axe-core: no serious or critical violation on every page (sign-in, lobby, rules, profile, spreadsheets, game pages live in every round, in history, mid-move and finished, settings, hotseat in the browser)', { timeout: 1800000 }, async () => {
  const report = [];
  for (const size of SIZES) {
    // bypassCSP: axe-core goes in as an inline script, which the page's policy refuses
    const opts = { bypassCSP: true, viewport: size.viewport, ...(size.isMobile ? { isMobile: true, hasTouch: true } : {}) };
    let last = Date.now();
    const seen = async (name, page) => {
      const v = await check(page);
      report.push({ page: name, size: size.name, count: v.reduce((n, x) => n + x.nodes.length, 0), violations: v, ms: Date.now() - last });
      last = Date.now();
    };
    const anon = await env.browser.newContext(opts);
    const p0 = await newPage(anon);
    await p0.goto(env.base + '/');
    await p0.waitForSelector('#auth-name');
    await seen('sign-in', p0);
    await anon.close();

    const ctx = await env.browser.newContext(opts);
    const page = await newPage(ctx);
    const me = `axe${size.viewport.width}`;
    await signUp(page, me);
    await seen('lobby', page);
    for (const t of ['1860', '1825']) {
      await page.goto(`${env.base}/?help=${t}`);
      await page.waitForSelector('#app h1, #app h2');
      await seen(`rules ${t}`, page);
    }
    for (const [t, g, n] of [['1860', '19354', 290], ['1825', '141331', 600]]) {
      const id = await openFile(page, fixturePath(t, g), n);
      await seen(`game ${t}`, page);
      // market zones carry a symbol as well as a colour, the legend's own
      const zones = await page.evaluate(() => {
        const sym = Object.fromEntries([...document.querySelectorAll('#market-legend li')].map((li) => [li.dataset.type, li.querySelector('.swatch').textContent]));
        return [...document.querySelectorAll('#market-chart .cell')].map((c) => ({ type: [...c.classList].find((k) => k !== 'cell'), zone: c.querySelector('.zone')?.textContent.trim() ?? '', legend: sym[[...c.classList].find((k) => k !== 'cell')] }));
      });
      assert.ok(zones.some((z) => z.type !== 'normal'), `${t}: the market has zones`);
      for (const z of zones) {
        if (z.type === 'normal') assert.equal(z.zone, '', `${t}: a plain price has no symbol`);
        else assert.ok(z.zone && z.zone === z.legend, `${t}: a ${z.type} cell shows its symbol (${z.zone}), the legend's (${z.legend})`);
      }
      if (process.env.SHOTS) { await page.locator('.market-card').scrollIntoViewIfNeeded(); await page.locator('.market-card').screenshot({ path: join(process.env.SHOTS, `market-${t}-${size.name}.png`) }); }
      await page.getByText('Map as text').click();
      await page.waitForSelector('.board-text-list');
      await seen(`game ${t}, map as text`, page);
      await page.goto(`${env.base}/?game=${id}&action=${n - 40}`);
      await page.waitForFunction((k) => document.getElementById('history-pos')?.textContent.startsWith(`action ${k} `), n - 40);
      await seen(`game ${t} in history`, page);
      await page.goto(`${env.base}/?game=${id}&view=sheet`);
      await page.waitForSelector('table');
      await seen(`spreadsheet ${t}`, page);
    }
    // every other round and step the games above do not reach: the
    // auction (a bid, a pick), the stock round's sales and par chart on
    // the companies' cards, a dividend, a train purchase, an insolvent
    // company, 1825's sale of the privates, a par and a private sold
    for (const [t, g, n, what] of ROUNDS) {
      await openFile(page, fixturePath(t, g), n);
      await seen(`game ${t} ${g} at ${n}, ${what}`, page);
    }
    await page.goto(`${env.base}/?player=${me}`);
    await page.waitForSelector('#app h1, #app h2');
    await seen('profile', page);
    // a move being built: a tile on a hex, then a run drawn stop by stop;
    // the keyboard shortcuts
    await openFile(page, fixturePath('1860', '19354'), 51);
    await page.locator('aside.panel button.hex-pick').first().click();
    await page.locator('aside.panel button.tile-pick').first().click();
    await page.waitForSelector('#confirm-tile');
    await seen('game 1860, a tile being laid', page);
    await openFile(page, fixturePath('1860', '19354'), 68);
    await page.click('#edit-routes', { timeout: 60000 });
    await page.waitForSelector('#stop-list');
    await seen('game 1860, a run drawn by hand', page);
    await page.keyboard.press('?');
    await page.waitForSelector('#hotkeys-help');
    await seen('game 1860, keyboard shortcuts', page);
    await page.keyboard.press('Escape');
    // a finished game (final scores) and a table waiting for players
    const done = await importGame(page, readFixture('1860/19354.json'));
    await page.goto(`${env.base}/?game=${done}`);
    await page.waitForSelector('#final-scores');
    await seen('game 1860, finished', page);
    const waiting = await page.evaluate(async () => (await (await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title: '1825', players: 3 }) })).json()).id);
    await page.goto(`${env.base}/?game=${waiting}`);
    await page.waitForSelector('#turn');
    await seen('game 1825, waiting for players', page);
    // the settings, then a game page in high contrast
    await page.goto(`${env.base}/?settings`);
    await page.waitForSelector('#high-contrast');
    await seen('settings', page);
    await page.check('#high-contrast');
    await seen('settings, high contrast', page);
    await page.goto(`${env.base}/?game=${done}`);
    await page.waitForSelector('#final-scores');
    assert.ok(await page.evaluate(() => document.documentElement.classList.contains('high-contrast')), 'high contrast is kept from page to page');
    await seen('game 1860, finished, high contrast', page);
    await ctx.close();

    // signed out: the settings, the hotseat games kept in this browser and one of each title
    const local = await env.browser.newContext(opts);
    const p1 = await newPage(local);
    await p1.goto(`${env.base}/?settings`);
    await p1.waitForSelector('#high-contrast');
    await seen('settings, signed out', p1);
    await p1.goto(`${env.base}/?forgot`);
    await p1.waitForSelector('#app h1, #app h2');
    await seen('forgotten password', p1);
    await p1.goto(`${env.base}/?local`);
    await p1.waitForSelector('#local-create');
    await seen('hotseat games in this browser', p1);
    if ((await (await fetch(env.base + '/wasm/manifest.json')).json()).wasm) {
      for (const [t, n] of [['1860', 3], ['1825', 4]]) {
        await p1.goto(`${env.base}/?local`);
        await p1.waitForSelector('#local-create');
        await p1.selectOption('#local-title', t);
        await p1.fill('#local-players', String(n));
        await p1.dispatchEvent('#local-players', 'change');
        await p1.click('#local-start');
        await p1.waitForSelector('#turn.yours', { timeout: 60000 });
        await seen(`hotseat ${t} in this browser`, p1);
      }
    } else {
      report.push({ page: 'hotseat games in the browser', size: size.name, count: 0, violations: [], skipped: 'the server has no WebAssembly module (go generate ./ui)' });
    }
    await local.close();
  }
  for (const r of report) {
    console.log(`${r.page} at ${r.size} (${((r.ms || 0) / 1000).toFixed(1)} s): ${r.count} serious/critical node(s)${r.violations.map((v) => `\n  ${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 4).join(' | ')}${v.nodes.length > 4 ? ' …' : ''}`).join('')}`);
  }
  if (process.env.A11Y_REPORT) writeFileSync(process.env.A11Y_REPORT, JSON.stringify(report, null, 1));
  for (const r of report) {
    assert.deepEqual(r.violations, [], `${r.page} at ${r.size}: no serious or critical axe-core violation`);
  }
  assert.deepEqual(env.consoleErrors, []);
});
