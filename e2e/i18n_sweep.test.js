// The sweep of issue 44's "Done when" in French: with the browser in
// French, at 1400×900 and 390×844, the sign-in page, the lobby, a live
// hotseat game of each title (played a few moves in the browser), an
// imported game in history and its spreadsheet hold no English word of
// the interface or the log, translate="no" parts included (the move
// labels, the log lines written from their messages). Names stay as they
// are: the players', the companies' and the places' (taken from the map
// and its rules) are taken out before the words are looked at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { env, serve, newPage, signUp, openAt, shot } from './harness.js';

serve();

// ENGLISH are common English words (of the interface, the log, the move
// labels and the rules) that are not French words as well.
const ENGLISH = new Set(`the of and to for with from by this that these your you are is was were will can may must not no
has have had its it into out up down left right show hide open close game games player players share shares price tile
tiles token tokens round stock operating bank pool market cash revenue pays buys sells buy sell pass passes lay lays run
runs withhold withholds payout paid dividend each every all any more less than then when which what who or be been an
at on off new back next last first done undo redo turn turns order sign password name search play live watch join leave
send save delete cancel help rules map hex hexes city cities town towns track station stations company companies
corporation corporations president director certificate certificates worth value total left over none yet still only
also here there now just after before between under over about why how home see read write time clock remaining
private privates train trains hand cheapest bidding bid bids highest lowest`.split(/\s+/).filter((w) => !['train', 'trains', 'place', 'total', 'date'].includes(w)));

// textOf is every text of the page a reader meets: text nodes and the
// title, aria-label, placeholder and alt attributes, translate="no" parts
// included (what people wrote — chat, notes, a text box — left out), and
// the names on the map.
async function textOf(page) {
  return page.evaluate(() => {
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.nodeType === 1 ? n : n.parentElement;
      if (!el || el.closest('script, style, svg, code, textarea, option:not(:checked), #chat, .chat, .notes, .note-text, .lang-switch')) continue;
      if (n.nodeType === 3) out.push(n.data);
      else for (const a of ['title', 'aria-label', 'placeholder', 'alt']) if (n.getAttribute(a)) out.push(n.getAttribute(a));
    }
    const names = [...document.querySelectorAll('svg text.location')].map((t) => t.textContent);
    return { text: out.join('\n'), names };
  });
}

// NAMES are names that stay as they are, gathered as the sweep goes: the
// games' own names, the players', and the companies' and places' of
// each title's map.
const NAMES = new Set(['18xx.games', 'Railways on the Isle of Wight', 'The Great Game of Railways', 'Français', 'English']);

async function learnNames(page, gameId) {
  const map = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/map`)).json(), gameId);
  const view = await page.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), gameId);
  const rules = map.rules || {};
  for (const c of [...(rules.companies || []), ...(rules.corporations || [])]) if (c.name) NAMES.add(c.name);
  for (const p of (view.state && view.state.players) || []) NAMES.add(p.name);
  for (const hx of Object.values(map.hexes || {})) if (hx && hx.location) NAMES.add(hx.location);
}

// englishLeft lists the lines of text holding an English word, names taken out.
function englishLeft({ text, names }) {
  for (const n of [...NAMES, ...names].filter(Boolean).sort((a, b) => b.length - a.length)) text = text.replaceAll(n, ' ');
  return [...new Set(text.split('\n').map((l) => l.trim()).filter((l) => l.split(/[^\p{L}]+/u).some((w) => ENGLISH.has(w))))];
}

const VIEWPORTS = [{ width: 1400, height: 900 }, { width: 390, height: 844 }];

// move clicks the first choice the panel offers and waits for the game to move on.
async function move(page) {
  const before = await page.textContent('#history-pos');
  await page.locator('aside.panel button.choice:visible').first().click();
  await page.waitForFunction((b) => document.getElementById('history-pos')?.textContent !== b, before);
}

const found = [];
function report(t, where, left) {
  t.diagnostic(`${where}: ${left.length} lines with English${left.length ? ': ' + left.slice(0, 60).join(' | ') : ''}`);
  found.push(...left.map((l) => `${where}: ${l}`));
}

test('French sweep: no English word on the pages of Done when, at both sizes', { timeout: 900000 }, async (t) => {
  for (const vp of VIEWPORTS) {
    const ctx = await env.browser.newContext({ locale: 'fr-FR', viewport: vp });
    const page = await newPage(ctx);
    const size = `${vp.width}`;
    await page.goto(env.base + '/');
    await page.waitForSelector('#auth-name');
    report(t, `sign-in ${size}`, englishLeft(await textOf(page)));
    await signUp(page, `Amélie${size}`);
    NAMES.add(`Amélie${size}`);
    report(t, `lobby ${size}`, englishLeft(await textOf(page)));
    await shot(page, `sweep-lobby-fr-${size}`);
    // an imported game of each title: live, in history, its spreadsheet
    for (const [title, file, n] of [['1860', '19354.json', 300], ['1825', '141331.json', 300]]) {
      const id = await openAt(page, title, file, n);
      await learnNames(page, id);
      await page.waitForSelector('#log li');
      report(t, `${title} imported live ${size}`, englishLeft(await textOf(page)));
      await shot(page, `sweep-live-${title}-fr-${size}`);
      await page.goto(`${env.base}/?game=${id}&action=120`);
      await page.waitForSelector('#log li');
      await page.waitForFunction(() => /120/.test(document.getElementById('history-pos')?.textContent || ''));
      report(t, `${title} history ${size}`, englishLeft(await textOf(page)));
      await shot(page, `sweep-history-${title}-fr-${size}`);
      await page.goto(`${env.base}/?game=${id}&view=sheet`);
      await page.waitForSelector('table');
      report(t, `${title} spreadsheet ${size}`, englishLeft(await textOf(page)));
      await shot(page, `sweep-sheet-${title}-fr-${size}`);
    }
    // a hotseat game of each title, played a few moves in the browser
    for (const title of ['1860', '1825']) {
      await page.goto(env.base + '/?local');
      await page.waitForSelector('#local-create');
      report(t, `hotseat form ${size}`, englishLeft(await textOf(page)));
      await page.selectOption('#local-title', title);
      await page.fill('#local-players', '3');
      await page.dispatchEvent('#local-players', 'change');
      await page.click('#local-start');
      await page.waitForSelector('#turn.yours', { timeout: 60000 });
      for (let i = 0; i < 4; i++) await move(page);
      report(t, `${title} hotseat ${size}`, englishLeft(await textOf(page)));
      await shot(page, `sweep-hotseat-${title}-fr-${size}`);
    }
    await ctx.close();
  }
  assert.deepEqual(found, [], 'English left');
});
