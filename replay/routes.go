package replay

import (
	"fmt"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/titles/title"
)

// RoutePosition is a game just before an effective run_routes action.
type RoutePosition struct {
	// Game is the game (do not change it).
	Game   title.Full
	Action *engine.Action
}

// Solved is a title-independent summary of an exact route solve.
type Solved = title.Solved

// CheckRun validates a run at the position as the run_routes step would
// and returns its revenue and subsidy.
func (p RoutePosition) CheckRun(sym string, routes []engine.Route) (revenue, subsidy int, err error) {
	return p.Game.CheckRun(sym, routes)
}

// Solve finds the optimal runs of corporation sym at the position.
func (p RoutePosition) Solve(sym string) (*Solved, error) {
	return p.Game.Solve(sym)
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
	full, ok := g.(title.Full)
	if !ok {
		return fmt.Errorf("title %q has no route solver", src.Title)
	}
	pos := RoutePosition{Game: full}
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
