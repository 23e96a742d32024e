// A player's page: their games (paged), finished results by title and
// time spent; on one's own page, the password change and account
// deletion.
import { api } from './api.js';
import { h, clear } from './dom.js';
import { gameItem, learnTables } from './lobby.js';
import { emailCard } from './mail.js';

/** duration says a number of seconds in plain words. */
function duration(secs) {
  const d = Math.floor(secs / 86400), hrs = Math.floor((secs % 86400) / 3600), m = Math.floor((secs % 3600) / 60);
  if (d) return `${d} day${d === 1 ? '' : 's'} ${hrs} h`;
  if (hrs) return `${hrs} h ${m} min`;
  return `${m} min`;
}

/** renderProfile draws the page of the player called name. */
export async function renderProfile(el, name, me) {
  document.title = `${name} – Tresham`;
  const msg = h('p', { class: 'error', role: 'alert', id: 'profile-error' });
  let p;
  try { [p] = await Promise.all([api.player(name, { limit: 10 }), learnTables()]); } catch (e) {
    clear(el, h('p', { class: 'error', role: 'alert' }, e.status === 404 ? `There is no player called ${name}.` : e.message));
    return;
  }
  const list = h('ul', {});
  const more = h('button', { type: 'button', class: 'more' }, 'Show more');
  let cursor = '';
  const show = (page, append) => {
    if (!append) clear(list);
    list.append(...page.games.map((g) => gameItem(g, me || {}, msg, reload)));
    cursor = page.next_cursor;
    more.hidden = !cursor;
  };
  const reload = async () => show(await api.player(name, { limit: 10 }), false);
  more.addEventListener('click', async () => {
    try { show(await api.player(name, { limit: 10, cursor }), true); } catch (e) { msg.textContent = e.message; }
  });
  show(p, false);
  const results = p.results.length
    ? h('table', { class: 'results' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', { class: 'num' }, 'Finished'), h('th', { class: 'num' }, 'Won'), h('th', { class: 'num' }, 'Best score'))),
      h('tbody', {}, p.results.map((r) => h('tr', {}, h('th', {}, r.title), h('td', { class: 'num' }, r.finished), h('td', { class: 'num' }, r.won), h('td', { class: 'num' }, r.best)))))
    : h('p', { class: 'muted' }, 'No finished games yet.');
  const own = me && me.name === p.name;
  clear(el, msg, h('div', { class: 'profile' },
    h('section', { class: 'card' },
      h('h1', {}, p.name),
      h('p', { class: 'muted' }, `Playing since ${new Date(p.since).toLocaleDateString()}. `,
        `${p.playing} game${p.playing === 1 ? '' : 's'} being played now. `,
        `Time in finished games: ${duration(p.time_spent_seconds)}.`),
      h('h2', {}, 'Results'), results),
    h('section', { class: 'games card', id: 'profile-games' }, h('h2', {}, 'Games'), list, more),
    own ? emailCard(me) : null,
    own ? accountForms() : null));
}

function accountForms() {
  const old = h('input', { id: 'pw-old', type: 'password', autocomplete: 'current-password', required: true });
  const pw = h('input', { id: 'pw-new', type: 'password', autocomplete: 'new-password', required: true });
  const pwMsg = h('p', { role: 'status', id: 'pw-msg' });
  const delPw = h('input', { id: 'delete-password', type: 'password', autocomplete: 'current-password', required: true });
  const sure = h('input', { id: 'delete-sure', type: 'checkbox', required: true });
  const delMsg = h('p', { class: 'error', role: 'alert' });
  return h('section', { class: 'card account', id: 'account' },
    h('h2', {}, 'Your account'),
    h('form', { onsubmit: async (ev) => {
      ev.preventDefault();
      pwMsg.className = '';
      try {
        await api.changePassword(old.value, pw.value);
        pwMsg.textContent = 'Password changed. You were signed out everywhere else.';
        old.value = pw.value = '';
      } catch (e) { pwMsg.className = 'error'; pwMsg.textContent = e.message; }
    } },
    h('h3', {}, 'Change your password'),
    h('label', { for: 'pw-old' }, 'Current password'), old,
    h('label', { for: 'pw-new' }, 'New password'), pw,
    h('button', { type: 'submit', id: 'pw-change' }, 'Change password'), pwMsg),
    h('form', { class: 'danger', onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        await api.deleteAccount(delPw.value);
        localStorage.removeItem('tresham.signedIn');
        location.href = '/';
      } catch (e) { delMsg.textContent = e.message; }
    } },
    h('h3', {}, 'Delete your account'),
    h('p', {}, 'Your finished games stay as they are, with your seat shown as a deleted player. You leave the tables that have not started. Your name stays reserved for 30 days, then anyone may take it.'),
    h('label', { for: 'delete-password' }, 'Password'), delPw,
    h('label', { class: 'option' }, sure, ' I understand this cannot be undone'),
    h('button', { type: 'submit', id: 'delete-account' }, 'Delete my account'), delMsg));
}
