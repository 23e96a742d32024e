// Entry point: `/` is the lobby, `/?game=ID` a game (`&action=N` views the
// game after its first N actions, `&view=sheet` its spreadsheet;
// `&invite=TOKEN` is an invite link, `&seat=I&substitute=TOKEN` a
// substitute's link), `/?player=NAME` a player's page, `/?help=TITLE` the
// rules of a title, `/?settings` the settings (turn notifications, display), `/?local`
// the hotseat games kept in this browser and `/?local=KEY` one of them (no
// server needed: a service worker keeps the page working offline);
// `/?confirm-email=TOKEN`, `/?unsubscribe=ID&sig=SIG`, `/?forgot` and
// `/?reset=TOKEN` are the email pages (mail.js).
import { renderLobby, renderInvite, renderSubstitute, signInLink } from './lobby.js';
import { renderProfile } from './profile.js';
import { renderGame } from './game.js';
import { renderSheet } from './sheet.js';
import { renderHelp } from './help.js';
import { renderSettings } from './settings.js';
import { renderConfirmEmail, renderUnsubscribe, renderForgot, renderReset } from './mail.js';
import { api } from './api.js';
import { h, clear } from './dom.js';
import { renderLocalLobby, renderLocalGame } from './hotseat.js';
import { setupLanguage, language, chooseLanguage, LANGUAGES } from './i18n.js';

// languageSwitch is the header's choice of the page's language (kept in
// this browser; the first visit follows the browser's languages).
function languageSwitch() {
  const sel = h('select', { id: 'lang', 'aria-label': 'Language', onchange: () => chooseLanguage(sel.value) },
    Object.entries(LANGUAGES).map(([code, name]) => h('option', { value: code, lang: code, selected: code === language() }, name)));
  return h('label', { class: 'lang-switch', translate: 'no' }, sel);
}
import { applyContrast } from './keyboard.js';

applyContrast(); // the display setting kept in this browser (the settings page)

async function main() {
  await setupLanguage();
  const app = document.getElementById('app');
  const who = document.getElementById('who');
  who.after(languageSwitch());
  // Only ask who we are when this browser signed in before: a signed-out
  // visitor gets the sign-in form without a refused request.
  let me = null;
  let offline = false;
  if (localStorage.getItem('tresham.signedIn')) {
    try { me = await api.me(); } catch (e) { me = null; offline = !e.status; }
    if (!me && !offline) localStorage.removeItem('tresham.signedIn');
  }
  if (me) {
    clear(who, 'Signed in as ', h('a', { href: `/?player=${encodeURIComponent(me.name)}`, id: 'me-link' }, h('strong', {}, me.name)), ' ',
      h('a', { href: '/?settings', id: 'settings-link' }, 'Settings'), ' ',
      h('button', { class: 'link', onclick: async () => { localStorage.removeItem('tresham.signedIn'); await api.logout(); location.href = '/'; } }, 'Sign out'));
  }
  const q = new URLSearchParams(location.search);
  if (!me && !offline && location.pathname + location.search !== '/' && !q.has('next')) clear(who, signInLink('sign-in-link', 'Sign in or sign up'));
  if (q.get('confirm-email')) {
    await renderConfirmEmail(app, q.get('confirm-email'));
  } else if (q.get('unsubscribe')) {
    await renderUnsubscribe(app, q.get('unsubscribe'), q.get('sig') || '');
  } else if (q.has('forgot')) {
    renderForgot(app);
  } else if (q.get('reset')) {
    renderReset(app, q.get('reset'));
  } else if (q.has('help')) {
    renderHelp(app, q.get('help'));
  } else if (q.has('settings')) {
    renderSettings(app, me);
  } else if (q.has('local')) {
    if (q.get('local')) await renderLocalGame(app, q.get('local'), me);
    else await renderLocalLobby(app, me);
  } else if (offline) {
    clear(app, h('p', { role: 'alert' }, 'The server cannot be reached. ', h('a', { href: '/?local', id: 'offline-local' }, 'Hotseat games in this browser'), ' work offline.'));
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

// The service worker keeps the page's files and the engine for offline
// play (hotseat games in this browser).
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch((e) => console.warn('no offline support:', e.message));
}

main().catch((e) => {
  clear(document.getElementById('app'), h('p', { class: 'error', role: 'alert' }, e.message));
});
