// The map: the server-rendered SVG with zoom and pan, legal-hex highlights,
// click handlers and route overlays.
import { h, money } from './dom.js';

// Okabe and Ito's colour-blind-safe palette, less its black (the track's
// colour) and its yellow (a tile's); each train's route also has its own
// dash pattern and its number on the map (issue 44: told apart without
// seeing colour).
const ROUTE_COLOURS = ['#0072B2', '#D55E00', '#CC79A7', '#E69F00', '#56B4E9', '#009E73'];
const ROUTE_DASHES = ['', '16 7', '3 6', '16 5 3 5', '9 9', '24 6'];

/** routeColour is the colour of the i-th train's route. */
export const routeColour = (i) => ROUTE_COLOURS[i % ROUTE_COLOURS.length];

/** routeSwatch is the key of the i-th train's route beside its words: its colour and number. */
// (the number is drawn by the style sheet: the sentence's text stays the sentence)
export const routeSwatch = (i) => h('span', { class: 'swatch route-swatch', style: `border-color:${routeColour(i)}`, 'data-n': String(i + 1), 'aria-hidden': 'true' });

/**
 * mountMap puts the rendered map into a zoomable, pannable frame. onHex and
 * onCity are called with a hex id / city id when clicked.
 */
export function mountMap(data, opts) {
  const { onHex, onCity, onStop, keep } = opts;
  const frame = h('div', { class: 'map-frame' });
  frame.innerHTML = data.svg;
  const svg = frame.querySelector('svg');
  // the hex groups as drawn (their SVG text by hex id) and their elements,
  // so that update redraws only the hexes that changed
  let drawn = hexChunks(data.svg);
  const hexEls = new Map([...svg.querySelectorAll('g.hex')].map((g) => [g.dataset.hex, g]));
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  // the board in parts: the hexes, in their order, a few dozen to an SVG
  // of its own, each over the one before with the same view (and painted
  // apart): a tile or a token laid repaints its part, not the board's
  // 1,500 elements. board answers queries over all the parts.
  const parts = splitBoard(svg);
  const board = {
    mapData: data, // for stopName
    hexEls, // hexEl's index, kept by update
    querySelector: (sel) => {
      for (const p of parts) {
        const x = p.querySelector(sel);
        if (x) return x;
      }
      return null;
    },
    querySelectorAll: (sel) => parts.flatMap((p) => [...p.querySelectorAll(sel)]),
  };
  // what is drawn over the board (markers, what the last move changed, the
  // runs, the tile fan, the stop targets) is a drawing of its own over the
  // board's, with the same view: a change there, the most common on a
  // history step, repaints that small drawing and not the board's 1,500
  // elements
  const over = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  over.setAttribute('class', 'map map-over');
  over.setAttribute('aria-hidden', 'true');
  over.setAttribute('font-family', svg.getAttribute('font-family') || 'sans-serif');
  frame.append(over);
  const full = { x: 0, y: 0, w: data.width, h: data.height };
  // fit is the hexes' own box (the drawing's margin left out): Fit shows
  // it as large as the frame allows
  const fit = hexesBox(data);
  let vb = keep && keep.vb ? { ...keep.vb } : { ...fit };
  // the frame may take the map's own shape (cards.css, wide screens)
  frame.style.setProperty('--map-aspect', `${Math.round(fit.w)} / ${Math.round(fit.h)}`);
  const apply = () => {
    const box = `${vb.x} ${vb.y} ${vb.w} ${vb.h}`;
    for (const p of parts) p.setAttribute('viewBox', box);
    over.setAttribute('viewBox', box);
  };
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
  // One pointer pans; two pinch-zoom about the point between them, which
  // stays under the fingers.
  let drag = null;
  let moved = false;
  const touches = new Map();
  let pinch = null;
  const startPinch = () => {
    const [a, b] = [...touches.values()];
    const mid = { clientX: (a.x + b.x) / 2, clientY: (a.y + b.y) / 2 };
    pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, vb: { ...vb }, at: toSvg(mid), mid };
  };
  // a drag on the map never starts a text selection (the text of the
  // hexes, nor the page's beyond the frame)
  frame.addEventListener('mousedown', (ev) => { if (ev.button === 0) ev.preventDefault(); });
  frame.addEventListener('pointerdown', (ev) => {
    touches.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (touches.size === 2) { startPinch(); drag = null; moved = true; return; }
    drag = { x: ev.clientX, y: ev.clientY, vb: { ...vb }, s: toSvg(ev).s };
    moved = false;
  });
  frame.addEventListener('pointermove', (ev) => {
    if (touches.has(ev.pointerId)) touches.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (pinch && touches.size >= 2) {
      const [a, b] = [...touches.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const mid = { clientX: (a.x + b.x) / 2, clientY: (a.y + b.y) / 2 };
      const k = pinch.d / d;
      const nw = Math.min(full.w * 2, Math.max(full.w / 8, pinch.vb.w * k));
      const f = nw / pinch.vb.w;
      // scale about the pinch's first midpoint, then follow the fingers
      vb = { x: pinch.at.x - (pinch.at.x - pinch.vb.x) * f, y: pinch.at.y - (pinch.at.y - pinch.vb.y) * f, w: nw, h: pinch.vb.h * f };
      apply();
      const now = toSvg(mid);
      vb = { ...vb, x: vb.x + (pinch.at.x - now.x), y: vb.y + (pinch.at.y - now.y) };
      apply();
      return;
    }
    if (!drag) return;
    const dx = ev.clientX - drag.x;
    const dy = ev.clientY - drag.y;
    if (!moved && Math.abs(dx) + Math.abs(dy) > 4) {
      moved = true;
      // the drag goes on outside the frame (captured only now: a click
      // keeps its hex as target)
      try { frame.setPointerCapture(ev.pointerId); } catch { /* the pointer is gone */ }
      window.getSelection()?.removeAllRanges();
    }
    if (moved) {
      vb = { ...drag.vb, x: drag.vb.x - dx * drag.s, y: drag.vb.y - dy * drag.s };
      apply();
    }
  });
  const end = (ev) => {
    touches.delete(ev.pointerId);
    if (touches.size < 2) pinch = null;
    drag = null;
  };
  frame.addEventListener('pointerup', end);
  frame.addEventListener('pointercancel', end);
  frame.addEventListener('pointerleave', end);
  // on the frame: a click lands on the board or on the drawing over it
  frame.addEventListener('click', (ev) => {
    if (moved) return;
    const opt = ev.target.closest('.tile-option');
    if (opt && fanPick) { fanPick(opt.dataset.tile); return; }
    const stop = ev.target.closest('.stop-target');
    if (stop && onStop) { onStop(stop.dataset.node); return; }
    const city = ev.target.closest('.city');
    if (city && onCity && city.classList.contains('legal')) { onCity(city.dataset.city); return; }
    const hex = ev.target.closest('.hex, .marker');
    if (hex && onHex) onHex(hex.dataset.hex);
  });
  const layer = (cls) => {
    const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    g.setAttribute('class', cls);
    over.append(g);
    return g;
  };
  // bottom to top: markers (small labels on hexes, 1825's Surveyors; the
  // page sets them after each drawing), the outlines of what the last move
  // changed (above every hex, so that no neighbour covers part of one), the
  // run kept on the map, the routes being drawn, the tile fan, the stop
  // targets
  const markLayer = layer('markers');
  const movedLayer = layer('moved-outlines');
  const kept = layer('kept-runs');
  const overlay = layer('routes');
  const fanLayer = layer('tile-fan');
  const targets = layer('stop-targets');
  let fanPick = null;
  // what the kept run and the outlines show (update leaves them when the same)
  const shown = { run: null, moved: null };
  // zoomBox shows the hexes listed, a few hexes around them at least.
  const zoomBox = (hexes) => {
    const pts = hexes.map((x) => data.hexes[x]).filter(Boolean);
    if (!pts.length) return;
    const xs = pts.map((p) => p.x);
    const ys = pts.map((p) => p.y);
    const r = frame.getBoundingClientRect();
    const aspect = r.width > 0 && r.height > 0 ? r.height / r.width : full.h / full.w;
    let w = Math.max(Math.max(...xs) - Math.min(...xs) + 200, 400);
    let hh = Math.max(Math.max(...ys) - Math.min(...ys) + 200, 400 * aspect);
    if (hh / w > aspect) w = hh / aspect; else hh = w * aspect;
    w = Math.min(w, full.w * 1.2);
    hh = w * aspect;
    const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
    const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
    vb = { x: cx - w / 2, y: cy - hh / 2, w, h: hh };
    apply();
  };
  // the operating company (opts.focus, a name or a function answering one):
  // a button zooms to its stations; update shows the company of the new
  // position
  const focusOf = () => (typeof opts.focus === 'function' ? opts.focus() : opts.focus);
  const focusBtn = h('button', { type: 'button', id: 'zoom-company', onclick: () => { const f = focusOf(); if (f) zoomBox(corpHexes(board, f)); } });
  const showFocus = () => {
    const f = focusOf();
    if (focusBtn.hidden !== !f) focusBtn.hidden = !f;
    if (focusBtn.textContent !== (f || '')) focusBtn.textContent = f || '';
    if (focusBtn.title !== (f ? `Zoom to ${f}'s stations` : '')) focusBtn.title = f ? `Zoom to ${f}'s stations` : '';
  };
  showFocus();
  // "show the last run of company X": opts.runCompanies lists the
  // companies that may have run; opts.onShowRun(sym) answers the run (or
  // null), which is drawn in place of the run kept on the map
  const runPick = h('select', { id: 'show-run', 'aria-label': 'Show the last run of a company' });
  const fillRunPick = () => {
    const list = typeof opts.runCompanies === 'function' ? opts.runCompanies() : opts.runCompanies || [];
    const key = JSON.stringify(list);
    // the same companies: the pick is put back to its heading only
    if (runPick.listed === key) {
      if (runPick.value) runPick.value = '';
    } else {
      runPick.replaceChildren(h('option', { value: '' }, 'Last run of…'), ...list.map((c) => h('option', { value: c }, c)));
      runPick.listed = key;
    }
    if (runPick.hidden !== (!list.length || !opts.onShowRun)) runPick.hidden = !list.length || !opts.onShowRun;
  };
  fillRunPick();
  runPick.addEventListener('change', async () => {
    const sym = runPick.value;
    if (!sym || !opts.onShowRun) return;
    try {
      const run = await opts.onShowRun(sym);
      if (runPick.value !== sym) return; // another pick came in meanwhile
      kept.style.display = '';
      caption.style.display = '';
      ui.showRun(run);
      shown.run = null; // another run than the position's: drawn again on the next update
      if (!run) caption.replaceChildren(h('p', { class: 'kept-run', id: 'kept-run', 'data-entity': sym }, `${sym} has not run yet at this point of the game.`));
      const hexes = (run ? run.routes : []).flatMap((r) => (r.paths || []).map((p) => p.hex));
      if (hexes.length) zoomBox(hexes);
    } catch (e) {
      shown.run = null;
      caption.replaceChildren(h('p', { class: 'kept-run error' }, e.message));
    }
  });
  const controls = h('div', { class: 'map-controls' },
    h('button', { type: 'button', 'aria-label': 'Zoom in', onclick: () => zoom(1 / 1.3) }, '+'),
    h('button', { type: 'button', 'aria-label': 'Zoom out', onclick: () => zoom(1.3) }, '−'),
    h('button', { type: 'button', id: 'map-fit', title: 'Show the whole map', onclick: () => { vb = { ...fit }; apply(); } }, 'Fit'),
    focusBtn, runPick);
  // focusable: on a phone it scrolls (a keyboard must reach what it hides)
  const caption = h('div', { class: 'map-caption', tabindex: '0', role: 'region', 'aria-label': 'The run shown on the map' });
  const statusLine = h('p', { class: 'map-status', id: 'map-status', role: 'status', hidden: true });
  const actionBar = h('div', { class: 'map-actions', id: 'map-actions', role: 'group', 'aria-label': 'Confirm on the map', hidden: true });
  const el = h('div', { class: 'map-wrap' }, controls, frame, statusLine, actionBar, caption);
  const ui = {
    el,
    /** svg answers queries over the board's drawing (all its parts). */
    svg: board,
    /** ratio is the hexes' box's width over its height (the page sizes the map's column by it). */
    ratio: fit.w / fit.h,
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
      const chunks = next.chunks || hexChunks(next.svg);
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
      board.mapData = data;
      // what is unchanged is left alone: a change in the drawing, however
      // small, has the whole map painted again (a history step)
      for (const g of board.querySelectorAll('.hex.legal, .city.legal, .hex.selected, .hex.may-go, .hex.previewing')) g.classList.remove('legal', 'selected', 'may-go', 'previewing');
      board.querySelectorAll('.hex > .tile-preview').forEach((x) => x.remove());
      for (const layer of [overlay, fanLayer, targets]) if (layer.firstChild) layer.replaceChildren();
      fanPick = null;
      if (keep && keep.vb) { vb = { ...keep.vb }; apply(); }
      // the new position's kept run, what its move changed, its company
      if (kept.style.display) kept.style.display = '';
      if (caption.style.display) caption.style.display = '';
      // a run is drawn along its hexes' track, its number clear of the
      // stations around: drawn again when a hex changed
      const runKey = JSON.stringify([next.run || null, keptRunRevenue(next.run, next.rules)]);
      if (changed.length || runKey !== shown.run) ui.showRun(next.run);
      const movedKey = JSON.stringify(next.moved || null);
      if (changed.length || movedKey !== shown.moved) ui.showMoved(next.moved);
      showFocus();
      fillRunPick();
      return true;
    },
    /** viewBox is the shown part of the map. */
    viewBox: () => ({ ...vb }),
    full,
    /** highlight marks hexes (and cities) as legal. */
    highlight(hexes, cities) {
      for (const g of board.querySelectorAll('.hex.legal, .city.legal, .hex.selected')) g.classList.remove('legal', 'selected');
      for (const id of hexes || []) hexEl(board, id)?.classList.add('legal');
      for (const id of cities || []) {
        for (const c of board.querySelectorAll(`.city[data-city="${CSS.escape(id)}"]`)) c.classList.add('legal');
      }
    },
    select(hex) {
      hexEl(board, hex)?.classList.add('selected');
    },
    /**
     * markers labels hexes: list is [{hex, text, title}]; several on one
     * hex are stacked. markers(null) removes them.
     */
    markers(list) {
      // the same labels (most often none): the drawing is left alone
      const key = JSON.stringify(list || []);
      if (markLayer.key === key) return;
      markLayer.key = key;
      markLayer.replaceChildren();
      const make = (tag, attrs) => {
        const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
        for (const [a, v] of Object.entries(attrs)) e.setAttribute(a, v);
        return e;
      };
      const onHex = {};
      for (const m of list || []) {
        const c = data.hexes[m.hex];
        if (!c) continue;
        const k = (onHex[m.hex] = (onHex[m.hex] || 0) + 1) - 1;
        const g = make('g', { class: 'marker', transform: `translate(${c.x} ${c.y + 17 + 14 * k})` });
        g.dataset.hex = m.hex;
        const w = 6 + 5.2 * String(m.text).length;
        const label = make('text', { 'text-anchor': 'middle', y: '3' });
        label.textContent = m.text;
        const t = make('title', {});
        t.textContent = m.title || m.text;
        g.append(make('rect', { x: String(-w / 2), y: '-6.5', width: String(w), height: '13', rx: '3' }), label, t);
        markLayer.append(g);
      }
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
        // smaller where the stops stand close (London's six cities)
        const near = Math.min(28, ...(nodes || []).filter((m) => m !== n && data.nodes[m]).map((m) => Math.hypot(data.nodes[m].x - p.x, data.nodes[m].y - p.y)));
        c.setAttribute('r', String(Math.max(8, Math.min(14, near / 2 - 1))));
        c.dataset.node = n;
        const t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
        t.textContent = stopName(board, n);
        c.append(t);
        targets.append(c);
      }
    },
    /** preview shows svg (a hex-local fragment) in place of hex's drawing; preview(null) removes it. */
    preview(hex, svg) {
      for (const g of svg ? [] : board.querySelectorAll('.hex.previewing')) g.classList.remove('previewing');
      board.querySelectorAll('.hex > .tile-preview').forEach((x) => x.remove());
      if (!hex || !svg) return;
      const g = hexEl(board, hex);
      if (!g) return;
      for (const x of board.querySelectorAll('.hex.previewing')) x.classList.remove('previewing');
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
      const scale = 0.5;
      const spots = fanSpots(c, options.length, 54 * scale, tokensNear(board, data, c, 420));
      fanLayer.dataset.hex = hex;
      options.forEach((o, i) => {
        const { x, y } = spots[i];
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
    /** locationOf is the place name printed on hex ('' when none). */
    locationOf(hex) {
      return hexEl(board, hex)?.querySelector('text.location')?.textContent || '';
    },
    /**
     * placeName names hex for a player: "Brading (J6)", or "J6" where no
     * name is printed; detail goes beside the hex ("Birmingham (S13, city 1)").
     */
    placeName(hex, detail) {
      const at = detail ? `${hex}, ${detail}` : hex;
      const loc = ui.locationOf(hex);
      return loc ? `${loc} (${at})` : at;
    },
    /** cityOrdinal is city's place (1, 2, ...) among the cities drawn on its hex, 0 when not drawn. */
    cityOrdinal(city) {
      const hex = ui.cityHex(city);
      if (!hex) return 0;
      const ids = [...new Set([...board.querySelectorAll(`.city[data-hex="${CSS.escape(hex)}"]`)].map((c) => c.dataset.city))];
      return ids.indexOf(city) + 1;
    },
    cityHex(city) {
      return board.querySelector(`.city[data-city="${CSS.escape(city)}"]`)?.dataset.hex;
    },
    hexCost(hex) {
      return Number(hexEl(board, hex)?.dataset.cost || 0);
    },
    /**
     * drawRoutes draws each train's route in its own colour, along the
     * track its paths name ({hex, path}); a route without paths is drawn
     * from hex to hex.
     */
    drawRoutes(routes) {
      drawRuns(overlay, board, data, routes);
      // the run being drawn replaces the last run kept on the map
      kept.style.display = routes && routes.length ? 'none' : '';
      caption.style.display = kept.style.display;
    },
    /** zoomToHexes shows the hexes listed. */
    zoomToHexes: zoomBox,
    /**
     * actions shows buttons over the foot of the map ([{id, text, label,
     * cls, onclick}]; null hides them): the move being built is confirmed
     * where it is drawn.
     */
    actions(list) {
      actionBar.replaceChildren(...(list || []).map((b) => h('button', { type: 'button', id: b.id, class: b.cls || '', 'aria-label': b.label || b.text, title: b.label || b.text, onclick: b.onclick }, b.text)));
      actionBar.hidden = !list || !list.length;
    },
    /** status shows a line over the foot of the map ({text, kind}; null hides it): on a phone, the answer to the move being built stays in sight. */
    status(st) {
      statusLine.textContent = st ? st.text : '';
      statusLine.className = 'map-status' + (st && st.kind ? ` ${st.kind}` : '');
      statusLine.hidden = !st;
    },
  };
  /** showRun draws the run kept on the map (a map view's run; null: none), with its caption. */
  ui.showRun = (run) => {
    drawRuns(kept, board, data, run ? run.routes : null, 'kept');
    caption.replaceChildren(...(run ? [keptRunText(board, run, data && data.rules)] : []));
    // update draws it again only when it changes
    shown.run = run === data.run ? JSON.stringify([run || null, keptRunRevenue(run, data.rules)]) : null;
  };
  /** showMoved outlines what a move changed (a map view's moved; null: nothing). */
  ui.showMoved = (moved) => {
    for (const g of board.querySelectorAll('.changed, .changed-token')) g.classList.remove('changed', 'changed-token');
    if (movedLayer.firstChild) movedLayer.replaceChildren();
    if (moved) markMoved(board, moved, movedLayer);
    shown.moved = JSON.stringify(moved || null);
  };
  /**
   * holdCaption(true) has the caption keep the tallest height it has had
   * since (empty, it keeps its place): stepping through history, a step
   * that shows a run or none then moves nothing below the map (a change of
   * the page's height has the browser paint every card again);
   * holdCaption(false) lets it go.
   */
  let held = null;
  ui.holdCaption = (on) => {
    if (!on) {
      if (!held) return;
      held.obs.disconnect();
      held = null;
      caption.classList.remove('held');
      caption.style.minHeight = '';
      return;
    }
    if (held) return;
    held = { h: 0, obs: null };
    const hold = held;
    caption.classList.add('held');
    // measured after the browser's layout (no layout forced): the new
    // height is set before the frame is painted
    hold.obs = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1].borderBoxSize;
      const size = box && box[0] ? box[0].blockSize : caption.getBoundingClientRect().height;
      if (held !== hold || size <= hold.h + 0.5) return;
      hold.h = size;
      caption.style.minHeight = `${size}px`;
    });
    hold.obs.observe(caption);
  };
  ui.showRun(data.run);
  ui.showMoved(data.moved);
  return ui;
}

