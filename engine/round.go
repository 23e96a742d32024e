package engine

// Unstart takes back the start of corporation c: off the market, without
// a par price, neither started nor floated, without a director and out of
// receivership. Both titles do it to a bankrupt company: 1860 to start it
// again (rules 8.3), 1825 to remove it from the game (rule 6.3.3).
func (g *Game) Unstart(c *Corporation) {
	g.ClearCell(c)
	c.Par = nil
	c.IPOed, c.Floated, c.Receivership = false, false, false
	c.President = 0
}
