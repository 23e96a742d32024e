// Browser tests of the game page (issue 15): tile choice, names and
// abilities, headers and labels. Positions come from 18xx.games exports cut
// at an action; every check is on what the page shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, openAt, gameView, shot } from './harness.js';

serve();

// legalLays lists the legal lay_tile actions of the page's game on hex.
async function legalLays(page, hex) {
  const v = await gameView(page);
  return Object.values(v.legal).flat().map((c) => c.action).filter((a) => a.type === 'lay_tile' && a.hex === hex);
}

test('tile choice: a fan of tile pictures at the hex, distinct orientations only, zoomed in', { timeout: 300000 }, async () => {
  for (const [title, file, n, hex, straight] of [['1860', '19354.json', 57, 'J4', '57'], ['1825', '1825_game_end_bank.json', 9, 'S17', '9']]) {
    for (const vp of [{ width: 1400, height: 1000 }, { width: 390, height: 844 }]) {
      const phone = vp.width < 500;
      const ctx = await env.browser.newContext({ viewport: vp, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
      const page = await newPage(ctx);
      await signUp(page, `tiles${title}${vp.width}`);
      await openAt(page, title, file, n);
      const lays = await legalLays(page, hex);
      const tiles = [...new Set(lays.map((a) => a.tile))];
      const vb0 = await page.getAttribute('svg.map', 'viewBox');
      await page.click(`.hex-pick[data-hex="${hex}"]`);
      // The fan: one picture per legal tile around the hex, each a real
      // tile drawing (its hex outline and track).
      await page.waitForFunction((k) => document.querySelectorAll('svg.map .tile-fan .tile-option .hex-shape').length === k, tiles.length);
      assert.equal(await page.getAttribute('svg.map .tile-fan', 'data-hex'), hex);
      assert.deepEqual((await page.$$eval('svg.map .tile-fan .tile-option', (gs) => gs.map((g) => g.dataset.tile))).sort(), [...tiles].sort());
      assert.equal(await page.locator('.tile-pick .tile-thumb .hex-shape').count(), tiles.length, 'the panel shows a picture of each tile');
      // The map zoomed to the hex: the hex is large on screen.
      assert.notEqual(await page.getAttribute('svg.map', 'viewBox'), vb0, 'the map zoomed');
      const box = await page.locator(`svg.map .hex[data-hex="${hex}"] .hex-shape`).boundingBox();
      assert.ok(box.width >= 60, `${title}: the chosen hex is drawn ${Math.round(box.width)}px wide`);
      // The straight tile: its legal rotations that draw the same track
      // (r and r+3) are offered once.
      const straightId = tiles.find((t) => t.startsWith(straight + '-'));
      const rots = lays.filter((a) => a.tile === straightId).map((a) => a.rotation);
      const distinct = new Set(rots.map((r) => r % 3)).size;
      assert.ok(distinct < rots.length, `${title}: the position has duplicate rotations of tile ${straight} (${rots})`);
      await page.click(`svg.map .tile-fan .tile-option[data-tile="${straightId}"]`);
      await page.waitForSelector('#confirm-tile');
      assert.equal(await page.getAttribute('#orientation', 'data-orientations'), String(distinct));
      assert.equal(await page.isDisabled('#rotate'), distinct < 2);
      await page.waitForSelector(`svg.map .hex[data-hex="${hex}"].previewing .tile-preview[data-tile="${straightId}"]`);
      // A tile with several distinct orientations turns on each click, on
      // the map or in the panel, through the legal orientations only.
      const turning = tiles.find((t) => new Set(lays.filter((a) => a.tile === t).map((a) => a.rotation)).size > 1 && !t.startsWith(straight + '-'));
      if (turning) {
        await page.click(`.tile-pick[data-tile="${turning}"]`);
        const legalRots = lays.filter((a) => a.tile === turning).map((a) => a.rotation);
        const seen = new Set();
        for (let i = 0; i < legalRots.length; i++) {
          const r = await page.getAttribute('#orientation', 'data-rotation');
          seen.add(Number(r));
          await page.waitForSelector(`svg.map .hex[data-hex="${hex}"] .tile-preview[data-rotation="${r}"]`);
          await page.click(i % 2 ? '#rotate' : `svg.map .tile-fan .tile-option[data-tile="${turning}"]`);
        }
        assert.deepEqual([...seen].sort(), [...legalRots].sort(), 'every legal orientation is reached by turning');
      }
      await shot(page, `tiles-${title}-${phone ? 'phone' : 'desktop'}`);
      const before = (await gameView(page)).actions;
      await page.click('#confirm-tile');
      await page.waitForFunction(async ([b]) => {
        const id = new URL(location.href).searchParams.get('game');
        return (await (await fetch(`/api/games/${id}`)).json()).actions > b;
      }, [before]);
      assert.equal(await page.textContent('#action-error'), '');
      await ctx.close();
    }
  }
});

test('no console errors', () => {
  assert.deepEqual(env.consoleErrors, []);
});
