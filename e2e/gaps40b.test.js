// The gaps of issue 40 left after its second pass, each checked in the
// real page (Debian's chromium, a real `tresham serve`) against the
// engine's state: the map's caption of a last run names the stops the
// train counts, as the log's run line does (1860: small stations and halts
// bypassed left out; 1825: a tile #11 halt passed free, rule 4.5.6); the
// acting player's card of a 6-player 1825 game keeps its cash on its line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, openAt, shot } from './harness.js';

serve();

const desktop = { viewport: { width: 1400, height: 900 } };

async function open(opts, title, game, n, who) {
  const ctx = await env.browser.newContext(opts);
  const page = await newPage(ctx);
  await signUp(page, who);
  const id = await openAt(page, title, game, n);
  await page.waitForSelector('.map-frame svg .hex');
  return { ctx, page, id };
}

// hexesOf is the coordinates a list of places names, in order, each once
// in a row: "Ryde (J4) – Ashey (I5) ×2 – K6 town" → ["J4", "I5", "K6"]
// (a place without a name is its coordinate).
function hexesOf(text) {
  const out = [];
  for (const part of text.replace(/^[^:]*: /, '').replace(/ for £\d+$/, '').split(' – ')) {
    const m = /\(([A-Z]+\d+)\)/.exec(part) || /\b([A-Z]+\d+)\b/.exec(part);
    if (m && out[out.length - 1] !== m[1]) out.push(m[1]);
  }
  return out;
}

test('the last run\'s caption names the stops each train counts and its revenue, as the log\'s run line does', { timeout: 400000 }, async () => {
  // positions of the real games where some train passed a place it did not count
  const positions = [['1860', '19354.json', 290, 'cap60a'], ['1860', '19354.json', 420, 'cap60b'], ['1825', '141331.json', 600, 'cap25'], ['1825', '1825_game_end_bank.json', 387, 'cap25h']];
  let shorter = 0;
  let trains = 0;
  for (const [title, game, n, who] of positions) {
    const { ctx, page, id } = await open(desktop, title, game, n, who);
    const v = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
    const syms = await page.$$eval('#show-run option', (os) => os.map((o) => o.value).filter(Boolean));
    assert.ok(syms.length >= 3, `${title}: companies with a last run`);
    let shotSym = '';
    for (const sym of syms) {
      await page.selectOption('#show-run', sym);
      await page.waitForSelector(`#kept-run[data-entity="${sym}"]`);
      const run = await page.evaluate(async ([gid, c]) => (await fetch(`/api/games/${gid}/lastrun?company=${encodeURIComponent(c)}`)).json(), [id, sym]);
      if (!run) {
        assert.match(await page.textContent('#kept-run'), /has not run yet/, `${title} ${sym}: no run, and the caption says so`);
        continue;
      }
      const caption = await page.$$eval('#kept-run .kept-route', (ss) => ss.map((s) => s.textContent));
      // the log's lines of that run: the company's last run lines, one a train
      const runLine = new RegExp(`^${sym.replace(/[&]/g, '\\$&')} runs a (\\S+) train for £(\\d+)(?: and £\\d+ subsidy)?: (.*)$`);
      const lines = (v.log || []).map((l) => (typeof l === 'string' ? l : '')).filter((l) => runLine.test(l));
      const logged = lines.slice(-run.routes.length);
      assert.equal(caption.length, run.routes.length, `${title} ${sym}: a caption part per train`);
      for (let i = 0; i < run.routes.length; i++) {
        const m = runLine.exec(logged[i]);
        assert.ok(m, `${title} ${sym}: train ${i + 1} has its log line`);
        const want = hexesOf(m[3]);
        assert.equal(/ for £(\d+)$/.exec(caption[i])?.[1], m[2], `${title} ${sym}: the caption "${caption[i]}" gives the train's revenue, as the log "${logged[i]}"`);
        const got = hexesOf(caption[i]);
        assert.deepEqual(got, want, `${title} ${sym} train ${run.routes[i].train}: the caption "${caption[i]}" names the stops of the log "${logged[i]}"`);
        const passed = hexesOf(run.routes[i].nodes.map((x) => x.split('-')[0]).join(' – '));
        if (want.length < passed.length) { shorter++; shotSym ||= sym; }
        trains++;
      }
    }
    if (title === '1860' && n === 290 && shotSym) {
      await page.selectOption('#show-run', shotSym);
      await page.waitForSelector(`#kept-run[data-entity="${shotSym}"]`);
    }
    if (title === '1860' && n === 290) await shot(page, 'table-1860-run-caption-desktop', { clip: await page.$eval('.map-wrap', (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }) });
    await ctx.close();
  }
  assert.ok(trains >= 10, `${trains} trains' captions checked`);
  assert.ok(shorter >= 1, `${shorter} of them passed a place they did not count (the case checked)`);
  assert.deepEqual(env.consoleErrors, []);
});

