package t1825_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tresham/titles/t1825"
)

// TestUniformPlayNeverDeadEnds plays 1825 by picking uniformly among every
// listed move (no weighting, so companies fall into receivership and lease
// trains on credit often). Every listed move must be accepted: in
// particular a lease on credit is offered only while the run it enables
// repays the debt (rule 6.4.6) — Unit 1 seed 98 once leased a train it
// could not run and was then refused every run — and a hired train runs
// even if it ran earlier in the round before it was discarded to the bank
// (Unit 2 seed 36). Games under printed_rules are played too.
func TestUniformPlayNeverDeadEnds(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	for _, tc := range []struct {
		rules []string
		seed  uint64
	}{{[]string{"unit_1"}, 98}, {[]string{"unit_1"}, 5}, {[]string{"unit_2"}, 36},
		// printed_rules: receivers pay at the end of the turn (rule 6.4.6)
		// and run the maximum (6.4.1), bankrupt companies' trains return
		// to the bank (6.3.4); uniform play meets all three often
		{[]string{"unit_1", "printed_rules"}, 3}, {[]string{"unit_2", "printed_rules"}, 4}} {
		seed := tc.seed
		g, err := t1825.New([]int{1, 2, 3}, []string{"a", "b", "c"}, tc.rules)
		if err != nil {
			t.Fatal(err)
		}
		n := t1825.PlayUniform(t, fmt.Sprintf("%v seed %d", tc.rules, seed), g, rand.New(rand.NewPCG(seed, 7)), 6000, nil)
		if !g.IsFinished() {
			t.Fatalf("seed %d: not finished after %d actions", seed, n)
		}
		if slices.Contains(tc.rules, "printed_rules") {
			// the printed rules were met, not only the game played
			for _, key := range []string{"leases", "is now bankrupt", "returns to the bank (rule 6.3.4)"} {
				if !slices.ContainsFunc(g.Engine().LogLines(), func(l string) bool { return strings.Contains(l, key) }) {
					t.Errorf("%v seed %d: no log line %q", tc.rules, seed, key)
				}
			}
		}
	}
}
