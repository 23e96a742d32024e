// Browser tests of the tile manifest, the rules help page with the links
// from refusals, and the turn notification settings (issue 16), on both
// titles, at desktop and phone sizes. Positions come from 18xx.games
// exports cut at an action; every check is on what the page shows, against
// what the server's engine lists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { env, serve, newPage, signUp, openAt, gameView, shot, fixtureUpload } from './harness.js';

serve();

const VIEWPORTS = [{ width: 1400, height: 1000 }, { width: 390, height: 844 }];

async function context(vp) {
  const phone = vp.width < 500;
  return env.browser.newContext({ viewport: vp, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
}

// noOverflow checks that the page does not scroll sideways.
async function noOverflow(page, what) {
  const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(sw <= cw + 1, `${what}: the page is ${sw}px wide in a ${cw}px window`);
}

test('tile manifest: every tile with copies left, laid and upgrades; the hexes a tile may go on now are the engine\'s legal lays', { timeout: 300000 }, async () => {
  for (const [title, file, n] of [['1860', '19354.json', 64], ['1825', '1825_game_end_bank.json', 48]]) {
    for (const vp of VIEWPORTS) {
      const ctx = await context(vp);
      const page = await newPage(ctx);
      await signUp(page, `man${title}${vp.width}`);
      const id = await openAt(page, title, file, n);
      const data = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}/tiles`)).json(), id);
      await page.click('#tile-manifest > summary');
      await page.waitForSelector('#tile-manifest .manifest-pick');
      // Every tile of the title, each with its count and drawing.
      const shown = await page.$$eval('#tile-manifest .manifest-list .manifest-pick', (bs) => bs.map((b) => ({ tile: b.dataset.tile, left: b.querySelector('.tile-left').textContent, track: b.querySelectorAll('.hex-shape').length })));
      assert.deepEqual(shown.map((s) => s.tile).sort(), data.tiles.map((t) => t.name).sort(), `${title}: every tile, once`);
      for (const t of data.tiles) {
        const s = shown.find((x) => x.tile === t.name);
        assert.equal(s.left, `${t.left} of ${t.count} left`);
        assert.equal(s.track, 1, `${title}: tile ${t.name} is drawn`);
      }
      // grouped by colour, yellow first
      const colours = await page.$$eval('#tile-manifest .manifest-group', (gs) => gs.map((g) => g.dataset.colour));
      assert.equal(colours[0], 'yellow');
      assert.ok(data.tiles.some((t) => t.laid.length), `${title}: some tiles are laid by action ${n}`);
      // The engine's legal lays, from the game view of the player to act.
      const v = await gameView(page);
      const legal = {};
      for (const [ent, cs] of Object.entries(v.legal)) {
        for (const c of cs) {
          if (c.action.type !== 'lay_tile') continue;
          const name = c.action.tile.replace(/-\d+$/, '');
          ((legal[name] ||= {})[ent] ||= new Set()).add(c.action.hex);
        }
      }
      const layable = Object.keys(legal);
      assert.ok(layable.length > 0, `${title}: a tile may be laid at action ${n}`);
      assert.deepEqual((await page.$$eval('#tile-manifest .manifest-pick.layable', (bs) => bs.map((b) => b.dataset.tile))).sort(), [...layable].sort(),
        `${title}: the tiles marked layable are the ones the engine lists`);
      // Pick the layable tile with most hexes: its hexes are listed and marked on the map.
      const name = layable.sort((a, b) => Object.values(legal[b])[0].size - Object.values(legal[a])[0].size)[0];
      await page.click(`#tile-manifest .manifest-list .manifest-pick[data-tile="${name}"]`);
      await page.waitForSelector(`#manifest-selected[data-tile="${name}"]`);
      for (const [ent, hexes] of Object.entries(legal[name])) {
        const listed = await page.$$eval(`#manifest-lays li[data-entity="${ent}"] .hex-pick`, (bs) => bs.map((b) => b.dataset.hex));
        assert.deepEqual(listed.sort(), [...hexes].sort(), `${title}: tile ${name} for ${ent} may go on exactly the engine's hexes`);
      }
      const marked = await page.$$eval('svg.map .hex.may-go', (gs) => gs.map((g) => g.dataset.hex));
      assert.deepEqual(marked.sort(), [...new Set(Object.values(legal[name]).flatMap((s) => [...s]))].sort(), `${title}: the map marks those hexes`);
      const t = data.tiles.find((x) => x.name === name);
      assert.equal(await page.textContent('#manifest-left'), `${t.left === 0 ? `all ${t.count} laid` : `${t.left} of ${t.count} left`}.`);
      assert.deepEqual(await page.$$eval('#manifest-upgrades .tile-link', (bs) => bs.map((b) => b.dataset.tile)), t.upgrades);
      // The labels are sentences, not ids.
      const lays = await page.textContent('#manifest-lays');
      assert.match(lays, /may lay it on/);
      await shot(page, `manifest-${title}-${vp.width}`, { fullPage: false });
      if (process.env.SHOTS) await page.locator('#tile-manifest').screenshot({ path: `${process.env.SHOTS}/manifest-card-${title}-${vp.width}.png` });
      // A hex of the list shows it on the map, with the marks.
      await page.click('#manifest-lays .hex-pick');
      await page.waitForTimeout(400);
      await shot(page, `manifest-map-${title}-${vp.width}`);
      // An upgrade link selects that tile.
      if (t.upgrades.length) {
        await page.click(`#manifest-upgrades .tile-link[data-tile="${t.upgrades[0]}"]`);
        await page.waitForSelector(`#manifest-selected[data-tile="${t.upgrades[0]}"]`);
        assert.ok((await page.$$eval('#manifest-replaces .tile-link', (bs) => bs.map((b) => b.dataset.tile))).includes(name), 'and that tile says it may replace the first');
      }
      // A laid tile names its hexes.
      const laid = data.tiles.find((x) => x.laid.length);
      await page.click(`#tile-manifest .manifest-list .manifest-pick[data-tile="${laid.name}"]`);
      await page.waitForSelector(`#manifest-selected[data-tile="${laid.name}"]`);
      assert.deepEqual(await page.$$eval('#manifest-laid .hex-pick', (bs) => bs.map((b) => b.dataset.hex)), laid.laid);
      await noOverflow(page, `${title} manifest ${vp.width}`);
      // How the game ends, with where it stands now.
      const ends = await page.$$eval('#end-conditions li', (ls) => ls.map((l) => [l.dataset.condition, l.textContent]));
      assert.deepEqual(ends.map((e) => e[0]).sort(), (title === '1860' ? ['bank', 'market', 'nationalisation'] : ['bank', 'market']));
      assert.ok(ends.find((e) => e[0] === 'bank')[1].includes(`The bank holds £${v.state.bank_cash}.`), `${title}: the bank's cash now`);
      await ctx.close();
    }
  }
});

test('rules help: both titles, every section cites the rulebook and has an anchor; refusals link to their section', { timeout: 300000 }, async () => {
  const ctx = await context(VIEWPORTS[0]);
  const page = await newPage(ctx);
  for (const title of ['1860', '1825']) {
    await page.goto(`${env.base}/?help=${title}#running`);
    await page.waitForSelector('#help section');
    const secs = await page.$$eval('#help section', (ss) => ss.map((s) => ({ id: s.id, cite: s.querySelector('.cite').textContent, text: s.textContent.length })));
    assert.ok(secs.length >= 15, `${title}: ${secs.length} sections`);
    for (const s of secs) {
      assert.match(s.id, /^[a-z-]+$/);
      assert.match(s.cite, /^Rulebook: .+\.$/);
      assert.ok(s.text > 120, `${title} ${s.id} says something`);
    }
    if (title === '1825') assert.ok(secs.every((s) => /\d/.test(s.cite)), '1825 sections cite rule numbers');
    assert.deepEqual(await page.$$eval('#help nav a', (as) => as.map((a) => a.getAttribute('href').slice(1))), secs.map((s) => s.id));
    // The anchor scrolled the page to its section.
    const top = await page.$eval('#running', (s) => s.getBoundingClientRect().top);
    assert.ok(top >= -2 && top < 200, `${title}: #running is at the top (${top})`);
    for (const vp of VIEWPORTS) {
      await page.setViewportSize(vp);
      await shot(page, `help-${title}-${vp.width}`);
      await noOverflow(page, `help ${title} ${vp.width}`);
    }
    await page.setViewportSize(VIEWPORTS[0]);
    // Every section a refusal may link to exists, and real engine refusals
    // (as the server words them) land on the section that explains them.
    const res = await page.evaluate(async (t) => {
      const { ruleSection } = await import('/rulehelp.js');
      const { RULES } = await import('/rules.js');
      const ids = new Set(RULES[t].sections.map((s) => s.id));
      const cases = {
        1860: [
          ['illegal action: the two tiles of a turn may not be laid in adjacent hexes (rule 4.2)', 'lay_tile', 'laying'],
          ['illegal action: IOW is at its train limit of 4', 'buy_train', 'trains'],
          ['illegal action: P1 is over the certificate limit and must sell first', 'buy_shares', 'cert-limit'],
          ['illegal run: route 1 (2+1-0): train 2+1-0 runs twice', 'run_routes', 'running'],
          ['illegal action: must bid at least £45', 'bid', 'auction'],
          ['illegal action: FYN is insolvent and may not pay £60 for track (Insolvency)', 'lay_tile', 'insolvency'],
          ['illegal action: tile 12 may not replace 57 here', 'lay_tile', 'upgrading'],
          ['illegal action: IOW cannot afford a £40 token', 'place_token', 'bases'],
          ['illegal action: dividend kind "half": want payout or withhold', 'dividend', 'dividends'],
          ['illegal action: it is Ann\'s turn, not Bob\'s', 'pass', 'overview'],
        ],
        1825: [
          ['illegal action: the two tiles of a turn may not be laid in adjacent hexes (rule 4.2)', 'lay_tile', 'laying'],
          ['illegal action: a promotion must be the only tile laid in a turn (rule 4.3)', 'lay_tile', 'promotion'],
          ['illegal action: LNWR cannot place a base now (rule 4.4)', 'place_token', 'bases'],
          ['illegal action: GWR is at its train limit (rules 4.6.2, 4.6.4)', 'buy_train', 'trains'],
          ['illegal action: buy exactly one certificate (rule 5.2.1)', 'buy_shares', 'buying'],
          ['illegal action: only a company in receivership may lease one train (rule 6.4.3)', 'buy_train', 'receivership'],
          ['illegal action: GWR\'s Surveyor on K9 must move (rule 6.6.5)', 'pass', 'surveyors'],
          ['illegal run: route 1 (3-0): stated revenue 90 but the route is worth 80', 'run_routes', 'running'],
          ['illegal action: certificate limit reached', 'buy_shares', 'cert-limit'],
          ['illegal action: the game is over', 'pass', 'sequence'],
        ],
      }[t];
      return { cases: cases.map(([m, ty, want]) => [m, want, ruleSection(t, m, ty)]), missing: cases.filter(([, , w]) => !ids.has(w)).map((c) => c[2]) };
    }, title);
    assert.deepEqual(res.missing, []);
    for (const [m, want, got] of res.cases) assert.equal(got, want, `${title}: “${m}”`);
  }
  await ctx.close();
  // A refusal shown in the game page links to its section: a broken hand-drawn run.
  for (const [title, file, n] of [['1860', '19354.json', 68], ['1825', '1825_game_end_bank.json', 45]]) {
    for (const vp of VIEWPORTS) {
      const c2 = await context(vp);
      const p = await newPage(c2);
      await signUp(p, `ref${title}${vp.width}`);
      await openAt(p, title, file, n);
      await p.waitForSelector('#edit-routes', { timeout: 60000 });
      await p.click('#edit-routes');
      // Clear every train, then run one from a stop away from the
      // company's stations: refused in words, with the rules link.
      const trains = await p.$$eval('button.train-pick', (bs) => bs.map((b) => b.dataset.train));
      for (const t of trains) {
        await p.click(`button.train-pick[data-train="${t}"]`);
        if (!(await p.isDisabled('#edit-clear'))) await p.click('#edit-clear');
      }
      await p.click(`button.train-pick[data-train="${trains[0]}"]`);
      const v = await gameView(p);
      const ent = Object.keys(v.legal).find((e) => v.legal[e].some((c) => c.action.type === 'run_routes'));
      const nw = (await p.evaluate(async ([gid, e]) => (await fetch(`/api/games/${gid}/routes?entity=${encodeURIComponent(e)}`)).json(), [v.id, ent])).network;
      const click = (n) => p.$eval(`svg.map .stop-target[data-node="${n}"]`, (c) => c.dispatchEvent(new MouseEvent('click', { bubbles: true })));
      const seg = nw.segments.find((s) => nw.reach.includes(s.a) && nw.reach.includes(s.b) && !nw.tokens.includes(s.a) && !nw.tokens.includes(s.b));
      if (seg) {
        for (const n of [seg.a, seg.b]) await click(n);
        await p.waitForSelector('#route-check-error .rule-link');
        assert.match(await p.textContent('#route-check-error'), new RegExp(`route does not reach a ${ent} station\\.`));
      } else {
        // every piece of track touches a station: a route of two pieces
        // from one, more stops than the train counts, is refused
        const nb = (x) => nw.segments.flatMap((s) => (s.a === x ? [s.b] : s.b === x ? [s.a] : []));
        const tries = nw.tokens.flatMap((a) => [...nb(a).flatMap((b) => nb(b).filter((c) => c !== a).map((c) => [a, b, c])),
          ...nb(a).flatMap((b) => nb(a).filter((c) => c !== b).map((c) => [b, a, c]))]);
        for (const route of tries) {
          for (const n of route) await click(n);
          await p.waitForSelector('#route-revenue.ok, #route-check-error');
          if (await p.$('#route-check-error')) break;
          await p.click('#edit-clear');
        }
        await p.waitForSelector('#route-check-error .rule-link', { timeout: 5000 });
      }
      assert.doesNotMatch(await p.textContent('#route-check-error'), /illegal run|\b[A-Z]\d+-\d\b|\d-\d\)/);
      const href = await p.getAttribute('#route-check-error .rule-link', 'href');
      assert.equal(href, `/?help=${title}#running`);
      assert.match(await p.textContent('#route-check-error .rule-link'), /^Why\? See the rules: Running trains$/);
      await p.locator('#route-check-error').scrollIntoViewIfNeeded();
      await shot(p, `refusal-${title}-${vp.width}`);
      await c2.close();
    }
  }
});

