package t1860

import (
	"sort"

	"tresham/engine"
)

// State returns the game state in the golden-trace shape (fixtures README §4):
// JSON-ready maps keyed like the 18xx.games trace lines.
func (g *Game) State() map[string]any {
	out := map[string]any{
		"round":           g.RoundName(),
		"turn":            g.Turn,
		"round_num":       g.RoundNum,
		"phase":           g.Phase().Name,
		"bank_cash":       g.BankCash(),
		"bank_raw":        g.Bank,
		"bank_broken":     g.BankBroken,
		"cert_limit":      g.CertLimit,
		"finished":        g.Finished,
		"minors":          []any{},
		"tiles":           map[string]string{},
		"game_end_reason": nil,
		"result":          nil,
	}
	if g.Finished {
		out["game_end_reason"] = g.EndReason
		out["result"] = g.Result()
	}
	if g.EndTrigger != nil {
		out["end_trigger"] = g.EndTrigger
	} else if g.BankBroken {
		out["end_trigger"] = []string{"bank", "current_or"}
	} else {
		out["end_trigger"] = nil
	}
	if g.Board != nil {
		out["tiles"] = g.Board.Tiles()
	}
	var players []any
	for _, p := range g.Players {
		players = append(players, map[string]any{
			"id": p.ID, "name": p.Name, "cash": p.Cash, "certs": append([]string{}, g.CertIDs(p)...),
			"num_certs": g.NumCerts(p), "value": g.playerValue(p), "bankrupt": p.Bankrupt,
		})
	}
	out["players"] = players
	corps := append([]*engine.Corporation(nil), g.Corps...)
	sort.Slice(corps, func(i, j int) bool { return corps[i].Sym < corps[j].Sym })
	var cs []any
	for _, c := range corps {
		cs = append(cs, g.corpState(c))
	}
	out["corporations"] = cs
	out["companies"] = g.CompaniesView()
	out["depot"] = g.DepotView()
	out["flags"] = map[string]any{
		"nationalization": g.Nationalization, "sr_after_southern": g.SRAfterSouthern,
		"southern_formed": g.SouthernFormed, "no_price_drop_on_sale": g.NoPriceDropOnSale,
		"highest_layer": g.HighestLayer,
	}
	order := []any{}
	switch {
	case g.auction != nil || g.stock != nil:
		for _, p := range g.Players {
			order = append(order, p.ID)
		}
	case g.op != nil:
		for _, c := range g.op.Order {
			order = append(order, c.Sym)
		}
	}
	if g.Finished {
		for _, c := range g.lastOrder {
			order = append(order, c.Sym)
		}
	}
	out["order"] = order
	out["active"] = g.active()
	out["acting"] = g.acting()
	out["priority_deal"] = g.priorityDeal()
	out["log"] = append([]string{}, g.Log[g.journal.LogMark:]...)
	g.variantState(out)
	return out
}

// priorityDeal is the player who would act first if everyone passed from
// now on: in a stock round, the one after the last player to deal.
func (g *Game) priorityDeal() int {
	if r := g.stock; r != nil && len(g.pendingHome) == 0 {
		if id := r.AfterLastToAct(); id != 0 {
			return id
		}
	}
	return g.PriorityDeal
}

// acting lists the players who must act now: the mover, or the director of
// the moving corporation; everyone when nobody is active.
func (g *Game) acting() []int {
	var out []int
	for _, e := range g.active() {
		switch v := e.(type) {
		case int:
			out = append(out, v)
		case string:
			if c := g.Corp(v); c != nil && c.President != 0 {
				out = append(out, c.President)
			}
		}
	}
	if len(out) == 0 {
		for _, p := range g.Players {
			out = append(out, p.ID)
		}
	}
	return out
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
		return []any{g.stock.active()}
	case g.op != nil:
		if c := g.op.current(); c != nil {
			return []any{c.Sym}
		}
	}
	return []any{}
}

func (g *Game) corpState(c *engine.Corporation) map[string]any {
	m := g.CorporationView(c)
	m["insolvent"], m["bankrupt"], m["nationalized"] = c.Insolvent, c.Bankrupt, c.Nationalized
	placed, flipped := []string{}, []string{}
	unplaced := 0
	for _, t := range c.Tokens {
		if t.Location == "" {
			unplaced++
			continue
		}
		placed = append(placed, t.Location)
		if t.Flipped {
			flipped = append(flipped, t.Location)
		}
	}
	if tl, ok := g.Board.(interface{ TokenLocations(string) []string }); ok {
		placed = append([]string{}, tl.TokenLocations(c.Sym)...)
	}
	sort.Strings(placed)
	sort.Strings(flipped)
	m["tokens_placed"], m["tokens_unplaced"], m["tokens_flipped"] = placed, unplaced, flipped
	return m
}
