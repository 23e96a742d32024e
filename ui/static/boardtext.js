// The map as text, for a screen reader (issue 44): every hex its own short
// entry (place and coordinate, tile and where its track goes, cities with
// the companies' stations in them, towns, terrain and its cost) in a list
// beside the map, redrawn with it, and a short label on the map picture.
import { h } from './dom.js';
import { t, tc } from './i18n.js';

const DIRS = { N: 'north', NE: 'north-east', E: 'east', SE: 'south-east', S: 'south', SW: 'south-west', W: 'west', NW: 'north-west' };

// Every phrase below is a message of the catalogue (context "place",
// docs/i18n.md), so that the entry reads in the page's language; in
// English it is the text as written here.

// where names a hex for a reader: "London (F5)" or "hex F5".
const where = (p) => (p.name ? `${p.name} (${p.hex})` : tc('place', 'hex %s', p.hex));

// list joins xs as a sentence does ("a, b and c").
const list = (xs) => (xs.length < 2 ? xs.join('') : tc('list', '%s and %s', xs.slice(0, -1).join(tc('list', ', ')), xs[xs.length - 1]));

const home = (s) => tc('place', '%s home to come', s);
const free = (n) => tc('place', '%d free', n);

// cityHead is a city's worth and slots: "city worth 30, 1 slot".
function cityHead(c) {
  if (c.revenue > 0) return c.slots === 1 ? tc('place', 'city worth %d, 1 slot', c.revenue) : tc('place', 'city worth %d, %d slots', c.revenue, c.slots);
  return c.slots === 1 ? tc('place', 'city, 1 slot') : tc('place', 'city, %d slots', c.slots);
}

/** placeText is the short description of one hex (a mapview Place). */
export function placeText(p) {
  const parts = [];
  const colour = p.color === 'white' ? t('no tile') : tc('place', '%s tile', tc('colour', p.color)) + (p.tile ? ' ' + p.tile : '');
  parts.push(p.color === 'white' && !p.cities && !p.towns && !p.offboard && !p.track ? tc('place', 'empty') : colour);
  if (p.label) parts.push(tc('place', 'label %s', p.label));
  if (p.track && p.track.length) parts.push(tc('tile', 'track to the %s', list(p.track.map((d) => (DIRS[d] ? tc('direction', DIRS[d]) : d)))));
  const cities = p.cities || [];
  const alike = cities.length > 1 && cities.every((c) => c.slots === 1 && c.revenue === cities[0].revenue);
  if (alike) {
    // one-slot cities alike (1825's London): one phrase for them all
    const st = cities.flatMap((c) => [...(c.stations || []), ...(c.homes || []).map(home)]);
    const left = cities.length - st.length;
    const inside = [...st, ...(left ? [free(left)] : [])].join(tc('list', ', '));
    parts.push(cities[0].revenue > 0
      ? tc('place', '%d cities worth %d, one slot each: %s', cities.length, cities[0].revenue, inside)
      : tc('place', '%d cities, one slot each: %s', cities.length, inside));
  } else {
    cities.forEach((c) => {
      const st = c.stations || [];
      const left = c.slots - st.length;
      const inside = [...st, ...(c.homes || []).map(home)];
      const body = (inside.length ? list(inside) : tc('place', 'no station')) + (st.length && left > 0 ? tc('list', ', ') + free(left) : '');
      parts.push(tc('place', '%s: %s', cityHead(c), body));
    });
  }
  (p.towns || []).forEach((r) => parts.push(r > 0 ? tc('place', 'town worth %d', r) : tc('place', 'town')));
  if (p.offboard) parts.push(tc('place', 'off-board, worth %s', p.offboard));
  if (p.cost) parts.push(tc('place', '%s costs %s', tc('terrain', p.terrain || 'terrain'), p.cost));
  return tc('place', '%s: %s.', where(p), parts.join(tc('list', '; ')));
}

// entry is the list item of one hex: its description, and one item for
// each station in it.
function entry(p) {
  const stations = (p.cities || []).flatMap((c) => c.stations || []);
  return h('li', { 'data-hex': p.hex },
    h('span', { translate: 'no' }, placeText(p)),
    stations.length ? h('ul', { 'aria-label': `Stations in ${where(p)}` },
      stations.map((s) => h('li', { class: 'board-text-station', 'data-corp': s }, `${s} station in ${where(p)}`))) : null);
}

/**
 * showBoardText keeps the text view of map (the map JSON, with places) at
 * the end of the map section, and labels its map picture. The view is a
 * disclosure ("Map as text") that stays open across redraws.
 */
export function showBoardText(section, map) {
  if (!section) return;
  const svg = section.querySelector('svg.map');
  if (svg) {
    const label = 'Map of the board (“Map as text” below lists every hex)';
    if (svg.getAttribute('role') !== 'img') svg.setAttribute('role', 'img');
    if (svg.getAttribute('aria-label') !== label) svg.setAttribute('aria-label', label);
  }
  let box = section.querySelector(':scope > details.board-text');
  if (!box) {
    box = h('details', { class: 'board-text', id: 'board-text' }, h('summary', {}, 'Map as text'));
    section.append(box);
    box.addEventListener('toggle', () => { if (box.open) fill(box); });
  }
  box.places = map && map.places;
  box.key = null;
  if (box.open) fill(box);
}

// fill draws the list of box.places (only when open: a closed view costs
// nothing on each move).
function fill(box) {
  const places = box.places;
  const key = places ? JSON.stringify(places) : '';
  if (box.key === key && box.querySelector('ul')) return;
  box.key = key;
  const body = places && places.length
    ? h('ul', { class: 'board-text-list', 'aria-label': 'Hexes of the map', tabindex: '0' }, places.map(entry))
    : h('p', {}, 'The text view of this map is not available.');
  box.replaceChildren(box.querySelector('summary'), body);
}
