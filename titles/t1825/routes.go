package t1825

import (
	"fmt"
	"slices"
	"sync"

	"tresham/board"
	"tresham/engine"
	"tresham/engine/step"
	"tresham/route"
	"tresham/titles/title"
)

// Running trains (rules 1.8 and 4.5, with the trains of the kits as
// 18xx.games runs them):
//
//   - a route begins and ends at a large station (4.5.2); the 3T, 4T, U3
//     and 2+2 may also begin or end at a small one, and so may a '2' run
//     with another '2' as a '3' (4.5.5);
//   - it includes a station that is a base of the company (4.5.2), except
//     for one of two double-headed '2's;
//   - it does not go beyond a station fully occupied by other companies'
//     tokens (4.5.2), visits no station twice and no two stations of one
//     tile or hexag (1.8, 4.5.3; the 3T and 4T may call at several small
//     stations of one hexag);
//   - it is no longer than the train allows (4.5.4) and counts every
//     station it passes (4.5.6); halts (tile #11) are free to pass and pay
//     only the 3T and 4T; the U3 counts up to three cities and any number
//     of towns; the 4+4E visits any number of stations and pays its four
//     best cities, doubled; the 2+2 pays double;
//   - from Phase Three a station on tile #200 (Crewe, Wolverton, Swindon)
//     holding the company's base may be passed without counting: the train
//     then pays its best stops up to its number;
//   - the company's routes share no track (4.5.7).

// trainRule is how a type of train counts and pays stops.
type trainRule struct {
	name string
	// distance counts cities and towns alike; 0 for the split allowances
	// of the U3 and 4+4E.
	distance                               int
	cityPay, cityVisit, townPay, townVisit int
	mult                                   int
	// anyHexStop: a 3T or 4T of a game created before 2025-12-06 may call
	// at any stations of one hexag (dated.go, changeTeeHexag).
	anyHexStop bool
	// anyBaseStops: in a game created before 2022-01-31 the stops a
	// train chooses to pay need not include a base (dated.go,
	// changeChosenStopsNeedBase).
	anyBaseStops bool
}

func ruleOf(name string) (trainRule, error) {
	for _, d := range trainKinds {
		if d.Name == name {
			r := trainRule{name: d.Name, distance: d.Distance, cityPay: d.CityPay, cityVisit: d.CityVisit,
				townPay: d.TownPay, townVisit: d.TownVisit, mult: max(d.Multiplier, 1)}
			return r, nil
		}
	}
	return trainRule{}, fmt.Errorf("unknown train %q", name)
}

// tee reports the tender trains that pay halts and may call at several
// small stations of a hexag.
func (r trainRule) tee() bool { return r.name == "3T" || r.name == "4T" }

// townEnds reports trains that may begin or end at a small station.
func (r trainRule) townEnds() bool {
	return r.tee() || r.name == "U3" || r.name == "2+2"
}

// passes200 reports trains that may pass a tile #200 station of their
// company without counting it (every type but the 4+4E, which counts
// cities only and visits any number anyway).
func (r trainRule) passes200() bool { return r.name != "4+4E" }

// stop is one node a route visits.
type stop struct {
	ref   board.NodeRef
	city  bool // a large station (else a small station or a halt)
	halt  bool // a halt: free to pass, paying only the 3T and 4T
	value int  // the station's value in the current phase
	token bool // holds a base of the running company
	t200  bool // on tile #200
}

// newStop is node ref of tile, node def d, as a stop of a route in a
// phase of these colours; token reports a base of the running company.
func newStop(tile *board.TileDef, ref board.NodeRef, d *board.NodeDef, colors []board.Color, token bool) stop {
	return stop{ref: ref, city: d.Kind == board.City || d.Kind == board.Offboard, value: d.RevenueFor(colors), token: token,
		halt: d.Kind == board.Halt || (d.Kind == board.Town && tile.Label() == "HALT"), t200: tile.Name == "200"}
}

