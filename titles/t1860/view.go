package t1860

import (
	"sort"

	"tresham/engine"
)

// State returns the game state in the golden-trace shape (fixtures README §4):
// JSON-ready maps keyed like the 18xx.games trace lines.
func (g *Game) State() map[string]any {
	parts := engine.StateParts{
		Round: g.RoundName(), BankCash: g.BankCash(), Result: g.Result, EndTrigger: g.EndTrigger,
		Certs: g.CertIDs, NumCerts: g.NumCerts, Value: g.playerValue, Corporation: g.corpState,
		Flags: map[string]any{
			"nationalization": g.Nationalization, "sr_after_southern": g.SRAfterSouthern,
			"southern_formed": g.SouthernFormed, "no_price_drop_on_sale": g.NoPriceDropOnSale,
			"highest_layer": g.HighestLayer,
		},
		Active:       g.active(),
		Actor:        func(c *engine.Corporation) int { return c.President },
		PriorityDeal: g.priorityDeal(),
		Log:          g.Log[g.journal.LogMark:],
	}
	if g.EndTrigger == nil && g.BankBroken {
		parts.EndTrigger = []string{"bank", "current_or"}
	}
	if g.Board != nil {
		parts.Tiles = g.Board.Tiles()
	}
	switch {
	case g.auction != nil || g.stock != nil:
		parts.Order = g.PlayerOrder()
	case g.op != nil:
		parts.Order = engine.CorpOrder(g.op.Order)
	}
	if g.Finished {
		parts.Order = append(parts.Order, engine.CorpOrder(g.lastOrder)...)
	}
	out := g.StateView(parts)
	g.variantState(out)
	return out
}

// priorityDeal is the player who would act first if everyone passed from
// now on: in a stock round, the one after the last player to deal.
func (g *Game) priorityDeal() int {
	if r := g.stock; r != nil && len(g.pendingHome) == 0 {
		return r.PriorityDeal(g.PriorityDeal)
	}
	return g.PriorityDeal
}

func (g *Game) active() []any {
	switch {
	case g.Finished:
		return []any{}
	case g.auction != nil:
		return []any{g.auction.Active()}
	case g.stock != nil:
		if len(g.pendingHome) > 0 {
			return []any{g.pendingHome[0].Sym}
		}
		return []any{g.stock.Active()}
	case g.op != nil:
		if len(g.op.discardNow) > 0 {
			return []any{g.op.discardNow[0].Sym}
		}
		if c := g.op.Current(); c != nil {
			return []any{c.Sym}
		}
	}
	return []any{}
}

func (g *Game) corpState(c *engine.Corporation) map[string]any {
	m := g.CorporationView(c)
	m["insolvent"], m["bankrupt"], m["nationalized"] = c.Insolvent, c.Bankrupt, c.Nationalized
	var placed []string // without a map, the tokens' own locations
	flipped := []string{}
	for _, t := range c.Tokens {
		if t.Location != "" {
			placed = append(placed, t.Location)
		}
		if t.Location != "" && t.Flipped {
			flipped = append(flipped, t.Location)
		}
	}
	if g.Board != nil {
		placed = g.Board.TokenLocations(c.Sym)
	}
	engine.TokensView(m, c, placed)
	sort.Strings(flipped)
	m["tokens_flipped"] = flipped
	return m
}
