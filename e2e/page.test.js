// Browser tests of the game page (issue 15): tile choice, names and
// abilities, headers and labels. Positions come from 18xx.games exports cut
// at an action; every check is on what the page shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, openAt, openFile, root, gameView, untilServer, shot, scrollTo } from './harness.js';
import { join } from 'node:path';

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
      if (phone) {
        // On a phone the map stays on screen next to the action: the
        // confirm button and the previewed hex are visible together.
        await page.locator('#confirm-tile').scrollIntoViewIfNeeded();
        const hexBox = await page.locator(`svg.map .hex[data-hex="${hex}"]`).boundingBox();
        const btn = await page.locator('#confirm-tile').boundingBox();
        for (const [what, b] of [['the previewed hex', hexBox], ['the confirm button', btn]]) {
          assert.ok(b.y >= 0 && b.y + b.height / 2 <= vp.height, `${title} phone: ${what} is on screen (y ${Math.round(b.y)})`);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 1, `no horizontal scrolling (${overflow}px)`);
      }
      await shot(page, `tiles-${title}-${phone ? 'phone' : 'desktop'}`);
      const before = (await gameView(page)).actions;
      await page.click('#confirm-tile');
      await untilServer(page, (v) => v.actions > before);
      assert.equal(await page.textContent('#action-error'), '');
      // once the tile is laid the map goes back to the player's view
      await page.waitForFunction((v) => document.querySelector('svg.map').getAttribute('viewBox') === v, vb0);
      await ctx.close();
    }
  }
});

