// The map and the phone of issue 40 (points 5 and 6), against a real
// `tresham serve` in Debian's chromium, with real input (mouse, wheel,
// taps): London legible at the closest zoom, Fit filling the frame, a drag
// that selects no text, a click that leaves the page where it was, tile
// choices that cover no station around the hex, place names inside their
// hex; on a 390×844 phone the lay confirmed on the map, the choice being
// made not under the map, every choice a thumb's size.
// SHOTS=DIR saves the screenshots of docs/screenshots/map-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, openFile, gameView, shot, fixturePath, desktop, phone } from './harness.js';

serve();



// 1825/141331 after 590 actions: LSWR (OR 8.1) is to lay a tile on W21,
// X18 or X20, beside London (V20) and its tokens
const LONDON = { title: '1825', game: '141331', n: 590 };

async function open(opts, pos, who) {
  const ctx = await env.browser.newContext(opts);
  const page = await newPage(ctx);
  await signUp(page, who);
  await openFile(page, fixturePath(pos.title, pos.game), pos.n);
  await page.waitForSelector('.map-frame svg .hex');
  return { ctx, page };
}

// centre answers the middle of an element on screen.
async function centre(loc) {
  const b = await loc.boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

// where answers the page's scroll and the map's place on screen.
const where = (page) => page.evaluate(() => ({ scrollY, mapTop: Math.round(document.querySelector('.map-frame').getBoundingClientRect().top) }));

// discs lists the circles matching sel as {x, y, r, hex} in screen pixels.
const discs = (page, sel) => page.evaluate((s) => [...document.querySelectorAll(s)].map((c) => {
  const r = c.getBoundingClientRect();
  return { x: r.x + r.width / 2, y: r.y + r.height / 2, r: r.width / 2, hex: c.closest('.hex')?.dataset.hex || '', cls: c.getAttribute('class') };
}), sel);

const covers = (a, b, slack = 1) => Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r - slack;

test('a drag on the map selects no text; a click on the map leaves the page where it was', { timeout: 180000 }, async () => {
  const { ctx, page } = await open(desktop, LONDON, 'dragger');
  await page.evaluate(() => window.scrollTo(0, 120));
  const before = await where(page);
  const box = await page.locator('.map-frame').boundingBox();
  // from the map out over the cards and the panel, and back
  await page.mouse.move(box.x + 40, box.y + 80);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y + 300, { steps: 6 });
  await page.mouse.move(box.x + box.width + 300, box.y + box.height - 10, { steps: 6 });
  await page.mouse.move(10, 10, { steps: 6 });
  await page.mouse.up();
  assert.equal(await page.evaluate(() => String(getSelection())), '', 'no text is selected after a drag');
  assert.notEqual(await page.getAttribute('.map-frame svg', 'viewBox'), await page.evaluate(() => { document.getElementById('map-fit').click(); return document.querySelector('.map-frame svg').getAttribute('viewBox'); }), 'the drag moved the map (Fit puts it back)');
  // a click on a legal hex, then on a tile choice drawn around it
  const hex = await centre(page.locator('.map .hex.legal[data-hex="X20"] .hex-shape'));
  await page.mouse.click(hex.x, hex.y);
  await page.waitForSelector('.tile-fan .tile-option');
  assert.deepEqual(await where(page), before, 'a click on a hex leaves the page and the map where they were');
  await page.mouse.click(...Object.values(await centre(page.locator('.tile-fan .tile-option-bg').first())));
  await page.waitForSelector('#confirm-tile');
  assert.deepEqual(await where(page), before, 'a click on a tile choice leaves the page where it was');
  assert.equal(await page.evaluate(() => String(getSelection())), '');
  await ctx.close();
});

test('London (V20) at the closest zoom: six cities apart, their tokens and revenue readable', { timeout: 180000 }, async () => {
  const { ctx, page } = await open(desktop, LONDON, 'londoner');
  // the wheel zooms about the pointer: held over London, to the closest zoom
  for (let i = 0; i < 25; i++) {
    const at = await centre(page.locator('.map .hex[data-hex="V20"] .hex-shape'));
    await page.mouse.move(at.x, at.y);
    await page.mouse.wheel(0, -200);
  }
  await page.waitForTimeout(100);
  const slots = await discs(page, '.map .hex[data-hex="V20"] circle.slot');
  assert.equal(slots.length, 6, 'London has six cities of one slot');
  for (const [i, a] of slots.entries()) {
    assert.ok(a.r * 2 >= 40, `a city is ${Math.round(a.r * 2)} px across at the closest zoom`);
    for (const b of slots.slice(i + 1)) assert.ok(!covers(a, b), 'no city of London covers another');
  }
  const revs = await discs(page, '.map .hex[data-hex="V20"] .revenue circle');
  assert.equal(revs.length, 1, "London's common revenue is drawn once");
  for (const s of slots) assert.ok(!covers(s, revs[0]), 'the revenue covers no city');
  // each token's name inside its circle, in letters at least 9 px high
  const names = await page.evaluate(() => [...document.querySelectorAll('.map .hex[data-hex="V20"] .city text')].map((t) => {
    const r = t.getBoundingClientRect();
    const c = t.parentNode.querySelector('circle').getBoundingClientRect();
    return { text: t.textContent, h: r.height, inside: r.left >= c.left - 1 && r.right <= c.right + 1 };
  }));
  assert.ok(names.length >= 2, 'London shows its tokens (GER and LSWR)');
  for (const n of names) {
    assert.ok(n.h >= 9, `${n.text} is ${n.h} px high`);
    assert.ok(n.inside, `${n.text} fits its token`);
  }
  await shot(page, 'map-1825-london-closest-desktop');
  await ctx.close();
});

