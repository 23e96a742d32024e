// The map: the server-rendered SVG with zoom and pan, legal-hex highlights,
// click handlers and route overlays.
import { h } from './dom.js';

const ROUTE_COLOURS = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#42d4f4', '#f032e6', '#9a6324'];

/** routeColour is the colour of the i-th train's route. */
export const routeColour = (i) => ROUTE_COLOURS[i % ROUTE_COLOURS.length];

/**
 * mountMap puts the rendered map into a zoomable, pannable frame. onHex and
 * onCity are called with a hex id / city id when clicked.
 */
export function mountMap(data, { onHex, onCity, onStop, keep }) {
  const frame = h('div', { class: 'map-frame' });
  frame.innerHTML = data.svg;
  const svg = frame.querySelector('svg');
  const svgEl = svg;
  // the hex groups as drawn (their SVG text by hex id) and their elements,
  // so that update redraws only the hexes that changed
  let drawn = hexChunks(data.svg);
  const hexEls = new Map([...svg.querySelectorAll('g.hex')].map((g) => [g.dataset.hex, g]));
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  const full = { x: 0, y: 0, w: data.width, h: data.height };
  let vb = keep && keep.vb ? { ...keep.vb } : { ...full };
  const apply = () => svg.setAttribute('viewBox', `${vb.x} ${vb.y} ${vb.w} ${vb.h}`);
  apply();
  const zoom = (k, cx, cy) => {
    const nw = Math.min(full.w * 2, Math.max(full.w / 8, vb.w * k));
    const nh = vb.h * (nw / vb.w);
    cx = cx === undefined ? vb.x + vb.w / 2 : cx;
    cy = cy === undefined ? vb.y + vb.h / 2 : cy;
    vb = { x: cx - (cx - vb.x) * (nw / vb.w), y: cy - (cy - vb.y) * (nh / vb.h), w: nw, h: nh };
    apply();
  };
  // toSvg maps a pointer position to map coordinates, allowing for the
  // letterboxing of a map whose shape differs from the frame's.
  const toSvg = (ev) => {
    const r = svg.getBoundingClientRect();
    const s = Math.max(vb.w / r.width, vb.h / r.height);
    const ox = (r.width - vb.w / s) / 2;
    const oy = (r.height - vb.h / s) / 2;
    return { x: vb.x + (ev.clientX - r.left - ox) * s, y: vb.y + (ev.clientY - r.top - oy) * s, s };
  };
  frame.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const p = toSvg(ev);
    zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
  }, { passive: false });
  let drag = null;
  let moved = false;
  frame.addEventListener('pointerdown', (ev) => {
    drag = { x: ev.clientX, y: ev.clientY, vb: { ...vb }, s: toSvg(ev).s };
    moved = false;
  });
  frame.addEventListener('pointermove', (ev) => {
    if (!drag) return;
    const dx = ev.clientX - drag.x;
    const dy = ev.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) moved = true;
    if (moved) {
      vb = { ...drag.vb, x: drag.vb.x - dx * drag.s, y: drag.vb.y - dy * drag.s };
      apply();
    }
  });
  const end = () => { drag = null; };
  frame.addEventListener('pointerup', end);
  frame.addEventListener('pointerleave', end);
  svg.addEventListener('click', (ev) => {
    if (moved) return;
    const opt = ev.target.closest('.tile-option');
    if (opt && fanPick) { fanPick(opt.dataset.tile); return; }
    const stop = ev.target.closest('.stop-target');
    if (stop && onStop) { onStop(stop.dataset.node); return; }
    const city = ev.target.closest('.city');
    if (city && onCity && city.classList.contains('legal')) { onCity(city.dataset.city); return; }
    const hex = ev.target.closest('.hex');
    if (hex && onHex) onHex(hex.dataset.hex);
  });
  const overlay = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  overlay.setAttribute('class', 'routes');
  svg.append(overlay);
  const fanLayer = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  fanLayer.setAttribute('class', 'tile-fan');
  svg.append(fanLayer);
  let fanPick = null;
  const targets = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  targets.setAttribute('class', 'stop-targets');
  svg.append(targets);
  const controls = h('div', { class: 'map-controls' },
    h('button', { type: 'button', 'aria-label': 'Zoom in', onclick: () => zoom(1 / 1.3) }, '+'),
    h('button', { type: 'button', 'aria-label': 'Zoom out', onclick: () => zoom(1.3) }, '−'),
    h('button', { type: 'button', onclick: () => { vb = { ...full }; apply(); } }, 'Fit'));
  const el = h('div', { class: 'map-wrap' }, controls, frame);
  return {
    el,
    svg,
    state: () => ({ vb }),
    /**
     * update shows next (a map of the same board at another position) in
     * place: only the hexes whose drawing changed are replaced; marks,
     * previews, the tile fan, stop targets and routes are cleared (the
     * page draws them again); keep.vb, when given, is the view to show.
     * It answers false, changing nothing, when next is another board (the
     * caller then mounts it afresh).
     */
    update(next, keep) {
      if (!next || next.width !== data.width || next.height !== data.height) return false;
      const chunks = hexChunks(next.svg);
      if (chunks.size !== drawn.size || chunks.head !== drawn.head) return false;
      const changed = [];
      for (const [id, text] of chunks) {
        const old = drawn.get(id);
        if (old === undefined || !hexEls.has(id)) return false;
        if (old !== text) changed.push(text);
      }
      if (changed.length) {
        const tmp = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
        tmp.innerHTML = changed.join('');
        for (const g of [...tmp.children]) {
          const id = g.dataset.hex;
          hexEls.get(id).replaceWith(g);
          hexEls.set(id, g);
        }
      }
      drawn = chunks;
      data = next;
      for (const g of svg.querySelectorAll('.hex.legal, .city.legal, .hex.selected, .hex.may-go, .hex.previewing')) g.classList.remove('legal', 'selected', 'may-go', 'previewing');
      svg.querySelectorAll('.hex > .tile-preview').forEach((x) => x.remove());
      overlay.replaceChildren();
      fanLayer.replaceChildren();
      fanPick = null;
      targets.replaceChildren();
      if (keep && keep.vb) { vb = { ...keep.vb }; apply(); }
      return true;
    },
    /** viewBox is the shown part of the map. */
    viewBox: () => ({ ...vb }),
    full,
    /** highlight marks hexes (and cities) as legal. */
    highlight(hexes, cities) {
      for (const g of svg.querySelectorAll('.hex.legal, .city.legal, .hex.selected')) g.classList.remove('legal', 'selected');
      for (const id of hexes || []) svg.querySelector(`.hex[data-hex="${CSS.escape(id)}"]`)?.classList.add('legal');
      for (const id of cities || []) {
        for (const c of svg.querySelectorAll(`.city[data-city="${CSS.escape(id)}"]`)) c.classList.add('legal');
      }
    },
    select(hex) {
      svg.querySelector(`.hex[data-hex="${CSS.escape(hex)}"]`)?.classList.add('selected');
    },
    /** stopTargets marks the given stops ("HEX-PART") as clickable circles; null removes them. */
    stopTargets(nodes) {
      targets.replaceChildren();
      for (const n of nodes || []) {
        const p = data.nodes[n];
        if (!p) continue;
        const c = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
        c.setAttribute('class', 'stop-target');
        c.setAttribute('cx', p.x);
        c.setAttribute('cy', p.y);
        c.setAttribute('r', '11');
        c.dataset.node = n;
        const t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
        t.textContent = `stop ${n}`;
        c.append(t);
        targets.append(c);
      }
    },
    /** preview shows svg (a hex-local fragment) in place of hex's drawing; preview(null) removes it. */
    preview(hex, svg) {
      for (const g of svg ? [] : svgEl.querySelectorAll('.hex.previewing')) g.classList.remove('previewing');
      svgEl.querySelectorAll('.hex > .tile-preview').forEach((x) => x.remove());
      if (!hex || !svg) return;
      const g = svgEl.querySelector(`.hex[data-hex="${CSS.escape(hex)}"]`);
      if (!g) return;
      for (const x of svgEl.querySelectorAll('.hex.previewing')) x.classList.remove('previewing');
      g.classList.add('previewing');
      const tmp = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      tmp.innerHTML = svg;
      g.append(...tmp.childNodes);
    },
    /**
     * fan draws the tile choices for hex as small tile pictures on a ring
     * around it: options are {tile, svg (hex-local), selected, label};
     * onPick(tile) is called when one is clicked. fan(null) removes it.
     */
    fan(hex, options, onPick) {
      fanLayer.replaceChildren();
      fanPick = onPick || null;
      const c = hex && data.hexes[hex];
      if (!c || !options || !options.length) return;
      const n = options.length;
      const scale = 0.5;
      const ring = Math.max(88, (n * 56) / (2 * Math.PI));
      fanLayer.dataset.hex = hex;
      options.forEach((o, i) => {
        const ang = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(n, 6);
        const x = c.x + ring * Math.cos(ang);
        const y = c.y + ring * Math.sin(ang);
        const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
        g.setAttribute('class', 'tile-option' + (o.selected ? ' selected' : ''));
        g.setAttribute('transform', `translate(${x} ${y}) scale(${scale})`);
        g.dataset.tile = o.tile;
        g.setAttribute('role', 'button');
        const bg = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
        bg.setAttribute('class', 'tile-option-bg');
        bg.setAttribute('r', '54');
        g.append(bg);
        const tmp = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
        tmp.innerHTML = o.svg || '';
        g.append(...tmp.childNodes);
        const t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
        t.textContent = o.label || o.tile;
        g.append(t);
        fanLayer.append(g);
      });
    },
    /** zoomTo centres the view on hex, large enough to see its tile and the choices around it. */
    zoomTo(hex) {
      const c = data.hexes[hex];
      if (!c) return;
      const r = frame.getBoundingClientRect();
      const aspect = r.width > 0 && r.height > 0 ? r.height / r.width : full.h / full.w;
      // a hex (100 units across) about 140 px wide, at least four across
      const px = Math.min(140, (r.width || 700) / 4);
      const w = Math.min(full.w, ((r.width || 700) / px) * 100);
      const hh = w * aspect;
      vb = { x: c.x - w / 2, y: c.y - hh / 2, w, h: hh };
      apply();
    },
    cityHex(city) {
      return svg.querySelector(`.city[data-city="${CSS.escape(city)}"]`)?.dataset.hex;
    },
    hexCost(hex) {
      return Number(svg.querySelector(`.hex[data-hex="${CSS.escape(hex)}"]`)?.dataset.cost || 0);
    },
    /** drawRoutes draws each train's route in its own colour. */
    drawRoutes(routes) {
      overlay.replaceChildren();
      (routes || []).forEach((r, i) => {
        for (const pts of routePoints(r, data)) {
          const pl = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
          pl.setAttribute('points', pts.map((p) => `${p.x},${p.y}`).join(' '));
          pl.setAttribute('fill', 'none');
          pl.setAttribute('stroke', routeColour(i));
          pl.setAttribute('stroke-width', '7');
          pl.setAttribute('stroke-linecap', 'round');
          pl.setAttribute('stroke-linejoin', 'round');
          pl.setAttribute('opacity', '0.8');
          pl.setAttribute('class', 'route');
          pl.dataset.train = r.train;
          overlay.append(pl);
        }
      });
    },
  };
}

