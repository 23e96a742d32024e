package step

import (
	"strconv"
	"strings"
	"testing"

	"tresham/engine"
)

// TestMaxRun: a run below the best is refused, naming the corporation,
// both sums and the rule; the best or more (a solver's bound) passes.
func TestMaxRun(t *testing.T) {
	a := &engine.Action{ID: 7, Type: "run_routes", Entity: "IOW"}
	tests := []struct {
		revenue, best int
		refused       bool
	}{
		{120, 120, false},
		{130, 120, false},
		{0, 0, false},
		{110, 120, true},
		{0, 40, true},
	}
	for _, tc := range tests {
		err := MaxRun(a, "IOW", tc.revenue, tc.best, "rule X")
		if (err != nil) != tc.refused {
			t.Errorf("%d of %d: err %v, refused %v", tc.revenue, tc.best, err, tc.refused)
			continue
		}
		if err == nil {
			continue
		}
		for _, want := range []string{"IOW", "£" + strconv.Itoa(tc.best), "£" + strconv.Itoa(tc.revenue), "rule X"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%d of %d: refusal %q does not name %q", tc.revenue, tc.best, err, want)
			}
		}
		if _, ok := engine.KindOf(err); !ok {
			t.Errorf("%d of %d: %v is not a rule refusal", tc.revenue, tc.best, err)
		}
	}
}
