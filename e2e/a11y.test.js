// axe-core in the browser tests (issue 44, point 1): the lobby, sign-in,
// rules, profile, spreadsheet and a mid-game page of each title, at
// 1400×900 and 390×844 (the game pages also with "Map as text" open and
// in history),
// must have no serious or critical violation; every one found is listed
// in the test's output (A11Y_REPORT=FILE writes them as JSON).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { env, serve, newPage, signUp, openFile, root } from './harness.js';

serve();

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const tmp = mkdtempSync(join(tmpdir(), 'tresham-a11y-'));
function fixture(title, name) {
  const path = join(tmp, `${title}-${name}.json`);
  writeFileSync(path, gunzipSync(readFileSync(join(root, 'internal', 'fixtures', 'data', title, `${name}.json.gz`))));
  return path;
}

const SIZES = [
  { name: '1400x900', viewport: { width: 1400, height: 900 } },
  { name: '390x844', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
];

// check runs axe-core on the page and answers its serious and critical
// violations as {id, impact, help, nodes: [target…]}.
async function check(page) {
  await page.addScriptTag({ path: axePath });
  const res = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

test('axe-core: no serious or critical violation on sign-in, lobby, rules, profile, spreadsheets and game pages', { timeout: 900000 }, async () => {
  const report = [];
  for (const size of SIZES) {
    // bypassCSP: axe-core goes in as an inline script, which the page's policy refuses
    const opts = { bypassCSP: true, viewport: size.viewport, ...(size.isMobile ? { isMobile: true, hasTouch: true } : {}) };
    const seen = async (name, page) => {
      const v = await check(page);
      report.push({ page: name, size: size.name, count: v.reduce((n, x) => n + x.nodes.length, 0), violations: v });
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
      const id = await openFile(page, fixture(t, g), n);
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
    await page.goto(`${env.base}/?player=${me}`);
    await page.waitForSelector('#app h1, #app h2');
    await seen('profile', page);
    await ctx.close();
  }
  for (const r of report) {
    console.log(`${r.page} at ${r.size}: ${r.count} serious/critical node(s)${r.violations.map((v) => `\n  ${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 4).join(' | ')}${v.nodes.length > 4 ? ' …' : ''}`).join('')}`);
  }
  if (process.env.A11Y_REPORT) writeFileSync(process.env.A11Y_REPORT, JSON.stringify(report, null, 1));
  for (const r of report) {
    assert.deepEqual(r.violations, [], `${r.page} at ${r.size}: no serious or critical axe-core violation`);
  }
  assert.deepEqual(env.consoleErrors, []);
});
