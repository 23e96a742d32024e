package t1860_test

import (
	"slices"
	"strings"
	"testing"

	"tresham/board"
	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
	"tresham/titles/t1860"
)

func readGz(t *testing.T, path string) *g18xx.Game {
	t.Helper()
	src, err := g18xx.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestNoLegalRouteRunsNothing: self-played positions where a company's
// network reaches two stops (the 18xx.games route test) but no route
// between them is legal (the first ones found re-entered a hex, which the
// rules forbid), so no train has a legal route. The route step stays open, the solver finds nothing, and
// the empty run it answers is accepted: each train runs "if it can".
// Earlier in the same game, with a legal route, the empty run is refused.
func TestNoLegalRouteRunsNothing(t *testing.T) {
	for _, tc := range []struct {
		file, corp string
	}{
		// NGStL (G9, a 4+2), found by self-play (3 players, seed 61).
		{"no-legal-route-base-3p-61.json.gz", "NGStL"},
		// FYN (B4, a 3+2 and a 2+1), found by self-play (two-player
		// map, seed 290).
		{"no-legal-route-two_player_map-2p-290.json.gz", "FYN"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			src := readGz(t, "testdata/"+tc.file)
			// The last run with a route before: a legal route existed
			// there, so the empty run is refused.
			last, runner := -1, ""
			for i, a := range src.Actions {
				if a.Type == "run_routes" && len(a.Routes) > 0 {
					last, runner = i, a.Entity.String()
				}
			}
			if last < 0 {
				t.Fatal("no run with a route")
			}
			full := src.Actions
			src.Actions = full[:last]
			g := replayed(t, src)
			refused := engine.Action{Type: "run_routes", Entity: runner, EntityType: "corporation"}
			if err := g.Apply(&refused); err == nil || !strings.Contains(err.Error(), "must run a route") {
				t.Fatalf("%s's empty run with a legal route: got %v, want a must-run refusal", runner, err)
			}

			src.Actions = full
			g = replayed(t, src)
			if !slices.Contains(g.Acting(), tc.corp) {
				t.Fatalf("acting %v, want %s", g.Acting(), tc.corp)
			}
			if !slices.ContainsFunc(g.Legal(tc.corp), func(c engine.Choice) bool {
				return c.Action.Type == "run_routes" && c.Open == "routes"
			}) {
				t.Fatalf("%s: no open run_routes listed: %v", tc.corp, g.Legal(tc.corp))
			}
			gr := g.Map().Graph(tc.corp)
			if n := gr.NodeCount(board.City) + gr.NodeCount(board.Town) + gr.NodeCount(board.Offboard); n < 2 {
				t.Fatalf("%s's network reaches %d stops, want ≥ 2 (the graph test passes)", tc.corp, n)
			}
			sol, err := g.Solve(tc.corp)
			if err != nil {
				t.Fatal(err)
			}
			if len(sol.RevenueRoutes) > 0 || len(sol.TotalRoutes) > 0 {
				t.Fatalf("solver found a run: %+v", sol)
			}
			empty := engine.Action{Type: "run_routes", Entity: tc.corp, EntityType: "corporation"}
			if err := g.Apply(&empty); err != nil {
				t.Fatalf("empty run with no legal route refused: %v", err)
			}
			if slices.Contains(g.Acting(), tc.corp) && slices.ContainsFunc(g.Legal(tc.corp), func(c engine.Choice) bool {
				return c.Action.Type == "run_routes"
			}) {
				t.Fatalf("%s still in its route step", tc.corp)
			}
		})
	}
}

func replayed(t *testing.T, src *g18xx.Game) *t1860.Game {
	t.Helper()
	g, n, err := replay.Run(src, nil)
	if err != nil {
		t.Fatalf("replay stopped after %d actions: %v", n, err)
	}
	return g.(*t1860.Game)
}
