package t1825

import (
	"strings"
	"testing"

	"tresham/engine"
)

// TestRunWaitsForTrackStep: while the track and base step is open (the
// company may still lay or place a base), a run is refused, as
// 18xx.games refuses it ("Blocking step"), and changes nothing; once the
// company passes the step, the same run is accepted. The same in both
// modes (issue 21).
func TestRunWaitsForTrackStep(t *testing.T) {
	for _, rules := range [][]string{{"unit_1"}, {"unit_1", "printed_rules"}} {
		t.Run(strings.Join(rules, "+"), func(t *testing.T) {
			g := reachPlay(t, 3, rules, nil, func(g *Game) bool {
				if g.op == nil || g.IsFinished() || g.op.step != stTrack {
					return false
				}
				c := g.op.Current()
				rev, err := g.BestRevenue(c.Sym)
				return err == nil && rev > 0
			})
			c := g.op.Current()
			run := engine.CorpAction(c, "run_routes")
			var err error
			if run.Routes, err = g.BestRoutes(c.Sym); err != nil {
				t.Fatal(err)
			}
			for _, ch := range g.Legal(c.Sym) {
				if ch.Action.Type == "run_routes" {
					t.Error("a run is listed while the track step is open")
				}
			}
			before := stateJSON(t, g)
			x := run
			if err := g.Apply(&x); err == nil || !strings.Contains(err.Error(), "track") {
				t.Fatalf("run while the track step is open: err %v, want a refusal naming the track step", err)
			}
			if stateJSON(t, g) != before {
				t.Fatal("the refusal changed the game")
			}
			pass := engine.CorpAction(c, "pass")
			if err := g.Apply(&pass); err != nil {
				t.Fatal(err)
			}
			if err := g.Apply(&run); err != nil {
				t.Fatalf("the run after passing the track step: %v", err)
			}
		})
	}
}
