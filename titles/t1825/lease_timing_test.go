package t1825

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"tresham/engine"
)

// TestLeaseTiming plays 1825 picking uniformly among the listed moves (so
// companies fall into receivership often) and checks at every turn of a
// company in receivership when a lease (rule 6.4.3) is listed and taken:
// in the track step only while a tile may still be laid, as 18xx.games
// offers it; after the company has laid all it may, not until its run
// (the sweep of self-played games against 18xx.games found our lease
// after an upgrade refused there).
func TestLeaseTiming(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	closedChecked, openChecked := 0, 0
	for _, seed := range []uint64{98, 5, 36, 11} {
		g, err := New([]int{1, 2, 3}, []string{"a", "b", "c"}, []string{"unit_1"})
		if err != nil {
			t.Fatal(err)
		}
		PlayUniform(t, fmt.Sprintf("seed %d", seed), g, rand.New(rand.NewPCG(seed, 7)), 6000, func(n int, choices []engine.Choice) {
			c := g.opCorp()
			if c == nil || !c.Receivership || g.op.leased != nil || len(g.depotTrains()) == 0 {
				return
			}
			listed := slices.ContainsFunc(choices, func(ch engine.Choice) bool { return ch.Action.Type == "special_buy" })
			if g.op.step == stTrack && !g.canLayTile(c) {
				closedChecked++
				if listed {
					t.Fatalf("seed %d action %d: a lease is listed for %s in the track step after its lays", seed, n, c.Sym)
				}
				a := engine.CorpAction(c, "special_buy")
				a.ID, a.Description, a.Cost = n, g.depotTrains()[0].Name, leaseCost
				if err := g.Apply(&a); err == nil {
					t.Fatalf("seed %d action %d: a lease by %s in the track step after its lays was accepted", seed, n, c.Sym)
				}
			}
			if (g.op.step == stTrack && g.canLayTile(c) || g.op.step == stRoute) && listed {
				openChecked++
			}
		})
	}
	if closedChecked == 0 || openChecked == 0 {
		t.Fatalf("positions checked: %d after the lays, %d with a lease listed; want both > 0", closedChecked, openChecked)
	}
	t.Logf("%d positions after the lays (no lease), %d with a lease listed", closedChecked, openChecked)
}

// opCorp is the company operating now, or nil outside an operating round.
func (g *Game) opCorp() *engine.Corporation {
	if g.op == nil {
		return nil
	}
	return g.op.Current()
}
