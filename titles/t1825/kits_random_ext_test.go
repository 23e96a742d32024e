package t1825_test

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"tresham/bot"
	"tresham/titles/t1825"
)

// playRandom plays a game of the given options with random legal moves to
// its end, checking after every move that the listed move was accepted and
// that money was neither made nor lost.
func playRandom(t *testing.T, players int, rules []string, seed uint64) *t1825.Game {
	t.Helper()
	var ids []int
	var names []string
	for i := 1; i <= players; i++ {
		ids = append(ids, i)
		names = append(names, fmt.Sprintf("Player %d", i))
	}
	g, err := t1825.New(ids, names, rules)
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
