// The lobby (issue 15): a hotseat game starts at once with the seat names
// given, 1825's unit combination is one list of the combinations the title
// registry lists (with the player counts each allows), and a visitor
// signed out who watches a game is shown how to sign in and comes back to
// it after.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, shot } from './harness.js';

serve();

const VIEWPORTS = [{ width: 1400, height: 1000 }, { width: 390, height: 844 }];

async function context(vp) {
  const phone = vp.width < 500;
  return env.browser.newContext({ viewport: vp, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
}

test('lobby: 1825 units are one list, seats are named, a hotseat game starts at once', { timeout: 300000 }, async () => {
  for (const vp of VIEWPORTS) {
    const ctx = await context(vp);
    // every text the turn banner shows, from the first draw on
    await ctx.addInitScript(() => {
      window.turnTexts = [];
      new MutationObserver(() => {
        const t = document.getElementById('turn');
        if (t && t.textContent !== window.turnTexts[window.turnTexts.length - 1]) window.turnTexts.push(t.textContent);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const page = await newPage(ctx);
    await signUp(page, `lobby${vp.width}`);
    const titles = await page.evaluate(async () => (await fetch('/api/titles')).json());
    const units = titles.find((t) => t.title === '1825').options.filter((o) => o.group === 'Units');
    assert.deepEqual(units.map((o) => o.name), ['unit_1', 'unit_2', 'unit_3', 'unit_12', 'unit_23', 'unit_123']);

    await page.selectOption('#create-title', '1825');
    await page.check('#create-hotseat');
    // one list: the default and each combination with its player counts
    const listed = await page.$$eval('#create-units option', (os) => os.map((o) => [o.value, o.textContent]));
    assert.deepEqual(listed.map(([v]) => v), ['', ...units.map((o) => o.name)]);
    for (const o of units) {
      const text = listed.find(([v]) => v === o.name)[1];
      const n = o.min_players === o.max_players ? `${o.min_players} players` : `${o.min_players} to ${o.max_players} players`;
      assert.ok(text.includes(n), `${o.name}: "${text}" names ${n}`);
    }
    assert.equal(await page.locator('.create input[type=checkbox][value^="unit_"]').count(), 0, 'no unit check boxes');
    // Units 2 and 3: the player count moves into its range
    await page.fill('#create-players', '6');
    await page.dispatchEvent('#create-players', 'change');
    await page.selectOption('#create-units', 'unit_23');
    assert.equal(await page.inputValue('#create-players'), '5');
    // a count the chosen units do not allow sets the list back to the default
    await page.fill('#create-players', '2');
    await page.dispatchEvent('#create-players', 'change');
    assert.equal(await page.inputValue('#create-units'), '');
    await page.selectOption('#create-units', 'unit_3');
    assert.equal(await page.inputValue('#create-players'), '2');
    await page.fill('#create-seat-0', 'Ann');
    await page.fill('#create-seat-1', 'Bob');
    await shot(page, `lobby-create-${vp.width}`);
    await page.click('#create');
    await page.waitForSelector('#turn.yours');
    const id = new URL(page.url()).searchParams.get('game');
    const v = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
    assert.equal(v.status, 'active');
    assert.deepEqual(v.options, ['unit_3']);
    assert.deepEqual(v.seats.map((s) => s.name), ['Ann', 'Bob']);
    assert.deepEqual(v.state.players.map((p) => p.name), ['Ann', 'Bob']);
    const seen = await page.evaluate(() => window.turnTexts);
    assert.ok(!seen.some((t) => /Waiting/.test(t)), `the banner never waited: ${seen.join(' | ')}`);
    assert.equal(await page.locator('#start-game').count(), 0);
    // a hotseat game offers the coach, with the engine running in the page
    assert.equal(await page.locator('#hint').count(), 1, 'the Hint button is offered');
    await shot(page, `lobby-hotseat-started-${vp.width}`);
    // the lobby lists it as being played, with no Start button
    await page.goto(env.base + '/');
    await page.waitForSelector(`#games-mine .game[data-game="${id}"]`);
    assert.equal(await page.locator(`#games-mine .game[data-game="${id}"] button.start`).count(), 0);
    assert.equal(await page.textContent(`#games-mine .game[data-game="${id}"] .status`), 'being played');
    await ctx.close();
  }
});

test('lobby of hotseat games in this browser: the same one list of 1825 units', { timeout: 120000 }, async () => {
  const ctx = await context(VIEWPORTS[0]);
  const page = await newPage(ctx);
  await page.goto(env.base + '/?local');
  await page.waitForSelector('#local-create');
  await page.selectOption('#local-title', '1825');
  const titles = await page.evaluate(async () => (await fetch('/api/titles')).json());
  const units = titles.find((t) => t.title === '1825').options.filter((o) => o.group === 'Units').map((o) => o.name);
  assert.deepEqual(await page.$$eval('#local-units option', (os) => os.map((o) => o.value)), ['', ...units]);
  assert.equal(await page.locator('#local-create input[type=checkbox][value^="unit_"]').count(), 0, 'no unit check boxes');
  await page.fill('#local-players', '7');
  await page.dispatchEvent('#local-players', 'change');
  await page.selectOption('#local-units', 'unit_1');
  assert.equal(await page.inputValue('#local-players'), '5', 'Unit 1 is for 2 to 5 players');
  assert.equal(await page.locator('#local-create input.local-name').count(), 5);
  await ctx.close();
});

test('lobby: a visitor signed out who watches a game sees how to sign in, and comes back to it', { timeout: 300000 }, async () => {
  for (const vp of VIEWPORTS) {
    const host = await context(vp);
    const a = await newPage(host);
    await signUp(a, `host${vp.width}`);
    const id = await a.evaluate(async () => {
      const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title: '1860', players: 3 }) });
      return (await r.json()).id;
    });
    const ctx = await context(vp);
    const page = await newPage(ctx);
    await page.goto(`${env.base}/?game=${id}`);
    await page.waitForSelector('#spectator-signin');
    assert.match(await page.textContent('#spectator'), /You are watching this game/);
    assert.equal(await page.locator('#sign-in-link').count(), 1, 'the header links to sign in too');
    await shot(page, `lobby-spectator-${vp.width}`);
    await page.click('#spectator-signin');
    await page.waitForSelector('#auth-name');
    await page.fill('#auth-name', `watcher${vp.width}`);
    await page.fill('#auth-password', 'correct horse battery staple');
    await page.click('#signup');
    await page.waitForURL((u) => u.searchParams.get('game') === String(id));
    await page.waitForSelector('#me-link');
    assert.equal(await page.locator('#spectator').count(), 0, 'signed in: no longer a spectator');
    await ctx.close();
    await host.close();
  }
  assert.deepEqual(env.consoleErrors, []);
});

test('lobby: the computer players come from the server, and a seat names its level', { timeout: 120000 }, async () => {
  for (const vp of VIEWPORTS) {
    const ctx = await context(vp);
    const page = await newPage(ctx);
    await signUp(page, `levels${vp.width}`);
    const bots = await page.evaluate(async () => (await fetch('/api/bots')).json());
    assert.deepEqual(bots.filter((b) => b.level).map((b) => b.level), ['easy', 'medium', 'hard', 'expert']);
    const listed = await page.$$eval('#create-bot-kind option', (os) => os.map((o) => [o.value, o.textContent, o.selected]));
    assert.deepEqual(listed.map(([v, t]) => [v, t]), bots.map((b) => [b.kind, b.label]));
    assert.equal(listed.find(([, , sel]) => sel)[0], bots.find((b) => b.level === 'medium').kind, 'medium is chosen first');
    // in each title, a table waiting for players, with a hard computer player in its last seat
    for (const title of ['1860', '1825']) {
      await page.selectOption('#create-title', title);
      await page.fill('#create-players', '3');
      await page.uncheck('#create-hotseat');
      await page.fill('#create-bots', '1');
      await page.selectOption('#create-bot-kind', bots.find((b) => b.level === 'hard').kind);
      await shot(page, `lobby-levels-${title}-${vp.width}`);
      await Promise.all([page.waitForURL(/\?game=/), page.click('#create')]);
      const id = new URL(page.url()).searchParams.get('game');
      await page.goto(`${env.base}/`);
      const row = page.locator(`#games-mine li.game[data-game="${id}"]`);
      await row.waitFor();
      const text = await row.textContent();
      assert.ok(text.includes('(hard computer player)'), `${title}: the seat names its level: ${text}`);
      assert.ok(!/search|heuristic/.test(text), `${title}: no bot kind shown: ${text}`);
      await shot(page, `lobby-level-seat-${title}-${vp.width}`);
    }
    await ctx.close();
  }
});
