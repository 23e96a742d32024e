package mapview

import (
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/replay"
	"tresham/titles/title"
)

// TestLeasedTrains follows real games of both titles in which companies
// run trains they do not own (1860: insolvent companies lease the depot's
// next train; 1825: a company in receivership hires one): before every
// run, the train the view says the company leases is exactly the train of
// its run that it does not own, and a leased train is named only for a
// company that then runs it. The view's corporation rows carry it.
func TestLeasedTrains(t *testing.T) {
	for _, fixture := range []string{"1860/1860_game_end_bank.json", "1825/1825_game_end_bank.json"} {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, fixture))
		if err != nil {
			t.Fatal(err)
		}
		g, err := replay.New(src)
		if err != nil {
			t.Fatal(err)
		}
		eg := g.Engine()
		runs, leasedRuns, rowChecked := 0, 0, false
		for _, i := range g18xx.EffectiveIndices(src.Actions) {
			a := &src.Actions[i]
			if a.Type == g18xx.TypeMessage {
				continue
			}
			leased := g.(title.Leaser).LeasedTrains()
			for sym := range leased {
				c := eg.Corp(sym)
				if c == nil || c.Closed {
					t.Fatalf("%s before %d: %q leases %s", fixture, a.ID, sym, leased[sym])
				}
			}
			if a.Type == g18xx.TypeRunRoutes {
				runs++
				sym, _ := a.Entity.Symbol()
				c := eg.Corp(sym)
				var unowned []string
				for _, r := range a.Routes {
					own := false
					for _, tr := range c.Trains {
						own = own || tr.ID == r.Train
					}
					if !own {
						unowned = append(unowned, r.Train)
					}
				}
				switch {
				case len(unowned) > 1:
					t.Fatalf("%s action %d: %s runs %v, not its own", fixture, a.ID, sym, unowned)
				case len(unowned) == 1 && leased[sym] != unowned[0]:
					t.Fatalf("%s action %d: %s runs %s, not its own; the view says it leases %q", fixture, a.ID, sym, unowned[0], leased[sym])
				case len(unowned) == 0 && leased[sym] != "" && len(a.Routes) > 0:
					t.Fatalf("%s action %d: %s runs its own trains; the view says it leases %q", fixture, a.ID, sym, leased[sym])
				case len(unowned) == 1:
					leasedRuns++
					if !rowChecked {
						v, err := RenderGame(g)
						if err != nil {
							t.Fatal(err)
						}
						for _, row := range v.Rules.Corporations {
							if want := leased[row.Sym]; row.Leased != want {
								t.Fatalf("%s before %d: %s's row leases %q, the game %q", fixture, a.ID, row.Sym, row.Leased, want)
							}
						}
						rowChecked = true
					}
				}
			}
			ea := replay.Convert(a)
			if err := g.Apply(&ea); err != nil {
				t.Fatalf("%s action %d: %v", fixture, a.ID, err)
			}
		}
		if leasedRuns == 0 || !rowChecked {
			t.Errorf("%s: %d runs, none with a leased train", fixture, runs)
		}
		t.Logf("%s: %d runs, %d with a leased train", fixture, runs, leasedRuns)
	}
}