// drawRuns fills layer with the routes, each in its colour along its track.
function drawRuns(layer, svg, data, routes, cls) {
  layer.replaceChildren();
  (routes || []).forEach((r, i) => {
    const k = r.colour ?? i;
    const colour = routeColour(k);
    const dash = ROUTE_DASHES[k % ROUTE_DASHES.length];
    const add = (el) => {
      el.setAttribute('fill', 'none');
      el.setAttribute('stroke', colour);
      if (dash) el.setAttribute('stroke-dasharray', dash);
      el.setAttribute('stroke-width', '7');
      el.setAttribute('stroke-linecap', 'round');
      el.setAttribute('stroke-linejoin', 'round');
      el.setAttribute('opacity', '0.8');
      el.setAttribute('class', 'route' + (cls ? ` ${cls}` : ''));
      el.dataset.train = r.train;
      layer.append(el);
    };
    if (r.paths && r.paths.length) {
      for (const st of r.paths) {
        const c = data.hexes[st.hex];
        const track = hexEl(svg, st.hex)?.querySelector(`path.track[data-path="${st.path}"]`);
        if (!c || !track) continue;
        const p = document.createElementNS('http://www.w3.org/2000/svg', 'path');
        p.setAttribute('d', track.getAttribute('d'));
        p.setAttribute('transform', `translate(${c.x} ${c.y})`);
        p.dataset.hex = st.hex;
        add(p);
      }
      routeNumber(layer, svg, data, r, k);
      return;
    }
    for (const pts of routePoints(r, data)) {
      const pl = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
      pl.setAttribute('points', pts.map((p) => `${p.x},${p.y}`).join(' '));
      add(pl);
    }
    routeNumber(layer, svg, data, r, k);
  });
}

