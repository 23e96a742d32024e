package board

import "testing"

// TestGraphCompact checks that a compacted graph answers every hex as
// the per-hex storage it was built in did, with few covered hexes (a byte
// index) and with too many for one (a dense copy), and that the storage
// goes back to the pool cleared.
func TestGraphCompact(t *testing.T) {
	for _, tc := range []struct {
		name     string
		n, every int
	}{
		{"none", 40, 0},
		{"few", 120, 7},
		{"all of a small map", 10, 1},
		{"more than a byte indexes", 600, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := denseHexes(tc.n)
			want := make([]graphHex, tc.n)
			for i := range want {
				if tc.every > 0 && i%tc.every == 0 {
					want[i] = graphHex{edges: uint8(i % 64), ok: i%3 != 0, nodes: uint32(i), paths: uint64(i) << 3}
				}
			}
			copy(s.hx, want)
			g := &Graph{hx: s.hx}
			g.compact(s)
			for i := range want {
				if got := g.hex(i); got != want[i] {
					t.Fatalf("hex %d: %+v, want %+v", i, got, want[i])
				}
			}
			for i, x := range s.hx {
				if x != (graphHex{}) {
					t.Fatalf("pooled storage not cleared at %d: %+v", i, x)
				}
			}
		})
	}
}
