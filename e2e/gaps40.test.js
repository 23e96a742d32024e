// The gaps of issue 40 left after its first pass, each checked in the real
// page (Debian's chromium, a real `tresham serve`): on a 390×844 phone the
// spreadsheet's tables are cards and the phase chart fits the screen, the
// last run's caption shows whole lines above "Map as text"; at 1400×900
// the tall 1825 map fills its frame with no band beside it and stays on
// screen, the market beside it names every company in full; the
// Spreadsheet link follows the history position.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, openFile, fixturePath, desktop, phone } from './harness.js';

serve();


const OR1860 = { title: '1860', game: '19354', n: 290 }; // FYN's turn, its last run shown
const OR1825 = { title: '1825', game: '141331', n: 600 }; // 6 players, 14 companies

async function open(opts, pos, who) {
  const ctx = await env.browser.newContext(opts);
  const page = await newPage(ctx);
  await signUp(page, who);
  const id = await openFile(page, fixturePath(pos.title, pos.game), pos.n);
  await page.waitForSelector('.map-frame svg .hex');
  return { ctx, page, id };
}

test('phone: the last run\'s caption shows whole lines, above "Map as text"; the phase chart fits the screen', { timeout: 300000 }, async () => {
  // every company's last run at each position: 1860 at 69 (C&N's two 2+1
  // trains, four lines on a phone) and 290, 1825 at 600
  const OR1860early = { title: '1860', game: '19354', n: 69 };
  let checked = 0;
  let longer = 0;
  for (const [pos, who] of [[OR1860early, 'gaps-cap60e'], [OR1860, 'gaps-cap60'], [OR1825, 'gaps-cap25']]) {
    const { ctx, page } = await open(phone, pos, who);
    await page.waitForSelector('#kept-run');
    const syms = await page.$$eval('#show-run option', (os) => os.map((o) => o.value).filter(Boolean));
    for (const sym of syms) {
      await page.selectOption('#show-run', sym);
      await page.waitForSelector(`#kept-run[data-entity="${sym}"]`);
      const m = await page.evaluate(() => {
        const c = document.querySelector('.map-caption');
        const cs = getComputedStyle(c);
        const range = document.createRange();
        range.selectNodeContents(c);
        const box = c.getBoundingClientRect();
        // a scrolling box shows its content down to its padding box's foot
        // (the padding too), so that is where a line would be cut
        const foot = box.bottom - parseFloat(cs.borderBottomWidth);
        // the caption's text lines (one rectangle per line of text)
        const lines = [...range.getClientRects()].filter((r) => r.height < 40 && r.width > 0).map((r) => [r.top, r.bottom]);
        const cut = lines.filter(([t, b]) => t < foot - 0.5 && b > foot + 0.5);
        const summary = document.querySelector('#board-text > summary').getBoundingClientRect();
        const chart = document.querySelector('#phase-chart .scroll');
        return { cut: cut.map(([t, b]) => `${t}-${b}`), tops: new Set(lines.map(([t]) => Math.round(t))).size, foot, captionBottom: box.bottom, summaryTop: summary.top, lines: lines.length, scrolls: c.scrollHeight > c.clientHeight + 1, phase: [chart.scrollWidth, chart.clientWidth], text: c.textContent };
      });
      const label = `${pos.title} at ${pos.n}, ${sym}`;
      assert.ok(m.lines > 0, `${label}: the caption has text`);
      assert.deepEqual(m.cut, [], `${label}: no line of the caption is cut by its foot at ${m.foot} (${m.text})`);
      assert.ok(m.captionBottom <= m.summaryTop + 0.5, `${label}: the caption (to ${m.captionBottom}) ends above "Map as text" (${m.summaryTop})`);
      assert.ok(m.phase[0] <= m.phase[1], `${label}: the phase chart (${m.phase[0]} px) fits its box (${m.phase[1]} px) without scrolling`);
      // a caption of one line (its number ring a line high at most) does not scroll
      if (m.tops === 1) assert.ok(!m.scrolls, `${label}: a one-line caption does not scroll (${m.text})`);
      checked++;
      if (m.scrolls) longer++;
    }
    await ctx.close();
  }
  assert.ok(checked >= 10 && longer >= 1, `${checked} captions checked, ${longer} longer than the caption's three lines`);
});

test('phone: the spreadsheet\'s tables are cards of labelled figures, none wider than the screen', { timeout: 240000 }, async () => {
  const { ctx, page, id } = await open(phone, OR1825, 'gaps-sheet');
  await page.goto(`${env.base}/?game=${id}&view=sheet`);
  await page.waitForSelector('#sheet-companies');
  const m = await page.evaluate(() => {
    const vw = innerWidth;
    const rows = [...document.querySelectorAll('table.sheet tbody tr')];
    return {
      scrolls: [...document.querySelectorAll('.scroll')].filter((s) => s.scrollWidth > s.clientWidth + 1).map((s) => s.querySelector('table')?.id),
      wide: rows.filter((r) => r.getBoundingClientRect().right > vw + 0.5).map((r) => r.dataset.sym || r.dataset.player),
      cashLabel: document.querySelector('#sheet-players-now [data-field=cash]').dataset.label,
      treasuryLabel: document.querySelector('#sheet-companies [data-field=treasury]').dataset.label,
      // a row is a card: its cells side by side in a grid, not one table row
      display: getComputedStyle(rows[0]).display,
      blankShown: [...document.querySelectorAll('table.sheet td.blank')].filter((c) => c.offsetParent).length,
      page: document.scrollingElement.scrollWidth - vw,
    };
  });
  assert.deepEqual(m.scrolls, [], 'no table scrolls sideways in its box');
  assert.deepEqual(m.wide, [], 'no card is wider than the screen');
  assert.equal(m.display, 'grid', 'each row is a card');
  assert.equal(m.cashLabel, 'Cash');
  assert.equal(m.treasuryLabel, 'Treasury');
  assert.equal(m.blankShown, 0, 'empty figures are left out of the cards');
  assert.ok(m.page <= 1, 'the page does not scroll sideways');
  // the headings still sort: a tap on Cash orders the players' cards
  await page.click('#sheet-players-now th[data-col="1"] button');
  await page.click('#sheet-players-now th[data-col="1"] button');
  const cash = await page.$$eval('#sheet-players-now tbody tr [data-field=cash]', (cs) => cs.map((c) => Number(c.textContent.replace(/[^0-9]/g, ''))));
  assert.deepEqual(cash, [...cash].sort((a, b) => a - b), 'sorted by cash, ascending');
  await ctx.close();
});

