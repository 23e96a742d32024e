// The in-browser engine (the WebAssembly module of wasm/, generated into
// ui/wasm by go generate ./ui) in real Chromium against a real `tresham
// serve`: the game page uses it for runs, previews and history without a
// request and agrees with the server's state hashes; and the figures the
// docs/performance.md quotes (load and replay of the longest real game, a legal-move
// list, a history step, the best run at every real run_routes position),
// printed, not asserted (speed targets are benchmarks, not tests). Skipped
// when the server has no module (go generate ./ui not run).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, fixtureGames, readFixture, serve, importGame, liveCut, signUpByAPI, moduleServed, historyBackRequests, stateMismatchReported } from './harness.js';

serve();

function realGames() {
  return ['1860', '1825'].flatMap((t) => fixtureGames(t)).map(readFixture);
}

// importCut signs user up and imports the 1860 fixture 19354 cut just
// before its first run as their hotseat game; it returns the game's id.
async function importCut(page, user = 'wasm') {
  const text = readFixture('1860/19354.json');
  await signUpByAPI(page, user);
  return importGame(page, liveCut(text, JSON.parse(text).actions.findIndex((a) => a.type === 'run_routes')));
}

test('the game page runs the engine in the browser and agrees with the server', { timeout: 300000 }, async (t) => {
  if (!(await moduleServed())) return t.skip('the server has no WebAssembly module (go generate ./ui)');
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(env.base + '/');
  const id = await importCut(page);
  await page.goto(`${env.base}/?game=${id}`);
  await page.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  // the legal list shown is the in-browser engine's (it agreed with the server's)
  assert.equal(await page.getAttribute('#engine', 'data-legal'), 'browser');
  // the run is found in the browser
  await page.waitForSelector('#route-source', { timeout: 60000 });
  assert.equal(await page.getAttribute('#route-source', 'data-source'), 'browser');
  // play it (the server decides), then the page still agrees with it
  const before = await page.textContent('#history-pos');
  await page.click('#run-routes');
  await page.waitForFunction((b) => document.getElementById('history-pos')?.textContent !== b, before);
  await page.waitForSelector('#engine[data-engine="browser"]');
  // history steps ask the server nothing
  assert.deepEqual(await historyBackRequests(page, 3), [], 'history steps made requests');
  assert.match(await page.textContent('#history-pos'), /of/);
  assert.ok(!(await stateMismatchReported()), 'a state mismatch was reported');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('figures of the in-browser engine in Chromium', { timeout: 600000 }, async (t) => {
  if (!(await moduleServed())) return t.skip('the server has no WebAssembly module (go generate ./ui)');
  const ctx = await env.browser.newContext();
  const page = await ctx.newPage();
  await page.goto(env.base + '/');
  // first load fills the HTTP cache; a second page measures the cached start
  await page.evaluate(async () => { const m = await import('/engine.js'); await m.loadEngine(); });
  const page2 = await ctx.newPage();
  await page2.goto(env.base + '/');
  const figures = await page2.evaluate(async (games) => {
    const t0 = performance.now();
    const { loadEngine } = await import('/engine.js');
    const eng = await loadEngine();
    const start = performance.now() - t0;
    const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.max(0, Math.min(s.length - 1, Math.round(s.length * p / 100) - 1))]; };
    const parsed = games.map((g) => JSON.parse(g));
    let longest = 0;
    parsed.forEach((g, i) => { if (g.actions.length > parsed[longest].actions.length) longest = i; });
    const loads = [];
    let game;
    for (let i = 0; i < 9; i++) {
      if (game) game.close();
      const a = performance.now();
      game = eng.load(games[longest]);
      loads.push(performance.now() - a);
    }
    const n = game.actions;
    const back = [];
    const fwd = [];
    for (let i = 1; i <= 30; i++) {
      const a = performance.now();
      game.view(n - i, null);
      game.map(n - i);
      back.push(performance.now() - a);
    }
    for (let i = 29; i >= 0; i--) {
      const a = performance.now();
      game.view(n - i, null);
      game.map(n - i);
      fwd.push(performance.now() - a);
    }
    // the same steps back with the spare prepared between steps, as the
    // page does once a step is painted (prepare timed apart: it runs
    // between steps, not in one)
    const backSpare = [];
    const prep = [];
    for (let i = 1; i <= 60; i++) {
      let a = performance.now();
      game.prepare(n - i + 1);
      prep.push(performance.now() - a);
      a = performance.now();
      game.view(n - i, null);
      game.map(n - i);
      backSpare.push(performance.now() - a);
    }
    // and with both neighbours warmed between steps, as the page does
    // (warm timed apart too)
    const backWarm = [];
    const warm = [];
    for (let i = 61; i <= 120; i++) {
      let a = performance.now();
      game.warm(n - i + 1, null);
      warm.push(performance.now() - a);
      a = performance.now();
      game.view(n - i, null);
      game.map(n - i);
      backWarm.push(performance.now() - a);
    }
    const viewOnly = [];
    for (let i = 1; i <= 30; i++) {
      const a = performance.now();
      game.view(n - 30 + i, null);
      viewOnly.push(performance.now() - a);
    }
    const legal = [];
    const routes = [];
    for (const g of parsed) {
      g.actions.forEach((act, i) => {
        if (act.type !== 'run_routes') return;
        const pos = eng.load(JSON.stringify({ ...g, actions: g.actions.slice(0, i) }));
        let a = performance.now();
        pos.legal(String(act.entity));
        legal.push(performance.now() - a);
        a = performance.now();
        try { pos.routes(String(act.entity)); routes.push(performance.now() - a); } catch { /* undone branch */ }
        pos.close();
      });
    }
    return {
      module_start_cached_ms: start, actions: n, load_replay_median_ms: pct(loads, 50),
      history_back_median_ms: pct(back, 50), history_back_p99_ms: pct(back, 99), history_forward_median_ms: pct(fwd, 50),
      history_back_prepared_median_ms: pct(backSpare, 50), history_back_prepared_p99_ms: pct(backSpare, 99), prepare_median_ms: pct(prep, 50),
      history_back_warmed_median_ms: pct(backWarm, 50), history_back_warmed_p99_ms: pct(backWarm, 99), warm_median_ms: pct(warm, 50),
      history_view_only_forward_median_ms: pct(viewOnly, 50),
      legal_median_ms: pct(legal, 50), legal_p99_ms: pct(legal, 99),
      route_positions: routes.length, route_median_ms: pct(routes, 50), route_p99_ms: pct(routes, 99), route_max_ms: pct(routes, 100),
    };
  }, realGames());
  console.log('wasm figures (Chromium):', JSON.stringify(figures));
  assert.ok(figures.route_positions > 0 && figures.actions > 0);
  await ctx.close();
});

