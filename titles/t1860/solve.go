package t1860

import (
	"fmt"
	"slices"
	"strconv"

	"tresham/board"
	"tresham/engine"
	"tresham/route"
	"tresham/titles/title"
)

// solveHook is the 1860 stop selection and revenue for route.Solve: the
// same selectStops the run_routes step uses, per train.
type solveHook struct {
	ctxs []routeCtx
	keys []string
	q    quickRoute // the route being evaluated (its buffers reused)
	// nodeRev[i] is the revenue of the node of Index i in the solve
	// (set by Class), valid for every train when sameColors is set.
	nodeRev    []int
	sameColors bool
}

func (h *solveHook) TrainKey(t int) string { return h.keys[t] }

// StopClass is the 1860 class of a stop: 0 large stations (cities, Ryde
// Pier), 1 small stations (towns), 2 halts.
func StopClass(k board.NodeKind) int {
	switch k {
	case board.City, board.Offboard:
		return 0
	case board.Town:
		return 1
	}
	return 2
}

// CanEndAt reports whether a route may begin or end at a stop of kind k:
// at large or small stations, never at halts.
func CanEndAt(k board.NodeKind) bool { return k != board.Halt }

// Class: see StopClass. It also records the node's revenue.
func (h *solveHook) Class(n *route.NodeInfo) int {
	if h.sameColors {
		for len(h.nodeRev) <= n.Index {
			h.nodeRev = append(h.nodeRev, 0)
		}
		h.nodeRev[n.Index] = n.Def.RevenueFor(h.ctxs[0].colors)
	}
	return StopClass(n.Kind)
}

// revenue is the node's revenue for the train of context c.
func (h *solveHook) revenue(c *routeCtx, n *route.NodeInfo) int {
	if h.sameColors {
		return h.nodeRev[n.Index]
	}
	return n.Def.RevenueFor(c.colors)
}

// CanEnd: see CanEndAt.
func (h *solveHook) CanEnd(n *route.NodeInfo) bool { return CanEndAt(n.Kind) }

func (h *solveHook) Within(t int, counts *[route.MaxClasses]int) bool {
	return route.AnyTrain(len(h.ctxs), t, func(i int) bool { return h.within(&h.ctxs[i], counts) })
}

// within mirrors the allowance checks of selectStops: at most major large
// stations; with no_skip_towns, every small station must fit the
// remaining allowance.
func (h *solveHook) within(c *routeCtx, counts *[route.MaxClasses]int) bool {
	if counts[0] > c.major {
		return false
	}
	return !c.noSkip || counts[1] <= max(c.allowance(counts[0]), 0)
}

// Evaluate returns the train's outcomes on the route: the default halt
// count and every number of halts the player may ask for.
func (h *solveHook) Evaluate(t int, visits []*route.NodeInfo, buf []route.Outcome) []route.Outcome {
	c := &h.ctxs[t]
	if len(visits) == 0 || visits[0].Kind == board.Halt || visits[len(visits)-1].Kind == board.Halt {
		return buf
	}
	q := &h.q
	q.reset()
	for _, n := range visits {
		rev := 0
		if n.Kind != board.Halt {
			rev = h.revenue(c, n)
		}
		q.add(n.Kind, rev)
	}
	q.sum()
	return c.quickOutcomes(q, buf)
}

// quickRoute is a route reduced to what stop selection depends on.
type quickRoute struct {
	nc, sumC int   // large stations and their revenue
	towns    []int // small stations' revenues, best first
	prefix   []int // prefix[k]: revenue of the k best small stations
	nh       int   // halts
}

// reset empties q, keeping its buffers.
func (q *quickRoute) reset() {
	q.towns, q.prefix = q.towns[:0], q.prefix[:0]
	q.nc, q.sumC, q.nh = 0, 0, 0
}

// add counts a stop of kind k worth rev.
func (q *quickRoute) add(k board.NodeKind, rev int) {
	switch k {
	case board.City, board.Offboard:
		q.nc++
		q.sumC += rev
	case board.Town:
		// insertion, best first (routes have few)
		q.towns = append(q.towns, rev)
		for i := len(q.towns) - 1; i > 0 && q.towns[i-1] < q.towns[i]; i-- {
			q.towns[i-1], q.towns[i] = q.towns[i], q.towns[i-1]
		}
	case board.Halt:
		q.nh++
	}
}

