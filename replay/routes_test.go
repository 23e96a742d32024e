package replay

import (
	"path/filepath"
	"reflect"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/internal/fixtures"
)

// TestSolverOnFixtures solves every effective route position of every 1860
// and 1825 fixture: the optimum is at least what was played, for both
// objectives, and the solver's runs pass the engine's own route validation
// with exactly the revenue and subsidy it claims.
func TestSolverOnFixtures(t *testing.T) {
	total := map[string]int{}
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
			n, better := 0, 0
			err := EachRoutePosition(src, func(pos RoutePosition) error {
				a := pos.Action
				rev, sub, err := pos.CheckRun(a.Entity, a.Routes)
				if err != nil {
					t.Fatalf("action %d: chosen run refused: %v", a.ID, err)
				}
				sol, err := pos.Solve(a.Entity)
				if err != nil {
					t.Fatalf("action %d: %v", a.ID, err)
				}
				n++
				if sol.Revenue < rev {
					t.Errorf("action %d %s: best revenue %d < chosen %d", a.ID, a.Entity, sol.Revenue, rev)
				}
				if sol.TotalRevenue+sol.TotalSubsidy < rev+sub {
					t.Errorf("action %d %s: best total %d < chosen %d", a.ID, a.Entity, sol.TotalRevenue+sol.TotalSubsidy, rev+sub)
				}
				if sol.Revenue > rev {
					better++
				}
				for name, plan := range map[string]struct {
					rev, sub int
					routes   []engine.Route
				}{"revenue": {sol.Revenue, sol.Subsidy, sol.RevenueRoutes}, "total": {sol.TotalRevenue, sol.TotalSubsidy, sol.TotalRoutes}} {
					r, s, err := pos.CheckRun(a.Entity, plan.routes)
					if err != nil {
						t.Errorf("action %d %s: solver's %s run refused: %v\n%+v", a.ID, a.Entity, name, err, plan.routes)
						continue
					}
					if r != plan.rev || s != plan.sub {
						t.Errorf("action %d %s: solver's %s run worth %d+%d, claimed %d+%d", a.ID, a.Entity, name, r, s, plan.rev, plan.sub)
					}
				}
				return nil
			})
			if _, known := knownDivergence[name]; err != nil && !known {
				t.Fatal(err)
			}
			total[src.Title] += n
			t.Logf("%d positions, best revenue above chosen in %d", n, better)
		})
	}
	t.Logf("positions solved: %v", total)
}

// TestRouteRevenuesRecompute recomputes every stored route revenue of the
// 1825 fixtures from the track alone (the stored figure removed) and checks
// it equals the stored one, route by route.
func TestRouteRevenuesRecompute(t *testing.T) {
	routes, runs := 0, 0
	for _, game := range fixtureFiles(t, "*.json") {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, game))
		if err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		if src.Title != "1825" {
			continue
		}
		name := filepath.Base(game)
		err = EachRoutePosition(src, func(pos RoutePosition) error {
			a := pos.Action
			runs++
			want := 0
			bare := make([]engine.Route, len(a.Routes))
			copy(bare, a.Routes)
			for i := range bare {
				if bare[i].Revenue == nil {
					t.Errorf("%s action %d: route %d has no stored revenue", name, a.ID, i+1)
					return nil
				}
				want += *bare[i].Revenue
				bare[i].Revenue = nil
			}
			// without the stored figures the run is evaluated from the track
			got, _, err := pos.CheckRun(a.Entity, bare)
			if err != nil {
				t.Errorf("%s action %d: %v", name, a.ID, err)
				return nil
			}
			if got != want {
				t.Errorf("%s action %d: run recomputes to %d, stored %d", name, a.ID, got, want)
			}
			// with them, CheckRun refuses any route whose figure differs
			if _, _, err := pos.CheckRun(a.Entity, a.Routes); err != nil {
				t.Errorf("%s action %d: %v", name, a.ID, err)
			}
			routes += len(a.Routes)
			return nil
		})
		if _, known := knownDivergence[name]; err != nil && !known {
			t.Fatalf("%s: %v", name, err)
		}
	}
	t.Logf("1825: %d stored route revenues recomputed exactly in %d runs", routes, runs)
	if routes == 0 {
		t.Fatal("no 1825 routes found")
	}
}

// BenchmarkSolveRoutes solves every route position of the 1860 fixtures
// (replay time excluded).
func BenchmarkSolveRoutes(b *testing.B) {
	files, _ := fixtures.Games("1860/*.json")
	more, _ := fixtures.Games("synthetic/1860/*.json")
	files = append(files, more...)
	var srcs []*g18xx.Game
	for _, f := range files {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(b, f))
		if err != nil {
			b.Fatalf("%s: %v", f, err)
		}
		srcs = append(srcs, src)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		for _, src := range srcs {
			err := EachRoutePosition(src, func(pos RoutePosition) error {
				b.StartTimer()
				_, err := pos.Game.Solve(pos.Action.Entity)
				b.StopTimer()
				return err
			})
			if err != nil {
				b.Fatal(err)
			}
		}
		b.StartTimer()
	}
}

// TestReplayWithoutStoredRevenue replays the 1825 fixtures with every
// stored route revenue removed: the engine evaluates each run from the
// track and reaches the same result.
func TestReplayWithoutStoredRevenue(t *testing.T) {
	for _, game := range fixtureFiles(t, "*.json") {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, game))
		if err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		name := filepath.Base(game)
		if src.Title != "1825" {
			continue
		}
		if _, known := knownDivergence[name]; known {
			continue
		}
		t.Run(name, func(t *testing.T) {
			stripped := 0
			for i := range src.Actions {
				for k := range src.Actions[i].Routes {
					if src.Actions[i].Routes[k].Revenue != nil {
						src.Actions[i].Routes[k].Revenue = nil
						stripped++
					}
				}
			}
			g, _, err := Run(src, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(norm(g.Result()), norm(src.Result)) {
				t.Fatalf("result without stored revenues: want %v, got %v", src.Result, g.Result())
			}
			if stripped == 0 {
				t.Fatal("no stored revenue to strip")
			}
		})
	}
}
