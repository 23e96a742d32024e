// The table at a glance (issue 40): the players' and corporations' cards
// beside the map, checked against the engine's state (the server's view)
// in real games of both titles, at 1400×900 and on a 390×844 phone.
// SHOTS=DIR saves a screenshot of every round at both sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, openFile, gameView, shot, untilServer, fixturePath, importGame, readFixture } from './harness.js';

serve();

// fixture writes the real game title/name (internal/fixtures/data, gzip) to a
// file the harness can import, and answers its path.

const money = (n) => (n === null || n === undefined ? '–' : '£' + n);

// POSITIONS: a position of each round kind in both titles (n: actions
// kept), among them 1825's 6-player game with its companies floated.
const POSITIONS = [
  { title: '1860', game: '19354', n: 20, round: 'Auction', name: '1860-auction' },
  { title: '1860', game: '19354', n: 222, round: 'Stock', name: '1860-stock' },
  { title: '1860', game: '19354', n: 290, round: 'Operating', name: '1860-operating' },
  { title: '1825', game: '141331', n: 290, round: 'Stock', name: '1825-stock' },
  { title: '1825', game: '141331', n: 330, round: 'Operating', name: '1825-operating' },
  { title: '1825', game: '141331', n: 600, round: 'Operating', name: '1825-operating-late' },
];

