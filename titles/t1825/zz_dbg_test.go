package t1825

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
)

func TestDbgGraph(t *testing.T) {
	src, _ := g18xx.ReadFile(os.Getenv("G"))
	stop, _ := strconv.Atoi(os.Getenv("STOP"))
	var ids []int
	var names []string
	for _, p := range src.Players {
		ids = append(ids, p.ID)
		names = append(names, p.Name)
	}
	g, err := New(ids, names, src.Settings.OptionalRules)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range g18xx.Effective(src.Actions) {
		if a.ID >= stop {
			break
		}
		if a.Type == "message" {
			continue
		}
		ea := conv(&a)
		if err := g.Apply(&ea); err != nil {
			t.Fatal(err)
		}
	}
	c := g.Corp(os.Getenv("C"))
	fmt.Println("tokens", g.Board.TokenNodes(c.Sym), "trains", c.Trains, "tokenable", g.Board.TokenableCities(c.Sym), g.Board.Reservations())
	for _, r := range g.Board.Graph(c.Sym).Nodes() {
		h, _ := g.Board.Hex(r.Hex)
		fmt.Println(r, h.Tile.Name, h.Tile.Nodes[r.Node].Kind, h.Tokens)
	}
}

func conv(a *g18xx.Action) engine.Action {
	out := engine.Action{ID: a.ID, Type: a.Type, EntityType: a.EntityType, Price: a.Price, Company: a.Company,
		Corporation: a.Corporation, Shares: a.Shares, Percent: a.Percent, Hex: a.Hex, Tile: a.Tile,
		Rotation: a.Rotation, City: a.City, Slot: a.Slot, Train: a.Train, Variant: a.Variant,
		Kind: a.Kind, Description: a.Description, Cost: a.Cost}
	if id, ok := a.Entity.PlayerID(); ok {
		out.Entity = strconv.Itoa(id)
	} else if s, ok := a.Entity.Symbol(); ok {
		out.Entity = s
	}
	if a.SharePrice != nil {
		out.SharePrice = a.SharePrice.Cell
	}
	for _, r := range a.Routes {
		out.Routes = append(out.Routes, engine.Route{Train: r.Train, Revenue: r.Revenue})
	}
	for i := range a.AutoActions {
		out.Auto = append(out.Auto, conv(&a.AutoActions[i]))
	}
	return out
}
