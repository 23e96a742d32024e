// The game review at a finished game's end (POST/GET /api/games/{id}/review):
// the coach replays the game in the background and rates every stock,
// auction, dividend and train decision against the best move it finds;
// the card shows its progress, then each player's summary, a chart of
// their expected final worth through the game, the costly moves with the
// better move, and the runs that left revenue on the table. The costly
// moves are marked on the log too (markLog).
import { h, clear, money } from './dom.js';
import { lineChart, palette, shapes } from './sheet.js';
import { t, tc, tr, message } from './i18n.js';

// POLL is how often a running review is asked for its progress (ms).
const POLL = 1000;

async function call(method, id) {
  const res = await fetch(`/api/games/${id}/review`, { method, credentials: 'same-origin' });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.error || res.statusText);
  return body;
}

/**
 * reviewCard is the review's card for page (one element per page, kept
 * across redraws, so that a running review's progress goes on showing).
 */
export function reviewCard(page) {
  if (page.reviewBox && page.reviewBox.gameId === page.id) return page.reviewBox;
  const box = h('section', { class: 'card review-card', id: 'review', 'aria-labelledby': 'review-title' });
  box.gameId = page.id;
  page.reviewBox = box;
  const body = h('div', { 'aria-live': 'polite' });
  box.append(h('h2', { id: 'review-title' }, 'Game review'), body);
  const names = () => Object.fromEntries(((page.view && page.view.state && page.view.state.players) || []).map((p) => [String(p.id), p.name]));
  const show = (st) => {
    if (st.state === 'none' || st.state === 'failed') {
      clear(body,
        h('p', {}, 'The coach replays the game and rates every stock, auction, dividend and train decision: it compares the move each player made with the best move it finds, in the final worth it expects for that player. The costly moves are marked with the better move, here and in the log. It takes a minute or two.'),
        st.state === 'failed' ? h('p', { class: 'error', role: 'alert' }, t('The last review failed: %v', st.error)) : null,
        h('button', { type: 'button', id: 'review-start', onclick: start }, 'Review the game'));
      return;
    }
    if (st.state === 'running') {
      const total = st.total || 0;
      clear(body,
        h('p', { id: 'review-progress-text' }, total ? t('The coach is reviewing the game: %d of %d decisions.', st.done || 0, total) : 'The coach is replaying the game to find its decisions…'),
        h('progress', { id: 'review-progress', max: String(Math.max(total, 1)), value: String(st.done || 0), 'aria-label': 'Review progress' }));
      setTimeout(poll, POLL);
      return;
    }
    page.review = st.report;
    clear(body, ...done(st.report, names(), page));
    markLog(page);
  };
  const fail = (e) => clear(body, h('p', { class: 'error', role: 'alert' }, t('The review could not be loaded: %v', e.message)),
    h('button', { type: 'button', id: 'review-start', onclick: start }, 'Review the game'));
  const poll = () => {
    if (!box.isConnected && page.reviewBox !== box) return; // the page went elsewhere
    call('GET', page.id).then(show, fail);
  };
  async function start() {
    clear(body, h('p', {}, 'Starting the review…'));
    try { show(await call('POST', page.id)); } catch (e) { fail(e); }
  }
  clear(body, h('p', { class: 'muted' }, 'Loading the game review…'));
  poll();
  return box;
}

// lossText is a loss in words: the margin over the best other player
// the move gave up.
const lossText = (d) => t('gave up about %s of final worth against the best other player', money(Math.round(d.loss)));

// betterText names the better move, in the page's language.
const betterText = (d) => tc('review', 'better: %s', message(d.best_msg, d.best_text));

// searchText is a decision's budget in words.
function searchText(rep) {
  const n = rep.per_decision_nodes;
  const ms = rep.per_decision_ms;
  if (n && ms) return tc('review', '%d moves or %d ms', n, ms);
  if (n) return tc('review', '%d moves', n);
  if (ms) return tc('review', '%d ms', ms);
  return tc('review', 'a few moves');
}

