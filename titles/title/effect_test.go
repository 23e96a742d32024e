package title

import "testing"

func TestMultiple(t *testing.T) {
	for _, tc := range []struct{ revenue, price, most, want int }{
		{0, 50, 4, 0},
		{49, 50, 4, 0},
		{50, 50, 4, 1},
		{149, 50, 4, 2},
		{150, 50, 4, 3},
		{1000, 50, 4, 4},
		{1000, 50, 2, 2},
	} {
		if got := Multiple(tc.revenue, tc.price, tc.most); got != tc.want {
			t.Errorf("Multiple(%d, %d, %d) = %d, want %d", tc.revenue, tc.price, tc.most, got, tc.want)
		}
	}
}
