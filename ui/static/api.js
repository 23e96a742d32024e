// The HTTP API of docs/api.md. Every call resolves to the decoded JSON body
// or rejects with an Error whose message is the server's error text.

import { noteRefusal } from './i18n.js';

async function call(method, path, body, raw) {
  const opt = { method, headers: {}, credentials: 'same-origin' };
  if (body !== undefined) {
    opt.headers['Content-Type'] = 'application/json';
    opt.body = raw ? body : JSON.stringify(body);
  }
  const res = await fetch(path, opt);
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = text; }
  if (!res.ok) {
    const msg = (data && data.error) || (typeof data === 'string' && data) || res.statusText;
    const err = new Error(msg);
    err.status = res.status;
    if (data && data.refusal) noteRefusal(msg, data.refusal);
    throw err;
  }
  return data;
}

function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) if (v !== '' && v !== undefined && v !== null) q.set(k, String(v));
  return q.toString();
}

export const api = {
  me: () => call('GET', '/api/me'),
  signup: (name, password) => call('POST', '/api/signup', { name, password }),
  login: (name, password) => call('POST', '/api/login', { name, password }),
  logout: () => call('POST', '/api/logout'),
  titles: () => call('GET', '/api/titles'),
  bots: () => call('GET', '/api/bots'),
  games: (filter) => call('GET', '/api/games?filter=' + encodeURIComponent(filter)),
  // lobby: params is {filter, status, title, player, q, cursor, limit}
  // (empty ones are left out); resolves to {games, next_cursor}.
  lobby: (params) => call('GET', '/api/games?' + query(params)),
  create: (spec) => call('POST', '/api/games', spec),
  join: (id, seat, invite) => call('POST', `/api/games/${id}/join`, invite ? { seat, invite } : { seat }),
  leave: (id) => call('POST', `/api/games/${id}/leave`),
  free: (id, seat) => call('POST', `/api/games/${id}/free`, { seat }),
  invited: (id, invite) => call('GET', `/api/games/${id}?invite=${encodeURIComponent(invite)}`),
  player: (name, params) => call('GET', `/api/players/${encodeURIComponent(name)}?` + query(params)),
  handover: (id, seat, to) => call('POST', `/api/games/${id}/handover`, { seat, to }),
  substitute: (id, seat, token) => call('POST', `/api/games/${id}/substitute`, { seat, token }),
  changePassword: (old, pw) => call('PUT', '/api/me/password', { old, new: pw }),
  deleteAccount: (password) => call('DELETE', '/api/me', { password }),
  start: (id) => call('POST', `/api/games/${id}/start`),
  importGame: (text) => call('POST', '/api/games/import', text, true),
  view: (id, at) => call('GET', `/api/games/${id}` + (at !== null && at !== undefined ? `?action=${at}` : '')),
  map: (id, at) => call('GET', `/api/games/${id}/map` + (at !== null && at !== undefined ? `?action=${at}` : '')),
  act: (id, seq, action) => call('POST', `/api/games/${id}/actions`, { seq, action }),
  note: (id) => call('GET', `/api/games/${id}/note`),
  saveNote: (id, text) => call('PUT', `/api/games/${id}/note`, { text }),
  // actHash: the move answered by the lean view with the state hash (the page played it itself)
  actHash: (id, seq, action) => call('POST', `/api/games/${id}/actions?view=hash`, { seq, action }),
  undo: (id, seq) => call('POST', `/api/games/${id}/undo`, { seq }),
  redo: (id, seq) => call('POST', `/api/games/${id}/redo`, { seq }),
  end: (id, seq, agree) => call('POST', `/api/games/${id}/end`, { seq, agree }),
  checkRoutes: (id, entity, routes) => call('POST', `/api/games/${id}/routes/check`, { entity, routes }),
  tile: (id, hex, tile, rotation) => call('GET', `/api/games/${id}/tile?hex=${encodeURIComponent(hex)}&tile=${encodeURIComponent(tile)}&rotation=${rotation}`),
  tiles: (id, at) => call('GET', `/api/games/${id}/tiles` + (at !== null && at !== undefined ? `?action=${at}` : '')),
  setWebhook: (url) => call('PUT', '/api/me/webhook', { url }),
  addEmail: (address) => call('POST', '/api/me/email', { address }),
  removeEmail: () => call('DELETE', '/api/me/email'),
  setEmailTurns: (turns) => call('PUT', '/api/me/email/turns', { turns }),
  confirmEmail: (token) => call('POST', '/api/email/confirm', { token }),
  unsubscribe: (user, sig) => call('POST', `/api/email/unsubscribe?user=${encodeURIComponent(user)}&sig=${encodeURIComponent(sig)}`),
  forgotPassword: (name) => call('POST', '/api/password/forgot', { name }),
  resetPassword: (token, password) => call('POST', '/api/password/reset', { token, password }),
  exportGame: (id) => call('GET', `/api/games/${id}/export`),
  mismatch: (id, report) => call('POST', `/api/games/${id}/mismatch`, report),
  routes: (id, entity) => call('GET', `/api/games/${id}/routes?entity=${encodeURIComponent(entity)}`),
  lastRun: (id, at, company) => call('GET', `/api/games/${id}/lastrun?company=${encodeURIComponent(company)}` + (at !== null && at !== undefined ? `&action=${at}` : '')),
};
