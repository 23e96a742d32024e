package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/replay"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/routes-golden.txt from the solver")

// fixtureGames lists every game file of the fixtures (real, synthetic and
// reported), sorted.
func fixtureGames(t testing.TB) []string {
	t.Helper()
	var out []string
	for _, pat := range []string{"*/*.json", "*/*/*.json"} {
		m, err := fixtures.Games(pat)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	if len(out) == 0 {
		t.Fatal("no fixture games")
	}
	slices.Sort(out)
	return out
}

// TestRoutesGolden solves every route position of every fixture and checks
// that the best revenue, its subsidy and the best revenue plus subsidy are
// those recorded in testdata/routes-golden.txt: a change to the solver may
// make it faster, never change what it finds. (Games that the engine cannot
// replay to the end contribute the positions before the refusal.)
func TestRoutesGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("solves every fixture position")
	}
	games := fixtureGames(t)
	var got []string
	for _, game := range games {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, game))
		if err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		if src.Title != "1860" && src.Title != "1825" {
			continue
		}
		got = append(got, "== "+game)
		_ = replay.EachRoutePosition(src, func(pos replay.RoutePosition) error {
			a := pos.Action
			sol, err := pos.Solve(a.Entity)
			if err != nil {
				t.Errorf("%s action %d: %v", game, a.ID, err)
				return nil
			}
			got = append(got, fmt.Sprintf("%d %s %d %d %d", a.ID, a.Entity, sol.Revenue, sol.Subsidy, sol.TotalRevenue+sol.TotalSubsidy))
			return nil
		})
	}
	path := filepath.Join("testdata", "routes-golden.txt")
	if *updateGolden {
		head := "# Best route revenues per fixture position: \"== FIXTURE\" then \"ACTION_ID CORPORATION BEST_REVENUE BEST_SUBSIDY BEST_TOTAL\".\n" +
			"# TestRoutesGolden checks the solver still finds these (-update-golden rewrites).\n"
		if err := os.WriteFile(path, []byte(head+strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			want = append(want, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	game, bad := "", 0
	for i := 0; i < max(len(got), len(want)); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if strings.HasPrefix(w, "== ") {
			game = w[3:]
		}
		if g != w {
			bad++
			if bad <= 20 {
				t.Errorf("%s: solver gives %q, golden %q", game, g, w)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d lines differ", bad, len(want))
	}
	t.Logf("%d lines over %d games", len(want), len(games))
}

// BenchmarkSolve solves chosen fixture positions: the slowest of the
// baseline (late 1860 with an 8+4), a typical real 1860 position, and real
// 1825 positions with '2' trains to pair. Run with -benchmem.
func BenchmarkSolve(b *testing.B) {
	for _, pos := range []struct {
		game string
		id   int
	}{
		{"synthetic/1860/1860-base-2p-3.json", 795},
		{"synthetic/1860/1860-base-2p-3.json", 800},
		{"synthetic/1860/1860-base-3p-15.json", 826},
		{"1860/19354.json", 487},
		{"1860/1860_game_end_bank.json", 584},
		{"1860/1860_game_end_bank.json", 232},
		{"1825/141331.json", 437},
		{"1825/1825_game_end_bank.json", 513},
	} {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(b, pos.game))
		if err != nil {
			b.Fatalf("%s: %v", pos.game, err)
		}
		name := fmt.Sprintf("%s@%d", strings.TrimSuffix(filepath.Base(pos.game), ".json"), pos.id)
		found := false
		err = replay.EachRoutePosition(src, func(p replay.RoutePosition) error {
			if p.Action.ID != pos.id {
				return nil
			}
			found = true
			b.Run(name, func(b *testing.B) {
				for b.Loop() {
					if _, err := p.Solve(p.Action.Entity); err != nil {
						b.Fatal(err)
					}
				}
			})
			return nil
		})
		if err != nil || !found {
			b.Fatalf("%s: position not reached (%v)", name, err)
		}
	}
}
