package t1825

import (
	"tresham/engine"
	"tresham/engine/step"
)

// discardStep: a company over the train limit returns trains of its choice
// to the bank pool, the first such company first (rule 4.7.3).
var discardStep = &step.DiscardTrain[*Game]{H: step.DiscardHooks[*Game]{
	Operating: step.Operating[*Game]{
		Base: func(g *Game) *engine.Game { return g.Game },
		Corp: func(g *Game) *engine.Corporation {
			if g.op == nil || len(g.op.discard) == 0 {
				return nil
			}
			return g.op.discard[0]
		},
	},
	Discarded: func(g *Game, c *engine.Corporation, t *engine.Train) {
		g.Logf("%s discards a %s train", c.Sym, t.Name)
		g.op.discard = g.crowdedCorps()
	},
}}

// dividendStep: the operating company pays out or withholds the turn's
// revenue (rules 4.5, 6.3); a company in receivership always withholds
// (decided in opRound.advance).
var dividendStep = &step.Dividend[*Game]{H: step.DividendHooks[*Game]{
	Operating: step.Operating[*Game]{
		Base: func(g *Game) *engine.Game { return g.Game },
		Corp: func(g *Game) *engine.Corporation { return g.op.current() },
		Open: func(g *Game) bool {
			c := g.op.current()
			return g.op.step == stDividend && g.op.revenue > 0 && c != nil && !c.Receivership
		},
	},
	Pay: func(g *Game, c *engine.Corporation, kind string) {
		g.payDividend(c, kind)
		g.op.step = stBuy
	},
}}

// buyTrainStep: the operating company buys trains from the bank (the next
// on offer, any type whose phase has come, one of each type in the pool:
// rules 4.6.1, 6.3.4) or from other companies at an agreed price of at
// least £10 (rule 4.6.5; not in receivership).
var buyTrainStep = &step.BuyTrain[*Game]{H: step.BuyTrainHooks[*Game]{
	Operating: step.Operating[*Game]{
		Base: func(g *Game) *engine.Game { return g.Game },
		Corp: func(g *Game) *engine.Corporation { return g.op.current() },
		Open: func(g *Game) bool { return g.op.step == stBuy },
	},
	Limit: func(g *Game) int { return g.trainLimit() },
	Depot: func(g *Game, _ *engine.Corporation) []*engine.Train { return g.depotTrains() },
	Traded: func(g *Game, c *engine.Corporation) []*engine.Train {
		if c.Receivership {
			return nil
		}
		return g.otherTrains(c)
	},
	MinPrice: 10,
	Unavailable: func(g *Game, c *engine.Corporation, a *engine.Action) error {
		return engine.Refuse(a, "train %s is not for sale", a.Train)
	},
	Bought: func(g *Game, c *engine.Corporation, p step.Purchase) { g.trainBought(c, p.Train, p.Price) },
}}
