// Playing without a mouse or without seeing the page (issue 44): a polite
// live region that announces the other players' moves, focus kept where a
// keyboard player expects it after the panel is drawn again, tile choices
// told in words, and the high-contrast setting. The page's choices stay
// the engine's legal list: nothing here adds a move.

import { message, t, tc } from './i18n.js';

const CONTRAST_KEY = 'tresham.contrast';

/** contrast answers the display setting kept in this browser: 'high' or ''. */
export function contrast() {
  try { return localStorage.getItem(CONTRAST_KEY) === 'high' ? 'high' : ''; } catch { return ''; }
}

/** setContrast keeps the setting ('high' or '') and applies it to the page at once. */
export function setContrast(v) {
  try {
    if (v === 'high') localStorage.setItem(CONTRAST_KEY, 'high'); else localStorage.removeItem(CONTRAST_KEY);
  } catch { /* storage off: the setting lasts as long as the page */ }
  applyContrast(v);
}

/** applyContrast marks the document for the high-contrast style sheet (access.css). */
export function applyContrast(v = contrast()) {
  document.documentElement.classList.toggle('high-contrast', v === 'high');
}

// Whether the last thing the player did was with a pointer (then a focus
// moved after a redraw does not scroll the page) or with the keyboard.
let pointer = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => { pointer = true; }, true);
  document.addEventListener('keydown', () => { pointer = false; }, true);
}

// region answers the page's one live region, made once, outside #app
// (which every page clears).
function region() {
  let el = document.getElementById('live-announcer');
  if (!el) {
    el = document.createElement('div');
    el.id = 'live-announcer';
    el.className = 'sr';
    el.setAttribute('role', 'status');
    el.setAttribute('aria-live', 'polite');
    document.body.append(el);
  }
  return el;
}

/** announce says text politely (after what the reader is saying). */
export function announce(text) {
  const el = region();
  el.textContent = '';
  // a change of text is what a reader announces: the same text again needs a new node
  if (text) setTimeout(() => { el.textContent = text; }, 50);
}

// MOST is how many log lines one announcement reads out; more are summed up.
const MOST = 4;

/**
 * movesText is what the live region says for the log lines others' moves
 * added: the lines themselves (the last MOST of them, with how many came
 * before), and whether it has become the reader's turn.
 */
export function movesText(lines, yourTurn) {
  const said = lines.length > MOST ? [t('%d new lines in the log; the last %d:', lines.length, MOST), ...lines.slice(-MOST)] : [...lines];
  if (yourTurn) said.push(t('Your turn.'));
  return said.map((l) => (/[.!?:]$/.test(l.trim()) ? l.trim() : l.trim() + '.')).join(' ');
}

/**
 * liveMoves announces, on the live game, the log lines added since the
 * page last drew it, unless the player's own move on this page wrote them
 * (the player knows what they did); a step in history, undo or another
 * game says nothing.
 */
export function liveMoves(page) {
  const v = page.view;
  if (!v) return;
  const log = (v.log || []).map((l) => (typeof l === 'string' ? l : JSON.stringify(l)));
  const mine = page.at === null && Object.keys(v.legal || {}).length > 0;
  const seen = page.liveSeen;
  const own = page.ownMove;
  page.liveSeen = { id: page.id, at: page.at, n: log.length, last: log[log.length - 1], mine };
  if (!seen || seen.id !== page.id || page.at !== null || seen.at !== null) return;
  // the page's own move (made while page.act runs) is not read back
  if (own !== undefined && v.actions > own) return;
  if (log.length <= seen.n || log[seen.n - 1] !== seen.last) return; // nothing new, or undone
  // each line in the reader's language, from its message id and arguments
  const msgs = v.log_messages || [];
  const fresh = log.map((l, i) => message(msgs[i], l)).slice(seen.n).filter((l) => l.trim());
  announce(movesText(fresh, mine && !seen.mine));
}

/** trackOwnMoves marks the page's own moves (once per page), so that liveMoves does not echo them. */
export function trackOwnMoves(page) {
  if (!page.act || page.act.tracked) return;
  const act = page.act;
  page.act = async (action) => {
    page.ownMove = page.view ? page.view.actions : 0;
    try { return await act(action); } finally { page.ownMove = undefined; }
  };
  page.act.tracked = true;
}

/**
 * rememberFocus notes the element that has the focus before the page is
 * drawn again (null when none): what it was, so that restoreFocus can
 * find its like in the new drawing.
 */
export function rememberFocus(page) {
  const a = document.activeElement;
  if (!a || a === document.body || a === document.documentElement) return null;
  return {
    el: a,
    id: a.id,
    cls: [...a.classList].find((c) => ['hex-pick', 'tile-pick', 'stop-pick', 'train-pick', 'card-choice', 'log-line'].includes(c)) || '',
    data: { ...a.dataset },
    text: a.getAttribute('aria-label') || a.textContent,
    inPanel: !!a.closest('aside.panel'),
    // the position drawn (page.view may already hold the next one)
    actions: page.drawn ? page.drawn.actions : page.view ? page.view.actions : 0,
    at: page.drawn ? page.drawn.at : page.at,
  };
}

// usable tells whether a control can take the focus now.
const usable = (el) => el && el.isConnected && !el.disabled && !el.hidden && el.getClientRects().length > 0;

/** panelHeading is the action panel's heading, made focusable (not in the tab order). */
function panelHeading() {
  const h2 = document.querySelector('aside.panel h2');
  if (h2) { h2.id ||= 'actions-heading'; h2.tabIndex = -1; }
  return h2;
}

