// A game played with the keyboard only (issue 44): the moves of a real
// 18xx.games game are made again on the game page with page.keyboard and
// nothing else (no click, no focus() from the test): the "a" key to reach
// the action panel, Tab to the choice, Enter, typing a bid, arrows in a
// list. In 1860 from the opening auction through the first stock round and
// operating rounds to a company's run and dividend; in 1825 a stock round
// and the operating round after it. At the end the game's state must be
// the one the real game had after the same moves (the engine's view of
// both, compared field by field), so each key press made the move the
// player made. Along the way: focus after a move is on the action panel's
// heading, never lost to the page; the live region stays quiet on the
// player's own moves; a run is also built stop by stop from the listed
// stops, and the engine's answer read. SHOTS=DIR saves screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, readFixture, importGame, liveCut, shot } from './harness.js';

serve();

// effective lists the moves of an export's actions that stand (an undo
// takes back the last move, or back to the action it names), as the
// seats made them: a program's automatic passes count as the seat's pass;
// chat and program settings are not moves.
function effective(actions) {
  const kept = [];
  for (const a of actions) {
    if (a.type === 'undo') {
      if (a.action_id !== undefined) { while (kept.length && kept[kept.length - 1].id !== a.action_id) kept.pop(); } else kept.pop();
      continue;
    }
    if (a.type === 'redo' || a.type === 'message') continue;
    kept.push(a);
  }
  const moves = [];
  for (const a of kept) {
    if (!a.type.startsWith('program_')) moves.push({ ...a, auto_actions: undefined });
    for (const x of a.auto_actions || []) if (!x.type.startsWith('program_')) moves.push(x);
  }
  return moves;
}

// isTarget tells whether the focused element is the control step names
// (run in the page). A step names the entity whose choice it is and what
// the control is.
function isTarget(step) {
  const el = document.activeElement;
  if (!el || !el.closest) return false;
  if (step.what === 'heading') return el.matches('aside.panel h2');
  const box = el.closest('aside.panel fieldset.entity');
  if (!box || box.dataset.entity !== String(step.entity)) return false;
  const text = (el.getAttribute('aria-label') || el.textContent || '').replace(/\s+/g, ' ').trim();
  const money = (n) => `£${n}`;
  const corp = (s) => String(s).slice(0, String(s).lastIndexOf('_'));
  const a = step.move;
  switch (step.what) {
    case 'bid-price': return el.matches('form.price-choice[data-type="bid"] input[type="number"]');
    case 'bid-company': return el.matches('button.choice.bid') && text.includes(`(${a.company})`);
    case 'par-select': return el.matches(`select.par-price[data-corp="${CSS.escape(a.corporation)}"]`);
    case 'par-button': return el.matches('button.choice.par') && text.startsWith(`Start ${a.corporation} at par ${money(Number(String(a.share_price).split(',')[0]))}`);
    case 'buy_shares': return el.matches('button.choice.buy_shares') && (text.includes(` of ${corp(a.shares[0])} `) || text.includes(`the ${corp(a.shares[0])} director`));
    case 'sell_shares': return el.matches('button.choice.sell_shares') && text.startsWith(`Sell ${a.percent}% of ${corp(a.shares[0])} `);
    case 'sell_company': return el.matches('button.choice.sell_company') && text.includes(`(${a.company})`) && text.endsWith(money(a.price));
    case 'pass': return el.matches('button.choice.pass');
    case 'hex': return el.matches(`button.hex-pick[data-hex="${CSS.escape(a.hex)}"]`);
    case 'tile': return el.matches('button.tile-pick') && el.dataset.tile.replace(/-\d+$/, '') === a.tile.replace(/-\d+$/, '');
    case 'rotate': return el.matches('#rotate');
    case 'confirm-tile': return el.matches('#confirm-tile');
    case 'token': {
      const hex = document.querySelector(`svg.map .city[data-city="${CSS.escape(a.city)}"]`)?.dataset.hex;
      return el.matches('button.choice.place_token') && !!hex && text.includes(`(${hex}`);
    }
    case 'buy_train': return el.matches('button.choice.buy_train') && text.startsWith(`Buy a ${a.train.replace(/-\d+$/, '')} train `) && text.includes(` for ${money(a.price)}`);
    case 'run': return el.matches('#run-routes') && !el.disabled;
    case 'edit-routes': return el.matches('#edit-routes');
    case 'stop': return el.matches('button.stop-pick') && (!step.text || el.textContent === step.text);
    case 'train': return el.matches(`button.train-pick[data-train="${CSS.escape(step.train)}"]`);
    case 'edit-undo': return el.matches('#edit-undo');
    case 'auto-routes': return el.matches('#auto-routes');
    case 'edit-clear': return el.matches('#edit-clear');
    case 'dividend': return el.matches('button.choice.dividend') && el.closest('.dividend-choice')?.dataset.kind === a.kind;
    default: return false;
  }
}

