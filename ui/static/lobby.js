// The lobby: sign up / sign in, game lists, create, join, start, import,
// export.
import { api } from './api.js';
import { h, clear } from './dom.js';

/** renderLobby draws the lobby into el for user me (null: signed out). */
export async function renderLobby(el, me) {
  document.title = 'Tresham';
  if (!me) {
    clear(el, authForm());
    return;
  }
  const msg = h('p', { class: 'error', role: 'alert', id: 'lobby-error' });
  const lists = h('div', { class: 'lists' });
  const refresh = async () => {
    clear(lists);
    for (const [filter, label] of [['mine', 'My games'], ['open', 'Open games'], ['finished', 'Finished games']]) {
      let games = [];
      try { games = (await api.games(filter)).games || []; } catch (e) { msg.textContent = e.message; }
      lists.append(h('section', { class: 'games', id: 'games-' + filter },
        h('h2', {}, label),
        games.length ? h('ul', {}, games.map((g) => gameItem(g, me, msg, refresh))) : h('p', { class: 'muted' }, 'None.')));
    }
  };
  const titles = await api.titles();
  clear(el, msg, h('div', { class: 'lobby' }, lists, h('div', { class: 'side' }, createForm(titles, msg), importForm(msg))));
  await refresh();
}

function authForm() {
  const name = h('input', { id: 'auth-name', name: 'name', autocomplete: 'username', required: true });
  const pass = h('input', { id: 'auth-password', name: 'password', type: 'password', autocomplete: 'current-password', required: true });
  const err = h('p', { class: 'error', role: 'alert' });
  const go = (fn) => async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    try {
      await fn(name.value, pass.value);
      localStorage.setItem('tresham.signedIn', '1');
      location.reload();
    } catch (e) { err.textContent = e.message; }
  };
  return h('form', { class: 'auth card', onsubmit: go(api.login) },
    h('h1', {}, 'Welcome to Tresham'),
    h('p', {}, 'Play 1860 and 1825 with friends, online or at one table.'),
    h('label', { for: 'auth-name' }, 'Name'), name,
    h('label', { for: 'auth-password' }, 'Password'), pass,
    h('div', { class: 'row' },
      h('button', { type: 'submit', id: 'login' }, 'Sign in'),
      h('button', { type: 'button', id: 'signup', onclick: go(api.signup) }, 'Sign up')),
    err);
}

function seatText(s) {
  if (s.bot) return `${s.name || 'bot'} (${s.bot} bot)`;
  return s.name || (s.user_id ? 'taken' : 'open');
}

function gameItem(g, me, msg, refresh) {
  const act = (fn) => async () => {
    msg.textContent = '';
    try { await fn(); await refresh(); } catch (e) { msg.textContent = e.message; }
  };
  const filled = g.hotseat || (g.seats || []).every((s) => s.user_id || s.bot);
  const started = g.status !== 'new';
  const seats = (g.seats || []).map((s, i) => h('li', {},
    `Seat ${i + 1}: ${seatText(s)}`,
    !g.hotseat && !started && !s.user_id && !s.bot ? h('button', { class: 'small', onclick: act(() => api.join(g.id, i)) }, 'Join') : null));
  return h('li', { class: 'game', 'data-game': g.id },
    h('a', { href: `/?game=${g.id}` }, `${g.title} #${g.id}`), ' ',
    h('span', { class: 'status' }, g.status), g.hotseat ? h('span', { class: 'tag' }, 'hotseat') : null,
    (g.options || []).length ? h('span', { class: 'muted' }, ' ' + g.options.join(', ')) : null,
    h('ul', { class: 'seats' }, seats),
    h('div', { class: 'row' },
      String(g.owner) === String(me.id) && !started && filled ? h('button', { class: 'start', onclick: act(() => api.start(g.id)) }, 'Start') : null,
      h('a', { class: 'button', href: `/?game=${g.id}` }, 'Open'),
      h('a', { class: 'button', href: `/api/games/${g.id}/export`, download: `tresham-${g.id}.json` }, 'Export')));
}

function createForm(titles, msg) {
  const title = h('select', { id: 'create-title' }, titles.map((t) => h('option', { value: t.title }, t.title)));
  const players = h('input', { id: 'create-players', type: 'number', value: 3 });
  const hotseat = h('input', { id: 'create-hotseat', type: 'checkbox', checked: true });
  const botCount = h('input', { id: 'create-bots', type: 'number', value: 0, min: 0 });
  const botKind = h('select', { id: 'create-bot-kind' }, ['heuristic', 'random'].map((k) => h('option', { value: k }, k)));
  const opts = h('fieldset', { class: 'options' });
  const sync = () => {
    const t = titles.find((x) => x.title === title.value);
    players.min = t.min_players;
    players.max = t.max_players;
    if (Number(players.value) < t.min_players || Number(players.value) > t.max_players) players.value = Math.min(Math.max(3, t.min_players), t.max_players);
    botCount.max = Number(players.value) - 1;
    clear(opts, h('legend', {}, 'Options'), (t.options || []).map((o) => h('label', { class: 'option' },
      h('input', { type: 'checkbox', name: 'option', value: o.name }), ' ', h('code', {}, o.name), ' — ', o.description)));
  };
  title.addEventListener('change', sync);
  players.addEventListener('change', () => { botCount.max = Number(players.value) - 1; });
  sync();
  return h('form', { class: 'card create', onsubmit: async (ev) => {
    ev.preventDefault();
    msg.textContent = '';
    const options = [...opts.querySelectorAll('input:checked')].map((i) => i.value);
    try {
      // the last seats are the computer's
      const n = Number(players.value);
      const bots = {};
      for (let i = n - Math.min(Number(botCount.value) || 0, n - 1); i < n; i++) bots[String(i)] = botKind.value;
      const { id } = await api.create({ title: title.value, options, players: n, hotseat: hotseat.checked, bots });
      location.href = `/?game=${id}`;
    } catch (e) { msg.textContent = e.message; }
  } },
  h('h2', {}, 'New game'),
  h('label', { for: 'create-title' }, 'Title'), title,
  h('label', { for: 'create-players' }, 'Players'), players,
  h('label', { class: 'option' }, hotseat, ' Hotseat (all seats played from this browser)'),
  h('label', { for: 'create-bots' }, 'Computer players (the last seats)'), botCount,
  h('label', { for: 'create-bot-kind' }, 'Computer strength'), botKind,
  opts,
  h('button', { type: 'submit', id: 'create' }, 'Create game'));
}

function importForm(msg) {
  const file = h('input', { type: 'file', id: 'import-file', accept: '.json,application/json' });
  return h('form', { class: 'card', onsubmit: async (ev) => {
    ev.preventDefault();
    msg.textContent = '';
    if (!file.files.length) { msg.textContent = 'Choose an 18xx.games JSON file first.'; return; }
    try {
      const { id } = await api.importGame(await file.files[0].text());
      location.href = `/?game=${id}`;
    } catch (e) { msg.textContent = e.message; }
  } },
  h('h2', {}, 'Import an 18xx.games game'),
  h('label', { for: 'import-file' }, 'Game export (JSON)'), file,
  h('button', { type: 'submit', id: 'import' }, 'Import'));
}
