package t1825_test

import (
	"testing"

	"tresham/compat/g18xx"
	"tresham/replay"
	"tresham/titles/t1825"
)

// TestStationWithinMatchesOracle replays every 1825 fixture and
// self-played corpus game and, after every tile lay, asks the promotion
// reach check (rule 4.3.2) of every station tile on the map, for every
// corporation with a base and trains of 2-4 stops (and the U3's 2
// cities), comparing stationWithin (line search first) with
// the former order (the network walk's lower bound first).
func TestStationWithinMatchesOracle(t *testing.T) {
	srcs, names := all1825Games(t)
	cases := []struct {
		limits []int
		cities bool
	}{
		{[]int{2, 3, 4}, false},
		{[]int{2}, true},
	}
	positions, yes, no := 0, 0, 0
	for k, src := range srcs {
		tg, err := replay.New(src)
		if err != nil {
			t.Fatalf("%s: %v", names[k], err)
		}
		g, ok := tg.(*t1825.Game)
		if !ok {
			t.Fatalf("%s: not an 1825 game", names[k])
		}
		for _, i := range g18xx.EffectiveIndices(src.Actions) {
			a := &src.Actions[i]
			if a.Type == g18xx.TypeMessage {
				continue
			}
			ea := replay.Convert(a)
			if err := g.Apply(&ea); err != nil {
				break // the game's own verdict is replay's business
			}
			if ea.Type != g18xx.TypeLayTile {
				continue
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
								t.Fatalf("%s action %d corp %s hex %s limit %d cities %v: stationWithin %v, oracle %v", names[k], a.ID, c.Sym, hex, limit, tc.cities, got, want)
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
		}
	}
	if yes == 0 || no == 0 {
		t.Errorf("answers all one way (%d yes, %d no): the comparison is vacuous", yes, no)
	}
	t.Logf("%d games, %d positions: %d yes, %d no, all as the oracle", len(srcs), positions, yes, no)
}
