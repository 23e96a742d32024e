package t1825

import "tresham/engine/step"

// ProgramTurns is the stock round's turn state during a stock round, nil
// otherwise: when programmed moves may act (package program).
func (g *Game) ProgramTurns() *step.StockTurns {
	if g.stock == nil || g.Finished {
		return nil
	}
	return &g.stock.StockTurns
}

// SaleTimingOpen reports whether the rules' timing lets a player sell
// shares now: not in the first stock round (rule 5.3.1), which a buy
// program reads to judge a start of a corporation by another player.
func (g *Game) SaleTimingOpen() bool { return g.Turn > 1 }
