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

// Worth is player p's value as both titles count it at the end: cash,
// each certificate s of a priced corporation c that p holds at cert(c, s)
// (the title's rule: 1860 halves a trainless company's, 1825 counts a
// closed one's as nothing), and the privates at face value.
func (g *Game) Worth(p *Player, cert func(c *Corporation, s *Share) int) int {
	v := p.Cash
	for _, c := range g.Corps {
		if c.Cell == nil {
			continue
		}
		for _, s := range c.Shares {
			if s.Holder == Holder(p.ID) {
				v += cert(c, s)
			}
		}
	}
	for _, sym := range p.Companies {
		v += g.Company(sym).Value
	}
	return v
}

// TriggerEnd records that the game is to end for reason at timing
// ("current_or": after the operating round in progress), unless an end
// was triggered already: the first triggered names the end (both titles,
// as 18xx.games: a later end at the same timing does not replace it).
func (g *Game) TriggerEnd(reason, timing string) {
	if g.EndTrigger == nil {
		g.EndTrigger = []string{reason, timing}
	}
}