test('settings: the turn webhook is set, refused with the reason, and removed; browser notifications explained', { timeout: 120000 }, async () => {
  for (const vp of VIEWPORTS) {
    const ctx = await context(vp);
    const page = await newPage(ctx);
    await signUp(page, `set${vp.width}`);
    await page.click('#settings-link');
    await page.waitForSelector('#webhook-url');
    assert.match(await page.textContent('#webhook-current'), /No address is set/);
    assert.ok(await page.isHidden('#webhook-clear'));
    // A private address is refused, with the server's reason, and nothing is saved.
    await page.fill('#webhook-url', 'http://127.0.0.1:9/hook');
    await page.click('#webhook-save');
    await page.waitForSelector('#webhook-msg.error');
    assert.match(await page.textContent('#webhook-msg'), /^Not saved: .*127\.0\.0\.1.*loopback/);
    assert.equal((await page.evaluate(async () => (await fetch('/api/me')).json())).webhook_url || '', '');
    // (the browser logs the refused request: expected here, and only it)
    const logged = env.consoleErrors.filter((e) => /\?settings: Failed to load resource: .* 400/.test(e));
    assert.equal(logged.length, 1, 'the refusal is the one failed request');
    env.consoleErrors.splice(env.consoleErrors.indexOf(logged[0]), 1);
    await shot(page, `settings-refused-${vp.width}`);
    // A public address is kept, and survives a reload.
    const url = 'https://93.184.215.14/tresham-hook';
    await page.fill('#webhook-url', url);
    await page.click('#webhook-save');
    await page.waitForSelector('#webhook-msg.ok');
    assert.equal((await page.evaluate(async () => (await fetch('/api/me')).json())).webhook_url, url);
    await page.reload();
    await page.waitForSelector('#webhook-url');
    assert.equal(await page.inputValue('#webhook-url'), url);
    assert.match(await page.textContent('#webhook-current'), new RegExp(`We call ${url.replace(/\./g, '\\.')} when it becomes your turn`));
    await shot(page, `settings-${vp.width}`);
    await noOverflow(page, `settings ${vp.width}`);
    // Removed.
    await page.click('#webhook-clear');
    await page.waitForSelector('#webhook-msg.ok');
    assert.match(await page.textContent('#webhook-current'), /No address is set/);
    assert.equal((await page.evaluate(async () => (await fetch('/api/me')).json())).webhook_url || '', '');
    assert.match(await page.textContent('#browser-notify-state'), /notif/);
    await ctx.close();
  }
  // Signed out: asked to sign in.
  const ctx = await context(VIEWPORTS[1]);
  const page = await newPage(ctx);
  await page.goto(`${env.base}/?settings`);
  await page.waitForSelector('.settings');
  assert.match(await page.textContent('.settings'), /Sign in to choose how you hear that it is your turn/);
  await ctx.close();
});