// routeNumber marks route r (the k-th train's) with its number, on the
// hex in the middle of its run, as its swatch beside the words shows it.
function routeNumber(layer, svg, data, r, k) {
  const hexes = (r.paths && r.paths.length ? r.paths.map((p) => p.hex) : (r.nodes || []).map((n) => String(n).slice(0, String(n).lastIndexOf('-')))).filter((x) => data.hexes[x]);
  if (!hexes.length) return;
  const spot = numberSpot(svg, data, hexes, k, [...layer.querySelectorAll(':scope > .route-number')].map((x) => ({ x: Number(x.dataset.x), y: Number(x.dataset.y) })));
  const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  g.setAttribute('class', 'route-number');
  g.setAttribute('transform', `translate(${spot.x} ${spot.y})`);
  g.dataset.x = String(spot.x);
  g.dataset.y = String(spot.y);
  g.dataset.train = r.train;
  const circle = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
  // black on white in a ring of the route's colour: readable on any tile
  circle.setAttribute('r', '9');
  circle.setAttribute('fill', '#fff');
  circle.setAttribute('stroke', routeColour(k));
  circle.setAttribute('stroke-width', '4');
  const t = document.createElementNS('http://www.w3.org/2000/svg', 'text');
  t.setAttribute('text-anchor', 'middle');
  t.setAttribute('dominant-baseline', 'central');
  t.setAttribute('font-size', '12');
  t.setAttribute('font-weight', 'bold');
  t.setAttribute('fill', '#000');
  t.textContent = String(k + 1);
  g.append(circle, t);
  layer.append(g);
}

