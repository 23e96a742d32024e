// Running trains: the best run found by the solver, and drawing a run by
// hand stop by stop along the track. Only stops the route can reach next
// are offered; every change is checked by the engine, which answers the
// revenue or why the run is refused, worded here as a sentence.
import { add, h, money } from './dom.js';
import { routeSwatch, stopName, routeText, trainLabel, hexEl } from './mapview.js';
import { ruleLink } from './rulehelp.js';
import { t } from './i18n.js';

/** trainNames labels a corporation's trains as a player reads them ("2+1 train", "2 train (second)"). */
export function trainNames(ids) {
  const count = {};
  for (const id of ids || []) count[trainLabel(id)] = (count[trainLabel(id)] || 0) + 1;
  const seen = {};
  const ORD = ['first', 'second', 'third', 'fourth', 'fifth'];
  const out = {};
  for (const id of ids || []) {
    const l = trainLabel(id);
    seen[l] = (seen[l] || 0) + 1;
    out[id] = count[l] > 1 ? `${l} train (${ORD[seen[l] - 1] || seen[l]})` : `${l} train`;
  }
  return out;
}

const svgOf = (page) => page.mapUI && page.mapUI.svg;

/**
 * runRoutes is the panel group of a run_routes choice c of corporation
 * ent: the best run with its routes as sentences, or the hand editor.
 */
export function runRoutes(page, ent, c, st, rememberRun) {
  const g = h('div', { class: 'group routes' }, h('h3', {}, 'Run trains'));
  const auto = async () => {
    page.error = '';
    page.edit = null;
    const t0 = performance.now();
    try {
      page.routes = await page.svc.routes(ent);
      page.routes.source = page.svc.source();
      page.routes.ms = performance.now() - t0;
      // show the company's track: zoom to the stops it reaches, once
      const key = `${ent}@${page.view.actions}`;
      if (page.routesZoomed !== key && page.routes.network) {
        page.routesZoomed = key;
        page.zoomHexes = [...new Set(page.routes.network.reach.map((n) => n.slice(0, n.lastIndexOf('-'))))];
      }
    } catch (e) { page.error = e.message; page.routes = null; }
    page.rerenderPanel();
  };
  if (!page.routes) {
    g.append(h('p', { class: 'muted' }, 'Finding the best routes…'));
    if (!page.routesPending) {
      page.routesPending = true;
      // after the frame that shows the move: the search takes a while, and
      // the page that reaches this step is painted first
      const at = page.view.actions;
      requestAnimationFrame(() => setTimeout(() => {
        if (page.routes || page.at !== null || page.view.actions !== at) {
          // found meanwhile, or the page moved on: a panel drawn since then asks again
          page.routesPending = false;
          if (!page.routes && page.at === null && page.rerenderPanel) page.rerenderPanel();
          return;
        }
        auto().finally(() => { page.routesPending = false; });
      }, 0));
    }
    return g;
  }
  const r = page.routes;
  const names = trainNames(r.trains);
  // 1860: the run with most revenue and the one with most revenue plus halt
  // subsidy may differ; the president picks the objective.
  const objectives = [{ key: 'revenue', label: 'Most revenue', run: r }];
  if (r.total && (r.total.revenue !== r.revenue || r.total.subsidy !== r.subsidy)) objectives.push({ key: 'total', label: 'Most revenue + subsidy', run: r.total });
  const pickKey = objectives.some((o) => o.key === page.objective) ? page.objective : 'revenue';
  const chosen = objectives.find((o) => o.key === pickKey).run;
  if (page.edit) return editRoutes(page, ent, c, g, auto, names, rememberRun);
  if (objectives.length > 1) {
    g.append(h('fieldset', { class: 'objectives' }, h('legend', {}, 'Objective'),
      objectives.map((o) => h('label', { class: 'option' },
        h('input', { type: 'radio', name: `objective-${ent}`, value: o.key, checked: o.key === pickKey, 'data-objective': o.key, onchange: () => { page.objective = o.key; page.rerenderPanel(); } }),
        ` ${o.label}: revenue ${money(o.run.revenue)}, subsidy ${money(o.run.subsidy)}`))));
  } else if (r.total) {
    g.append(h('p', { class: 'muted objectives-same' }, 'The best run for revenue is also best for revenue plus subsidy.'));
  }
  const colourOf = (train) => Math.max(0, (r.trains || []).indexOf(train));
  page.shownRoutes = (chosen.routes || []).map((rt, i) => ({ ...rt, paths: (chosen.paths || [])[i], colour: colourOf(rt.train) }));
  add(g, h('ul', { class: 'route-list', id: 'auto-list' }, (chosen.routes || []).map((rt) => h('li', { 'data-train': rt.train },
    routeSwatch(colourOf(rt.train)),
    ` The ${names[rt.train] || trainLabel(rt.train) + ' train'} runs ${routeText(svgOf(page), rt.nodes)}`,
    rt.revenue !== undefined && rt.revenue !== null ? ` for ${money(rt.revenue)}.` : '.'))),
  !(chosen.routes || []).length ? h('p', { class: 'muted' }, 'No train has a route it can run.') : null,
  h('p', { id: 'route-revenue' }, `Revenue ${money(chosen.revenue)}`, r.total || chosen.subsidy ? `, subsidy ${money(chosen.subsidy || 0)}` : ''),
  h('p', { class: 'muted', id: 'route-source', 'data-source': r.source || 'server' }, r.source === 'browser' ? `Found in the browser in ${Math.round(r.ms)} ms.` : 'Found by the server.'),
  h('div', { class: 'row' },
    h('button', { type: 'button', id: 'run-routes', class: 'choice run_routes', translate: 'no', onclick: () => { rememberRun(page, ent, chosen.revenue); page.act({ ...c.action, routes: chosen.routes }); } }, t('Run for £%d', chosen.revenue)),
    h('button', { type: 'button', onclick: auto }, 'Find the best run again'),
    r.network ? h('button', { type: 'button', id: 'edit-routes', onclick: () => { page.edit = startEdit(r, chosen); page.rerenderPanel(); recheck(page, ent); } }, 'Change the routes by hand') : null));
  return g;
}

