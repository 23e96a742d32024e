package t1825

import (
	"fmt"
	"math"
	"slices"

	"tresham/board"
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
func (g *Game) receiverRunRefusal(a *engine.Action, c *engine.Corporation, total int) error {
	if !g.Opts.PrintedRules || !c.Receivership {
		return nil
	}
	best, err := g.BestRevenue(c.Sym)
	if err != nil {
		return fmt.Errorf("%s: finding the maximum run (rule 6.4.1): %w", c.Sym, err)
	}
	return step.MaxRun(a, c.Sym, total, best, "rule 6.4.1, a company in receivership: the earnings must be the maximum possible")
}

// receiverCredit is how much more than its cash a company in receivership
// may spend on track, bases and a lease in a turn. 18xx.games lets it
// spend £200 more than it has. Rule 6.4.6 sets no sum: "A Company in
// Receivership need not make payment for construction costs, Station
// markers, leasing fees etc. until the end of each turn"; under
// printed_rules the debt is bounded only by what the turn's earnings pay
// at its end (creditRefusal).
func (g *Game) receiverCredit() int {
	if g.Opts.PrintedRules {
		return math.MaxInt / 4
	}
	return 200
}

// canAfford reports whether the company may list a cost as a move: within
// its buying power and, for a company in receivership spending on credit,
// only while a run repays what it would owe. 18xx.games' rule: the run it
// can already make (a debt the run cannot repay is refused at the run,
// leaving the player to undo, so such a move is not offered). Under
// printed_rules (rule 6.4.6): the run it could make with the move made,
// which after applies to a board (nil: some move of this cost, decided
// move by move with creditRefusal).
func (g *Game) canAfford(c *engine.Corporation, cost int, after func(*board.Board) error) bool {
	if cost > g.buyingPower(c) {
		return false
	}
	if !c.Receivership || cost <= c.Cash {
		return true
	}
	if g.Opts.PrintedRules {
		return after == nil || g.creditRefusal(c, cost, after) == ""
	}
	rev, err := g.BestRevenue(c.Sym)
	return err == nil && rev >= g.op.loan+cost-c.Cash
}

// creditRefusal decides, under printed_rules, a cost that company c in
// receivership pays on credit (rule 6.4.6: the payment is made at the end
// of the turn, from what the company then has: its earnings, which rule
// 6.4.1 makes the maximum possible; rule 6.5.2 allows no other credit).
// after applies the move to a board; the debt the move leaves must be
// covered by the best run with it made (more track, bases or trains never
// lower it, so a debt once covered stays covered). It returns the refusal,
// or "" when the move is paid in cash, covered, or not under printed_rules.
func (g *Game) creditRefusal(c *engine.Corporation, cost int, after func(*board.Board) error) string {
	owed := g.op.loan + cost - c.Cash
	if !g.Opts.PrintedRules || !c.Receivership || cost <= c.Cash || owed <= 0 {
		return ""
	}
	b := g.Board.Clone()
	if err := after(b); err != nil {
		return err.Error()
	}
	rev, err := g.RevenueOn(b, c.Sym)
	if err != nil {
		return err.Error()
	}
	if rev < owed {
		return fmt.Sprintf("%s in receivership would owe £%d at the end of its turn, more than its best run earns, £%d (rule 6.4.6)", c.Sym, owed, rev)
	}
	return ""
}

// layOn applies the lay a (with opt) to a board, for creditRefusal.
func layOn(a engine.Action, opt board.LayOptions) func(*board.Board) error {
	return func(b *board.Board) error {
		_, err := b.LayTile(a.Hex, a.Tile, a.Rotation, opt)
		return err
	}
}

// tokenAt places corp's base on ref on a board, for creditRefusal.
func tokenAt(ref board.NodeRef, corp string) func(*board.Board) error {
	return func(b *board.Board) error {
		_, err := b.PlaceToken(ref, corp, board.TokenOptions{CheckConnected: true})
		return err
	}
}