// numberSpot is where a route's number ring (radius 9, a 4 wide edge)
// goes: beside the centre of one of the route's hexes (the middle one
// first, each train's number on its own side first), clear of every
// station (token slot or town) drawn around and of the numbers already
// placed (taken); where nothing is clear, the spot that covers least.
function numberSpot(svg, data, hexes, k, taken) {
  const mid = Math.floor(hexes.length / 2);
  const order = [...new Set([...hexes.keys()].sort((a, b) => Math.abs(a - mid) - Math.abs(b - mid)).map((i) => hexes[i]))].slice(0, 6);
  let best = null;
  for (const hex of order) {
    const c = data.hexes[hex];
    const busy = svg ? tokensNear(svg, data, c, 90) : [];
    for (const rad of [24, 34, 14]) {
      for (let j = 0; j < 6; j++) {
        const ang = (((k + j) % 6) * 60 - 120) * (Math.PI / 180);
        const p = { x: c.x + rad * Math.cos(ang), y: c.y + rad * Math.sin(ang) };
        const gap = Math.min(Infinity, ...busy.map((b) => Math.hypot(b.x - p.x, b.y - p.y) - b.r - 11), ...taken.map((q) => Math.hypot(q.x - p.x, q.y - p.y) - 22));
        if (gap >= 0) return p;
        if (!best || gap > best.gap) best = { ...p, gap };
      }
    }
  }
  return { x: best.x, y: best.y };
}