// startEdit is the hand editor's state, starting from the routes of run
// (each train's stops and the track segments between them), or empty
// routes where a route cannot be followed stop to stop.
function startEdit(r, run) {
  const segs = r.network.segments;
  const ed = { routes: {}, train: (r.trains || [])[0], check: null };
  for (const t of r.trains || []) ed.routes[t] = { stops: [], segs: [] };
  for (const rt of run.routes || []) {
    const nodes = rt.nodes || [];
    const p = { stops: [nodes[0]], segs: [] };
    for (let i = 1; i < nodes.length && p; i++) {
      const conn = (rt.connections || [])[i - 1] || [];
      const k = segs.findIndex((s, j) => !p.segs.includes(j) && ((s.a === nodes[i - 1] && s.b === nodes[i]) || (s.b === nodes[i - 1] && s.a === nodes[i]))
        && sameChain(s.a === nodes[i - 1] ? s.connection : [...s.connection].reverse(), conn));
      if (k < 0) { p.stops = []; p.segs = []; break; }
      p.segs.push(k);
      p.stops.push(nodes[i]);
    }
    if (nodes.length > 1 && ed.routes[rt.train]) ed.routes[rt.train] = p;
  }
  return ed;
}

const sameChain = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

// routesOf are the edited routes in the 18xx.games form: each connection
// written from the earlier stop to the later.
function routesOf(page) {
  const segs = page.routes.network.segments;
  const out = [];
  for (const [train, p] of Object.entries(page.edit.routes)) {
    if (!p.segs.length) continue;
    out.push({
      train,
      nodes: [...p.stops],
      connections: p.segs.map((k, i) => (segs[k].a === p.stops[i] ? [...segs[k].connection] : [...segs[k].connection].reverse())),
    });
  }
  return out;
}

