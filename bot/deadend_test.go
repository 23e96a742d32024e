package bot

import (
	"testing"
)

// TestDeadEndLay checks deadEndLay against the route solvers: at every
// tile lay decision of heuristic games in both titles, every listed lay
// it calls dead-end must leave the company's estimated run (the title's
// exact solver where the heuristic uses it, and the generic one) and the
// stations its network reaches as they were. It also asks that some lays
// are called dead-end, so that the skipped solves are tested at all.
func TestDeadEndLay(t *testing.T) {
	tests := []struct {
		title string
		seed  uint64
	}{
		{"1860", 1}, {"1860", 2}, {"1825", 1}, {"1825", 2},
	}
	for _, tc := range tests {
		g, err := newFour(tc.title)
		if err != nil {
			t.Fatal(err)
		}
		seats := map[int]Player{}
		for i := 1; i <= 4; i++ {
			seats[i] = NewHeuristic(tc.seed*10 + uint64(i))
		}
		checked, dead := 0, 0
		for n := 0; n < 700 && !g.IsFinished(); n++ {
			entity := g.Acting()[0]
			p, err := positionOf(g)
			if err != nil {
				t.Fatal(err)
			}
			if c := p.eg.Corp(entity); c != nil && p.b != nil {
				base, baseN := p.revenue(p.b, c), stationCount(p.b, c.Sym)
				baseA := p.approxRevenue(p.b, c, p.evalTrains(c))
				for _, ch := range g.Legal(entity) {
					if ch.Action.Type != "lay_tile" {
						continue
					}
					nb, err := afterLay(p.b, &ch.Action)
					if err != nil {
						continue
					}
					checked++
					if !deadEndLay(p.b, nb, ch.Action.Hex) {
						continue
					}
					dead++
					if r, s, a := p.revenue(nb, c), stationCount(nb, c.Sym), p.approxRevenue(nb, c, p.evalTrains(c)); r != base || s != baseN || a != baseA {
						t.Errorf("%s seed %d action %d: %s lays %s %s rot %d, called dead-end: run %d -> %d, generic %d -> %d, stations %d -> %d",
							tc.title, tc.seed, n, c.Sym, ch.Action.Hex, ch.Action.Tile, ch.Action.Rotation, base, r, baseA, a, baseN, s)
					}
				}
			}
			if _, err := Play(g, seats, PlayOptions{MaxActions: 1, FirstID: n + 1}); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%s seed %d: %d of %d listed lays dead-end", tc.title, tc.seed, dead, checked)
		if dead == 0 {
			t.Errorf("%s seed %d: no dead-end lay among %d", tc.title, tc.seed, checked)
		}
	}
}
