// End-to-end tests of tables, the lobby's paging and search, invite links
// and player pages (issue 24), against a real `tresham serve` in Debian's
// chromium. E2E_SHOTS=DIR saves desktop and phone screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { env, serve, person as harnessPerson, apiCall } from './harness.js';

const errors = [];

serve();

/** person signs name up in a browser of their own (harness.person with this file's viewport). */
const person = (name) => harnessPerson(name, errors, { viewport: { width: 1300, height: 950 } });

async function shot(page, name) {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: join(process.env.E2E_SHOTS, name + '.png') });
}

const api = apiCall;

test('invite-only table: link, seats freed by the host, start with the minimum', { timeout: 120000 }, async () => {
  const alice = await person('alice');
  const bob = await person('bob');
  const a = alice.page;
  await a.fill('#create-name', 'Friday friends');
  await a.fill('#create-description', 'Friends only, one move a day.');
  await a.selectOption('#create-title', '1860');
  await a.fill('#create-players', '3');
  await a.uncheck('#create-hotseat');
  await a.fill('#create-min', '2');
  await a.check('#create-invite');
  await shot(a, 'create-table-desktop');
  await a.click('#create');
  await a.waitForSelector('#invite-link');
  const link = await a.inputValue('#invite-link');
  assert.match(link, /\?game=\d+&invite=[A-Za-z0-9_-]{43}$/);
  await shot(a, 'invite-link-desktop');
  const id = new URL(link).searchParams.get('game');
  await a.waitForSelector(`#games-mine li[data-game="${id}"] .tag.invite`);

  // not listed to bob, not found by searching, not visible without the link
  const b = bob.page;
  await b.reload();
  await b.waitForSelector('#games-open');
  assert.equal(await b.$(`#games-open li[data-game="${id}"]`), null, 'invite-only table listed to a stranger');
  await b.fill('#find-q', 'friday');
  await b.click('#find');
  await b.waitForSelector('#games-found:not([hidden]) p.muted:not([hidden])');
  assert.equal((await api(b, 'GET', `/api/games/${id}`)).status, 404);
  const wrong = link.replace(/invite=.(.*)$/, (m, rest) => 'invite=' + (link.at(-43) === 'A' ? 'B' : 'A') + rest);
  await b.goto(wrong);
  await b.waitForSelector('text=This invitation does not work');

  // the link seats him
  await b.goto(link);
  await b.waitForSelector('.invited');
  assert.match(await b.textContent('.invited'), /Friday friends/);
  await shot(b, 'invited-desktop');
  await Promise.all([b.waitForURL(new RegExp(`\\?game=${id}$`)), b.click('.invited li.game button:text("Join")')]);

  // the host frees his seat (bob back in the lobby: a freed player no
  // longer sees an invite-only game, so his game page would lose it), he
  // takes it again, the host starts with 2 of 3
  await b.goto(env.base + '/');
  await b.waitForSelector(`#games-mine li[data-game="${id}"]`);
  await a.goto(env.base + '/');
  const item = `#games-mine li[data-game="${id}"]`;
  await a.waitForSelector(`${item} >> text=bob`);
  await a.click(`${item} button.free`);
  await a.waitForFunction((sel) => !document.querySelector(sel)?.textContent.includes('bob'), item);
  await b.goto(link);
  await Promise.all([b.waitForURL(new RegExp(`\\?game=${id}$`)), b.click('.invited li.game button:text("Join")')]);
  await a.reload();
  await a.waitForSelector(`${item} button.start`);
  await a.click(`${item} button.start`);
  await a.waitForSelector(`${item} >> text=being played`);
  const v = (await api(a, 'GET', `/api/games/${id}`)).body;
  assert.equal(v.status, 'active');
  assert.equal(v.seats.length, 2);
  await alice.ctx.close();
  await bob.ctx.close();
});

