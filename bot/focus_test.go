package bot

import (
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"tresham/engine"
)

// TestFocusedSearch checks a small budget's search in an opening 1825
// stock round: it compares the heuristic's move (first) and its next
// choices, distinct and legal, at most Focus of them, and gives each
// several short rollouts on the same futures.
func TestFocusedSearch(t *testing.T) {
	g, entity := openingStockRound(t)
	s := NewSearch(Budget{Nodes: 900}, 1)
	if k := s.focus(); k != 0 {
		t.Errorf("a search focuses on %d moves unless told, want none", k)
	}
	s.Focus = 3
	ha, err := s.h.Choose(g, entity)
	if err != nil {
		t.Fatal(err)
	}
	cands := s.ranked(g, entity, ha, 3)
	if len(cands) < 2 || len(cands) > 3 {
		t.Fatalf("%d moves ranked, want 2 or 3", len(cands))
	}
	eg := Engine(g)
	legal := g.Legal(entity)
	keys := map[string]bool{}
	for i, a := range cands {
		if !slices.ContainsFunc(legal, func(c engine.Choice) bool { return fmt.Sprint(c.Action) == fmt.Sprint(a) }) {
			t.Errorf("ranked move %d %+v is not listed", i, a)
		}
		if k := moveKey(eg, a); keys[k] {
			t.Errorf("ranked move %d repeats %s", i, k)
		} else {
			keys[k] = true
		}
	}
	if moveKey(eg, cands[0]) != moveKey(eg, ha) {
		t.Errorf("first ranked move %v, want the heuristic's %v", cands[0], ha)
	}
	an, err := s.analyse(g, entity, cands, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if an.Nodes > 900 {
		t.Errorf("%d nodes spent, budget 900", an.Nodes)
	}
	for _, m := range an.Moves {
		if m.Rollouts < 2 || len(m.runs) != m.Rollouts {
			t.Errorf("%s: %d rollouts (%d margins kept), want two or more", m.Action.Type, m.Rollouts, len(m.runs))
		}
	}
	t.Logf("%d candidates, %d nodes, rollouts %d/%d", len(an.Moves), an.Nodes, an.Moves[0].Rollouts, an.Moves[1].Rollouts)
}

// TestPairedError checks the standard error of a lead measured pair by
// pair: a steady lead has none, a lead that varies has its spread over
// the root of the pairs, fewer than two pairs say nothing; and a focused
// search plays another move only for a paired lead over the threshold and
// one standard error.
func TestPairedError(t *testing.T) {
	h := Evaluation{Rollouts: 4, runs: []float64{-300, 100, 500, 0}, Worth: map[string]float64{"1": 3000, "2": 3000}}
	for _, c := range []struct {
		name   string
		runs   []float64
		se     float64
		better bool
	}{
		{"steady lead", []float64{-250, 150, 550, 50}, 0, true},
		{"lead under the threshold", []float64{-290, 110, 510, 10}, 0, false},
		{"varying lead", []float64{-200, 100, 600, 0}, math.Sqrt(10000.0 / 12), true},
		{"two pairs", []float64{-250, 150}, 0, false},
		{"lead inside the noise", []float64{-100, 0, 600, -40}, math.Sqrt(55200.0 / 12), false},
		{"one pair", []float64{900}, math.Inf(1), false},
	} {
		ev := Evaluation{Rollouts: len(c.runs), runs: c.runs}
		for _, m := range c.runs {
			ev.Margin += m / float64(len(c.runs))
		}
		se, _ := pairedError(ev, h)
		if math.Abs(se-c.se) > 1e-9 && !(math.IsInf(se, 1) && math.IsInf(c.se, 1)) {
			t.Errorf("%s: paired error %.2f, want %.2f", c.name, se, c.se)
		}
		if got := NewSearch(Budget{Nodes: 1}, 1).clearlyBetter(ev, h, true); got != c.better {
			t.Errorf("%s: clearlyBetter = %v, want %v", c.name, got, c.better)
		}
	}
}

// TestCycleWatch checks where a focused rollout ends: at the first stock
// round after an operating round begun after the decision.
func TestCycleWatch(t *testing.T) {
	for _, c := range []struct {
		name  string
		kinds []string
		stop  int // index of the step it ends at; -1: none
	}{
		{"from a stock round", []string{"Stock", "Stock", "Operating", "Operating", "Stock"}, 4},
		{"from an operating round", []string{"Operating", "Operating", "Stock", "Operating", "Operating", "Stock"}, 5},
		{"from the 1860 auction", []string{"Auction", "Stock", "Operating", "Stock"}, 3},
		{"not yet", []string{"Operating", "Stock", "Operating"}, -1},
	} {
		w := cycleWatch{last: c.kinds[0]}
		got := -1
		for i, k := range c.kinds {
			if w.done(k) {
				got = i
				break
			}
		}
		if got != c.stop {
			t.Errorf("%s: ends at step %d, want %d", c.name, got, c.stop)
		}
	}
}
