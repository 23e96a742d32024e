package t1825

import (
	"slices"

	"tresham/engine"
)

// Acting lists the entities that may act now: a player id (decimal text) in
// a share dealing round, a company symbol in an operating round.
func (g *Game) Acting() []string {
	if g.Finished {
		return nil
	}
	return engine.ActingIDs(g.activeEntities())
}

// Legal lists what entity may do now; each listed action passes the same
// rule checks Apply makes (run_routes still needs its routes: Open
// "routes"). Certificates that are alike are listed once.
func (g *Game) Legal(entity string) []engine.Choice {
	if !slices.Contains(g.Acting(), entity) {
		return nil
	}
	switch {
	case g.stock != nil:
		return stockStep.Choices(g, entity) // the active player's moves
	case g.op != nil:
		return g.op.legal(g, entity)
	}
	return nil
}

// legal lists the operating round's moves: what its open steps list (each
// exactly what the step accepts), less the track and bases a company in
// receivership would pay for on credit the run it can make now does not
// repay (canAfford): 18xx.games does not offer those but accepts them
// (TestPrintedRulesReceiverCredit).
func (r *opRound) legal(g *Game, entity string) []engine.Choice {
	out := opSteps.Choices(g, entity)
	c := r.Current()
	if c == nil || !c.Receivership || g.Opts.PrintedRules {
		return out
	}
	affordable := map[int]bool{}
	return slices.DeleteFunc(out, func(ch engine.Choice) bool {
		cost := -1
		switch a := ch.Action; a.Type {
		case "lay_tile":
			if v, ok := g.Board.Hex(a.Hex); ok {
				cost = v.Tile.Cost()
			}
		case "place_token":
			if a.Entity == c.Sym && len(r.pendingHome) == 0 {
				cost = c.Tokens[c.NextToken()].Price
			}
		}
		if cost < 0 {
			return false
		}
		ok, seen := affordable[cost]
		if !seen {
			ok = g.canAfford(c, cost, nil)
			affordable[cost] = ok
		}
		return !ok
	})
}
