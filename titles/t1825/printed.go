package t1825

import "tresham/engine"

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
