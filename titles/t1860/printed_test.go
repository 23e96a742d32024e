package t1860_test

import (
	"slices"
	"strings"
	"testing"

	"tresham/titles/t1860"
)

// TestPrintedRulesOption: printed_rules is an option of 1860, listed with
// a description, and refused with an option the rulebook contradicts, in
// an error naming both.
func TestPrintedRulesOption(t *testing.T) {
	if !slices.Contains(t1860.Options, "printed_rules") {
		t.Fatalf("printed_rules is not among the options %v", t1860.Options)
	}
	found := false
	for _, o := range t1860.Descriptor().Options {
		found = found || o.Name == "printed_rules" && o.Description != ""
	}
	if !found {
		t.Errorf("printed_rules has no description in the title's option list")
	}
	tests := []struct {
		opts []string
		want string // "" = accepted
	}{
		{[]string{"printed_rules"}, ""},
		{[]string{"printed_rules", "original_game", "original_insolvency", "destinations", "non_operated_full_value"}, ""},
		{[]string{"printed_rules", "simplified_insolvency", "two_player_map", "no_skip_towns"}, ""},
		{[]string{"printed_rules", "re_enter_hexes"}, `"re_enter_hexes" cannot be combined with printed_rules`},
		{[]string{"re_enter_hexes"}, ""},
	}
	for _, tc := range tests {
		_, err := t1860.New([]int{1, 2, 3}, []string{"A", "B", "C"}, tc.opts, t1860.NewBoard)
		if (err != nil) != (tc.want != "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err %v, want %q", tc.opts, err, tc.want)
		}
	}
}
