// The map as text, for a screen reader (issue 44): every hex its own short
// entry (place and coordinate, tile and where its track goes, cities with
// the companies' stations in them, towns, terrain and its cost) in a list
// beside the map, redrawn with it, and a short label on the map picture.
import { h } from './dom.js';

const DIRS = { N: 'north', NE: 'north-east', E: 'east', SE: 'south-east', S: 'south', SW: 'south-west', W: 'west', NW: 'north-west' };

// where names a hex for a reader: "London (F5)" or "hex F5".
const where = (p) => (p.name ? `${p.name} (${p.hex})` : `hex ${p.hex}`);

const worth = (r) => (r > 0 ? ` worth ${r}` : '');

const list = (xs) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/** placeText is the short description of one hex (a mapview Place). */
export function placeText(p) {
  const parts = [];
  const colour = p.color === 'white' ? 'no tile' : `${p.color} tile${p.tile ? ' ' + p.tile : ''}`;
  parts.push(p.color === 'white' && !p.cities && !p.towns && !p.offboard && !p.track ? 'empty' : colour);
  if (p.label) parts.push(`label ${p.label}`);
  if (p.track && p.track.length) parts.push(`track to the ${list(p.track.map((d) => DIRS[d] || d))}`);
  const cities = p.cities || [];
  const alike = cities.length > 1 && cities.every((c) => c.slots === 1 && c.revenue === cities[0].revenue);
  if (alike) {
    // one-slot cities alike (1825's London): one phrase for them all
    const st = cities.flatMap((c) => [...(c.stations || []), ...(c.homes || []).map((s) => `${s} home to come`)]);
    const free = cities.length - st.length;
    parts.push(`${cities.length} cities${worth(cities[0].revenue)}, one slot each: ${[...st, ...(free ? [`${free} free`] : [])].join(', ')}`);
  } else {
    cities.forEach((c) => {
      const st = c.stations || [];
      const homes = (c.homes || []).map((s) => `${s} home to come`);
      const free = c.slots - st.length;
      const inside = [...st, ...homes];
      parts.push(`city${worth(c.revenue)}, ${c.slots} ${c.slots === 1 ? 'slot' : 'slots'}: ${inside.length ? list(inside) : 'no station'}${st.length && free > 0 ? `, ${free} free` : ''}`);
    });
  }
  (p.towns || []).forEach((r) => parts.push(`town${worth(r)}`));
  if (p.offboard) parts.push(`off-board, worth ${p.offboard}`);
  if (p.cost) parts.push(`${p.terrain || 'terrain'} costs ${p.cost}`);
  return `${where(p)}: ${parts.join('; ')}.`;
}

// entry is the list item of one hex: its description, and one item for
// each station in it.
function entry(p) {
  const stations = (p.cities || []).flatMap((c) => c.stations || []);
  return h('li', { 'data-hex': p.hex },
    placeText(p),
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
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', 'Map of the board (“Map as text” below lists every hex)');
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