func (s *stop) cost() int {
	if s.halt {
		return 0
	}
	return 1
}

// pay is what the stop earns the train (before double-heading).
func (r trainRule) pay(s *stop) int {
	if s.halt && !r.tee() {
		return 0
	}
	return s.value * r.mult
}

// lateRules reports the phases from Three on, when tile #200 stations may
// be passed.
func lateRules(phase string) bool {
	n := 0
	for _, ch := range phase {
		if ch < '0' || ch > '9' {
			break
		}
		n = n*10 + int(ch-'0')
	}
	return n > 2
}

// refusal is why a train may not run a route (refusedNone: it may).
type refusal int8

const (
	refusedNone refusal = iota
	refusedShort
	refusedDistance
	refusedAllowance
	refusedHexag
	refusedEnds
)

// evaluate checks one route's visits against the train (distance, one
// station per hexag, ends) and returns its stops (indices into v) and
// revenue. doubled marks one of two double-headed '2's; zero lists the
// stops its partner already pays for (they earn nothing a second time).
// A refusal is described as an error for the player.
func (r trainRule) evaluate(v []stop, late, doubled bool, zero []board.NodeRef) (int, []int, error) {
	var sc scorer
	rev, sel, why := sc.score(r, v, late, doubled, zero)
	if why != refusedNone {
		return 0, nil, r.refusalError(why, v, late)
	}
	return rev, slices.Clone(sel), nil
}

// refusalError describes a refusal of score for the player.
func (r trainRule) refusalError(why refusal, v []stop, late bool) error {
	switch why {
	case refusedShort:
		return fmt.Errorf("a route must have at least 2 stops")
	case refusedDistance:
		n := 0
		for i := range v {
			n += v[i].cost()
		}
		return fmt.Errorf("%d stops are too many for a %s train", n, r.name)
	case refusedAllowance:
		return fmt.Errorf("the route has too many stops for a %s train", r.name)
	case refusedHexag:
		for i := range v {
			for j := i + 1; j < len(v); j++ {
				if r.sameHexag(&v[i], &v[j]) {
					return fmt.Errorf("a route may not call at two stations of hexag %s", v[i].ref.Hex)
				}
			}
		}
	case refusedEnds:
		return fmt.Errorf("a route must begin and end at a large station")
	}
	return fmt.Errorf("the %s train may not run the route", r.name)
}

// fits says whether the train may visit cities large and towns small
// stations that count, passing extra tile #200 stations free (rule 4.5.4;
// refusedNone: it may).
func (r trainRule) fits(cities, towns, extra int) refusal {
	switch {
	case r.distance > 0 && cities+towns > r.distance+extra:
		return refusedDistance
	case r.distance == 0 && (cities > r.cityVisit+extra || towns > r.townVisit+extra):
		return refusedAllowance
	}
	return refusedNone
}

// sameHexag reports two stops of one hexag the train may not both call at.
func (r trainRule) sameHexag(a, b *stop) bool {
	return a.ref.Hex == b.ref.Hex && !(r.tee() && (r.anyHexStop || !a.city && !b.city))
}

// scorer holds the buffers of trainRule scoring: once they have grown,
// score allocates nothing (the solver calls it for every route).
type scorer struct {
	sel, set, best []int
	v              []stop
	zero           []board.NodeRef
	r              trainRule
	k, bestSum     int
	needToken      bool
	cityCap        int
	townCap        int
	total          int
}

