package engine

import (
	"sort"
	"strconv"
)

// The pieces of a game's state view that every title shows alike, in the
// shape of the golden traces (fixtures README §4); titles add their own.

// CorporationView is a corporation's common state: treasury, flags,
// market position, par, trains, president and holdings.
func (g *Game) CorporationView(c *Corporation) map[string]any {
	m := map[string]any{
		"sym": c.Sym, "cash": c.Cash, "closed": c.Closed, "floated": c.Floated, "ipoed": c.IPOed,
		"operated": c.Operated, "receivership": c.Receivership,
		"companies":        append([]string{}, c.Companies...),
		"share_price":      nil,
		"share_pos":        nil,
		"share_cell_order": nil,
		"par_price":        nil,
		"president":        nil,
		"shares_by_owner":  g.SharesByOwner(c),
	}
	if c.Cell != nil {
		m["share_price"] = c.Cell.Price
		m["share_pos"] = []int{c.Cell.Row, c.Cell.Col}
		m["share_cell_order"] = g.CellOrder(c)
	}
	if c.Par != nil {
		m["par_price"] = c.Par.Price
	}
	if c.President != 0 {
		m["president"] = c.President
	}
	trains := []string{}
	for _, t := range c.Trains {
		trains = append(trains, t.ID)
	}
	sort.Strings(trains)
	m["trains"] = trains
	return m
}

// SharesByOwner sums a corporation's certificates by holder: "ipo",
// "market" or a player id.
func (g *Game) SharesByOwner(c *Corporation) map[string]int {
	sbo := map[string]int{}
	for _, s := range c.Shares {
		switch s.Holder {
		case HolderIPO:
			sbo["ipo"] += s.Percent
		case HolderMarket:
			sbo["market"] += s.Percent
		case NoHolder:
		default:
			sbo[strconv.Itoa(int(s.Holder))] += s.Percent
		}
	}
	return sbo
}

// CompaniesView lists the private companies by symbol with owner ("bank",
// a player id or nil), closed, revenue and value.
func (g *Game) CompaniesView() []any {
	cos := append([]*Company(nil), g.Companies...)
	sort.Slice(cos, func(i, j int) bool { return cos[i].Sym < cos[j].Sym })
	out := []any{}
	for _, co := range cos {
		var owner any
		switch {
		case co.Owner == "bank":
			owner = "bank"
		case co.Owner != "":
			id, _ := strconv.Atoi(co.Owner)
			owner = id
		}
		out = append(out, map[string]any{"sym": co.Sym, "owner": owner, "closed": co.Closed, "revenue": co.Revenue, "value": co.Value})
	}
	return out
}

// DepotView is the bank's trains: upcoming types with counts in order,
// and the ids of discarded (pool) and rusted trains.
func (g *Game) DepotView() map[string]any {
	up := [][]any{}
	for _, t := range g.Depot.Upcoming {
		if n := len(up); n > 0 && up[n-1][0] == t.Name {
			up[n-1][1] = up[n-1][1].(int) + 1
			continue
		}
		up = append(up, []any{t.Name, 1})
	}
	ids := func(ts []*Train) []string {
		out := []string{}
		for _, t := range ts {
			out = append(out, t.ID)
		}
		sort.Strings(out)
		return out
	}
	return map[string]any{"upcoming": up, "discarded": ids(g.Depot.Pool), "rusted": ids(g.Depot.Rusted)}
}

// StateParts are what a title puts into its state view (StateView) that
// the engine cannot know: the round, the bank as its rules count it, the
// map's tiles, the end trigger, how it counts and values a player's
// certificates, its corporations' views, its flags, the order and the
// entities to act, and the log lines of the last action.
type StateParts struct {
	Round      string
	BankCash   int
	Result     func() map[string]int
	Tiles      map[string]string
	EndTrigger []string
	// Certs, NumCerts and Value describe a player's holdings.
	Certs    func(*Player) []string
	NumCerts func(*Player) int
	Value    func(*Player) int
	// Corporation is a corporation's view (CorporationView and the
	// title's own keys).
	Corporation func(*Corporation) map[string]any
	Flags       map[string]any
	// Order is the round's order: player ids, or corporation symbols.
	Order []any
	// Active are the entities to act: player ids (int) and corporation
	// symbols (string); Actor is the player acting for a corporation (0:
	// none). With nobody to act, every player is acting.
	Active       []any
	Actor        func(*Corporation) int
	PriorityDeal int
	Log          []string
}

// StateView is the game state in the golden-trace shape (fixtures README
// §4): the keys every title shows alike, filled from g and from the
// title's parts p.
func (g *Game) StateView(p StateParts) map[string]any {
	out := map[string]any{
		"round":           p.Round,
		"turn":            g.Turn,
		"round_num":       g.RoundNum,
		"phase":           g.Phase().Name,
		"bank_cash":       p.BankCash,
		"bank_raw":        g.Bank,
		"bank_broken":     g.BankBroken,
		"cert_limit":      g.CertLimit,
		"finished":        g.Finished,
		"minors":          []any{},
		"tiles":           p.Tiles,
		"game_end_reason": nil,
		"result":          nil,
		"end_trigger":     nil,
		"companies":       g.CompaniesView(),
		"depot":           g.DepotView(),
		"flags":           p.Flags,
		"order":           p.Order,
		"active":          p.Active,
		"priority_deal":   p.PriorityDeal,
		"log":             append([]string{}, p.Log...),
	}
	if p.Tiles == nil {
		out["tiles"] = map[string]string{}
	}
	if g.Finished {
		out["game_end_reason"] = g.EndReason
		out["result"] = p.Result()
	}
	if p.EndTrigger != nil {
		out["end_trigger"] = p.EndTrigger
	}
	players := []any{}
	for _, pl := range g.Players {
		players = append(players, map[string]any{
			"id": pl.ID, "name": pl.Name, "cash": pl.Cash, "certs": append([]string{}, p.Certs(pl)...),
			"num_certs": p.NumCerts(pl), "value": p.Value(pl), "bankrupt": pl.Bankrupt,
		})
	}
	out["players"] = players
	corps := append([]*Corporation(nil), g.Corps...)
	sort.Slice(corps, func(i, j int) bool { return corps[i].Sym < corps[j].Sym })
	cs := []any{}
	for _, c := range corps {
		cs = append(cs, p.Corporation(c))
	}
	out["corporations"] = cs
	acting := []int{}
	for _, e := range p.Active {
		switch v := e.(type) {
		case int:
			acting = append(acting, v)
		case string:
			if c := g.Corp(v); c != nil {
				if id := p.Actor(c); id != 0 {
					acting = append(acting, id)
				}
			}
		}
	}
	if len(acting) == 0 {
		for _, pl := range g.Players {
			acting = append(acting, pl.ID)
		}
	}
	out["acting"] = acting
	if p.Order == nil {
		out["order"] = []any{}
	}
	return out
}
