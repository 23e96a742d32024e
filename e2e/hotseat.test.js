// Hotseat games with no server (issue 25): a game created, played, undone,
// resumed and played offline in the browser (IndexedDB, service worker),
// exported as 18xx.games JSON and uploaded to the server as an imported
// game, and a planning sandbox copied from a server game; screenshots at
// 1400 px and on a phone. Skipped when the server has
// no WebAssembly module (go generate ./ui not run).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { env, serve, newPage, signUp, shot } from './harness.js';

serve();

async function moduleServed() {
  return Boolean((await (await fetch(env.base + '/wasm/manifest.json')).json()).wasm);
}

const pos = (page) => page.textContent('#history-pos');

// move clicks the first choice the panel offers and waits for the game to
// move on.
async function move(page) {
  const before = await pos(page);
  await page.locator('aside.panel button.choice:visible').first().click();
  await page.waitForFunction((b) => document.getElementById('history-pos')?.textContent !== b, before);
}

// create starts a hotseat game in the browser from the /?local page.
async function create(page, title, players) {
  await page.goto(env.base + '/?local');
  await page.waitForSelector('#local-create');
  await page.selectOption('#local-title', title);
  await page.fill('#local-players', String(players));
  await page.dispatchEvent('#local-players', 'change');
  await page.click('#local-start');
  await page.waitForSelector('#turn.yours', { timeout: 60000 });
  return new URL(page.url()).searchParams.get('local');
}

test('a hotseat game lives in the browser: created, played, undone, resumed, offline, exported, uploaded', { timeout: 300000 }, async (t) => {
  if (!(await moduleServed())) return t.skip('the server has no WebAssembly module (go generate ./ui)');
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  const page = await newPage(ctx);
  await signUp(page, 'hotseat1');
  await page.click('#local-link');
  await page.waitForSelector('#local-create');
  const key = await create(page, '1860', 3);
  assert.match(key, /^local-/);
  assert.equal(await page.getAttribute('#engine', 'data-engine'), 'browser');
  // no request to the game API while playing
  const requests = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) requests.push(r.url()); });
  for (let i = 0; i < 6; i++) await move(page);
  assert.equal(await pos(page), 'action 6 (live)');
  await shot(page, 'hotseat-game-1400');
  // undo, redo
  await page.click('#undo');
  await page.waitForFunction(() => document.getElementById('history-pos')?.textContent === 'action 7 (live)');
  await page.waitForSelector('#redo');
  await page.click('#redo');
  await page.waitForFunction(() => document.getElementById('history-pos')?.textContent === 'action 8 (live)');
  assert.equal(await page.locator('#redo').count(), 0, 'nothing left to put back');
  // history steps, all local
  await page.click('#history-back');
  await page.waitForFunction(() => /^action 7 of 8/.test(document.getElementById('history-pos')?.textContent));
  await page.click('#history-live');
  await page.waitForFunction(() => document.getElementById('history-pos')?.textContent === 'action 8 (live)');
  assert.deepEqual(requests, [], 'playing a hotseat game in the browser made API requests');
  // resumed after a reload, from IndexedDB
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 }).catch(async () => { await page.reload(); });
  await page.reload();
  await page.waitForSelector('#turn.yours');
  assert.equal(await pos(page), 'action 8 (live)');
  // offline: the page, the engine and the game come from this browser
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  await ctx.setOffline(true);
  await page.reload();
  await page.waitForSelector('#turn.yours', { timeout: 60000 });
  assert.equal(await pos(page), 'action 8 (live)');
  await move(page);
  assert.equal(await pos(page), 'action 9 (live)');
  await page.goto(env.base + '/?local');
  await page.waitForSelector(`#local-games li[data-key="${key}"]`);
  assert.match(await page.textContent(`#local-games li[data-key="${key}"]`), /9 actions/);
  await ctx.setOffline(false);
  // export: an 18xx.games export of the game as played
  await page.goto(`${env.base}/?local=${key}`);
  await page.waitForSelector('#turn.yours');
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#local-export')]);
  const exported = JSON.parse(readFileSync(await dl.path(), 'utf8'));
  assert.equal(exported.title, '1860');
  assert.equal(exported.players.length, 3);
  assert.equal(exported.actions.length, 9);
  assert.deepEqual(exported.actions.map((a) => a.type).slice(6, 8), ['undo', 'redo']);
  // upload: the server replays it and it goes on there
  await page.click('#local-upload');
  await page.waitForSelector('#local-uploaded');
  const href = await page.getAttribute('#local-uploaded', 'href');
  const id = new URL(href, env.base).searchParams.get('game');
  const local = await page.evaluate(async (k) => {
    const { loadEngine } = await import('/engine.js');
    const { localGames } = await import('/localstore.js');
    const eng = await loadEngine();
    const g = eng.load((await localGames.get(k)).export);
    const hsh = g.hash(null);
    g.close();
    return hsh;
  }, key);
  const server = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
  assert.equal(server.actions, 9);
  assert.equal(server.hash, local, 'the server replays the uploaded game to the same state');
  await page.goto(env.base + href);
  await page.waitForSelector('#turn.yours');
  await page.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  await shot(page, 'hotseat-uploaded-1400');
  // planning sandbox: a copy in the browser where moves are not sent
  await page.click('#plan');
  await page.waitForURL(/local=local-/);
  await page.waitForSelector('#turn.yours');
  assert.match(await page.textContent('h1'), /planning sandbox/);
  const sent = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) sent.push(r.url()); });
  await move(page);
  await move(page);
  assert.equal(await pos(page), 'action 11 (live)');
  assert.deepEqual(sent, [], 'sandbox moves were sent');
  await shot(page, 'sandbox-1400');
  const after = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
  assert.equal(after.actions, 9, 'the server game is untouched');
  await page.click('#sandbox-back');
  await page.waitForSelector('#turn.yours');
  await ctx.close();
});