// score is evaluate without the error: the revenue, the stops paid
// (indices into v, valid until the next call) or why the train may not
// run the route.
func (sc *scorer) score(r trainRule, v []stop, late, doubled bool, zero []board.NodeRef) (int, []int, refusal) {
	if len(v) < 2 {
		return 0, nil, refusedShort
	}
	n200 := 0
	if late && r.passes200() {
		for _, s := range v[1 : len(v)-1] {
			if s.t200 && s.token {
				n200++
			}
		}
	}
	cities, towns := 0, 0
	for i := range v {
		if v[i].city {
			cities += v[i].cost()
		} else {
			towns += v[i].cost()
		}
	}
	if why := r.fits(cities, towns, n200); why != refusedNone {
		return 0, nil, why
	}
	for i := range v {
		for j := i + 1; j < len(v); j++ {
			if r.sameHexag(&v[i], &v[j]) {
				return 0, nil, refusedHexag
			}
		}
	}
	if !r.townEnds() {
		first, last := !v[0].city, !v[len(v)-1].city
		if (first && last) || ((first || last) && !(r.distance == 2 && doubled)) {
			return 0, nil, refusedEnds
		}
	}
	sc.r, sc.v, sc.zero = r, v, zero
	if n200 == 0 && r.distance > 0 {
		sum := 0
		sc.sel = sc.sel[:0]
		for i := range v {
			sc.sel = append(sc.sel, i)
			sum += sc.value(i)
		}
		return sum, sc.sel, refusedNone
	}
	// Choose the stops: the most stops the allowances pay for, then the
	// best revenue (with a base among them, except when passing #200).
	if r.distance > 0 {
		sc.cityCap, sc.townCap, sc.total = r.distance, r.distance, r.distance
	} else {
		sc.cityCap, sc.townCap, sc.total = r.cityPay, r.townPay, r.cityPay+r.townPay
	}
	sc.needToken = n200 == 0 && !r.anyBaseStops
	for k := min(sc.total, len(v)); k >= 1; k-- {
		sc.k, sc.bestSum = k, -1
		sc.set = sc.set[:0]
		sc.choose(0, 0, 0, 0, false)
		if sc.bestSum > 0 {
			return sc.bestSum, sc.best, refusedNone
		}
	}
	return 0, nil, refusedNone
}

// value is what stop i earns the train (nothing when the partner of a
// double-headed pair already pays for it).
func (sc *scorer) value(i int) int {
	if slices.Contains(sc.zero, sc.v[i].ref) {
		return 0
	}
	return sc.r.pay(&sc.v[i])
}

// choose extends the stop set with stops from index from on, keeping the
// best set of sc.k stops.
func (sc *scorer) choose(from, c, t, sum int, tok bool) {
	v, r := sc.v, &sc.r
	if len(sc.set) == sc.k {
		if (tok || !sc.needToken) && sum > sc.bestSum {
			sc.bestSum = sum
			sc.best = append(sc.best[:0], sc.set...)
		}
		return
	}
	for i := from; i <= len(v)-(sc.k-len(sc.set)); i++ {
		nc, nt := c, t
		if v[i].city {
			nc++
		} else {
			nt++
		}
		if r.distance > 0 {
			if nc+nt > sc.total {
				continue
			}
		} else if nc > sc.cityCap || nt > sc.townCap {
			continue
		}
		sc.set = append(sc.set, i)
		sc.choose(i+1, nc, nt, sum+sc.value(i), tok || v[i].token)
		sc.set = sc.set[:len(sc.set)-1]
	}
}

// runRoute is one route of a run being checked.
type runRoute struct {
	train  *engine.Train
	rule   trainRule
	res    *route.Route
	visits []stop
}

// stopsOf describes the nodes a resolved route visits.
func (g *Game) stopsOf(b *board.Board, corp string, nodes []board.NodeRef, colors []board.Color) ([]stop, error) {
	return g.appendStops(make([]stop, 0, len(nodes)), b, corp, nodes, colors)
}

// appendStops appends the stops of stopsOf to out and returns it.
func (g *Game) appendStops(out []stop, b *board.Board, corp string, nodes []board.NodeRef, colors []board.Color) ([]stop, error) {
	for _, n := range nodes {
		t, d, err := title.NodeOn(b, n)
		if err != nil {
			return nil, err
		}
		out = append(out, newStop(t, n, d, colors, b.HasToken(n, corp)))
	}
	return out, nil
}

