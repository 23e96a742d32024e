package route

import (
	"slices"
	"strings"
	"testing"

	"tresham/board"
)

// testBoard builds a small flat map, column G from top to bottom:
//
//	G3  city (20), exit to the bottom
//	G5  plain straight track top–bottom
//	G7  town (10) on a top–bottom line
//	G9  city (30), exit to the top
//
// and, apart, H12: a city with two towns joined by two intra-tile paths
// (an ambiguous tile, like 1860 Cowes). X holds a token in G3 and H12.
func testBoard(t *testing.T) *board.Board {
	t.Helper()
	b, err := board.New(board.Spec{Layout: board.Flat, Hexes: []board.HexSpec{
		{ID: "G3", Color: board.Yellow, Code: "city=revenue:20;path=a:0,b:_0"},
		{ID: "G5", Color: board.Yellow, Code: "path=a:3,b:0"},
		{ID: "G7", Color: board.Yellow, Code: "town=revenue:10;path=a:3,b:_0;path=a:_0,b:0"},
		{ID: "G9", Color: board.Yellow, Code: "city=revenue:30;path=a:3,b:_0"},
		{ID: "H12", Color: board.Yellow, Code: "city=revenue:20;town=revenue:10;town=revenue:10;path=a:_0,b:_1;path=a:_1,b:_2"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []string{"G3", "H12"} {
		if _, err := b.PlaceToken(board.NodeRef{Hex: h, Node: 0}, "X", board.TokenOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

func sigs(b *board.Board, ns []board.NodeRef) string {
	var out []string
	for _, n := range ns {
		out = append(out, b.Signature(n))
	}
	return strings.Join(out, " ")
}

func TestResolveChains(t *testing.T) {
	b := testBoard(t)
	tests := []struct {
		name  string
		conns [][]string
		want  string
		paths int
	}{
		{"forward", [][]string{{"G3", "G5", "G7"}, {"G7", "G9"}}, "G3-0 G7-0 G9-0", 5},
		{"reversed chains", [][]string{{"G7", "G5", "G3"}, {"G9", "G7"}}, "G3-0 G7-0 G9-0", 5},
		{"from the far end", [][]string{{"G9", "G7"}, {"G7", "G5", "G3"}}, "G9-0 G7-0 G3-0", 5},
		{"one chain", [][]string{{"G3", "G5", "G7"}}, "G3-0 G7-0", 3},
		{"ambiguous intra-tile", [][]string{{"H12 0.1"}, {"H12 1.2"}}, "H12-0 H12-1 H12-2", 2},
	}
	for _, tc := range tests {
		r, err := Resolve(b, tc.conns, Options{Corp: "X"})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := sigs(b, r.Visited()); got != tc.want {
			t.Errorf("%s: visited %q, want %q", tc.name, got, tc.want)
		}
		if got := len(r.Paths()); got != tc.paths {
			t.Errorf("%s: %d paths, want %d", tc.name, got, tc.paths)
		}
	}
}

func TestResolveErrors(t *testing.T) {
	b := testBoard(t)
	for name, conns := range map[string][][]string{
		"chains do not join":        {{"G3", "G5", "G7"}, {"H12 1.2"}},
		"no such track":             {{"G3", "G7"}, {"G7", "G9"}},
		"one chain without a token": {{"G7", "G9"}},
		"unknown hex":               {{"Z9", "G9"}},
	} {
		if _, err := Resolve(b, conns, Options{Corp: "X"}); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestResolveOtherPaths(t *testing.T) {
	b := testBoard(t)
	r, err := Resolve(b, [][]string{{"G3", "G5", "G7"}}, Options{Corp: "X"})
	if err != nil {
		t.Fatal(err)
	}
	// The same track cannot be used by a second route.
	if _, err := Resolve(b, [][]string{{"G3", "G5", "G7"}}, Options{Corp: "X", Other: r.Paths()}); err == nil {
		t.Error("overlapping route accepted")
	}
	if !slices.Contains(r.Paths(), PathRef{Hex: "G5", Path: 0}) {
		t.Errorf("paths %v lack G5/0", r.Paths())
	}
}
