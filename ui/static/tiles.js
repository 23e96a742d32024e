// The tile manifest on the game page: every tile of the title with the
// copies left, where the others are laid and what each may become; picking
// a tile lists (and marks on the map) the hexes where it may go now. Those
// hexes are exactly the engine's legal tile lays (the in-browser engine's
// tiles call, else GET /api/games/{id}/tiles), nothing the page works out
// by itself.
import { api } from './api.js';
import { h, clear } from './dom.js';
import { corpRow } from './panel.js';
import { hexEl } from './mapview.js';

const COLOURS = ['yellow', 'green', 'brown', 'gray'];
const COLOUR_WORDS = { yellow: 'Yellow', green: 'Green', brown: 'Brown (russet)', gray: 'Grey' };

/** tileManifestCard is the manifest card; it loads when first opened. */
export function tileManifestCard(page) {
  const st = (page.manifest ||= { open: false, key: null, data: null, sel: null, error: '' });
  const body = h('div', { class: 'manifest-body' });
  const card = h('details', { class: 'card manifest', id: 'tile-manifest', open: st.open, ontoggle: () => {
    st.open = card.open;
    if (card.open) load(page, body); else markTileHexes(page);
  } }, h('summary', {}, h('h2', {}, 'Tiles')), body);
  if (st.open) load(page, body);
  return card;
}

async function load(page, body) {
  const st = page.manifest;
  const key = `${page.total}@${page.at}`;
  if (st.key !== key) {
    if (!st.data) clear(body, h('p', { class: 'muted' }, 'Loading the tiles…'));
    try {
      // the engine in the page answers when it is loaded (after the frame
      // that shows a step in history, which it is not part of), else the server
      if (page.local) {
        if (st.data) render(page, body); // the list shown until then
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        if (key !== `${page.total}@${page.at}` || !page.local) return; // a newer step took over
        st.data = page.local.tiles(page.at);
      } else {
        st.data = await api.tiles(page.id, page.at);
      }
      st.key = key;
      st.error = '';
    } catch (e) {
      st.error = e.message;
    }
  }
  render(page, body);
}

// lays is, for tile name, [{entity, hexes}] of the entities that may lay
// it now, as the engine lists them.
function laysOf(data, name) {
  return Object.entries(data.lays || {}).map(([entity, byTile]) => ({ entity, hexes: byTile[name] || [] })).filter((x) => x.hexes.length);
}

function render(page, body) {
  const st = page.manifest;
  if (st.error) { clear(body, h('p', { class: 'error', role: 'alert' }, `The tiles could not be loaded: ${st.error}`)); return; }
  const data = st.data;
  if (!data) return;
  const tiles = data.tiles || [];
  const byName = new Map(tiles.map((t) => [t.name, t]));
  if (st.sel && !byName.has(st.sel)) st.sel = null;
  const layable = new Set(Object.values(data.lays || {}).flatMap((m) => Object.keys(m)));
  const pick = (name) => {
    st.sel = st.sel === name ? null : name;
    render(page, body);
    markTileHexes(page);
    body.querySelector('#manifest-selected')?.scrollIntoView({ block: 'nearest' });
  };
  const groups = COLOURS.concat([...new Set(tiles.map((t) => t.color))].filter((c) => !COLOURS.includes(c)))
    .map((c) => [c, tiles.filter((t) => t.color === c)]).filter(([, ts]) => ts.length);
  const left = tiles.reduce((n, t) => n + t.left, 0);
  const total = tiles.reduce((n, t) => n + t.count, 0);
  clear(body,
    h('p', { class: 'muted' }, `${left} of ${total} tiles are left in the supply${page.at !== null ? ' at this point of the game' : ''}. `,
      layable.size ? 'Tiles with a green mark may be laid now. ' : 'No one may lay a tile now. ',
      'Pick a tile to see where it may go now, what it may become and where it is laid.'),
    selected(page, byName.get(st.sel), byName, pick),
    groups.map(([c, ts]) => h('section', { class: 'manifest-group', 'data-colour': c },
      h('h3', {}, `${COLOUR_WORDS[c] || c} tiles`),
      h('ul', { class: 'manifest-list' }, ts.map((t) => h('li', {},
        h('button', {
          type: 'button', class: 'manifest-pick' + (st.sel === t.name ? ' on' : '') + (layable.has(t.name) ? ' layable' : '') + (t.left === 0 ? ' gone' : ''),
          'data-tile': t.name, 'aria-pressed': st.sel === t.name ? 'true' : 'false',
          'aria-label': `Tile ${t.name}: ${leftText(t)}${layable.has(t.name) ? ', may be laid now' : ''}`, onclick: () => pick(t.name),
        }, thumb(t.svg), h('span', { class: 'tile-name' }, `#${t.name}`), h('small', { class: 'tile-left' }, `${t.left} of ${t.count} left`))))))));
}