// panelText is the action panel's text, checked for leaked internals.
async function panelText(page) {
  const t = await page.textContent('.panel');
  assert.doesNotMatch(t, /undefined|null|NaN|\[object/, `the panel shows no internals: ${t}`);
  return t;
}

test('names and abilities, the 1860 auction, round headers and labels as sentences', { timeout: 300000 }, async () => {
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await newPage(ctx);
  await signUp(page, 'names');
  const file = '19354.json';
  // The auction under way: Player 1 bid £30, Player 2 £35.
  await openAt(page, '1860', file, 3);
  assert.equal(await page.textContent('#round'), 'Opening auction · phase 2');
  await page.waitForSelector('#auction-lots');
  const lots = await page.locator('#auction-lots > li').allTextContents();
  assert.equal(lots.length, 6, `six certificates on offer: ${lots}`);
  assert.ok(lots.some((l) => l.startsWith('Brading Harbour Company (BHC) — £30')), lots.join(' | '));
  assert.ok(lots.some((l) => /Isle of Wight \(IOW\) director's certificate/.test(l)), lots.join(' | '));
  assert.match(await page.textContent('#auction-high'), /^High bid: £35 by Player 2\. Minimum next bid: £40\./);
  assert.equal(await page.inputValue('.price-choice[data-type="bid"] input'), '40');
  await panelText(page);
  await shot(page, 'auction-1860-desktop');
  // The winner takes a private at its face value: worded as a purchase.
  await openAt(page, '1860', file, 11);
  const buys = await page.locator('button.choice.bid').allTextContents();
  assert.ok(buys.length > 0);
  for (const b of buys) assert.match(b, /^Buy .+ \([A-Z&]+\) for £\d+, its face value$/, b);
  assert.match(await page.textContent('#auction h3'), /won the bidding: take one/);
  await panelText(page);
  // The first operating round of the second set, then a later stock round.
  await openAt(page, '1860', file, 64);
  assert.equal(await page.textContent('#round'), 'OR 2.1 · phase 2');
  await openAt(page, '1860', file, 228);
  const v = await gameView(page);
  assert.equal(await page.textContent('#round'), `SR ${v.state.turn} · phase ${v.state.phase}`);
  // RPSC's exchange is a swap, named, with no "undefined".
  const legend = await page.textContent('fieldset.entity[data-entity="RPSC"] legend');
  assert.equal(legend, 'Ryde Pier & Shipping Company (RPSC), owned by Player 1');
  assert.match(await page.textContent('fieldset.entity[data-entity="RPSC"] .ability'), /swap it for the reserved 10% share of the IOW/);
  assert.match(await page.textContent('fieldset.entity[data-entity="RPSC"] button.choice'), /^Swap Ryde Pier & Shipping Company \(RPSC\) for a 10% share of IOW \(worth £\d+\); RPSC closes$/);
  // Sales sorted by corporation then size, at the engine's prices (S&C has
  // no train: half price).
  const sales = Object.values(v.legal).flat().map((c) => c.action).filter((a) => a.type === 'sell_shares');
  const texts = await page.locator('button.choice.sell_shares').allTextContents();
  assert.equal(texts.length, sales.length);
  const keys = texts.map((t) => { const m = /^Sell (\d+)% of (\S+) for £(\d+)/.exec(t); assert.ok(m, t); return [m[2], Number(m[1]), Number(m[3])]; });
  const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  assert.deepEqual(keys, sorted, 'sales are sorted');
  for (const a of sales.filter((x) => x.share_price)) {
    const k = keys.find(([c, pct]) => c === a.shares[0].split('_')[0] && pct === a.percent);
    assert.equal(k[2], a.share_price * a.percent / 10, `the price shown for ${a.percent}% is the engine's`);
  }
  assert.ok(texts.some((t) => /it has no train/.test(t)), 'a half-price sale says why');
  assert.ok(texts.some((t) => /price stays £\d+ \(the first share sold in a red-letter cell/.test(t)), 'a sale that does not move the price says why');
  // Each sale carries its effect from the engine, and its button says it.
  for (const c of Object.values(v.legal).flat().filter((x) => x.action.type === 'sell_shares')) {
    assert.ok(c.effect && c.effect.price && c.effect.cash > 0, `sale ${JSON.stringify(c.action)} carries its effect`);
    const [sym] = c.action.shares[0].split('_');
    assert.ok(texts.some((t) => t.startsWith(`Sell ${c.action.percent}% of ${sym} for £${c.effect.cash}`) && t.includes(' — price ') && t.includes(`£${c.effect.price.from.price}`)), `the button of ${sym} ${c.action.percent}% shows the engine's effect`);
  }
  // Privates: names, abilities and state.
  const cos = await page.locator('#companies li').allTextContents();
  assert.equal(cos.length, v.state.companies.length);
  for (const c of cos) assert.match(c, /^[A-Z][a-z].* \([A-Z]+\).*owner: .*Pays its owner £\d+/, c);
  // Certificates: counted against the limit, no raw ids.
  const certs = await page.locator('#player-cards [data-field=certs]').allTextContents();
  assert.equal(certs.length, v.state.players.length);
  for (const c of certs) { assert.match(c, /^\d+\/\d+ certs$/, c); assert.doesNotMatch(c, /_\d/, c); }
  // A train bought from another corporation names the seller.
  await openAt(page, '1860', file, 115);
  const trainTexts = (await page.locator('.panel .group').filter({ hasText: 'Buy a train' }).textContent());
  assert.match(trainTexts, /Buy a 2\+1 train from IOW/);
  assert.doesNotMatch(trainTexts, /2\+1-\d/);
  await shot(page, 'labels-1860-desktop', { fullPage: true });
  // Each purchase says where its share comes from, as the engine lists it.
  await openAt(page, '1860', '1860_game_end_bank.json', 300);
  const v300 = await gameView(page);
  const purchases = Object.values(v300.legal).flat().filter((c) => c.action.type === 'buy_shares' && c.action.entity_type === 'player');
  const buyTexts = (await page.locator('button.choice.buy_shares').allTextContents()).filter((b) => !b.startsWith('Swap'));
  assert.ok(purchases.length > 0 && purchases.every((c) => c.from === 'ipo' || c.from === 'market'), JSON.stringify(purchases.map((c) => c.from)));
  for (const b of buyTexts) assert.match(b, /^Buy (a \d+% share of \S+|the \S+ director's certificate \(\d+%\)) from the (IPO|bank pool) for £\d+$/, b);
  assert.equal(buyTexts.length, purchases.length);
  assert.equal(buyTexts.filter((b) => / from the IPO /.test(b)).length, purchases.filter((c) => c.from === 'ipo').length);
  await shot(page, 'labels-share-sources-1860-desktop');
  // Starting a corporation: the button says the move at the price chosen.
  const pars = Object.values(v300.legal).flat().filter((c) => c.action.type === 'par');
  const parBtn = page.locator('.group.par button.choice.par').first();
  const priceOf = (c) => Number(String(c.action.share_price).split(',')[0]);
  assert.equal(await parBtn.textContent(), `Start ${pars[0].action.corporation} at par £${priceOf(pars[0])}`);
  await page.locator('.group.par select').first().selectOption({ index: 1 });
  assert.equal(await parBtn.textContent(), `Start ${pars[1].action.corporation} at par £${priceOf(pars[1])}`);
  // A pass says what it gives up, as the engine lists it.
  for (const [title, f, n, ends, label] of [
    ['1860', '1860_game_end_bank.json', 100, 'track', 'Pass: lay no more track this turn'],
    ['1860', '1860_game_end_bank.json', 149, 'token', 'Pass: place no station token this turn'],
    ['1825', '1825_game_end_bank.json', 175, 'track_token', 'Pass: no more track or stations this turn'],
    ['1825', '1825_game_end_bank.json', 151, 'trains', "Pass: buy no more trains (LSWR's turn ends)"],
  ]) {
    await openAt(page, title, f, n);
    const passes = Object.values((await gameView(page)).legal).flat().filter((c) => c.action.type === 'pass');
    assert.deepEqual(passes.map((c) => c.ends), [ends], `${title} at ${n}`);
    assert.deepEqual(await page.locator('button.choice.pass').allTextContents(), [label], `${title} at ${n}`);
  }
  // An 1825 lease (rule 6.4.3) is a sentence, not the action's fields.
  await openAt(page, 'synthetic/1825', '1825-unit_12-3p-36.json', 611);
  const leases = Object.values((await gameView(page)).legal).flat().filter((c) => c.action.type === 'special_buy');
  assert.ok(leases.length > 0);
  assert.deepEqual(await page.locator('button.choice.special_buy').allTextContents(),
    leases.map((c) => `Lease a ${c.action.description} train from the bank for this turn, for £${c.action.cost}`));
  // Station tokens name the place and its hex, and the city where a hex has
  // several; every button reads differently.
  await openAt(page, '1825', '141331.json', 645);
  const tokens = await page.locator('button.choice.place_token').allTextContents();
  assert.equal(tokens.length, Object.values((await gameView(page)).legal).flat().filter((c) => c.action.type === 'place_token').length);
  for (const t of tokens) assert.match(t, /^Place a station token in [A-Z][\w&' ]+ \([A-Z]+\d+(, city \d)?\) for £\d+$/, t);
  assert.equal(new Set(tokens).size, tokens.length, `distinct labels: ${tokens.join(' | ')}`);
  assert.ok(tokens.some((t) => /\(S13, city \d\)/.test(t)), 'a hex with several cities names the city');
  // A company in receivership has no director to name.
  await openAt(page, '1825', '1825_game_end_bank.json', 461);
  assert.deepEqual(await page.locator('aside.panel legend').allTextContents(), ['GER (in receivership)']);
  // 1825 with Surveyors (rule 6.6): each company's Surveyor is labelled on
  // its hex, and its moves are one short button per hex the engine lists.
  await openFile(page, join(root, 'e2e', 'testdata', '1825-surveyors.json'), 23);
  const sv = await gameView(page);
  const moves = Object.values(sv.legal).flat().filter((c) => c.action.type === 'move_surveyor').map((c) => c.action.hex);
  assert.ok(moves.length > 0, 'the operating company may move its Surveyor');
  assert.deepEqual((await page.locator('.group.surveyor button.surveyor-pick').allTextContents()).sort(), [...moves].sort());
  for (const [sym, hexes] of Object.entries(sv.state.flags.surveyors)) {
    for (const hex of hexes) {
      assert.equal(await page.locator(`svg .markers .marker[data-hex="${hex}"]`).filter({ hasText: `${sym} surveyor` }).count(), 1, `${sym}'s Surveyor on ${hex}`);
    }
  }
  await shot(page, 'surveyors-1825-desktop');
  // No lay is listed before the Surveyor moves, so its hexes are marked on
  // the map, and a click on one moves it there.
  assert.equal(Object.values(sv.legal).flat().filter((c) => c.action.type === 'lay_tile').length, 0);
  const marked = await page.$$eval('svg .hex.legal', (gs) => gs.map((g) => g.dataset.hex));
  assert.deepEqual(marked.sort(), [...moves].sort());
  const mover = Object.values(sv.legal).flat().find((c) => c.action.type === 'move_surveyor').action.entity;
  await page.locator(`svg .hex[data-hex="${moves[0]}"]`).click();
  const after = await untilServer(page, (v) => v.actions > sv.actions);
  assert.ok(after.state.flags.surveyors[mover].includes(moves[0]), `${mover}'s Surveyor moved to ${moves[0]}: ${JSON.stringify(after.state.flags.surveyors)}`);
  await ctx.close();
});

test('stock market fits its card with markers and legend; a hotseat game starts at once', { timeout: 300000 }, async () => {
  for (const vp of [{ width: 1400, height: 1000 }, { width: 390, height: 844 }]) {
    const phone = vp.width < 500;
    const ctx = await env.browser.newContext({ viewport: vp, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
    const page = await newPage(ctx);
    await signUp(page, `market${vp.width}`);
    for (const [title, file, n] of [['1860', '19354.json', 228], ['1825', '1825_game_end_bank.json', 200]]) {
      await openAt(page, title, file, n);
      const v = await gameView(page);
      const card = await page.locator('.market-card').boundingBox();
      const chart = await page.locator('#market-chart').boundingBox();
      assert.ok(chart.x >= card.x - 1 && chart.x + chart.width <= card.x + card.width + 1, `${title} ${vp.width}: the chart fits its card (${Math.round(chart.width)} in ${Math.round(card.width)})`);
      // every floated company's marker is drawn inside the card
      for (const c of v.state.corporations.filter((x) => x.share_price && !x.closed && x.share_pos)) {
        const m = page.locator(`#market-chart [data-corp="${c.sym}"]`).first();
        const b = await m.boundingBox();
        assert.ok(b && b.x >= card.x && b.x + b.width <= card.x + card.width + 1, `${title}: ${c.sym}'s marker is visible`);
      }
      const legend = await page.locator('#market-legend li').allTextContents();
      assert.ok(legend.some((l) => /par price/.test(l)), `${title}: the legend explains the colours: ${legend}`);
      await scrollTo(page, '.market-card');
      await shot(page, `market-${title}-${phone ? 'phone' : 'desktop'}`);
    }
    await ctx.close();
  }
  // Hotseat: the game page starts the game itself.
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await newPage(ctx);
  await signUp(page, 'hotseat');
  await page.selectOption('#create-title', '1860');
  await page.fill('#create-players', '3');
  await page.check('#create-hotseat');
  await Promise.all([page.waitForURL(/\?game=/), page.click('#create')]);
  await page.waitForSelector('#turn.yours', { timeout: 20000 });
  assert.equal(await page.$('#start-game'), null);
  assert.equal((await gameView(page)).status, 'active');
  await ctx.close();
});

test('no console errors', () => {
  assert.deepEqual(env.consoleErrors, []);
});