// done is the finished review's content.
function done(rep, names, page) {
  // a name as the rest of the page shows it (a seat's placeholder name,
  // "Player 2", in the page's language; inside translate="no" parts)
  const nameOf = (pid) => tr(names[String(pid)] || String(pid));
  const history = (pos) => `/?game=${page.id}&action=${pos}`;
  const marked = (rep.decisions || []).filter((d) => d.marked).sort((a, b) => a.position - b.position);
  const summary = h('table', { class: 'review-summary', 'aria-label': 'Each player\'s decisions: rated (of those reviewed), the best move played, the costly moves, the accuracy, and the revenue their companies\' runs left on the table' },
    h('thead', {}, h('tr', {}, ['Player', 'Rated', 'Best played', 'Costly', 'Accuracy', 'Left on the table']
      .map((w, i) => h('th', { scope: 'col', class: i ? 'num' : null }, tc('review', w))))),
    h('tbody', {}, (rep.players || []).map((p) => h('tr', { 'data-player': p.id },
      h('td', {}, p.name), h('td', { class: 'num' }, t('%d of %d', p.rated, p.decisions)), h('td', { class: 'num' }, String(p.best)),
      h('td', { class: 'num' }, String(p.marked)), h('td', { class: 'num' }, p.rated ? `${Math.round(p.accuracy)}%` : '–'), h('td', { class: 'num' }, money(p.left_on_table))))));
  // the chart: each player's expected final worth after the last rated
  // move of each round, then the result
  const rounds = [];
  const last = new Map();
  for (const d of rep.decisions || []) {
    if (!d.rated) continue;
    if (!last.has(d.round)) rounds.push(d.round);
    last.set(d.round, d);
  }
  const labels = [...rounds, tc('review', 'End')];
  const end = (rep.chart || [])[rep.chart.length - 1];
  const chart = lineChart({
    id: 'chart-review-worth',
    title: t('Expected final worth through the game (the coach\'s estimate by round; End: the result)'),
    labels,
    series: (rep.players || []).map((p, k) => ({
      key: String(p.id),
      name: p.name,
      style: { colour: palette[k % palette.length], marker: { shape: shapes[k % shapes.length], hollow: false } },
      points: [...rounds.map((rd) => {
        const d = last.get(rd);
        const w = d && d.played_worth && d.played_worth[String(p.id)];
        return w === undefined ? null : { y: Math.max(0, w), href: history(d.position + 1), note: tc('review', '%s in %v: expected %s', p.name, rd, money(Math.round(w))) };
      }), rep.finished && end && end.worth[String(p.id)] !== undefined ? { y: end.worth[String(p.id)], note: tc('review', '%s: final worth %s', p.name, money(end.worth[String(p.id)])) } : null],
    })),
  });
  const moves = marked.length
    ? h('ol', { class: 'review-moves', id: 'review-moves' }, marked.map((d) => h('li', { 'data-action': d.action, translate: 'no' },
      h('strong', {}, tc('review', '%v, %s: ', d.round, nameOf(d.player))), `${message(d.played_msg, d.played_text)} — `,
      h('span', { class: 'review-better' }, betterText(d)),
      ` (${lossText(d)}). `, h('a', { href: history(d.position) }, t('See the board then')))))
    : h('p', { id: 'review-moves' }, 'No move was clearly costly at this review\'s budget.');
  const runs = (rep.runs || []).length
    ? h('details', { class: 'review-runs' }, h('summary', {}, t('Runs that left revenue on the table (%d)', rep.runs.length)),
      h('ul', {}, rep.runs.map((r) => h('li', { translate: 'no' }, tc('review', '%v, %s (%s): ran %s; the best run was %s. ', r.round, r.company, nameOf(r.president), money(r.revenue), money(r.best)),
        h('a', { href: history(r.position) }, t('See the board then'))))))
    : null;
  return [
    h('p', { translate: 'no' }, t('The coach rated %d of %d decisions in %d s, looking at most %s ahead at each (a move it could not measure twice is not rated). A move is costly when it gave up more than 3%% of the table\'s mean expected worth, by more than the estimate\'s own noise. Accuracy: the share of rated moves within a tenth of that of the best move. Left on the table: what the runs of the companies a player directed fell short of the best run, exactly.',
      (rep.decisions || []).filter((d) => d.rated).length, (rep.decisions || []).length, Math.round(rep.seconds), searchText(rep))),
    h('div', { class: 'review-table' }, summary),
    h('h3', {}, t('Costly moves (%d)', marked.length)), moves, runs, chart,
    h('p', { class: 'muted' }, 'Each point is the estimate after the round\'s last rated move. The coach looks only a few dozen moves ahead, so early estimates are mostly worth now plus income: compare the players\' lines more than their height.')];
}

/**
 * markLog marks the log lines of the review's costly moves (page.review):
 * "??" and the better move, in the line's text for a screen reader too.
 */
export function markLog(page) {
  const rep = page.review;
  if (!rep) return;
  const byLine = new Map();
  for (const d of rep.decisions || []) if (d.marked) byLine.set(d.log_line, d);
  for (const btn of document.querySelectorAll('#log .log-line[data-line]')) markLine(btn, byLine);
}

// markLine marks one log line's button when its line is a costly move's.
export function markLine(btn, byLine) {
  const d = byLine.get(Number(btn.dataset.line));
  if (!d || btn.classList.contains('review-mark')) return;
  btn.classList.add('review-mark');
  btn.append(h('span', { class: 'review-note' }, ` ?? ${betterText(d)}`));
  btn.title = t('The coach\'s review: %s; %s', lossText(d), betterText(d));
}

/** reviewMarks are the log lines of page's costly moves, by line (null: no review yet). */
export function reviewMarks(page) {
  if (!page.review) return null;
  const byLine = new Map();
  for (const d of page.review.decisions || []) if (d.marked) byLine.set(d.log_line, d);
  return byLine;
}