// phaseColors are the tile colours of the current phase, parsed and
// shared as for 1860 (board.ParseColors; not to be modified). 1825's
// phases name only known colours.
func (g *Game) phaseColors() []board.Color {
	cs, _ := board.ParseColors(g.phaseTiles())
	return cs
}

// doubleHeaded pairs the routes run as double-headed '2's (rule 4.5.5), as
// 18xx.games recognises them: two routes of trains with distance 2, each
// calling at exactly two stations, sharing exactly one that is not a city
// fully occupied by others, neither calling only at small stations, at
// least one reaching a base, and, when the shared station is a city, not
// both (two routes that can each run alone are not double-headed). Pairs
// are taken greedily in route order; it returns each route's partner, or
// -1.
func doubleHeaded(runs []runRoute, blocked func(board.NodeRef) bool) []int {
	partner := make([]int, len(runs))
	for i := range partner {
		partner[i] = -1
	}
	eligible := func(i int) bool {
		return runs[i].rule.distance == 2 && len(runs[i].visits) == 2 && partner[i] < 0
	}
	for i := range runs {
		if !eligible(i) {
			continue
		}
		for j := range runs {
			if j == i || !eligible(j) {
				continue
			}
			if pairable(runs[i].visits, runs[j].visits, blocked) {
				partner[i], partner[j] = j, i
				break
			}
		}
	}
	return partner
}

func pairable(a, b []stop, blocked func(board.NodeRef) bool) bool {
	var common *stop
	shared := 0
	for i := range a {
		for j := range b {
			if a[i].ref == b[j].ref {
				shared++
				common = &a[i]
			}
		}
	}
	// Run as one '3', the two routes call at three different stations
	// (rule 1.8: no station twice); 18xx.games also pairs two routes
	// between the same two stations, the second then earning nothing.
	if shared != 1 || (common.city && blocked(common.ref)) {
		return false
	}
	allTowns := func(v []stop) bool { return !v[0].city && !v[1].city }
	if allTowns(a) || allTowns(b) {
		return false
	}
	tok := func(v []stop) bool { return v[0].token || v[1].token }
	at, bt := tok(a), tok(b)
	if !at && !bt {
		return false
	}
	return !common.city || !(at && bt)
}

// checkRun resolves and checks the routes of a run of company c with these
// trains (one per route) and returns each route's revenue; with keep, it
// also hands keep, once the run is found legal, each route's stops as its
// train counts them, in route order (a tile #200 station passed without
// counting left out; in scratch storage: keep copies what it keeps).
func (g *Game) checkRun(c *engine.Corporation, routes []engine.Route, trains []*engine.Train, keep func(i int, visits []board.NodeRef)) ([]int, error) {
	b := g.Board
	res, err := title.ResolveRun(b, c.Sym, routes, true)
	if err != nil {
		return nil, err
	}
	colors := g.phaseColors()
	sc := runScratches.Get().(*runScratch)
	defer sc.release()
	runs := slices.Grow(sc.runs[:0], len(routes))[:len(routes)]
	sc.runs = runs
	for i := range routes {
		rule, err := g.ruleOf(trains[i].Name)
		if err != nil {
			return nil, err
		}
		n0 := len(sc.nodes)
		sc.nodes = res[i].AppendVisited(sc.nodes)
		s0 := len(sc.stops)
		sc.stops, err = g.appendStops(sc.stops, b, c.Sym, sc.nodes[n0:], colors)
		if err != nil {
			return nil, err
		}
		v := sc.stops[s0:len(sc.stops):len(sc.stops)]
		runs[i] = runRoute{train: trains[i], rule: rule, res: res[i], visits: v}
	}
	revs, err := g.checkResolvedIn(sc, c.Sym, runs)
	if err != nil || keep == nil {
		return revs, err
	}
	for i := range runs {
		// the stops paid (sc.paid, indices in route order), else every node visited
		refs := sc.paid[i]
		if refs == nil {
			for _, st := range runs[i].visits {
				refs = append(refs, st.ref)
			}
		}
		keep(i, refs)
	}
	return revs, nil
}

