package replay

import (
	"fmt"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/route"
	"tresham/titles/t1825"
	"tresham/titles/t1860"
)

// RoutePosition is a game just before an effective run_routes action.
type RoutePosition struct {
	// Game is the game when it is 1860 (nil otherwise).
	Game *t1860.Game
	// G1825 is the game when it is 1825 (nil otherwise).
	G1825  *t1825.Game
	Action *engine.Action
}

// Solved is a title-independent summary of an exact route solve.
type Solved struct {
	// Trains are the trains that may run.
	Trains []string
	// Revenue and Subsidy are the max-revenue run (ties: most subsidy);
	// TotalRevenue and TotalSubsidy the run with most revenue plus subsidy.
	Revenue, Subsidy           int
	RevenueRoutes              []engine.Route
	TotalRevenue, TotalSubsidy int
	TotalRoutes                []engine.Route
	Stats                      route.Stats
}

// CheckRun validates a run at the position as the run_routes step would
// and returns its revenue and subsidy.
func (p RoutePosition) CheckRun(sym string, routes []engine.Route) (revenue, subsidy int, err error) {
	if p.Game != nil {
		return p.Game.CheckRun(sym, routes)
	}
	return p.G1825.CheckRun(sym, routes)
}

// Solve finds the optimal runs of corporation sym at the position.
func (p RoutePosition) Solve(sym string) (*Solved, error) {
	if p.Game != nil {
		sol, err := p.Game.SolveRoutes(sym)
		if err != nil {
			return nil, err
		}
		return &Solved{Trains: sol.Trains, Revenue: sol.Revenue.Revenue, Subsidy: sol.Revenue.Subsidy, RevenueRoutes: sol.Revenue.Routes,
			TotalRevenue: sol.Total.Revenue, TotalSubsidy: sol.Total.Subsidy, TotalRoutes: sol.Total.Routes, Stats: sol.Stats}, nil
	}
	sol, err := p.G1825.SolveRoutes(sym)
	if err != nil {
		return nil, err
	}
	return &Solved{Trains: sol.Trains, Revenue: sol.Revenue, RevenueRoutes: sol.Routes,
		TotalRevenue: sol.Revenue, TotalRoutes: sol.Routes, Stats: sol.Stats}, nil
}

// EachRoutePosition replays src and calls fn at every effective run_routes
// action, before applying it. fn must not change the game.
func EachRoutePosition(src *g18xx.Game, fn func(pos RoutePosition) error) error {
	g, err := New(src)
	if err != nil {
		return err
	}
	return EachRoutePositionOf(g, src, func(_ *engine.Action, pos *RoutePosition, apply func() error) error {
		if pos != nil {
			if err := fn(*pos); err != nil {
				return err
			}
		}
		return apply()
	})
}

// EachRoutePositionOf replays src's effective actions (chat left out) on
// g, a fresh game of its title, calling fn for each with apply, which
// applies it; pos is the route position when the action is a run_routes.
// fn must call apply (or return an error) and must not change the game.
func EachRoutePositionOf(g Game, src *g18xx.Game, fn func(a *engine.Action, pos *RoutePosition, apply func() error) error) error {
	var pos RoutePosition
	switch tg := g.(type) {
	case *t1860.Game:
		pos.Game = tg
	case *t1825.Game:
		pos.G1825 = tg
	default:
		return fmt.Errorf("title %q has no route solver", src.Title)
	}
	for _, a := range g18xx.Effective(src.Actions) {
		if a.Type == g18xx.TypeMessage {
			continue
		}
		ea := Convert(&a)
		var at *RoutePosition
		if ea.Type == "run_routes" {
			p := pos
			p.Action = &ea
			at = &p
		}
		apply := func() error {
			if err := g.Apply(&ea); err != nil {
				return fmt.Errorf("action %d (%s): %w", ea.ID, ea.Type, err)
			}
			return nil
		}
		if err := fn(&ea, at, apply); err != nil {
			return err
		}
	}
	return nil
}
