// The settings page, `/?settings`: how you hear that it is your turn (an
// email (mail.js, also on one's own page), a web address (webhook) the
// server calls, e.g. a Discord or Slack channel, and this browser's
// notifications while a game's page is open), and how the page looks in
// this browser (high contrast).
import { api } from './api.js';
import { h, clear } from './dom.js';
import { emailCard } from './mail.js';
import { contrast, setContrast } from './keyboard.js';

/** renderSettings draws the settings of the signed-in player me (the display ones also signed out). */
export function renderSettings(el, me) {
  document.title = 'Settings – Tresham';
  if (!me) {
    clear(el, h('div', { class: 'settings' }, h('h1', {}, 'Settings'),
      displayCard(),
      h('section', { class: 'card' }, h('h2', {}, 'Turn notifications'),
        h('p', {}, 'Sign in to choose how you hear that it is your turn. ', h('a', { href: '/' }, 'Sign in')))));
    return;
  }
  clear(el, h('div', { class: 'settings' },
    h('h1', {}, 'Settings'),
    displayCard(),
    h('h2', { class: 'settings-part' }, 'Turn notifications'),
    emailCard(me),
    webhookForm(me),
    browserCard()));
}

// displayCard is the high-contrast switch, kept in this browser and
// applied at once.
function displayCard() {
  const box = h('input', { type: 'checkbox', id: 'high-contrast', checked: contrast() === 'high',
    onchange: () => { setContrast(box.checked ? 'high' : ''); msg.textContent = box.checked ? 'High contrast is on in this browser.' : 'High contrast is off.'; } });
  const msg = h('p', { id: 'contrast-msg', role: 'status' });
  return h('section', { class: 'card', id: 'display' },
    h('h2', {}, 'Display'),
    h('label', { class: 'option', for: 'high-contrast' }, box, ' High contrast: black on white, darker borders, underlined links and a stronger focus ring'),
    msg,
    h('p', { class: 'muted' }, 'Kept in this browser for your next visits. Routes on the map are told apart by colour, dash pattern and number; companies by their letters; market zones by a symbol.'));
}

function webhookForm(me) {
  const input = h('input', { type: 'url', id: 'webhook-url', name: 'url', value: me.webhook_url || '', placeholder: 'https://discord.com/api/webhooks/…', autocomplete: 'off', spellcheck: 'false' });
  const msg = h('p', { id: 'webhook-msg', role: 'status' });
  const current = h('p', { id: 'webhook-current' });
  const show = (url) => {
    clear(current, url ? ['We call ', h('code', {}, url), ' when it becomes your turn.'] : 'No address is set: nothing is called when it becomes your turn.');
    clearBtn.hidden = !url;
  };
  const save = async (url) => {
    msg.className = '';
    try {
      await api.setWebhook(url);
      me.webhook_url = url;
      input.value = url;
      show(url);
      msg.className = 'ok';
      msg.textContent = url ? 'Saved.' : 'Removed: nothing will be called.';
    } catch (e) {
      msg.className = 'error';
      msg.textContent = `Not saved: ${e.message}`;
    }
  };
  const clearBtn = h('button', { type: 'button', id: 'webhook-clear', onclick: () => save('') }, 'Stop calling it');
  show(me.webhook_url || '');
  return h('section', { class: 'card', id: 'webhook' },
    h('h2', {}, 'Call a web address on your turn'),
    h('p', {}, 'When a move makes it your turn (in any of your games), the server sends a message to this address. ',
      'A Discord or Slack incoming-webhook address gets a chat message naming the game; any other address gets a JSON POST with the game, its title, your seat, who is to act and your time left on a clocked game.'),
    current,
    h('form', { onsubmit: (ev) => { ev.preventDefault(); save(input.value.trim()); } },
      h('label', { for: 'webhook-url' }, 'Web address (http or https)'), input,
      h('div', { class: 'row' }, h('button', { type: 'submit', id: 'webhook-save' }, 'Save'), clearBtn)),
    msg,
    h('p', { class: 'muted' }, 'For safety the server refuses addresses inside private networks (such as localhost or 192.168.…) unless it was started to allow them, and it follows no redirects. A message that cannot be delivered within 5 seconds is dropped.'));
}

function browserCard() {
  const state = h('p', { id: 'browser-notify-state' });
  const btn = h('button', { type: 'button', id: 'browser-notify', onclick: async () => { await Notification.requestPermission(); draw(); } }, 'Allow notifications in this browser');
  const draw = () => {
    if (typeof Notification !== 'function') {
      state.textContent = 'This browser cannot show notifications; the tab\'s icon still shows a red dot on your turn.';
      btn.hidden = true;
      return;
    }
    const p = Notification.permission;
    state.textContent = p === 'granted' ? 'This browser will notify you when it becomes your turn while a game\'s page is open in a background tab.'
      : p === 'denied' ? 'You have blocked notifications for this site; allow them in the browser\'s site settings to be notified.'
        : 'This browser does not notify you yet.';
    btn.hidden = p !== 'default';
  };
  draw();
  return h('section', { class: 'card', id: 'browser-notifications' },
    h('h2', {}, 'This browser'),
    h('p', {}, 'While a game\'s page is open, its tab\'s icon gets a red dot when it is your turn.'),
    state, btn);
}
