// The in-browser engine's figures in real Chromium, printed (not asserted:
// speed targets are benchmarks, not tests). Run it after go generate ./ui:
//
//	cd e2e && nice -n 10 node bench.js [--steps N] [--moves N] [--ref DIR] [--moves-only | --page-only] [--profile] [--trace] [--cpu]
//
// It starts `tresham serve` from this checkout and Debian's chromium
// (harness.js), then measures, on the longest real game of the fixtures:
// the module's start from the HTTP cache, load and replay, a legal-move
// list and the auto-route at every real run_routes position of the
// fixtures (engine calls timed in the page), and a history step on the
// game page from the click to the next painted frame (real input through
// playwright, timed in the page: the click's event timestamp to a task
// queued after the frame that shows the new position; and the work in it,
// the page's click handler plus the frame's rendering, without the wait
// for the display's next frame). The load average is
// printed beside the figures: on a shared machine compare figures of one
// run, not runs. --ref DIR also serves the checkout at DIR (its own go
// generate ./ui done) and measures its game page and board drawing taking
// turns with this one's, for ratios measured under the same load.
// --profile also prints the page's hottest functions over
// the history steps and the moves (Chromium's CPU profiler); --trace the
// main thread's time by kind (a Chromium performance trace); --cpu each
// move's main-thread CPU time from the click to the paint (a trace of both
// pages: on a loaded machine wall-clock time is mostly waiting for a core).
import { loadavg } from 'node:os';
import { env, fixtureGames, importGame, liveCut, readFixture, signUpByAPI, start, startServer, stop, timeHistorySteps } from './harness.js';

const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : def; };
const STEPS = opt('--steps', 40);
const MOVES = opt('--moves', 20);
// the position the moves are played from: the longest game after this many actions
const MOVES_FROM = opt('--moves-from', 300);
const PROFILE = args.includes('--profile');
const MOVES_ONLY = args.includes('--moves-only');
// --page-only: the game page's moves and steps, not the engine's calls
const PAGE_ONLY = args.includes('--page-only');
const TRACE = args.includes('--trace');
// --cpu: the main thread's CPU time of each move (a Chromium trace of both
// pages): wall-clock figures on a loaded machine are mostly waiting
const CPU = args.includes('--cpu');
const REF = (() => { const i = args.indexOf('--ref'); return i >= 0 ? args[i + 1] : ''; })();

function realGames() {
  return ['1860', '1825'].flatMap((t) => fixtureGames(t)).map(readFixture);
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.max(0, Math.min(s.length - 1, Math.ceil((s.length * p) / 100) - 1))] : NaN;
};
const r1 = (x) => Math.round(x * 10) / 10;
const summary = (xs) => ({ n: xs.length, median_ms: r1(pct(xs, 50)), p90_ms: r1(pct(xs, 90)), p99_ms: r1(pct(xs, 99)), max_ms: r1(pct(xs, 100)) });

