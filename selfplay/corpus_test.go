package selfplay

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"tresham/bot"
	"tresham/compat/g18xx"
	"tresham/replay"
)

// corpusDir holds self-played games of every variant, with their results,
// as gzipped 18xx.games exports (NAME.json.gz).
const corpusDir = "testdata/games"

// readCorpusGame decodes one gzipped export.
func readCorpusGame(path string) (*g18xx.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	g, err := g18xx.Decode(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// writeCorpusGame writes one export gzipped.
func writeCorpusGame(path string, g *g18xx.Game) error {
	b, err := g18xx.Marshal(g)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(append(b, '\n')); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// TestCorpusReplays replays every committed self-played game through the
// normal replay path and checks that it ends as recorded: finished, with
// the recorded end reason and result, after every action was accepted.
func TestCorpusReplays(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.json.gz"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no games in %s", corpusDir)
	}
	covered := map[string]bool{}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := readCorpusGame(f)
			if err != nil {
				t.Fatal(err)
			}
			if src.Status != "finished" || src.Result == nil || src.GameEndReason == "" {
				t.Fatalf("corpus game is not a finished game with a result (status %q)", src.Status)
			}
			g, n, err := replay.Run(src, nil)
			if err != nil {
				t.Fatalf("after %d actions: %v", n, err)
			}
			if n != len(src.Actions) {
				t.Errorf("applied %d of %d actions", n, len(src.Actions))
			}
			if !g.IsFinished() {
				t.Fatalf("replayed game is not finished")
			}
			if got := g.(Game).Engine().EndReason; got != src.GameEndReason {
				t.Errorf("end reason %q, recorded %q", got, src.GameEndReason)
			}
			if got := g.Result(); !maps.Equal(got, src.Result) {
				t.Errorf("result %v, recorded %v", got, src.Result)
			}
		})
		if src, err := readCorpusGame(f); err == nil {
			covered[Variant{Title: src.Title, Options: src.Settings.OptionalRules, Players: len(src.Players)}.String()] = true
		}
	}
	for _, v := range Variants() {
		if !covered[v.String()] {
			t.Errorf("no corpus game of variant %s (regenerate: TRESHAM_UPDATE_CORPUS=1 go test ./selfplay -run TestUpdateCorpus)", v)
		}
	}
}

// TestUpdateCorpus regenerates the corpus when TRESHAM_UPDATE_CORPUS is
// set: for each variant, the shortest finished game among a few seeds of
// the first bot kind, played with every cheap invariant checked (seeds
// that break an invariant are skipped and logged). With
// TRESHAM_UPDATE_CORPUS=missing it only adds games for the variants that
// have none, leaving the others as they are.
func TestUpdateCorpus(t *testing.T) {
	mode := os.Getenv("TRESHAM_UPDATE_CORPUS")
	if mode == "" {
		t.Skip("set TRESHAM_UPDATE_CORPUS=1 to regenerate " + corpusDir + " (=missing to add the variants it lacks)")
	}
	if err := os.MkdirAll(corpusDir, 0o755); err != nil {
		t.Fatal(err)
	}
	old, _ := filepath.Glob(filepath.Join(corpusDir, "*.json.gz"))
	have := map[string]bool{}
	for _, f := range old {
		if mode == "missing" {
			src, err := readCorpusGame(f)
			if err != nil {
				t.Fatal(err)
			}
			have[Variant{Title: src.Title, Options: src.Settings.OptionalRules, Players: len(src.Players)}.String()] = true
			continue
		}
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	kind := bot.QuickKinds()[0]
	for _, v := range Variants() {
		if have[v.String()] {
			continue
		}
		var best *Record
		for seed := uint64(1); seed <= 4 || best == nil && seed <= 12; seed++ {
			cfg := Config{Title: v.Title, Options: v.Options, Players: v.Players, Bots: []string{kind}, Seed: seed, Checks: Checks{RoundTripEvery: 1 << 30}}
			rec, err := Play(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Violation != nil || !rec.Finished {
				// the variant tests and selfplay runs report these
				t.Logf("skipped %s: %v (finished %v)", cfg.Name(), rec.Violation, rec.Finished)
				continue
			}
			if best == nil || rec.Actions < best.Actions {
				best = rec
			}
		}
		if best == nil {
			t.Fatalf("%s: no seed played to the end", v)
		}
		path := filepath.Join(corpusDir, best.Config.Name()+".json.gz")
		if err := writeCorpusGame(path, best.Export); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d actions, %s", path, best.Actions, best.EndReason)
	}
}

// TestDeterministic plays one game twice: the same seed gives the same
// actions and result.
func TestDeterministic(t *testing.T) {
	for _, kind := range append(bot.QuickKinds(), "search:300n") {
		cfg := Config{Title: "1825", Options: []string{"unit_3"}, Players: 2, Bots: []string{kind}, Seed: 3}
		var logs []string
		for range 2 {
			rec, err := Play(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			acts := slices.Clone(rec.Export.Actions)
			for i := range acts {
				acts[i].CreatedAt = 0 // the wall clock
			}
			b, err := g18xx.Marshal(&g18xx.Game{Title: "x", Players: rec.Export.Players, Actions: acts})
			if err != nil {
				t.Fatal(err)
			}
			logs = append(logs, fmt.Sprint(rec.Result)+string(b))
		}
		if logs[0] != logs[1] {
			t.Errorf("%s: two plays of seed %d differ", kind, cfg.Seed)
		}
	}
}

// TestVariantsAreValid sets up every variant: the list names only option
// combinations the titles accept, and no variant twice.
func TestVariantsAreValid(t *testing.T) {
	var names []string
	for _, v := range Variants() {
		if _, _, err := NewGame(Config{Title: v.Title, Options: v.Options, Players: v.Players}); err != nil {
			t.Errorf("%s: %v", v, err)
		}
		names = append(names, v.String())
	}
	slices.Sort(names)
	if d := len(names) - len(slices.Compact(names)); d > 0 {
		t.Errorf("%d variants listed twice", d)
	}
}
