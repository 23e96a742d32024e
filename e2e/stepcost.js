// A history step's cost on the game page, from a Chromium performance
// trace of the page's main thread (printed, not asserted):
//
//	cd e2e && nice -n 10 node stepcost.js [--steps N] [--ref DIR] [--phone] [--rows] [--profile] [--dump FILE]
//
// It opens the longest real game of the fixtures (as bench.js does) and
// steps back, then forward, N times with real clicks 250 ms apart, in
// blocks of 5, each block traced alone. For each step it sums the main
// thread's CPU time (the trace's thread time, which a loaded machine
// stretches far less than the wall clock) from the click's task to the
// end of the first frame after it (style, layout, pre-paint, paint,
// layerize and commit included), and by kind. --ref DIR does the same on
// the checkout at DIR (its own go generate ./ui done), the two taking
// turns block by block, for ratios under the same load. --rows prints each
// step of this checkout with bench.js's own figures for it (its work is the
// click handler and the frame's task: the style, layout and pre-paint that
// Chromium runs in the click's task after the handler are not in it);
// --profile the page's functions by inclusive CPU time (all, and under the
// click's handler); --dump FILE writes every block's trace events.
import { loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import { env, fixtureGames, readFixture, start, startServer, stop, timeHistorySteps } from './harness.js';

const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : def; };
const sopt = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : ''; };
const STEPS = opt('--steps', 20);
const REF = sopt('--ref');
const DUMP = sopt('--dump');
const PHONE = args.includes('--phone');
const PROFILE = args.includes('--profile');
const VIEWPORT = PHONE ? { width: 390, height: 844 } : { width: 1400, height: 1000 };

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.max(0, Math.min(s.length - 1, Math.ceil((s.length * p) / 100) - 1))] : NaN;
};
const r1 = (x) => Math.round(x * 10) / 10;

async function openGame(base, game) {
  const ctx = await env.browser.newContext({ viewport: VIEWPORT });
  const page = await ctx.newPage();
  await page.goto(base + '/');
  const id = await page.evaluate(async (body) => {
    await fetch('/api/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'cost' + Math.random().toString(36).slice(2, 8), password: 'correct horse battery staple' }) });
    localStorage.setItem('tresham.signedIn', '1');
    const r = await fetch('/api/games/import', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    return (await r.json()).id;
  }, JSON.stringify(game));
  await page.goto(`${base}/?game=${id}`);
  await page.waitForSelector('#engine[data-engine="browser"]', { timeout: 60000 });
  await page.waitForTimeout(500);
  // bench.js's own measure of each step, for comparison
  await timeHistorySteps(page);
  return { ctx, page };
}

// the kinds of work summed per step (trace event names, inclusive)
const KINDS = {
  script: ['FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks', 'v8.callFunction'],
  style: ['UpdateLayoutTree'],
  layout: ['Layout'],
  prepaint: ['PrePaint'],
  paint: ['Paint'],
  layerize: ['Layerize'],
  commit: ['Commit'],
};

// stepCosts answers, for each click traced in events, the main thread's
// CPU from the click's task to the end of the first frame after it.
function stepCosts(events) {
  const names = events.filter((e) => e.name === 'thread_name' && e.args && e.args.name === 'CrRendererMain');
  const clicks = events.filter((e) => e.name === 'EventDispatch' && e.args && e.args.data && e.args.data.type === 'click');
  if (!clicks.length) return [];
  const main = names.find((n) => n.pid === clicks[0].pid && n.tid === clicks[0].tid) || clicks[0];
  const on = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const tasks = on.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask');
  // top-level tasks only
  const top = [];
  for (const t of tasks) if (!top.length || t.ts >= top[top.length - 1].ts + top[top.length - 1].dur) top.push(t);
  const inside = (e, t) => e.ts >= t.ts && e.ts < t.ts + t.dur;
  const out = [];
  for (const c of clicks) {
    const i = top.findIndex((t) => inside(c, t));
    if (i < 0) continue;
    let j = i;
    // the first task after the click's that holds a frame's commit (or paint)
    for (let k = i; k < top.length; k++) {
      const has = on.some((e) => (e.name === 'Commit' || e.name === 'Paint') && inside(e, top[k]));
      if (has && (k > i || on.some((e) => e.name === 'Paint' && inside(e, top[k]) && e.ts > c.ts))) { j = k; break; }
    }
    const span = top.slice(i, j + 1);
    const row = { cpu: 0, wall: top[j].ts + top[j].dur - top[i].ts, tasks: span.length };
    for (const t of span) row.cpu += (t.tdur ?? t.dur);
    for (const [k, list] of Object.entries(KINDS)) {
      row[k] = 0;
      for (const t of span) {
        // count nested events of one kind once (outermost only)
        let end = -1;
        for (const e of on) {
          if (!inside(e, t) || !list.includes(e.name) || e.ts < end) continue;
          row[k] += (e.tdur ?? e.dur);
          end = e.ts + e.dur;
        }
      }
    }
    for (const k of Object.keys(row)) if (k !== 'tasks') row[k] /= 1000;
    out.push(row);
  }
  return out;
}

async function traceSteps(o, sel, n) {
  const t = await o.ctx.newCDPSession(o.page);
  const events = [];
  if (PROFILE) {
    await t.send('Profiler.enable');
    await t.send('Profiler.setSamplingInterval', { interval: 100 });
    await t.send('Profiler.start');
  }
  t.on('Tracing.dataCollected', (d) => events.push(...d.value));
  await t.send('Tracing.start', { categories: process.env.CATS || 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,blink', transferMode: 'ReportEvents' });
  for (let i = 0; i < n; i++) {
    const before = await o.page.textContent('#history-pos');
    await o.page.click(sel);
    await o.page.waitForFunction((b) => document.getElementById('history-pos')?.textContent !== b, before);
    await o.page.waitForTimeout(250);
  }
  const done = new Promise((r) => t.once('Tracing.tracingComplete', r));
  await t.send('Tracing.end');
  await done;
  if (PROFILE) events.profile = (await t.send('Profiler.stop')).profile;
  await t.detach();
  return events;
}

// inclusive sums CPU profiles' time by the page's own functions with what
// they call (a function counted once per sample), per step, top 40.
function inclusive(profiles, steps, under = '') {
  const tot = new Map();
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
    const dt = profile.timeDeltas;
    profile.samples.forEach((id, i) => {
      const seen = new Set();
      if (under) {
        let ok = false;
        for (let x = id; x !== undefined && !ok; x = parent.get(x)) ok = byId.get(x).callFrame.functionName === under;
        if (!ok) return;
      }
      for (let x = id; x !== undefined; x = parent.get(x)) {
        const f = byId.get(x).callFrame;
        const key = f.url && f.url.endsWith('.js') ? `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}` : f.functionName === '(garbage collector)' || f.functionName === '(program)' ? f.functionName : '';
        if (!key || seen.has(key)) continue;
        seen.add(key);
        tot.set(key, (tot.get(key) || 0) + (dt[i] || 0) / 1000);
      }
    });
  }
  return [...tot].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, ms]) => `${r1(ms / steps)} ms a step incl.  ${k}`);
}

