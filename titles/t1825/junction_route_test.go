package t1825_test

import (
	"testing"

	"tresham/engine"
)

// TestBestRunPassesNoJunctionTwice: at this position (a self-played game,
// GWR to run a U3 and a 3 with the #60 junction tile on T14 beside its
// line), the solver once offered a line S13-T14-U13-T12-T14-U15-V16 that
// passes T14's junction twice; 18xx.games's walk and our own run check
// refuse that (no track used twice, rule 4.5.3), so the heuristic player's
// run was refused. The best run must be one the engine accepts, at the
// same revenue.
func TestBestRunPassesNoJunctionTwice(t *testing.T) {
	g := replayTestdata(t, "junction-passed-twice.json.gz", nil)
	sol, err := g.Solve("GWR")
	if err != nil {
		t.Fatal(err)
	}
	if sol.Revenue != 390 {
		t.Errorf("best revenue %d, want 390 (200 + 190)", sol.Revenue)
	}
	a := engine.Action{ID: 1404, Type: "run_routes", Entity: "GWR", EntityType: "corporation", Routes: sol.RevenueRoutes}
	if err := g.Apply(&a); err != nil {
		t.Fatalf("the solver's best run is refused: %v", err)
	}
}
