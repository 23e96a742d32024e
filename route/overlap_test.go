package route_test

import (
	"math/rand/v2"
	"testing"

	"tresham/route"
)

// TestOverlapMatchesMap checks Overlap's linear search of packed track
// units against its map search of TrackKeys on random sets of routes
// over random 1860 track (paths drawn from a few hexes, so that units are
// often shared, and now and then from a hex off the map).
func TestOverlapMatchesMap(t *testing.T) {
	found := 0
	for seed := uint64(1); seed <= 6; seed++ {
		rng := rand.New(rand.NewPCG(seed, 11))
		b := randomTrack(t, rng)
		var hexes []string
		for _, id := range b.HexIDs() {
			if tile, _, _ := b.TileOn(id); len(tile.Paths) > 0 {
				hexes = append(hexes, id)
			}
		}
		for trial := 0; trial < 400; trial++ {
			pool := hexes
			if len(pool) > 6 {
				k := rng.IntN(len(pool) - 6)
				pool = pool[k : k+6]
			}
			routes := make([]*route.Route, 1+rng.IntN(4))
			for ri := range routes {
				if rng.IntN(8) == 0 {
					continue // a nil route
				}
				r := &route.Route{}
				for range 1 + rng.IntN(3) {
					var ch route.Chain
					for range 1 + rng.IntN(5) {
						hex := pool[rng.IntN(len(pool))]
						if rng.IntN(20) == 0 {
							hex = "Z99"
						}
						tile, _, _ := b.TileOn(hex)
						p := 0
						if tile != nil {
							p = rng.IntN(len(tile.Paths))
						}
						ch.Paths = append(ch.Paths, route.PathRef{Hex: hex, Path: p})
					}
					r.Legs = append(r.Legs, route.Leg{Chain: &ch})
				}
				routes[ri] = r
			}
			i, j, hex, ok := route.Overlap(b, routes)
			wi, wj, whex, wok := route.OverlapMap(b, routes)
			if i != wi || j != wj || hex != whex || ok != wok {
				t.Fatalf("seed %d trial %d: Overlap = %d %d %q %v, map search %d %d %q %v", seed, trial, i, j, hex, ok, wi, wj, whex, wok)
			}
			if ok {
				found++
			}
		}
	}
	if found == 0 {
		t.Error("no overlap found: the check is vacuous")
	}
	t.Logf("%d overlaps found alike", found)
}
