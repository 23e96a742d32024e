package t1825

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/internal/fixtures"
)

// replayTo replays a synthetic fixture's effective actions with ids below stop.
func replayTo(t *testing.T, name string, stop int) *Game {
	t.Helper()
	var path string
	for _, f := range fixtureGames(t) {
		if filepath.Base(f) == name {
			path = f
		}
	}
	if path == "" {
		t.Fatalf("fixture %s not found", name)
	}
	src, err := g18xx.DecodeBytes(fixtures.MustRead(t, path))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
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
	for _, a := range g18xx.WithoutMessages(g18xx.Effective(src.Actions)) {
		if a.ID >= stop {
			break
		}
		ea := convertAction(&a)
		if err := g.Apply(&ea); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func convertAction(a *g18xx.Action) engine.Action {
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
		out.Routes = append(out.Routes, engine.Route{Train: r.Train, Connections: r.Connections, Nodes: r.Nodes, Hexes: r.Hexes, Revenue: r.Revenue})
	}
	for i := range a.AutoActions {
		out.Auto = append(out.Auto, convertAction(&a.AutoActions[i]))
	}
	return out
}

// TestIllegalActions: actions the 1825 rules forbid are refused with the
// rule, and leave the game exactly as it was.
func TestIllegalActions(t *testing.T) {
	const game = "1825-unit_1-3p-6.json"
	for _, tc := range []struct {
		name  string
		stop  int // replay the fixture's actions before this id
		setup func(g *Game)
		act   engine.Action
		rule  string
	}{
		{
			// Section 5: no selling in the first share dealing round.
			name: "sell in the first SDR", stop: 7,
			setup: func(g *Game) {
				if g.CertIDs(g.Player(1))[0] == "" {
					t.Fatal("player 1 holds nothing")
				}
			},
			act:  engine.Action{Type: "sell_shares", Entity: "1", EntityType: "player", Shares: []string{"LNWR_2"}, Percent: 10},
			rule: "first share dealing round",
		},
		{
			// Rule 4.2: two tiles in one turn may not be in adjacent hexes
			// (LNWR has laid T14; T12 touches it).
			name: "adjacent double lay", stop: 16,
			act:  engine.Action{Type: "lay_tile", Entity: "LNWR", EntityType: "corporation", Hex: "T12", Tile: "7-1", Rotation: 0},
			rule: "adjacent",
		},
		{
			// Rule 4.3: a second tile may not follow a promotion; and a
			// promotion needs a train to reach the station.
			name: "promote a station without a train", stop: 15,
			setup: func(g *Game) {
				c := g.Corp("LNWR")
				c.Trains = nil
				g.PhaseIdx = 1 // green tiles on sale
				if err := g.Board.ForceLay("S15", "4-0", 2); err != nil {
					t.Fatal(err)
				}
			},
			act:  engine.Action{Type: "lay_tile", Entity: "LNWR", EntityType: "corporation", Hex: "S15", Tile: "15-0", Rotation: 2},
			rule: "without a train",
		},
		{
			// Rule 4.6.4: a company on its train limit may not buy the first '5'.
			name: "first 5 at the train limit", stop: 380,
			setup: func(g *Game) {
				g.op.Index = 0
				g.op.step = stBuy
			},
			act:  engine.Action{Type: "buy_train", Entity: "LNWR", EntityType: "corporation", Train: "5-0", Price: 550},
			rule: "train limit",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := replayTo(t, game, tc.stop)
			if tc.setup != nil {
				tc.setup(g)
			}
			before := g.journal.Applied.Len()
			a := tc.act
			a.ID = 99999
			err := g.Apply(&a)
			if err == nil {
				t.Fatalf("%s accepted", tc.name)
			}
			if _, ok := err.(*engine.RuleError); !ok || !strings.Contains(err.Error(), tc.rule) {
				t.Fatalf("refused for the wrong reason: %v", err)
			}
			if g.journal.Applied.Len() != before {
				t.Fatalf("a refused action was recorded")
			}
		})
	}
}
