package t1860

import (
	"tresham/engine"
	"tresham/engine/step"
	"tresham/titles/title"
)

// Effect says what a listed sale or dividend does (title.Effecter): the
// cash the seller receives and the price drop (rules 6.6), the cash the
// dividend leaves in the treasury and the price move (rules 7.5, 7.6).
// The rounds make the same moves (stockRound.sell; the dividend from the
// same Game.payout); the titles' effect test checks both agree on every
// sale and dividend of the fixtures.
func (g *Game) Effect(entity string, a engine.Action) *title.Effect {
	return title.SaleOrDividend(g.Game, entity, a, g.saleEffect, func(c *engine.Corporation) (step.Payout, bool) {
		if c.Cell == nil || g.op == nil {
			return step.Payout{}, false
		}
		return g.payout(g.op, c, a.Kind), true
	}, "space")
}

// saleEffect is what the sale of percent of c's shares pays and does to
// its price.
func (g *Game) saleEffect(c *engine.Corporation, percent int) *title.Effect {
	n := percent / 10
	eff := &title.Effect{Cash: g.sellPricePerShare(c) * n}
	switch {
	case !c.Operated:
		eff.Price = title.Stays(c, "%s has not operated yet", c.Sym)
	case g.NoPriceDropOnSale:
		eff.Price = title.Stays(c, "no drops after the 8+4")
	default:
		moves := n
		if c.Cell != nil && c.Cell.Type == engine.CellIgnoreOneSale {
			moves-- // the first share sold in a red-letter cell
		}
		if moves <= 0 {
			eff.Price = title.Stays(c, "the first share sold in a red-letter cell does not move it")
		} else {
			eff.Price = title.Move(g.Market, c, "down", moves, "place")
		}
	}
	return eff
}

var _ title.Effecter = (*Game)(nil)
