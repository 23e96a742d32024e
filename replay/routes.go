package replay

import (
	"fmt"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/titles/t1860"
)

// RoutePosition is a game just before an effective run_routes action.
type RoutePosition struct {
	Game   *t1860.Game
	Action *engine.Action
}

// EachRoutePosition replays src and calls fn at every effective run_routes
// action, before applying it. fn must not change the game.
func EachRoutePosition(src *g18xx.Game, fn func(pos RoutePosition) error) error {
	g, err := New(src)
	if err != nil {
		return err
	}
	tg, ok := g.(*t1860.Game)
	if !ok {
		return fmt.Errorf("title %q has no route solver", src.Title)
	}
	for _, a := range g18xx.Effective(src.Actions) {
		if a.Type == g18xx.TypeMessage {
			continue
		}
		ea := Convert(&a)
		if ea.Type == "run_routes" {
			if err := fn(RoutePosition{Game: tg, Action: &ea}); err != nil {
				return err
			}
		}
		if err := g.Apply(&ea); err != nil {
			return err
		}
	}
	return nil
}