// recheck asks the engine about the edited run and redraws the panel.
async function recheck(page, ent) {
  const ed = page.edit;
  if (!ed) return;
  const rs = routesOf(page);
  ed.check = null;
  const seq = (ed.seq = (ed.seq || 0) + 1);
  if (rs.length) {
    ed.pending = true;
    try {
      ed.check = await page.svc.check(ent, rs);
    } catch (e) { ed.check = { legal: false, error: e.message, route: -1, other: -1 }; }
    ed.pending = false;
    ed.checked = rs;
  }
  if (seq !== ed.seq || page.edit !== ed) return;
  page.rerenderPanel();
}

// targets are the stops the edited train's route may go to next: any stop
// its company can reach to begin with, then the stops one piece of track
// on from the last (track no train of the run uses yet, a stop the route
// has not called at), and the last stop itself, to take it back.
function targets(page) {
  const ed = page.edit;
  const nw = page.routes.network;
  const p = ed.routes[ed.train];
  if (!p) return [];
  if (!p.stops.length) return nw.reach;
  const used = new Set(Object.values(ed.routes).flatMap((x) => x.segs));
  const last = p.stops[p.stops.length - 1];
  const out = new Set([last]);
  if (!(p.stops.length > 1 && nw.blocked.includes(last))) {
    nw.segments.forEach((s, k) => {
      if (used.has(k)) return;
      const other = s.a === last ? s.b : s.b === last ? s.a : null;
      if (other && !p.stops.includes(other)) out.add(other);
    });
  }
  return [...out];
}

