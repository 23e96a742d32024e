// Screenshots of every round and step of both titles at 1400×900 and on
// a 390×844 phone (issue 40, "Done when"): each position of a real game is
// checked to be the step it is named after (a move of that kind is among
// those the engine lists, and the page shows a choice for it),
// and with SHOTS=DIR the page is saved as DIR/round-TITLE-NN-STEP-SIZE.png
// (quantised with pngquant when it is installed). To remake the set:
//   cd e2e && SHOTS=../docs/screenshots node --test screens.test.js
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { env, serve, newPage, signUp, openFile, openAt, gameView, readFixture, importGame, fixturePath, desktop, phone } from './harness.js';

serve();

// STEPS: the position of each round and step (n: actions kept; a move of
// type next is among those the engine lists). The panel shows the choice
// under `panel`.
const STEPS = [
  { title: '1860', game: '19354', n: 20, next: 'bid', name: 'auction-bid', panel: '#auction-bids' },
  { title: '1860', game: '19354', n: 21, next: 'par', name: 'auction-pick', panel: '#auction' },
  { title: '1860', game: '19354', n: 36, next: 'buy_shares', name: 'stock-buy', panel: '.card-choice.buy_shares' },
  { title: '1860', game: '19354', n: 151, next: 'par', name: 'stock-par-chart', panel: '#par-chart' },
  { title: '1860', game: '19354', n: 76, next: 'sell_shares', name: 'stock-sell', panel: '.card-choice.sell_shares' },
  { title: '1860', game: '19354', n: 41, next: 'lay_tile', name: 'operating-tile', panel: '.panel' },
  { title: '1860', game: '19354', n: 58, next: 'place_token', name: 'operating-token', panel: '.panel' },
  { title: '1860', game: '19354', n: 68, next: 'run_routes', name: 'operating-run', panel: '#run-routes' },
  { title: '1860', game: '19354', n: 69, next: 'dividend', name: 'operating-dividend', panel: '.group.dividend' },
  { title: '1860', game: '19354', n: 54, next: 'buy_train', name: 'operating-train', panel: '.panel' },
  { title: '1860', game: '19354', n: 454, next: 'buy_company', name: 'operating-buy-private', panel: '.panel' },
  { title: '1860', game: '1860_game_end_bank', n: 600, next: 'dividend', name: 'operating-insolvent-company', panel: '.group.dividend' },
  // NGStL without a director runs in receivership; S&C and FYN nationalised (OR 8.3)
  { title: '1860', game: '19354', n: 443, next: 'run_routes', name: 'operating-receivership', panel: '#run-routes', status: { NGStL: 'receivership' } },
  { title: '1860', game: '19354', n: 486, next: 'run_routes', name: 'operating-nationalisation', panel: '#run-routes', status: { 'S&C': 'nationalized' } },
  { title: '1825', game: '1825_game_end_bank', n: 0, next: 'buy_company', name: 'privates-sale', panel: '.panel' },
  { title: '1825', game: '141331', n: 1, next: 'buy_shares', name: 'stock-buy', panel: '.panel' },
  { title: '1825', game: '141331', n: 12, next: 'par', name: 'stock-par', panel: '.group.par' },
  { title: '1825', game: '141331', n: 166, next: 'sell_shares', name: 'stock-sell', panel: '.card-choice.sell_shares' },
  { title: '1825', game: '141331', n: 46, next: 'sell_company', name: 'sell-private', panel: '.panel' },
  { title: '1825', game: '141331', n: 19, next: 'lay_tile', name: 'operating-tile', panel: '.panel' },
  { title: '1825', game: '141331', n: 154, next: 'place_token', name: 'operating-token', panel: '.panel' },
  { title: '1825', game: '141331', n: 57, next: 'run_routes', name: 'operating-run', panel: '#run-routes' },
  { title: '1825', game: '141331', n: 58, next: 'dividend', name: 'operating-dividend', panel: '.group.dividend' },
  { title: '1825', game: '141331', n: 22, next: 'buy_train', name: 'operating-train', panel: '.panel' },
  { title: '1825', game: '141331', n: 600, next: 'buy_train', name: 'operating-late-14-companies', panel: '.panel' },
  { title: '1825', game: '1825_game_end_bank', n: 458, next: 'special_buy', name: 'operating-special-buy', panel: '.panel' },
  // a synthetic game (4 players, units 2 and 3): GNoS in receivership after its director's sale
  { title: '1825', dir: 'synthetic/1825', game: '1825-unit_23-4p-57', n: 700, next: 'run_routes', name: 'operating-receivership', panel: '#run-routes', status: { GNoS: 'receivership' } },
];

// save writes the page's screenshot as round-NAME.png under $SHOTS,
// quantised by pngquant when it is there (a third of the size).
async function save(page, name) {
  if (!process.env.SHOTS) return;
  const path = join(process.env.SHOTS, `round-${name}.png`);
  await page.screenshot({ path });
  try { execFileSync('pngquant', ['--force', '--skip-if-larger', '--quality', '60-90', '--speed', '3', '--output', path, path], { stdio: 'ignore' }); } catch { /* not installed, or not smaller: kept as taken */ }
}

for (const [size, opts] of [['desktop', desktop], ['phone', phone]]) {
  test(`every round and step of both titles, as the engine lists it (${size})`, { timeout: 900000 }, async () => {
    const ctx = await env.browser.newContext(opts);
    const page = await newPage(ctx);
    await signUp(page, `screens-${size}`);
    const counts = {};
    for (const s of STEPS) {
      const nth = (counts[s.title] = (counts[s.title] || 0) + 1);
      const label = `${s.title}/${s.game} at ${s.n} (${s.name}, ${size})`;
      if (s.dir) await openAt(page, s.dir, `${s.game}.json`, s.n);
      else await openFile(page, fixturePath(s.title, s.game), s.n);
      const v = await gameView(page);
      const listed = Object.values(v.legal).flat().map((c) => c.action.type);
      assert.ok(listed.includes(s.next), `${label}: the engine lists ${s.next} (${[...new Set(listed)]})`);
      // a company's status as the engine has it, and its card says it
      for (const [sym, flag] of Object.entries(s.status || {})) {
        const c = v.state.corporations.find((x) => x.sym === sym);
        assert.ok(c && c[flag], `${label}: ${sym} is ${flag} in the engine's state`);
        const tags = await page.$eval(`.ccard[data-corp="${sym}"]`, (el) => el.textContent);
        assert.match(tags, flag === 'receivership' ? /in receivership/ : /nationali[sz]ed/, `${label}: ${sym}'s card says ${flag}`);
      }
      await page.waitForSelector(s.panel);
      // on a phone the choice being made is scrolled to, below the sticky map
      if (size === 'phone') await page.locator(s.panel).first().scrollIntoViewIfNeeded();
      await save(page, `${s.title}-${String(nth).padStart(2, '0')}-${s.name}-${size}`);
    }
    // the end of each game: the final scores over the table
    for (const [title, game] of [['1860', '19354'], ['1825', '141331']]) {
      const id = await importGame(page, readFixture(`${title}/${game}.json`));
      await page.goto(`${env.base}/?game=${id}`);
      await page.waitForSelector('#final-scores');
      assert.ok((await gameView(page)).finished, `${title}/${game}: finished`);
      await save(page, `${title}-99-game-end-${size}`);
    }
    await ctx.close();
  });
}
