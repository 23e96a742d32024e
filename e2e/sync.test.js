// The page's engine stays in step with the server through a game's start
// and the moves of other players and bots: no state mismatch is reported
// (the server's counter stays 0), moves pushed over the WebSocket are
// checked against the state hash in the message with no request, and the
// tile list is answered by the page's engine. Skipped when the server has
// no WebAssembly module (go generate ./ui not run).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, shot } from './harness.js';

serve();

async function moduleServed() {
  return Boolean((await (await fetch(env.base + '/wasm/manifest.json')).json()).wasm);
}

// mismatches is the server's count of reported state mismatches.
async function mismatches() {
  const m = (await (await fetch(env.base + '/metrics')).text()).match(/^tresham_client_state_mismatches_total (\d+)/m);
  return m ? Number(m[1]) : 0;
}

// apiRequests records the game API requests page makes (method and path).
function apiRequests(page) {
  const out = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/games/')) out.push(`${r.method()} ${u.pathname}${u.search}`);
  });
  return out;
}

// moveOn makes a move on page (a pass where there is one, else the first
// choice: the auction's forced purchase) and waits until the page shows it.
async function moveOn(page) {
  try {
    await page.waitForSelector('#turn.yours', { timeout: 60000 });
    await page.waitForSelector('aside.panel button.choice', { timeout: 20000 });
    const before = await page.textContent('#history-pos');
    await page.click((await page.$('aside.panel button.choice.pass')) ? 'aside.panel button.choice.pass' : 'aside.panel button.choice', { timeout: 20000 });
    await page.waitForFunction((b) => document.getElementById('history-pos')?.textContent !== b, before, { timeout: 20000 });
  } catch (e) {
    throw new Error(`${e.message}\n${await whereStands(page)}`);
  }
}

// whereStands says where the page and the server stand (an intermittent
// stall seen in CI with bot seats: which of the two stopped?).
async function whereStands(page) {
  const shown = await page.evaluate(() => ({
    turn: document.getElementById('turn')?.textContent,
    yours: !!document.querySelector('#turn.yours'),
    at: document.getElementById('history-pos')?.textContent,
    panel: document.querySelector('aside.panel')?.innerText.slice(0, 600),
  })).catch(() => ({}));
  const id = new URL(page.url()).searchParams.get('game');
  const sv = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id).catch(() => ({}));
  return `page shows: ${JSON.stringify(shown)}\nserver: actions ${sv.actions}, acting ${JSON.stringify(sv.acting)}, legal for ${JSON.stringify(Object.keys(sv.legal || {}))}`;
}

// startBotsGame signs name up and starts a 3-player 1860 game with two
// heuristic bots from the lobby; it answers the game's id.
async function startBotsGame(page, name) {
  await signUp(page, name);
  await page.selectOption('#create-title', '1860');
  await page.fill('#create-players', '3');
  await page.check('#create-hotseat');
  await page.fill('#create-bots', '2');
  await page.selectOption('#create-bot-kind', 'heuristic');
  await Promise.all([page.waitForURL(/\?game=/), page.click('#create')]);
  return new URL(page.url()).searchParams.get('game');
}

// moveAndWait makes a move on page (moveOn) and waits until other shows
// the same action count.
async function moveAndWait(page, other) {
  await moveOn(page);
  const now = await page.textContent('#history-pos');
  await other.waitForFunction((n) => document.getElementById('history-pos')?.textContent === n, now, { timeout: 20000 });
}