// editRoutes lets the president draw each train's route by clicking its
// stops on the map, in order, along the track.
function editRoutes(page, ent, c, g, auto, names, rememberRun) {
  const ed = page.edit;
  const nw = page.routes.network;
  const trains = page.routes.trains || [];
  const svg = svgOf(page);
  const p = ed.routes[ed.train] || { stops: [], segs: [] };
  const name = names[ed.train] || 'train';
  // changed shows the edited run at once and asks the engine about it
  const changed = () => {
    ed.check = null;
    ed.seq = (ed.seq || 0) + 1;
    page.rerenderPanel();
    recheck(page, ent);
  };
  page.onStop = (node) => {
    const q = ed.routes[ed.train];
    if (!q) return;
    const last = q.stops[q.stops.length - 1];
    if (node === last) {
      q.stops.pop();
      q.segs.pop();
    } else if (!q.stops.length) {
      q.stops.push(node);
    } else {
      const used = new Set(Object.values(ed.routes).flatMap((x) => x.segs));
      const k = nw.segments.findIndex((s, j) => !used.has(j) && ((s.a === last && s.b === node) || (s.b === last && s.a === node)));
      if (k < 0) return;
      q.segs.push(k);
      q.stops.push(node);
    }
    changed();
  };
  page.stopTargets = targets(page);
  const ck = ed.check;
  const pathsOf = (train) => {
    const q = ed.routes[train];
    return q.segs.flatMap((k, i) => {
      const s = nw.segments[k];
      return s.a === q.stops[i] ? s.paths : [...s.paths].reverse();
    });
  };
  page.shownRoutes = trains.map((t, i) => ({ train: t, colour: i, paths: pathsOf(t), nodes: ed.routes[t].stops })).filter((x) => x.paths.length);
  const routeLine = (t) => {
    const q = ed.routes[t];
    if (!q.stops.length) return 'does not run yet';
    if (q.stops.length === 1) return `starts at ${stopName(svg, q.stops[0])}; pick the next stop`;
    return `runs ${routeText(svg, q.stops)}`;
  };
  g.append(
    h('p', { class: 'muted', id: 'edit-help' }, p.stops.length
      ? `Click the next stop of the ${name} along the track (circled on the map), or its last stop again to take it back.`
      : `Click a circled stop on the map to start the ${name}'s route there, then each next stop along the track.`),
    h('div', { class: 'row', role: 'group', 'aria-label': 'Train to draw' }, trains.map((t, i) => h('button', {
      type: 'button', class: 'train-pick' + (ed.train === t ? ' on' : ''), 'aria-pressed': ed.train === t ? 'true' : 'false', 'data-train': t,
      onclick: () => { ed.train = t; page.rerenderPanel(); },
    }, routeSwatch(i), ` ${names[t]}`))),
    // the same stops as the circles on the map, as buttons: a run built from the keyboard
    h('div', { class: 'row stop-list', id: 'stop-list', role: 'group', 'aria-label': p.stops.length ? `Next stop of the ${name}` : `First stop of the ${name}` },
      page.stopTargets.filter((n) => n !== p.stops[p.stops.length - 1]).map((n) => h('button', {
        type: 'button', class: 'stop-pick small', 'data-node': n, onclick: () => page.onStop(n),
      }, p.stops.length ? `On to ${stopName(svg, n)}` : `Start at ${stopName(svg, n)}`))),
    h('ul', { class: 'route-list', id: 'edit-list' }, trains.map((t, i) => h('li', { 'data-train': t, 'data-steps': ed.routes[t].stops.length },
      routeSwatch(i), ` The ${names[t]} ${routeLine(t)}.`))),
    h('div', { class: 'row' },
      h('button', { type: 'button', id: 'edit-undo', disabled: !p.stops.length, onclick: () => { p.stops.pop(); p.segs.pop(); changed(); } }, 'Take back the last stop'),
      h('button', { type: 'button', id: 'edit-clear', disabled: !p.stops.length, onclick: () => { p.stops.length = 0; p.segs.length = 0; changed(); } }, `Clear the ${name}'s route`)));
  const drawn = routesOf(page).length;
  if (ck && ck.legal) {
    const earns = `This run earns ${money(ck.revenue)}` + (page.routes.total || ck.subsidy ? ` and a subsidy of ${money(ck.subsidy)}` : '') + '.';
    page.mapStatus = { text: earns, kind: 'ok' };
    g.append(h('p', { id: 'route-revenue', class: 'ok', role: 'status' }, earns));
  } else if (ck) {
    const text = refusalText(ck, { corp: ent, names, trains: (ed.checked || []).map((x) => x.train), svg });
    page.mapStatus = { text, kind: 'error' };
    g.append(h('p', { id: 'route-check-error', class: 'error', role: 'status', 'data-reason': ck.reason || '' }, text, ' ', ruleLink(page.view.title, ck.error, 'run_routes')));
  } else if (!drawn) {
    g.append(h('p', { class: 'muted', id: 'route-revenue' }, 'No route drawn yet.'));
  } else {
    g.append(h('p', { class: 'muted', id: 'route-revenue' }, 'Checking the run…'));
  }
  g.append(h('div', { class: 'row' },
    h('button', { type: 'button', id: 'run-routes', class: 'choice run_routes', translate: 'no', disabled: !(ck && ck.legal && drawn), onclick: () => { rememberRun(page, ent, ck.revenue); page.act({ ...c.action, routes: routesOf(page) }); } }, ck && ck.legal ? t('Run for £%d', ck.revenue) : t('Run')),
    h('button', { type: 'button', id: 'auto-routes', onclick: auto }, 'Back to the best run')));
  return g;
}

/**
 * refusalText words why the engine refused a run, as a sentence: from its
 * reason code and hexes when the track is at fault, else from the rule it
 * names. ctx: corp, names (train id → "2+1 train"), trains (the checked
 * routes' train ids, by route index), svg (for place names).
 */
