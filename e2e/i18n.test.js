// The page in French (issue 44, point 4): with the browser's language set
// to French, the sign-in page, the lobby, a live game of each title, an
// imported game in history and its spreadsheet are in French (<html
// lang="fr">, no English word of the interface or the log left; company,
// place and player names stay as they are), and a second browser in
// English sees the same game in English.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, openAt, shot, readFixture, importGame } from './harness.js';

// a small review budget: the review card's test needs its words, not its judgement
serve(['--review-budget', '3000n']);

// ENGLISH are words of the interface and the log that no company, place
// or player name of the fixtures contains: seeing one means a string was
// left in English.
const ENGLISH = ['buys', 'sells', 'passes', 'pays', 'withholds', 'floats', 'receives', 'operates', 'lays', 'becomes',
  'Buy', 'Sell', 'Pass', 'Round', 'Stock', 'Operating', 'share', 'shares', 'tile', 'tiles', 'token', 'tokens',
  'turn', 'your', 'Your', 'Sign', 'Players', 'price', 'from', 'with', 'for', 'the', 'The', 'Done', 'Undo', 'Cash',
  'Revenue', 'Map', 'Game', 'game', 'Back', 'round', 'left', 'Welcome', 'Play', 'New', 'password', 'Password', 'Name',
  'Search', 'First', 'Hint', 'Lobby', 'Live', 'Fit', 'priority', 'certificates', 'certs', 'worth', 'last', 'paid', 'withheld',
  'operating', 'pool', 'next', 'Zoom', 'Show', 'Hide', 'Close', 'Open', 'Delete', 'Save', 'Send', 'Leave', 'Join', 'Watch'];

// visibleText is the page's text (titles and labels too) outside elements
// marked translate="no".
async function visibleText(page) {
  return page.evaluate(() => {
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.nodeType === 1 ? n : n.parentElement;
      if (!el || el.closest('[translate="no"], script, style, svg, code, option:not(:checked)')) continue;
      if (n.nodeType === 3) out.push(n.data);
      else for (const a of ['title', 'aria-label', 'placeholder']) if (n.getAttribute(a)) out.push(n.getAttribute(a));
    }
    return out.join('\n');
  });
}

// NAMES are titles that stay as published (the game's own name).
const NAMES = ['Railways on the Isle of Wight', 'The Great Game of Railways'];

// englishLeft lists the lines of text that hold a word of ENGLISH (names
// of NAMES taken out first).
function englishLeft(text) {
  const words = new Set(ENGLISH);
  for (const n of NAMES) text = text.replaceAll(n, '');
  return [...new Set(text.split('\n').map((l) => l.trim()).filter((l) => l.split(/[^A-Za-z]+/).some((w) => words.has(w))))];
}

async function logText(page) {
  return page.$$eval('#log li, .log li, [data-log] li', (ls) => ls.map((l) => l.textContent).join('\n'));
}

test('French: sign-in, lobby and the language switch', { timeout: 300000 }, async () => {
  const ctx = await env.browser.newContext({ locale: 'fr-FR', viewport: { width: 1400, height: 900 } });
  const page = await newPage(ctx);
  await page.goto(env.base + '/');
  await page.waitForSelector('#auth-name');
  assert.equal(await page.getAttribute('html', 'lang'), 'fr');
  assert.deepEqual(englishLeft(await visibleText(page)), [], 'English left on the sign-in page');
  await shot(page, 'i18n-signin-fr');
  await signUp(page, 'Amélie');
  assert.deepEqual(englishLeft(await visibleText(page)), [], 'English left in the lobby');
  await shot(page, 'i18n-lobby-fr');
  // the switch: English, kept in this browser
  await page.selectOption('#lang', 'en');
  await page.waitForSelector('#create');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.ok((await visibleText(page)).includes('New game'));
  await page.selectOption('#lang', 'fr');
  await page.waitForSelector('#create');
  assert.equal(await page.getAttribute('html', 'lang'), 'fr');
  // the rules help of 1860 (the rulebook's section names it cites stay as printed)
  await page.goto(env.base + '/?help=1860');
  await page.waitForSelector('#help');
  await page.evaluate(() => document.querySelectorAll('.cite').forEach((c) => c.remove()));
  assert.deepEqual(englishLeft(await visibleText(page)), [], 'English left in the rules help of 1860');
  // and of 1825
  await page.goto(env.base + '/?help=1825');
  await page.waitForSelector('#help');
  await page.evaluate(() => document.querySelectorAll('.cite').forEach((c) => c.remove()));
  assert.deepEqual(englishLeft(await visibleText(page)), [], 'English left in the rules help of 1825');
  await ctx.close();
});

const GAMES = [['1860', '19354.json', 300], ['1825', '141331.json', 300]];

