// An old import on the game page: the 2022 1825 game 69820 replays under
// 18xx.games's rules of 2023-12-26 (the eve of the change to £10 prices),
// and the page tells its in-browser engine so (the view's rules_of), which
// then builds the game once instead of finding its rules by trials, and
// agrees with the server through history steps and moves, against a real
// `tresham serve` in Debian's chromium. Prints the module's load times of
// the game with its rules found and given (figures, not asserted).
// Skipped when the server has no module (go generate ./ui not run).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, readFixture, serve, newPage, signUp, importGame, liveCut, moduleServed, historyBackRequests, stateMismatchReported } from './harness.js';

serve();

test('an old import plays in the browser under its day\'s rules, built once', { timeout: 300000 }, async (t) => {
  if (!(await moduleServed())) return t.skip('the server has no WebAssembly module (go generate ./ui)');
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
  // record every load the page makes on the module (its arguments)
  await ctx.addInitScript(() => {
    globalThis.loadCalls = [];
    let obj;
    Object.defineProperty(globalThis, 'tresham', {
      configurable: true,
      get: () => obj,
      set: (v) => {
        const load = v.load;
        v.load = (...args) => { globalThis.loadCalls.push(args.slice(1)); return load(...args); };
        obj = v;
      },
    });
  });
  const page = await newPage(ctx);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signUp(page, 'oldimport');
  // the game cut after action 247: past action 242, which today's rules refuse
  const text = readFixture('dated/1825/69820.json');
  const rest = JSON.parse(text).actions.slice(247);
  const id = await importGame(page, liveCut(text, 247));
  await page.goto(`${env.base}/?game=${id}`);
  await page.waitForSelector('#engine[data-engine="browser"]', { timeout: 120000 });
  // the page's engine was told the server's rules: every load under 2023-12-26
  const calls = await page.evaluate(() => globalThis.loadCalls);
  assert.ok(calls.length >= 1, 'the page loaded no game into its engine');
  assert.deepEqual(calls.map((c) => c[0]), calls.map(() => '2023-12-26'));
  // history steps are the browser's (no request)
  assert.deepEqual(await historyBackRequests(page, 3), [], 'history steps made requests');
  await page.click('#history-live').catch(() => page.goto(`${env.base}/?game=${id}`));
  // the game's next two moves played on the server: the page's engine takes
  // them (pushed to it) and its hash agrees with the server's
  for (const [k, a] of rest.slice(0, 2).entries()) {
    const { id: _id, created_at: _at, ...action } = a;
    const before = await page.textContent('#history-pos');
    const r = await page.evaluate(async ([gid, seq, act]) => {
      const res = await fetch(`/api/games/${gid}/actions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seq, action: act }) });
      return { status: res.status, body: await res.text() };
    }, [id, 247 + k, action]);
    assert.equal(r.status, 200, r.body);
    await page.waitForFunction((b) => document.getElementById('history-pos')?.textContent !== b, before, { timeout: 60000 });
    await page.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  }
  assert.match(await page.textContent('#engine'), /in the browser/);
  assert.ok(!(await stateMismatchReported()), 'a state mismatch was reported');
  // figures: the module's load of the whole game with its rules found by
  // trials and with them given (alternating, 5 each, medians)
  const figures = await page.evaluate(async (text) => {
    const { loadEngine } = await import('/engine.js');
    const eng = await loadEngine();
    const found = [];
    const given = [];
    const hashes = new Set();
    for (let i = 0; i < 5; i++) {
      for (const [list, rules] of [[found, undefined], [given, '2023-12-26']]) {
        const a = performance.now();
        const g = eng.load(text, rules);
        list.push(performance.now() - a);
        hashes.add(g.hash(-1) + ' ' + g.rules);
        g.close();
      }
    }
    const med = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    return { found: med(found), given: med(given), hashes: [...hashes] };
  }, text);
  assert.equal(figures.hashes.length, 1, `the two loads differ: ${figures.hashes}`);
  assert.match(figures.hashes[0], / 2023-12-26$/);
  console.log(`69820 loaded in the module: rules found ${figures.found.toFixed(0)} ms, given ${figures.given.toFixed(0)} ms (medians of 5, ratio ${(figures.found / figures.given).toFixed(2)})`);
  assert.deepEqual(errors, []);
  await ctx.close();
});
