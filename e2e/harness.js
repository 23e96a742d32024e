// Shared set-up for the game-page browser tests: a real `tresham serve`
// built from this checkout, Debian's chromium through playwright-core, and
// helpers to sign up and to open an 18xx.games export cut at an action.
import { before, after } from 'node:test';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, dirname } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { chromium } from 'playwright-core';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** fixturesDir holds the repository's test games, gzip-compressed (Go package internal/fixtures). */
export const fixturesDir = join(root, 'internal', 'fixtures', 'data');

/** readFixture answers a fixture's text by its name, e.g. '1860/19354.json'. */
export function readFixture(name) {
  return gunzipSync(readFileSync(join(fixturesDir, name + '.gz'))).toString('utf8');
}

/** fixtureGames lists the names of the game exports in one fixture directory (e.g. '1860'), sorted. */
export function fixtureGames(dir) {
  return readdirSync(join(fixturesDir, dir)).filter((f) => f.endsWith('.json.gz')).map((f) => `${dir}/${f.slice(0, -3)}`).sort();
}

/** fixtureUpload is a fixture as a file for page.setInputFiles. */
export function fixtureUpload(name) {
  return { name: basename(name), mimeType: 'application/json', buffer: Buffer.from(readFixture(name)) };
}
let fixtureTmp = '';
/**
 * fixturePath writes a fixture game (title, name: '1860', '19354') unzipped
 * to a temporary file once and answers its path, for openFile and uploads.
 */
export function fixturePath(title, name) {
  if (!fixtureTmp) fixtureTmp = mkdtempSync(join(tmpdir(), 'tresham-fixture-'));
  const path = join(fixtureTmp, `${title}-${name}.json`);
  if (!existsSync(path)) writeFileSync(path, readFixture(`${title}/${name}.json`));
  return path;
}

/** desktop and phone are the two browser context options every page is judged at. */
export const desktop = { viewport: { width: 1400, height: 900 } };
export const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** env holds base (the server's URL), browser and the console errors seen. */
export const env = { base: '', browser: null, consoleErrors: [] };
let stopServer = null;

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/**
 * serve registers the before/after hooks that start and stop the server and
 * browser; args are added to `tresham serve`'s (e.g. ['--smtp', HOST:PORT]).
 */
export function serve(args = []) {
  before(() => start(args));
  after(stop);
}

/** start builds and starts `tresham serve` (with args added) and launches chromium (env.base, env.browser). */
export async function start(args = []) {
  const srv = await startServer(root, args);
  env.base = srv.base;
  stopServer = srv.stop;
  env.browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * startServer builds `tresham serve` from the checkout at dir and starts it
 * on a free port with its own data directory (args added to its flags); it
 * answers {base, stop}.
 */
export async function startServer(dir, args = []) {
  const tmp = mkdtempSync(join(tmpdir(), 'tresham-e2e-page-'));
  const bin = join(tmp, 'tresham');
  execFileSync('go', ['build', '-o', bin, './cmd/tresham'], { cwd: dir, stdio: 'inherit' });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data', join(tmp, 'data'), ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    try { if ((await fetch(base + '/healthz')).ok) break; } catch { /* not up yet */ }
    if (i > 300) { stop(); throw new Error('tresham serve did not become healthy'); }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, stop };
}

/** stop closes the browser, stops the server and removes its files. */
export async function stop() {
  if (env.browser) await env.browser.close();
  if (stopServer) stopServer();
}

/** newPage opens a page that records console errors. */
export async function newPage(ctx) {
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') env.consoleErrors.push(`${page.url()}: ${m.text()}`); });
  page.on('response', (r) => { if (r.status() === 404) env.consoleErrors.push('404 ' + r.url()); });
  page.on('pageerror', (e) => env.consoleErrors.push(`${page.url()}: ${e.message}`));
  return page;
}

/**
 * person is a second player at the table: a browser context of its own,
 * signed up as name and left on the lobby. Its page errors, and console
 * errors other than the 4xx refusals a test provokes on purpose, go to
 * errors. opts are the context's options (viewport 1400×900 unless given).
 */
export async function person(name, errors, opts = {}) {
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 900 }, ...opts });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of (40[0-9])/.test(m.text())) errors.push(`${page.url()}: ${m.text()}`);
  });
  await signUp(page, name);
  return { ctx, page };
}

