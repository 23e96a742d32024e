package t1825

import (
	"sort"

	"tresham/engine"
)

// RoundName is the round kind in progress.
func (g *Game) RoundName() string {
	switch {
	case g.stock != nil:
		return "Stock"
	case g.op != nil:
		return "Operating"
	}
	return g.RoundKind
}

// State returns the game state in the golden-trace shape (fixtures README §4).
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
		"tiles":           g.Board.Tiles(),
		"game_end_reason": nil,
		"result":          nil,
		"end_trigger":     nil,
	}
	if g.Finished {
		out["game_end_reason"] = g.EndReason
		out["result"] = g.Result()
	}
	if g.EndTrigger != nil {
		out["end_trigger"] = g.EndTrigger
	}
	players := []any{}
	for _, p := range g.Players {
		players = append(players, map[string]any{
			"id": p.ID, "name": p.Name, "cash": p.Cash, "certs": g.certIDs(p),
			"num_certs": g.numCerts(p), "value": g.playerValue(p), "bankrupt": p.Bankrupt,
		})
	}
	out["players"] = players
	corps := append([]*engine.Corporation(nil), g.Corps...)
	sort.Slice(corps, func(i, j int) bool { return corps[i].Sym < corps[j].Sym })
	cs := []any{}
	for _, c := range corps {
		cs = append(cs, g.corpState(c))
	}
	out["corporations"] = cs
	out["companies"] = g.CompaniesView()
	out["depot"] = g.DepotView()
	formed := []string{}
	for _, c := range g.formed {
		formed = append(formed, c.Sym)
	}
	mt := []string{}
	for _, t := range g.minorTrains {
		mt = append(mt, t.ID)
	}
	out["flags"] = map[string]any{"bank_size": g.bankSize, "highest_layer": g.highestLayer, "formed": formed, "minor_trains": mt}
	if g.Opts.Surveyors {
		sv := map[string]any{}
		for sym, hs := range g.surveyors {
			sv[sym] = append([]string(nil), hs...)
		}
		out["flags"].(map[string]any)["surveyors"] = sv
	}
	order := []any{}
	switch {
	case g.stock != nil:
		for _, p := range g.Players {
			order = append(order, p.ID)
		}
	case g.op != nil && !(g.Finished && !g.manualEnd):
		for _, c := range g.op.Order {
			order = append(order, c.Sym)
		}
	case g.Finished && !g.manualEnd:
		for _, c := range g.lastOrder {
			order = append(order, c.Sym)
		}
	}
	out["order"] = order
	active := g.activeEntities()
	out["active"] = active
	out["acting"] = g.actingPlayers(active)
	out["priority_deal"] = g.priorityDeal()
	out["log"] = append([]string{}, g.Log[g.journal.LogMark:]...)
	return out
}

func (g *Game) certIDs(p *engine.Player) []string {
	out := []string{}
	for _, c := range g.Corps {
		if c.Closed {
			continue
		}
		for _, s := range c.Shares {
			if s.Holder == engine.Holder(p.ID) {
				out = append(out, c.ShareID(s.Index))
			}
		}
	}
	out = append(out, p.Companies...)
	sort.Strings(out)
	return out
}

// priorityDeal: in a share dealing round the player after the last to deal.
func (g *Game) priorityDeal() int {
	if r := g.stock; r != nil {
		if id := r.AfterLastToAct(); id != 0 {
			return id
		}
	}
	return g.Players[0].ID
}

func (g *Game) activeEntities() []any {
	switch {
	case g.Finished && !g.manualEnd:
		return []any{}
	case g.stock != nil:
		return []any{g.stock.active()}
	case g.op != nil:
		if len(g.op.pendingHome) > 0 {
			return []any{g.op.pendingHome[0].Sym}
		}
		if len(g.op.discard) > 0 {
			return []any{g.op.discard[0].Sym}
		}
		if c := g.op.current(); c != nil {
			return []any{c.Sym}
		}
	}
	return []any{}
}

func (g *Game) actingPlayers(active []any) []int {
	out := []int{}
	for _, e := range active {
		switch v := e.(type) {
		case int:
			out = append(out, v)
		case string:
			if c := g.Corp(v); c != nil {
				out = append(out, g.actingFor(c).ID)
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

func (g *Game) corpState(c *engine.Corporation) map[string]any {
	m := g.CorporationView(c)
	m["formed"], m["minor"] = g.isFormed(c), g.isMinor(c)
	unplaced := 0
	for _, t := range c.Tokens {
		if t.Location == "" {
			unplaced++
		}
	}
	placed := append([]string{}, g.Board.TokenLocations(c.Sym)...)
	sort.Strings(placed)
	m["tokens_placed"], m["tokens_unplaced"] = placed, unplaced
	if h, ok := g.closedHoldings[c.Sym]; ok {
		m["shares_by_owner"] = h
	}
	return m
}
