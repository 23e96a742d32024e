package t1860

import "tresham/engine"

// HasRoute exposes hasRoute (the 18xx.games route test) to the external
// tests.
func (g *Game) HasRoute(c *engine.Corporation) bool { return g.hasRoute(c) }
