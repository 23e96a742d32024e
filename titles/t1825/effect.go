package t1825

import (
	"tresham/engine"
	"tresham/engine/step"
	"tresham/titles/title"
)

// Effect says what a listed sale or dividend does (title.Effecter): the
// cash the seller receives (selling does not move the price, rule 6.3);
// the cash the dividend leaves in the treasury and the price move (rules
// 4.5, 6.3: left when nothing is paid, none for at most half the share
// value, right once more, two, three or four places at twice, three and
// four times it). The rounds make the same moves (stockRound.sell; the
// dividend from the same Game.payout); the titles' effect test checks both
// agree on every sale and dividend of the fixtures.
func (g *Game) Effect(entity string, a engine.Action) *title.Effect {
	return title.SaleOrDividend(g.Game, entity, a, func(c *engine.Corporation, percent int) *title.Effect {
		return &title.Effect{Cash: c.Price() * percent / 10, Price: title.Stays(c, "selling does not move it in 1825")}
	}, func(c *engine.Corporation) (step.Payout, bool) {
		if g.op == nil {
			return step.Payout{}, false
		}
		return g.payout(c, a.Kind), true
	}, "place")
}

var _ title.Effecter = (*Game)(nil)
