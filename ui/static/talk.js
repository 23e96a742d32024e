// Table talk and ending a game early: the chat card, and the proposal to
// end the game that every human player must agree to.
import { api } from './api.js';
import { h } from './dom.js';

const chatLimit = 2000; // characters in one message (the server's limit)

/** chatCard is the table-talk card: the messages so far (up to the
 * history position), and a box to write one when you hold a seat. */
export function chatCard(page) {
  const v = page.view;
  const lines = (v.chat || []).filter((m) => page.at === null || m.seq < page.at);
  const when = (t) => (t ? new Date(t * 1000).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' }) : '');
  // focusable: the list scrolls, and a keyboard must reach what it hides
  const list = h('ol', { id: 'chat', 'aria-live': 'polite', tabindex: '0', 'aria-label': 'Messages at the table' },
    lines.length === 0 ? h('li', { class: 'muted' }, 'No messages yet.') : null,
    lines.map((m) => h('li', {},
      h('strong', {}, m.name || `Player ${m.player}`), ': ', m.text,
      m.at ? h('span', { class: 'muted' }, ' · ', when(m.at)) : null)));
  const canWrite = page.at === null && (v.you || []).length > 0 && v.status !== 'new';
  let form = null;
  if (canWrite) {
    const input = h('textarea', { id: 'chat-text', rows: 2, maxlength: chatLimit, 'aria-label': 'Message to the table', placeholder: 'Write to the table…' });
    // holding several seats (a hotseat game): write as the seat to act, or the one chosen
    const seats = (v.seats || []).filter((s) => (v.you || []).map(String).includes(String(s.player_id)));
    // the state's acting list names the players (a company's director for a company)
    const acting = seats.find((s) => ((v.state && v.state.acting) || v.acting || []).map(String).includes(String(s.player_id)));
    const as = seats.length > 1 ? h('select', { id: 'chat-as', 'aria-label': 'Write as' },
      seats.map((s) => h('option', { value: s.player_id, selected: acting && s === acting }, s.name))) : null;
    const send = async (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      await page.act({ type: 'message', entity: as ? Number(as.value) : v.you[0], entity_type: 'player', message: text });
    };
    input.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' && !ev.shiftKey) send(ev); });
    form = h('form', { class: 'chat-form', onsubmit: send }, as ? h('label', { class: 'chat-as' }, 'As ', as) : null, input, h('button', { type: 'submit', id: 'chat-send' }, 'Send'));
  }
  return h('section', { class: 'card talk' }, h('h2', {}, 'Table talk'), list, form);
}

/** endGameBar offers to end the game early (every human player must
 * agree) and shows who has agreed so far; null when it does not apply. */
export function endGameBar(page) {
  const v = page.view;
  if (page.at !== null || v.finished || v.status !== 'active' || (v.you || []).length === 0) return null;
  // the live position when clicked (the bar is kept from move to move
  // while it reads the same: game.js)
  const vote = (agree) => async () => {
    page.error = '';
    page.errorType = null;
    try {
      await api.end(page.view.id, page.view.actions, agree);
    } catch (e) {
      page.error = e.message;
    }
    await page.reload();
  };
  const p = v.end_proposal;
  if (!p) {
    // ask first: where the viewer holds every human seat (a hotseat game)
    // the proposal is agreed at once and the game ends for good
    const all = allSeatsMine(v);
    if (page.askEnd) {
      const keep = () => { page.askEnd = false; page.rerenderTop ? page.rerenderTop() : page.reload(); };
      return h('div', { class: 'end-game ask', id: 'end-ask', role: 'alertdialog', 'aria-label': 'End the game?' },
        h('span', {}, all ? 'End the game now, scored as it stands? You hold every seat, so it ends at once and cannot be undone.'
          : 'Propose to end the game now, scored as it stands? It ends once every player agrees; any move cancels the proposal.'),
        h('button', { type: 'button', id: 'confirm-end', onclick: () => { page.askEnd = false; vote(true)(); } }, all ? 'End the game' : 'Propose it'),
        h('button', { type: 'button', id: 'cancel-end', onclick: keep }, 'Keep playing'));
    }
    return h('div', { class: 'end-game' },
      h('button', { type: 'button', id: 'propose-end', onclick: () => { page.askEnd = true; page.rerenderTop ? page.rerenderTop() : page.reload(); },
        title: 'The game ends now, scored as it stands, once every player agrees. Any move cancels the proposal.' },
      all ? 'End the game now…' : 'Propose ending the game now…'));
  }
  const mine = (p.waiting || []).length > 0 && !(p.agreed || []).includes(myName(v));
  return h('div', { class: 'end-game', role: 'status' },
    h('span', {}, `${p.agreed.join(', ')} ${p.agreed.length === 1 ? 'wants' : 'want'} to end the game now, scored as it stands`,
      p.waiting.length ? `; waiting for ${p.waiting.join(', ')}. Any move cancels this.` : '.'),
    mine ? h('button', { type: 'button', id: 'agree-end', onclick: vote(true) }, 'Agree to end the game') : null,
    (p.agreed || []).includes(myName(v)) ? h('button', { type: 'button', id: 'withdraw-end', onclick: vote(false) }, 'Withdraw my agreement') : null);
}

// allSeatsMine tells whether the viewer holds every seat not played by a bot.
function allSeatsMine(v) {
  const you = new Set((v.you || []).map(String));
  return (v.seats || []).filter((s) => !s.bot).every((s) => you.has(String(s.player_id)));
}

// myName is the name of the first seat the viewer holds.
function myName(v) {
  const seat = (v.seats || []).find((s) => (v.you || []).includes(s.player_id));
  return seat ? seat.name : '';
}
