package t1860

import "tresham/titles/title"

// AuctionView is the opening auction as the player sees it (rules
// "Private Companies and the Initial Auction"): players bid for the turn,
// the right to take one of the items left at its price; nil outside the
// auction. The minimum next bid is the high bid plus £5.
type AuctionView = title.AuctionView

// AuctionItem is one certificate on offer: a private company (bought at
// its face value) or a director's certificate (the corporation is started
// at a par price; Price is then the cheapest cost, two shares at the least
// par).
type AuctionItem = title.AuctionItem

// Auction returns the opening auction's state, or nil when it is over.
func (g *Game) Auction() *AuctionView {
	r := g.auction
	if r == nil {
		return nil
	}
	cheapest := r.cheapestItem(g)
	v := &AuctionView{Items: []AuctionItem{}, Bidders: []int{}, Bids: []title.AuctionBid{}, Winner: r.winner, Picks: append([]title.AuctionPick{}, r.picks...)}
	for _, it := range r.items {
		item := AuctionItem{Sym: it, Price: r.itemCost(g, it), Cheapest: it == cheapest}
		if co := g.Company(it); co != nil {
			item.Name, item.Company = co.Name, true
		} else if c := g.Corp(it); c != nil {
			item.Name = c.Name
		}
		v.Items = append(v.Items, item)
	}
	if r.winner == 0 {
		for _, id := range r.bidders {
			v.Bidders = append(v.Bidders, id)
			b := r.bids[id] // negative: not bid yet (setup's placeholders)
			if b > 0 {
				v.Bids = append(v.Bids, title.AuctionBid{Player: id, Price: b})
			}
			if b > v.HighBid {
				v.HighBid, v.HighBidder = b, id
			}
		}
		v.MinBid = v.HighBid + 5
	}
	return v
}

// OperatingTurn is where the operating round stands (its order, the
// company operating, those done), or nil outside an operating round.
func (g *Game) OperatingTurn() *title.TurnView {
	if g.op == nil || g.Finished {
		return nil
	}
	return title.TurnOf(g.op.Order, g.op.Index)
}

// SoldThisRound is, by player id, what each player sold in the stock round
// under way (privates too), sorted; nil outside a stock round.
func (g *Game) SoldThisRound() map[int][]string {
	if g.stock == nil || g.Finished {
		return nil
	}
	return g.stock.SoldThisRound()
}

// LeasedTrains is, by corporation, the train an insolvent company without
// a train of its own runs now: the depot's next, leased (rules 2nd ed.,
// p. 14, insolvency; runTrains); nil when none does.
func (g *Game) LeasedTrains() map[string]string {
	if g.Finished {
		return nil
	}
	var out map[string]string
	for _, c := range g.Corps {
		if c.Closed || len(c.Trains) > 0 || !(c.Insolvent || c.Receivership) {
			continue
		}
		for _, t := range g.runTrains(c) {
			if t.Owner != c.Sym {
				if out == nil {
					out = map[string]string{}
				}
				out[c.Sym] = t.ID
			}
		}
	}
	return out
}

// OperatingRoundsInSet is the number of operating rounds of the set under
// way, or, before it, of the set that follows (the phase's count, taken
// when the stock round ends); 0 once the game is over.
func (g *Game) OperatingRoundsInSet() int {
	switch {
	case g.Finished:
		return 0
	case g.op != nil:
		return g.operatingRounds
	}
	return g.Phase().OperatingRounds
}