// runScratch is the storage of one run check (pooled): the routes, their
// visited nodes and stops, the stations each pays.
type runScratch struct {
	runs  []runRoute
	nodes []board.NodeRef
	stops []stop
	paid  [][]board.NodeRef
	refs  []board.NodeRef
	res   []*route.Route
	score scorer
}

var runScratches = sync.Pool{New: func() any { return new(runScratch) }}

// release empties sc (dropping what it refers to) and pools it.
func (sc *runScratch) release() {
	clear(sc.runs)
	clear(sc.nodes)
	clear(sc.stops)
	clear(sc.paid)
	clear(sc.refs)
	clear(sc.res)
	sc.runs, sc.nodes, sc.stops = sc.runs[:0], sc.nodes[:0], sc.stops[:0]
	sc.paid, sc.refs, sc.res = sc.paid[:0], sc.refs[:0], sc.res[:0]
	sc.score.v, sc.score.zero = nil, nil
	runScratches.Put(sc)
}

// checkResolved checks resolved routes and returns their revenues.
func (g *Game) checkResolved(corp string, runs []runRoute) ([]int, error) {
	sc := runScratches.Get().(*runScratch)
	defer sc.release()
	return g.checkResolvedIn(sc, corp, runs)
}

// checkResolvedIn is checkResolved with its lists in sc's storage.
func (g *Game) checkResolvedIn(sc *runScratch, corp string, runs []runRoute) ([]int, error) {
	b := g.Board
	late := lateRules(g.Phase().Name)
	partner := doubleHeaded(runs, func(n board.NodeRef) bool { return b.Blocks(n, corp) })
	revs := make([]int, len(runs))
	paid := slices.Grow(sc.paid[:0], len(runs))[:len(runs)]
	clear(paid)
	sc.paid = paid
	for i := range runs {
		rr := &runs[i]
		fail := func(format string, args ...any) error {
			return fmt.Errorf("route %d (%s): %v", i+1, rr.train.ID, fmt.Sprintf(format, args...))
		}
		if len(rr.res.Legs) == 0 {
			return nil, fail("a route must have at least 2 stops")
		}
		doubled := partner[i] >= 0
		if !doubled && !rr.res.HasToken(b, corp) {
			return nil, fail("a route must include a base of %s (rule 4.5.2)", corp)
		}
		if err := rr.res.CheckNodes(b); err != nil {
			return nil, fail("a route may not call at a station twice (rule 4.5.3): %v", err)
		}
		var zero []board.NodeRef
		if doubled && partner[i] < i {
			zero = paid[partner[i]]
		}
		// evaluate, in sc's scorer (its stops are read before the next call)
		rev, stops, why := sc.score.score(rr.rule, rr.visits, late, doubled, zero)
		if why != refusedNone {
			return nil, fail("%v", rr.rule.refusalError(why, rr.visits, late))
		}
		p0 := len(sc.refs)
		for _, s := range stops {
			sc.refs = append(sc.refs, rr.visits[s].ref)
		}
		if len(stops) > 0 {
			paid[i] = sc.refs[p0:len(sc.refs):len(sc.refs)]
		}
		if rr.rule.distance != 2 {
			if bl := rr.res.PassedBlocked(b, corp); len(bl) > 0 {
				return nil, fail("a route may not go beyond %s, fully occupied by other companies (rule 4.5.2)", b.Signature(bl[0]))
			}
		}
		revs[i] = rev
	}
	rs := sc.res[:0]
	for i := range runs {
		rs = append(rs, runs[i].res)
	}
	sc.res = rs
	if j, why := title.SharedTrack(b, rs, "routes must be distinct (rule 4.5.7): route %d also uses track in %s"); j >= 0 {
		return nil, fmt.Errorf("route %d (%s): %v", j+1, runs[j].train.ID, why)
	}
	return revs, nil
}

