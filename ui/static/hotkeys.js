// Keyboard shortcuts of the game page, and the help overlay that lists
// them (opened with "?"). Move keys only press a button the action panel
// already shows: the engine's legal list decides what may be done.
import { h } from './dom.js';
import { seekRound } from './historynav.js';
import { focusActions, focusMapText } from './keyboard.js';

// position is the history position shown (the live one is the total).
const position = (page) => (page.at === null ? page.total : page.at);

// press clicks the one visible, enabled button matching sel; false if
// there is none or more than one (the key then does nothing).
function press(sel) {
  const bs = [...document.querySelectorAll(sel)].filter((b) => !b.disabled && b.offsetParent !== null);
  if (bs.length !== 1) return false;
  bs[0].click();
  return true;
}

/** HOTKEYS lists each key, what it does, and how (page, event) => done. */
export const HOTKEYS = [
  { keys: ['←'], what: 'Back one action', key: (e) => e.key === 'ArrowLeft' && !e.shiftKey, run: (p) => p.seek(position(p) - 1) },
  { keys: ['→'], what: 'Forward one action', key: (e) => e.key === 'ArrowRight' && !e.shiftKey, run: (p) => p.seek(position(p) + 1) },
  { keys: ['Shift', '←'], what: 'Back to the start of the round (again: the round before)', key: (e) => e.key === 'ArrowLeft' && e.shiftKey, run: (p) => seekRound(p, -1) },
  { keys: ['Shift', '→'], what: 'Forward to the start of the next round', key: (e) => e.key === 'ArrowRight' && e.shiftKey, run: (p) => seekRound(p, 1) },
  { keys: ['Home'], what: 'The start of the game', key: (e) => e.key === 'Home', run: (p) => p.seek(0) },
  { keys: ['End'], what: 'Back to the game as it stands now (live)', key: (e) => e.key === 'End', run: (p) => p.seek(null) },
  { keys: ['a'], what: 'Go to the action panel (then Tab through its choices)', key: (e) => e.key === 'a', run: () => focusActions() },
  { keys: ['m'], what: 'Open the map as text and go to it', key: (e) => e.key === 'm', run: () => focusMapText() },
  { keys: ['p'], what: 'Pass (when the panel offers one Pass button)', key: (e) => e.key === 'p', run: () => press('aside.panel button.choice.pass') },
  { keys: ['c'], what: 'Confirm the tile being placed', key: (e) => e.key === 'c', run: () => press('#confirm-tile') },
  { keys: ['r'], what: 'Run the routes shown', key: (e) => e.key === 'r', run: () => press('#run-routes') },
  { keys: ['u'], what: 'Undo your last action (when allowed)', key: (e) => e.key === 'u', run: () => press('#undo') },
  { keys: ['?'], what: 'Show or hide this list', key: (e) => e.key === '?', run: () => toggleHelp() },
  { keys: ['Esc'], what: 'Close this list', key: (e) => e.key === 'Escape', run: () => closeHelp() },
];

function closeHelp() {
  const o = document.getElementById('hotkeys-help');
  if (o) o.remove();
  return Boolean(o);
}

/** toggleHelp opens (or closes) the overlay listing every hotkey. */
export function toggleHelp() {
  if (closeHelp()) return;
  const close = h('button', { type: 'button', id: 'hotkeys-close', onclick: closeHelp }, 'Close');
  const box = h('div', { class: 'hotkeys-overlay', id: 'hotkeys-help', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'hotkeys-title',
    onclick: (ev) => { if (ev.target === ev.currentTarget) closeHelp(); } },
  h('div', { class: 'card hotkeys-box' },
    h('h2', { id: 'hotkeys-title' }, 'Keyboard shortcuts'),
    h('table', {}, h('tbody', {}, HOTKEYS.map((k) => h('tr', {},
      h('th', {}, k.keys.map((x, i) => [i ? ' + ' : null, h('kbd', {}, x)])), h('td', {}, k.what))))),
    h('p', { class: 'muted' }, 'Keys do nothing while you type in a box. Click a line of the log to see the game just after it.'),
    close));
  document.body.append(box);
  close.focus();
}

// typing reports whether the key goes to a text box or a list.
function typing(e) {
  const t = e.target;
  return t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
}

/** installHotkeys listens for the page's hotkeys (once per page object). */
export function installHotkeys(page) {
  if (page.hotkeys) return;
  page.hotkeys = async (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || typing(e)) return;
    const k = HOTKEYS.find((x) => x.key(e));
    if (!k) return;
    // while the list is open only its own keys work
    if (document.getElementById('hotkeys-help') && !['?', 'Esc'].includes(k.keys[0])) return;
    e.preventDefault();
    try { await k.run(page); } catch (err) { console.warn('hotkey:', err); }
  };
  document.addEventListener('keydown', page.hotkeys);
}