test('Fit shows the whole map as large as the frame allows, in both titles', { timeout: 240000 }, async () => {
  for (const [pos, who] of [[LONDON, 'fitter25'], [{ title: '1860', game: '19354', n: 106 }, 'fitter60']]) {
    const { ctx, page } = await open(desktop, pos, who);
    await page.mouse.move(600, 500);
    await page.click('.map-controls button[aria-label="Zoom in"]');
    await page.click('#map-fit');
    const m = await page.evaluate(() => {
      const f = document.querySelector('.map-frame').getBoundingClientRect();
      const hexes = [...document.querySelectorAll('.map .hex-shape')].map((p) => p.getBoundingClientRect());
      const box = { l: Math.min(...hexes.map((r) => r.left)), r: Math.max(...hexes.map((r) => r.right)), t: Math.min(...hexes.map((r) => r.top)), b: Math.max(...hexes.map((r) => r.bottom)) };
      const col = document.querySelector('.map-section').getBoundingClientRect();
      return { f: { l: f.left, r: f.right, t: f.top, b: f.bottom, w: f.width, h: f.height }, box, col: col.width };
    });
    assert.ok(m.f.w >= m.col - 4, `${pos.title}: the frame (${Math.round(m.f.w)} px) is as wide as the map's column (${Math.round(m.col)} px)`);
    const w = m.box.r - m.box.l;
    const h = m.box.b - m.box.t;
    assert.ok(m.box.l >= m.f.l - 1 && m.box.r <= m.f.r + 1 && m.box.t >= m.f.t - 1 && m.box.b <= m.f.b + 1, `${pos.title}: every hex is inside the frame`);
    assert.ok(w >= m.f.w * 0.96 || h >= m.f.h * 0.96, `${pos.title}: the map fills the frame's width or height (${Math.round(w)}×${Math.round(h)} in ${Math.round(m.f.w)}×${Math.round(m.f.h)})`);
    await ctx.close();
  }
});

test('the tile choices drawn around a hex cover no station of the hexes around; place names stay in their hex', { timeout: 240000 }, async () => {
  for (const [pos, hexId, who] of [[LONDON, 'X20', 'fan25'], [{ title: '1860', game: '19354', n: 106 }, null, 'fan60']]) {
    const { ctx, page } = await open(desktop, pos, who);
    const hexSel = hexId ? `.map .hex.legal[data-hex="${hexId}"] .hex-shape` : '.map .hex.legal .hex-shape';
    await page.mouse.click(...Object.values(await centre(page.locator(hexSel).first())));
    await page.waitForSelector('.tile-fan .tile-option');
    const fanHex = await page.getAttribute('.tile-fan', 'data-hex');
    const options = await discs(page, '.tile-fan .tile-option-bg');
    const stations = (await discs(page, '.map .hex circle.slot, .map .hex circle.town')).filter((s) => s.hex !== fanHex);
    assert.ok(options.length >= 1);
    for (const [i, o] of options.entries()) {
      for (const s of stations) assert.ok(!covers(o, s), `${pos.title}: a tile choice around ${fanHex} covers a station on ${s.hex}`);
      for (const p of options.slice(i + 1)) assert.ok(!covers(o, p), 'no tile choice covers another');
    }
    if (hexId) await shot(page, 'map-1825-tile-choices-desktop', { clip: await page.locator('.map-wrap').boundingBox() });
    // every place name inside its hex, across (the hexes drawn after it covered what passed its edge)
    const out = await page.evaluate(() => [...document.querySelectorAll('.map .hex text.location')].flatMap((t) => {
      const hex = t.closest('.hex').querySelector('.hex-shape').getBoundingClientRect();
      const r = t.getBoundingClientRect();
      const slack = hex.width * 0.08;
      return r.left < hex.left - slack || r.right > hex.right + slack ? [`${t.textContent} (${t.closest('.hex').dataset.hex})`] : [];
    }));
    assert.deepEqual(out, [], `${pos.title}: place names passing their hex's sides`);
    await ctx.close();
  }
});