for (const [title, file, n] of GAMES) {
  test(`French: a live game of ${title}, its log in French, the same game in English in another browser`, { timeout: 300000 }, async (t) => {
    const fr = await env.browser.newContext({ locale: 'fr-FR', viewport: { width: 1400, height: 900 } });
    const page = await newPage(fr);
    await signUp(page, `fr${title}`);
    await openAt(page, title, file, n);
    const url = page.url();
    await page.waitForSelector('#log li, .log li');
    assert.equal(await page.getAttribute('html', 'lang'), 'fr');
    const log = await logText(page);
    assert.ok(log.length > 0, 'the log has lines');
    assert.deepEqual(englishLeft(log), [], 'English left in the log');
    await shot(page, `i18n-game-${title}-fr`);
    // the log is written from the engine's messages (id and arguments as
    // data, not the English text read back): the view sends one per line,
    // and the page marks a line it wrote from one translate="no"
    const gameId = new URL(page.url()).searchParams.get('game');
    const sent = await page.evaluate(async (gid) => {
      const v = await (await fetch(`/api/games/${gid}`)).json();
      return { lines: v.log.length, msgs: (v.log_messages || []).filter((m) => m && m.id).length };
    }, gameId);
    assert.ok(sent.lines > 0 && sent.msgs === sent.lines, `${sent.msgs} messages for ${sent.lines} log lines`);
    const fromMsgs = await page.$$eval('#log li button', (bs) => [bs.length, bs.filter((b) => b.getAttribute('translate') === 'no').length]);
    assert.ok(fromMsgs[1] >= fromMsgs[0] * 0.9, `${fromMsgs[1]} of ${fromMsgs[0]} log lines written from their messages`);
    // a refused move: the server sends the reason's message beside its
    // English text, and the page writes it in French
    const refused = await page.evaluate(async (gid) => {
      const v = await (await fetch(`/api/games/${gid}`)).json();
      for (const choices of Object.values(v.legal || {})) {
        for (const c of choices) {
          if (!('price' in c.action)) continue;
          const bad = { ...c.action, price: 999999 };
          const r = await fetch(`/api/games/${gid}/actions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seq: v.actions, action: bad }) });
          const j = await r.json();
          if (!j.refusal) continue;
          const i18n = await import('/i18n.js');
          i18n.noteRefusal(j.error, j.refusal);
          return { english: j.error, french: i18n.errorText(j.error) };
        }
      }
      return null;
    }, gameId);
    if (refused) {
      t.diagnostic(`${title}: refusal "${refused.english}" reads "${refused.french}"`);
      assert.notEqual(refused.french, refused.english);
      // (the move as the engine names it, "buy_company {price=… company=…}",
      // is its 18xx.games form, not words: left out of the check)
      assert.deepEqual(englishLeft(refused.french.replace(/\S+ \{[^}]*\}/g, '')), [], 'English left in a refusal');
    } else {
      t.diagnostic(`${title}: no priced move to refuse at action ${n}`);
    }
    const left = englishLeft(await visibleText(page));
    t.diagnostic(`${title}: ${left.length} lines of the game page still hold English: ${left.slice(0, 40).join(' | ')}`);
    assert.deepEqual(left, [], 'English left on the game page');
    // the map as text: each hex's entry in French (names and coordinates
    // stay as they are)
    await page.click('#board-text summary');
    const board = await page.$eval('#board-text', (b) => b.innerText);
    assert.ok(board.split('\n').length > 40, 'the map as text lists the hexes');
    const boardWords = new Set([...ENGLISH, 'track', 'city', 'cities', 'town', 'towns', 'slot', 'slots', 'worth', 'empty', 'hex', 'costs', 'station', 'free', 'label', 'north', 'south', 'east', 'west', 'mountain', 'water', 'green', 'yellow', 'brown', 'gray', 'sepia']);
    const boardLeft = [...new Set(board.split('\n').filter((l) => l.split(/[^A-Za-z]+/).some((w) => boardWords.has(w))))];
    assert.deepEqual(boardLeft, [], 'English left in the map as text');
    // the imported game in history (just after a line of the log), and its spreadsheet
    await page.click('#log li:nth-child(20) button');
    await page.waitForFunction(() => /[?&]action=/.test(location.search) || document.querySelector('#history-pos, .history'));
    assert.equal(await page.getAttribute('html', 'lang'), 'fr');
    assert.deepEqual(englishLeft(await visibleText(page)), [], 'English left on the game page in history');
    const id = new URL(page.url()).searchParams.get('game');
    await page.goto(`${env.base}/?game=${id}&view=sheet`);
    await page.waitForSelector('table');
    assert.deepEqual(englishLeft(await visibleText(page)), [], 'English left on the spreadsheet');
    await shot(page, `i18n-sheet-${title}-fr`);
    // the same game in English in a second browser
    const en = await env.browser.newContext({ locale: 'en-GB', viewport: { width: 1400, height: 900 } });
    const page2 = await newPage(en);
    await signUp(page2, `en${title}`);
    await page2.goto(url);
    await page2.waitForSelector('#log li, .log li');
    assert.equal(await page2.getAttribute('html', 'lang'), 'en');
    const enLog = await logText(page2);
    assert.ok(/ (buys|pays out|lays tile|passes|operates) /.test(enLog), 'the English log reads in English');
    await fr.close();
    await en.close();
  });
}

test('French: the game review card of a finished 1860 game', { timeout: 300000 }, async (t) => {
  const ctx = await env.browser.newContext({ locale: 'fr-FR', viewport: { width: 1400, height: 900 } });
  const page = await newPage(ctx);
  await signUp(page, 'frreview');
  const id = await importGame(page, readFixture('1860/19354.json'));
  await page.goto(`${env.base}/?game=${id}`);
  await page.waitForSelector('#final-scores #review #review-start');
  assert.equal(await page.getAttribute('html', 'lang'), 'fr');
  await page.click('#review-start');
  await page.waitForSelector('#review-moves', { timeout: 240000 });
  const rep = (await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}/review`)).json(), id)).report;
  // the card's text, its labels and the words the page writes itself
  // (translate="no" included); player and company names taken out
  const text = await page.$eval('#review', (root) => {
    const out = [];
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.nodeType === 1 ? n : n.parentElement;
      if (!el || el.closest('script, style')) continue;
      if (n.nodeType === 3) out.push(n.data);
      else for (const a of ['title', 'aria-label']) if (n.getAttribute(a)) out.push(n.getAttribute(a));
    }
    return out.join('\n');
  });
  let rest = text;
  for (const p of rep.players) rest = rest.replaceAll(p.name, '');
  assert.deepEqual(englishLeft(rest), [], 'English left on the review card');
  assert.match(text, /Analyse de la partie/);
  assert.match(text, /L'entraîneur a noté \d+ décisions sur \d+/);
  // each costly move names the better move in French, on the card and on the log
  for (const d of rep.decisions.filter((x) => x.marked)) {
    assert.ok(d.best_msg && d.best_msg.id, `action ${d.action}: the better move comes as a message`);
    assert.ok(text.includes('mieux : '), 'the better move in French');
  }
  const notes = await page.$$eval('#log .review-note', (ns) => ns.map((n) => n.textContent));
  for (const n of notes) assert.match(n, /mieux : /);
  await page.$eval('#review', (el) => el.scrollIntoView({ block: 'start' }));
  await shot(page, 'review-fr-1860');
  if (process.env.SHOTS) await (await page.$('#review')).screenshot({ path: `${process.env.SHOTS}/review-card-fr-1860.png` });
  // the costly moves' list: at this small budget the coach finds no move
  // costly (it rates few or none, and its best move is the one played),
  // so the list is drawn from a constructed report: the same report with
  // four of its decisions (rated ones first) marked costly, each given as
  // its better move another move of the game (its message as the review
  // sends it); the server's answer to the review request is replaced, to
  // see the list itself in French
  const withMsg = rep.decisions.filter((d) => d.played_msg && d.played_msg.id);
  const rated = [...withMsg.filter((d) => d.rated), ...withMsg.filter((d) => !d.rated)].slice(0, 4);
  assert.ok(rated.length > 0, 'the review sends its moves as messages');
  const other = (d) => withMsg.find((x) => x.played_text !== d.played_text && x.player === d.player) || withMsg.find((x) => x.played_text !== d.played_text);
  const costly = { ...rep, decisions: rep.decisions.map((d) => (rated.includes(d) ? { ...d, rated: true, marked: true, loss: Math.max(d.loss || 0, 50), best_msg: other(d).played_msg, best_text: other(d).played_text } : d)) };
  await page.route(`**/api/games/${id}/review`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ state: 'done', report: costly, done: 1, total: 1 }) }));
  await page.reload();
  await page.waitForSelector('#review #review-moves li, #review #review-start', { timeout: 60000 });
  if (await page.$('#review #review-start')) await page.click('#review #review-start');
  await page.waitForSelector('#review ol#review-moves li');
  const items = await page.$$eval('#review-moves li', (ls) => ls.map((l) => l.textContent));
  assert.equal(items.length, rated.length, 'one entry per costly move');
  let listText = items.join('\n');
  for (const p of rep.players) listText = listText.replaceAll(p.name, '');
  t.diagnostic(`the costly moves in French: ${items.join(' | ')}`);
  assert.deepEqual(englishLeft(listText.replace(/\S+ \{[^}]*\}/g, '')), [], 'English left in the costly moves');
  assert.ok(!/\bAuction\b/.test(listText), 'the round named in French');
  for (const it of items) assert.match(it, /mieux : /);
  await page.$eval('#review-moves', (el) => el.scrollIntoView({ block: 'center' }));
  if (process.env.SHOTS) await (await page.$('#review')).screenshot({ path: `${process.env.SHOTS}/review-costly-fr-1860.png` });
  await ctx.close();
});
