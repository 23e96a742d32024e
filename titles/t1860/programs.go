package t1860

import "tresham/engine/step"

// ProgramTurns is the stock round's turn state while a player's stock
// turn is what the game waits for (no home tile pending), nil otherwise:
// when programmed moves may act (package program).
func (g *Game) ProgramTurns() *step.StockTurns {
	if g.stock == nil || len(g.pendingHome) > 0 || g.Finished {
		return nil
	}
	return &g.stock.StockTurns
}

// SaleTimingOpen reports whether the rules' timing lets a player sell
// shares of a corporation now: always in 1860 (18xx.games' sale timing
// "any time"; rules 6.2 limit sales otherwise), which a buy program reads
// to judge a start of a corporation by another player.
func (g *Game) SaleTimingOpen() bool { return true }