// engineFigures times the module's own calls in a page of the server at
// base (mapOnly: only the board drawing at history positions).
async function engineFigures(ctx, games, base = env.base, mapOnly = false) {
  const warmup = await ctx.newPage();
  await warmup.goto(base + '/');
  await warmup.evaluate(async () => { const m = await import('/engine.js'); await m.loadEngine(); });
  await warmup.close();
  const page = await ctx.newPage();
  await page.goto(base + '/');
  const out = await page.evaluate(async ([games, mapOnly]) => {
    const t0 = performance.now();
    const { loadEngine } = await import('/engine.js');
    const eng = await loadEngine();
    const start = performance.now() - t0;
    const parsed = games.map((g) => JSON.parse(g));
    let longest = 0;
    parsed.forEach((g, i) => { if (g.actions.length > parsed[longest].actions.length) longest = i; });
    // the board drawn at history positions (part of a step's warming), the game there already replayed
    const maps = [];
    {
      const g = eng.load(games[longest]);
      for (let n = 5; n < g.actions; n += 23) {
        g.e.fns.map(g.session, n); // the game at n, replayed
        const a = performance.now();
        g.e.fns.map(g.session, n); // its board drawn (and encoded) again
        maps.push(performance.now() - a);
      }
      g.close();
    }
    if (mapOnly) return { maps };
    const loads = [];
    for (let i = 0; i < 9; i++) {
      const a = performance.now();
      const g = eng.load(games[longest]);
      loads.push(performance.now() - a);
      g.close();
    }
    const legal = [];
    const routes = [];
    const views = [];
    // each real run_routes position, loaded as the live game there (the
    // page's game is live at the end of its log)
    for (const g of parsed) {
      g.actions.forEach((act, i) => {
        if (act.type !== 'run_routes') return;
        const pos = eng.load(JSON.stringify({ ...g, actions: g.actions.slice(0, i) }));
        let a = performance.now();
        pos.legal(String(act.entity));
        legal.push(performance.now() - a);
        a = performance.now();
        pos.view(null, null);
        views.push(performance.now() - a);
        a = performance.now();
        try { pos.routes(String(act.entity)); routes.push(performance.now() - a); } catch { /* not this entity's turn (an undone branch) */ }
        pos.close();
      });
    }
    // every 7th position of the longest game, whatever is to be done there
    const legalAll = [];
    const g = parsed[longest];
    for (let i = 0; i < g.actions.length; i += 7) {
      const pos = eng.load(JSON.stringify({ ...g, actions: g.actions.slice(0, i) }));
      const a = performance.now();
      pos.view(null, null);
      legalAll.push(performance.now() - a);
      pos.close();
    }
    return { start, actions: parsed[longest].actions.length, loads, legal, views, legalAll, routes, maps };
  }, [games, mapOnly]);
  await page.close();
  return out;
}

// openGame imports the longest game into the server at base and opens its
// page in a context of its own, timing each history step from the click
// to the next painted frame.
async function openGame(base, longest, viewport) {
  const ctx = await env.browser.newContext({ viewport });
  const page = await ctx.newPage();
  await page.goto(base + '/');
  await signUpByAPI(page, 'bench' + Math.random().toString(36).slice(2, 8));
  const id = await importGame(page, longest);
  await page.goto(`${base}/?game=${id}`);
  await page.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  // each click's event timestamp to a task queued after the next frame
  await timeHistorySteps(page);
  const requests = [];
  page.on('request', (r) => { if (r.url().includes('/api/')) requests.push(r.url()); });
  return { ctx, page, requests };
}

// openLive imports the game src cut after n actions (a live hotseat game
// of a new user, every seat theirs) into the server at base and opens its
// page, timing each move from the click on a choice to the next painted
// frame that shows it (the page's engine plays it first, then the server
// confirms it).
async function openLive(base, src, n, viewport) {
  const ctx = await env.browser.newContext({ viewport });
  const page = await ctx.newPage();
  await page.goto(base + '/');
  await signUpByAPI(page, 'mover' + Math.random().toString(36).slice(2, 8));
  const id = await importGame(page, liveCut(src, n));
  await page.goto(`${base}/?game=${id}`);
  await page.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  await page.waitForSelector('#turn.yours');
  await page.evaluate(() => {
    window.benchMoves = [];
    document.addEventListener('click', (ev) => {
      const b = ev.target.closest && ev.target.closest('.panel button.choice');
      if (!b) return;
      const t0 = ev.timeStamp;
      const t1 = performance.now();
      const before = document.getElementById('history-pos')?.textContent;
      let tEnd = t1;
      window.addEventListener('click', () => { tEnd = performance.now(); }, { once: true });
      const frame = () => requestAnimationFrame(() => {
        if (document.getElementById('history-pos')?.textContent === before) { frame(); return; }
        const t2 = performance.now();
        const ch = new MessageChannel();
        ch.port1.onmessage = () => {
          const t3 = performance.now();
          window.benchMoves.push({ ms: t3 - t0, busy: tEnd - t1 + (t3 - t2), handler: tEnd - t1, frame: t3 - t2, what: b.textContent.slice(0, 60) });
        };
        ch.port2.postMessage(0);
      });
      frame();
    }, true);
  });
  return { ctx, page };
}

