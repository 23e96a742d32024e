// End-to-end test of programmed moves (issue 41): two players in two
// browsers; the one not to act sets "pass in this stock round" on the
// game page's card, the other's move makes that pass at once. E2E_SHOTS=DIR
// saves the card at desktop and phone sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { env, serve, person as harnessPerson, apiCall } from './harness.js';

const errors = [];

serve();

/** person signs name up in a browser of their own (harness.person with this file's viewport). */
const person = (name) => harnessPerson(name, errors, { viewport: { width: 1400, height: 900 } });

// scrollTo brings selector into view, again if a redraw replaced it meanwhile.
async function scrollTo(page, selector) {
  for (let i = 0; ; i++) {
    try {
      await page.locator(selector).first().scrollIntoViewIfNeeded({ timeout: 5000 });
      return;
    } catch (e) {
      if (i >= 5) throw e;
    }
  }
}

// mismatches is the server's count of state mismatches the pages reported
// (the in-browser engine disagreeing with the server).
async function mismatches() {
  const m = (await (await fetch(env.base + '/metrics')).text()).match(/^tresham_client_state_mismatches_total (\d+)/m);
  return m ? Number(m[1]) : 0;
}

async function shot(page, name) {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: join(process.env.E2E_SHOTS, name + '.png') });
}

const api = apiCall;

test('a programmed pass: set on the card, made by the other player\'s move', { timeout: 180000 }, async () => {
  const alice = await person('alice');
  const bob = await person('bob');
  const a = alice.page;
  const b = bob.page;
  const id = (await api(a, 'POST', '/api/games', { title: '1860', players: 2 })).body.id;
  assert.equal((await api(b, 'POST', `/api/games/${id}/join`, { seat: 1 })).status, 200);
  assert.equal((await api(a, 'POST', `/api/games/${id}/start`)).status, 200);

  // the opening auction, by the API: each player passes where a pass is
  // listed, else makes the first listed move
  let v;
  for (let i = 0; i < 300; i++) {
    v = (await api(a, 'GET', `/api/games/${id}`)).body;
    if (String(v.state.round).startsWith('Stock')) break;
    const ent = v.acting[0];
    let who = a;
    if (!(v.legal[ent] || []).length) { who = b; v = (await api(b, 'GET', `/api/games/${id}`)).body; }
    const list = v.legal[ent];
    const act = (list.find((c) => c.action.type === 'pass') || list[0]).action;
    const r = await api(who, 'POST', `/api/games/${id}/actions`, { seq: v.actions, action: act });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  assert.match(String(v.state.round), /^Stock/);
  const aliceView = (await api(a, 'GET', `/api/games/${id}`)).body;
  const bobView = (await api(b, 'GET', `/api/games/${id}`)).body;
  const alicePid = aliceView.you[0];
  const bobPid = bobView.you[0];
  const actorIsAlice = String(aliceView.acting[0]) === String(alicePid);
  const [actor, waiter, actorPid, waiterPid] = actorIsAlice ? [a, b, alicePid, bobPid] : [b, a, bobPid, alicePid];

  // the lobby marks the game as the actor's turn, and the toggle lists only such games
  await actor.goto(env.base + '/');
  await actor.waitForSelector(`#games-mine li[data-game="${id}"] .tag.your-turn`);
  await waiter.goto(env.base + '/');
  await waiter.waitForSelector(`#games-mine li[data-game="${id}"]`);
  assert.equal(await waiter.locator(`#games-mine li[data-game="${id}"] .tag.your-turn`).count(), 0);
  await waiter.check('#mine-myturn');
  await waiter.waitForFunction((gid) => !document.querySelector(`#games-mine li[data-game="${gid}"]`), id);
  await actor.check('#mine-myturn');
  await actor.waitForSelector(`#games-mine li[data-game="${id}"] .tag.your-turn`);
  await shot(actor, 'lobby-myturn-desktop');

  // the waiter sets the program on the page
  await waiter.goto(`${env.base}/?game=${id}`);
  await waiter.waitForSelector('#programs');
  await scrollTo(waiter, `#prog-${waiterPid}-pass`);
  await waiter.click(`#prog-${waiterPid}-pass`);
  try {
    await waiter.waitForFunction((pid) => /Active: Pass in the stock round/.test(document.getElementById(`prog-${pid}-active`)?.textContent || ''), waiterPid, { timeout: 15000 });
  } catch (e) {
    const card = await waiter.textContent('#programs').catch(() => '');
    const err = await waiter.evaluate(() => [...document.querySelectorAll('.error, [role=alert]')].map((x) => x.textContent).join(' | '));
    const srv = (await api(waiter, 'GET', `/api/games/${id}`)).body;
    throw new Error(`no active program shown: card ${JSON.stringify(card)}; errors ${JSON.stringify(err)}; server programs ${JSON.stringify(srv.programs)} actions ${srv.actions}`);
  }
  await scrollTo(waiter, '#programs');
  await shot(waiter, 'programs-card-desktop');
  await waiter.setViewportSize({ width: 390, height: 844 });
  await scrollTo(waiter, '#programs');
  await shot(waiter, 'programs-card-phone');
  await waiter.setViewportSize({ width: 1400, height: 900 });

  // private: the other player's view does not carry it
  const seen = (await api(actor, 'GET', `/api/games/${id}`)).body.programs || [];
  assert.ok(!seen.some((p) => p.player === waiterPid), 'the other player sees the program');

  // the actor passes: the waiter's program passes at once
  const before = (await api(actor, 'GET', `/api/games/${id}`)).body;
  const r = await api(actor, 'POST', `/api/games/${id}/actions`, { seq: before.actions, action: { type: 'pass', entity: actorPid, entity_type: 'player' } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const exp = (await api(actor, 'GET', `/api/games/${id}/export`)).body;
  const last = exp.actions[exp.actions.length - 1];
  assert.deepEqual((last.auto_actions || []).map((x) => `${x.type} ${x.entity}`).slice(0, 1), [`pass ${waiterPid}`]);
  // the card says why the order ended (the stock round ended with that pass)
  await waiter.reload();
  await waiter.waitForSelector(`#prog-${waiterPid}-stopped`);
  assert.match(await waiter.textContent(`#prog-${waiterPid}-stopped`), /Your last order \(Pass in the stock round\) stopped: the stock round ended\./);

  // the notepad: written on the page, kept on the server, read by its owner only
  await waiter.goto(`${env.base}/?game=${id}`);
  await waiter.waitForSelector('#note-text');
  await scrollTo(waiter, '#note-text');
  await waiter.fill('#note-text', 'Start FYN next stock round.');
  await waiter.click('#note-save');
  await waiter.waitForFunction(() => document.getElementById('note-status')?.textContent === 'Saved.');
  await shot(waiter, 'notes-card-desktop');
  assert.equal((await api(waiter, 'GET', `/api/games/${id}/note`)).body.text, 'Start FYN next stock round.');
  assert.equal((await api(actor, 'GET', `/api/games/${id}/note`)).body.text, '');
  await waiter.reload();
  await waiter.waitForFunction(() => document.getElementById('note-text')?.value === 'Start FYN next stock round.');
  // the pages' engines (when the page has one) agreed with the server throughout
  assert.equal(await mismatches(), 0);
  assert.deepEqual(errors, []);
});
