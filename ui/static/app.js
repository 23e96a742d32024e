// Entry point: `/` is the lobby, `/?game=ID` a game (`&action=N` views the
// game after its first N actions, `&view=sheet` its spreadsheet;
// `&invite=TOKEN` is an invite link, `&seat=I&substitute=TOKEN` a
// substitute's link), `/?player=NAME` a player's page, `/?help=TITLE` the
// rules of a title, `/?settings` the turn notification settings.
import { renderLobby, renderInvite, renderSubstitute } from './lobby.js';
import { renderProfile } from './profile.js';
import { renderGame } from './game.js';
import { renderSheet } from './sheet.js';
import { renderHelp } from './help.js';
import { renderSettings } from './settings.js';
import { api } from './api.js';
import { h, clear } from './dom.js';

async function main() {
  const app = document.getElementById('app');
  const who = document.getElementById('who');
  // Only ask who we are when this browser signed in before: a signed-out
  // visitor gets the sign-in form without a refused request.
  let me = null;
  if (localStorage.getItem('tresham.signedIn')) {
    try { me = await api.me(); } catch { me = null; }
    if (!me) localStorage.removeItem('tresham.signedIn');
  }
  if (me) {
    clear(who, 'Signed in as ', h('a', { href: `/?player=${encodeURIComponent(me.name)}`, id: 'me-link' }, h('strong', {}, me.name)), ' ',
      h('a', { href: '/?settings', id: 'settings-link' }, 'Notifications'), ' ',
      h('button', { class: 'link', onclick: async () => { localStorage.removeItem('tresham.signedIn'); await api.logout(); location.href = '/'; } }, 'Sign out'));
  }
  const q = new URLSearchParams(location.search);
  if (q.has('help')) {
    renderHelp(app, q.get('help'));
  } else if (q.has('settings')) {
    renderSettings(app, me);
  } else if (q.get('game') && q.get('view') === 'sheet') {
    await renderSheet(app, q.get('game'));
  } else if (q.get('game') && q.get('substitute')) {
    await renderSubstitute(app, q.get('game'), q.get('seat'), q.get('substitute'), me);
  } else if (q.get('game') && q.get('invite')) {
    await renderInvite(app, q.get('game'), q.get('invite'), me);
  } else if (q.get('player')) {
    await renderProfile(app, q.get('player'), me);
  } else if (q.get('game')) {
    const at = q.get('action');
    await renderGame(app, q.get('game'), me, at === null ? null : Number(at));
  } else {
    await renderLobby(app, me);
  }
}

main().catch((e) => {
  clear(document.getElementById('app'), h('p', { class: 'error', role: 'alert' }, e.message));
});