const SIZES = [
  { name: 'desktop', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
];

const trainName = (id) => { const m = /^(.*)-\d+$/.exec(String(id)); return m ? m[1] : String(id); };
const started = (c) => c.ipoed || c.floated || c.closed || (c.president !== null && c.president !== undefined);

// checkCards asserts that the cards on the page show the state st (the
// server's view v), and at a desktop size that every player's cash and
// every floated corporation's treasury, price and trains are on screen
// with no scrolling.
async function checkCards(page, v, label, desktop) {
  const st = v.state;
  const seen = await page.evaluate(() => {
    const text = (el, sel) => el.querySelector(sel)?.textContent.trim() ?? null;
    const box = (el) => { const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
    const players = [...document.querySelectorAll('#player-cards [data-player]')].map((el) => ({
      id: el.dataset.player, cash: text(el, '[data-field=cash]'), worth: text(el, '[data-field=worth]'), certs: text(el, '[data-field=certs]'),
      acting: el.classList.contains('acting'), pd: !!el.querySelector('.tag.pd'),
      holds: [...el.querySelectorAll('.hold')].map((x) => ({ sym: x.dataset.sym, pct: Number(x.dataset.pct), dir: x.classList.contains('director') })),
      box: box(el.querySelector('[data-field=cash]')),
    }));
    const col = document.getElementById('corp-cards');
    const corps = [...col.querySelectorAll('[data-corp]')].map((el) => ({
      sym: el.dataset.corp, cash: text(el, '[data-field=cash]'), price: text(el, '[data-field=price]'),
      trains: [...el.querySelectorAll('.train:not(.leased)')].map((x) => x.textContent), acting: el.classList.contains('acting'),
      shares: text(el, '[data-field=shares]'),
      boxes: ['[data-field=cash]', '[data-field=price]', '[data-field=trains]'].map((s) => box(el.querySelector(s))),
    }));
    return { players, corps, col: box(col), scrollY: window.scrollY, vh: window.innerHeight, vw: window.innerWidth,
      unstarted: [...document.querySelectorAll('#corps-unstarted .corp-chip')].map((x) => x.dataset.sym) };
  });
  assert.deepEqual(seen.players.map((p) => p.id), st.players.map((p) => String(p.id)), `${label}: a card for each player, in seat order`);
  // the players to act, and the director of the company that operates (the state's acting list)
  const acting = new Set(v.finished ? [] : [...(v.acting || []), ...(st.acting || [])].map(String));
  for (const p of st.players) {
    const c = seen.players.find((x) => x.id === String(p.id));
    assert.equal(c.cash, money(p.cash), `${label}: ${p.name}'s cash`);
    assert.equal(c.worth, `worth ${money(p.value)}`, `${label}: ${p.name}'s worth`);
    assert.match(c.certs, new RegExp(`^${p.num_certs}(/${st.cert_limit})? certs$`), `${label}: ${p.name}'s certificates`);
    assert.equal(c.acting, acting.has(String(p.id)), `${label}: ${p.name}'s card stands out exactly when acting`);
    assert.equal(c.pd, String(st.priority_deal) === String(p.id), `${label}: priority deal on ${p.name}`);
    const want = st.corporations.filter((x) => (x.shares_by_owner || {})[String(p.id)] > 0)
      .map((x) => ({ sym: x.sym, pct: x.shares_by_owner[String(p.id)], dir: String(x.president) === String(p.id) }));
    assert.deepEqual(c.holds, want, `${label}: ${p.name}'s shares by company, director marked`);
  }
  const on = st.corporations.filter(started);
  assert.deepEqual(seen.corps.map((c) => c.sym).sort(), on.map((c) => c.sym).sort(), `${label}: a card for each started corporation`);
  assert.deepEqual(seen.unstarted.sort(), st.corporations.filter((c) => !started(c)).map((c) => c.sym).sort(), `${label}: the others folded away`);
  const actingCorps = new Set(v.finished ? [] : [...(st.active || []), ...(v.acting || [])].map(String));
  for (const c of on) {
    const k = seen.corps.find((x) => x.sym === c.sym);
    assert.equal(k.cash, money(c.cash), `${label}: ${c.sym}'s treasury`);
    assert.ok(k.price.startsWith(money(c.share_price)), `${label}: ${c.sym}'s share price (${k.price})`);
    if (c.par_price) assert.ok(k.price.includes(`(${money(c.par_price)})`), `${label}: ${c.sym}'s par (${k.price})`);
    assert.deepEqual(k.trains, c.trains.map(trainName), `${label}: ${c.sym}'s trains`);
    assert.equal(k.acting, actingCorps.has(c.sym), `${label}: ${c.sym}'s card stands out exactly when operating`);
    for (const [owner, pct] of Object.entries(c.shares_by_owner)) if (pct > 0) assert.ok(k.shares.includes(`${pct}%`), `${label}: ${c.sym}'s ${pct}% with ${owner} shown (${k.shares})`);
  }
  if (!desktop) return;
  // at a glance: nothing needs scrolling, the page's or the column's
  assert.equal(seen.scrollY, 0, `${label}: the page is not scrolled`);
  const inView = (b, box = { top: 0, bottom: seen.vh, left: 0, right: seen.vw }) => b.top >= box.top - 1 && b.bottom <= box.bottom + 1 && b.left >= box.left - 1 && b.right <= box.right + 1;
  for (const p of seen.players) assert.ok(inView(p.box), `${label}: player ${p.id}'s cash on screen (${JSON.stringify(p.box)})`);
  const floated = new Set(st.corporations.filter((c) => c.floated && !c.closed).map((c) => c.sym));
  for (const c of seen.corps) {
    if (!floated.has(c.sym)) continue;
    for (const b of c.boxes) assert.ok(inView(b) && inView(b, seen.col), `${label}: ${c.sym}'s treasury, price and trains on screen without scrolling (${JSON.stringify(b)}, column ${JSON.stringify(seen.col)})`);
  }
}

for (const size of SIZES) {
  const desktop = size.name === 'desktop';
  test(`cards beside the map match the engine's state (${size.name})`, { timeout: 600000 }, async () => {
    const ctx = await env.browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });
    const page = await newPage(ctx);
    await signUp(page, `cards-${size.name}`);
    for (const pos of POSITIONS) {
      await openFile(page, fixturePath(pos.title, pos.game), pos.n);
      await page.waitForSelector('#corp-cards');
      const v = await gameView(page);
      assert.equal(v.state.round, pos.round, `${pos.name}: the position is in the ${pos.round} round`);
      await checkCards(page, v, `${pos.name} (${size.name})`, desktop);
      await shot(page, `${pos.name}-${size.name}`);
      if (!desktop) {
        // the map never covers the choice being made: the first choice,
        // scrolled to, is the element under its own centre
        const first = page.locator('.panel fieldset.entity button, .panel fieldset.entity select').first();
        await first.scrollIntoViewIfNeeded();
        const onTop = await first.evaluate((el) => { const r = el.getBoundingClientRect(); const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return el === at || el.contains(at); });
        assert.ok(onTop, `${pos.name}: the first choice is not covered by the map`);
        // the cards, below the choices on a phone
        await page.locator('#player-cards').scrollIntoViewIfNeeded();
        const seen = await page.$eval('#player-cards [data-player]', (el) => { const r = el.getBoundingClientRect(); const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return el.contains(at); });
        assert.ok(seen, `${pos.name}: scrolled to, the players' cards are not under the map`);
        await shot(page, `${pos.name}-phone-cards`);
        await page.evaluate(() => window.scrollTo(0, 0));
      }
    }
    // the end: each real game finished, its cards the engine's final state
    for (const title of ['1860', '1825']) {
      const game = title === '1860' ? '19354' : '141331';
      const done = await importGame(page, readFixture(`${title}/${game}.json`));
      await page.goto(`${env.base}/?game=${done}`);
      await page.waitForSelector('#final-scores');
      await page.waitForSelector('#corp-cards');
      const v = await gameView(page);
      assert.ok(v.finished, `${title}/${game} imported whole is finished`);
      // the final scores first, on screen; the table below them
      const scores = await page.$eval('#final-scores', (el) => { const r = el.getBoundingClientRect(); return { top: r.top, main: document.querySelector('.game-main').getBoundingClientRect().top, vh: innerHeight }; });
      assert.ok(scores.top < scores.vh && scores.top < scores.main, `${title}: the final scores come first, on screen (${JSON.stringify(scores)})`);
      assert.equal(await page.locator('.pcard.acting, .ccard.acting').count(), 0, `${title}: nobody acts once the game is over`);
      await checkCards(page, v, `${title}-end (${size.name})`, false);
      await shot(page, `${title}-end-${size.name}`);
      if (!desktop) {
        await page.locator('#final-scores').scrollIntoViewIfNeeded();
        await shot(page, `${title}-end-phone-scores`);
        await page.evaluate(() => window.scrollTo(0, 0));
      }
    }
    // in history: a step back shows the cards of that position
    const id = new URL(page.url()).searchParams.get('game');
    await page.click('#history-back');
    await page.waitForSelector('#history-pos:has-text("of")');
    const at = Number(/action (\d+) of/.exec(await page.textContent('#history-pos'))[1]);
    const past = await page.evaluate(async ([gid, n]) => (await fetch(`/api/games/${gid}?action=${n}`)).json(), [id, at]);
    await checkCards(page, past, `history at ${at} (${size.name})`, desktop);
    await ctx.close();
  });
}

