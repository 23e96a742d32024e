package t1825

import (
	"errors"
	"testing"

	"tresham/board"
	"tresham/engine"
)

// TestPromotionReach checks rule 4.3.2 on a line of stations from X's
// base: A1 city (base) – A3 town – A5 halt – A7 city – A9 the promoted
// city. Three stops count before A9 (the halt is free; the U3 counts two
// cities).
func TestPromotionReach(t *testing.T) {
	spec := board.Spec{Layout: board.Flat, DirectedWalk: true, Hexes: []board.HexSpec{
		{ID: "A1", Color: board.Yellow, Code: "city=revenue:20;path=a:0,b:_0"},
		{ID: "A3", Color: board.Yellow, Code: "town=revenue:10;path=a:3,b:_0;path=a:_0,b:0"},
		{ID: "A5", Color: board.Green, Code: "town=revenue:10,visit_cost:0;path=a:3,b:_0;path=a:_0,b:0;label=HALT"},
		{ID: "A7", Color: board.Yellow, Code: "city=revenue:20;path=a:3,b:_0;path=a:_0,b:0"},
		{ID: "A9", Color: board.Green, Code: "city=revenue:30,slots:2;path=a:3,b:_0"},
	}}
	old := board.MustParseTile("57", board.Yellow, "city=revenue:20;path=a:3,b:_0")
	for _, tc := range []struct {
		trains  []string
		blockA7 bool
		want    error
	}{
		{nil, false, ErrNoTrain},
		{[]string{"3"}, false, ErrNotReachable},
		{[]string{"2", "2"}, false, ErrNotReachable},
		{[]string{"4"}, false, nil},
		{[]string{"2", "4"}, false, nil},
		{[]string{"U3"}, false, nil},
		{[]string{"4+4E"}, false, nil},
		{[]string{"4"}, true, ErrNotReachable},
	} {
		b, err := board.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.PlaceToken(board.NodeRef{Hex: "A1"}, "X", board.TokenOptions{}); err != nil {
			t.Fatal(err)
		}
		if tc.blockA7 {
			if _, err := b.PlaceToken(board.NodeRef{Hex: "A7"}, "Y", board.TokenOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		c := &engine.Corporation{Sym: "X", Tokens: []engine.Token{{Location: "A1-0"}}}
		for _, n := range tc.trains {
			c.Trains = append(c.Trains, &engine.Train{ID: n + "-0", Name: n, Owner: "X"})
		}
		g := &Game{Game: &engine.Game{}, defs: map[string]CorpDef{"X": {Sym: "X"}}}
		v, _ := b.Hex("A9")
		err = g.checkReach(c, b, board.Lay{Hex: "A9", Tile: v.Tile, Old: old, Corp: "X"})
		if !errors.Is(err, tc.want) && !(err == nil && tc.want == nil) {
			t.Errorf("trains %v (A7 blocked %v): %v, want %v", tc.trains, tc.blockA7, err, tc.want)
		}
	}
}

// TestNewTrackLine checks the first half of rule 4.3.2 with 4.5.3 and
// 4.5.7: the new track of a promotion must be part of a line leading to a
// base, and a line never uses the same piece of track twice (two lines
// converging at a hex side meet it "as a single line"). X (B4) holds a
// straight from the base above (B2) down to the city Y (B6); Y is joined to
// the city Z (C5), which touches X's lower-right side. The promotion adds
// track from X's bottom side (shared with the straight) to Z. From the
// base, that new track is reached only by running B2-X-Y-Z and back into
// X across its lower-right side, then out over the bottom side again: the
// side where both tracks converge is crossed twice, so no line of the
// company uses the new track, unless Z is reached another way (its own
// base there).
func TestNewTrackLine(t *testing.T) {
	old := board.MustParseTile("9", board.Yellow, "path=a:0,b:3")
	for _, tc := range []struct {
		name  string
		baseZ bool
		want  error
	}{
		{"only over the shared side twice", false, ErrNoNewTrack},
		{"Z is a base too", true, nil},
	} {
		spec := board.Spec{Layout: board.Flat, DirectedWalk: true, Hexes: []board.HexSpec{
			{ID: "B2", Color: board.Yellow, Code: "city=revenue:20;path=a:0,b:_0"},
			{ID: "B4", Color: board.Green, Code: "path=a:0,b:3;path=a:0,b:5"},
			{ID: "B6", Color: board.Yellow, Code: "city=revenue:20;path=a:3,b:_0;path=a:4,b:_0"},
			{ID: "C5", Color: board.Yellow, Code: "city=revenue:20,slots:2;path=a:1,b:_0;path=a:2,b:_0"},
		}}
		b, err := board.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		c := &engine.Corporation{Sym: "X", Tokens: []engine.Token{{Location: "B2-0"}}}
		if _, err := b.PlaceToken(board.NodeRef{Hex: "B2"}, "X", board.TokenOptions{}); err != nil {
			t.Fatal(err)
		}
		if tc.baseZ {
			if _, err := b.PlaceToken(board.NodeRef{Hex: "C5"}, "X", board.TokenOptions{}); err != nil {
				t.Fatal(err)
			}
			c.Tokens = append(c.Tokens, engine.Token{Location: "C5-0"})
		}
		g := &Game{Game: &engine.Game{}, defs: map[string]CorpDef{"X": {Sym: "X"}}}
		v, _ := b.Hex("B4")
		err = g.checkReach(c, b, board.Lay{Hex: "B4", Tile: v.Tile, Old: old, Corp: "X"})
		if !errors.Is(err, tc.want) && !(err == nil && tc.want == nil) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestPromotionReachLine checks that the train's reach of rule 4.3.2 runs
// along a line a train could run (4.5.3: no piece of track twice). From
// X's base (C2) the track runs down through C4 into C6, whose two
// branches loop round through the town C8 and meet again at C6's top;
// C4's second branch leaves its bottom side for D3, the promoted city.
// Counting stops alone, D3 is two stops from the base (C2, then C8); but
// the only way there crosses the side between C4 and C6 twice, so no
// train reaches it (the 18xx.games cross-check, 1825 unit_12 3p seed
// 61003, action 740).
func TestPromotionReachLine(t *testing.T) {
	spec := board.Spec{Layout: board.Flat, DirectedWalk: true, Hexes: []board.HexSpec{
		{ID: "C2", Color: board.Yellow, Code: "city=revenue:20;path=a:0,b:_0"},
		{ID: "C4", Color: board.Yellow, Code: "path=a:3,b:0;path=a:0,b:4"},
		{ID: "C6", Color: board.Yellow, Code: "path=a:3,b:1;path=a:3,b:5"},
		{ID: "B7", Color: board.Yellow, Code: "path=a:4,b:5"},
		{ID: "C8", Color: board.Yellow, Code: "town=revenue:10;path=a:2,b:_0;path=a:_0,b:4"},
		{ID: "D7", Color: board.Yellow, Code: "path=a:1,b:2"},
		{ID: "D3", Color: board.Green, Code: "city=revenue:30,slots:2;path=a:1,b:_0"},
	}}
	old := board.MustParseTile("57", board.Yellow, "city=revenue:20;path=a:1,b:_0")
	for _, tc := range []struct {
		trains []string
		want   error
	}{
		{[]string{"3"}, ErrNotReachable},
		{[]string{"2", "3"}, ErrNotReachable},
		{[]string{"4+4E"}, nil},
	} {
		b, err := board.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.PlaceToken(board.NodeRef{Hex: "C2"}, "X", board.TokenOptions{}); err != nil {
			t.Fatal(err)
		}
		c := &engine.Corporation{Sym: "X", Tokens: []engine.Token{{Location: "C2-0"}}}
		for _, n := range tc.trains {
			c.Trains = append(c.Trains, &engine.Train{ID: n + "-0", Name: n, Owner: "X"})
		}
		g := &Game{Game: &engine.Game{}, defs: map[string]CorpDef{"X": {Sym: "X"}}}
		if k, ok := b.StopCounts("X", func(*board.TileDef, int) int { return 1 }).Node(board.NodeRef{Hex: "D3"}); !ok || k != 2 {
			t.Fatalf("stop count of D3 = %d, %v; the walk should reach it after 2 stops", k, ok)
		}
		v, _ := b.Hex("D3")
		err = g.checkReach(c, b, board.Lay{Hex: "D3", Tile: v.Tile, Old: old, Corp: "X"})
		if !errors.Is(err, tc.want) && !(err == nil && tc.want == nil) {
			t.Errorf("trains %v: %v, want %v", tc.trains, err, tc.want)
		}
	}
}
