package step

import "tresham/engine"

// Payout is a dividend decided (1860 rules 7.5, 7.6; 1825 rules 4.5,
// 6.3): what the treasury keeps, what the shareholders are paid and how
// the share price moves. The operating round makes it (PayMoney,
// MovePrice) and the title's Effect shows it, from the same value.
type Payout struct {
	// Revenue is the run's revenue paid out or withheld.
	Revenue int
	// Kept is what the corporation's treasury receives (the withheld
	// revenue and any subsidy).
	Kept int
	// Paid is what is paid to the shareholders, a share being Unit
	// percent (PayShareholders).
	Paid, Unit int
	// Right is how many places the price moves right when something is
	// paid; when nothing is, it moves one place left.
	Right int
}

// NewPayout decides a dividend of kind ("payout" or "withhold") of
// revenue at a share price of price: paid out only when kind is "payout"
// and there is revenue, the price then moving right by DividendMoves from
// the threshold from, a share being unit percent. kept is what the
// treasury receives besides withheld revenue.
func NewPayout(kind string, revenue, kept, price, from, unit int) Payout {
	p := Payout{Revenue: revenue, Kept: kept, Unit: unit}
	if kind == "payout" && revenue > 0 {
		p.Paid = revenue
		p.Right = DividendMoves(revenue, price, from)
	} else {
		p.Kept += max(revenue, 0)
	}
	return p
}

// Direction is the way the payout moves the share price and the number
// of places ("right" n, or "left" 1).
func (p Payout) Direction() (string, int) {
	if p.Paid > 0 {
		return "right", p.Right
	}
	return "left", 1
}

// PayMoney pays the payout p of c: its treasury's part, then the
// shareholders'.
func PayMoney(g *engine.Game, c *engine.Corporation, p Payout) {
	if p.Kept > 0 {
		g.PayCorp(c, p.Kept)
	}
	if p.Paid > 0 {
		PayShareholders(g, c, p.Paid, p.Unit)
	}
}

// MovePrice moves c's share price as the payout p says, one place at a
// time, and returns the cell it left and whether a move right met an
// end-of-game cell (a marker kept at the chart's edge meets it again).
// A corporation without a price does not move.
func MovePrice(g *engine.Game, c *engine.Corporation, p Payout) (old *engine.Cell, endgame bool) {
	old = c.Cell
	if old == nil {
		return nil, false
	}
	if p.Paid == 0 {
		g.SetCell(c, g.Market.Left(c.Cell))
		return old, false
	}
	for range p.Right {
		g.SetCell(c, g.Market.Right(c.Cell))
		endgame = endgame || c.Cell.Type == engine.CellEndgame
	}
	return old, endgame
}