test('round layouts: the dividend says what each holder receives; alike train offers once; the auction shows each bidder\'s cash', { timeout: 600000 }, async () => {
  for (const size of SIZES) {
    const ctx = await env.browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });
    const page = await newPage(ctx);
    await signUp(page, `rounds-${size.name}`);
    // the dividend (the next move in both real games)
    for (const [title, game, n] of [['1860', '19354', 308], ['1825', '141331', 269]]) {
      await openFile(page, fixturePath(title, game), n);
      await page.waitForSelector('.group.dividend');
      const v = await gameView(page);
      const st = v.state;
      const name = (id) => st.players.find((p) => String(p.id) === String(id)).name;
      const choices = Object.values(v.legal).flat().filter((c) => c.action.type === 'dividend');
      assert.ok(choices.length >= 2, `${title}: pay out or withhold`);
      for (const c of choices) {
        const text = await page.textContent(`.dividend-choice[data-kind="${c.action.kind}"]`);
        const e = c.effect;
        if (e.per_share) {
          assert.ok(text.includes(`£${Math.round(e.per_share * 100) / 100} per ${e.share_percent}% share`), `${title} ${c.action.kind}: per share (${text})`);
          for (const [pid, amt] of Object.entries(e.players || {})) assert.ok(text.includes(`${name(pid)} £${amt}`), `${title} ${c.action.kind}: ${name(pid)} receives £${amt} (${text})`);
          // every player holding a share is paid
          const corp = st.corporations.find((x) => x.sym === c.action.entity);
          for (const p of st.players) if ((corp.shares_by_owner || {})[String(p.id)] > 0) assert.ok(e.players[String(p.id)] > 0, `${title}: ${p.name} holds ${corp.sym} and is paid`);
        }
        assert.ok(text.includes(e.cash > 0 ? `treasury +£${e.cash}` : 'treasury unchanged'), `${title} ${c.action.kind}: treasury (${text})`);
        assert.match(text, /price (stays )?£\d+/, `${title} ${c.action.kind}: the price move`);
      }
      await shot(page, `${title}-dividend-${size.name}`);
    }
    // 1825 OR 8.1: three 2 trains of LNWR on offer alike, listed once
    await openFile(page, fixturePath('1825', '141331'), 600);
    const v = await gameView(page);
    const offers = Object.values(v.legal).flat().filter((c) => c.action.type === 'buy_train');
    const seller = (id) => { const c = v.state.corporations.find((x) => (x.trains || []).includes(id)); return c ? c.sym : 'bank'; };
    const kinds = new Set(offers.map((c) => JSON.stringify([trainName(c.action.train), seller(c.action.train), c.action.price, c.max_price || 0, c.action.variant || ''])));
    assert.ok(kinds.size < offers.length, 'the position has alike offers');
    const shown = await page.locator('.panel .group[data-type=buy_train] .train-source > *:not(h4)').count();
    assert.equal(shown, kinds.size, 'each kind of offer once');
    assert.ok((await page.textContent('.panel')).includes('alike on offer'), 'the count of alike offers is said');
    // the log: a heading per round, a filter by company
    const lv = await gameView(page);
    await page.selectOption('#log-filter', 'GNR');
    const shownLines = await page.$$eval('#log > li:not([hidden])', (lis) => lis.map((li) => [li.classList.contains('round-line'), li.textContent]));
    const word = /(^|[^A-Za-z0-9&])GNR($|[^A-Za-z0-9&])/;
    const heads = lv.log.filter((l) => /^--.*--$/.test(l.trim()));
    assert.deepEqual(shownLines.filter(([r]) => !r).map(([, t]) => t), lv.log.filter((l) => !/^--.*--$/.test(l.trim()) && word.test(l)), 'the lines naming GNR, and only those');
    assert.equal(shownLines.filter(([r]) => r).length, heads.length, 'every round heading stays');
    await page.selectOption('#log-filter', '');
    assert.equal(await page.locator('#log > li:not([hidden])').count(), lv.log.length, 'every line again');
    // the stock round: each company's buy and sell choices on its card, and one plays
    await openFile(page, fixturePath('1825', '141331'), 290);
    const vs = await gameView(page);
    const listed = Object.values(vs.legal).flat().filter((c) => (c.action.type === 'buy_shares' || c.action.type === 'sell_shares') && c.action.entity_type === 'player');
    assert.ok(listed.length > 0, 'the stock round lists trades');
    const bySym = {};
    for (const c of listed) { const sym = c.action.shares[0].replace(/_\d+$/, ''); bySym[sym] = (bySym[sym] || 0) + 1; }
    for (const c of vs.state.corporations.filter(started)) {
      assert.equal(await page.locator(`#corp-cards [data-corp="${c.sym}"] .card-choice`).count(), bySym[c.sym] || 0, `${c.sym}: its choices on its card`);
    }
    const buy = listed.find((c) => c.action.type === 'buy_shares' && vs.state.corporations.some((x) => started(x) && x.sym === c.action.shares[0].replace(/_\d+$/, '')));
    const sym = buy.action.shares[0].replace(/_\d+$/, '');
    const pid = String(buy.action.entity);
    const had = vs.state.corporations.find((x) => x.sym === sym).shares_by_owner[pid] || 0;
    await shot(page, `1825-stock-card-choices-${size.name}`);
    await page.locator(`#corp-cards [data-corp="${sym}"] .card-choice.buy_shares`).first().click();
    const after = await untilServer(page, (x) => x.actions > vs.actions);
    const pct = (after.state.corporations.find((x) => x.sym === sym).shares_by_owner[pid] || 0);
    assert.ok(pct > had, `${sym}: the card's button bought a share (${had}% → ${pct}%)`);
    // starting a company: the par chart lists the engine's par prices and who may start at each
    await openFile(page, fixturePath('1860', '19354'), 151);
    await page.waitForSelector('#par-chart');
    const v0 = await gameView(page);
    const pars = Object.values(v0.legal).flat().filter((c) => c.action.type === 'par');
    const byPrice = {};
    for (const c of pars) (byPrice[Number(c.action.share_price.split(',')[0])] ||= new Set()).add(c.action.corporation);
    const rows = await page.$$eval('#par-chart tbody tr', (trs) => trs.map((tr) => [Number(tr.dataset.par), [...tr.querySelectorAll('td:last-child .corp-chip')].map((x) => x.dataset.sym).sort()]));
    assert.deepEqual(rows, Object.entries(byPrice).map(([p, set]) => [Number(p), [...set].sort()]).sort((a, b) => a[0] - b[0]), 'the par chart is the engine\'s list');
    await shot(page, `1860-par-chart-${size.name}`);
    // 1860's auction: the high bid and each bidder's cash
    await openFile(page, fixturePath('1860', '19354'), 20);
    const va = await gameView(page);
    const high = await page.textContent('#auction-high');
    for (const p of va.state.players) assert.ok(high.includes(`${p.name} (£${p.cash} in hand)`), `${p.name}'s cash in the auction (${high})`);
    await ctx.close();
  }
});
