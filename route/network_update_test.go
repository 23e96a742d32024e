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

// TestUpdateTrackNet checks that the track network updated after tile
// lays (from the board one, two and three tile states back) equals the
// one built afresh, numbering and order included, at every tile state of
// real and synthetic games; and backwards (track taken away, as when the
// bot tries one candidate tile after another on copies of the map).
func TestUpdateTrackNet(t *testing.T) {
	games, err := fixtures.Games("*/*.json")
	if err != nil {
		t.Fatal(err)
	}
	synth, err := fixtures.Games("synthetic/*/*.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(synth) > 6 {
		synth = synth[:6]
	}
	games = append(games, synth...)
	for _, path := range games {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, path))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var last uint64
		var boards []*board.Board
		g, err := replay.New(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range g18xx.EffectiveIndices(src.Actions) {
			a := &src.Actions[i]
			if a.Type == g18xx.TypeMessage {
				continue
			}
			ea := replay.Convert(a)
			if err := g.Apply(&ea); err != nil {
				t.Fatalf("%s: action %d: %v", path, a.ID, err)
			}
			b := boardOf(g)
			if b == nil || b.TileVersion() == last {
				continue
			}
			last = b.TileVersion()
			boards = append(boards, b.Clone())
		}
		if len(boards) < 10 {
			t.Errorf("%s: only %d tile states", path, len(boards))
		}
		var fwd, back route.TrackNetChecker
		for i := range boards {
			if err := fwd.Check(boards[i]); err != nil {
				t.Fatalf("%s: tile state %d: %v", filepath.Base(path), i, err)
			}
			j := len(boards) - 1 - i
			if err := back.Check(boards[j]); err != nil {
				t.Fatalf("%s: backwards, tile state %d: %v", filepath.Base(path), j, err)
			}
		}
	}
}

// boardOf returns the map of an 1860 or 1825 game (nil for others).
func boardOf(g replay.Game) *board.Board {
	if m, ok := g.(interface{ Map() *board.Board }); ok {
		return m.Map()
	}
	return nil
}
