package step

import (
	"fmt"
	"slices"

	"tresham/engine"
)

// RunTrains resolves the trains the routes of c's run name, in route
// order: c's own, or leased, the one train c runs without owning it (nil:
// none); each train runs once (1860 rules 7.4, 1825 rule 4.5).
func RunTrains(c *engine.Corporation, routes []engine.Route, leased *engine.Train) ([]*engine.Train, error) {
	out := make([]*engine.Train, len(routes))
	for i := range routes {
		id := routes[i].Train
		t := OwnTrain(c, id)
		if t == nil && leased != nil && leased.ID == id {
			t = leased
		}
		if t == nil {
			return nil, fmt.Errorf("route %d: %s does not own train %q", i+1, c.Sym, id)
		}
		if slices.Contains(out[:i], t) {
			return nil, fmt.Errorf("route %d: train %s runs twice", i+1, t.ID)
		}
		out[i] = t
	}
	return out, nil
}
