package replay

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
)

var updateLogs = flag.Bool("update-logs", false, "rewrite the golden game logs in testdata/")

// TestGameLogGolden pins the text of Tresham's own game log (its wording is
// ours, not the reference's) for whole games of both titles: any change to a
// log line shows up here. Regenerate with `go test ./replay -run
// TestGameLogGolden -update-logs` and review the diff.
func TestGameLogGolden(t *testing.T) {
	for _, name := range []string{"1860/19354", "1860/1860_game_end_bank", "1825/1825_game_end_bank"} {
		files := fixtureFiles(t, filepath.Base(name)+".json")
		if len(files) == 0 {
			t.Fatalf("fixture %s missing", name)
		}
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, files[0]))
		if err != nil {
			t.Fatalf("%s: %v", files[0], err)
		}
		g, _, err := Run(src, nil)
		if err != nil {
			t.Fatal(err)
		}
		lg, ok := g.(interface{ LogLines() []string })
		if !ok {
			t.Fatalf("%s: no game log", name)
		}
		got := strings.Join(lg.LogLines(), "\n") + "\n"
		golden := filepath.Join("testdata", strings.ReplaceAll(name, "/", "_")+".log")
		if *updateLogs {
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update-logs to create it)", err)
		}
		if got != string(want) {
			wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
			for i := 0; i < len(wl) && i < len(gl); i++ {
				if wl[i] != gl[i] {
					t.Fatalf("%s: log line %d: want %q, got %q", name, i+1, wl[i], gl[i])
				}
			}
			t.Fatalf("%s: log has %d lines, want %d", name, len(gl), len(wl))
		}
	}
}
