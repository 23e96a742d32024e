package engine

import (
	"slices"
	"testing"
)

func TestOpenLayer(t *testing.T) {
	for _, tc := range []struct {
		name        string
		highest, l  int
		announce    bool
		wantHighest int
		wantLog     []string
	}{
		{"higher, announced", 1, 2, true, 2, []string{"-- Band 2 corporations now available --"}},
		{"higher, not announced", 1, 3, false, 3, nil},
		{"same", 2, 2, true, 2, nil},
		{"lower is recorded silently", 3, 0, true, 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &Game{}
			h := tc.highest
			g.OpenLayer(&h, tc.l, "Band", tc.announce)
			if h != tc.wantHighest || !slices.Equal(g.Log, tc.wantLog) {
				t.Errorf("highest %d, log %q; want %d, %q", h, g.Log, tc.wantHighest, tc.wantLog)
			}
		})
	}
}