const typingNow = () => ['INPUT', 'SELECT', 'TEXTAREA'].includes(document.activeElement?.tagName);

// tabTo goes to the control step names with the keyboard: the "a" key to
// the action panel, then Tab until it has the focus (Shift+Tab when back
// is nearer is not needed: the panel's choices follow its heading). It
// answers how many keys it took.
async function tabTo(page, step, stats, { fromPanel = true } = {}) {
  let keys = 0;
  if (fromPanel && !(await page.evaluate(isTarget, step))) {
    while (await page.evaluate(typingNow)) { await page.keyboard.press('Tab'); keys++; }
    await page.keyboard.press('a');
    keys++;
  }
  let again = false;
  for (let i = 0; i < 600; i++) {
    if (await page.evaluate(isTarget, step)) { stats.keys += keys; return keys; }
    // past the panel's last control: back to its head with "a", once
    if (!again && !(await page.evaluate(() => !!document.activeElement?.closest('aside.panel'))) && !(await page.evaluate(typingNow))) {
      again = true;
      await page.keyboard.press('a');
    } else {
      await page.keyboard.press('Tab');
    }
    keys++;
  }
  const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  if (process.env.DEBUG) console.log(await page.evaluate(() => document.querySelector('aside.panel').innerHTML));
  throw new Error(`no control for ${step.what} of ${JSON.stringify(step.move)} reached with Tab (focus on ${where})`);
}

const actionsShown = (page) => page.evaluate(() => Number((/action (\d+)/.exec(document.getElementById('history-pos')?.textContent || '') || [])[1]));

// untilMoved waits until the page shows more actions than before and the
// action panel is drawn for the live game.
async function untilMoved(page, before) {
  await page.waitForFunction((b) => {
    const m = /action (\d+) \(live\)/.exec(document.getElementById('history-pos')?.textContent || '');
    return m && Number(m[1]) > b && document.querySelector('aside.panel h2');
  }, before, { timeout: 60000 });
}

// focusAfterMove checks where the focus went after a move: the action
// panel's heading (or a control in the panel), never the page's body.
async function focusAfterMove(page, stats) {
  const where = await page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    if (a.matches('aside.panel h2')) return 'heading';
    return a.closest('aside.panel') ? `panel ${a.tagName.toLowerCase()}${a.id ? '#' + a.id : ''}.${a.className}` : a.tagName;
  });
  stats.focus[where] = (stats.focus[where] || 0) + 1;
}

