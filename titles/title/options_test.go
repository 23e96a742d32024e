package title

import (
	"maps"
	"slices"
	"testing"
)

func TestOptionSet(t *testing.T) {
	known := OptionNames([]Option{{Name: "a"}, {Name: "b", Description: "bee"}})
	if !slices.Equal(known, []string{"a", "b"}) {
		t.Fatalf("OptionNames: %q", known)
	}
	for _, tc := range []struct {
		given   []string
		want    map[string]bool
		wantErr string
	}{
		{nil, map[string]bool{}, ""},
		{[]string{"b", "a", "b"}, map[string]bool{"a": true, "b": true}, ""},
		{[]string{"a", "c"}, nil, `T: unknown option "c"`},
	} {
		got, err := OptionSet("T", known, tc.given)
		if tc.wantErr != "" {
			if err == nil || err.Error() != tc.wantErr {
				t.Errorf("OptionSet(%q): error %v, want %q", tc.given, err, tc.wantErr)
			}
			continue
		}
		if err != nil || !maps.Equal(got, tc.want) {
			t.Errorf("OptionSet(%q) = %v, %v", tc.given, got, err)
		}
	}
}