test('history steps back on the game page of the longest real game', { timeout: 300000 }, async (t) => {
  if (!(await moduleServed())) return t.skip('the server has no WebAssembly module (go generate ./ui)');
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await ctx.newPage();
  await page.goto(env.base + '/');
  const games = realGames().map((g) => JSON.parse(g));
  const longest = games.reduce((a, b) => (b.actions.length > a.actions.length ? b : a));
  await signUpByAPI(page, 'steps');
  const id = await importGame(page, longest);
  await page.goto(`${env.base}/?game=${id}`);
  await page.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  const requests = [];
  page.on('request', (r) => { if (r.url().includes('/api/')) requests.push(r.url()); });
  // each step: click, then wait until the page shows the new position
  // (engine, map and DOM); steps 250 ms apart, as a player clicking
  const steps = await page.evaluate(async (count) => {
    const out = [];
    for (let i = 0; i < count; i++) {
      const before = document.getElementById('history-pos').textContent;
      const a = performance.now();
      document.getElementById('history-back').click();
      while (document.getElementById('history-pos').textContent === before) await new Promise((r) => setTimeout(r, 0));
      const bar = document.getElementById('history-pos');
      out.push([performance.now() - a, Number(bar.dataset.engineMs), Number(bar.dataset.drawMs)]);
      await new Promise((r) => setTimeout(r, 250));
    }
    return out;
  }, 25);
  const stat = (k) => {
    const s = steps.map((x) => x[k]).sort((a, b) => a - b);
    return { median_ms: s[Math.floor(s.length / 2)], p90_ms: s[Math.floor(s.length * 0.9)], max_ms: s[s.length - 1] };
  };
  console.log('history step back on the page (Chromium, %d actions, %d steps):', longest.actions.length, steps.length,
    JSON.stringify({ click_to_drawn: stat(0), engine: stat(1), draw: stat(2) }));
  assert.deepEqual(requests, [], 'history steps made requests');
  await ctx.close();
});

