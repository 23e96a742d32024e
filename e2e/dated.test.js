// Imported games say which of 18xx.games's rules they replay under (issue
// 43): the final scores of an imported game carry the rules of the day it
// replayed by, against a real `tresham serve` in Debian's chromium.
// SHOTS=DIR saves the scores card at both sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { env, serve, newPage, signUp, importGame, readFixture } from './harness.js';

serve();

for (const [name, vp] of [['desktop', { width: 1400, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`an imported game names the 18xx.games rules it replays under (${name})`, { timeout: 180000 }, async () => {
    const ctx = await env.browser.newContext({ viewport: vp });
    const page = await newPage(ctx);
    await signUp(page, `dated${name}`);
    // the 2022 game that the change to £10 prices broke: the eve of that change
    const old = await importGame(page, readFixture('dated/1825/69820.json'));
    await page.goto(`${env.base}/?game=${old}`);
    await page.waitForSelector('#final-scores #rules-of');
    assert.equal(await page.textContent('#rules-of'),
      "Imported from 18xx.games: replayed under the site's rules as of 2023-12-26, since a later change to them does not replay it.");
    if (process.env.SHOTS) await page.locator('#final-scores').screenshot({ path: join(process.env.SHOTS, `dated-scores-${name}.png`) });
    // a 2020 game that today's rules replay
    const today = await importGame(page, readFixture('1860/19354.json'));
    await page.goto(`${env.base}/?game=${today}`);
    await page.waitForSelector('#final-scores #rules-of');
    assert.equal(await page.textContent('#rules-of'), "Imported from 18xx.games: replayed under the site's current rules.");
    await ctx.close();
  });
}
