package step

import "tresham/engine"

// OpenStock opens a stock round of g, as both titles do: the round's kind
// and number (a stock round is one round of its turn) and its players
// (NewStockTurns); the title then starts the first turn.
func OpenStock(g *engine.Game) StockTurns {
	g.RoundKind, g.RoundNum = "Stock", 1
	g.ProgramsAtRoundStart(true)
	return NewStockTurns(g)
}

// OpenOperating opens operating round num of g for the corporations of
// order, as both titles do: the round's kind and number, then
// StartOperating (the privates pay, no train has run).
func OpenOperating(g *engine.Game, num int, order []*engine.Corporation) Turns {
	g.RoundKind, g.RoundNum = "Operating", num
	g.ProgramsAtRoundStart(false)
	return StartOperating(g, order)
}

// BeginTurn begins corporation c's turn in an operating round, as both
// titles do: none of its trains has run this turn, and the log says who
// operates it (the operator's name: its director, or whoever acts for a
// company without one; "" when nobody does, and the line then says the
// company runs itself, in receivership or without a director).
func BeginTurn(g *engine.Game, c *engine.Corporation, operator string) {
	for _, t := range c.Trains {
		t.Operated = false
	}
	switch {
	case operator != "":
		g.LogStrs("%s operates %s", operator, c.Sym)
	case c.Receivership:
		g.LogStrs("%s operates in receivership (no director)", c.Sym)
	default:
		g.LogStrs("%s operates with no director", c.Sym)
	}
}
