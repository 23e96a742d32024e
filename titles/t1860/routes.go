package t1860

import (
	"fmt"
	"sort"
	"sync"

	"tresham/board"
	"tresham/engine"
	"tresham/titles/title"
)

// routeEval is one evaluated 1860 route.
type routeEval struct {
	visits  []board.NodeRef
	stops   int // the stops counted
	revenue int
	subsidy int
	// towns and halts are how many of the route's small stations (the best)
	// and halts are stops; it passes the others ("Trains may 'bypass' halts
	// and small stations", Running Trains)
	towns, halts int
	counted      []board.NodeRef // the stops in route order (evaluateVisits)
}

// routeCtx holds what stop selection needs about the train and the game.
type routeCtx struct {
	b           *board.Board
	colors      []board.Color
	major       int
	minor       int
	loaner      bool // a train leased from the depot by an insolvent corporation
	origIns     bool // original insolvency rules (half revenue)
	simpIns     bool // simplified insolvency rules
	simpLease   bool // simplified insolvency as 18xx.games ran it before 2026-07-04 (dated.go)
	printed     bool // printed_rules (leasedRevenue)
	noSkip      bool // no_skip_towns: every town on the route is a stop
	national    bool
	ignoreHalts bool
}

// loanerNew reports the newer insolvency rules for a leased train (halts
// count as towns, no second allowance, no halt subsidy).
func (c *routeCtx) loanerNew() bool { return c.loaner && !c.origIns && !c.simpLease }

// ignoreSecond reports whether the small-stop allowance is ignored.
func (c *routeCtx) ignoreSecond() bool { return c.loanerNew() || c.national }

// quickRoutes are scratch quickRoutes for evalRoute.
var quickRoutes = sync.Pool{New: func() any { return new(quickRoute) }}

// evalRoute checks a route with visited nodes visits against the train's
// allowances (18xx.games G1860 check_distance) and computes its revenue
// and subsidy with the stops the rules select (quickEval; fixtures README
// §5.15), the player asking for requested halts (nil: the default).
func (c *routeCtx) evalRoute(visits []board.NodeRef, requested *int) (*routeEval, error) {
	ev := &routeEval{visits: visits}
	if len(visits) == 0 {
		return ev, nil
	}
	q := quickRoutes.Get().(*quickRoute) // scratch: nothing of it is kept
	defer quickRoutes.Put(q)
	q.reset()
	haltEnd := false
	for i, n := range visits {
		_, d, err := title.NodeOn(c.b, n)
		if err != nil {
			return nil, err
		}
		q.add(d.Kind, d.RevenueFor(c.colors))
		haltEnd = haltEnd || (d.Kind == board.Halt && (i == 0 || i == len(visits)-1))
	}
	q.sum()
	switch {
	case q.nc > c.major:
		return nil, fmt.Errorf("route has too many cities/offboards (%d > %d)", q.nc, c.major)
	case c.noSkip && len(q.towns) > max(c.allowance(q.nc), 0):
		return nil, fmt.Errorf("route has too many towns")
	case haltEnd:
		return nil, fmt.Errorf("route cannot begin/end in a halt")
	}
	req := -1 // the default
	if requested != nil {
		req = max(*requested, 0)
	}
	o, stops, towns, halts := c.quickEvalCounts(q, req)
	ev.stops, ev.revenue, ev.subsidy, ev.towns, ev.halts = stops, o.Revenue, o.Subsidy, towns, halts
	return ev, nil
}

