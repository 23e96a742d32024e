package t1825

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"tresham/bot"
)

// playRandom plays a game of the given options with random legal moves to
// its end, checking after every move that the listed move was accepted and
// that money was neither made nor lost.
func playRandom(t *testing.T, players int, rules []string, seed uint64) *Game {
	t.Helper()
	var ids []int
	var names []string
	for i := 1; i <= players; i++ {
		ids = append(ids, i)
		names = append(names, fmt.Sprintf("Player %d", i))
	}
	g, err := New(ids, names, rules)
	if err != nil {
		t.Fatal(err)
	}
	p, err := bot.New("random", seed)
	if err != nil {
		t.Fatal(err)
	}
	total := g.TotalCash()
	const limit = 8000
	n := 0
	for ; n < limit && !g.IsFinished(); n++ {
		acting := g.Acting()
		if len(acting) == 0 {
			t.Fatalf("move %d: nobody may act", n)
		}
		a, err := p.Choose(g, acting[0])
		if err != nil {
			t.Fatalf("move %d: %v", n, err)
		}
		a.ID = n + 1
		if err := g.Apply(&a); err != nil {
			t.Fatalf("move %d (%s by %s): listed action refused: %v", n, a.Type, a.Entity, err)
		}
		if g.TotalCash() != total {
			t.Fatalf("move %d (%s by %s): money changed from %d to %d", n, a.Type, a.Entity, total, g.TotalCash())
		}
	}
	if !g.IsFinished() {
		t.Fatalf("not finished after %d moves (round %s, phase %s)", limit, g.RoundName(), g.Phase().Name)
	}
	t.Logf("%d moves, ended by %s in phase %s", n, g.EndReason, g.Phase().Name)
	return g
}

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

// TestRandomKitGames plays a sample of option mixes to the end with random
// legal moves (more mixes and seeds: T1825_MIXES="players rules…|…",
// T1825_SEEDS=n).
func TestRandomKitGames(t *testing.T) {
	mixes := os.Getenv("T1825_MIXES")
	if mixes == "" {
		mixes = "3 unit_2 k5|4 unit_1 r1 r2 r3 strict_bank|2 unit_3 u3p unit_4 db3|3 unit_1 k2 k3 k7 d1 db2|" +
			"4 unit_12 k1 k6 k5 big_bank db1|5 unit_23 k2 k3 u3p|9 unit_123 r1 r2 r3 k1 k2 k3 k5 k6 k7 u3p db1 db2 db3"
	}
	seeds, _ := strconv.Atoi(os.Getenv("T1825_SEEDS"))
	if seeds == 0 {
		seeds = 1
	}
	for _, m := range strings.Split(mixes, "|") {
		f := strings.Fields(m)
		players, _ := strconv.Atoi(f[0])
		for s := 1; s <= seeds; s++ {
			t.Run(fmt.Sprintf("%s/%d", m, s), func(t *testing.T) { playRandom(t, players, f[1:], uint64(s)) })
		}
	}
}