test('game end: why it ended, scores split into cash and holdings, the final map and market, and the charts', { timeout: 300000 }, async () => {
  for (const [title, file, reason] of [['1860', '19354.json', /./], ['1825', '1825_game_end_bank.json', /The bank broke\./]]) {
    for (const vp of VIEWPORTS) {
      const ctx = await context(vp);
      const page = await newPage(ctx);
      await signUp(page, `end${title}${vp.width}`);
      await page.setInputFiles('#import-file', fixtureUpload(`${title}/${file}`));
      await Promise.all([page.waitForURL(/\?game=/), page.click('#import')]);
      await page.waitForSelector('#final-scores');
      const v = await gameView(page);
      assert.match(await page.textContent('#end-reason'), reason);
      assert.doesNotMatch(await page.textContent('#end-reason'), /_/, 'the reason is a sentence');
      // each score is cash plus holdings
      const rows = await page.$$eval('#final-scores tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      assert.equal(rows.length, v.state.players.length);
      for (const r of rows) {
        const [cash, hold, score] = r.slice(2, 5).map((x) => Number(x.replace(/[£,]/g, '')));
        assert.equal(cash + hold, score, `${title}: ${r.join(' | ')}`);
      }
      assert.ok(await page.$('svg.map .hex'), 'the final map');
      assert.ok(await page.$('#market-chart'), 'the final market');
      await page.waitForFunction(() => document.querySelectorAll('#end-charts svg.chart').length === 4, null, { timeout: 60000 });
      assert.ok((await page.locator('#end-charts svg.chart .marker').count()) > 10, 'points on the charts');
      // the last chart adds up the revenue each company left on the table: its
      // last point is the analysis' total for the company
      const rep = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}/analysis`)).json(), v.id);
      const notes = await page.$$eval('#end-charts svg.chart', (cs) => [...cs[3].querySelectorAll('.marker title')].map((t) => t.textContent));
      for (const [c, n] of Object.entries(rep.left_by_company)) {
        const mine = notes.filter((x) => x.startsWith(`${c} in `));
        assert.ok(mine.length && mine[mine.length - 1].endsWith(`£${n} left so far`), `${title} ${c}: ${mine[mine.length - 1]} (total ${n})`);
      }
      assert.equal(await page.$('#end-conditions'), null, 'no end conditions once it has ended');
      await page.locator('#final-scores').scrollIntoViewIfNeeded();
      await shot(page, `end-${title}-${vp.width}`);
      await noOverflow(page, `${title} end ${vp.width}`);
      await ctx.close();
    }
  }
});

test('no console errors', () => {
  assert.deepEqual(env.consoleErrors, []);
});
