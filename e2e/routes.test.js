// Browser tests of running trains (issue 15): a run drawn by hand stop by
// stop along the track with only reachable stops offered, refusals as
// sentences from the engine's reason, runs kept on the map through the
// dividend and in history, what a move changed highlighted, pinch zoom on a
// phone. Both titles, desktop and phone; positions are 18xx.games exports
// cut at an action, and every check is against what the server's engine
// answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { env, serve, newPage, signUp, openAt, shot, readFixture, scrollTo } from './harness.js';

serve();

const VIEWPORTS = [{ width: 1400, height: 1000 }, { width: 390, height: 844 }];
// Positions at a company's run: the run_routes action is the next one.
const RUNS = [['1860', '19354.json', 68, 'C&N'], ['1825', '1825_game_end_bank.json', 45, 'LNWR']];
// Raw ids a player must never read: stops ("F2-0"), train ids ("2+1-0").
const RAW = /\b[A-Z]{1,2}\d{1,2}-\d\b|\b\d(\+\d)?-\d\b|illegal run|chain|\[/;

async function context(vp) {
  const phone = vp.width < 500;
  return env.browser.newContext({ viewport: vp, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
}

// docShot saves a picture of one element for docs/screenshots (under $SHOTS, named doc-*).
async function docShot(p, name, sel) {
  if (process.env.SHOTS) await p.locator(sel).first().screenshot({ path: join(process.env.SHOTS, `doc-${name}.png`) });
}

const targets = (p) => p.$$eval('svg.map .stop-target', (cs) => cs.map((c) => c.dataset.node).sort());
const clickStop = (p, n) => p.$eval(`svg.map .stop-target[data-node="${n}"]`, (c) => c.dispatchEvent(new MouseEvent('click', { bubbles: true })));

test('a run drawn by hand: reachable stops only, along the track, revenue as it is built, refusals in words', { timeout: 300000 }, async () => {
  for (const [title, file, n, corp] of RUNS) {
    for (const vp of VIEWPORTS) {
      const ctx = await context(vp);
      const p = await newPage(ctx);
      await signUp(p, `rt${title}${vp.width}`);
      const id = await openAt(p, title, file, n);
      await p.waitForSelector('#edit-routes', { timeout: 60000 });
      const best = await p.evaluate(async ([gid, e]) => (await fetch(`/api/games/${gid}/routes?entity=${encodeURIComponent(e)}`)).json(), [id, corp]);
      const nw = best.network;
      // The best run: each route a sentence, drawn along the track paths.
      const lines = await p.$$eval('#auto-list li', (ls) => ls.map((l) => l.textContent.trim()));
      assert.equal(lines.length, best.routes.length);
      for (const l of lines) {
        assert.match(l, /^The \d(\+\d)? train( \((first|second|third)\))? runs .+ for £\d+\.$/, l);
        assert.doesNotMatch(l, RAW, l);
      }
      // no value left unworded in the panel (the DOM's own append writes null as text)
      assert.doesNotMatch(await p.textContent('.group.routes'), /null|undefined|NaN/);
      const drawn = await p.$$eval('svg.map .routes path.route', (ps) => ps.map((x) => `${x.dataset.hex} ${x.getAttribute('d')}`));
      const want = best.paths.flat().length;
      assert.equal(drawn.length, want, `${title}: one stroke per track path of the run`);
      for (const st of best.paths.flat()) {
        const d = await p.getAttribute(`svg.map .hex[data-hex="${st.hex}"] path.track[data-path="${st.path}"]`, 'd');
        assert.ok(drawn.includes(`${st.hex} ${d}`), `${title}: the run follows track ${st.hex}/${st.path}`);
      }
      await shot(p, `routes-best-${title}-${vp.width}`);
      // Editing starts from the best run, already checked.
      await p.click('#edit-routes');
      await p.waitForSelector('#route-revenue.ok');
      assert.equal(await p.textContent('#route-revenue'), `This run earns £${best.revenue}` + (best.total ? ` and a subsidy of £${best.subsidy}` : '') + '.');
      // Clear every train; the first stop may be any stop the company reaches.
      for (const t of best.trains) {
        await p.click(`button.train-pick[data-train="${t}"]`);
        const clear = await p.textContent('#edit-clear');
        assert.match(clear, /^Clear the \d(\+\d)? train( \((first|second)\))?'s route$/, clear);
        if (!(await p.isDisabled('#edit-clear'))) await p.click('#edit-clear');
      }
      // a train with no stop yet is said so in words (issue 40 point 7: it read "The 2+1 train not running")
      for (const l of await p.$$eval('#edit-list li', (ls) => ls.map((x) => x.textContent.trim()))) {
        assert.match(l, /^The \d(\+\d)? train( \((first|second|third)\))? does not run yet\.$/, l);
      }
      await p.click(`button.train-pick[data-train="${best.trains[0]}"]`);
      assert.deepEqual(await targets(p), [...nw.reach].sort(), `${title}: the first stop is any stop ${corp} reaches`);
      // A piece of track touching none of its stations: refused in words.
      const away = nw.segments.find((s) => nw.reach.includes(s.a) && nw.reach.includes(s.b) && !nw.tokens.includes(s.a) && !nw.tokens.includes(s.b));
      if (away) {
        await clickStop(p, away.a);
        // next: only the stops one piece of track on, and the stop itself
        const next = nw.segments.filter((s) => s.a === away.a || s.b === away.a).map((s) => (s.a === away.a ? s.b : s.a));
        assert.deepEqual(await targets(p), [...new Set([away.a, ...next])].sort(), `${title}: after ${away.a} only its neighbours`);
        await clickStop(p, away.b);
        await p.waitForSelector('#route-check-error[data-reason="no_token"]');
        const err = await p.textContent('#route-check-error');
        assert.match(err, new RegExp(`^The \\d(\\+\\d)? train( \\((first|second)\\))?'s route does not reach a ${corp} station\\. Why\\? See the rules: Running trains$`), err);
        assert.equal(await p.getAttribute('#route-check-error .rule-link', 'href'), `/?help=${title}#running`);
        assert.ok(await p.isDisabled('#run-routes'));
        // on a phone the answer is also over the foot of the map, in sight
        if (vp.width < 500) {
          assert.ok(await p.isVisible('#map-status'));
          assert.ok(err.startsWith(await p.textContent('#map-status')));
          await p.locator('.map-wrap').scrollIntoViewIfNeeded();
        } else assert.ok(!(await p.isVisible('#map-status')));
        await shot(p, `routes-refused-${title}-${vp.width}`);
        if (vp.width > 500) await docShot(p, `routes-refused-${title}-desktop`, '.game-main');
        await p.click('#edit-clear');
      }
      // The best run, stop by stop: each stop is offered, the engine's
      // answer is shown as the run grows, and the whole run earns what the
      // solver found.
      for (const [ri, r] of best.routes.entries()) {
        await p.click(`button.train-pick[data-train="${r.train}"]`);
        for (const [i, node] of r.nodes.entries()) {
          assert.ok((await targets(p)).includes(node), `${title}: stop ${node} is offered`);
          await clickStop(p, node);
          await p.waitForFunction(([t, k]) => document.querySelector(`#edit-list li[data-train="${t}"]`)?.dataset.steps === String(k), [r.train, i + 1]);
          if (i > 0 || ri > 0) await p.waitForSelector('#route-revenue.ok, #route-check-error');
        }
        assert.match(await p.textContent(`#edit-list li[data-train="${r.train}"]`), /^ The \d(\+\d)? train( \((first|second)\))? runs .+\.$/);
        assert.equal(await p.$$eval(`svg.map .routes path.route[data-train="${r.train}"]`, (x) => x.length), best.paths[ri].length, `${title}: the drawn route follows its track`);
      }
      await p.waitForSelector('#route-revenue.ok');
      assert.equal(await p.textContent('#route-revenue'), `This run earns £${best.revenue}` + (best.total ? ` and a subsidy of £${best.subsidy}` : '') + '.');
      if (vp.width < 500) assert.equal(await p.textContent('#map-status'), await p.textContent('#route-revenue'));
      assert.doesNotMatch(await p.textContent('#edit-list'), RAW);
      const r0 = best.routes[best.routes.length - 1];
      // Click the last stop again: it is taken back.
      await clickStop(p, r0.nodes[r0.nodes.length - 1]);
      await p.waitForFunction(([t, k]) => document.querySelector(`#edit-list li[data-train="${t}"]`)?.dataset.steps === String(k), [r0.train, r0.nodes.length - 1]);
      await clickStop(p, r0.nodes[r0.nodes.length - 1]);
      await p.waitForSelector('#route-revenue.ok', { timeout: 5000 }).catch(async (e) => { console.log('PANEL', await p.textContent('.group.routes')); throw e; });
      await shot(p, `routes-hand-${title}-${vp.width}`);
      if (vp.width > 500) await docShot(p, `routes-hand-${title}-desktop`, '.game-main');
      assert.deepEqual(env.consoleErrors, []);
      await ctx.close();
    }
  }
});

test('a run stays on the map through the dividend and in history, as sentences; a move\'s changes are highlighted', { timeout: 300000 }, async () => {
  for (const [title, file, n, corp] of RUNS) {
    const src = JSON.parse(readFixture(`${title}/${file}`));
    for (const vp of VIEWPORTS) {
      const ctx = await context(vp);
      const p = await newPage(ctx);
      await signUp(p, `kp${title}${vp.width}`);
      const id = await openAt(p, title, file, n);
      await p.waitForSelector('#run-routes', { timeout: 60000 });
      const best = await p.evaluate(async ([gid, e]) => (await fetch(`/api/games/${gid}/routes?entity=${encodeURIComponent(e)}`)).json(), [id, corp]);
      assert.equal(await p.$('#kept-run'), null, 'no run kept before the run');
      await p.click('#run-routes');
      // The dividend step: the run is on the map, along the track.
      await p.waitForSelector('button.choice.dividend', { timeout: 60000 });
      await p.waitForSelector('#kept-run');
      const text = await p.textContent('#kept-run');
      // each train, its stops and revenue; the whole run's where there are several
      const m = new RegExp(`^${corp}'s last run: ( ?;? ?\\d(\\+\\d)?: .+ for £(\\d+))+(; £(\\d+) in all)?\\.$`).exec(text);
      assert.ok(m, text);
      assert.equal(Number(m[5] || m[3]), best.revenue, `the run's revenue (${text})`);
      assert.doesNotMatch(text, RAW);
      assert.equal(await p.$$eval('svg.map .kept-runs path.route', (x) => x.length), best.paths.flat().length);
      await shot(p, `routes-kept-dividend-${title}-${vp.width}`);
      if (vp.width < 500) await docShot(p, `routes-kept-${title}-phone`, '.map-wrap');
      // The dividend: the price move is named and its marker marked; the
      // run stays on the map while the company buys trains.
      const price = async () => (await p.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id)).state.corporations.find((c) => c.sym === corp).share_price;
      const before = await price();
      await p.locator('button.choice.dividend').first().click();
      await p.waitForFunction((k) => !document.querySelector('button.choice.dividend') && document.querySelector('#history-pos'), null);
      const after = await price();
      if (after !== before) {
        await p.waitForSelector('#price-moves');
        assert.match(await p.textContent('#price-moves'), new RegExp(`${corp} £${before} → £${after}`));
        assert.ok(await p.$(`#market-chart .marker.moved[data-corp="${corp}"]`));
        await scrollTo(p, '#price-moves');
        await shot(p, `price-moved-${title}-${vp.width}`);
        await docShot(p, `price-moved-${title}-${vp.width < 500 ? 'phone' : 'desktop'}`, '.market-card');
      }
      const v2 = await p.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
      if (v2.acting.includes(corp)) await p.waitForSelector('#kept-run');
      // In history: shown at the position after the run, not before it.
      const run = await p.evaluate(async (gid) => (await fetch(`/api/games/${gid}/map`)).json(), id);
      assert.equal(run.run.entity, corp);
      const total = n + 1;
      await p.goto(`${env.base}/?game=${id}&action=${total}`);
      await p.waitForSelector('#kept-run');
      assert.equal(await p.$$eval('svg.map .kept-runs path.route', (x) => x.length), best.paths.flat().length);
      await p.goto(`${env.base}/?game=${id}&action=${n}`);
      await p.waitForSelector('#history-pos');
      await p.waitForSelector('svg.map');
      assert.equal(await p.$('#kept-run'), null, 'not kept before the run');
      // The move viewed is highlighted: the last tile laid before n.
      let k = n - 1;
      while (k >= 0 && src.actions[k].type !== 'lay_tile' && src.actions[k].type !== 'place_token') k--;
      const a = src.actions[k];
      await p.goto(`${env.base}/?game=${id}&action=${k + 1}`);
      if (a.type === 'lay_tile') await p.waitForSelector(`svg.map .hex.changed[data-hex="${a.hex}"]`);
      else await p.waitForSelector(`svg.map .city.changed[data-city="${a.city}"]`);
      assert.equal(await p.$$eval('svg.map .hex.changed, svg.map .city.changed', (x) => x.length), 1);
      await shot(p, `routes-changed-${title}-${vp.width}`);
      if (vp.width > 500) await docShot(p, `changed-${title}-desktop`, '.map-wrap');
      assert.deepEqual(env.consoleErrors, []);
      await ctx.close();
    }
  }
});

test('fork from here: a history position becomes a new hotseat game in this browser; the game itself is unchanged', { timeout: 300000 }, async () => {
  for (const [title, file, n] of RUNS) {
    for (const vp of VIEWPORTS) {
      const ctx = await context(vp);
      const p = await newPage(ctx);
      await signUp(p, `fk${title}${vp.width}`);
      const id = await openAt(p, title, file, n);
      const at = n - 3;
      await p.goto(`${env.base}/?game=${id}&action=${at}`);
      await p.waitForSelector('#fork-here');
      const want = await p.evaluate(async ([gid, k]) => (await fetch(`/api/games/${gid}?action=${k}`)).json(), [id, at]);
      await p.click('#fork-here');
      await p.waitForURL(/\?local=local-/);
      await p.waitForSelector('#turn.yours');
      assert.match(await p.textContent('.game-head h1'), new RegExp(`^${title} · hotseat in this browser, forked from game ${id} at action ${at}$`));
      // the fork is the game at that position: same state, its legal moves
      const st = await p.evaluate(async () => {
        const { localGames } = await import('/localstore.js');
        const key = new URLSearchParams(location.search).get('local');
        const rec = await localGames.get(key);
        return { actions: JSON.parse(rec.export).actions.length, forked: rec.forked };
      });
      assert.equal(st.actions, at);
      assert.deepEqual(st.forked, { from: `game ${id}`, at });
      assert.match(await p.textContent('#turn'), new RegExp(want.acting.length ? '^Your turn' : '.'));
      await shot(p, `fork-${title}-${vp.width}`);
      if (vp.width < 500) await docShot(p, `fork-${title}-phone`, '.game-head');
      const live = await p.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
      assert.equal(live.actions, n, 'the game forked from is unchanged');
      assert.deepEqual(env.consoleErrors, []);
      await ctx.close();
    }
  }
});

test('the 1825 share price index is drawn in the printed rows (rule 6.3), every marker inside the card', { timeout: 300000 }, async () => {
  for (const vp of VIEWPORTS) {
    const ctx = await context(vp);
    const p = await newPage(ctx);
    await signUp(p, `mk${vp.width}`);
    const id = await openAt(p, '1825', '1825_game_end_bank.json', 45);
    await p.waitForSelector('#market-chart.market-printed');
    const map = await p.evaluate(async (gid) => (await fetch(`/api/games/${gid}/map`)).json(), id);
    const band = map.rules.market_grid.rows[0].filter(Boolean).map((c) => c.price);
    const rows = await p.$$eval('#market-chart .market-row', (os) => os.map((o) => [...o.querySelectorAll('.cell')].map((c) => Number(c.dataset.price))));
    // the band in order, broken after £61 and £142 (and £340 when the index goes on)
    assert.deepEqual(rows.flat(), band);
    assert.deepEqual(rows.map((r) => r[r.length - 1]).slice(0, 2), [61, 142]);
    assert.equal(rows[1][0], 67);
    assert.equal(rows[2][0], 160);
    // each row starts at the left edge: a grid, not a wrapped line
    const lefts = await p.$$eval('#market-chart .market-row', (os) => os.map((o) => Math.round(o.querySelector('.cell').getBoundingClientRect().left)));
    assert.equal(new Set(lefts).size, 1);
    const card = await p.$eval('.market-card', (c) => c.getBoundingClientRect().right);
    for (const r of await p.$$eval('#market-chart .marker', (ms) => ms.map((m) => m.getBoundingClientRect().right))) assert.ok(r <= card + 1, 'a marker outside the card');
    const [sw, cw] = await p.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(sw <= cw + 1, `the page is ${sw}px wide in a ${cw}px window`);
    await scrollTo(p, '.market-card');
    await shot(p, `market-1825-${vp.width}`);
    await docShot(p, `market-1825-${vp.width < 500 ? 'phone' : 'desktop'}`, '.market-card');
    assert.deepEqual(env.consoleErrors, []);
    await ctx.close();
  }
});

test('phone: pinch zoom keeps the point between the fingers; a button zooms to the operating company', { timeout: 300000 }, async () => {
  const ctx = await context({ width: 390, height: 844 });
  const p = await newPage(ctx);
  await signUp(p, 'pinch390');
  await openAt(p, '1860', '19354.json', 68);
  await p.waitForSelector('svg.map');
  await p.locator('.map-frame').scrollIntoViewIfNeeded();
  await p.click('.map-controls button:has-text("Fit")');
  const box = await p.$eval('.map-frame', (f) => { const r = f.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; });
  // the map point under the screen point (x, y)
  const under = (x, y) => p.evaluate(([px, py]) => {
    const svg = document.querySelector('svg.map');
    const pt = svg.createSVGPoint();
    pt.x = px; pt.y = py;
    const m = pt.matrixTransform(svg.getScreenCTM().inverse());
    return { x: m.x, y: m.y, w: Number(svg.getAttribute('viewBox').split(' ')[2]) };
  }, [x, y]);
  const mid = { x: box.x + 20, y: box.y + 10 };
  const before = await under(mid.x, mid.y);
  const cdp = await ctx.newCDPSession(p);
  const touch = (type, pts) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map(([x, y], i) => ({ x, y, id: i })) });
  await touch('touchStart', [[mid.x - 30, mid.y], [mid.x + 30, mid.y]]);
  for (let d = 40; d <= 90; d += 10) await touch('touchMove', [[mid.x - d, mid.y], [mid.x + d, mid.y]]);
  await touch('touchEnd', []);
  const after = await under(mid.x, mid.y);
  assert.ok(after.w < before.w / 2.5 && after.w > before.w / 3.5, `zoomed about 3x: ${before.w} → ${after.w}`);
  assert.ok(Math.abs(after.x - before.x) < 3 && Math.abs(after.y - before.y) < 3, `the point between the fingers stays: ${JSON.stringify([before, after])}`);
  await shot(p, 'pinch-1860-390');
  // the operating company's button shows its stations
  await p.click('.map-controls button:has-text("Fit")');
  await p.click('#zoom-company');
  const hexes = await p.$$eval('svg.map .city', (cs) => cs.filter((c) => [...c.querySelectorAll('.slot.token + text')].some((t) => t.textContent === 'C&N')).map((c) => c.dataset.hex));
  assert.ok(hexes.length > 0);
  const vb = (await p.getAttribute('svg.map', 'viewBox')).split(' ').map(Number);
  for (const hx of hexes) {
    const c = await p.$eval(`svg.map .hex[data-hex="${hx}"]`, (g) => ({ x: Number(g.dataset.x), y: Number(g.dataset.y) }));
    assert.ok(c.x > vb[0] && c.x < vb[0] + vb[2] && c.y > vb[1] && c.y < vb[1] + vb[3], `${hx} is in view`);
  }
  assert.ok(vb[2] < before.w, 'zoomed in on the company');
  assert.equal(await p.textContent('#zoom-company'), 'C&N');
  assert.deepEqual(env.consoleErrors, []);
  await ctx.close();
});

test('show the last run of any company, live and in history, from the engine in the page', { timeout: 300000 }, async () => {
  for (const vp of VIEWPORTS) {
    const ctx = await context(vp);
    const p = await newPage(ctx);
    await signUp(p, `lr${vp.width}`);
    const id = await openAt(p, '1860', '19354.json', 130);
    await p.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
    for (const [at, corp] of [[null, 'C&N'], [110, 'IOW']]) {
      if (at !== null) {
        await p.goto(`${env.base}/?game=${id}&action=${at}`);
        await p.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
      }
      // what the server's engine answers for the same position
      const want = await p.evaluate(async ([gid, c, n]) => (await fetch(`/api/games/${gid}/lastrun?company=${encodeURIComponent(c)}` + (n === null ? '' : `&action=${n}`))).json(), [id, corp, at]);
      assert.ok(want && want.entity === corp && want.routes.length > 0, `${corp} has run by ${at ?? 'now'}`);
      assert.ok(await p.$(`#show-run option[value="${corp}"]`), `${corp} is offered`);
      await p.selectOption('#show-run', corp);
      await p.waitForSelector(`#kept-run[data-entity="${corp}"]`);
      const text = await p.textContent('#kept-run');
      assert.match(text, new RegExp(`^${corp}'s last run: `), text);
      assert.match(text, /: [A-Z][^.;]* – [A-Z]/, `${text}: the stops are named (this export names none; the engine resolves them)`);
      assert.doesNotMatch(text, RAW, text);
      assert.equal(await p.$$eval('svg.map .kept-runs path.route', (x) => x.length), want.routes.flatMap((r) => r.paths).length, 'drawn along its track');
      await shot(p, `last-run-${corp.replace('&', '')}-${at ?? 'live'}-${vp.width}`);
    }
    assert.deepEqual(env.consoleErrors, []);
    await ctx.close();
  }
});
