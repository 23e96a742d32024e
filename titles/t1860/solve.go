package t1860

import (
	"fmt"
	"strconv"

	"tresham/board"
	"tresham/engine"
	"tresham/route"
)

// solveHook is the 1860 stop selection and revenue for route.Solve: the
// same selectStops the run_routes step uses, per train.
type solveHook struct {
	ctxs  []routeCtx
	keys  []string
	sel   stopSel
	kinds []board.NodeKind
	revs  []int
}

func (h *solveHook) TrainKey(t int) string { return h.keys[t] }

// Class: 0 large stations (cities, Ryde Pier), 1 small stations, 2 halts.
func (h *solveHook) Class(n *route.NodeInfo) int {
	switch n.Kind {
	case board.City, board.Offboard:
		return 0
	case board.Town:
		return 1
	}
	return 2
}

// CanEnd: routes begin and end at large or small stations, never at halts.
func (h *solveHook) CanEnd(n *route.NodeInfo) bool { return n.Kind != board.Halt }

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
	h.kinds, h.revs = h.kinds[:0], h.revs[:0]
	for _, n := range visits {
		h.kinds = append(h.kinds, n.Kind)
		h.revs = append(h.revs, n.Def.RevenueFor(c.colors))
	}
	if c.selectStops(h.kinds, h.revs, nil, &h.sel) != nil {
		return buf
	}
	buf = append(buf, route.Outcome{Revenue: h.sel.revenue, Subsidy: h.sel.subsidy, Choice: -1})
	hm := c.haltChoices(h.kinds)
	for req := 0; req <= hm; req++ {
		r := req
		if c.selectStops(h.kinds, h.revs, &r, &h.sel) != nil {
			continue
		}
		o := route.Outcome{Revenue: h.sel.revenue, Subsidy: h.sel.subsidy, Choice: req}
		dup := false
		for _, x := range buf {
			if x.Revenue == o.Revenue && x.Subsidy == o.Subsidy {
				dup = true
			}
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
	cs, err := colors(g.Phase().Tiles)
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
	return g.solveFor(b, c, g.runTrains(c))
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
	return revenue, subsidy, nil
}
