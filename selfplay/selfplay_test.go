package selfplay

import (
	"context"
	"fmt"
	"testing"

	"tresham/bot"
)

// testChecks are the sampling rates of the variant tests: every cheap
// check after every action, the expensive ones (each costs about one
// replay of the game so far) often enough to reach many positions while
// keeping go test ./... within a few minutes; with -short only the
// round trip at the end.
func testChecks() Checks {
	if testing.Short() {
		return Checks{RoundTripEvery: 1 << 30}
	}
	return Checks{RoundTripEvery: 1 << 30, UndoEvery: 400, ProbeEvery: 300, ProbeMax: 3, MutateEvery: 150}
}

// TestSelfPlayVariants plays every variant with every bot kind to the end,
// with the invariants checked after every action.
func TestSelfPlayVariants(t *testing.T) {
	seeds := []uint64{1}
	for _, v := range Variants() {
		for _, kind := range bot.Kinds() {
			for _, seed := range seeds {
				cfg := Config{Title: v.Title, Options: v.Options, Players: v.Players, Bots: []string{kind}, Seed: seed, Checks: testChecks()}
				t.Run(fmt.Sprintf("%s/%s/%d", v, kind, seed), func(t *testing.T) {
					t.Parallel()
					rec, err := Play(context.Background(), cfg)
					if err != nil {
						t.Fatal(err)
					}
					if v := rec.Violation; v != nil {
						t.Fatalf("%s: %v", cfg.Name(), v)
					}
					if !rec.Finished {
						t.Fatalf("%s: not finished after %d actions", cfg.Name(), rec.Actions)
					}
					t.Logf("%d actions, ended by %s, result %v, %v", rec.Actions, rec.EndReason, rec.Result, rec.Duration)
				})
			}
		}
	}
}
