package replay

import (
	"errors"
	"slices"
	"testing"

	"tresham/engine"
)

// opRefusal builds, at the position before one of a game's operating
// actions, an illegal variant of it (nil when this action gives none).
type opRefusal struct {
	name string
	typ  string
	bad  func(g Game, a engine.Action) *engine.Action
}

var opRefusals = []opRefusal{
	{"bad tile", "lay_tile", func(g Game, a engine.Action) *engine.Action {
		// a rotation Legal does not list: the board refuses it
		listed := g.Legal(a.Entity)
		for d := 1; d < 6; d++ {
			b := a
			b.Rotation = (a.Rotation + d) % 6
			if !slices.ContainsFunc(listed, func(ch engine.Choice) bool {
				return ch.Action.Type == "lay_tile" && ch.Action.Hex == b.Hex && ch.Action.Tile == b.Tile && ch.Action.Rotation == b.Rotation
			}) {
				return &b
			}
		}
		return nil
	}},
	{"bad token", "place_token", func(g Game, a engine.Action) *engine.Action {
		b := a
		b.City = "X-0-0"
		return &b
	}},
	{"bad train price", "buy_train", func(g Game, a engine.Action) *engine.Action {
		b := a
		b.Price = a.Price + 5 // never a listed price (bank prices, or tens)
		return &b
	}},
	{"bad dividend kind", "dividend", func(g Game, a engine.Action) *engine.Action {
		b := a
		b.Kind = "half"
		return &b
	}},
}

// TestOperatingRefusalChangesNothing: a refused operating action leaves the
// game exactly as it was without being replayed: the state and the log are
// unchanged, and a corporation the caller held is still the live one (a
// replay would have rebuilt every corporation). The game then goes on with
// the real action.
func TestOperatingRefusalChangesNothing(t *testing.T) {
	for _, file := range []string{"1860/19354.json", "synthetic/1860/1860-base-3p-9.json", "1825/1825_game_end_bank.json", "synthetic/1825/1825-unit_12-4p-39.json"} {
		for _, tc := range opRefusals {
			t.Run(file+"/"+tc.name, func(t *testing.T) {
				_, all := position(t, file, 0)
				g, _ := position(t, file, 0)
				tried := 0
				for i := range all {
					a := all[i]
					if a.Type == tc.typ && len(a.Auto) == 0 && tried < 5 && g.State()["round"] == "Operating" {
						if bad := tc.bad(g, a); bad != nil {
							tried++
							refuseUnchanged(t, g, bad)
						}
					}
					if err := g.Apply(&all[i]); err != nil {
						t.Fatalf("action %d after the refusal: %v", a.ID, err)
					}
				}
				if tried == 0 {
					t.Fatalf("no %s found", tc.typ)
				}
			})
		}
	}
}

func refuseUnchanged(t *testing.T, g Game, bad *engine.Action) {
	t.Helper()
	eg := Engine(g)
	held := eg.Corp(bad.Entity)
	before, logLen := stateJSON(g), len(eg.Log)
	err := g.Apply(bad)
	if err == nil {
		t.Fatalf("illegal %s %s accepted", bad.Type, bad.Brief())
	}
	if re := (*engine.RuleError)(nil); !errors.As(err, &re) {
		t.Errorf("refusal %v is not a RuleError", err)
	}
	if stateJSON(g) != before || len(Engine(g).Log) != logLen {
		t.Fatalf("refused %s %s changed the game", bad.Type, bad.Brief())
	}
	if Engine(g) != eg || eg.Corp(bad.Entity) != held {
		t.Fatalf("refused %s %s replaced the game's corporations (restored by replay)", bad.Type, bad.Brief())
	}
}

// BenchmarkRefusedOperatingAction measures refused operating actions (a
// dividend kind, an unknown tile) and a refused stock-round action against
// what a refusal cost when it was undone by replaying the game, at a
// similar point of the same game.
func BenchmarkRefusedOperatingAction(b *testing.B) {
	const file = "1860/19354.json"
	t := &testing.T{}
	_, all := position(t, file, 0)
	at := func(typ string) int {
		for i := len(all) / 2; i < len(all); i++ {
			if all[i].Type == typ && len(all[i].Auto) == 0 {
				return i
			}
		}
		b.Fatalf("no %s in the second half of %s", typ, file)
		return 0
	}
	b.Run("operating/dividend", func(b *testing.B) {
		i := at("dividend")
		g, _ := position(t, file, i)
		bad := all[i]
		bad.Kind = "half"
		b.ResetTimer()
		for range b.N {
			if g.Apply(&bad) == nil {
				b.Fatal("accepted")
			}
		}
	})
	b.Run("operating/lay_tile", func(b *testing.B) {
		i := at("lay_tile")
		g, _ := position(t, file, i)
		bad := all[i]
		bad.Tile = "9-99"
		b.ResetTimer()
		for range b.N {
			if g.Apply(&bad) == nil {
				b.Fatal("accepted")
			}
		}
	})
	b.Run("stock/buy_shares", func(b *testing.B) {
		i := at("buy_shares")
		g, _ := position(t, file, i)
		bad := all[i]
		bad.Shares = []string{"NOSUCH_1"}
		b.ResetTimer()
		for range b.N {
			if g.Apply(&bad) == nil {
				b.Fatal("accepted")
			}
		}
	})
	// the cost of a refusal undone by replay: the game rebuilt from its
	// accepted actions (Undo), then the last one applied again
	b.Run("reference/replay", func(b *testing.B) {
		i := at("dividend")
		g, _ := position(t, file, i)
		last := all[i-1]
		b.ResetTimer()
		for range b.N {
			if err := g.Undo(); err != nil {
				b.Fatal(err)
			}
			if err := g.Apply(&last); err != nil {
				b.Fatal(err)
			}
		}
	})
}
