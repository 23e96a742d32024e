package replay

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/internal/fixtures"
)

// position replays the first n effective non-message actions of a fixture.
func position(t *testing.T, file string, n int) (Game, []engine.Action) {
	t.Helper()
	src, err := g18xx.DecodeBytes(fixtures.MustRead(t, file))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	g, err := New(src)
	if err != nil {
		t.Fatal(err)
	}
	var all []engine.Action
	for _, a := range g18xx.Effective(src.Actions) {
		if a.Type != g18xx.TypeMessage {
			all = append(all, Convert(&a))
		}
	}
	for i := 0; i < n; i++ {
		if err := g.Apply(&all[i]); err != nil {
			t.Fatalf("setup action %d: %v", all[i].ID, err)
		}
	}
	return g, all[n:]
}

func stateJSON(g Game) string {
	b, _ := json.Marshal(g.State())
	return string(b)
}

// TestIllegalActionsRefused checks that illegal actions are refused with the
// rule named, and leave the game exactly as it was.
func TestIllegalActionsRefused(t *testing.T) {
	const game = "synthetic/1860/1860-base-3p-9.json"
	find := func(rest []engine.Action, pred func(engine.Action) bool) int {
		for i, a := range rest {
			if pred(a) {
				return i
			}
		}
		return -1
	}
	tests := []struct {
		name string
		// at chooses the position (index into the effective actions) and builds the illegal action.
		at   func(all []engine.Action) (int, engine.Action)
		want string
	}{
		{"bid below the minimum raise", func(all []engine.Action) (int, engine.Action) {
			i := find(all, func(a engine.Action) bool { return a.Type == "bid" && a.Company == "" })
			a := all[i]
			a.Price = 1
			return i, a
		}, "must bid at least"},
		{"acting out of turn", func(all []engine.Action) (int, engine.Action) {
			i := find(all, func(a engine.Action) bool { return a.Type == "buy_shares" && a.EntityType == "player" })
			a := all[i]
			for _, o := range all {
				if o.EntityType == "player" && o.Entity != a.Entity {
					a.Entity = o.Entity
					break
				}
			}
			return i, a
		}, "not"},
		{"selling a private in the first stock round", func(all []engine.Action) (int, engine.Action) {
			g, _ := position(t, game, 0)
			for i, a := range all {
				st := g.State()
				if st["round"] == "Stock" && st["turn"] == 1 && a.EntityType == "player" {
					for _, p := range st["players"].([]any) {
						m := p.(map[string]any)
						if strconv.Itoa(m["id"].(int)) != a.Entity {
							continue
						}
						for _, c := range m["certs"].([]string) {
							if !strings.Contains(c, "_") {
								return i, engine.Action{ID: a.ID, Type: "sell_company", Entity: a.Entity, EntityType: "player", Company: c, Price: 0}
							}
						}
					}
				}
				if err := g.Apply(&all[i]); err != nil {
					t.Fatal(err)
				}
			}
			t.Fatal("no position found")
			return 0, engine.Action{}
		}, "private companies cannot be sold now"},
		{"buying a share of a corporation just sold", func(all []engine.Action) (int, engine.Action) {
			i := find(all, func(a engine.Action) bool { return a.Type == "sell_shares" })
			sold := strings.SplitN(all[i].Shares[0], "_", 2)[0]
			a := engine.Action{ID: all[i+1].ID, Type: "buy_shares", Entity: all[i].Entity, EntityType: "player", Shares: []string{sold + "_8"}, Percent: 10}
			return i + 1, a
		}, "cannot buy"},
		{"train from a company with one train while owning one", func(all []engine.Action) (int, engine.Action) {
			g, _ := position(t, game, 0)
			for i, a := range all {
				if a.Type == "buy_train" {
					trains := map[string][]string{}
					for _, c := range g.State()["corporations"].([]any) {
						m := c.(map[string]any)
						trains[m["sym"].(string)] = m["trains"].([]string)
					}
					if len(trains[a.Entity]) > 0 {
						for sym, ts := range trains {
							if sym != a.Entity && len(ts) == 1 {
								return i, engine.Action{ID: a.ID, Type: "buy_train", Entity: a.Entity, EntityType: "corporation", Train: ts[0], Price: 10}
							}
						}
					}
				}
				if err := g.Apply(&all[i]); err != nil {
					t.Fatal(err)
				}
			}
			t.Fatal("no position found")
			return 0, engine.Action{}
		}, "only train"},
		{"two trains over the same track", func(all []engine.Action) (int, engine.Action) {
			i := find(all, func(a engine.Action) bool { return a.Type == "run_routes" && len(a.Routes) >= 2 })
			a := all[i]
			a.Routes = append([]engine.Route(nil), a.Routes...)
			a.Routes[1].Connections = a.Routes[0].Connections
			a.Routes[1].Nodes = a.Routes[0].Nodes
			a.Routes[1].Revenue, a.Routes[1].Subsidy, a.Routes[1].Halts = nil, nil, nil
			return i, a
		}, "same section of track"},
		{"plain track on a city hex", func(all []engine.Action) (int, engine.Action) {
			g, _ := position(t, game, 0)
			for i, a := range all {
				if a.Type == "lay_tile" && g.State()["round"] == "Operating" && a.Hex != "L6" {
					a.Hex = "L6"
					return i, a
				}
				if err := g.Apply(&all[i]); err != nil {
					t.Fatal(err)
				}
			}
			t.Fatal("no position found")
			return 0, engine.Action{}
		}, "cities"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, all := position(t, game, 0)
			i, bad := tc.at(all)
			g, _ := position(t, game, i)
			before := stateJSON(g)
			err := g.Apply(&bad)
			if err == nil {
				t.Fatalf("illegal action %+v was accepted", bad)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not name the rule %q", err, tc.want)
			}
			if after := stateJSON(g); after != before {
				t.Errorf("refused action changed the game")
			}
			t.Logf("refused: %v", err)
		})
	}
}

// TestCashConserved asserts bank + players + treasuries is constant after every action.
func TestCashConserved(t *testing.T) {
	for _, f := range fixtureFiles(t, "*.json") {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, f))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		g, err := New(src)
		if err != nil {
			t.Fatal(err)
		}
		cash, ok := g.(interface{ TotalCash() int })
		if !ok {
			t.Fatalf("%s: game does not report its total cash", f)
		}
		total := cash.TotalCash()
		for _, a := range g18xx.Effective(src.Actions) {
			if a.Type == g18xx.TypeMessage {
				continue
			}
			ea := Convert(&a)
			if err := g.Apply(&ea); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if got := cash.TotalCash(); got != total {
				t.Fatalf("%s: after action %d (%s): total cash %d, want %d", f, a.ID, a.Type, got, total)
			}
		}
	}
}
