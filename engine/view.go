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
