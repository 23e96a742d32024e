package t1860

import (
	"testing"

	"tresham/board"
	"tresham/engine"
	"tresham/engine/step"
)

// opProbes are operating moves to try beyond the near misses of the
// listing: a token in every city of the map, every dividend kind and one
// that is none, a discard of every train of the corporation.
func opProbes(g *Game, c *engine.Corporation) []engine.Action {
	var out []engine.Action
	add := func(typ string, f func(*engine.Action)) {
		a := engine.CorpAction(c, typ)
		f(&a)
		out = append(out, a)
	}
	if b := g.Board; b != nil {
		for _, h := range b.HexIDs() {
			v, _ := b.Hex(h)
			for _, n := range v.Tile.CityIndexes() {
				add("place_token", func(a *engine.Action) { a.City = b.CityID(board.NodeRef{Hex: h, Node: n}) })
			}
		}
	}
	for _, k := range []string{"payout", "withhold", "half"} {
		add("dividend", func(a *engine.Action) { a.Kind = k })
	}
	for _, t := range c.Trains {
		add("discard_train", func(a *engine.Action) { a.Train = t.ID })
	}
	return out
}

// TestOperatingStepsExact: at the operating positions of random games,
// every move the open step of the operating round lists passes its Check
// and every probe its Check accepts is listed (step.Exact); the run step
// lists run_routes with its routes open (the solver's to fill).
func TestOperatingStepsExact(t *testing.T) {
	checked := map[string]int{}
	for seed := uint64(1); seed <= 3; seed++ {
		g, err := New([]int{1, 2, 3}, []string{"A", "B", "C"}, nil, NewBoard)
		if err != nil {
			t.Fatal(err)
		}
		playUntil(t, g, seed, func(g *Game) bool {
			if g.op == nil || g.Finished || g.op.Current() == nil {
				return g.Turn > 6
			}
			c := g.op.Current()
			for _, s := range opSteps.Steps {
				if !s.Active(g) {
					continue
				}
				if err := step.Exact[*Game](g.Game, g, s, c.Sym, opProbes(g, c)...); err != nil {
					t.Fatalf("seed %d, round %d.%d, %s: %v", seed, g.Turn, g.RoundNum, c.Sym, err)
				}
				checked[s.Types()[0]]++
				if s.Blocking(g) {
					break
				}
			}
			return g.Turn > 6
		})
	}
	for _, typ := range []string{"lay_tile", "place_token", "run_routes", "dividend", "buy_train"} {
		if checked[typ] == 0 {
			t.Errorf("no position of the %s step checked", typ)
		}
	}
	t.Logf("positions by open step: %v", checked)
}
