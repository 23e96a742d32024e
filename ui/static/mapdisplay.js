// What the map shows, as 18xx.games's map controls and legend have it:
// toggles for the place names, the hex coordinates and the tile numbers
// (each kept in this browser), and a legend of the map's symbols drawn as
// the map draws them. The map's SVG marks those texts (mapview: text
// classes location, coord, tile-name); a toggle hides them with a class
// on the map's frame. Nothing here decides a rule.
import { h } from './dom.js';

const svgNS = 'http://www.w3.org/2000/svg';

// TOGGLES: what may be hidden, its class on the frame and its words.
const TOGGLES = [
  { key: 'location', label: 'Place names' },
  { key: 'coord', label: 'Coordinates' },
  { key: 'tile-name', label: 'Tile numbers' },
];
const store = (key) => `tresham.map.hide.${key}`;
const hidden = (key) => { try { return localStorage.getItem(store(key)) === '1'; } catch { return false; } };

// applyTo gives the map's frame in section the classes of the texts hidden.
function applyTo(section) {
  const frame = section && section.querySelector('.map-frame');
  if (!frame) return;
  for (const { key } of TOGGLES) frame.classList.toggle(`hide-${key}`, hidden(key));
}

// svg is a small drawing of the legend (viewBox 0 0 24 24).
function svg(...kids) {
  const el = document.createElementNS(svgNS, 'svg');
  el.setAttribute('viewBox', '0 0 24 24');
  el.setAttribute('width', '24');
  el.setAttribute('height', '24');
  el.setAttribute('aria-hidden', 'true');
  el.innerHTML = kids.join('');
  return el;
}

// LEGEND: each symbol as the map draws it (mapview.go's shapes and
// colours) and what it is.
const LEGEND = [
  [svg('<circle cx="12" cy="12" r="9" fill="#fff" stroke="#000" stroke-width="2"/>'), 'City: a slot for a station token'],
  [svg('<circle cx="12" cy="12" r="5" fill="#000"/>'), 'Town'],
  [svg('<rect x="7" y="7" width="10" height="10" transform="rotate(45 12 12)" fill="#fff" stroke="#000" stroke-width="2"/>'), 'Halt'],
  [svg('<circle cx="12" cy="12" r="9" fill="#fff" stroke="#000"/><text x="12" y="12" font-size="9" text-anchor="middle" dominant-baseline="central">20</text>'), 'What a stop earns'],
  [svg('<path d="M2 12H22" stroke="#000" stroke-width="5"/>'), 'Track'],
  [svg('<path d="M2 12H22" stroke="#d00" stroke-width="4"/>'), 'A border no track crosses'],
  [svg('<path d="M2 12H22" stroke="#06c" stroke-width="4"/>'), 'A border that costs to cross (the number beside it)'],
  [svg('<polygon points="3,17 21,17 12,3" fill="#b58b4c" stroke="#000"/>'), 'Hills or mountains: building there costs the number under it'],
  [svg('<rect x="2" y="7" width="20" height="10" rx="3" fill="#5ac8fa" stroke="#000"/>'), 'Water: building there costs the number under it'],
];

/**
 * showMapDisplay puts the map's display toggles and legend (once) after
 * the map as text in section, and keeps the frame's classes as chosen.
 */
export function showMapDisplay(section) {
  if (!section) return;
  applyTo(section);
  if (section.querySelector('#map-display')) return;
  const boxes = TOGGLES.map(({ key, label }) => h('label', { class: 'map-toggle' },
    h('input', { type: 'checkbox', id: `map-show-${key}`, checked: !hidden(key),
      onchange: (ev) => { try { localStorage.setItem(store(key), ev.target.checked ? '0' : '1'); } catch { /* storage off */ } applyTo(section); } }),
    ' ', label));
  const el = h('details', { class: 'map-display', id: 'map-display' },
    h('summary', {}, 'Map display and legend'),
    h('fieldset', { class: 'map-toggles' }, h('legend', {}, 'Show on the map'), boxes),
    h('ul', { class: 'map-legend', 'aria-label': 'Map legend' }, LEGEND.map(([pic, text]) => h('li', {}, pic, ' ', text))));
  const after = section.querySelector('#board-text');
  if (after) after.after(el);
  else section.append(el);
}