test('a game started with the pages open, then moves of both players: no mismatch, no request to follow a move', { timeout: 300000 }, async (t) => {
  if (!(await moduleServed())) return t.skip('the server has no WebAssembly module (go generate ./ui)');
  const ctxA = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const ctxB = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  const a = await newPage(ctxA);
  const b = await newPage(ctxB);
  await signUp(a, 'erin');
  await a.selectOption('#create-title', '1860');
  await a.fill('#create-players', '2');
  await a.uncheck('#create-hotseat');
  await a.uncheck('#create-full'); // the host starts it, with both pages open
  await Promise.all([a.waitForURL(/\?game=/), a.click('#create')]);
  const id = new URL(a.url()).searchParams.get('game');
  await a.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  await signUp(b, 'frank');
  await b.waitForSelector(`#games-open li.game[data-game="${id}"]`);
  await b.click(`#games-open li.game[data-game="${id}"] button:has-text("Join")`);
  await b.waitForSelector(`#games-mine li.game[data-game="${id}"]`);
  await b.goto(`${env.base}/?game=${id}`);
  await b.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  await a.waitForSelector('#start-game');
  await a.click('#start-game');
  await a.waitForSelector('#turn.yours', { timeout: 20000 });
  await b.waitForFunction(() => /Waiting for/.test(document.getElementById('turn')?.textContent || ''), null, { timeout: 20000 });
  const reqA = apiRequests(a);
  const reqB = apiRequests(b);
  // the opening auction: passes, then the purchase the passes force
  for (let i = 0; i < 4; i++) {
    const [mover, other] = (await a.$('#turn.yours')) ? [a, b] : [b, a];
    await moveAndWait(mover, other);
  }
  await a.waitForTimeout(500); // whatever else the pages would ask for
  assert.equal(await mismatches(), 0, 'a state mismatch was reported');
  for (const [p, reqs] of [[a, reqA], [b, reqB]]) {
    assert.equal(await p.getAttribute('#engine', 'data-engine'), 'browser');
    // each page sent its own moves (answered with the hash only) and asked for nothing else
    const other = reqs.filter((r) => r !== `POST /api/games/${id}/actions?view=hash`);
    assert.deepEqual(other, [], `requests besides the page's own moves: ${other}`);
  }
  const sv = await a.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
  for (const p of [a, b]) assert.match(await p.textContent('#history-pos'), new RegExp(`^action ${sv.actions} `));
  // the tile list is the page's engine's: opening it asks the server nothing
  reqB.length = 0;
  await b.click('#tile-manifest summary');
  await b.waitForSelector('#tile-manifest .manifest-pick');
  assert.deepEqual(reqB, [], 'the tile list asked the server');
  await shot(b, 'sync-tiles-phone', { fullPage: true });

  // a pushed hash the page's engine does not reach: reported once, and the
  // game is taken from the server again
  const [mover, watcher] = (await a.$('#turn.yours')) ? [a, b] : [b, a];
  await watcher.routeWebSocket(/\/ws/, (ws) => {
    const srv = ws.connectToServer();
    srv.onMessage((msg) => {
      const m = JSON.parse(msg);
      if (m.hash) m.hash = '0'.repeat(32);
      ws.send(JSON.stringify(m));
    });
  });
  await watcher.reload();
  await watcher.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  const reqW = apiRequests(watcher);
  const reported = watcher.waitForRequest(`**/api/games/${id}/mismatch`);
  await moveAndWait(mover, watcher);
  await reported;
  await watcher.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  assert.ok(reqW.includes(`GET /api/games/${id}`) && reqW.includes(`GET /api/games/${id}/export`), `the game was reloaded from the server: ${reqW}`);
  assert.equal(await mismatches(), 1);
  await ctxA.close();
  await ctxB.close();
});

test('a game against bots started with the page open: no mismatch through the start and the bots\' answers', { timeout: 300000 }, async (t) => {
  if (!(await moduleServed())) return t.skip('the server has no WebAssembly module (go generate ./ui)');
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await newPage(ctx);
  const seen = await mismatches(); // this server's count so far (the test before asserts its own)
  const id = await startBotsGame(page, 'gwen');
  for (let i = 0; i < 3; i++) await moveOn(page);
  // the bots answer; the page follows them to the human's next turn
  await page.waitForSelector('#turn.yours', { timeout: 60000 }).catch(async (e) => { throw new Error(`${e.message}\n${await whereStands(page)}`); });
  const sv = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
  await page.waitForFunction((n) => document.getElementById('history-pos')?.textContent.startsWith(`action ${n} `), sv.actions, { timeout: 20000 })
    .catch(async (e) => { throw new Error(`${e.message}\n${await whereStands(page)}`); });
  assert.equal(await mismatches(), seen, 'a state mismatch was reported');
  assert.equal(await page.getAttribute('#engine', 'data-engine'), 'browser');
  await ctx.close();
});

test('an answer overtaken by the bots\' pushed moves does not step the page back', { timeout: 300000 }, async (t) => {
  if (!(await moduleServed())) return t.skip('the server has no WebAssembly module (go generate ./ui)');
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await newPage(ctx);
  const id = await startBotsGame(page, 'hana');
  const atServer = async () => (await (await ctx.request.get(`${env.base}/api/games/${id}`)).json()).actions;
  const shows = async (n) => page.waitForFunction((k) => document.getElementById('history-pos')?.textContent === `action ${k} (live)`, n, { timeout: 20000 })
    .catch(async (e) => { throw new Error(`${e.message}\n${await whereStands(page)}`); });
  await moveOn(page);
  await page.waitForSelector('#turn.yours', { timeout: 60000 });
  // the live view as the server answers it now, kept to be delivered late
  const old = await ctx.request.get(`${env.base}/api/games/${id}`);
  const oldBody = await old.text();
  const before = JSON.parse(oldBody).actions;
  await moveOn(page);
  await page.waitForSelector('#turn.yours', { timeout: 60000 });
  const now = await atServer();
  assert.ok(now > before + 1, `the bots answered (${before} then ${now})`);
  await shows(now);
  // the next live view the page asks for is that old answer, as if it had
  // been on its way all this time
  let served = 0;
  await page.route(new RegExp(`/api/games/${id}$`), (route) => {
    if (route.request().method() !== 'GET' || served++) return route.continue();
    return route.fulfill({ status: 200, contentType: 'application/json', body: oldBody });
  });
  await page.click('#history-back');
  await page.click('#history-live');
  await shows(now);
  await page.waitForTimeout(500);
  await shows(now);
  assert.equal(served >= 1, true, 'the old answer was delivered');
  await ctx.close();
});

test('no console errors', () => {
  assert.deepEqual(env.consoleErrors, []);
});
