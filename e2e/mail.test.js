// End-to-end test of email (issue 41): `tresham serve --smtp` pointed at a
// tiny SMTP server this test runs (Node's net module, on a loopback port).
// Two players in two browsers: bob adds his address on his page and
// confirms it by the emailed link; alice's move makes it his turn, and the
// turn email arrives with the game's link, which opens his game; its
// one-click link stops the turn emails; a forgotten password is reset by
// email. E2E_SHOTS=DIR saves the Email card at desktop and phone sizes.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { env, serve, person as harnessPerson, apiCall } from './harness.js';

// ---- a tiny SMTP server: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT ----
const inbox = [];
const waiters = [];
const smtp = net.createServer((sock) => {
  let buf = '';
  let data = null; // the DATA lines being read, or null
  let from = '';
  let to = [];
  sock.write('220 e2e-smtp ready\r\n');
  sock.on('data', (chunk) => {
    buf += chunk.toString('latin1');
    for (;;) {
      const i = buf.indexOf('\r\n');
      if (i < 0) return;
      const line = buf.slice(0, i);
      buf = buf.slice(i + 2);
      if (data !== null) {
        if (line === '.') {
          inbox.push({ from, to, raw: data.join('\r\n') });
          for (const w of waiters.splice(0)) w();
          data = null;
          to = [];
          sock.write('250 queued\r\n');
        } else data.push(line.startsWith('.') ? line.slice(1) : line);
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') sock.write('250-e2e-smtp\r\n250 8BITMIME\r\n');
      else if (verb === 'HELO') sock.write('250 e2e-smtp\r\n');
      else if (verb === 'MAIL') { from = (line.match(/<([^>]*)>/) || [])[1] || ''; to = []; sock.write('250 ok\r\n'); }
      else if (verb === 'RCPT') { to.push((line.match(/<([^>]*)>/) || [])[1] || ''); sock.write('250 ok\r\n'); }
      else if (verb === 'DATA') { data = []; sock.write('354 go ahead\r\n'); }
      else if (verb === 'RSET' || verb === 'NOOP') sock.write('250 ok\r\n');
      else if (verb === 'QUIT') { sock.end('221 bye\r\n'); return; }
      else sock.write('502 not implemented\r\n');
    }
  });
  sock.on('error', () => {});
});
await new Promise((r) => smtp.listen(0, '127.0.0.1', r));
after(() => smtp.close());

/** decoded is a received message: its subject and its text (quoted-printable undone). */
function decoded(m) {
  const [head, ...rest] = m.raw.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n').replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  const subject = (head.match(/^Subject: (.*)$/m) || [])[1] || '';
  return { to: m.to, subject, text: Buffer.from(body, 'latin1').toString('utf8'), head };
}

/** mailTo waits (up to 30 s) for the n-th message to address and answers it decoded. */
async function mailTo(address, n = 1) {
  const end = Date.now() + 30000;
  for (;;) {
    const got = inbox.filter((m) => m.to.includes(address));
    if (got.length >= n) return decoded(got[n - 1]);
    if (Date.now() > end) throw new Error(`no message ${n} to ${address} in 30 s; inbox: ${JSON.stringify(inbox.map((m) => m.to))}`);
    await new Promise((r) => { waiters.push(r); setTimeout(r, 200); });
  }
}

serve(['--smtp', `127.0.0.1:${smtp.address().port}`]);

const errors = [];

// axe checks a page with axe-core and answers its serious and critical
// violations (the standard of a11y.test.js); contexts are made with
// bypassCSP so that axe-core may go in as a script.
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
async function axe(page) {
  await page.addScriptTag({ path: axePath });
  const res = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** person signs name up in a browser of their own (harness.person with this file's viewport). */
const person = (name) => harnessPerson(name, errors, { viewport: { width: 1400, height: 900 }, bypassCSP: true });

async function shot(page, name) {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: join(process.env.E2E_SHOTS, name + '.png') });
}

const api = apiCall;

/** linkIn finds env.base + '/?' + key + '=…' in text. */
function linkIn(text, key) {
  const m = text.match(new RegExp(`${env.base.replace(/[.]/g, '\\.')}/\\?${key}=[^\\s]+`));
  assert.ok(m, `no ${key} link in ${JSON.stringify(text)}`);
  return m[0];
}

test('email: confirm an address, get the turn email with the game link, stop it, reset a password', { timeout: 180000 }, async () => {
  const alice = await person('alice');
  const bob = await person('bob');
  const a = alice.page;
  const b = bob.page;

  // bob adds his address on his page; the link mailed confirms it
  await b.goto(`${env.base}/?player=bob`);
  await b.waitForSelector('#email-address');
  await b.fill('#email-address', 'bob@example.org');
  await b.click('#email-add');
  await b.waitForFunction(() => /We sent a link to bob@example\.org/.test(document.getElementById('email-msg')?.textContent || ''));
  const confirm = await mailTo('bob@example.org', 1);
  assert.match(confirm.subject, /Confirm your email address/);
  await b.goto(linkIn(confirm.text, 'confirm-email'));
  await b.waitForFunction(() => /Confirmed: bob@example\.org/.test(document.getElementById('mail-page-msg')?.textContent || ''));
  await b.goto(`${env.base}/?player=bob`);
  await b.waitForSelector('#email-current strong');
  assert.equal(await b.textContent('#email-current strong'), 'bob@example.org');
  assert.equal(await b.isChecked('#email-turns'), true);
  await b.locator('#email').scrollIntoViewIfNeeded();
  await shot(b, 'email-card-desktop');
  assert.deepEqual(await axe(b), [], 'the profile page with the Email card');
  await b.setViewportSize({ width: 390, height: 844 });
  await b.locator('#email').scrollIntoViewIfNeeded();
  await shot(b, 'email-card-phone');
  assert.deepEqual(await axe(b), [], 'the profile page with the Email card, phone');
  await b.setViewportSize({ width: 1400, height: 900 });
  // the notifications page shows the same card
  await b.goto(`${env.base}/?settings`);
  await b.waitForSelector('#email-current strong');
  assert.deepEqual(await axe(b), [], 'the notifications page');

  // a game of alice and bob; alice moves (from her browser) until it is bob's turn
  const id = (await api(a, 'POST', '/api/games', { title: '1860', players: 2 })).body.id;
  assert.equal((await api(b, 'POST', `/api/games/${id}/join`, { seat: 1 })).status, 200);
  assert.equal((await api(a, 'POST', `/api/games/${id}/start`)).status, 200);
  for (let i = 0; i < 20; i++) {
    const v = (await api(a, 'GET', `/api/games/${id}`)).body;
    const mine = v.acting.filter((e) => (v.legal[e] || []).length);
    if (!mine.length) break;
    const list = v.legal[mine[0]];
    const act = (list.find((c) => c.action.type === 'pass') || list[0]).action;
    const r = await api(a, 'POST', `/api/games/${id}/actions`, { seq: v.actions, action: act });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  const turn = await mailTo('bob@example.org', 2);
  assert.equal(turn.subject, `Your turn in 1860 game ${id}`);
  const gameLink = linkIn(turn.text, 'game');
  assert.equal(gameLink, `${env.base}/?game=${id}`);
  assert.match(turn.head, /^List-Unsubscribe: <.*\/api\/email\/unsubscribe\?user=\d+&sig=/m);
  // the link opens bob's game on his turn
  await b.goto(gameLink);
  await b.waitForSelector('#turn.yours');
  // alice never got a mail (no address); nothing else went to bob
  assert.equal(inbox.filter((m) => !m.to.includes('bob@example.org')).length, 0);

  // the one-click link stops the turn emails, without signing in
  const anon = await env.browser.newContext({ bypassCSP: true });
  const p = await anon.newPage();
  await p.goto(linkIn(turn.text, 'unsubscribe'));
  await p.waitForFunction(() => /Done: you will get no more emails/.test(document.getElementById('mail-page-msg')?.textContent || ''));
  await shot(p, 'mail-unsubscribed');
  await b.goto(`${env.base}/?player=bob`);
  await b.waitForSelector('#email-turns');
  assert.equal(await b.isChecked('#email-turns'), false);

  // a forgotten password, reset by email in a browser signed out
  await p.goto(env.base + '/');
  await p.click('#forgot-link');
  await p.waitForSelector('#forgot-name');
  assert.deepEqual(await axe(p), [], 'the forgotten password page');
  await p.fill('#forgot-name', 'bob');
  await p.click('#forgot-send');
  await p.waitForFunction(() => /a link to choose a new password is on its way/.test(document.getElementById('mail-page-msg')?.textContent || ''));
  await shot(p, 'mail-forgot');
  const reset = await mailTo('bob@example.org', 3);
  assert.match(reset.subject, /Reset your Tresham password/);
  await p.goto(linkIn(reset.text, 'reset'));
  await p.waitForSelector('#reset-password');
  assert.deepEqual(await axe(p), [], 'the new password page');
  await p.fill('#reset-password', 'a brand new secret phrase');
  await p.click('#reset-save');
  await p.waitForFunction(() => /Password changed: you are signed in as bob/.test(document.getElementById('mail-page-msg')?.textContent || ''));
  await shot(p, 'mail-reset-done');
  // bob's other browser was signed out by the reset
  assert.equal((await api(b, 'GET', '/api/me')).status, 401);
  assert.equal((await api(p, 'GET', '/api/me')).body.name, 'bob');
  await anon.close();
  assert.deepEqual(errors, []);
  await alice.ctx.close();
  await bob.ctx.close();
});
