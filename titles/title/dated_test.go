package title

import (
	"testing"
	"time"
)

func TestRulesFollowChangesFromTheirDay(t *testing.T) {
	c := Change{Name: "x/y", Since: "2023-12-27"}
	for _, tc := range []struct {
		at   time.Time
		want bool
	}{
		{time.Time{}, true}, // today's rules
		{time.Date(2023, 12, 26, 23, 59, 59, 0, time.UTC), false},
		{time.Date(2023, 12, 27, 0, 0, 0, 0, time.UTC), true},
		{time.Date(2022, 2, 4, 0, 0, 0, 0, time.UTC), false},
		{time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), true},
	} {
		if got := RulesOf(tc.at).Follows(c); got != tc.want {
			t.Errorf("%v follows %s: %v, want %v", tc.at, c.Since, got, tc.want)
		}
	}
	old := RulesOf(time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC))
	later := Change{Name: "x/z", Since: "2025-01-01"}
	if p := old.Pending([]Change{c, later}); len(p) != 2 {
		t.Errorf("pending %v", p)
	}
	if p := RulesOf(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)).Pending([]Change{c, later}); len(p) != 1 || p[0].Name != "x/z" {
		t.Errorf("pending %v", p)
	}
}