test('1400×900: the tall 1825 map fills its frame (no bands), on screen; the market names every company in full', { timeout: 240000 }, async () => {
  for (const [pos, who] of [[OR1825, 'gaps-fit25'], [OR1860, 'gaps-fit60']]) {
    const { ctx, page } = await open(desktop, pos, who);
    await page.click('.map-controls button[aria-label="Zoom in"]');
    await page.click('#map-fit');
    const m = await page.evaluate(() => {
      const f = document.querySelector('.map-frame').getBoundingClientRect();
      const hexes = [...document.querySelectorAll('.map .hex-shape')].map((p) => p.getBoundingClientRect());
      const box = { l: Math.min(...hexes.map((r) => r.left)), r: Math.max(...hexes.map((r) => r.right)), t: Math.min(...hexes.map((r) => r.top)), b: Math.max(...hexes.map((r) => r.bottom)) };
      const clipped = [...document.querySelectorAll('.market-slot .marker')].filter((x) => x.scrollWidth > x.clientWidth + 0.5).map((x) => x.textContent);
      const caption = document.querySelector('.map-caption').getBoundingClientRect();
      return { f: { w: f.width, h: f.height, b: f.bottom }, w: box.r - box.l, h: box.b - box.t, clipped, vh: innerHeight, scrollY, captionBottom: caption.bottom };
    });
    if (pos.title === '1825') {
      assert.ok(m.w >= m.f.w * 0.95 && m.h >= m.f.h * 0.95, `1825: the map fills the frame both ways, no band beside it (${Math.round(m.w)}×${Math.round(m.h)} in ${Math.round(m.f.w)}×${Math.round(m.f.h)})`);
      assert.ok(m.captionBottom <= m.vh, `1825: the map and its caption end on screen (${Math.round(m.captionBottom)} of ${m.vh})`);
    }
    assert.ok(m.w >= m.f.w * 0.96 || m.h >= m.f.h * 0.96, `${pos.title}: the map fills the frame's width or height`);
    assert.equal(m.scrollY, 0);
    assert.deepEqual(m.clipped, [], `${pos.title}: no company's name on the market is cut`);
    await ctx.close();
  }
});

test('the Spreadsheet link follows the history position', { timeout: 240000 }, async () => {
  const { ctx, page, id } = await open(desktop, OR1860, 'gaps-link');
  assert.equal(await page.getAttribute('#open-sheet', 'href'), `/?game=${id}&view=sheet`, 'live: the table now');
  await page.click('#history-back');
  await page.waitForSelector('#history-pos:has-text("of")');
  const at = Number(/action (\d+) of/.exec(await page.textContent('#history-pos'))[1]);
  assert.equal(await page.getAttribute('#open-sheet', 'href'), `/?game=${id}&view=sheet&action=${at}`, 'in history: the table at that position');
  await page.click('#open-sheet');
  await page.waitForSelector('#sheet-where');
  assert.match(await page.textContent('#sheet-where'), new RegExp(`after move ${at} of`));
  await ctx.close();
});

test('a route\'s number ring covers no station (token slot or town) of the map', { timeout: 300000 }, async () => {
  for (const [pos, who] of [[OR1860, 'gaps-ring60'], [OR1825, 'gaps-ring25']]) {
    const { ctx, page } = await open(desktop, pos, who);
    const syms = await page.$$eval('#show-run option', (os) => os.map((o) => o.value).filter(Boolean));
    assert.ok(syms.length >= 3, `${pos.title}: companies with a last run`);
    let rings = 0;
    for (const sym of syms) {
      await page.selectOption('#show-run', sym);
      await page.waitForSelector(`#kept-run[data-entity="${sym}"]`);
      const m = await page.evaluate(() => {
        const disc = (el) => { const r = el.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2, r: r.width / 2 }; };
        const stations = [...document.querySelectorAll('.map .hex circle.slot, .map .hex circle.town')].map(disc);
        const numbers = [...document.querySelectorAll('.map .route-number circle')].map(disc);
        const over = [];
        for (const n of numbers) for (const s of stations) if (Math.hypot(n.x - s.x, n.y - s.y) < n.r + s.r - 0.5) over.push([n, s]);
        return { numbers: numbers.length, over };
      });
      rings += m.numbers;
      assert.deepEqual(m.over, [], `${pos.title} ${sym}'s last run: a number ring over a station`);
    }
    assert.ok(rings >= 3, `${pos.title}: ${rings} number rings checked`);
    await ctx.close();
  }
});