// play makes one move with the keyboard.
async function play(page, a, stats, opts) {
  const before = await actionsShown(page);
  const step = (what) => ({ what, entity: a.entity, move: a });
  const enter = async (what, o) => { await tabTo(page, step(what), stats, o); await page.keyboard.press('Enter'); stats.keys++; };
  switch (a.type) {
    case 'bid':
      if (a.company) { await enter('bid-company'); break; }
      await tabTo(page, step('bid-price'), stats);
      await page.keyboard.press('Control+A');
      await page.keyboard.type(String(a.price));
      await page.keyboard.press('Enter');
      stats.keys += 3;
      break;
    case 'par': {
      const sel = await page.evaluate((c) => !!document.querySelector(`aside.panel select.par-price[data-corp="${CSS.escape(c)}"]`), a.corporation);
      if (!sel) { await enter('par-button'); break; }
      await tabTo(page, step('par-select'), stats);
      const want = Number(String(a.share_price).split(',')[0]);
      // the arrows move through the prices offered, low to high
      for (let i = 0; i < 40; i++) {
        const got = await page.evaluate(() => { const s = document.activeElement; return Number(s.options[s.selectedIndex].textContent.replace(/[^\d]/g, '')); });
        if (got === want) break;
        await page.keyboard.press(got < want ? 'ArrowDown' : 'ArrowUp');
        stats.keys++;
      }
      await page.keyboard.press('Tab');
      stats.keys++;
      assert.ok(await page.evaluate(isTarget, step('par-button')), `Tab from the par price goes to its button (${a.corporation})`);
      await page.keyboard.press('Enter');
      stats.keys++;
      break;
    }
    case 'lay_tile': {
      await enter('hex');
      await page.waitForSelector('aside.panel button.tile-pick');
      // the focus went on to the tiles for the hex: no need to go back to the panel's head
      await enter('tile', { fromPanel: false });
      await page.waitForSelector('#confirm-tile');
      // Rotate turns through the orientations the engine lists, each once
      for (let i = 0; i < 6; i++) {
        const r = await page.getAttribute('#orientation', 'data-rotation');
        if (Number(r) === a.rotation) break;
        await enter('rotate', { fromPanel: false });
        await page.waitForFunction((x) => document.getElementById('orientation')?.dataset.rotation !== x, r);
      }
      assert.equal(Number(await page.getAttribute('#orientation', 'data-rotation')), a.rotation, `tile ${a.tile} on ${a.hex}: the orientation the player chose is reached with the keyboard`);
      await enter('confirm-tile', { fromPanel: false });
      break;
    }
    case 'place_token': await enter('token'); break;
    case 'buy_shares': await enter('buy_shares'); break;
    case 'sell_shares': await enter('sell_shares'); break;
    case 'sell_company': await enter('sell_company'); break;
    case 'pass': await enter('pass'); break;
    case 'buy_train': await enter('buy_train'); break;
    case 'dividend': await enter('dividend'); break;
    case 'run_routes': {
      await page.waitForSelector('#run-routes', { timeout: 60000 });
      if (opts.byHand) await runByHand(page, a, stats);
      // the words as a reader hears them (the swatch's number is hidden from it)
      const said = await page.evaluate(() => [...document.querySelectorAll('#auto-list li')].map((li) => {
        const c = li.cloneNode(true);
        c.querySelectorAll('[aria-hidden="true"]').forEach((x) => x.remove());
        return c.textContent.trim();
      }));
      stats.runs.push(said);
      await enter('run');
      break;
    }
    default: throw new Error(`no keyboard way for a ${a.type} move in this test`);
  }
  await untilMoved(page, before);
  await focusAfterMove(page, stats);
  stats.moves++;
}