// moves plays n moves on page, at a player's pace: each a click on the
// panel's "Pass…" choice where there is one, else on its first choice.
async function moves(page, n) {
  let retries = 0;
  for (let i = 0; i < n; i++) {
    const sel = await page.evaluate(() => {
      const bs = [...document.querySelectorAll('.panel button.choice')].filter((b) => !b.disabled);
      const b = bs.find((x) => /^Pass/.test(x.textContent.trim())) || bs[0];
      if (!b) return '';
      b.setAttribute('data-bench-next', '1');
      return '[data-bench-next]';
    });
    if (!sel) return false;
    const before = await page.textContent('#history-pos');
    // the button marked may be drawn again before the click (the server's
    // late answer redraws the panel on a loaded machine): mark it again
    try { await page.click(sel, { timeout: 5000 }); } catch (e) { if (++retries > 5) throw e; i--; continue; }
    await page.waitForFunction((b) => document.getElementById('history-pos')?.textContent !== b, before);
    // the server's answer and the page's second drawing, before the next move
    await page.waitForTimeout(400);
  }
  return true;
}

// moveFigures plays MOVES moves on the page of each server (bases),
// in blocks of 5 taking turns, from the same position of src.
async function moveFigures(bases, src, n, viewport) {
  const open = {};
  for (const [name, base] of Object.entries(bases)) open[name] = await openLive(base, src, n, viewport);
  const names = Object.keys(open);
  let cdp = null;
  if (PROFILE) {
    cdp = await open.new.ctx.newCDPSession(open.new.page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const tracing = TRACE || CPU ? await startTrace(open.new) : null;
  for (let done = 0, turn = 0; done < MOVES; done += 5, turn++) {
    const order = turn % 2 ? [...names].reverse() : names;
    for (const k of order) await moves(open[k].page, Math.min(5, MOVES - done));
  }
  const out = {};
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    out.hot = [...hottest(profile), ...inclusive(profile)];
  }
  if (tracing) {
    const ev = await endTrace(tracing);
    if (process.env.TRACE_OUT) (await import('node:fs')).writeFileSync(process.env.TRACE_OUT, JSON.stringify(ev));
    if (TRACE) out.hot = (out.hot || []).concat(mainThreadTime(ev, MOVES, 'a move'));
    if (CPU) out.cpu = moveCPU(ev, open.new.page.url());
  }
  for (const [name, o] of Object.entries(open)) {
    out[name] = await o.page.evaluate(() => window.benchMoves);
    await o.ctx.close();
  }
  return out;
}

// steps clicks sel n times, at a player's pace.
async function steps(page, sel, n) {
  for (let i = 0; i < n; i++) {
    const before = await page.textContent('#history-pos');
    await page.click(sel);
    await page.waitForFunction((b) => document.getElementById('history-pos')?.textContent !== b, before);
    await page.waitForTimeout(250); // the page readies the next step meanwhile
  }
}

// pageSteps steps back then forward STEPS times on the page of each
// server (bases: name → base URL), in blocks of 5 taking turns, so that a
// load that comes and goes falls on all of them alike.
async function pageSteps(bases, longest, viewport) {
  const open = {};
  for (const [name, base] of Object.entries(bases)) open[name] = await openGame(base, longest, viewport);
  const main = open.new;
  let cdp = null;
  if (PROFILE) {
    cdp = await main.ctx.newCDPSession(main.page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const tracing = TRACE ? await startTrace(main) : null;
  const names = Object.keys(open);
  for (const sel of ['#history-back', '#history-forward']) {
    for (let done = 0, turn = 0; done < STEPS; done += 5, turn++) {
      const order = turn % 2 ? [...names].reverse() : names;
      for (const n of order) await steps(open[n].page, sel, Math.min(5, STEPS - done));
    }
  }
  const out = {};
  for (const [name, o] of Object.entries(open)) {
    await o.page.waitForFunction((n) => window.benchSteps.length >= n, 2 * STEPS);
    const got = await o.page.evaluate(() => window.benchSteps);
    out[name] = { back: got.slice(0, STEPS), forward: got.slice(STEPS), requests: o.requests };
  }
  let hot = null;
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    hot = hottest(profile);
  }
  if (tracing) hot = (hot || []).concat(mainThreadTime(await endTrace(tracing), 2 * STEPS, 'a step'));
  for (const o of Object.values(open)) await o.ctx.close();
  out.hot = hot;
  return out;
}

// startTrace starts a Chromium performance trace of the page of o
// (--trace); endTrace stops it and answers its events.
async function startTrace(o) {
  const t = await o.ctx.newCDPSession(o.page);
  t.events = [];
  t.on('Tracing.dataCollected', (d) => t.events.push(...d.value));
  await t.send('Tracing.start', { categories: 'devtools.timeline,blink,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  return t;
}

async function endTrace(t) {
  const done = new Promise((r) => t.once('Tracing.tracingComplete', r));
  await t.send('Tracing.end');
  await done;
  return t.events;
}

// mainThreadTime sums the renderer main thread's complete events by name
// (style, layout, paint, script, …) per step (or per move: unit), top 15.
function mainThreadTime(events, steps, unit) {
  const main = events.find((e) => e.name === 'thread_name' && e.args && e.args.name === 'CrRendererMain');
  const by = new Map();
  for (const e of events) {
    if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || !e.dur) continue;
    by.set(e.name, (by.get(e.name) || 0) + e.dur / 1000);
  }
  return [...by].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, ms]) => `${r1(ms / steps)} ms ${unit} (incl. nested)  ${k}`);
}