function leftText(t) {
  return t.left === 0 ? `all ${t.count} laid` : `${t.left} of ${t.count} left`;
}

// selected is the chosen tile's details: where it may go now (the engine's
// legal lays, by entity), what may replace it, what it may replace, where
// it is laid.
function selected(page, t, byName, pick) {
  if (!t) return null;
  const st = page.manifest;
  const rules = page.map && page.map.rules;
  const hexBtn = (hex) => h('button', { type: 'button', class: 'hex-pick', 'data-hex': hex, onclick: () => {
    if (!page.mapUI) return;
    page.mapUI.zoomTo(hex);
    page.mapUI.el.scrollIntoView({ block: 'center' });
  } }, page.mapUI ? page.mapUI.placeName(hex) : hex);
  const tileBtn = (name) => h('button', { type: 'button', class: 'tile-link', 'data-tile': name, onclick: () => pick(name) }, `#${name}`);
  const from = [...byName.values()].filter((x) => (x.upgrades || []).includes(t.name)).map((x) => x.name);
  const lays = laysOf(st.data, t.name);
  const who = (ent) => {
    const row = corpRow(rules, ent);
    return row && row.name && row.name !== ent ? `${row.name} (${ent})` : ent;
  };
  return h('div', { class: 'manifest-selected', id: 'manifest-selected', 'data-tile': t.name },
    h('div', { class: 'manifest-head' }, thumb(t.svg, 'big'),
      h('div', {},
        h('h3', {}, `Tile #${t.name}`, h('span', { class: `tile-colour ${t.color}` }, COLOUR_WORDS[t.color] || t.color)),
        h('p', { id: 'manifest-left' }, `${leftText(t)}.`),
        h('button', { type: 'button', class: 'link', onclick: () => pick(t.name) }, 'Close'))),
    h('h4', {}, 'Where it may go now'),
    lays.length
      ? h('ul', { id: 'manifest-lays' }, lays.map((l) => h('li', { 'data-entity': l.entity }, `${who(l.entity)} may lay it on `, l.hexes.map(hexBtn), ` (${l.hexes.length} hex${l.hexes.length === 1 ? '' : 'es'}, marked on the map).`)))
      : h('p', { id: 'manifest-lays', class: 'muted' }, t.left === 0 ? 'Nowhere: every copy is on the map.' : 'Nowhere right now: no one who is to act may lay this tile.'),
    h('h4', {}, 'It may become'),
    h('p', { id: 'manifest-upgrades' }, t.upgrades && t.upgrades.length ? t.upgrades.map(tileBtn) : h('span', { class: 'muted' }, 'Nothing: no tile replaces it.')),
    h('h4', {}, 'It may replace'),
    h('p', { id: 'manifest-replaces' }, from.length ? from.map(tileBtn) : h('span', { class: 'muted' }, t.color === 'yellow' ? 'An empty hex, or a printed town or city of its kind.' : 'Only tiles printed on the map.')),
    h('h4', {}, 'Laid on'),
    h('p', { id: 'manifest-laid' }, t.laid && t.laid.length ? t.laid.map(hexBtn) : h('span', { class: 'muted' }, 'No hex yet.')),
    h('p', { class: 'muted' }, 'A tile may still only go where its track fits the hex; the hexes above are the ones the rules allow now.'));
}

// thumb draws a manifest tile (a hex-local SVG fragment).
function thumb(svgText, cls) {
  const s = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  s.setAttribute('viewBox', '-52 -52 104 104');
  s.setAttribute('class', 'tile-thumb' + (cls ? ' ' + cls : ''));
  s.setAttribute('aria-hidden', 'true');
  s.innerHTML = svgText || '';
  return s;
}

/** markTileHexes marks on the map the hexes where the manifest's chosen tile may go now. */
export function markTileHexes(page) {
  const svg = page.mapUI && page.mapUI.svg; // the board's drawing, all its parts
  if (!svg) return;
  for (const g of svg.querySelectorAll('.hex.may-go')) g.classList.remove('may-go');
  const st = page.manifest;
  if (!st || !st.open || !st.sel || !st.data) return;
  for (const l of laysOf(st.data, st.sel)) {
    for (const hex of l.hexes) hexEl(svg, hex)?.classList.add('may-go');
  }
}
