// The review card's costly moves in French, as the coach rates them: the
// server reviews the finished 1860 game 19354 with a budget large enough
// to rate moves (--review-budget 30000n: 24 costly moves found by
// `tresham analyse --review --budget 30000n`, 166 s at load 26 on 2
// cores), and the card's list of costly moves reads in French, with no
// English word of the interface (translate="no" parts included; player
// names taken out). i18n.test.js checks the rest of the card at a small
// budget, and the list on a constructed report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, readFixture, importGame } from './harness.js';

serve(['--review-budget', '30000n']);

// ENGLISH are words of the list in English that French does not share
// (not 'train', 'par').
const ENGLISH = new Set(['buy', 'Buy', 'sell', 'Sell', 'pass', 'Pass', 'better', 'gave', 'up', 'about', 'final', 'worth', 'against', 'best', 'other',
  'player', 'See', 'the', 'board', 'then', 'share', 'shares', 'of', 'for', 'from', 'bid', 'Bid', 'pays', 'out', 'withhold', 'Auction', 'at']);

test('French: the costly moves the coach rates, on the review card', { timeout: 900000 }, async (t) => {
  const ctx = await env.browser.newContext({ locale: 'fr-FR', viewport: { width: 1400, height: 900 } });
  const page = await newPage(ctx);
  await signUp(page, 'frcostly');
  const id = await importGame(page, readFixture('1860/19354.json'));
  await page.goto(`${env.base}/?game=${id}`);
  await page.waitForSelector('#final-scores #review #review-start');
  await page.click('#review-start');
  await page.waitForSelector('#review #review-moves', { timeout: 840000 });
  const rep = (await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}/review`)).json(), id)).report;
  const marked = rep.decisions.filter((d) => d.marked);
  t.diagnostic(`${rep.decisions.filter((d) => d.rated).length} of ${rep.decisions.length} decisions rated, ${marked.length} costly`);
  assert.ok(marked.length > 0, 'the coach marks a costly move at this budget');
  const items = await page.$$eval('#review-moves li', (ls) => ls.map((l) => l.textContent));
  assert.equal(items.length, marked.length, 'one entry per costly move');
  t.diagnostic(`the costly moves in French: ${items.slice(0, 6).join(' | ')}`);
  let text = items.join('\n');
  for (const p of rep.players) text = text.replaceAll(p.name, '');
  const left = text.split('\n').filter((l) => l.replace(/\S+ \{[^}]*\}/g, '').split(/[^\p{L}]+/u).some((w) => ENGLISH.has(w)));
  assert.deepEqual(left, [], 'English left in the costly moves');
  for (const it of items) assert.match(it, /mieux : /);
  await page.$eval('#review-moves', (el) => el.scrollIntoView({ block: 'center' }));
  if (process.env.SHOTS) await (await page.$('#review')).screenshot({ path: `${process.env.SHOTS}/review-costly-rated-fr-1860.png` });
  await ctx.close();
});
