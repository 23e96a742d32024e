package t1860

import (
	"tresham/engine"
	"tresham/titles/title"
)

// Effect says what a listed sale or dividend does (title.Effecter): the
// cash the seller receives and the price drop (rules 6.6), the cash the
// dividend leaves in the treasury and the price move (rules 7.5, 7.6).
// The rounds make the same moves (stockRound.sell; the dividend from the
// same Game.payout); the titles' effect test checks both agree on every
// sale and dividend of the fixtures.
func (g *Game) Effect(entity string, a engine.Action) *title.Effect {
	switch a.Type {
	case "sell_shares":
		c := title.SoldCorporation(g.Game, a)
		if c == nil {
			return nil
		}
		n := a.Percent / 10
		eff := &title.Effect{Cash: g.sellPricePerShare(c) * n}
		switch {
		case !c.Operated:
			eff.Price = title.Stays(c, c.Sym+" has not operated yet")
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
	case "dividend":
		c := g.Corp(entity)
		if c == nil || c.Cell == nil || g.op == nil {
			return nil
		}
		return title.DividendEffect(g.Market, c, g.payout(g.op, c, a.Kind), "space")
	}
	return nil
}

var _ title.Effecter = (*Game)(nil)
