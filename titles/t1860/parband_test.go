package t1860

import "testing"

// TestParBand checks the par band table (data transcribed from the rules' layer table) by layer.
func TestParBand(t *testing.T) {
	for _, tc := range []struct {
		layer int
		repar bool
		want  [2]int
	}{
		{1, false, [2]int{74, 100}}, {2, false, [2]int{62, 82}}, {3, false, [2]int{58, 68}}, {4, false, [2]int{54, 62}},
		{1, true, [2]int{40, 100}}, {2, true, [2]int{40, 82}}, {3, true, [2]int{40, 68}}, {4, true, [2]int{40, 62}},
		{0, false, [2]int{}}, {5, true, [2]int{}},
	} {
		if got := parBand(tc.layer, tc.repar); got != tc.want {
			t.Errorf("parBand(%d, %v) = %v, want %v", tc.layer, tc.repar, got, tc.want)
		}
	}
}
