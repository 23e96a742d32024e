// The private notepad: a player's own notes on a game, kept on the server
// and shown to no one else (docs/api.md, Notepad).
import { api } from './api.js';
import { h } from './dom.js';

const noteLimit = 10000; // characters (the server's limit)

/** notesCard is the viewer's notepad on the game; null for spectators and
 * in history. The note is loaded once per page and saved on request. */
export function notesCard(page) {
  const v = page.view;
  // a game on the server only (a hotseat game in this browser has no owner there)
  if (page.at !== null || !(v.you || []).length || v.status === 'new' || v.owner == null || typeof v.id !== 'number') return null;
  const box = h('textarea', { id: 'note-text', rows: 6, style: 'width: 100%; box-sizing: border-box;', maxlength: noteLimit, 'aria-label': 'My private notes on this game', placeholder: 'Only you can read these notes.' });
  const status = h('p', { class: 'muted', id: 'note-status', role: 'status' }, page.noteText === undefined ? 'Loading…' : '');
  if (page.noteText !== undefined) box.value = page.noteText;
  else {
    api.note(v.id).then((n) => { page.noteText = n.text; box.value = n.text; status.textContent = ''; })
      .catch((e) => { status.textContent = e.message; });
  }
  const save = async (ev) => {
    ev.preventDefault();
    status.textContent = 'Saving…';
    try {
      const n = await api.saveNote(v.id, box.value);
      page.noteText = n.text;
      status.textContent = 'Saved.';
    } catch (e) {
      status.textContent = `Not saved: ${e.message}`;
    }
  };
  return h('section', { class: 'card notes', id: 'notes', 'aria-labelledby': 'notes-title' },
    h('h2', { id: 'notes-title' }, 'My notes'),
    h('form', { onsubmit: save }, box, h('div', {}, h('button', { type: 'submit', id: 'note-save' }, 'Save notes'))), status);
}