/**
 * stopName is a stop ("HEX-PART") as a player names it: its place, else
 * its hex; in a hex with several stops, which one (its station, a town, a
 * halt).
 */
export function stopName(svg, sig) {
  const hex = String(sig).slice(0, String(sig).lastIndexOf('-'));
  const g = svg && hexEl(svg, hex);
  const loc = g && g.querySelector('text.location');
  const place = loc && loc.textContent ? loc.textContent : '';
  const stops = g ? g.querySelectorAll('.city, .town, .halt').length : 0;
  const kind = stops > 1 ? stopKind(svg, g, sig) : '';
  const what = { city: 'station', town: 'town', halt: 'halt' }[kind] || '';
  if (!place) return what ? `${hex} ${what}` : hex;
  return what && what !== 'station' ? `${place} ${what} (${hex})` : `${place} (${hex})`;
}

// hexEl is the board's drawing of hex in svg (mountMap's index of the
// hexes; a query of the board where there is none): the kept run's
// caption and drawing look up each stop's hex, and a query scans the
// board's 1,500 elements.
export function hexEl(svg, hex) {
  const g = svg && svg.hexEls && svg.hexEls.get(hex);
  if (g && g.isConnected) return g;
  return svg ? svg.querySelector(`.hex[data-hex="${CSS.escape(hex)}"]`) : null;
}

