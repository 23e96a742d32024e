package route_test

import (
	"path/filepath"
	"testing"

	"tresham/board"
	"tresham/compat/g18xx"
	"tresham/replay"
	"tresham/route"
)

// BenchmarkBuildNetworks builds the track network and a corporation's
// network afresh (what the first solve at a new board state pays) at
// fixture positions.
func BenchmarkBuildNetworks(b *testing.B) {
	for _, pos := range []struct {
		game string
		id   int
	}{
		{"1860/1860_game_end_bank.json", 584},
		{"1825/141331.json", 437},
	} {
		src, err := g18xx.ReadFile(filepath.Join("..", "..", "shared", "fixtures", pos.game))
		if err != nil {
			b.Skipf("fixture: %v", err)
		}
		_ = replay.EachRoutePosition(src, func(p replay.RoutePosition) error {
			if p.Action.ID != pos.id {
				return nil
			}
			var bd *board.Board
			if p.Game != nil {
				bd = p.Game.Map()
			} else {
				bd = p.G1825.Board
			}
			b.Run(filepath.Base(pos.game), func(b *testing.B) {
				for b.Loop() {
					route.BuildNetworks(bd, p.Action.Entity)
				}
			})
			return nil
		})
	}
}
