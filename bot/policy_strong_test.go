package bot

import (
	"strings"
	"testing"
)

// TestStrongKinds checks the strong policy's kinds: its own, with single
// fields changed, and as the search's base policy; bad options are
// refused naming the option.
func TestStrongKinds(t *testing.T) {
	for _, kind := range []string{"strong", "strong:min_yield=0.1", "strong:no_help_float=false:par_low=true", "search:100ms:base=strong", "search:500n:base=medium"} {
		if err := CheckKind(kind); err != nil {
			t.Errorf("%s: %v", kind, err)
		}
	}
	for _, tc := range []struct{ kind, want string }{
		{"strong:nosuch=1", "nosuch"},
		{"strong:min_yield=lots", "min_yield"},
		{"strong:par_low=maybe", "par_low"},
		{"strong:min_yield", "key=value"},
		{"search:100ms:base=clever", "base=clever"},
	} {
		err := CheckKind(tc.kind)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error naming %q", tc.kind, err, tc.want)
		}
	}
	h, err := NewStrong(1, "own_target=50", "par_low=true")
	if err != nil {
		t.Fatal(err)
	}
	if h.Tune.OwnTarget != 50 || !h.Tune.ParLow || h.Tune.CertRoom != StrongTuning().CertRoom {
		t.Errorf("options not applied over the strong tuning: %+v", *h.Tune)
	}
	if NewHeuristic(1).tun() != &MediumTuning {
		t.Error("a heuristic without a tuning does not play the medium bot's")
	}
	s := NewSearch(DefaultBudget, 1)
	if err := s.searchOptions([]string{"base=strong"}); err != nil || s.h.Tune == nil || *s.h.Tune != StrongTuning() {
		t.Errorf("base=strong: %v, tuning %+v", err, s.h.Tune)
	}
}