// sum fills in prefix once every stop is added.
func (q *quickRoute) sum() {
	q.prefix = append(q.prefix[:0], 0)
	for _, r := range q.towns {
		q.prefix = append(q.prefix, q.prefix[len(q.prefix)-1]+r)
	}
}

// quickEval is the outcome of the halts request req (< 0: the default)
// on route q, which the allowances accept, and the number of stops
// counted: the large stations, the halts asked for, the best small
// stations the allowance leaves (all of them with no_skip_towns), then,
// by default, as many halts as still fit.
func (c *routeCtx) quickEval(q *quickRoute, req int) (route.Outcome, int) {
	o, stops, _, _ := c.quickEvalCounts(q, req)
	return o, stops
}

// quickEvalCounts is quickEval with how many of the route's small stations
// (the best) and halts are among the stops counted (the others it passes).
func (c *routeCtx) quickEvalCounts(q *quickRoute, req int) (o route.Outcome, stops, towns, halts int) {
	nt := len(q.prefix) - 1
	if haltMax := c.haltMax(q.nc, nt, q.nh); q.nh == 0 || c.ignoreHalts || c.loanerNew() || haltMax == 0 || req > haltMax {
		req = -1
	}
	th := c.allowance(q.nc)
	numHalts := 0
	if req >= 0 {
		numHalts = min(q.nh, req)
	}
	if numHalts > 0 {
		th -= numHalts
	}
	numTowns := min(th, nt)
	if c.noSkip {
		numTowns = nt
	}
	sum := q.sumC
	stops = q.nc + numHalts
	if numTowns > 0 {
		sum += q.prefix[numTowns]
		stops += numTowns
		th -= numTowns
	}
	halts = numHalts
	if req < 0 && q.nh > 0 && th > 0 && !c.ignoreHalts {
		halts += min(q.nh, th)
		stops += min(q.nh, th)
	}
	o = route.Outcome{Revenue: sum, Subsidy: halts * haltSubsidy, Choice: req}
	if r, ok := c.leasedRevenue(sum, stops); ok {
		o.Revenue = r
	}
	if c.loanerNew() {
		o.Subsidy = 0
	}
	return o, stops, max(numTowns, 0), halts
}

// quickOutcomes is quickEval for every halts request at once (the route
// must not begin or end at a halt): the outcome of the default request
// (Choice -1), then those of the requests 0..halts giving a different
// revenue or subsidy; none when the allowances refuse the route.
func (c *routeCtx) quickOutcomes(q *quickRoute, buf []route.Outcome) []route.Outcome {
	nt := len(q.prefix) - 1
	if q.nc > c.major || (c.noSkip && nt > max(c.allowance(q.nc), 0)) {
		return buf
	}
	o, _ := c.quickEval(q, -1)
	buf = append(buf, o)
	if c.haltChoicesN(q.nc, nt, q.nh) < 0 {
		return buf
	}
	for req := 0; req <= c.haltMax(q.nc, nt, q.nh); req++ {
		o, _ := c.quickEval(q, req)
		dup := false
		for _, x := range buf {
			dup = dup || (x.Revenue == o.Revenue && x.Subsidy == o.Subsidy)
		}
		if !dup {
			buf = append(buf, o)
		}
	}
	return buf
}

// runTrains returns the trains corp runs now: its own, or the leased
// train of an insolvent corporation without trains.
func (g *Game) runTrains(c *engine.Corporation) []*engine.Train {
	if len(c.Trains) > 0 {
		return c.Trains
	}
	if g.routeInsolvent(c) {
		if t := g.Depot.MinUpcoming(); t != nil {
			return []*engine.Train{t}
		}
	}
	return nil
}

