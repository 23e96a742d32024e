package t1860

import (
	"slices"

	"tresham/board"
	"tresham/engine"
	"tresham/engine/step"
)

// Acting lists the entities that may act now: player ids (decimal text),
// corporation symbols (operating, or laying a home tile) and company symbols
// (a private its owner may exchange for a share).
func (g *Game) Acting() []string {
	out := engine.ActingIDs(g.active())
	if g.stock != nil && len(g.pendingHome) == 0 && !g.Finished {
		for _, sym := range g.Player(g.stock.Active()).Companies {
			if len(g.companyChoices(g.Company(sym))) > 0 {
				out = append(out, sym)
			}
		}
	}
	return out
}

// Legal lists what entity may do now. Every listed action is accepted by
// Apply (a price within the choice's range; routes still to be supplied for
// run_routes); anything else is refused. Certificates that are alike (same
// corporation, holder and size) are listed once.
func (g *Game) Legal(entity string) []engine.Choice {
	if !slices.Contains(g.Acting(), entity) {
		return nil
	}
	switch {
	case g.auction != nil:
		return g.auction.legal(g, g.Player(g.auction.Active()))
	case g.stock != nil:
		if len(g.pendingHome) > 0 {
			c := g.pendingHome[0]
			out := g.layChoices(c, c.Home, true)
			if len(out) > 0 {
				return out
			}
			return []engine.Choice{{Action: engine.CorpAction(c, "pass"), Ends: engine.PassHomeTrack}}
		}
		if co := g.Company(entity); co != nil {
			return g.companyChoices(co)
		}
		return stockStep.Choices(g, entity) // the active player's moves
	case g.op != nil:
		return g.op.legal(g, g.op.Current())
	}
	return nil
}

func (r *auctionRound) legal(g *Game, p *engine.Player) []engine.Choice {
	var out []engine.Choice
	_, cheapest := r.cheapest(g)
	if r.winner == 0 {
		min, max := r.highest()+5, p.Cash-cheapest
		if min <= max {
			a := engine.PlayerAction(p, "bid")
			a.Price = min
			out = append(out, engine.Choice{Action: a, MaxPrice: max, PriceStep: 1})
		}
		return append(out, engine.Choice{Action: engine.PlayerAction(p, "pass"), Ends: engine.PassBid})
	}
	for _, it := range r.items {
		if co := g.Company(it); co != nil {
			if !r.choosable(g, p, it, 0) {
				continue
			}
			a := engine.PlayerAction(p, "bid")
			a.Company, a.Price = co.Sym, min(co.Value, p.Cash)
			out = append(out, engine.Choice{Action: a})
			continue
		}
		c := g.Corp(it)
		for _, cell := range g.parPrices(c) {
			if !r.choosable(g, p, it, cell.Price) {
				continue
			}
			a := engine.PlayerAction(p, "par")
			a.Corporation, a.SharePrice = c.Sym, cell.ID()
			out = append(out, engine.Choice{Action: a})
		}
	}
	return out
}

// sellBundleOK checks a sale's certificates against its percentage, a
// well-formed one (engine.SalePercent) of a bundle the step accepts (the
// director's certificate only with all other shares): the whole of each
// certificate is sold, except the director's, of which one share may be
// kept (rules 6.6) when a share can be given back for it - from the pool
// (the bundle's own ordinary shares land there first) or from a player
// holding enough to become director and swap two shares in. 18xx.games
// refuses the same sales (can_dump?: a part of the director's certificate
// alone needs a pool share or another holder of more than one share).
func (g *Game) sellBundleOK(p *engine.Player, c *engine.Corporation, shares []*engine.Share, percent int) bool {
	total := 0
	var pres *engine.Share
	ordinary := 0
	for _, s := range shares {
		total += s.Percent
		if s.President {
			pres = s
		} else {
			ordinary++
		}
	}
	if total == percent {
		return true
	}
	back := (total - percent) / 10
	pool := ordinary
	for _, s := range c.SharesOf(engine.HolderMarket) {
		if !s.President {
			pool++
		}
	}
	for id, pct := range g.PlayerHolders(c) {
		if id != p.ID && pct >= pres.Percent {
			pool += pres.Percent / 10
			break
		}
	}
	return pool >= back
}

// exchangeChoices lists the share a ferry private may be exchanged for now
// (rules 5.3: during its owner's stock-round turn).
func (g *Game) exchangeChoices(co *engine.Company) []engine.Choice {
	if co == nil || g.stock == nil || len(g.pendingHome) > 0 {
		return nil
	}
	c := g.Corp(exchangeTarget(co.Sym))
	if c == nil {
		return nil
	}
	for _, s := range c.SharesOf(engine.HolderIPO) {
		if !s.President {
			a := engine.Action{Type: "buy_shares", Entity: co.Sym, EntityType: "company", Shares: []string{c.ShareID(s.Index)}, Percent: s.Percent}
			if _, _, _, err := g.checkExchange(&a); err != nil {
				return nil
			}
			return []engine.Choice{{Action: a}}
		}
	}
	return nil
}

// layChoices lists the tile lays open to c: on hex only (its home tile) or
// anywhere on its network, that it can pay for. Anywhere, they are the
// track step's candidates, which its plan (planLay) checks in full: the
// title's CheckLay (the reach rules) then runs there only.
func (g *Game) layChoices(c *engine.Corporation, hex string, home bool) []engine.Choice {
	if g.Board == nil {
		return nil
	}
	opt, err := g.layOptions(c)
	if err != nil {
		return nil
	}
	opt.NoConnectivity = home
	hexes := []string{hex}
	if hex == "" {
		opt.Graph = g.Board.Graph(c.Sym)
		// the hexes with a candidate: each candidate's plan runs the
		// reach rules, once (step.WithoutCheckLay)
		hexes = g.Board.LegalLayHexes(step.WithoutCheckLay(opt))
	}
	return step.TrackChoices(g.Board, c, hexes, func(h string) (board.LayOptions, bool) {
		view, _ := g.Board.Hex(h)
		cost := 0
		if !home && view.Tile != nil {
			cost = view.Tile.Cost()
		}
		// Insolvency: no track that costs
		return opt, cost <= c.Cash && !(cost > 0 && c.Insolvent)
	})
}

// Map is the game's board, for reading (rendering, probing); nil without a map.
func (g *Game) Map() *board.Board { return g.Board }