// stopKind tells which drawing of hex group g stands at stop sig: "city",
// "town", "halt" or "".
function stopKind(svg, g, sig) {
  const data = svg.mapData;
  const p = data && data.nodes[sig];
  const c = data && data.hexes[g.dataset.hex];
  if (!p || !c) return '';
  const x = p.x - c.x;
  const y = p.y - c.y;
  const near = (a, b) => Math.abs(a - x) < 1.5 && Math.abs(b - y) < 1.5;
  for (const t of g.querySelectorAll('circle.town')) if (near(Number(t.getAttribute('cx')), Number(t.getAttribute('cy')))) return 'town';
  for (const t of g.querySelectorAll('rect.halt')) if (near(Number(t.getAttribute('x')) + 6, Number(t.getAttribute('y')) + 6)) return 'halt';
  return g.querySelector('.city') ? 'city' : '';
}

/** routeText is a route's stops as a sentence: "Ryde (F2) – Newport (E3)". */
export function routeText(svg, nodes) {
  const names = [];
  for (const n of nodes || []) {
    const s = stopName(svg, n);
    if (names[names.length - 1] !== s) names.push(s);
  }
  return names.join(' – ');
}

// keptRunText says which run the map shows and where each train went:
// the stops it counts (the engine's, as the log names them; a small
// station or halt passed free left out), else every place it passes.
// The revenue is the run's own, or (a game imported from 18xx.games,
// whose runs do not carry it) the company's last revenue as the engine
// recorded it.
function keptRunText(svg, run, rules) {
  const corp = ((rules && rules.corporations) || []).find((c) => c.sym === run.entity);
  const total = run.revenue || (corp && corp.last_run ? corp.last_run.revenue : 0);
  return h('p', { class: 'kept-run', id: 'kept-run', 'data-entity': run.entity },
    h('strong', {}, `${run.entity}'s last run: `),
    (run.routes || []).map((r, i) => h('span', { class: 'kept-route', 'data-train': r.train },
      i ? '; ' : '', routeSwatch(i),
      // short (the train, its stops, its revenue): at 1400×900 a run of
      // two long trains stays within the caption's three lines
      ` ${trainLabel(r.train)}: ${routeText(svg, r.stops || r.nodes)}`, r.revenue !== undefined && r.revenue !== null ? ` for ${money(r.revenue)}` : '')),
    // the whole run's revenue where it says more than the one train's
    total && ((run.routes || []).length > 1 || ((run.routes || [])[0] || {}).revenue !== total) ? `; ${money(total)} in all.` : '.');
}