// routeContext is the stop-selection context of a train run by corp.
func (g *Game) routeContext(b *board.Board, corp *engine.Corporation, train *engine.Train) (routeCtx, error) {
	cs, err := board.ParseColors(g.Phase().Tiles)
	if err != nil {
		return routeCtx{}, err
	}
	return routeCtx{
		b:           b,
		colors:      cs,
		major:       train.Major,
		minor:       train.Minor,
		loaner:      train.Owner != corp.Sym,
		origIns:     g.optOriginalInsolvency,
		simpIns:     g.optSimplifiedInsolvency,
		simpLease:   g.optSimplifiedInsolvency && g.era.simplifiedLease,
		printed:     g.optPrinted,
		noSkip:      g.optNoSkipTowns,
		national:    g.Nationalization,
		ignoreHalts: g.SRAfterSouthern,
	}, nil
}

func (g *Game) mapBoardOf() (*board.Board, error) {
	if g.Board == nil {
		return nil, fmt.Errorf("1860: no map board")
	}
	return g.Board, nil
}

// Solve finds the optimal runs of corporation sym on the current board
// under the 1860 rules, exactly, for both objectives (the trains that may
// run include a leased train for an insolvent corporation).
func (g *Game) Solve(sym string) (*title.Solved, error) {
	c := g.Corp(sym)
	if c == nil {
		return nil, fmt.Errorf("1860: no corporation %s", sym)
	}
	b, err := g.mapBoardOf()
	if err != nil {
		return nil, err
	}
	sol, err := g.solveFor(b, c, g.runTrains(c))
	if err != nil {
		return nil, err
	}
	if g.mustRunMax(c) {
		// no choice of objective: the run of most revenue is the one
		// the run step accepts (checkMaxRun)
		sol.OnlyRevenue()
	}
	return sol, nil
}

// solveFor solves the run of corporation c with these trains on board b.
func (g *Game) solveFor(b *board.Board, c *engine.Corporation, trains []*engine.Train) (*title.Solved, error) {
	sym := c.Sym
	hook := &solveHook{}
	sol := &title.Solved{}
	for _, t := range trains {
		ctx, err := g.routeContext(b, c, t)
		if err != nil {
			return nil, err
		}
		hook.ctxs = append(hook.ctxs, ctx)
		hook.keys = append(hook.keys, t.Name+"/"+strconv.FormatBool(ctx.loaner))
		sol.Trains = append(sol.Trains, t.ID)
	}
	hook.sameColors = true
	for i := range hook.ctxs {
		hook.sameColors = hook.sameColors && slices.Equal(hook.ctxs[i].colors, hook.ctxs[0].colors)
	}
	p := &route.Problem{
		Board:            b,
		Corp:             sym,
		HomeRule:         true,
		Intersect:        true,
		Trains:           len(trains),
		Hook:             hook,
		ReEnterHexes:     g.Options["re_enter_hexes"],
		MaxBlockedPass:   1,
		MaxBlockedRoutes: 1,
	}
	for _, n := range b.TokenNodes(sym) {
		if n.Hex == c.Home {
			p.Home = append(p.Home, n)
		}
	}
	res, err := route.Solve(p)
	if err != nil {
		return nil, err
	}
	sol.Planned(res, func(t int) string { return trains[t].ID }, true)
	return sol, nil
}

// CheckRun validates a run of corporation sym as the run_routes step would
// (checkRoutes, without applying it) and returns its revenue and subsidy.
func (g *Game) CheckRun(sym string, routes []engine.Route) (revenue, subsidy int, err error) {
	c := g.Corp(sym)
	if c == nil {
		return 0, 0, fmt.Errorf("1860: no corporation %s", sym)
	}
	if _, err := g.mapBoardOf(); err != nil {
		return 0, 0, err
	}
	a := &engine.Action{Type: "run_routes", Entity: sym, EntityType: "corporation", Routes: routes}
	rs, err := g.checkRoutes(c, a, true)
	for _, r := range rs {
		revenue += r.revenue
		subsidy += r.subsidy
	}
	return revenue, subsidy, err
}

// BestRoutes returns the maximum-revenue run of corporation sym now (the
// routes a run_routes action needs), from the exact solver.
func (g *Game) BestRoutes(sym string) ([]engine.Route, error) { return title.BestRoutes(g.Solve(sym)) }