// runByHand builds the first train's route from the listed stops with the
// keyboard (the stop buttons), reads the engine's answer, and goes back
// to the best run.
async function runByHand(page, a, stats) {
  const step = (what) => ({ what, entity: a.entity, move: a });
  await tabTo(page, step('edit-routes'), stats);
  await page.keyboard.press('Enter');
  await page.waitForSelector('#edit-list');
  // the editor starts from the best run: clear each train's route
  const trains = await page.$$eval('aside.panel button.train-pick', (bs) => bs.map((b) => b.dataset.train));
  const steps = (t) => page.evaluate((x) => Number(document.querySelector(`#edit-list li[data-train="${CSS.escape(x)}"]`)?.dataset.steps || 0), t);
  const press = async (what, extra = {}) => { await tabTo(page, { ...step(what), ...extra }, stats, { fromPanel: false }); await page.keyboard.press('Enter'); stats.keys++; };
  for (const t of [...trains].reverse()) {
    await press('train', { train: t });
    await page.waitForFunction((x) => document.querySelector('button.train-pick.on')?.dataset.train === x, t);
    if (await steps(t)) {
      await press('edit-clear');
      await page.waitForFunction((x) => document.querySelector(`#edit-list li[data-train="${CSS.escape(x)}"]`)?.dataset.steps === '0', t);
    }
  }
  // the first train: a first stop from the list, then the next one listed
  // (a first stop with no stop listed after it is taken back)
  const built = [];
  const listed = () => page.$$eval('aside.panel button.stop-pick', (bs) => bs.map((b) => b.textContent));
  const starts = await listed();
  for (let i = 0; i < starts.length && built.length < 2; i++) {
    built.length = 0;
    await press('stop', { text: starts[i] });
    built.push(starts[i]);
    await page.waitForFunction(() => Number(document.querySelector('#edit-list li')?.dataset.steps) === 1);
    const next = await listed();
    if (!next.length) {
      await press('edit-undo');
      await page.waitForFunction(() => Number(document.querySelector('#edit-list li')?.dataset.steps) === 0);
      continue;
    }
    await press('stop', { text: next[0] });
    built.push(next[0]);
    await page.waitForFunction(() => Number(document.querySelector('#edit-list li')?.dataset.steps) === 2);
  }
  await page.waitForSelector('#route-revenue.ok, #route-check-error', { timeout: 60000 });
  const answer = await page.textContent('#route-revenue.ok, #route-check-error');
  stats.byHand = { built, line: await page.textContent('#edit-list li'), answer };
  await tabTo(page, step('auto-routes'), stats, { fromPanel: false });
  await page.keyboard.press('Enter');
  await page.waitForSelector('#auto-list');
}

// comparable is a view's state without what only tells how it was reached.
function comparable(v) {
  const st = JSON.parse(JSON.stringify(v.state));
  for (const k of ['log', 'actions']) delete st[k];
  return st;
}

// diff lists the paths where two JSON values differ (at most max).
function diff(a, b, path = '', out = [], max = 12) {
  if (out.length >= max) return out;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${path}: ${JSON.stringify(a)?.slice(0, 80)} ≠ ${JSON.stringify(b)?.slice(0, 80)}`);
    return out;
  }
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) diff(a[k], b[k], `${path}.${k}`, out, max);
  return out;
}

const GAMES = [
  // 1860 (two players): the opening auction, stock round 1, operating round 1
  // (tiles, a station, trains), stock round 2 and C&N's operating turn in
  // the next operating round, to its run and dividend
  { title: '1860', file: '19354.json', from: 0, to: 70, byHand: true },
  // 1825 (six players): stock round 2 (passes, a private sold to the bank,
  // a share bought) and operating round 2 (tiles, runs, dividends)
  { title: '1825', file: '141331.json', from: 42, to: 66 },
];

test('a game played with the keyboard only: 1860 from the auction to a run and dividend, 1825 a stock round and an operating round', { timeout: 900000 }, async () => {
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await newPage(ctx);
  await signUp(page, 'keyboard');
  // no mouse from here on: a click anywhere fails the test
  let clicks = 0;
  await page.exposeFunction('__pointerUsed', () => { clicks++; });
  await page.addInitScript(() => document.addEventListener('pointerdown', () => window.__pointerUsed(), true));
  for (const g of GAMES) {
    const text = readFixture(`${g.title}/${g.file}`);
    const all = JSON.parse(text).actions;
    const moves = effective(all.slice(g.from, g.to));
    const id = await importGame(page, liveCut(text, g.from));
    await page.goto(`${env.base}/?game=${id}`);
    await page.waitForSelector('#turn.yours');
    const stats = { moves: 0, keys: 0, focus: {}, runs: [], announced: [] };
    // what the live region says, as it says it
    await page.evaluate(() => {
      window.__said = [];
      new MutationObserver(() => { const t = document.getElementById('live-announcer')?.textContent; if (t) window.__said.push(t); })
        .observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    for (const a of moves) await play(page, a, stats, g);
    stats.announced = await page.evaluate(() => window.__said);
    await shot(page, `keyboard-${g.title}`);
    // the same moves of the real game, imported: the same state
    const want = await importGame(page, liveCut(text, g.to));
    const [mine, theirs] = await page.evaluate(async ([x, y]) => Promise.all([x, y].map(async (gid) => (await fetch(`/api/games/${gid}`)).json())), [id, want]);
    const d = diff(comparable(mine), comparable(theirs));
    console.log(`${g.title}: ${stats.moves} moves with ${stats.keys} keys (${(stats.keys / stats.moves).toFixed(1)} a move); focus after a move: ${JSON.stringify(stats.focus)}`);
    for (const r of stats.runs) console.log(`  run offered in words: ${r.join(' | ')}`);
    if (stats.byHand) console.log(`  built by hand from the listed stops: ${stats.byHand.built.join(', ')} → ${stats.byHand.line.trim()} ${stats.byHand.answer.trim()}`);
    console.log(`  live region on the player's own moves: ${stats.announced.length ? stats.announced.join(' | ') : '(quiet)'}`);
    assert.deepEqual(d, [], `${g.title}: the keyboard game's state is the real game's after the same ${moves.length} moves`);
    assert.equal(stats.moves, moves.length);
    assert.ok(!stats.focus.body, `${g.title}: the focus is never lost to the page after a move (${JSON.stringify(stats.focus)})`);
    assert.deepEqual(stats.announced, [], `${g.title}: the player's own moves are not read back by the live region`);
    if (g.byHand) {
      assert.ok(stats.byHand && stats.byHand.built.length === 2, 'a route built from two listed stops');
      assert.match(stats.byHand.answer, /This run earns £\d+|route|station|track/, 'the engine answers the hand-built run in words');
    }
    assert.ok(stats.runs.length > 0 && stats.runs.every((r) => r.length && r.every((l) => /^The .* train( \(\w+\))? runs .* for £\d+\.$/.test(l))), `${g.title}: each run offered is described in words`);
  }
  assert.equal(clicks, 0, 'no pointer was used');
  await ctx.close();
  assert.deepEqual(env.consoleErrors, []);
});

