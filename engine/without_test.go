package engine

import (
	"slices"
	"testing"
)

// TestWithout: the first occurrence goes, the list given is left as it
// was, and a list without the value comes back as it is.
func TestWithout(t *testing.T) {
	for _, tc := range []struct {
		list []string
		x    string
		want []string
	}{
		{[]string{"A", "B", "C"}, "B", []string{"A", "C"}},
		{[]string{"A", "B", "A"}, "A", []string{"B", "A"}},
		{[]string{"A"}, "A", []string{}},
		{[]string{"A", "B"}, "Z", []string{"A", "B"}},
		{nil, "A", nil},
	} {
		before := slices.Clone(tc.list)
		got := Without(tc.list, tc.x)
		if !slices.Equal(got, tc.want) {
			t.Errorf("Without(%v, %q) = %v, want %v", before, tc.x, got, tc.want)
		}
		if !slices.Equal(tc.list, before) {
			t.Errorf("Without(%v, %q) changed its argument to %v", before, tc.x, tc.list)
		}
	}
}