// countedStops is the stops of ev in route order (the log names them): its
// large stations, its ev.towns best small stations (the first of equal
// ones) and its first ev.halts halts; the stations it passes are left out.
func (c *routeCtx) countedStops(ev *routeEval) []board.NodeRef {
	type town struct{ i, rev int }
	var towns []town
	for i, n := range ev.visits {
		if _, d, err := title.NodeOn(c.b, n); err == nil && d.Kind == board.Town {
			towns = append(towns, town{i, d.RevenueFor(c.colors)})
		}
	}
	sort.SliceStable(towns, func(a, b int) bool { return towns[a].rev > towns[b].rev })
	keep := map[int]bool{}
	for _, t := range towns[:min(ev.towns, len(towns))] {
		keep[t.i] = true
	}
	out := make([]board.NodeRef, 0, len(ev.visits))
	halts := ev.halts
	for i, n := range ev.visits {
		_, d, err := title.NodeOn(c.b, n)
		switch {
		case err != nil:
		case d.Kind == board.Town && !keep[i]:
			continue
		case d.Kind == board.Halt:
			if halts == 0 {
				continue
			}
			halts--
		}
		out = append(out, n)
	}
	return out
}

// haltChoicesN returns how many halts the player may ask to count on a
// route with nc large stations, nt small stations and nh halts (G1860
// max_halts), or -1 when the request is ignored (no halts, halts ignored
// or not paid for).
func (c *routeCtx) haltChoicesN(nc, nt, nh int) int {
	if nh == 0 || c.ignoreHalts || c.loanerNew() {
		return -1
	}
	if m := c.haltMax(nc, nt, nh); m > 0 {
		return m
	}
	return -1
}

// allowance is how many small stations and halts the train may count on
// a route with nc large stations (G1860 check_distance).
func (c *routeCtx) allowance(nc int) int {
	if c.ignoreSecond() {
		return c.major - nc
	}
	return c.minor + c.major - nc
}

// haltMax is how many of nh halts the player may count on a route with nc
// large and nt small stations (G1860 max_halts; 0 when halts are ignored).
func (c *routeCtx) haltMax(nc, nt, nh int) int {
	if c.ignoreHalts {
		return 0
	}
	th := c.allowance(nc)
	if c.noSkip || c.national {
		th = max(th-nt, 0)
	}
	return min(nh, th)
}

// leasedRevenue is what a train leased by an insolvent company earns on a
// run of stops stops worth sum (Insolvency, and the variants Original and
// Simplified Insolvency Revenue), and false for a company's own train.
//
// 18xx.games (G1860 revenue_for) checks the newer rules first, so
// simplified_insolvency pays like them: 40 plus 20 a stop. Its original
// insolvency pays half the revenue, rounded up to £1 ((sum+1)/2).
//
// printed_rules: Simplified Insolvency Revenue pays "the maximum revenue
// allowed for the next available train", the Insolvency card's 40 plus 20
// a large station of the train; Original Insolvency Revenue pays "HALF of
// the revenue earned by the train, rounded up to the nearest 10" (£250
// earns £130).
func (c *routeCtx) leasedRevenue(sum, stops int) (int, bool) {
	switch {
	case !c.loaner:
		return 0, false
	case c.origIns && c.printed:
		return (sum + 19) / 20 * 10, true
	case c.origIns:
		return (sum + 1) / 2, true
	case c.simpIns && (c.printed || c.simpLease):
		return 40 + 20*c.major, true
	}
	return 40 + 20*stops, true
}

// evaluateVisits selects the stops of a resolved route and prices it.
func (g *Game) evaluateVisits(b *board.Board, corp *engine.Corporation, train *engine.Train, visits []board.NodeRef, halts *int) (*routeEval, error) {
	c, err := g.routeContext(b, corp, train)
	if err != nil {
		return nil, err
	}
	ev, err := c.evalRoute(visits, halts)
	if err != nil {
		return nil, err
	}
	ev.counted = c.countedStops(ev)
	return ev, nil
}

// CountedStops is the stops train (an id) counted in sym's last run
// when it called at visits, as the run's log line named them (kept when it
// ran): the map's caption of the run says the same (title.StopCounter).
func (g *Game) CountedStops(sym, train string, visits []board.NodeRef) ([]board.NodeRef, int, bool) {
	return g.ran.Find(sym, train, visits)
}
