// Game clocks on the page: each player's time left, counting down live for
// the players on the clock, and the seats a bot plays because their time
// ran out, with the way back for their player. The server computes the
// clocks from the stored log; the page only counts down from the figure it
// was given.

import { api } from './api.js';

let mePromise = null;

/** whoAmI is the signed-in user (null when none), asked once per page. */
function whoAmI() {
  if (!mePromise) mePromise = api.me().catch(() => null);
  return mePromise;
}

/** clockText writes seconds left as "1 h 05 min", "4:07", or "over by 2:10". */
export function clockText(s) {
  const over = s < 0;
  const a = Math.abs(Math.trunc(s));
  const text = a >= 3600 ? `${Math.floor(a / 3600)} h ${String(Math.floor((a % 3600) / 60)).padStart(2, '0')} min`
    : `${Math.floor(a / 60)}:${String(a % 60).padStart(2, '0')}`;
  return over ? `over by ${text}` : text;
}

/** clockCell is a player's clock cell (null when the game has no clock). */
export function clockCell(v, playerID, h) {
  const c = v.clocks;
  if (!c) return null;
  const left = c.left_s[String(playerID)] ?? 0;
  const on = (c.on_clock || []).map(String).includes(String(playerID));
  return h('td', {
    class: 'num clock' + (on ? ' running' : '') + (left < 60 ? ' low' : ''),
    'data-left': left, 'data-as-of': Date.parse(c.as_of), 'data-running': on ? '1' : '',
  }, clockText(left), c.penalty && c.penalty[String(playerID)] ? ` (−${c.penalty[String(playerID)]} points)` : '');
}

/** clockBanner says how long the players on the clock have left, for the
 * page's header, and which seats a bot plays because their time ran out
 * (null when there is neither). */
export function clockBanner(v, h, nameOf) {
  const c = v.clocks;
  if (!c) return null;
  const out = (c.on_clock || []).map((id) => {
    const left = c.left_s[String(id)] ?? 0;
    return h('span', { class: 'clock running banner-clock' + (left < 60 ? ' low' : ''), 'data-left': left, 'data-as-of': Date.parse(c.as_of), 'data-running': '1',
      title: `${nameOf(id)}'s time left` }, clockText(left));
  });
  if (!v.finished) out.push(...botPlayed(v, h, nameOf));
  return out.length ? out : null;
}

/** botPlayed notes each seat a bot plays for running out of time, with an
 * "I'm back" button shown to the player who holds it. */
function botPlayed(v, h, nameOf) {
  const played = v.clocks.bot_played || {};
  return Object.keys(played).map((pid) => {
    const i = (v.seats || []).findIndex((s) => String(s.player_id) === pid);
    const seat = v.seats[i];
    const back = h('button', { type: 'button', class: 'clock-back', hidden: true, onclick: async () => {
      back.disabled = true;
      try {
        const res = await fetch(`/api/games/${v.id}/clock/back`, {
          method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seat: i }),
        });
        if (!res.ok) throw new Error((await res.json().catch(() => ({}))).error || res.statusText);
      } catch (e) {
        back.disabled = false;
        back.title = e.message;
      }
    } }, "I'm back: give me my seat");
    whoAmI().then((me) => {
      if (me && seat && (String(seat.user_id) === String(me.id) || (v.hotseat && String(v.owner) === String(me.id)))) back.hidden = false;
    });
    return h('span', { class: 'banner-clock bot-played', title: `${nameOf(Number(pid))} ran out of time` },
      `${nameOf(Number(pid))}: out of time, a bot (${played[pid]}) plays`, back);
  });
}

let ticker = null;

/** tickClocks counts the running clocks down once a second. */
export function tickClocks() {
  if (ticker) return;
  ticker = setInterval(() => {
    for (const el of document.querySelectorAll('.clock[data-running="1"]')) {
      const left = Number(el.dataset.left) - (Date.now() - Number(el.dataset.asOf)) / 1000;
      el.firstChild.textContent = clockText(left);
      el.classList.toggle('low', left < 60);
    }
  }, 1000);
}

/**
 * durationText writes a Go duration ("45m0s", "1h30m0s", "20s") as players
 * say it ("45 min", "1 h 30 min", "20 s"); other text is kept as it is.
 */
export function durationText(d) {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?$/.exec(String(d));
  if (!m || !d) return String(d);
  const [hrs, min, sec] = [Number(m[1] || 0), Number(m[2] || 0), Number(m[3] || 0)];
  return [hrs ? `${hrs} h` : '', min ? `${min} min` : '', sec ? `${sec} s` : ''].filter(Boolean).join(' ') || '0 min';
}

/** lobbyClockText describes a game's clock for the lobby's list: the time
 * control and, in a running game the user plays, their time left. */
export function lobbyClockText(g, me) {
  if (!g.clock) return '';
  let text = `, clock: ${durationText(g.clock.bank)} each`;
  const left = g.time_left_s || {};
  const mine = (g.seats || []).filter((s) => me && String(s.user_id) === String(me.id) && left[String(s.player_id)] !== undefined);
  for (const s of mine) text += `, your time: ${clockText(left[String(s.player_id)])}`;
  return text;
}
