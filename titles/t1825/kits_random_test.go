package t1825

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"tresham/bot"
	"tresham/engine"
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

var _ = engine.Action{}

func TestRandomKitGamesHunt(t *testing.T) {
	mixes := os.Getenv("T1825_MIXES")
	if mixes == "" {
		t.Skip()
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
