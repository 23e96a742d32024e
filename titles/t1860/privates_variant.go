package t1860

import (
	"tresham/board"
	"tresham/engine"
)

// First edition "Variant: Variable revenue for private companies" (option
// variable_private_revenue): "Private companies have the same starting values
// as the normal game, but their revenues change dependent on certain events:
//   - The Brading private company doubles its revenue (from £5 to £10) once
//     the BHI&R railway has floated.
//   - The Yarmouth company increases its revenue by £5 once the FYN railway
//     has run a train from Yarmouth to Newport.
//   - The Ryde and Cowes companies halve their revenues (to £15 and £10
//     respectively) when the Fishbourne ferry private company is bought.
// If this variant is played, private companies may NOT be sold back to the
// bank or exchanged for shares, but may be closed. To do this, the player
// owning the private company turns it over and it no longer pays revenue or
// counts against the certificate limit. It is then worth face value at the end
// of game. Purchasing the Fishbourne Ferry company does not close any other
// companies."
//
// Decisions: a private is turned over with a "manual_close_company" action
// (the 18xx.games action for closing a private) by its owner during his or
// her stock-round turn, not counting as the turn's action (like an exchange,
// rules "Exchanging Private Companies"). The certificate reserved for a
// private's exchange stays reserved until that private closes ("may not be
// bought from the IPO unless the corresponding private shipping company has
// been closed"), so turning it over releases it.

// setPrivateRevenue sets a private's revenue from its printed one.
func (g *Game) setPrivateRevenue(sym string, revenue func(printed int) int, why string) {
	co := g.Company(sym)
	if co == nil || co.Closed {
		return
	}
	for _, d := range companyDefs {
		if d.sym == sym && co.Revenue != revenue(d.revenue) {
			co.Revenue = revenue(d.revenue)
			g.Logf("%s now earns £%d (%s)", co.Name, co.Revenue, why)
		}
	}
}

// privatesOnFloat: the Brading company doubles its revenue once the BHI&R floats.
func (g *Game) privatesOnFloat(c *engine.Corporation) {
	if g.optVariablePrivates && c.Sym == "BHI&R" {
		g.setPrivateRevenue("BHC", func(r int) int { return 2 * r }, "BHI&R has floated")
	}
}

// raiseYarmouth: the Yarmouth company earns £5 more once the FYN has run a
// train from Yarmouth to Newport (one train's route visiting both).
func (g *Game) raiseYarmouth(c *engine.Corporation, b *board.Board, runs [][]board.NodeRef) {
	if c.Sym != "FYN" {
		return
	}
	for _, run := range runs {
		if connected([][]board.NodeRef{run},
			func(n board.NodeRef) bool { return isPlace(b, n, "Yarmouth") },
			func(n board.NodeRef) bool { return isPlace(b, n, "Newport") }) {
			g.setPrivateRevenue("YHC", func(r int) int { return r + 5 }, "FYN has run from Yarmouth to Newport")
			return
		}
	}
}

// fishbourneBoughtVariable: buying the Fishbourne Ferry halves the Ryde and
// Cowes companies' revenues and closes nothing.
func (g *Game) fishbourneBoughtVariable() {
	half := func(r int) int { return r / 2 }
	g.setPrivateRevenue("RPSC", half, "the Fishbourne Ferry Company was bought")
	g.setPrivateRevenue("CMH", half, "the Fishbourne Ferry Company was bought")
}

// turnOver closes a private at its owner's wish (manual_close_company).
func (r *stockRound) turnOver(g *Game, a *engine.Action) error {
	co := g.Company(a.Entity)
	if !g.optVariablePrivates {
		return engine.Refuse(a, "private companies may only be closed with variable_private_revenue")
	}
	if co == nil || co.Closed {
		return engine.Refuse(a, "company %q cannot be closed", a.Entity)
	}
	p := g.companyOwnerPlayer(co)
	if p == nil {
		return engine.Refuse(a, "%s is not owned by a player", co.Sym)
	}
	if p.ID != r.Active() {
		return engine.Refuse(a, "%s may close %s only on his or her turn", p.Name, co.Name)
	}
	g.closeCompany(co)
	g.turnedOver[co.Sym] = p.ID
	if c := g.Corp(exchangeTarget(co.Sym)); c != nil {
		for _, s := range c.Shares {
			s.Buyable = true
		}
	}
	g.Logf("%s turns over %s", p.Name, co.Name)
	return nil
}

// companyChoices lists what a private may do now (Legal): be exchanged for a
// share, or with this variant be turned over, during its owner's turn.
func (g *Game) companyChoices(co *engine.Company) []engine.Choice {
	if !g.optVariablePrivates {
		return g.exchangeChoices(co)
	}
	if co == nil || co.Closed || g.stock == nil || len(g.pendingHome) > 0 {
		return nil
	}
	if p := g.companyOwnerPlayer(co); p == nil || p.ID != g.stock.Active() {
		return nil
	}
	return []engine.Choice{{Action: engine.Action{Type: "manual_close_company", Entity: co.Sym, EntityType: "company"}}}
}

// turnedOverValue is the face value of the privates p has turned over.
func (g *Game) turnedOverValue(p *engine.Player) int {
	v := 0
	for sym, id := range g.turnedOver {
		if id == p.ID {
			v += g.Company(sym).Value
		}
	}
	return v
}