// hexChunks splits a map's SVG text (mapview.Render: the svg element and
// its background, then one group per hex) into the groups' text by hex id;
// head is the text before the first group.
function hexChunks(text) {
  const out = new Map();
  const at = (from) => {
    for (let i = text.indexOf('<g class="hex', from); i >= 0; i = text.indexOf('<g class="hex', i + 1)) {
      const c = text[i + 13];
      if (c === '"' || c === ' ') return i;
    }
    return -1;
  };
  let i = at(0);
  out.head = i < 0 ? text : text.slice(0, i);
  const end = text.lastIndexOf('</svg>');
  while (i >= 0) {
    const j = at(i + 1);
    const chunk = text.slice(i, j >= 0 ? j : end);
    const m = /data-hex="([^"]*)"/.exec(chunk.slice(0, 200));
    if (m) out.set(m[1], chunk);
    i = j;
  }
  return out;
}

// routePoints turns an 18xx.games route into polylines: each connection is
// a chain of hexes ("F4") or a move inside one hex ("F2 0.1").
function routePoints(r, data) {
  const lines = [];
  for (const conn of r.connections || []) {
    const pts = [];
    for (const step of conn) {
      const [hex, inner] = String(step).split(' ');
      const c = data.hexes[hex];
      if (!c) continue;
      if (inner) {
        for (const part of inner.split('.')) pts.push(data.nodes[`${hex}-${part}`] || c);
      } else {
        pts.push(c);
      }
    }
    if (pts.length === 1) pts.push({ x: pts[0].x + 1, y: pts[0].y + 1 });
    if (pts.length) lines.push(pts);
  }
  return lines;
}
