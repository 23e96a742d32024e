package replay

import (
	"path/filepath"
	"testing"

	"tresham/compat/g18xx"
)

// TestSolverOnFixtures solves every effective route position of every 1860
// fixture: the optimum is at least what was played, for both objectives,
// and the solver's runs pass the engine's own route validation with
// exactly the revenue and subsidy it claims.
func TestSolverOnFixtures(t *testing.T) {
	for _, game := range fixtureFiles(t, "*.json") {
		src, err := g18xx.ReadFile(game)
		if err != nil {
			t.Fatal(err)
		}
		if src.Title != "1860" {
			continue
		}
		t.Run(filepath.Base(game), func(t *testing.T) {
			n, better := 0, 0
			err := EachRoutePosition(src, func(pos RoutePosition) error {
				g, a := pos.Game, pos.Action
				rev, sub, err := g.CheckRun(a.Entity, a.Routes)
				if err != nil {
					t.Fatalf("action %d: chosen run refused: %v", a.ID, err)
				}
				sol, err := g.SolveRoutes(a.Entity)
				if err != nil {
					t.Fatalf("action %d: %v", a.ID, err)
				}
				n++
				if sol.Revenue.Revenue < rev {
					t.Errorf("action %d %s: best revenue %d < chosen %d", a.ID, a.Entity, sol.Revenue.Revenue, rev)
				}
				if sol.Total.Revenue+sol.Total.Subsidy < rev+sub {
					t.Errorf("action %d %s: best total %d < chosen %d", a.ID, a.Entity, sol.Total.Revenue+sol.Total.Subsidy, rev+sub)
				}
				if sol.Revenue.Revenue > rev {
					better++
				}
				for name, plan := range map[string]struct{ rev, sub int }{"revenue": {sol.Revenue.Revenue, sol.Revenue.Subsidy}, "total": {sol.Total.Revenue, sol.Total.Subsidy}} {
					routes := sol.Revenue.Routes
					if name == "total" {
						routes = sol.Total.Routes
					}
					r, s, err := g.CheckRun(a.Entity, routes)
					if err != nil {
						t.Errorf("action %d %s: solver's %s run refused: %v\n%+v", a.ID, a.Entity, name, err, routes)
						continue
					}
					if r != plan.rev || s != plan.sub {
						t.Errorf("action %d %s: solver's %s run worth %d+%d, claimed %d+%d", a.ID, a.Entity, name, r, s, plan.rev, plan.sub)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d positions, best revenue above chosen in %d", n, better)
		})
	}
}

// BenchmarkSolveRoutes solves every route position of the 1860 fixtures
// (replay time excluded).
func BenchmarkSolveRoutes(b *testing.B) {
	root := filepath.Join("..", "..", "shared", "fixtures")
	files, _ := filepath.Glob(filepath.Join(root, "1860", "*.json"))
	more, _ := filepath.Glob(filepath.Join(root, "synthetic", "1860", "*.json"))
	files = append(files, more...)
	if len(files) == 0 {
		b.Skip("fixtures not found")
	}
	var srcs []*g18xx.Game
	for _, f := range files {
		src, err := g18xx.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		for _, src := range srcs {
			err := EachRoutePosition(src, func(pos RoutePosition) error {
				b.StartTimer()
				_, err := pos.Game.SolveRoutes(pos.Action.Entity)
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