// keptRunRevenue is what a kept run's caption takes from the rules: its
// company's last revenue (the run's own when it carries one).
function keptRunRevenue(run, rules) {
  if (!run || run.revenue) return 0;
  const corp = ((rules && rules.corporations) || []).find((c) => c.sym === run.entity);
  return corp && corp.last_run ? corp.last_run.revenue : 0;
}

/** trainLabel is a train id ("2+1-0") as a player says it ("2+1"). */
export function trainLabel(id) {
  const m = /^(.*)-\d+$/.exec(String(id));
  return m ? m[1] : String(id);
}

// markMoved highlights what the last move changed: the hex a tile went
// on, the city a station token went in. The hexes keep their place in the
// drawing (a history step compares it with a fresh one) and their looks
// (only classes that draw nothing are set on them); their outlines and the
// city are drawn on layer, over the board.
function markMoved(svg, moved, layer) {
  const outline = (g, cls) => {
    const shape = g && g.querySelector(':scope > .hex-shape');
    if (!shape) return;
    const o = shape.cloneNode(false);
    o.setAttribute('class', `moved-outline ${cls}`);
    o.setAttribute('transform', g.getAttribute('transform') || '');
    o.removeAttribute('fill');
    layer.append(o);
  };
  for (const x of moved.hexes || []) {
    const g = hexEl(svg, x);
    g?.classList.add('changed');
    outline(g, 'tile');
  }
  for (const c of moved.cities || []) {
    for (const g of svg.querySelectorAll(`.city[data-city="${CSS.escape(c)}"]`)) {
      g.classList.add('changed');
      const hex = g.closest('.hex');
      hex?.classList.add('changed-token');
      outline(hex, 'token');
      // the city drawn again over the board with its slots ringed (the
      // board itself is left as drawn: a change there repaints all of it)
      const ring = g.cloneNode(true);
      ring.setAttribute('class', 'moved-city');
      ring.removeAttribute('data-city');
      ring.removeAttribute('data-hex');
      ring.setAttribute('transform', hex?.getAttribute('transform') || '');
      layer.append(ring);
    }
  }
}

