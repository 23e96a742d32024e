package t1860

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tresham/engine"
)

// leasedRun plays a game with opts at random until a trainless insolvent
// corporation is offered its run with a leased train (Insolvency) where
// the two modes' best runs earn different sums, and returns the game and
// that corporation.
func leasedRun(t *testing.T, opts ...string) (*Game, *engine.Corporation) {
	t.Helper()
	return leasedRunWhere(t, func(g *Game, c *engine.Corporation) bool {
		def, _ := solvedRevenue(t, g, c, false)
		printed, _ := solvedRevenue(t, g, c, true)
		return def != printed
	}, opts...)
}

// leasedRunWhere is leasedRun for a position where want holds.
func leasedRunWhere(t *testing.T, want func(*Game, *engine.Corporation) bool, opts ...string) (*Game, *engine.Corporation) {
	t.Helper()
	for seed := uint64(1); seed <= 40; seed++ {
		g, err := New([]int{1, 2, 3}, []string{"A", "B", "C"}, opts, NewBoard)
		if err != nil {
			t.Fatal(err)
		}
		found := playUntil(t, g, seed, func(g *Game) bool {
			if g.op == nil {
				return false
			}
			c := g.op.Current()
			if c == nil || !c.Insolvent || len(c.Trains) > 0 {
				return false
			}
			for _, ch := range g.Legal(c.Sym) {
				if ch.Action.Type == "run_routes" {
					return want(g, c)
				}
			}
			return false
		})
		if found {
			return g, g.op.Current()
		}
	}
	t.Skipf("%v: no insolvent run in 40 random games", opts)
	return nil, nil
}

// solvedRevenue is the best revenue of c's run now, with printed_rules on
// or off.
func solvedRevenue(t *testing.T, g *Game, c *engine.Corporation, printed bool) (int, []engine.Route) {
	t.Helper()
	saved := g.optPrinted
	defer func() { g.optPrinted = saved }()
	g.optPrinted = printed
	sol, err := g.Solve(c.Sym)
	if err != nil {
		t.Fatal(err)
	}
	if len(sol.Trains) != 1 {
		t.Fatalf("%s runs %v, want its one leased train", c.Sym, sol.Trains)
	}
	return sol.Revenue, sol.RevenueRoutes
}

