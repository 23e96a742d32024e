package t1825_test

import (
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
	"tresham/titles/t1825"
)

// TestBestRunPassesNoJunctionTwice: at this position (a self-played game,
// GWR to run a U3 and a 3 with the #60 junction tile on T14 beside its
// line), the solver once offered a line S13-T14-U13-T12-T14-U15-V16 that
// passes T14's junction twice; 18xx.games's walk and our own run check
// refuse that (no track used twice, rule 4.5.3), so the heuristic player's
// run was refused. The best run must be one the engine accepts, at the
// same revenue.
func TestBestRunPassesNoJunctionTwice(t *testing.T) {
	src, err := readGz("testdata/junction-passed-twice.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	tg, err := replay.New(src)
	if err != nil {
		t.Fatal(err)
	}
	g := tg.(*t1825.Game)
	for _, i := range g18xx.EffectiveIndices(src.Actions) {
		a := replay.Convert(&src.Actions[i])
		if err := g.Apply(&a); err != nil {
			t.Fatalf("action %d: %v", a.ID, err)
		}
	}
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