// hexesBox is the box of the map's hexes (a hex's corners are 50 units
// from its centre), without the drawing's margin.
function hexesBox(data) {
  const pts = Object.values(data.hexes || {});
  if (!pts.length) return { x: 0, y: 0, w: data.width, h: data.height };
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const pad = 52;
  const x = Math.min(...xs) - pad;
  const y = Math.min(...ys) - pad;
  return { x, y, w: Math.max(...xs) + pad - x, h: Math.max(...ys) + pad - y };
}

// tokensNear lists the stations (token slots and towns) of the hexes
// within d of point c, as discs {x, y, r} in map units.
function tokensNear(svg, data, c, d) {
  const out = [];
  for (const [id, p] of Object.entries(data.hexes)) {
    if (Math.abs(p.x - c.x) > d || Math.abs(p.y - c.y) > d) continue;
    const g = hexEl(svg, id);
    if (!g) continue;
    for (const s of g.querySelectorAll('circle.slot, circle.town')) {
      out.push({ x: p.x + Number(s.getAttribute('cx')), y: p.y + Number(s.getAttribute('cy')), r: Number(s.getAttribute('r')) });
    }
  }
  return out;
}

/**
 * fanSpots places n tile choices of radius r around the hex centred at c:
 * on rings outside the hex, spread round it (top, bottom, sides first),
 * none over another nor over a station of the hexes around (the discs in
 * busy); any that find no free spot go on the first ring regardless.
 */
export function fanSpots(c, n, r, busy) {
  const order = [-90, 90, 0, 180, -30, 150, 30, -150, -60, 120, 60, -120];
  const spots = [];
  const free = (p) => !spots.some((q) => Math.hypot(q.x - p.x, q.y - p.y) < 2 * r + 3)
    && !busy.some((b) => Math.hypot(b.x - p.x, b.y - p.y) < r + b.r + 2);
  for (let ring = 92; spots.length < n && ring <= 200; ring += 18) {
    const angles = [...order];
    for (let a = -180; a < 180; a += 10) if (!angles.includes(a)) angles.push(a);
    for (const a of angles) {
      if (spots.length >= n) break;
      const p = { x: c.x + ring * Math.cos((a * Math.PI) / 180), y: c.y + ring * Math.sin((a * Math.PI) / 180) };
      if (free(p)) spots.push(p);
    }
  }
  for (let i = spots.length; i < n; i++) {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(n, 6);
    spots.push({ x: c.x + 92 * Math.cos(a), y: c.y + 92 * Math.sin(a) });
  }
  return spots;
}

// corpHexes lists the hexes with a station token of corporation sym.
function corpHexes(svg, sym) {
  const out = [];
  for (const c of svg.querySelectorAll('.city')) {
    if ([...c.querySelectorAll('.slot.token + text')].some((t) => t.textContent === sym)) out.push(c.dataset.hex);
  }
  return out;
}

// PART_HEXES is how many hexes an SVG of the board holds (mountMap).
const PART_HEXES = 24;

// splitBoard moves the hex groups of the board's SVG svg (mapview.Render:
// its background, then one group per hex) beyond the first PART_HEXES,
// in their order, into SVGs of their own put after it (class map-part,
// the same attributes, for the browser's sake alone: aria-hidden); it
// answers the SVGs, svg first.
function splitBoard(svg) {
  const hexes = [...svg.querySelectorAll(':scope > g.hex')];
  const out = [svg];
  for (let i = PART_HEXES; i < hexes.length; i += PART_HEXES) {
    const p = svg.cloneNode(false);
    for (const a of ['id', 'role', 'aria-label']) p.removeAttribute(a);
    p.setAttribute('class', `${svg.getAttribute('class') || 'map'} map-part`);
    p.setAttribute('aria-hidden', 'true');
    p.append(...hexes.slice(i, i + PART_HEXES));
    out.push(p);
  }
  if (out.length > 1) svg.after(...out.slice(1));
  return out;
}

// hexChunks splits a map's SVG text (mapview.Render: the svg element and
// its background, then one group per hex) into the groups' text by hex id;
// head is the text before the first group.
export function hexChunks(text) {
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