test('6-player 1825 at 1400×900: every player card keeps its cash on the line of its name', { timeout: 300000 }, async () => {
  const { ctx, page } = await open(desktop, '1825', '141331.json', 290, 'pcard6');
  let checked = 0;
  let acting = 0;
  for (const n of [290, 300, 330, 600]) {
    const id = n === 290 ? new URL(page.url()).searchParams.get('game') : await openAt(page, '1825', '141331.json', n);
    await page.waitForSelector('#player-cards .pcard');
    const v = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
    const cards = await page.$$eval('#player-cards .pcard', (cs) => cs.map((c) => {
      const name = c.querySelector('header .name').getBoundingClientRect();
      const cash = c.querySelector('header .cash').getBoundingClientRect();
      const header = c.querySelector('header');
      return { id: c.dataset.player, acting: c.classList.contains('acting'), cash: c.querySelector('header .cash').textContent, nameMid: (name.top + name.bottom) / 2, cashTop: cash.top, cashBottom: cash.bottom, cardRight: c.getBoundingClientRect().right, cashRight: cash.right, headerH: header.getBoundingClientRect().height };
    }));
    assert.equal(cards.length, 6, `${n}: six player cards`);
    for (const c of cards) {
      const p = v.state.players.find((x) => String(x.id) === c.id);
      assert.equal(c.cash.replace(/[£,]/g, ''), String(p.cash), `${n}: player ${p.name}'s cash is the engine's`);
      assert.ok(c.cashTop <= c.nameMid && c.nameMid <= c.cashBottom, `${n}: ${p.name}${c.acting ? ' (to act)' : ''}: the cash (${c.cashTop}–${c.cashBottom}) is on the name's line (${c.nameMid})`);
      assert.ok(c.cashRight <= c.cardRight + 0.5, `${n}: ${p.name}: the cash inside the card`);
      if (c.acting) acting++;
      checked++;
    }
    if (n === 290) await shot(page, 'table-1825-6p-players-desktop', { clip: await page.$eval('#player-cards', (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }) });
  }
  assert.ok(acting >= 2, `${acting} acting players' cards checked`);
  assert.ok(checked >= 24);
  await ctx.close();
});

test('phone: the sticky map hides what scrolls under it (its foot, "Map as text", over no choice)', { timeout: 240000 }, async () => {
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  for (const [title, game, n, who] of [['1825', '141331.json', 330, 'sticky25'], ['1860', '19354.json', 290, 'sticky60']]) {
    const { ctx, page } = await open(phone, title, game, n, who);
    // scroll until the panel's first choice sits under the foot of the map
    await page.evaluate(() => {
      const b = document.querySelector('.panel button').getBoundingClientRect();
      const r = document.querySelector('.map-section').getBoundingClientRect();
      window.scrollBy(0, b.top - r.height + 12); // the map then sticks at the top
    });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const m = await page.evaluate(() => {
      const sec = document.querySelector('.map-section');
      const r = sec.getBoundingClientRect();
      // every point of the map's section is painted by it or its content: its
      // own background is not transparent, so nothing under it shows through
      const bg = getComputedStyle(sec).backgroundColor;
      const under = [...document.querySelectorAll('.panel button')].filter((b) => { const x = b.getBoundingClientRect(); return x.bottom > r.top && x.top < r.bottom && x.height > 0; }).length;
      return { top: r.top, bg, under, sticky: getComputedStyle(sec).position };
    });
    assert.equal(m.sticky, 'sticky', `${title}: the map is sticky on a phone`);
    assert.ok(Math.abs(m.top) < 1, `${title}: the map stays at the top (${m.top})`);
    assert.ok(m.under > 0, `${title}: some choice has scrolled under the map (the case checked)`);
    assert.ok(!/rgba\(0, 0, 0, 0\)|transparent/.test(m.bg), `${title}: the map's section is opaque (${m.bg}), the choices under it do not show through`);
    await shot(page, `table-${title}-sticky-map-phone`);
    await ctx.close();
  }
});

test('the head shows the bank\'s cash and the depot\'s next train with its price and count, as the engine has them', { timeout: 300000 }, async () => {
  for (const [title, game, n, who, size] of [['1860', '19354.json', 290, 'bank60', desktop], ['1825', '141331.json', 600, 'bank25', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }]]) {
    const { ctx, page, id } = await open(size, title, game, n, who);
    const [v, map] = await page.evaluate(async (gid) => Promise.all([(await fetch(`/api/games/${gid}`)).json(), (await fetch(`/api/games/${gid}/map`)).json()]), id);
    const [name, left] = v.state.depot.upcoming[0];
    const price = map.rules.trains.find((x) => x.name === name).price;
    await page.waitForSelector('#bank-head');
    assert.equal((await page.textContent('#bank-head')).trim(), `bank £${v.state.bank_cash} · next train ${name} £${price} (${left} left)`, `${title}: the head`);
    const box = await page.$eval('#bank-head', (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, right: r.right }; });
    assert.ok(box.bottom <= size.viewport.height && box.right <= size.viewport.width, `${title}: in view without scrolling`);
    await shot(page, `table-${title}-bank-head-${size.isMobile ? 'phone' : 'desktop'}`);
    await ctx.close();
  }
});
