package t1860

import (
	"fmt"
	"sync"

	"tresham/board"
	"tresham/engine"
)

// routeEval is one evaluated 1860 route.
type routeEval struct {
	visits  []board.NodeRef
	stops   []board.NodeRef
	halts   int // halts counted as stops
	revenue int
	subsidy int
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
	printed     bool // printed_rules (leasedRevenue)
	noSkip      bool // no_skip_towns: every town on the route is a stop
	national    bool
	ignoreHalts bool
}

func (c *routeCtx) kind(n board.NodeRef) (*board.NodeDef, error) {
	tile, _, ok := c.b.TileOn(n.Hex)
	if !ok || n.Node < 0 || n.Node >= len(tile.Nodes) {
		return nil, fmt.Errorf("no node %s/%d", n.Hex, n.Node)
	}
	return &tile.Nodes[n.Node], nil
}

// loanerNew reports the newer insolvency rules for a leased train (halts
// count as towns, no second allowance, no halt subsidy).
func (c *routeCtx) loanerNew() bool { return c.loaner && !c.origIns }

// ignoreSecond reports whether the small-stop allowance is ignored.
func (c *routeCtx) ignoreSecond() bool { return c.loanerNew() || c.national }

// evalRoute selects the stops of a route with visited nodes visits and
// computes its revenue and subsidy (fixtures README §5.15).
func (c *routeCtx) evalRoute(visits []board.NodeRef, requested *int) (*routeEval, error) {
	ev := &routeEval{visits: visits}
	if len(visits) == 0 {
		return ev, nil
	}
	// Scratch space for the usual short routes (nothing of it is kept).
	var kbuf [16]board.NodeKind
	var rbuf [16]int
	kinds, revs := kbuf[:0], rbuf[:0]
	for _, n := range visits {
		d, err := c.kind(n)
		if err != nil {
			return nil, err
		}
		kinds = append(kinds, d.Kind)
		revs = append(revs, d.RevenueFor(c.colors))
	}
	sel := stopSels.Get().(*stopSel)
	defer stopSels.Put(sel)
	if err := c.selectStops(kinds, revs, requested, sel); err != nil {
		return nil, err
	}
	if len(sel.stops) > 0 {
		ev.stops = make([]board.NodeRef, len(sel.stops))
		for k, i := range sel.stops {
			ev.stops[k] = visits[i]
		}
	}
	ev.halts, ev.revenue, ev.subsidy = sel.halts, sel.revenue, sel.subsidy
	return ev, nil
}

// stopSels are scratch stopSels for evalRoute.
var stopSels = sync.Pool{New: func() any { return new(stopSel) }}

// stopSel is the result of selectStops; its slices are reused between calls.
type stopSel struct {
	stops                   []int // indices into the visits, in selection order
	halts, revenue, subsidy int
	cities, towns, hs, best []int
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

// selectStops is evalRoute on node kinds and revenues (in route order): the
// route's legality under the allowances, its stops, revenue and subsidy.
func (c *routeCtx) selectStops(kinds []board.NodeKind, revs []int, requested *int, out *stopSel) error {
	cities, towns, halts := out.cities[:0], out.towns[:0], out.hs[:0]
	out.stops = out.stops[:0]
	out.halts, out.revenue, out.subsidy = 0, 0, 0
	if len(kinds) == 0 {
		return nil
	}
	for i, k := range kinds {
		switch k {
		case board.City, board.Offboard:
			cities = append(cities, i)
		case board.Town:
			towns = append(towns, i)
		case board.Halt:
			halts = append(halts, i)
		}
	}
	out.cities, out.towns, out.hs = cities, towns, halts
	// Route legality (18xx.games G1860 check_distance).
	thAllow := c.allowance(len(cities))
	if len(cities) > c.major {
		return fmt.Errorf("route has too many cities/offboards (%d > %d)", len(cities), c.major)
	}
	if c.noSkip && len(towns) > max(thAllow, 0) {
		return fmt.Errorf("route has too many towns")
	}
	if kinds[0] == board.Halt || kinds[len(kinds)-1] == board.Halt {
		return fmt.Errorf("route cannot begin/end in a halt")
	}

	// Halts the player may count (G1860 max_halts).
	haltMax := c.haltMax(len(cities), len(towns), len(halts))
	req := requested
	if len(halts) == 0 || c.ignoreHalts || c.loanerNew() || haltMax == 0 {
		req = nil
	}
	if req != nil && *req > haltMax {
		req = nil
	}

	stops := append(out.stops, cities...)
	th := thAllow
	numHalts := 0
	if req != nil {
		numHalts = min(len(halts), *req)
	}
	if numHalts > 0 {
		stops = append(stops, halts[:numHalts]...)
		th -= numHalts
	}
	numTowns := min(th, len(towns))
	if c.noSkip {
		numTowns = len(towns)
	}
	if numTowns > 0 {
		best := append(out.best[:0], towns...)
		// best towns first (stable: ties keep route order)
		for i := 1; i < len(best); i++ {
			for j := i; j > 0 && revs[best[j]] > revs[best[j-1]]; j-- {
				best[j], best[j-1] = best[j-1], best[j]
			}
		}
		out.best = best
		stops = append(stops, best[:numTowns]...)
		th -= numTowns
	}
	if req == nil && len(halts) > 0 && th > 0 && !c.ignoreHalts {
		stops = append(stops, halts[:min(len(halts), th)]...)
	}
	out.stops = stops

	sum, nHalts := 0, 0
	for _, i := range stops {
		sum += revs[i]
		if kinds[i] == board.Halt {
			nHalts++
		}
	}
	out.halts = nHalts
	out.revenue = sum
	if r, ok := c.leasedRevenue(sum, len(stops)); ok {
		out.revenue = r
	}
	if !c.loanerNew() {
		out.subsidy = nHalts * haltSubsidy
	}
	return nil
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
	case c.simpIns && c.printed:
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
	return c.evalRoute(visits, halts)
}
