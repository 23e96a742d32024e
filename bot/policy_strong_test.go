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
	strong := StrongTunings()
	for _, title := range []string{"1860", "1825"} {
		got, want := h.Tune[title], strong[title]
		if want == nil {
			t.Fatalf("strong_tuning.json has no tuning for %s", title)
		}
		if got.OwnTarget != 50 || !got.ParLow || got.CertRoom != want.CertRoom || got.MinYield != want.MinYield {
			t.Errorf("%s: options not applied over the strong tuning: %+v", title, *got)
		}
		if p := (&position{title: title}); NewHeuristic(1).tun(p) != &MediumTuning {
			t.Errorf("%s: a heuristic without a tuning does not play the medium bot's", title)
		}
	}
	s := NewSearch(DefaultBudget, 1)
	if *s.h.Tune["1825"] != *strong["1825"] {
		t.Errorf("the search's base policy is not the strong policy: %+v", s.h.Tune)
	}
	if err := s.searchOptions([]string{"base=medium"}); err != nil || s.h.Tune != nil {
		t.Errorf("base=medium: %v, tuning %+v", err, s.h.Tune)
	}
}
