package main

import (
	"path/filepath"
	"testing"

	"tresham/compat/g18xx"
	"tresham/replay"
)

func TestZZStats(t *testing.T) {
	for _, pos := range []struct {
		game string
		id   int
	}{
		{"synthetic/1860/1860-base-2p-3.json", 795},
		{"synthetic/1860/1860-base-3p-15.json", 826},
		{"synthetic/1860/1860-base-3p-15.json", 937},
		{"synthetic/1860/1860-base-3p-15.json", 739},
	} {
		src, _ := g18xx.ReadFile(filepath.Join(fixturesRoot, pos.game))
		replay.EachRoutePosition(src, func(p replay.RoutePosition) error {
			if p.Action.ID != pos.id {
				return nil
			}
			s, err := p.Solve(p.Action.Entity)
			t.Logf("%s %d %+v %v", pos.game, pos.id, s.Stats, err)
			return nil
		})
	}
}