export function refusalText(ck, ctx) {
  const raw = String(ck.error || '');
  const m = /route (\d+) \(([^)]*)\):\s*(.*)$/s.exec(raw);
  const idx = ck.route >= 0 ? ck.route : m ? Number(m[1]) - 1 : -1;
  const train = (ctx.trains || [])[idx] || (m && m[2]) || '';
  const who = train ? `The ${(ctx.names || {})[train] || trainLabel(train) + ' train'}'s route` : 'This route';
  const place = (hex) => {
    const loc = ctx.svg && hexEl(ctx.svg, hex)?.querySelector('text.location');
    return loc && loc.textContent ? `${loc.textContent} (${hex})` : hex;
  };
  const hexes = (ck.hexes || []).map(place);
  switch (ck.reason) {
    case 'no_token': return `${who} does not reach a ${ctx.corp} station.`;
    case 'not_joined': return `${who}: these two pieces of track do not join.`;
    case 'no_track': return `${who} follows no track between ${hexes.join(' and ') || 'these stops'}.`;
    case 'visits_twice': return `${who} calls at ${hexes[0] || 'a stop'} twice.`;
    case 'reenters_hex': return `${who} leaves ${hexes[0] || 'a hex'} and comes back into it.`;
    case 'shared_track': {
      const other = (ctx.trains || [])[ck.other];
      return other && ck.other !== ck.route
        ? `The ${(ctx.names || {})[other] || 'other train'} and the ${(ctx.names || {})[train] || 'train'} both use the track in ${hexes[0] || 'one hex'}; a piece of track carries one train.`
        : `${who} uses the track in ${hexes[0] || 'one hex'} twice.`;
    }
    default: break;
  }
  const rest = m ? m[3] : raw.replace(/^illegal run:\s*/, '').replace(/^action \d+ \([a-z_]+\) refused:\s*/, '');
  const rules = [
    [/at least 2 stops/, () => `${who} needs at least two stops.`],
    [/too many cities\/offboards \((\d+) > (\d+)\)/, (x) => `${who} has ${x[1]} large stations; the train counts at most ${x[2]}.`],
    [/too many towns/, () => `${who} has more small stations than the train may count.`],
    [/cannot begin\/end in a halt/, () => `${who} may not begin or end at a halt.`],
    [/base tokens|include a base of/, () => `${who} does not reach a ${ctx.corp} station.`],
    [/home base in (\S+)/, (x) => `At least one route must run from ${ctx.corp}'s home station in ${place(x[1])}.`],
    [/intersect another run/, () => `${who} must meet another route at a station.`],
    [/ONE tokened-out station/, () => `${who} passes through two stations full of other companies' tokens; a train may pass through only one.`],
    [/only one train may pass through a tokened-out station/, () => `Only one train may pass through a station full of other companies' tokens.`],
    [/may not go beyond (\S+)-\d+, fully occupied/, (x) => `${who} runs through ${place(x[1])}, whose station is full of other companies' tokens.`],
    [/pass through the off-board (\S+)-\d+/, (x) => `${who} runs through the off-board ${place(x[1])}; off-board areas end a route.`],
    [/re-enter/, () => `${who} leaves a hex and comes back into it.`],
    [/same track twice in (\S+)/, (x) => `${who} uses the track in ${place(x[1])} twice.`],
    [/(same section of track|routes must be distinct).*in (\S+?)\)?$/, (x) => `Two trains use the track in ${place(x[2])}; a piece of track carries one train.`],
    [/call at a station twice/, () => `${who} calls at one station twice.`],
    [/too many for a|too many stops/, () => `${who} has more stops than the train may count.`],
    [/two stations of hexag (\S+)/, (x) => `${who} calls at two stations of ${place(x[1])}; a route calls at one.`],
    [/begin and end at a large station/, () => `${who} must begin and end at a large station.`],
    [/does not touch a \S+ token/, () => `${who} does not reach a ${ctx.corp} station.`],
    [/do not join/, () => `${who}: these two pieces of track do not join.`],
  ];
  for (const [re, f] of rules) {
    const x = re.exec(rest);
    if (x) return f(x);
  }
  return rest ? rest[0].toUpperCase() + rest.slice(1) + (/[.!?]$/.test(rest) ? '' : '.') : 'The engine refused this run.';
}