test('a move is played in the page first; the server only confirms its state hash, and a mismatch reloads from the server', { timeout: 300000 }, async (t) => {
  if (!(await moduleServed())) return t.skip('the server has no WebAssembly module (go generate ./ui)');
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(env.base + '/');
  const id = await importCut(page, 'ahead');
  await page.goto(`${env.base}/?game=${id}`);
  await page.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  await page.waitForSelector('#route-source', { timeout: 60000 });
  const requests = [];
  page.on('request', (r) => { if (r.url().includes('/api/')) requests.push(`${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`); });
  // the run: one request, the move itself, answered with the hash only
  let before = await page.textContent('#history-pos');
  await page.click('#run-routes');
  await page.waitForFunction((b) => document.getElementById('history-pos')?.textContent !== b, before);
  await page.waitForSelector('aside.panel button.choice');
  await page.waitForTimeout(1000); // whatever else the page would ask for
  assert.deepEqual(requests, [`POST /api/games/${id}/actions?view=hash`]);
  assert.equal(await page.getAttribute('#engine', 'data-engine'), 'browser');
  const server = async () => page.evaluate(async (gid) => (await (await fetch(`/api/games/${gid}`)).json()), id);
  let sv = await server();
  assert.match(await page.textContent('#history-pos'), new RegExp(`^action ${sv.actions} `));
  requests.length = 0;

  // a server that answers another hash: the page reports it and reloads the game from the server
  await page.route(`**/api/games/${id}/actions?view=hash`, async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({ response: res, json: { ...body, hash: '0'.repeat(32) } });
  });
  before = await page.textContent('#history-pos');
  const reported = page.waitForRequest(`**/api/games/${id}/mismatch`);
  const exported = page.waitForResponse(`**/api/games/${id}/export`);
  await page.click('aside.panel button.choice');
  await page.waitForFunction((b) => document.getElementById('history-pos')?.textContent !== b, before);
  await reported;
  await exported;
  await page.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  assert.ok(requests.includes(`POST /api/games/${id}/mismatch`), `the mismatch was reported: ${requests}`);
  assert.ok(requests.includes(`GET /api/games/${id}`) && requests.includes(`GET /api/games/${id}/export`), `the game was reloaded from the server: ${requests}`);
  sv = await server();
  assert.match(await page.textContent('#history-pos'), new RegExp(`^action ${sv.actions} `));
  const metrics = await (await fetch(env.base + '/metrics')).text();
  assert.match(metrics, /tresham_client_state_mismatches_total 1\b/);

  // a move the server refuses, though the page's engine took it: the page
  // shows the server's reason and the server's game
  await page.unroute(`**/api/games/${id}/actions?view=hash`);
  await page.route(`**/api/games/${id}/actions?view=hash`, (route) => route.fulfill({ status: 422, json: { error: 'refused by the test server' } }));
  const count = (await server()).actions;
  await page.click('aside.panel button.choice');
  await page.waitForFunction(() => document.getElementById('action-error')?.textContent.includes('refused by the test server'), null, { timeout: 60000 });
  await page.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  assert.equal((await server()).actions, count);
  assert.match(await page.textContent('#history-pos'), new RegExp(`^action ${count} `));
  assert.deepEqual(errors, []);
  await ctx.close();
});