/**
 * restoreFocus puts the focus back after a redraw took the focused
 * element away: within a move being built (a hex picked, a tile chosen,
 * a stop added) on the control that goes on from it; after a move, on the
 * action panel's heading (its next Tab is the first choice). It does
 * nothing when the focused element is still there, or when focus was
 * elsewhere than the page's controls before.
 */
export function restoreFocus(page, before) {
  page.drawn = { actions: page.view ? page.view.actions : 0, at: page.at };
  if (!before) return;
  const now = document.activeElement;
  if (now && now !== document.body && now !== document.documentElement && now.isConnected) return;
  if (!page.el || !page.el.isConnected) return;
  const moved = !page.view || page.view.actions !== before.actions || page.at !== before.at;
  const panel = document.querySelector('aside.panel');
  let target = null;
  const byId = (id) => [...document.querySelectorAll(`#${CSS.escape(id)}`)].find(usable) || null;
  // outside the panel (the chat box, the log's filter, the history bar) the
  // same control again, even after a move
  if (before.id && !before.inPanel) target = byId(before.id);
  if (!target && !moved) {
    const find = (sel) => [...document.querySelectorAll(sel)].find(usable) || null;
    const same = (sel, key) => find(`${sel}[data-${key}="${CSS.escape(before.data[key] || '')}"]`);
    if (before.id) target = find(`#${CSS.escape(before.id)}`);
    if (!target && before.cls === 'hex-pick') target = find('aside.panel .tile-pick') || same('aside.panel .hex-pick', 'hex');
    if (!target && before.cls === 'tile-pick') target = same('aside.panel .tile-pick', 'tile') || find('#confirm-tile');
    if (!target && before.cls === 'stop-pick') target = find('aside.panel .stop-pick') || find('#run-routes') || find('#edit-undo');
    if (!target && before.cls === 'train-pick') target = same('aside.panel .train-pick', 'train');
    if (!target && before.id === 'cancel-tile') target = find('aside.panel .tile-pick');
  }
  if (!target && (before.inPanel || moved) && panel) target = panelHeading();
  if (!target && before.cls) target = [...document.querySelectorAll(`.${before.cls}`)].find((e) => usable(e) && (e.getAttribute('aria-label') || e.textContent) === before.text) || null;
  if (target) target.focus({ preventScroll: pointer });
}

/** focusActions moves the focus to the action panel (the "a" key): its first choice, else its heading. */
export function focusActions() {
  const h2 = panelHeading();
  if (!h2) return false;
  h2.focus();
  return true;
}

/** focusMapText opens the map as text and puts the focus on its list (the "m" key). */
export function focusMapText() {
  const box = document.getElementById('board-text');
  if (!box) return false;
  if (!box.open) box.open = true;
  // the list is filled when the box opens (the toggle event): after it
  setTimeout(() => {
    const list = box.querySelector('.board-text-list') || box.querySelector('summary');
    if (list) list.focus();
  }, 0);
  return true;
}

const DIRS = { N: 'north', NE: 'north-east', E: 'east', SE: 'south-east', S: 'south', SW: 'south-west', W: 'west', NW: 'north-west' };
const COMPASS = ['E', 'SE', 'S', 'SW', 'W', 'NW', 'N', 'NE'];

// words lists xs as a sentence does ("a, b and c"), in the page's language
const words = (xs) => (xs.length < 2 ? xs.join('') : tc('list', '%s and %s', xs.slice(0, -1).join(tc('list', ', ')), xs[xs.length - 1]));

/**
 * tileWords says in words what a tile preview (the hex-local SVG the
 * engine drew for a tile laid at a rotation) shows: the sides its track
 * reaches, as compass directions, and its stations and towns. It answers
 * '' for a drawing not yet loaded.
 */
export function tileWords(svgText) {
  if (!svgText) return '';
  const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  g.innerHTML = svgText;
  const ends = new Set();
  const shape = g.querySelector('.hex-shape');
  // the track's ends at a side lie on the edge's midpoint: the farthest
  // points from the centre of any track end
  const pts = [];
  for (const p of g.querySelectorAll('path.track')) {
    const nums = (p.getAttribute('d') || '').match(/-?\d+(?:\.\d+)?/g) || [];
    if (nums.length < 4) continue;
    const n = nums.map(Number);
    pts.push([n[0], n[1]], [n[n.length - 2], n[n.length - 1]]);
  }
  let apothem = 0;
  if (shape) {
    const c = (shape.getAttribute('points') || '').split(/[\s,]+/).map(Number);
    if (c.length >= 2) apothem = Math.hypot(c[0], c[1]) * Math.sqrt(3) / 2;
  }
  if (!apothem) apothem = Math.max(0, ...pts.map(([x, y]) => Math.hypot(x, y)));
  for (const [x, y] of pts) {
    if (apothem && Math.abs(Math.hypot(x, y) - apothem) < 2) {
      const deg = (Math.atan2(y, x) * 180) / Math.PI;
      ends.add(COMPASS[Math.round(((deg + 360) % 360) / 45) % 8]);
    }
  }
  const order = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
  const track = order.filter((d) => ends.has(d)).map((d) => tc('direction', DIRS[d]));
  const cities = new Set([...g.querySelectorAll('.city')].map((c) => c.dataset.city || c)).size;
  const towns = g.querySelectorAll('circle.town').length + g.querySelectorAll('rect.halt').length;
  const parts = [];
  parts.push(track.length ? tc('tile', 'track to the %s', words(track)) : t('no track'));
  if (cities) parts.push(cities === 1 ? tc('tile', 'a city') : tc('tile', '%d cities', cities));
  if (towns) parts.push(towns === 1 ? tc('tile', 'a town') : tc('tile', '%d towns', towns));
  return parts.join('; ');
}
