package board

import "testing"

// TestDirectedWalkReuseAcrossSizes checks that a pooled walk last used for
// a board of another size starts with every mark clear: the station marks
// of the new size lie where the old walk kept other bits, which a walk
// does not clear after itself. (Before the fix, TestDirectedNetwork-
// MatchesReferenceInGames failed now and then, when the pool handed an
// 1825 game a walk left by a random board of another size.)
func TestDirectedWalkReuseAcrossSizes(t *testing.T) {
	for _, c := range []struct{ first, next int }{{100, 80}, {80, 90}, {90, 90}} {
		w := newDirectedWalk(c.first)
		n := c.first
		// what a walk leaves behind: everything but the station marks
		for i := range w.bits[:7*n] {
			w.bits[i] = ^uint64(0)
		}
		w.release()
		w2 := newDirectedWalk(c.next)
		for i, x := range w2.bits {
			if x != 0 {
				t.Fatalf("walk of %d hexes after one of %d: bits[%d] = %#x, want 0", c.next, c.first, i, x)
			}
		}
		if len(w2.bits) != 8*c.next || len(w2.sides) != c.next {
			t.Fatalf("walk of %d hexes has %d bits and %d sides", c.next, len(w2.bits), len(w2.sides))
		}
		w2.release()
	}
}
