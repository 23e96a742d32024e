package route_test

import (
	"path/filepath"
	"testing"

	"tresham/board"
	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
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
		src, err := g18xx.DecodeBytes(fixtures.MustRead(b, pos.game))
		if err != nil {
			b.Fatalf("%s: %v", pos.game, err)
		}
		_ = replay.EachRoutePosition(src, func(p replay.RoutePosition) error {
			if p.Action.ID != pos.id {
				return nil
			}
			bd := p.Game.Map()
			b.Run(filepath.Base(pos.game), func(b *testing.B) {
				for b.Loop() {
					route.BuildNetworks(bd, p.Action.Entity)
				}
			})
			return nil
		})
	}
}

// BenchmarkTrackNetAfterLay builds the track network after one tile lay
// of a real game afresh and by updating the network before the lay.
func BenchmarkTrackNetAfterLay(b *testing.B) {
	for _, game := range []string{"1860/1860_game_end_bank.json", "1825/141331.json"} {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(b, game))
		if err != nil {
			b.Fatalf("%s: %v", game, err)
		}
		g, err := replay.New(src)
		if err != nil {
			b.Fatal(err)
		}
		// the boards before and after the last tile lay of the game
		var before, after *board.Board
		var last uint64
		for _, i := range g18xx.EffectiveIndices(src.Actions) {
			a := &src.Actions[i]
			if a.Type == g18xx.TypeMessage {
				continue
			}
			ea := replay.Convert(a)
			if err := g.Apply(&ea); err != nil {
				b.Fatal(err)
			}
			bd := boardOf(g)
			if bd != nil && bd.TileVersion() != last {
				last = bd.TileVersion()
				before, after = after, bd.Clone()
			}
		}
		fresh, update := route.TrackNetBuilds(before, after)
		b.Run(filepath.Base(game)+"/fresh", func(b *testing.B) {
			for b.Loop() {
				fresh()
			}
		})
		b.Run(filepath.Base(game)+"/update", func(b *testing.B) {
			for b.Loop() {
				update()
			}
		})
	}
}
