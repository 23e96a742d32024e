package t1860

import (
	"fmt"
	"slices"
	"strconv"

	"tresham/board"
	"tresham/engine"
	"tresham/route"
)

// solveHook is the 1860 stop selection and revenue for route.Solve: the
// same selectStops the run_routes step uses, per train.
type solveHook struct {
	ctxs   []routeCtx
	keys   []string
	revs   []int
	kinds2 []int
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
	if t < 0 {
		for i := range h.ctxs {
			if h.within(&h.ctxs[i], counts) {
				return true
			}
		}
		return false
	}
	return h.within(&h.ctxs[t], counts)
}

// within mirrors the allowance checks of selectStops: at most major large
// stations; with no_skip_towns, every small station must fit the
// remaining allowance.
func (h *solveHook) within(c *routeCtx, counts *[route.MaxClasses]int) bool {
	if counts[0] > c.major {
		return false
	}
	if c.noSkip {
		th := c.minor + c.major - counts[0]
		if c.ignoreSecond() {
			th = c.major - counts[0]
		}
		if counts[1] > max(th, 0) {
			return false
		}
	}
	return true
}

// Evaluate returns the train's outcomes on the route: the default halt
// count and every number of halts the player may ask for.
func (h *solveHook) Evaluate(t int, visits []*route.NodeInfo, buf []route.Outcome) []route.Outcome {
	c := &h.ctxs[t]
	if len(visits) == 0 || visits[0].Kind == board.Halt || visits[len(visits)-1].Kind == board.Halt {
		return buf
	}
	var q quickRoute
	towns := h.revs[:0] // in decreasing order (insertion: routes have few)
	for _, n := range visits {
		switch n.Kind {
		case board.City, board.Offboard:
			q.nc++
			q.sumC += h.revenue(c, n)
		case board.Town:
			towns = append(towns, h.revenue(c, n))
			for i := len(towns) - 1; i > 0 && towns[i-1] < towns[i]; i-- {
				towns[i-1], towns[i] = towns[i], towns[i-1]
			}
		case board.Halt:
			q.nh++
		}
	}
	q.prefix = append(h.kinds2[:0], 0)
	for _, r := range towns {
		q.prefix = append(q.prefix, q.prefix[len(q.prefix)-1]+r)
	}
	h.revs, h.kinds2 = towns, q.prefix
	return c.quickOutcomes(&q, buf)
}

// quickRoute is a route reduced to what stop selection depends on.
type quickRoute struct {
	nc, sumC int   // large stations and their revenue
	prefix   []int // prefix[k]: revenue of the k best small stations
	nh       int   // halts
}

// quickOutcomes is selectStops for every halts request at once, from the
// route's counts (the route must not begin or end at a halt): the
// outcome of the default request (Choice -1), then those of the requests
// 0..halts giving a different revenue or subsidy.
func (c *routeCtx) quickOutcomes(q *quickRoute, buf []route.Outcome) []route.Outcome {
	nt := len(q.prefix) - 1
	thAllow := c.minor + c.major - q.nc
	if c.ignoreSecond() {
		thAllow = c.major - q.nc
	}
	if q.nc > c.major || (c.noSkip && nt > max(thAllow, 0)) {
		return buf
	}
	haltMax := 0
	if !c.ignoreHalts {
		th := thAllow
		if c.noSkip || c.national {
			th = max(th-nt, 0)
		}
		haltMax = min(q.nh, th)
	}
	eval := func(req int) route.Outcome { // req < 0: default
		if q.nh == 0 || c.ignoreHalts || c.loanerNew() || haltMax == 0 || req > haltMax {
			req = -1
		}
		th := thAllow
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
		sum, stops := q.sumC, q.nc+numHalts
		if numTowns > 0 {
			sum += q.prefix[numTowns]
			stops += numTowns
			th -= numTowns
		}
		halts := numHalts
		if req < 0 && q.nh > 0 && th > 0 && !c.ignoreHalts {
			halts += min(q.nh, th)
			stops += min(q.nh, th)
		}
		o := route.Outcome{Revenue: sum, Subsidy: halts * haltSubsidy, Choice: req}
		if r, ok := c.leasedRevenue(sum, stops); ok {
			o.Revenue = r
		}
		if c.loanerNew() {
			o.Subsidy = 0
		}
		return o
	}
	buf = append(buf, eval(-1))
	if c.haltChoicesN(q.nc, nt, q.nh) < 0 {
		return buf
	}
	for req := 0; req <= haltMax; req++ {
		o := eval(req)
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

// RouteSolution is the solver's answer for one corporation.
type RouteSolution struct {
	Corp   string
	Trains []string // the trains that may run (a leased train for an insolvent corporation)
	// Revenue is the max-revenue run (ties: most subsidy); Total the run
	// with most revenue plus subsidy (ties: most revenue).
	Revenue, Total RunPlan
	Stats          route.Stats
}

// RunPlan is one run of all trains.
type RunPlan struct {
	Revenue, Subsidy int
	Routes           []engine.Route // trains that run, in train order
}

// runTrains returns the trains corp runs now: its own, or the leased
// train of an insolvent corporation without trains.
func (g *Game) runTrains(c *engine.Corporation) []*engine.Train {
	if len(c.Trains) > 0 {
		return c.Trains
	}
	if g.insolventAtRun(c) {
		if t := g.Depot.MinUpcoming(); t != nil {
			return []*engine.Train{t}
		}
	}
	return nil
}

// insolventAtRun reports whether c is insolvent when its route step comes
// (checkRouteInsolvency, without changing the game).
func (g *Game) insolventAtRun(c *engine.Corporation) bool {
	minPrice := g.minDepotPrice()
	afford := minPrice > 0 && c.Cash >= minPrice
	switch {
	case c.Receivership && len(c.Trains) == 0 && g.hasRoute(c) && !afford:
		return true
	case c.Insolvent && afford:
		return false
	}
	return c.Insolvent
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
		printed:     g.optPrinted,
		noSkip:      g.optNoSkipTowns,
		national:    g.Nationalization,
		ignoreHalts: g.SRAfterSouthern,
	}, nil
}

func (g *Game) mapBoardOf() (*board.Board, error) {
	mb, ok := g.Board.(*mapBoard)
	if !ok {
		return nil, fmt.Errorf("1860: no map board")
	}
	return mb.b, nil
}

// SolveRoutes finds the optimal runs of corporation sym on the current
// board under the 1860 rules, exactly, for both objectives.
func (g *Game) SolveRoutes(sym string) (*RouteSolution, error) {
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
		sol.Total = sol.Revenue
	}
	return sol, nil
}

