package t1860

import (
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
			c := g.op.current()
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
			return g, g.op.current()
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
	sol, err := g.SolveRoutes(c.Sym)
	if err != nil {
		t.Fatal(err)
	}
	if len(sol.Trains) != 1 {
		t.Fatalf("%s runs %v, want its one leased train", c.Sym, sol.Trains)
	}
	return sol.Revenue.Revenue, sol.Revenue.Routes
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
	if want := 40 + 20*len(ev.stops); def != want {
		t.Errorf("default: %s's leased %s earns £%d, want 40 + 20 × %d stops = £%d", c.Sym, leased.Name, def, len(ev.stops), want)
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
			want = 40 + 20*len(res.stops)
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
