package t1825

import "testing"

// TestUnitOptions: the registry lists the six unit combinations as one
// group, each with the player counts the rules allow it.
func TestUnitOptions(t *testing.T) {
	want := map[string][2]int{"unit_1": {2, 5}, "unit_2": {2, 4}, "unit_3": {2, 2}, "unit_12": {3, 7}, "unit_23": {3, 5}, "unit_123": {4, 8}}
	seen := 0
	for _, o := range Descriptor().Options {
		w, unit := want[o.Name]
		if !unit {
			if o.Group != "" || o.MinPlayers != 0 || o.MaxPlayers != 0 {
				t.Errorf("%s: group %q players %d-%d, want none", o.Name, o.Group, o.MinPlayers, o.MaxPlayers)
			}
			continue
		}
		seen++
		if o.Group != "Units" || o.MinPlayers != w[0] || o.MaxPlayers != w[1] {
			t.Errorf("%s: group %q players %d-%d, want Units %d-%d", o.Name, o.Group, o.MinPlayers, o.MaxPlayers, w[0], w[1])
		}
		for n := 1; n <= 10; n++ {
			_, err := ParseOptions([]string{o.Name}, n)
			if ok := n >= o.MinPlayers && n <= o.MaxPlayers; ok != (err == nil) {
				t.Errorf("%s with %d players: listed as allowed %v, ParseOptions says %v", o.Name, n, ok, err)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d unit options listed, want %d", seen, len(want))
	}
}
