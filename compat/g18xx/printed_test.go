package g18xx_test

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"tresham/compat/g18xx"
	"tresham/replay"
	"tresham/selfplay"
)

// TestPrintedRulesRoundTrip: a game played under printed_rules says so in
// its export's optional rules, and the export, encoded and decoded,
// replays here to the same state and result (selfplay's round-trip check
// compares the states at the end).
func TestPrintedRulesRoundTrip(t *testing.T) {
	for _, cfg := range []selfplay.Config{
		{Title: "1860", Options: []string{"original_insolvency", "printed_rules"}, Players: 4, Seed: 1},
		{Title: "1860", Options: []string{"original_game", "simplified_insolvency", "printed_rules"}, Players: 3, Seed: 2},
	} {
		cfg.Bots = []string{"random"}
		cfg.Checks = selfplay.Checks{RoundTripEvery: 1 << 30} // once, at the end
		t.Run(cfg.Name(), func(t *testing.T) {
			rec, err := selfplay.Play(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Violation != nil {
				t.Fatalf("%v", rec.Violation)
			}
			if !rec.Finished {
				t.Fatalf("not finished after %d actions", rec.Actions)
			}
			b, err := g18xx.Marshal(rec.Export)
			if err != nil {
				t.Fatal(err)
			}
			var raw struct {
				Settings struct {
					OptionalRules []string `json:"optional_rules"`
				} `json:"settings"`
			}
			if err := json.Unmarshal(b, &raw); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(raw.Settings.OptionalRules, cfg.Options) {
				t.Errorf("exported optional_rules %v, want %v", raw.Settings.OptionalRules, cfg.Options)
			}
			src, err := g18xx.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			g, n, err := replay.Run(src, nil)
			if err != nil {
				t.Fatalf("re-import: after %d of %d actions: %v", n, len(src.Actions), err)
			}
			if !g.IsFinished() || !maps.Equal(g.Result(), rec.Result) {
				t.Errorf("re-imported game finished %v with %v, played %v", g.IsFinished(), g.Result(), rec.Result)
			}
		})
	}
}
