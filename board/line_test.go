package board

import "testing"

// TestLineToBase: a base B2 above X (B4); X's straight runs down to the
// city B6, which is joined to the city C5 at X's lower-right side; X's
// second track leaves the bottom side (shared with the straight) for C5.
// That track is on a line from the base only through C5 and back over
// X's bottom side, crossed already. With a token in C5 it is. The
// network (Graph) then leaves it out as well.
func TestLineToBase(t *testing.T) {
	for _, tc := range []struct {
		name            string
		tokenC5         bool
		budget          int
		found, complete bool
	}{
		{"bottom side crossed twice", false, LineBudget, false, true},
		{"a base at C5", true, LineBudget, true, true},
		{"no budget", true, 0, false, false},
	} {
		b, err := New(Spec{Layout: Flat, DirectedWalk: true, Hexes: []HexSpec{
			{ID: "B2", Color: Yellow, Code: "city=revenue:20;path=a:0,b:_0"},
			{ID: "B4", Color: Green, Code: "path=a:0,b:3;path=a:0,b:5"},
			{ID: "B6", Color: Yellow, Code: "city=revenue:20;path=a:3,b:_0;path=a:4,b:_0"},
			{ID: "C5", Color: Yellow, Code: "city=revenue:20,slots:2;path=a:1,b:_0;path=a:2,b:_0"},
		}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.PlaceToken(NodeRef{Hex: "B2"}, "X", TokenOptions{}); err != nil {
			t.Fatal(err)
		}
		if tc.tokenC5 {
			if _, err := b.PlaceToken(NodeRef{Hex: "C5"}, "X", TokenOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		// the network holds the track on lines only (18xx.games's walk)
		if got := b.Graph("X").PathConnected("B4", 1); got != tc.tokenC5 {
			t.Errorf("%s: second track in the network: %v", tc.name, got)
		}
		if found, complete := b.LineToBase("X", "B4", 0, tc.budget); tc.budget > 0 && (!found || !complete) {
			t.Errorf("%s: the straight from the base: found %v complete %v", tc.name, found, complete)
		}
		found, complete := b.LineToBase("X", "B4", 1, tc.budget)
		if found != tc.found || complete != tc.complete {
			t.Errorf("%s: found %v complete %v, want %v %v", tc.name, found, complete, tc.found, tc.complete)
		}
	}
}
