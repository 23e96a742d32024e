package replay

import (
	"bufio"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
)

// notState are trace keys that do not describe the game state: the action's
// own id/type/entity/auto (written by the trace writer), the fixture maker's
// route recomputation, and the log, whose wording is the reference's own
// (Tresham writes its own log lines).
var notState = map[string]bool{"id": true, "type": true, "entity": true, "auto": true, "revenue": true, "log": true}

func readGolden(t *testing.T, name string) []map[string]any {
	f, err := fixtures.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func norm(v any) any {
	b, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(b, &out)
	return out
}

// diffState compares every state field of one trace line (players,
// corporations and companies field by field, keyed by id or symbol).
func diffState(want, got map[string]any) []string {
	var diffs []string
	g := norm(got).(map[string]any)
	for k, wv := range want {
		if notState[k] {
			continue
		}
		key := map[string]string{"players": "id", "corporations": "sym", "companies": "sym"}[k]
		if key == "" {
			if !reflect.DeepEqual(wv, g[k]) {
				diffs = append(diffs, fmt.Sprintf("%s: want %v, got %v", k, wv, g[k]))
			}
			continue
		}
		wl, _ := wv.([]any)
		gl, _ := g[k].([]any)
		if len(wl) != len(gl) {
			diffs = append(diffs, fmt.Sprintf("%s: want %d entries, got %d", k, len(wl), len(gl)))
			continue
		}
		for i := range wl {
			wm, _ := wl[i].(map[string]any)
			gm, _ := gl[i].(map[string]any)
			name := fmt.Sprint(wm[key])
			if fmt.Sprint(gm[key]) != name {
				diffs = append(diffs, fmt.Sprintf("%s[%d]: want %s, got %v (order)", k, i, name, gm[key]))
				continue
			}
			for f, x := range wm {
				if !reflect.DeepEqual(x, gm[f]) {
					diffs = append(diffs, fmt.Sprintf("%s[%s].%s: want %v, got %v", k, name, f, x, gm[f]))
				}
			}
		}
	}
	sort.Strings(diffs)
	return diffs
}

// knownDivergence records, for fixtures the engine cannot yet replay to the end,
// how many trace lines currently match. The test fails if a fixture regresses
// below its floor, and asks for the entry to be removed once it matches fully.
var knownDivergence = map[string]int{}

// TestFixtureTraces replays every 1860 and 1825 fixture that has a golden trace and
// compares the state after every action with the golden line.
func TestFixtureTraces(t *testing.T) {
	files := fixtureFiles(t, "*.trace.jsonl")
	for _, tr := range files {
		game := tr[:len(tr)-len(".trace.jsonl")] + ".json"
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, game))
		if err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		if src.Title != "1860" && src.Title != "1825" {
			continue
		}
		name := filepath.Base(game)
		t.Run(name, func(t *testing.T) {
			golden := readGolden(t, tr)
			matched := 0
			g, n, err := Run(src, func(a *g18xx.Action, st map[string]any) error {
				if d := diffState(golden[matched+1], st); len(d) > 0 {
					return fmt.Errorf("action %d (%s %v): %d diffs:\n  %s\nlog: %v", a.ID, a.Type, a.Entity, len(d), join(d), golden[matched+1]["log"])
				}
				matched++
				return nil
			})
			if err == nil && !reflect.DeepEqual(norm(g.Result()), norm(src.Result)) {
				err = fmt.Errorf("result: want %v, got %v", src.Result, g.Result())
			}
			floor, known := knownDivergence[name]
			switch {
			case err == nil && known:
				t.Errorf("%s now replays exactly: remove it from knownDivergence", name)
			case err == nil:
				if matched != len(golden)-1 {
					t.Fatalf("replayed %d actions, golden trace has %d", matched, len(golden)-1)
				}
			case !known:
				t.Fatalf("after %d of %d actions (%d applied): %v", matched, len(golden)-1, n, err)
			case matched < floor:
				t.Fatalf("regression: matched %d actions, previously %d: %v", matched, floor, err)
			default:
				t.Logf("known divergence (engine incomplete, issue open): matched %d of %d actions: %v", matched, len(golden)-1, err)
			}
		})
	}
}

func join(d []string) string {
	s := ""
	for i, x := range d {
		if i > 0 {
			s += "\n  "
		}
		s += x
	}
	return s
}

// TestFixtureResults replays every 1860 and 1825 fixture (with or without a trace) and
// checks the final result and end reason against the export.
func TestFixtureResults(t *testing.T) {
	for _, game := range fixtureFiles(t, "*.json") {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, game))
		if err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		if src.Title != "1860" && src.Title != "1825" {
			continue
		}
		name := filepath.Base(game)
		t.Run(name, func(t *testing.T) {
			g, _, err := Run(src, nil)
			if _, known := knownDivergence[name]; known && err != nil {
				t.Logf("known divergence: %v", err)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !g.IsFinished() {
				t.Fatalf("game not finished after replay")
			}
			if !reflect.DeepEqual(norm(g.Result()), norm(src.Result)) {
				t.Fatalf("result: want %v, got %v", src.Result, g.Result())
			}
		})
	}
}

// fixtureFiles lists the real, synthetic and reported fixture files
// matching pattern (reported/: games 18xx.games replays that were reported
// against Tresham, kept apart until they move to synthetic/).
func fixtureFiles(t *testing.T, pattern string) []string {
	t.Helper()
	var files []string
	for _, dir := range []string{"*", "synthetic/*", "reported/*"} {
		m, err := fixtures.Glob(dir + "/" + pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatalf("no fixture matches %s", pattern)
	}
	return files
}