// moveCPU is, for each page of the trace's events that played moves (by
// the renderer's main thread; the page at url is 'new', another 'ref'),
// each move's main-thread CPU time (the trace's thread time): the click's
// task and the tasks after it to the end of the first paint after it.
function moveCPU(events, url) {
  const pidOf = {};
  for (const e of events) for (const f of e.args?.data?.frames || []) if (f.processId && f.url) pidOf[f.processId] = f.url;
  const out = {};
  for (const main of events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')) {
    const mt = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
    const tasks = mt.filter((e) => e.name === 'RunTask');
    const clicks = mt.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
    const ms = [];
    for (const c of clicks) {
      const task = tasks.find((t) => t.ts <= c.ts && t.ts + t.dur >= c.ts + c.dur);
      const paint = task && mt.find((e) => e.name === 'Paint' && e.ts > task.ts + task.dur);
      if (!paint) continue;
      const last = tasks.find((t) => t.ts <= paint.ts && t.ts + t.dur >= paint.ts + paint.dur);
      const end = last ? last.ts + last.dur : paint.ts + paint.dur;
      ms.push(tasks.filter((t) => t.ts >= task.ts && t.ts + t.dur <= end).reduce((a, t) => a + (t.tdur || 0), 0) / 1000);
    }
    if (ms.length) out[String(pidOf[main.pid] || '').startsWith(url.split('/?')[0]) ? 'new' : 'ref'] = ms;
  }
  return out;
}

// inclusive sums a CPU profile's time by the page's own functions with
// what they call (a function counted once per sample), top 30.
function inclusive(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
  const tot = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const seen = new Set();
    for (let x = id; x !== undefined; x = parent.get(x)) {
      const f = byId.get(x).callFrame;
      if (!f.url || !f.url.endsWith('.js')) continue;
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      tot.set(key, (tot.get(key) || 0) + (dt[i] || 0) / 1000);
    }
  });
  return [...tot].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, ms]) => `${r1(ms)} ms incl.  ${k}`);
}

// hottest sums a CPU profile's self time by function and answers the top 25.
function hottest(profile) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) || 0) + (dt[i] || 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, ms]) => `${r1(ms)} ms  ${k}`);
}

