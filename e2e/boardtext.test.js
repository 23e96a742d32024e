// The map as text (issue 44): on a mid-game position of a real game of
// each title, the map's region in the accessibility tree lists every hex,
// and names each station token of the engine's state (the server's view)
// with its hex on one short entry of its own; the map picture has a short
// label. SHOTS=DIR saves screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { env, serve, newPage, signUp, openFile, gameView, shot, fixturePath } from './harness.js';

serve();


const POSITIONS = [
  { title: '1860', game: '19354', n: 290 },
  { title: '1825', game: '141331', n: 600 },
];

const SIZES = [
  { name: 'desktop', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
];

// listItems answers the text of every listitem in an aria snapshot (YAML).
// An item holding a list has its own words on a "text" line below it.
const listItems = (yaml) => [...yaml.matchAll(/^\s*- listitem(?: "[^"]*")?:(?: (.+)|\n\s*- text: (.+))$/gm)]
  .map((m) => (m[1] || m[2]).replace(/^"|"$/g, ''));

test('map as text: every station of the engine on its own entry with its hex, in both titles', { timeout: 600000 }, async () => {
  for (const size of SIZES) {
    const ctx = await env.browser.newContext({ viewport: size.viewport, ...(size.isMobile ? { isMobile: true, hasTouch: true } : {}) });
    const page = await newPage(ctx);
    await signUp(page, `btext${size.viewport.width}`);
    for (const pos of POSITIONS) {
      const label = `${pos.title} after ${pos.n} (${size.name})`;
      await openFile(page, fixturePath(pos.title, pos.game), pos.n);
      const v = await gameView(page);
      const region = page.getByRole('region', { name: 'Map', exact: true });
      // the picture: a short label, not every word on the board
      const img = await region.getByRole('img').first().getAttribute('aria-label');
      assert.ok(img && img.length < 80, `${label}: the map picture has a short label (${img})`);
      await region.getByText('Map as text').click();
      const yaml = await region.ariaSnapshot();
      const items = listItems(yaml);
      if (process.env.DUMP) writeFileSync(join(process.env.DUMP, `${pos.title}-${size.name}.yaml`), yaml);
      // every hex of the map has its entry
      const hexes = await page.evaluate(() => [...document.querySelectorAll('svg.map g.hex')].map((g) => g.dataset.hex));
      for (const hex of hexes) {
        assert.equal(items.filter((t) => new RegExp(`\\(${hex}\\): |^hex ${hex}: `).test(t)).length, 1, `${label}: one entry for hex ${hex}`);
      }
      // every station of the engine's state: one entry naming company and hex
      let stations = 0;
      for (const c of v.state.corporations) {
        const byHex = {};
        for (const t of c.tokens_placed || []) {
          const hex = t.slice(0, t.indexOf('-'));
          byHex[hex] = (byHex[hex] || 0) + 1;
        }
        for (const [hex, count] of Object.entries(byHex)) {
          const re = new RegExp(`^${c.sym.replace(/[&]/g, '\\$&')} station in .*\\b${hex}\\)?$`);
          const got = items.filter((t) => re.test(t));
          assert.equal(got.length, count, `${label}: ${count} entry/entries for ${c.sym}'s station(s) in ${hex}: ${got.join(' | ')}`);
          assert.ok(got.every((t) => t.length < 60), `${label}: short entries (${got.join(' | ')})`);
          stations += count;
        }
      }
      assert.equal(items.filter((t) => / station in /.test(t)).length, stations, `${label}: no station entry that the engine does not have`);
      assert.ok(stations > 3, `${label}: a mid-game position with stations (${stations})`);
      await shot(page, `boardtext-${pos.title}-${size.name}`);
    }
    await ctx.close();
  }
  assert.deepEqual(env.consoleErrors, []);
});