test('lobby pages and searches; leaving a table', { timeout: 120000 }, async () => {
  const carol = await person('carol');
  const dave = await person('dave');
  const c = carol.page;
  for (let i = 0; i < 12; i++) {
    const r = await api(c, 'POST', '/api/games', { title: i % 2 ? '1825' : '1860', players: 2, name: i === 3 ? 'Needle in the haystack' : `Table ${i}` });
    assert.equal(r.status, 201);
  }
  await c.reload();
  await c.waitForSelector('#games-open li.game');
  const count = () => c.$$eval('#games-open > ul > li.game', (l) => l.length);
  assert.equal(await count(), 10, 'a page is ten games');
  await c.click('#games-open button.more');
  await c.waitForFunction(() => document.querySelectorAll('#games-open > ul > li.game').length > 10);
  const ids = await c.$$eval('#games-open > ul > li.game', (l) => l.map((x) => Number(x.dataset.game)));
  assert.equal(new Set(ids).size, ids.length, 'paging shows a game once');
  assert.deepEqual(ids, [...ids].sort((x, y) => y - x), 'newest first');
  await c.fill('#find-q', 'NEEDLE');
  await c.click('#find');
  await c.waitForSelector('#games-found li.game');
  assert.equal(await c.$$eval('#games-found li.game', (l) => l.length), 1);
  assert.match(await c.textContent('#games-found'), /Needle in the haystack/);
  await c.selectOption('#find-title', '1825');
  await c.fill('#find-q', '');
  await c.fill('#find-player', 'carol');
  await c.click('#find');
  await c.waitForFunction(() => [...document.querySelectorAll('#games-found li.game')].every((li) => li.textContent.includes('1825')) && document.querySelectorAll('#games-found li.game').length === 6);
  await shot(c, 'lobby-desktop');

  // dave takes a seat, then leaves before the start
  const d = dave.page;
  await d.reload();
  const first = `#games-open li[data-game="${ids[0]}"]`;
  await d.click(`${first} button:text("Join")`);
  await d.waitForSelector(`#games-mine li[data-game="${ids[0]}"] button.leave`);
  await d.click(`#games-mine li[data-game="${ids[0]}"] button.leave`);
  await d.waitForSelector(`#games-mine li[data-game="${ids[0]}"]`, { state: 'detached' });
  const g = (await api(d, 'GET', `/api/games/${ids[0]}`)).body;
  assert.equal(g.seats[1].user_id, undefined);

  const phone = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const p = await phone.newPage();
  p.on('pageerror', (e) => errors.push(`${p.url()}: ${e.message}`));
  await p.goto(env.base + '/');
  await p.fill('#auth-name', 'carol');
  await p.fill('#auth-password', 'correct horse battery staple');
  await p.click('#login');
  await p.waitForSelector('#games-open li.game');
  const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the phone lobby scrolls sideways by ${overflow}px`);
  await shot(p, 'lobby-phone');
  await phone.close();
  await carol.ctx.close();
  await dave.ctx.close();
});

test('profile page, password change and account deletion', { timeout: 120000 }, async () => {
  const erin = await person('erin');
  const frank = await person('frank');
  const e = erin.page;
  await api(e, 'POST', '/api/games', { title: '1860', players: 2, name: 'Erin table' });
  await e.click('#me-link');
  await e.waitForSelector('.profile h1');
  assert.equal(await e.textContent('.profile h1'), 'erin');
  assert.match(await e.textContent('#profile-games'), /Erin table/);
  assert.match(await e.textContent('.profile'), /No finished games yet/);
  // password: the old one is required
  await e.fill('#pw-old', 'wrong password here');
  await e.fill('#pw-new', 'a brand new passphrase');
  await e.click('#pw-change');
  await e.waitForSelector('#pw-msg.error');
  assert.match(await e.textContent('#pw-msg'), /current password is wrong/);
  await e.fill('#pw-old', 'correct horse battery staple');
  await e.click('#pw-change');
  await e.waitForSelector('#pw-msg:not(.error):has-text("Password changed")');
  await shot(e, 'profile-desktop');
  const phone = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, storageState: await erin.ctx.storageState() });
  const p = await phone.newPage();
  await p.goto(env.base + '/?player=erin');
  await p.waitForSelector('.profile h1');
  const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the phone profile scrolls sideways by ${overflow}px`);
  await shot(p, 'profile-phone');
  await phone.close();

  // frank deletes his account
  const f = frank.page;
  await f.goto(env.base + '/?player=frank');
  await f.waitForSelector('#delete-account');
  await f.fill('#delete-password', 'correct horse battery staple');
  await f.check('#delete-sure');
  await Promise.all([f.waitForSelector('#auth-name'), f.click('#delete-account')]);
  await e.goto(env.base + '/?player=frank');
  await e.waitForSelector('text=There is no player called frank.');
  await erin.ctx.close();
  await frank.ctx.close();
});

test('silent seats: the vote is refused before the limit; a wrong substitute link', { timeout: 120000 }, async () => {
  const gina = await person('gina');
  const hugo = await person('hugo');
  const g = gina.page;
  await g.fill('#create-name', 'Slow table');
  await g.fill('#create-players', '2');
  await g.uncheck('#create-hotseat');
  await g.fill('#create-silence', '24');
  await Promise.all([g.waitForURL(/\?game=/), g.click('#create')]);
  const id = new URL(g.url()).searchParams.get('game');
  const hu = hugo.page;
  await hu.reload();
  await hu.click(`#games-open li[data-game="${id}"] button:text("Join")`);
  await hu.waitForSelector(`#games-mine li[data-game="${id}"] >> text=being played`);
  assert.match(await hu.textContent(`#games-mine li[data-game="${id}"]`), /24 h to move/);
  await hu.click(`#games-mine li[data-game="${id}"] button.hand-bot`);
  await hu.waitForFunction(() => /can be handed over after 1 day \(/.test(document.getElementById('lobby-error').textContent));
  await shot(hu, 'handover-refused-desktop');
  await hu.goto(`${env.base}/?game=${id}&seat=0&substitute=${'A'.repeat(43)}`);
  await hu.click('#take-over');
  await hu.waitForSelector('text=This link does not work');
  await gina.ctx.close();
  await hugo.ctx.close();
});

test('no page errors', () => {
  assert.deepEqual(errors, []);
});
