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
	return Checks{RoundTripEvery: 1 << 30, UndoEvery: 400, ProbeEvery: 300, ProbeMax: 3, MutateEvery: 150, FormsEvery: 70}
}

// shortGameActions is how far TestSelfPlayVariants plays the
// configurations beyond Variants: far enough for several stock and
// operating rounds, first trains and sales, in a few seconds each.
const shortGameActions = 300

// TestSelfPlayVariants plays every variant with every bot kind to the end,
// and every other configuration of AllVariants for shortGameActions actions
// with the bot kinds alternating by seat, with the invariants checked after
// every action (the expensive ones sampled: see testChecks).
func TestSelfPlayVariants(t *testing.T) {
	seeds := []uint64{1}
	full := map[string]bool{}
	for _, v := range Variants() {
		full[v.String()] = true
	}
	kinds := bot.QuickKinds()
	for i, v := range AllVariants() {
		if !full[v.String()] {
			bots := make([]string, v.Players)
			for s := range bots {
				bots[s] = kinds[(s+i)%len(kinds)]
			}
			cfg := Config{Title: v.Title, Options: v.Options, Players: v.Players, Bots: bots, Seed: uint64(i + 1), MaxActions: shortGameActions, Checks: testChecks()}
			t.Run(fmt.Sprintf("%s/short/%d", v, cfg.Seed), func(t *testing.T) {
				t.Parallel()
				rec, err := Play(context.Background(), cfg)
				if err != nil {
					t.Fatal(err)
				}
				if v := rec.Violation; v != nil {
					t.Fatalf("%s: %v", cfg.Name(), v)
				}
				t.Logf("%d actions, %v", rec.Actions, rec.Duration)
			})
			continue
		}
		for _, kind := range kinds {
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

// TestSellFormsListed plays games with every distinct sale of every acting
// player tried after every action: each form Apply accepts must be listed
// by Legal (and each listed one accepted). The first is issue 21's repro,
// where the director's certificate sold alone was accepted but not listed.
func TestSellFormsListed(t *testing.T) {
	for _, cfg := range []Config{
		{Title: "1860", Options: []string{"original_insolvency"}, Players: 3, Bots: []string{"heuristic", "random", "random"}, Seed: 76601875, MaxActions: 700},
		{Title: "1860", Players: 4, Bots: []string{"random"}, Seed: 5, MaxActions: 400},
		{Title: "1825", Options: []string{"unit_12"}, Players: 4, Bots: []string{"random"}, Seed: 3, MaxActions: 400},
		{Title: "1825", Options: []string{"unit_1", "r1"}, Players: 3, Bots: []string{"heuristic", "random", "random"}, Seed: 8, MaxActions: 400},
	} {
		cfg.Checks = Checks{FormsEvery: 3}
		if testing.Short() {
			cfg.Checks.FormsEvery = 15
		}
		t.Run(cfg.Name(), func(t *testing.T) {
			t.Parallel()
			rec, err := Play(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if v := rec.Violation; v != nil {
				t.Fatalf("%v", v)
			}
			t.Logf("%d actions, %d sale forms tried", rec.Actions, rec.Counts["sell-forms"])
		})
	}
}
