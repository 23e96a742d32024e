// Email: the "Email" card of one's own page (an address, confirmed by a
// link; "email me when it is my turn"), and the pages the emailed links
// open: `/?confirm-email=TOKEN`, `/?unsubscribe=ID&sig=SIG` (stops the
// turn emails at once), `/?forgot` (ask for a password reset link) and
// `/?reset=TOKEN` (choose a new password).
import { api } from './api.js';
import { h, clear } from './dom.js';

/** emailCard is the Email card of the signed-in player me's own page. */
export function emailCard(me) {
  const msg = h('p', { id: 'email-msg', role: 'status' });
  const say = (text, cls) => { msg.className = cls || ''; msg.textContent = text; };
  if (!me.email_enabled) {
    return h('section', { class: 'card', id: 'email' },
      h('h2', {}, 'Email'),
      h('p', { class: 'muted' }, 'This server sends no email: it was started without a mail server.'));
  }
  const current = h('p', { id: 'email-current' });
  const input = h('input', { id: 'email-address', type: 'email', autocomplete: 'email', maxlength: 254, required: true });
  const turns = h('input', { id: 'email-turns', type: 'checkbox' });
  const turnsLabel = h('label', { class: 'option', for: 'email-turns' }, turns, ' Email me when it is my turn in a game');
  const remove = h('button', { type: 'button', id: 'email-remove' }, 'Remove this address');
  const show = () => {
    clear(current, me.email ? ['Your confirmed address is ', h('strong', {}, me.email), '.'] : 'You have no confirmed address: Tresham sends you no email.');
    remove.hidden = !me.email;
    turns.checked = !!me.email_turns;
    turns.disabled = !me.email;
  };
  remove.addEventListener('click', async () => {
    try {
      await api.removeEmail();
      me.email = '';
      show();
      say('Removed: no email will be sent to you.', 'ok');
    } catch (e) { say(`Not removed: ${e.message}`, 'error'); }
  });
  turns.addEventListener('change', async () => {
    const on = turns.checked;
    try {
      await api.setEmailTurns(on);
      me.email_turns = on;
      say(on ? 'You will get an email when it becomes your turn.' : 'No more turn emails.', 'ok');
    } catch (e) { turns.checked = !on; say(`Not saved: ${e.message}`, 'error'); }
  });
  show();
  return h('section', { class: 'card account', id: 'email' },
    h('h2', {}, 'Email'),
    current,
    h('form', { onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        const r = await api.addEmail(input.value.trim());
        if (r.confirmed) say('This address is already confirmed.', 'ok');
        else say(`We sent a link to ${r.address}. Open it to confirm the address; until then nothing else is sent there.`, 'ok');
        input.value = '';
      } catch (e) { say(`Not sent: ${e.message}`, 'error'); }
    } },
    h('label', { for: 'email-address' }, me.email ? 'Use another address' : 'Your email address'), input,
    h('button', { type: 'submit', id: 'email-add' }, 'Send a confirmation link')),
    turnsLabel, remove, msg,
    h('p', { class: 'muted' }, 'A confirmed address also lets you reset a forgotten password. Each turn email has a link that stops them in one click.'));
}

/** renderConfirmEmail confirms the address of an emailed link. */
export async function renderConfirmEmail(el, token) {
  document.title = 'Confirm your email address – Tresham';
  const out = h('p', { id: 'mail-page-msg', role: 'status' }, 'Confirming…');
  clear(el, h('section', { class: 'card settings' }, h('h1', {}, 'Confirm your email address'), out));
  try {
    const r = await api.confirmEmail(token);
    clear(out, `Confirmed: ${r.address} is your account's address. `,
      r.turns ? 'You will get an email when it becomes your turn (your own page, under your name at the top, changes this). ' : '',
      h('a', { href: '/' }, 'Go to your games'));
  } catch (e) {
    out.className = 'error';
    out.textContent = `Not confirmed: ${e.message}`;
  }
}

/** renderUnsubscribe stops the turn emails of an emailed link. */
export async function renderUnsubscribe(el, user, sig) {
  document.title = 'Stop turn emails – Tresham';
  const out = h('p', { id: 'mail-page-msg', role: 'status' }, 'Stopping…');
  clear(el, h('section', { class: 'card settings' }, h('h1', {}, 'Stop turn emails'), out));
  try {
    await api.unsubscribe(user, sig);
    out.textContent = 'Done: you will get no more emails when it is your turn. You can turn them on again on your page.';
  } catch (e) {
    out.className = 'error';
    out.textContent = `Not stopped: ${e.message}`;
  }
}

/** renderForgot asks for a password reset link. */
export function renderForgot(el) {
  document.title = 'Forgotten password – Tresham';
  const name = h('input', { id: 'forgot-name', autocomplete: 'username', required: true, maxlength: 254 });
  const out = h('p', { id: 'mail-page-msg', role: 'status' });
  clear(el, h('div', { class: 'settings' }, h('form', { class: 'card', onsubmit: async (ev) => {
    ev.preventDefault();
    out.className = '';
    try {
      await api.forgotPassword(name.value.trim());
      out.textContent = 'If this account has a confirmed email address, a link to choose a new password is on its way. It works for one hour.';
    } catch (e) { out.className = 'error'; out.textContent = e.message; }
  } },
  h('h1', {}, 'Forgotten password'),
  h('p', {}, 'We email a link to choose a new password to the confirmed address of your account.'),
  h('label', { for: 'forgot-name' }, 'Your name or email address'), name,
  h('button', { type: 'submit', id: 'forgot-send' }, 'Email me a link'), out)));
}

/** renderReset sets a new password with an emailed link. */
export function renderReset(el, token) {
  document.title = 'Choose a new password – Tresham';
  const pw = h('input', { id: 'reset-password', type: 'password', autocomplete: 'new-password', required: true });
  const out = h('p', { id: 'mail-page-msg', role: 'status' });
  clear(el, h('div', { class: 'settings' }, h('form', { class: 'card', onsubmit: async (ev) => {
    ev.preventDefault();
    out.className = '';
    try {
      const u = await api.resetPassword(token, pw.value);
      localStorage.setItem('tresham.signedIn', '1');
      clear(out, `Password changed: you are signed in as ${u.name}, and signed out everywhere else. `, h('a', { href: '/', id: 'reset-home' }, 'Go to your games'));
      pw.value = '';
      pw.disabled = true;
    } catch (e) { out.className = 'error'; out.textContent = e.message; }
  } },
  h('h1', {}, 'Choose a new password'),
  h('label', { for: 'reset-password' }, 'New password'), pw,
  h('button', { type: 'submit', id: 'reset-save' }, 'Set the new password'), out)));
}
