package t1825

import (
	"testing"

	"tresham/board"
	"tresham/engine"
	"tresham/engine/step"
)

// opProbes are operating moves to try beyond the near misses of the
// listing: a base in every city of the board, a lease of every train
// name, every dividend kind and one that is none, a pass, a discard of
// every train of the company and a run of no routes.
func opProbes(g *Game, c *engine.Corporation) []engine.Action {
	var out []engine.Action
	add := func(typ string, f func(*engine.Action)) {
		a := engine.CorpAction(c, typ)
		f(&a)
		out = append(out, a)
	}
	for _, h := range g.Board.HexIDs() {
		v, _ := g.Board.Hex(h)
		for _, n := range v.Tile.CityIndexes() {
			add("place_token", func(a *engine.Action) { a.City = g.Board.CityID(board.NodeRef{Hex: h, Node: n}) })
		}
	}
	for _, t := range g.Depot.Upcoming {
		add("special_buy", func(a *engine.Action) { a.Description, a.Cost = t.Name, leaseCost })
	}
	add("special_buy", func(a *engine.Action) { a.Description = "none" })
	for _, k := range []string{"payout", "withhold", "half"} {
		add("dividend", func(a *engine.Action) { a.Kind = k })
	}
	add("pass", func(*engine.Action) {})
	for _, t := range c.Trains {
		add("discard_train", func(a *engine.Action) { a.Train = t.ID })
	}
	return out
}

// TestOperatingStepsExact: at operating positions of games of several
// unit and rule combinations, every move each open step of the operating
// round lists passes its Check, and every probe a step's Check accepts is
// listed (step.Exact). The route step lists run_routes with its routes
// open; its routes are the solver's (TestLegalIsExact and the run checks
// cover them).
func TestOperatingStepsExact(t *testing.T) {
	all := map[string]int{}
	for _, v := range []struct {
		players int
		rules   []string
	}{{3, []string{"unit_1"}}, {3, []string{"unit_1", "r1"}}, {3, []string{"unit_2"}}, {2, []string{"unit_3"}},
		{4, []string{"unit_123", "printed_rules"}}, {3, []string{"unit_1", "surveyors"}}} {
		rules := v.rules
		checked := map[string]int{}
		for seed := uint64(1); seed <= 2; seed++ {
			g := newKitGame(t, v.players, rules...)
			b := newBuilder(seed)
			if seed == 2 {
				b = newSeller(seed)
			}
			drive(t, g, b, func(g *Game) bool {
				if g.op == nil || g.IsFinished() {
					return g.Turn > 6 || g.IsFinished()
				}
				for _, ent := range g.Acting() {
					c := g.Corp(ent)
					for _, s := range opSteps.Steps {
						if !s.Active(g) {
							continue
						}
						if err := step.Exact[*Game](g.Game, g, s, ent, opProbes(g, c)...); err != nil {
							t.Fatalf("%v seed %d, round %d.%d, %s: %v", rules, seed, g.Turn, g.RoundNum, ent, err)
						}
						checked[s.Types()[0]]++
						if s.Blocking(g) {
							break
						}
					}
				}
				return g.Turn > 6
			})
		}
		for _, typ := range []string{"lay_tile", "place_token", "run_routes", "buy_train", "pass"} {
			if checked[typ] == 0 {
				t.Errorf("%v: no position of the %s step checked", rules, typ)
			}
		}
		for typ, n := range checked {
			all[typ] += n
		}
		t.Logf("%v: %v", rules, checked)
	}
	for _, typ := range []string{"dividend", "special_buy", "move_surveyor"} {
		if all[typ] == 0 {
			t.Errorf("no position of the %s step checked", typ)
		}
	}
}
