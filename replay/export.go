package replay

import (
	"strconv"
	"strings"

	"tresham/compat/g18xx"
	"tresham/engine"
)

// Export turns an engine action into an 18xx.games export action (the
// inverse of Convert), so games played in Tresham can be exported.
func Export(a engine.Action) g18xx.Action {
	out := g18xx.Action{
		ID: a.ID, Type: a.Type, EntityType: a.EntityType, Price: a.Price, Company: a.Company,
		Corporation: a.Corporation, Shares: a.Shares, Percent: a.Percent, Hex: a.Hex, Tile: a.Tile,
		Rotation: a.Rotation, City: a.City, Slot: a.Slot, Train: a.Train, Variant: a.Variant,
		Kind: a.Kind, Description: a.Description, Cost: a.Cost, Message: a.Message,
	}
	if id, err := strconv.Atoi(a.Entity); err == nil && a.EntityType == g18xx.EntityPlayer {
		out.Entity = g18xx.PlayerEntity(id)
	} else if a.Entity != "" {
		out.Entity = g18xx.SymbolEntity(a.Entity)
	}
	if a.SharePrice != "" {
		if parts := strings.Split(a.SharePrice, ","); len(parts) == 3 {
			var n [3]int
			for i, p := range parts {
				n[i], _ = strconv.Atoi(p)
			}
			sp := g18xx.CellPrice(n[0], n[1], n[2])
			out.SharePrice = &sp
		} else if n, err := strconv.Atoi(a.SharePrice); err == nil {
			sp := g18xx.PlainPrice(n)
			out.SharePrice = &sp
		}
	}
	for _, r := range a.Routes {
		out.Routes = append(out.Routes, g18xx.Route{
			Train: r.Train, Connections: r.Connections, Nodes: r.Nodes, Hexes: r.Hexes,
			Revenue: r.Revenue, Subsidy: r.Subsidy, Halts: r.Halts,
		})
	}
	if p := a.Program; p != nil {
		out.FromMarket, out.AutoPassAfter, out.Unconditional, out.Indefinite = p.FromMarket, p.AutoPassAfter, p.Unconditional, p.Indefinite
		out.Reason, out.OriginalType = p.Reason, p.OriginalType
		if a.Type == engine.ProgramBuyShares {
			u := g18xx.Str(p.Until)
			if n, err := strconv.Atoi(p.Until); err == nil {
				u = g18xx.Int(int64(n))
			}
			out.UntilCondition = &u
		}
	}
	for _, x := range a.Auto {
		out.AutoActions = append(out.AutoActions, Export(x))
	}
	return out
}

// ExportGame builds an 18xx.games export of a game played in Tresham: its
// players (id, name in seating order), options and action log, with the
// result when the game is over.
func ExportGame(title string, ids []int, names []string, options []string, actions []engine.Action, g Game) *g18xx.Game {
	out := &g18xx.Game{Title: title, Settings: g18xx.Settings{OptionalRules: options}, Status: "active"}
	for i, id := range ids {
		out.Players = append(out.Players, g18xx.Player{ID: id, Name: names[i]})
	}
	for _, a := range actions {
		out.Actions = append(out.Actions, Export(a))
	}
	if g != nil && g.IsFinished() {
		out.Status = "finished"
		out.Result = g.Result()
	}
	return out
}
