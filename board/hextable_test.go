package board

import (
	"fmt"
	"testing"
)

// tableGroup is a title's own type of HexGroup's shape.
type tableGroup HexGroup

func TestHexTable(t *testing.T) {
	base := []tableGroup{
		{White, []string{"A1", "A3"}, "city=revenue:0"},
		{White, []string{"B2"}, ""},
		{Yellow, []string{"C1"}, "city=revenue:30"},
	}
	tests := []struct {
		name  string
		build func(*HexTable)
		want  string // ID:Index, in order
	}{
		{"as listed", func(*HexTable) {}, "[A1:0 A3:1 B2:0 C1:0]"},
		{"a hex removed", func(t *HexTable) { t.Remove([]string{"A1"}) }, "[A3:0 B2:0 C1:0]"},
		{"an entry appended at the end of its colour", func(t *HexTable) {
			t.Append([]HexGroup{{White, []string{"D4"}, "city=revenue:0"}})
		}, "[A1:0 A3:1 B2:0 D4:0 C1:0]"},
		{"merged: a hex defined first keeps it", func(t *HexTable) {
			t.Merge([]HexGroup{{Green, []string{"A1"}, "x"}})
		}, "[A1:0 A3:1 B2:0 C1:0]"},
		{"merged: the same tile joins its entry, moved last", func(t *HexTable) {
			t.Merge([]HexGroup{{White, []string{"A1", "D4"}, "city=revenue:0"}})
		}, "[B2:0 A1:0 A3:1 D4:2 C1:0]"},
		{"merged: a new colour comes last", func(t *HexTable) {
			t.Merge([]HexGroup{{Gray, []string{"E5"}, ""}})
		}, "[A1:0 A3:1 B2:0 C1:0 E5:0]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var h HexTable
			h.Append(Groups(base))
			tc.build(&h)
			var got []string
			for _, s := range h.Specs(func(hex string) string { return "at " + hex }) {
				if s.Location != "at "+s.ID {
					t.Errorf("%s named %q", s.ID, s.Location)
				}
				got = append(got, fmt.Sprintf("%s:%d", s.ID, s.Index))
			}
			if fmt.Sprint(got) != tc.want {
				t.Errorf("hexes %v, want %s", got, tc.want)
			}
			if len(base[0].Coords) != 2 || base[0].Coords[0] != "A1" {
				t.Errorf("the title's table changed: %v", base[0].Coords)
			}
		})
	}
}
