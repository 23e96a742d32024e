package t1825

import (
	"tresham/engine"
	"tresham/titles/title"
)

// Effect says what a listed sale or dividend does (title.Effecter): the
// cash the seller receives (selling does not move the price, rule 6.3);
// the cash the dividend leaves in the treasury and the price move (rules
// 4.5, 6.3: left when nothing is paid, none for at most half the share
// value, right once more, two, three or four places at twice, three and
// four times it). The rounds make the same moves (stockRound.sell,
// Game.payDividend); the titles' effect test checks both agree on every
// sale and dividend of the fixtures.
func (g *Game) Effect(entity string, a engine.Action) *title.Effect {
	switch a.Type {
	case "sell_shares":
		c := title.SoldCorporation(g.Game, a)
		if c == nil {
			return nil
		}
		return &title.Effect{Cash: c.Price() * a.Percent / 10, Price: title.Stays(c, "selling does not move it in 1825")}
	case "dividend":
		c := g.Corp(entity)
		if c == nil || g.op == nil {
			return nil
		}
		revenue := g.op.revenue - g.op.loan
		if a.Kind == "withhold" || revenue <= 0 {
			return &title.Effect{Cash: max(revenue, 0), Revenue: max(revenue, 0), Price: title.Move(g.Market, c, "left", 1, "place")}
		}
		eff := &title.Effect{Revenue: revenue}
		if c.Cell == nil {
			return eff
		}
		n := 0
		if revenue > c.Cell.Price/2 {
			n = max(1, title.Multiple(revenue, c.Cell.Price, 4))
		}
		eff.Price = title.Move(g.Market, c, "right", n, "place")
		return eff
	}
	return nil
}

var _ title.Effecter = (*Game)(nil)