function summary(rows) {
  const o = { n: rows.length };
  for (const k of ['cpu', 'wall', ...Object.keys(KINDS)]) o[k] = `${r1(pct(rows.map((r) => r[k]), 50))} / ${r1(pct(rows.map((r) => r[k]), 90))}`;
  return o;
}

async function main() {
  await start();
  let ref = null;
  try {
    if (REF) ref = await startServer(REF);
    const games = ['1860', '1825'].flatMap((t) => fixtureGames(t)).map(readFixture).map((g) => JSON.parse(g));
    const longest = games.reduce((a, b) => (b.actions.length > a.actions.length ? b : a));
    const bases = ref ? { ref: ref.base, new: env.base } : { new: env.base };
    const open = {};
    for (const [k, b] of Object.entries(bases)) open[k] = await openGame(b, longest);
    const rows = Object.fromEntries(Object.keys(bases).map((k) => [k, []]));
    const dump = {};
    const profiles = {};
    const load = [loadavg()[0]];
    const names = Object.keys(bases);
    for (const sel of ['#history-back', '#history-forward']) {
      for (let done = 0, turn = 0; done < STEPS; done += 5, turn++) {
        for (const k of turn % 2 ? [...names].reverse() : names) {
          const ev = await traceSteps(open[k], sel, Math.min(5, STEPS - done));
          rows[k].push(...stepCosts(ev));
          if (ev.profile) (profiles[k] ||= []).push(ev.profile);
          if (DUMP) (dump[k] ||= []).push(...ev);
        }
      }
    }
    load.push(loadavg()[0]);
    for (const k of names) {
      console.log(JSON.stringify({ what: `a history step's main-thread CPU, click's task to the frame's end (${VIEWPORT.width}×${VIEWPORT.height}), ${k === 'ref' ? 'reference ' + REF : 'this checkout'}, median / p90 ms`, load_average: load.map(r1).join('-'), ...summary(rows[k]) }));
    }
    if (args.includes('--rows')) {
      const b = await open.new.page.evaluate(() => window.benchSteps);
      b.forEach((x, i) => console.log(`bench: work ${r1(x.busy)} handler ${r1(x.handler)} frame ${r1(x.frame)} toFrame ${r1(x.toFrame)} | trace: ` + Object.entries(rows.new[i] || {}).map(([k, v]) => `${k} ${r1(v)}`).join('  ')));
    }
    if (ref) console.log(JSON.stringify({ ratio_of_cpu_medians: r1(pct(rows.ref.map((r) => r.cpu), 50) / pct(rows.new.map((r) => r.cpu), 50)), ratio_of_cpu_p90: r1(pct(rows.ref.map((r) => r.cpu), 90) / pct(rows.new.map((r) => r.cpu), 90)) }));
    for (const [k, ps] of Object.entries(profiles)) console.log(k + ':\n' + inclusive(ps, 2 * STEPS).join('\n') + '\nunder the click handler:\n' + inclusive(ps, 2 * STEPS, 'onclick').join('\n'));
    if (DUMP) for (const [k, ev] of Object.entries(dump)) writeFileSync(`${DUMP}.${k}.json`, JSON.stringify(ev));
    for (const o of Object.values(open)) await o.ctx.close();
  } finally {
    if (ref) ref.stop();
    await stop();
  }
}

main().catch((e) => { console.error(e); process.exitCode = 1; });