async function main() {
  await start();
  let ref = null;
  try {
    if (REF) ref = await startServer(REF);
    const games = realGames();
    const parsed = games.map((g) => JSON.parse(g));
    const longest = parsed.reduce((a, b) => (b.actions.length > a.actions.length ? b : a));
    const ctx = await env.browser.newContext();
    const load0 = loadavg()[0];
    const e = MOVES_ONLY || PAGE_ONLY ? null : await engineFigures(ctx, games);
    if (e) {
    console.log(JSON.stringify({
      what: 'engine calls in Chromium (wasm)', load_average: r1(load0), longest_game: `${longest.title} ${longest.id}, ${e.actions} actions`,
      module_start_cached_ms: r1(e.start), load_and_replay: summary(e.loads), legal_list_at_run_positions: summary(e.legal), view_with_legal_at_run_positions: summary(e.views),
      view_with_legal_every_7th_position: summary(e.legalAll), auto_route: summary(e.routes), board_at_history_position: summary(e.maps),
    }));
    }
    if (ref && !MOVES_ONLY && !PAGE_ONLY) {
      // the board drawing again, the reference and this checkout taking turns
      const a = [];
      const b = [];
      for (let i = 0; i < 3; i++) {
        a.push(...(await engineFigures(ctx, games, ref.base, true)).maps);
        b.push(...(await engineFigures(ctx, games, env.base, true)).maps);
      }
      console.log(JSON.stringify({ what: 'board at a history position, reference / this checkout, taking turns', load_average: r1(loadavg()[0]), reference: summary(a), this: summary(b), median_ratio: r1(pct(a, 50) / pct(b, 50)) }));
    }
    await ctx.close();
    if (MOVES > 0) {
      const load2 = loadavg()[0];
      const bases = ref ? { ref: ref.base, new: env.base } : { new: env.base };
      const m = await moveFigures(bases, longest, MOVES_FROM, { width: 1400, height: 900 });
      for (const name of Object.keys(bases)) {
        const x = m[name];
        console.log(JSON.stringify({
          what: `a move on the game page (1400×900, ${longest.title} ${longest.id} from action ${MOVES_FROM}), ${name === 'ref' ? 'reference ' + REF : 'this checkout'}`, load_average: r1(load2),
          click_to_painted: summary(x.map((y) => y.ms)), work: summary(x.map((y) => y.busy)), handler: summary(x.map((y) => y.handler)), frame_rendering: summary(x.map((y) => y.frame)),
          ...(m.cpu && m.cpu[name] ? { main_thread_cpu_click_to_paint: summary(m.cpu[name]) } : {}),
          moves: [...new Set(x.map((y) => y.what))].slice(0, 6),
        }));
      }
      if (m.hot) console.log(m.hot.join('\n'));
      if (MOVES_ONLY) return;
    }
    for (const vp of [{ width: 1400, height: 1000 }, { width: 390, height: 844 }]) {
      const load1 = loadavg()[0];
      const bases = ref ? { ref: ref.base, new: env.base } : { new: env.base };
      const s = await pageSteps(bases, longest, vp);
      for (const name of Object.keys(bases)) {
        const x = s[name];
        const all = [...x.back, ...x.forward];
        console.log(JSON.stringify({
          what: `history step on the game page (${vp.width}×${vp.height}), ${name === 'ref' ? 'reference ' + REF : 'this checkout'}`, load_average: r1(load1),
          click_to_painted_back: summary(x.back.map((y) => y.ms)), click_to_painted_forward: summary(x.forward.map((y) => y.ms)),
          work_back: summary(x.back.map((y) => y.busy)), work_forward: summary(x.forward.map((y) => y.busy)),
          handler: summary(all.map((y) => y.handler)), engine_part: summary(all.map((y) => y.engine)), draw_part: summary(all.map((y) => y.draw)),
          frame_rendering: summary(all.map((y) => y.frame)), wait_for_frame: summary(all.map((y) => y.toFrame - y.handler)),
          requests: x.requests,
        }));
      }
      if (s.hot) console.log(s.hot.join('\n'));
    }
  } finally {
    if (ref) ref.stop();
    await stop();
  }
}

main().catch((e) => { console.error(e); process.exitCode = 1; });