// solveFor solves the run of corporation c with these trains on board b.
func (g *Game) solveFor(b *board.Board, c *engine.Corporation, trains []*engine.Train) (*RouteSolution, error) {
	sym := c.Sym
	hook := &solveHook{}
	sol := &RouteSolution{Corp: sym}
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
	sol.Stats = res.Stats
	for obj, plan := range []*RunPlan{&sol.Revenue, &sol.Total} {
		s := res.Best[obj]
		plan.Revenue, plan.Subsidy = s.Revenue, s.Subsidy
		for _, pl := range s.Routes {
			if pl.Visits == nil {
				continue
			}
			r := engine.Route{Train: trains[pl.Train].ID, Connections: pl.Connections, Nodes: pl.Nodes}
			rev, sub := pl.Outcome.Revenue, pl.Outcome.Subsidy
			r.Revenue, r.Subsidy = &rev, &sub
			if pl.Outcome.Choice >= 0 {
				h := pl.Outcome.Choice
				r.Halts = &h
			}
			plan.Routes = append(plan.Routes, r)
		}
	}
	return sol, nil
}

// CheckRun validates a run of corporation sym as the run_routes step would
// (without applying it) and returns its revenue and subsidy.
func (g *Game) CheckRun(sym string, routes []engine.Route) (revenue, subsidy int, err error) {
	c := g.Corp(sym)
	if c == nil {
		return 0, 0, fmt.Errorf("1860: no corporation %s", sym)
	}
	b, err := g.mapBoardOf()
	if err != nil {
		return 0, 0, err
	}
	a := &engine.Action{Type: "run_routes", Entity: sym, EntityType: "corporation", Routes: routes}
	var trains []*engine.Train
	seen := map[string]bool{}
	for i := range routes {
		r := &routes[i]
		var t *engine.Train
		for _, x := range c.Trains {
			if x.ID == r.Train {
				t = x
			}
		}
		if t == nil && len(c.Trains) == 0 && g.insolventAtRun(c) {
			t = g.Depot.MinUpcoming()
		}
		if t == nil {
			return 0, 0, engine.Refuse(a, "route %d: %s does not own train %q", i+1, sym, r.Train)
		}
		if seen[t.ID] {
			return 0, 0, engine.Refuse(a, "route %d: train %s runs twice", i+1, t.ID)
		}
		seen[t.ID] = true
		trains = append(trains, t)
		ev, err := g.evaluateRoute(b, c, t, r)
		if err != nil {
			return 0, 0, engine.Refuse(a, "route %d (%s): %v", i+1, t.ID, err)
		}
		if r.Revenue != nil && *r.Revenue != ev.revenue {
			return 0, 0, engine.Refuse(a, "route %d (%s): stated revenue %d but the route is worth %d", i+1, t.ID, *r.Revenue, ev.revenue)
		}
		if r.Subsidy != nil && *r.Subsidy != ev.subsidy {
			return 0, 0, engine.Refuse(a, "route %d (%s): stated subsidy %d but the route's halt subsidy is %d", i+1, t.ID, *r.Subsidy, ev.subsidy)
		}
		revenue += ev.revenue
		subsidy += ev.subsidy
	}
	if len(routes) > 0 {
		if err := g.checkRun(b, c, a, trains); err != nil {
			return 0, 0, err
		}
	}
	if err := g.checkMaxRun(b, c, a, revenue); err != nil {
		return 0, 0, err
	}
	return revenue, subsidy, nil
}

// BestRoutes returns the maximum-revenue run of corporation sym now (the
// routes a run_routes action needs), from the exact solver.
func (g *Game) BestRoutes(sym string) ([]engine.Route, error) {
	sol, err := g.SolveRoutes(sym)
	if err != nil {
		return nil, err
	}
	return sol.Revenue.Routes, nil
}
