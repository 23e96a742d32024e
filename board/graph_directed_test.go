package board

import "testing"

// TestDirectedWalkNoReversal: a token city reaches hex X by side 4; on X
// one track runs 4–3 and another 3–0. A train arriving over side 4 leaves
// by side 3 towards a dead-end town; the city beyond side 0 is reached
// only by coming back over side 3 onto the other track, a reversal.
func TestDirectedWalkNoReversal(t *testing.T) {
	ids := []string{"B2", "A3", "C3", "B4", "A5", "C5", "B6"}
	build := func(codes map[string]string, directed bool) *Board {
		var spec Spec
		spec.Layout = Flat
		spec.DirectedWalk = directed
		for _, id := range ids {
			spec.Hexes = append(spec.Hexes, HexSpec{ID: id, Color: Yellow, Code: codes[id]})
		}
		b, err := New(spec)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	probe := build(nil, false)
	x := "B4"
	nb := func(e int) string {
		n := probe.Neighbor(x, e)
		if n == "" {
			t.Fatalf("no neighbour of %s at side %d", x, e)
		}
		return n
	}
	codes := map[string]string{
		x:     "path=a:4,b:3;path=a:3,b:0",
		nb(4): "city=revenue:10;path=a:1,b:_0",
		nb(3): "town=revenue:10;path=a:0,b:_0",
		nb(0): "city=revenue:20;path=a:3,b:_0",
	}
	target := NodeRef{Hex: nb(0), Node: 0}
	for _, directed := range []bool{false, true} {
		b := build(codes, directed)
		if _, err := b.PlaceToken(NodeRef{Hex: nb(4), Node: 0}, "X", TokenOptions{}); err != nil {
			t.Fatal(err)
		}
		g := b.Graph("X")
		if got := g.NodeConnected(target); got == directed {
			t.Errorf("directed=%v: city beyond the reversal connected=%v", directed, got)
		}
		if !g.NodeConnected(NodeRef{Hex: nb(3), Node: 0}) {
			t.Errorf("directed=%v: the town ahead is not reached", directed)
		}
		if !g.PathConnected(x, 0) || g.PathConnected(x, 1) != !directed {
			t.Errorf("directed=%v: walked paths of %s wrong", directed, x)
		}
	}
}
