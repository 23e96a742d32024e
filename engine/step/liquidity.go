package step

import "tresham/engine"

// Liquidity is what player p could raise by selling shares now, on top of
// cash (the "liquidity" of 18xx players' spreadsheets): for each
// corporation the largest sale form of p's holding (engine.SaleForms,
// unit percent a share) that the title's rule allowed would let go, worth
// value(c, percent) (the title's sale price; a price moved down by the
// sale itself is not counted, as 18xx.games does not). Turn-bound rules
// (what was bought or sold this turn) are the title's to leave out of
// allowed.
func Liquidity(g *engine.Game, p *engine.Player, unit func(*engine.Corporation) int,
	allowed func(c *engine.Corporation, bundle []*engine.Share, percent int) bool,
	value func(c *engine.Corporation, percent int) int) int {
	total := p.Cash
	for _, c := range g.Corps {
		if c.Closed || c.Cell == nil {
			continue
		}
		held := c.SharesOf(engine.Holder(p.ID))
		if len(held) == 0 {
			continue
		}
		best := 0
		for _, f := range engine.SaleForms(held, unit(c)) {
			if f.Percent > best && allowed(c, f.Shares, f.Percent) {
				best = f.Percent
			}
		}
		if best > 0 {
			total += value(c, best)
		}
	}
	return total
}
