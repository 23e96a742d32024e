package route

import (
	"slices"
	"testing"

	"tresham/board"
)

// TestChainIDIs checks chainIDIs against chainID on every sequence of up to
// three paths of the test board (junctions, an ambiguous hex, plain track)
// and on altered ids.
func TestChainIDIs(t *testing.T) {
	b, err := board.New(board.Spec{Layout: board.Flat, Hexes: []board.HexSpec{
		{ID: "G3", Color: board.Yellow, Code: "city=revenue:20;path=a:0,b:_0"},
		{ID: "G5", Color: board.Yellow, Code: "junction;path=a:3,b:_0;path=a:0,b:_0;path=a:5,b:_0"},
		{ID: "G7", Color: board.Yellow, Code: "town=revenue:10;path=a:3,b:_0;path=a:_0,b:0"},
		{ID: "H6", Color: board.Yellow, Code: "path=a:2,b:0"},
		{ID: "H12", Color: board.Yellow, Code: "city=revenue:20;town=revenue:10;town=revenue:10;path=a:_0,b:_1;path=a:_1,b:_2"},
		{ID: "J12", Color: board.Yellow, Code: "city=revenue:20;town=revenue:10;town=revenue:10;path=a:_1,b:_0;path=a:_2,b:_1"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	rs := &resolver{b: b}
	var all []PathRef
	for _, id := range []string{"G3", "G5", "G7", "H6", "H12", "J12"} {
		tile, _, _ := b.TileOn(id)
		for p := range tile.Paths {
			all = append(all, PathRef{id, p})
		}
	}
	check := func(ps []PathRef) {
		want := rs.chainID(ps)
		if !rs.chainIDIs(ps, want) {
			t.Errorf("%v: chainIDIs false for its own id %q", ps, want)
		}
		alt := [][]string{nil, append(slices.Clone(want), "G3"), {want[0] + "x"}, {"H12 1.0"}, {"H12 0.1"}, {"J12 1.0"}, {"J12 0.1"}, {"J12  0.1"}, {"J12 0.1.2"}}
		if len(want) > 1 {
			alt = append(alt, want[:len(want)-1], append([]string{want[1]}, want[1:]...))
		}
		for _, w := range alt {
			if got := rs.chainIDIs(ps, w); got != slices.Equal(w, want) {
				t.Errorf("%v: chainIDIs(%q) = %v, id is %q", ps, w, got, want)
			}
		}
	}
	for _, a := range all {
		check([]PathRef{a})
		for _, b := range all {
			check([]PathRef{a, b})
			for _, c := range all {
				check([]PathRef{a, b, c})
			}
		}
	}
}
