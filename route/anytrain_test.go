package route

import "testing"

func TestAnyTrain(t *testing.T) {
	fits := func(i int) bool { return i == 2 }
	for _, tc := range []struct {
		n, t int
		want bool
	}{
		{3, 2, true}, {3, 0, false}, {3, -1, true}, {2, -1, false}, {0, -1, false},
	} {
		if got := AnyTrain(tc.n, tc.t, fits); got != tc.want {
			t.Errorf("AnyTrain(%d, %d) = %v, want %v", tc.n, tc.t, got, tc.want)
		}
	}
}
