package bot

import (
	"fmt"
	"slices"
	"testing"

	"tresham/engine"
)

// TestRacePrune checks the racing rule on made-up statistics: a move far
// below the base policy's is dropped, a close one stays in, and one left
// alone far ahead settles the decision.
func TestRacePrune(t *testing.T) {
	worth := map[string]float64{"1": 4000 * 8, "2": 4000 * 8, "3": 4000 * 8, "4": 4000 * 8} // threshold 40
	const sd = 200.0                                                                        // one rollout's margin spread
	tests := []struct {
		name    string
		margins []float64
		in      []bool
		settled bool
	}{
		{"all far behind", []float64{0, -500, -300}, []bool{true, false, false}, true},
		{"one close", []float64{0, -500, 100}, []bool{true, false, true}, false},
		{"one far ahead", []float64{0, -500, 400}, []bool{true, false, true}, true},
		{"two ahead", []float64{0, 350, 400}, []bool{true, true, true}, false},
	}
	for _, tc := range tests {
		n := len(tc.margins)
		visits := slices.Repeat([]int{8}, n)
		m2 := slices.Repeat([]float64{sd * sd * 7}, n)
		r := newRace(n)
		got := r.prune(&Search{}, tc.margins, visits, m2, worth)
		if got != tc.settled || !slices.Equal(r.in, tc.in) {
			t.Errorf("%s: settled %v, in %v; want %v, %v", tc.name, got, r.in, tc.settled, tc.in)
		}
	}
}

// TestRaceOpening races the opening stock-round decision of 1825 on a
// node budget: it stays within the budget, plays a listed move, gives
// every candidate still in the race the same rollouts give or take one,
// and ends before the budget once every other move is dropped.
func TestRaceOpening(t *testing.T) {
	g, entity := openingStockRound(t)
	s := NewSearch(Budget{Nodes: 1}, 1)
	s.Race = true
	an, err := s.Analyse(g, entity, Budget{Nodes: 6000})
	if err != nil {
		t.Fatal(err)
	}
	if an.Nodes > 6000 {
		t.Errorf("%d nodes spent, budget 6000", an.Nodes)
	}
	legal := g.Legal(entity)
	if !slices.ContainsFunc(legal, func(c engine.Choice) bool { return fmt.Sprint(c.Action) == fmt.Sprint(an.Moves[0].Action) }) {
		t.Errorf("played %+v, not listed", an.Moves[0].Action)
	}
	most := 0
	for _, m := range an.Moves {
		most = max(most, m.Rollouts)
	}
	if an.early && an.Nodes >= 6000 {
		t.Errorf("ended early with the whole budget spent")
	}
	var counts []int
	for _, m := range an.Moves {
		counts = append(counts, m.Rollouts)
	}
	t.Logf("%d candidates, rollouts %v, %d nodes, early %v, played %s", len(an.Moves), counts, an.Nodes, an.early, an.Moves[0].Action.Type)
	if most < raceMinRounds {
		t.Errorf("at most %d rollouts of a move: the race did not run", most)
	}
}
