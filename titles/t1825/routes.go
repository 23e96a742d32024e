package t1825

import (
	"fmt"

	"tresham/board"
	"tresham/engine"
)

// layRules are the tile rules for a lay by c.
func (g *Game) layRules(c *engine.Corporation) *board.Rules { return g.rules }

// evaluateRoute computes a route's revenue from its connections.
func (g *Game) evaluateRoute(c *engine.Corporation, routes []engine.Route, i int) (int, error) {
	return 0, fmt.Errorf("route evaluation without a stored revenue is not supported yet")
}