test('hotseat in the browser on a phone, with no account', { timeout: 300000 }, async (t) => {
  if (!(await moduleServed())) return t.skip('the server has no WebAssembly module (go generate ./ui)');
  const ctx = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await newPage(ctx);
  await page.goto(env.base + '/');
  await page.waitForSelector('#local-link');
  await shot(page, 'hotseat-signedout-390');
  await page.click('#local-link');
  await page.waitForSelector('#local-create');
  await shot(page, 'hotseat-lobby-390');
  await create(page, '1825', 3);
  for (let i = 0; i < 3; i++) await move(page);
  await shot(page, 'hotseat-game-390');
  await shot(page, 'hotseat-game-390-full', { fullPage: true });
  assert.equal(await page.locator('#local-upload').count(), 0, 'no upload without an account');
  // the page fits the phone's width
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width}px wide on a 390px screen`);
  await page.goto(env.base + '/?local');
  await page.waitForSelector('#local-games li[data-key]');
  await shot(page, 'hotseat-list-390');
  await ctx.close();
});

test('a hotseat game in the browser ends early when asked, scored as it stands, and stays ended', { timeout: 300000 }, async (t) => {
  if (!(await moduleServed())) return t.skip('the server has no WebAssembly module (go generate ./ui)');
  const seen = env.consoleErrors.length; // the tests before go offline on purpose
  for (const vp of [{ width: 1400, height: 1000 }, { width: 390, height: 844 }]) {
    const ctx = await env.browser.newContext({ viewport: vp, acceptDownloads: true });
    const page = await newPage(ctx);
    await page.goto(env.base + '/?local');
    const key = await create(page, '1825', 3);
    for (let i = 0; i < 3; i++) await move(page);
    // a cancelled confirmation changes nothing
    page.once('dialog', (d) => d.dismiss());
    await page.click('#local-end');
    await page.waitForTimeout(300);
    assert.equal(await pos(page), 'action 3 (live)');
    page.once('dialog', (d) => d.accept());
    await page.click('#local-end');
    await page.waitForSelector('#final-scores');
    assert.equal(await page.textContent('#end-reason'), 'The players agreed to end the game.');
    assert.equal(await page.locator('#final-scores tbody tr').count(), 3);
    assert.equal(await page.locator('#local-end').count(), 0);
    await shot(page, `hotseat-ended-${vp.width}`);
    // stored: a reload shows it ended, the lobby lists it finished, the export ends with end_game
    await page.reload();
    await page.waitForSelector('#final-scores');
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#local-export')]);
    const exp = JSON.parse(readFileSync(await dl.path(), 'utf8'));
    assert.equal(exp.actions[exp.actions.length - 1].type, 'end_game');
    assert.equal(exp.status, 'finished');
    await page.goto(env.base + '/?local');
    await page.waitForSelector(`#local-games li[data-key="${key}"]`);
    assert.match(await page.textContent(`#local-games li[data-key="${key}"]`), /finished/);
    await ctx.close();
  }
  assert.deepEqual(env.consoleErrors.slice(seen), []);
});
