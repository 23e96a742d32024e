package t1825_test

import (
	"testing"
	"tresham/engine"

	"tresham/compat/g18xx"
	"tresham/titles/t1825"
)

// TestStationWithinMatchesOracle replays every 1825 fixture and
// self-played corpus game and, after every tile lay, asks the promotion
// reach check (rule 4.3.2) of every station tile on the map, for every
// corporation with a base and trains of 2-4 stops (and the U3's 2
// cities), comparing stationWithin (line search first) with
// the former order (the network walk's lower bound first).
func TestStationWithinMatchesOracle(t *testing.T) {
	cases := []struct {
		limits []int
		cities bool
	}{
		{[]int{2, 3, 4}, false},
		{[]int{2}, true},
	}
	positions, yes, no := 0, 0, 0
	games := each1825Position(t, func(name string, g *t1825.Game, a *g18xx.Action, ea *engine.Action) {
		if ea.Type != g18xx.TypeLayTile {
			return
		}
		positions++
		for _, hex := range g.Board.HexIDs() {
			tile, _, ok := g.Board.TileOn(hex)
			if !ok || tile == nil || tile.NumCities() == 0 {
				continue
			}
			for _, c := range g.Corps {
				if len(g.Board.TokenNodes(c.Sym)) == 0 {
					continue
				}
				for _, tc := range cases {
					for _, limit := range tc.limits {
						got, want := t1825.StationWithinBoth(g, c.Sym, hex, limit, tc.cities)
						if got != want {
							t.Fatalf("%s action %d corp %s hex %s limit %d cities %v: stationWithin %v, oracle %v", name, a.ID, c.Sym, hex, limit, tc.cities, got, want)
						}
						if got {
							yes++
						} else {
							no++
						}
					}
				}
			}
		}
	})
	if yes == 0 || no == 0 {
		t.Errorf("answers all one way (%d yes, %d no): the comparison is vacuous", yes, no)
	}
	t.Logf("%d games, %d positions: %d yes, %d no, all as the oracle", games, positions, yes, no)
}