test('the live region reads out a move made elsewhere (another player, another tab), once, and keeps the focus where it was', { timeout: 300000 }, async () => {
  const ctx = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await newPage(ctx);
  await signUp(page, 'listener');
  const text = readFixture('1860/19354.json');
  const id = await importGame(page, liveCut(text, 8));
  await page.goto(`${env.base}/?game=${id}`);
  await page.waitForSelector('#turn.yours');
  await page.evaluate(() => {
    window.__said = [];
    // only the announcer's own changes count: other redraws (deferred parts of the page)
    // mutate the body too, and must not read the same announcement twice
    new MutationObserver((records) => {
      const el = document.getElementById('live-announcer');
      if (!el || !records.some((r) => el === r.target || el.contains(r.target))) return;
      if (el.textContent) window.__said.push(el.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // the keyboard player is on the panel's heading
  await page.keyboard.press('a');
  // the next move of the real game (a bid), made through the API as another tab would
  const next = JSON.parse(text).actions[8];
  const other = await newPage(ctx);
  await other.goto(`${env.base}/`);
  const res = await other.evaluate(async ([gid, action]) => {
    const r = await fetch(`/api/games/${gid}/actions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seq: 8, action }) });
    return { status: r.status, body: await r.json() };
  }, [id, next]);
  assert.ok(res.status < 300, JSON.stringify(res.body).slice(0, 300));
  await page.waitForFunction(() => window.__said.length > 0, null, { timeout: 30000 });
  await new Promise((r) => setTimeout(r, 500));
  const said = await page.evaluate(() => window.__said);
  const log = await page.$$eval('#log li', (ls) => ls.map((l) => l.textContent));
  console.log(`live region: ${said.join(' | ')}`);
  assert.equal(said.length, 1, `one announcement (${said.join(' | ')})`);
  assert.ok(said[0].includes(log[log.length - 1].trim().replace(/[.]$/, '')), `it reads the new log line (${log[log.length - 1]})`);
  assert.match(said[0], /50/, 'the bid made elsewhere, £50');
  assert.equal(await page.getAttribute('#live-announcer', 'aria-live'), 'polite');
  assert.ok(await page.evaluate(() => document.activeElement?.matches('aside.panel h2')), 'the focus stays on the panel, not lost to the page');
  await ctx.close();
  assert.deepEqual(env.consoleErrors, []);
});