test('phone: the lay confirmed on the map, the choice not under the map, every choice a thumb wide', { timeout: 240000 }, async () => {
  const { ctx, page } = await open(phone, LONDON, 'thumb');
  const { actions } = await gameView(page);
  // every choice of the panel and the cards at least 44 px high (a thumb)
  const small = await page.evaluate(() => [...document.querySelectorAll('.panel button, .card-choices button, .map-controls button')]
    .filter((b) => b.offsetParent && b.getBoundingClientRect().height < 43.5).map((b) => `${b.id || b.className}: ${b.textContent.trim().slice(0, 30)}`));
  assert.deepEqual(small, [], 'choices smaller than a thumb');
  await page.tap('.map .hex.legal[data-hex="X20"] .hex-shape', { force: true }).catch(async () => {
    await page.touchscreen.tap(...Object.values(await centre(page.locator('.map .hex.legal[data-hex="X20"] .hex-shape'))));
  });
  await page.waitForSelector('.tile-fan .tile-option');
  // the tile list below the sticky map: reached by the keyboard (or a
  // screen reader), the browser scrolls it into view below the map
  await page.focus('.tile-pick');
  await page.waitForTimeout(200);
  const cover = await page.evaluate(() => {
    const m = document.querySelector('.map-section').getBoundingClientRect();
    const c = document.activeElement.getBoundingClientRect();
    return { mapBottom: m.bottom, choiceTop: c.top, choiceBottom: c.bottom, vh: innerHeight };
  });
  assert.ok(cover.choiceTop >= cover.mapBottom - 1 && cover.choiceBottom <= cover.vh, `the focused tile choice (top ${cover.choiceTop}) is in view below the map (bottom ${cover.mapBottom})`);
  await page.touchscreen.tap(...Object.values(await centre(page.locator('.tile-fan .tile-option-bg').first())));
  await page.waitForSelector('#map-confirm-tile');
  // the confirmation is on the map, on screen, a thumb's size
  const bar = await page.evaluate(() => {
    const b = document.getElementById('map-confirm-tile').getBoundingClientRect();
    const f = document.querySelector('.map-frame').getBoundingClientRect();
    return { top: b.top, bottom: b.bottom, h: b.height, frameTop: f.top, frameBottom: f.bottom, vh: innerHeight };
  });
  assert.ok(bar.top >= bar.frameTop && bar.bottom <= bar.frameBottom && bar.bottom <= bar.vh, 'the confirmation is over the map, on screen');
  assert.ok(bar.h >= 43.5, 'the confirmation is a thumb high');
  const label = await page.getAttribute('#map-confirm-tile', 'aria-label');
  assert.match(label, /^Lay #\S+.*: tile \S+ on X20$/);
  await shot(page, 'map-1825-confirm-on-map-phone');
  await page.tap('#map-confirm-tile');
  await page.waitForSelector('#map-confirm-tile', { state: 'detached' });
  const v = await gameView(page);
  assert.equal(v.actions, actions + 1, 'the tap on the map laid the tile');
  await ctx.close();
});

test('at 1400×900 the stock market is beside the cards, on screen without scrolling, with every company on its price', { timeout: 240000 }, async () => {
  for (const [pos, who] of [[{ title: '1860', game: '19354', n: 290 }, 'market60'], [LONDON, 'market25']]) {
    const { ctx, page } = await open(desktop, pos, who);
    const v = await gameView(page);
    const m = await page.evaluate(() => {
      const card = document.querySelector('.game-main .market-slot .market-card');
      const r = card.getBoundingClientRect();
      const cards = document.querySelector('.game-main .ccards').getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, vh: innerHeight, vw: innerWidth, scrollY, cardsTop: cards.top, markers: [...card.querySelectorAll('.marker')].map((x) => x.dataset.corp) };
    });
    assert.equal(m.scrollY, 0);
    assert.ok(m.top >= m.cardsTop && m.bottom <= m.vh && m.right <= m.vw, `${pos.title}: the market (${Math.round(m.top)}–${Math.round(m.bottom)} px) is on screen beside the cards`);
    const priced = v.state.corporations.filter((c) => c.share_pos && !c.closed).map((c) => c.sym).sort();
    assert.deepEqual([...m.markers].sort(), priced, `${pos.title}: every company with a price has its marker`);
    await shot(page, `map-${pos.title}-market-beside-desktop`);
    await ctx.close();
  }
});
