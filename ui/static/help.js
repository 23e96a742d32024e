// The rules help page, `/?help=TITLE` (anchors `#SECTION`): the rules a
// player meets in a title, in our own words, each citing the rulebook.
import { h, clear } from './dom.js';
import { RULES } from './rules.js';

/** renderHelp draws the help page of title (or the list of titles). */
export function renderHelp(el, title) {
  const r = RULES[title];
  const others = Object.keys(RULES).map((t) => h('a', { href: `/?help=${t}`, 'aria-current': t === title ? 'page' : null }, `Rules of ${t}`));
  if (!r) {
    document.title = 'Rules – Tresham';
    clear(el, h('div', { class: 'help card' }, h('h1', {}, 'Rules'),
      title ? h('p', { class: 'error', role: 'alert' }, `There is no rules page for “${title}”.`) : null,
      h('p', {}, 'Pick a game:'), h('p', { class: 'title-switch' }, others)));
    return;
  }
  document.title = `Rules of ${title} – Tresham`;
  clear(el, h('article', { class: 'help card', id: 'help', 'data-title': title },
    h('h1', {}, `Rules of ${title}: what you meet while playing`),
    h('p', { class: 'title-switch' }, others),
    h('p', {}, `A summary of the rules of ${r.book}. ${r.note} When the game refuses a move, the message links to the section here that explains why.`),
    h('nav', { 'aria-label': 'Sections' }, h('ol', {}, r.sections.map((s) => h('li', {}, h('a', { href: `#${s.id}` }, s.title))))),
    r.sections.map((s) => h('section', { id: s.id },
      h('h2', {}, s.title),
      s.text.map((p) => h('p', {}, p)),
      h('p', { class: 'cite' }, `Rulebook: ${s.cite}.`)))));
  // the page is drawn after the browser looked for the anchor: go there now
  if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
}
