package t1825

import (
	"slices"

	"tresham/engine"
	"tresham/engine/step"
)

// This file holds the rules that printed_rules changes (docs/rules.md
// lists them): each function decides one rule both ways, keyed by
// Opts.PrintedRules, and cites the rulebook section it follows.

// boughtThisTurn reports whether a share of c bought this turn forbids
// selling c now. Rule 5.2.7: "A player may not both buy and sell ... any
// Share in the same Company, in the same turn". 18xx.games checks only the
// move just made, so a sale of another company in between frees the sale.
func (g *Game) boughtThisTurn(r *stockRound, c *engine.Corporation) bool {
	moves := r.Current
	if !g.Opts.PrintedRules && len(moves) > 0 {
		moves = moves[len(moves)-1:]
	}
	for _, m := range moves {
		if (m.Type == "par" || m.Type == "buy_shares") && m.Corp == c.Sym {
			return true
		}
	}
	return false
}

// reservedFor names the company that rule 4.2.8 reserves a new tile on hex
// for, when that is not c, or "". "The placing of Tiles on some hexags is
// reserved for a particular Company. These are named on the Board in
// white" (the hexes are 18xx.games' blocks_hexes, g.blocks, which lists
// only companies in play, as the rule's "(Midland)" exception asks); a
// promotion is not subject to it (rule 4.3.5). 18xx.games shows the names
// but does not enforce them (its G1825 hex_blocked_by_ability? compares a
// hex id with hexes, never equal), and imported games lay there.
func (g *Game) reservedFor(c *engine.Corporation, hex string) string {
	if !g.Opts.PrintedRules || IsUpgrade(g.Board, hex) {
		return ""
	}
	for _, o := range g.Corps {
		if o != c && slices.Contains(g.blocks[o.Sym], hex) {
			return o.Sym
		}
	}
	return ""
}

// returnBankruptTrains gives a bankrupt company's trains back to the bank
// under printed_rules. Rule 6.3.4: "Trains belonging to a bankrupt Company
// are returned to the Bank. They are then available for sale as an
// alternative to the usual Train on offer, NO payment is made for returned
// Trains but they may then be re-sold by the Bank (at full price !)": the
// bank pool, whose trains are sold at their price. 18xx.games removes them
// from the game (they stay on the closed company's card).
func (g *Game) returnBankruptTrains(c *engine.Corporation) {
	if !g.Opts.PrintedRules {
		return
	}
	for len(c.Trains) > 0 {
		t := c.Trains[0]
		step.Discard(g.Game, c, t)
		g.Logf("%s's %s train returns to the bank (rule 6.3.4)", c.Sym, t.Name)
	}
}

// receiverRunRefusal decides a run of total by c under rule 6.4.1: "The
// Receiver operates the Company in the normal way except that no
// Dividends are paid ... The earnings must be the maximum possible." Under
// printed_rules a company in receivership must earn the exact solver's
// optimum (the run bots, auto-route and a Legal run filled by BestRoutes
// make); 18xx.games accepts any legal run.
func (g *Game) receiverRunRefusal(c *engine.Corporation, total int) error {
	if !g.Opts.PrintedRules || !c.Receivership {
		return nil
	}
	return step.MaximumRun(total, func() (int, error) { return g.BestRevenue(c.Sym) }, "rule 6.4.1, a company in receivership")
}