// TestSimplifiedInsolvencyRevenue: "When a company is insolvent, do not
// bother counting the number of stations the company can visit. Rather,
// just use the maximum revenue allowed for the next available train"
// (Variant: Simplified Insolvency Revenue): 40 plus 20 a large station of
// the leased train under printed_rules. 18xx.games pays the newer rules'
// 40 plus 20 a stop visited (its simplified branch is never reached).
func TestSimplifiedInsolvencyRevenue(t *testing.T) {
	g, c := leasedRun(t, "simplified_insolvency")
	leased := g.Depot.MinUpcoming()
	def, routes := solvedRevenue(t, g, c, false)
	if len(routes) != 1 {
		t.Fatalf("%s's best run %v, want one route", c.Sym, routes)
	}
	b, err := g.mapBoardOf()
	if err != nil {
		t.Fatal(err)
	}
	ev, err := g.evaluateRoute(b, c, leased, &routes[0])
	if err != nil {
		t.Fatal(err)
	}
	if want := 40 + 20*ev.stops; def != want {
		t.Errorf("default: %s's leased %s earns £%d, want 40 + 20 × %d stops = £%d", c.Sym, leased.Name, def, ev.stops, want)
	}
	printed, _ := solvedRevenue(t, g, c, true)
	t.Logf("%s leases a %s: £%d by default, £%d under printed_rules", c.Sym, leased.Name, def, printed)
	if want := 40 + 20*leased.Major; printed != want {
		t.Errorf("printed_rules: %s's leased %s earns £%d, want the Insolvency card's £%d", c.Sym, leased.Name, printed, want)
	}
	// the run pays what the solver says, in each mode (an undo rebuilds
	// the game from its options: the switch and c are set again)
	sym := c.Sym
	for _, p := range []bool{false, true} {
		g.optPrinted = p
		c := g.Corp(sym)
		want := map[bool]int{false: def, true: printed}[p]
		cash := c.Cash
		a := engine.Action{Type: "run_routes", Entity: c.Sym, EntityType: "corporation", Routes: routes}
		a.Routes[0].Revenue = nil
		a.Routes[0].Subsidy = nil
		if err := g.Apply(&a); err != nil {
			t.Fatalf("printed %v: %v", p, err)
		}
		if got := c.Cash - cash; got != want {
			t.Errorf("printed %v: %s's treasury gained £%d, want £%d", p, c.Sym, got, want)
		}
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestOriginalInsolvencyRevenue: "only receives HALF of the revenue earned
// by the train, rounded up to the nearest 10 company credits" (Variant:
// Original Insolvency Revenue) under printed_rules; 18xx.games pays half,
// not rounded to £10.
func TestOriginalInsolvencyRevenue(t *testing.T) {
	g, c := leasedRun(t, "original_insolvency")
	leased := g.Depot.MinUpcoming()
	b, err := g.mapBoardOf()
	if err != nil {
		t.Fatal(err)
	}
	for _, printed := range []bool{false, true} {
		rev, routes := solvedRevenue(t, g, c, printed)
		sum := 0
		for i := range routes {
			// the route's revenue for a train of the company's own
			ctx, err := g.routeContext(b, c, leased)
			if err != nil {
				t.Fatal(err)
			}
			ctx.loaner = false
			res, err := g.evaluateRoute(b, c, leased, &routes[i])
			if err != nil {
				t.Fatal(err)
			}
			own, err := ctx.evalRoute(res.visits, routes[i].Halts)
			if err != nil {
				t.Fatal(err)
			}
			sum += own.revenue
		}
		want := (sum + 1) / 2
		if printed {
			want = (sum + 19) / 20 * 10
		}
		t.Logf("printed %v: the leased %s runs £%d, earns £%d", printed, leased.Name, sum, rev)
		if rev != want {
			t.Errorf("printed %v: the leased %s earns £%d on a £%d run, want £%d", printed, leased.Name, rev, sum, want)
		}
	}
}

// TestOriginalGameInsolvency: "Playing the Original Game" amends only the
// board and the skipping of small stations; 18xx.games's original_game
// also plays original insolvency. With printed_rules a leased train of the
// original game earns the newer rules' 40 plus 20 a stop; without, half
// its revenue.
func TestOriginalGameInsolvency(t *testing.T) {
	for _, printed := range []bool{false, true} {
		opts := []string{"original_game"}
		if printed {
			opts = append(opts, "printed_rules")
		}
		g, c := leasedRunWhere(t, func(*Game, *engine.Corporation) bool { return true }, opts...)
		if g.optOriginalInsolvency == printed || !g.optNoSkipTowns || !g.optTwoPlayerMap {
			t.Errorf("%v: original insolvency %v, no skipping %v, smaller map %v", opts, g.optOriginalInsolvency, g.optNoSkipTowns, g.optTwoPlayerMap)
		}
		leased := g.Depot.MinUpcoming()
		rev, routes := solvedRevenue(t, g, c, printed)
		b, err := g.mapBoardOf()
		if err != nil {
			t.Fatal(err)
		}
		ctx, err := g.routeContext(b, c, leased)
		if err != nil {
			t.Fatal(err)
		}
		ctx.loaner = false
		res, err := g.evaluateRoute(b, c, leased, &routes[0])
		if err != nil {
			t.Fatal(err)
		}
		own, err := ctx.evalRoute(res.visits, routes[0].Halts)
		if err != nil {
			t.Fatal(err)
		}
		want := (own.revenue + 1) / 2
		if printed {
			want = 40 + 20*res.stops
		}
		t.Logf("%v: %s leases a %s, earns £%d", opts, c.Sym, leased.Name, rev)
		if rev != want {
			t.Errorf("%v: %s's leased %s earns £%d, want £%d", opts, c.Sym, leased.Name, rev, want)
		}
	}
	if _, err := New([]int{1, 2}, []string{"A", "B"}, []string{"original_game", "simplified_insolvency"}, NewBoard); err == nil {
		t.Errorf("simplified_insolvency with original_game (which brings original insolvency) accepted")
	}
	if _, err := New([]int{1, 2}, []string{"A", "B"}, []string{"original_game", "simplified_insolvency", "printed_rules"}, NewBoard); err != nil {
		t.Errorf("simplified_insolvency with the printed original game refused: %v", err)
	}
}

// lesserRun returns a legal run of c earning less than its best now, made
// from the best run by leaving out a route or the last leg of one, or nil.
func lesserRun(g *Game, c *engine.Corporation) (best int, lesser []engine.Route) {
	saved := g.optPrinted
	defer func() { g.optPrinted = saved }()
	g.optPrinted = false // any legal run
	sol, err := g.Solve(c.Sym)
	if err != nil || len(sol.RevenueRoutes) == 0 {
		return 0, nil
	}
	best = sol.Revenue
	bare := func(rs []engine.Route) []engine.Route {
		out := make([]engine.Route, len(rs))
		for i, r := range rs {
			out[i] = engine.Route{Train: r.Train, Connections: r.Connections, Nodes: r.Nodes, Halts: r.Halts}
		}
		return out
	}
	var candidates [][]engine.Route
	rs := bare(sol.RevenueRoutes)
	for i := range rs {
		if len(rs) > 1 {
			candidates = append(candidates, append(slices.Clone(rs[:i]), rs[i+1:]...))
		}
		if n := len(rs[i].Connections); n > 1 && len(rs[i].Nodes) == n+1 {
			cut := slices.Clone(rs)
			cut[i].Connections, cut[i].Nodes = rs[i].Connections[:n-1], rs[i].Nodes[:n]
			candidates = append(candidates, cut)
		}
	}
	for _, run := range candidates {
		if rev, _, err := g.CheckRun(c.Sym, run); err == nil && rev < best {
			return best, run
		}
	}
	return best, nil
}

// TestInsolventRunsMaximum: a company in receivership "runs its trains for
// the maximum revenue it can" (Companies In Receivership), and an insolvent
// one likewise. Under printed_rules a lesser run is refused, with the
// maximum named, by the run step and by CheckRun, and the solver offers
// the maximum under both objectives; by default (18xx.games) any legal run
// is accepted.
func TestInsolventRunsMaximum(t *testing.T) {
	for _, kind := range []string{"insolvent", "receivership"} {
		t.Run(kind, func(t *testing.T) { testRunsMaximum(t, kind == "receivership", false) })
	}
}

// TestNationalisationRunsMaximum: under nationalisation "each company
// director calculates the maximum revenue each company under his/her
// control can earn" (Nationalisation): with printed_rules a company not in
// receivership runs for its maximum, as above.
func TestNationalisationRunsMaximum(t *testing.T) {
	testRunsMaximum(t, false, true)
}

func testRunsMaximum(t *testing.T, receivership, national bool) {
	var g *Game
	var c *engine.Corporation
	var best int
	var lesser []engine.Route
	for seed := uint64(1); seed <= 40 && lesser == nil; seed++ {
		var err error
		g, err = New([]int{1, 2, 3}, []string{"A", "B", "C"}, []string{"printed_rules"}, NewBoard)
		if err != nil {
			t.Fatal(err)
		}
		playUntil(t, g, seed, func(g *Game) bool {
			if g.op == nil {
				return false
			}
			c = g.op.Current()
			if c == nil || !g.mustRunMax(c) || c.Receivership != receivership || g.Nationalization != national || !offers(g, c.Sym, "run_routes") {
				return false
			}
			best, lesser = lesserRun(g, c)
			return lesser != nil
		})
	}
	if lesser == nil {
		t.Skipf("no company (receivership %v, nationalisation %v) bound to its maximum run with a lesser run in 40 random games", receivership, national)
	}
	sym := c.Sym
	t.Logf("%s (receivership %v, insolvent %v, nationalisation %v): best £%d, a lesser run of %d routes", sym, c.Receivership, c.Insolvent, g.Nationalization, best, len(lesser))
	run := func() error {
		a := engine.Action{Type: "run_routes", Entity: sym, EntityType: "corporation", Routes: slices.Clone(lesser)}
		return g.Apply(&a)
	}

	// default: accepted
	g.optPrinted = false
	if err := run(); err != nil {
		t.Fatalf("default: the lesser run refused: %v", err)
	}
	if err := g.Undo(); err != nil { // rebuilt with printed_rules
		t.Fatal(err)
	}

	// printed_rules: refused, naming the maximum; nothing changes
	before := g.State()
	err := run()
	if err == nil || !strings.Contains(err.Error(), "maximum revenue") || !strings.Contains(err.Error(), fmt.Sprintf("£%d", best)) {
		t.Fatalf("printed_rules: the lesser run: err %v, want a refusal naming £%d", err, best)
	}
	if !reflect.DeepEqual(before, g.State()) {
		t.Errorf("the refused run changed the game")
	}
	if _, _, err := g.CheckRun(sym, lesser); err == nil {
		t.Errorf("CheckRun accepts the lesser run")
	}
	sol, err := g.Solve(sym)
	if err != nil {
		t.Fatal(err)
	}
	if sol.TotalRevenue != best || sol.Revenue != best {
		t.Errorf("the solver offers £%d (revenue) and £%d (total objective), want £%d for both", sol.Revenue, sol.TotalRevenue, best)
	}
	for _, routes := range [][]engine.Route{sol.RevenueRoutes, sol.TotalRoutes} {
		a := engine.Action{Type: "run_routes", Entity: sym, EntityType: "corporation", Routes: routes}
		if err := g.Apply(&a); err != nil {
			t.Fatalf("the solver's run refused: %v", err)
		}
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
}

// offers reports whether Legal offers entity a move of type typ.
func offers(g *Game, entity, typ string) bool {
	for _, ch := range g.Legal(entity) {
		if ch.Action.Type == typ {
			return true
		}
	}
	return false
}