// runTrains resolves the trains named by the routes of a run: c's own
// and a leased one.
func (g *Game) runTrains(c *engine.Corporation, routes []engine.Route) ([]*engine.Train, error) {
	var leased *engine.Train
	if g.op != nil {
		leased = g.op.leased
	}
	return step.RunTrains(c, routes, leased)
}

// CheckRun validates a run of company sym as the run_routes step would,
// without applying it, and returns its revenue (1825 has no subsidy).
func (g *Game) CheckRun(sym string, routes []engine.Route) (revenue, subsidy int, err error) {
	c := g.Corp(sym)
	if c == nil {
		return 0, 0, fmt.Errorf("1825: no company %s", sym)
	}
	trains, err := g.runTrains(c, routes)
	if err != nil {
		return 0, 0, err
	}
	revenue, _, err = g.runRevenue(c, routes, trains, "stated", nil)
	return revenue, 0, err
}

// runRevenue checks a run of company c with these trains (checkRun) and
// its routes' written revenues (title.StatedRevenue, word naming where
// they are written) and returns the run's revenue.
func (g *Game) runRevenue(c *engine.Corporation, routes []engine.Route, trains []*engine.Train, word string, keep func(int, []board.NodeRef)) (int, []int, error) {
	if len(routes) == 0 {
		return 0, nil, nil
	}
	revs, err := g.checkRun(c, routes, trains, keep)
	if err != nil {
		return 0, nil, err
	}
	total := 0
	for i, r := range revs {
		if err := title.StatedRevenue(i, routes[i].Train, word, routes[i].Revenue, r); err != nil {
			return 0, nil, err
		}
		total += r
	}
	return total, revs, nil
}

// logRun writes c's run train by train (step.LogTrainRun), and keeps the
// stops named for the map's caption (g.ran): the trains,
// what each earned (revs) and the stations each calls at, of the nodes it
// visits (visits[ends[i-1]:ends[i]], as the run's check resolved them): a
// halt (tile #11) that a train other than the 3T and 4T passes free is not
// one of its stops and is not named.
func (g *Game) logRun(c *engine.Corporation, trains []*engine.Train, revs []int, visits []board.NodeRef, ends []int) {
	from := 0
	colors := g.phaseColors()
	kept := make([]title.RanTrain, 0, len(trains))
	for i, t := range trains {
		var v []board.NodeRef
		if i < len(ends) {
			v, from = visits[from:ends[i]], ends[i]
		}
		named := g.namedStops(c.Sym, t.Name, v, colors)
		step.LogTrainRun(g.Game, g.Board, c, t.Name, revs[i], 0, named)
		kept = append(kept, title.RanTrain{Train: t.ID, Visits: slices.Clone(v), Stops: slices.Clone(named), Revenue: revs[i]})
	}
	g.ran.Keep(c.Sym, kept)
}

// namedStops is the stations a train named name of corp counts of the
// nodes v it calls at (the log and the map's caption name them): a halt
// (tile #11) that a train other than the 3T and 4T passes free (4.5.6) is
// left out; v as it is when its stops do not read.
func (g *Game) namedStops(corp, name string, v []board.NodeRef, colors []board.Color) []board.NodeRef {
	rule, err := g.ruleOf(name)
	if err != nil || rule.tee() {
		return v
	}
	stops, err := g.appendStops(nil, g.Board, corp, v, colors)
	if err != nil || len(stops) != len(v) {
		return v
	}
	kept := make([]board.NodeRef, 0, len(v))
	for j := range stops {
		if !stops[j].halt {
			kept = append(kept, v[j])
		}
	}
	return kept
}

// CountedStops is the stations train (an id) counted in sym's last run
// when it called at visits, as the run's log line named them (kept when it
// ran): the map's caption of the run says the same (title.StopCounter).
func (g *Game) CountedStops(sym, train string, visits []board.NodeRef) ([]board.NodeRef, int, bool) {
	return g.ran.Find(sym, train, visits)
}