/** apiCall makes a request from page, with its session, and answers {status, body}. */
export const apiCall = (page, method, path, body) => page.evaluate(async ([m, p, b]) => {
  const r = await fetch(p, { method: m, headers: { 'Content-Type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
  return { status: r.status, body: await r.json().catch(() => null) };
}, [method, path, body]);

/** signUp creates a user and leaves the page on the lobby. */
export async function signUp(page, name) {
  await page.goto(env.base + '/');
  await page.fill('#auth-name', name);
  await page.fill('#auth-password', 'correct horse battery staple');
  await page.click('#signup');
  await page.waitForSelector('#create');
}

/**
 * openAt imports the 18xx.games export at title/file cut after its first n
 * actions (a live hotseat game of the signed-in user) and opens its page.
 */
export async function openAt(page, title, file, n) {
  return openSource(page, readFixture(`${title}/${file}`), n);
}

/** openFile is openAt for the export at path (e.g. in e2e/testdata). */
export async function openFile(page, path, n) {
  return openSource(page, readFileSync(path, 'utf8'), n);
}

/** openSource is openAt for an export's text. */
async function openSource(page, text, n) {
  const id = await importGame(page, liveCut(text, n));
  await page.goto(`${env.base}/?game=${id}`);
  await page.waitForSelector('#turn.yours');
  return id;
}

/**
 * liveCut answers an 18xx.games export (its text, or the parsed object)
 * cut after its first n actions as a game still being played: status
 * active, no result, no end.
 */
export function liveCut(exp, n) {
  const src = typeof exp === 'string' ? JSON.parse(exp) : exp;
  const cut = { ...src, actions: src.actions.slice(0, n), status: 'active', result: {} };
  delete cut.game_end_reason;
  return cut;
}

/**
 * importGame imports an 18xx.games export (its text, or the parsed object)
 * through the API as a game of the user signed in on page, and answers the
 * new game's id; any answer but 201 Created throws with the server's error.
 */
export async function importGame(page, exp) {
  const body = typeof exp === 'string' ? exp : JSON.stringify(exp);
  const r = await page.evaluate(async (b) => {
    const res = await fetch('/api/games/import', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: b });
    return { status: res.status, body: await res.json().catch(() => null) };
  }, body);
  if (r.status !== 201) throw new Error(`import refused: ${r.status} ${r.body?.error ?? JSON.stringify(r.body)}`);
  return r.body.id;
}

/**
 * signUpByAPI creates a user through the API from page (on the server's
 * origin) without the lobby's form, and marks the page signed in.
 */
export async function signUpByAPI(page, name) {
  const status = await page.evaluate(async (n) => {
    const r = await fetch('/api/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: n, password: 'correct horse battery staple' }) });
    localStorage.setItem('tresham.signedIn', '1');
    return r.status;
  }, name);
  if (status !== 201) throw new Error(`sign-up of ${name} refused: ${status}`);
}

/** moduleServed reports whether the server was built with the in-browser engine (its manifest names the module). */
export async function moduleServed() {
  return Boolean((await (await fetch(env.base + '/wasm/manifest.json')).json()).wasm);
}

/**
 * historyBackRequests steps the game page back n times through history,
 * each time until the position shown changes, and answers the API requests
 * the page made meanwhile (the in-browser engine's steps make none).
 */
export async function historyBackRequests(page, n) {
  const requests = [];
  const seen = (r) => { if (r.url().includes('/api/')) requests.push(r.url()); };
  page.on('request', seen);
  for (let i = 0; i < n; i++) {
    const pos = await page.textContent('#history-pos');
    await page.click('#history-back');
    await page.waitForFunction((p) => document.getElementById('history-pos')?.textContent !== p, pos);
  }
  page.off('request', seen);
  return requests;
}

/** stateMismatchReported tells whether a page reported to the server's metrics a state unlike the server's. */
export async function stateMismatchReported() {
  return /tresham_client_state_mismatches_total [1-9]/.test(await (await fetch(env.base + '/metrics')).text());
}

/**
 * untilServer polls the server's view of the page's game (every 50 ms, up
 * to timeout ms) until ok(view) holds, and answers that view.
 * page.waitForFunction cannot do this: it does not await an async
 * predicate (the promise counts as truthy at once).
 */
export async function untilServer(page, ok, timeout = 60000) {
  const id = new URL(page.url()).searchParams.get('game');
  const end = Date.now() + timeout;
  for (;;) {
    const v = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`the server's game ${id} did not reach the awaited state in ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * gameView reads the game view of the page's game from the API, once the
 * server has every move the page shows live (the page draws a move from its
 * own engine before the server has committed it).
 */
export async function gameView(page) {
  const id = new URL(page.url()).searchParams.get('game');
  // A move is shown by the page's engine before the server has it: wait
  // until the server's game has caught up with the live position shown.
  return page.evaluate(async (gid) => {
    const m = /action (\d+) \(live\)/.exec(document.getElementById('history-pos')?.textContent || '');
    const want = m ? Number(m[1]) : 0;
    for (let i = 0; ; i++) {
      const v = await (await fetch(`/api/games/${gid}`)).json();
      if (!(v.actions < want) || i >= 200) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
  }, id);
}

/** shot saves a screenshot under $SHOTS (when set). */
export async function shot(page, name, opts = {}) {
  if (!process.env.SHOTS) return;
  if (opts.fullPage) await showAll(page);
  await page.screenshot({ path: join(process.env.SHOTS, name + '.png'), ...opts });
}

/**
 * scrollTo brings the element selector names into view as a reader's scroll
 * would leave it: the cards passed on the way are drawn only when near the
 * screen (content-visibility), and drawn at their real height they push the
 * element down again, so it scrolls, lets two frames draw, and scrolls again.
 */
export async function scrollTo(page, selector) {
  const el = page.locator(selector).first();
  for (let i = 0; i < 3; i++) {
    await el.scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
}

/**
 * showAll renders the game page's cards that are off screen, for a
 * full-page screenshot: the page leaves them undrawn until scrolled to
 * (content-visibility), and a screenshot beyond the viewport does not
 * scroll.
 */
export async function showAll(page) {
  await page.addStyleTag({ content: '.info > .card { content-visibility: visible !important; }' });
}

// timeHistorySteps times, in the page, each click on the history bar's back
// or forward button: from the click's event timestamp to a task queued after
// the next frame (window.benchSteps: the whole, the page's handler, the wait
// for the frame and the frame, the page's own engine and draw parts), and
// marks each end for a trace (performance mark 'bench-step-end'). bench.js
// and stepcost.js read it.
export async function timeHistorySteps(page) {
  await page.evaluate(() => {
    window.benchSteps = [];
    document.addEventListener('click', (ev) => {
      const b = ev.target.closest && ev.target.closest('#history-back, #history-forward');
      if (!b) return;
      const t0 = ev.timeStamp;
      const t1 = performance.now();
      let tEnd = t1;
      // the page's own handler runs at the button; this one after it
      window.addEventListener('click', () => { tEnd = performance.now(); }, { once: true });
      requestAnimationFrame(() => {
        const t2 = performance.now();
        const ch = new MessageChannel();
        ch.port1.onmessage = () => {
          const bar = document.getElementById('history-pos');
          const t3 = performance.now();
          performance.mark('bench-step-end');
          window.benchSteps.push({ ms: t3 - t0, busy: tEnd - t1 + (t3 - t2), handler: tEnd - t1, input: t1 - t0, toFrame: t2 - t1, frame: t3 - t2, engine: Number(bar.dataset.engineMs), draw: Number(bar.dataset.drawMs), pos: bar.textContent });
        };
        ch.port2.postMessage(0);
      });
    }, true);
  });
}
