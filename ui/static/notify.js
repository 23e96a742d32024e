// Turn notifications while the game's page is open: a badge on the tab's
// icon, and (with the player's permission) a browser notification when it
// becomes their turn while the tab is in the background.
import { h } from './dom.js';

const icon = (dot) => 'data:image/svg+xml,' + encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><polygon points="16,2 29,9 29,23 16,30 3,23 3,9" fill="#1b6ca8"/>` +
  (dot ? '<circle cx="24" cy="8" r="7" fill="#d32f2f" stroke="#fff" stroke-width="2"/>' : '') + '</svg>');

let wasMine = null;
// permission is Notification.permission as last read: reading it costs a
// few milliseconds in Chromium, and the page draws on every step
let permission = null;
const notifyPermission = () => (permission ??= Notification.permission);

/** turnChanged updates the tab's badge and notifies when it becomes the
 * player's turn (mine: whether the player may act now). */
export function turnChanged(mine, title, text) {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  const want = icon(mine);
  if (link.getAttribute('href') !== want) link.href = want;
  if (mine && wasMine === false && document.hidden && typeof Notification === 'function' && notifyPermission() === 'granted') {
    try { new Notification(title, { body: text, tag: 'tresham-turn' }); } catch { /* not allowed here */ }
  }
  wasMine = mine;
}

/** notifyButton asks for permission to notify, when that is still open. */
export function notifyButton() {
  if (typeof Notification !== 'function' || notifyPermission() !== 'default') return null;
  const b = h('button', { type: 'button', id: 'notify', class: 'link', onclick: async () => {
    permission = await Notification.requestPermission();
    b.remove();
  } }, 'Tell me when it is my turn');
  return b;
}
