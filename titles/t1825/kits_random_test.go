package t1825

import (
	"fmt"
	"strings"
	"testing"
)

// TestKitCombinations: every kit and variant alone with every unit
// combination is accepted or refused as on 18xx.games (check_options), and
// each accepted one sets up a game.
func TestKitCombinations(t *testing.T) {
	refused := func(unit, opt string) string {
		u1 := strings.Contains(unit, "1")
		u2 := strings.Contains(unit, "2")
		u3 := strings.Contains(unit, "3")
		switch {
		case (opt == "r1" || opt == "r2" || opt == "r3") && !u1:
			return "Regional Kits without Unit 1"
		case opt == "k5" && !u2:
			return "K5 without Unit 2"
		case opt == "k7" && !u1:
			return "K7 without Unit 1"
		case opt == "k2": // K2 needs K3 (and more than Unit 3)
			return "K2 without K3"
		case opt == "u3p" && !u3:
			return "U3P without Unit 3"
		case opt == "db1" && !u1 && !u3:
			return "DB1 in a Unit 2 game"
		case opt == "db2" && !u1:
			return "DB2 without Unit 1"
		case (opt == "db3" || opt == "unit_4") && !u3:
			return opt + " without Unit 3"
		}
		return ""
	}
	opts := []string{"r1", "r2", "r3", "k1", "k2", "k3", "k5", "k6", "k7", "d1", "u3p", "big_bank", "strict_bank", "db1", "db2", "db3", "unit_4"}
	for _, unit := range []string{"1", "2", "3", "12", "23", "123"} {
		for _, opt := range opts {
			rules := []string{"unit_" + unit, opt}
			o, err := ParseOptions(rules, 0)
			why := refused(unit, opt)
			if (err != nil) != (why != "") {
				t.Errorf("%v: error %v, want refusal %q", rules, err, why)
				continue
			}
			if err != nil {
				continue
			}
			lo, _ := o.PlayerRange()
			ids, names := make([]int, lo), make([]string, lo)
			for i := range ids {
				ids[i], names[i] = i+1, fmt.Sprint("P", i+1)
			}
			if _, err := New(ids, names, rules); err != nil {
				t.Errorf("%v, %d players: %v", rules, lo, err)
			}
		}
	}
	for _, tc := range []struct {
		rules []string
		ok    bool
	}{
		{[]string{"unit_1", "k2", "k3"}, true},
		{[]string{"unit_3", "k2", "k3"}, false},
		{[]string{"unit_23", "k2", "k3"}, true},
		{[]string{"unit_1", "k1", "d1"}, false},
		{[]string{"unit_1", "k6", "d1"}, false},
		{[]string{"unit_1", "k1", "k6"}, true},
		{[]string{"unit_1", "big_bank", "strict_bank"}, false},
		{[]string{"unit_123", "r1", "r2", "r3", "k1", "k2", "k3", "k5", "k6", "k7", "u3p", "big_bank", "db1", "db2", "db3", "unit_4"}, true},
	} {
		if _, err := ParseOptions(tc.rules, 0); (err == nil) != tc.ok {
			t.Errorf("%v: error %v, want ok %v", tc.rules, err, tc.ok)
		}
	}
}
