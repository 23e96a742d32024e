package t1825

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"tresham/engine"
)

// newKitGame sets up a game of n players with 18xx.games option names.
func newKitGame(t *testing.T, n int, rules ...string) *Game {
	t.Helper()
	var ids []int
	var names []string
	for i := 1; i <= n; i++ {
		ids = append(ids, i)
		names = append(names, fmt.Sprintf("Player %d", i))
	}
	g, err := New(ids, names, rules)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// builder is a player that develops the railways: it starts and buys into
// companies (those named in favour first), lays track, runs its best
// routes, pays out, and buys every train it can; it never sells. Ties are
// broken at random, so different seeds reach different positions.
type builder struct {
	rand   *rand.Rand
	favour map[string]bool
}

func newBuilder(seed uint64, favour ...string) *builder {
	b := &builder{rand: rand.New(rand.NewPCG(seed, 7)), favour: map[string]bool{}}
	for _, f := range favour {
		b.favour[f] = true
	}
	return b
}

func (b *builder) choose(g *Game, entity string) (engine.Action, error) {
	choices := g.Legal(entity)
	if len(choices) == 0 {
		return engine.Action{}, fmt.Errorf("%s has no legal move", entity)
	}
	rank := func(ch engine.Choice) int {
		a := ch.Action
		corp := a.Corporation
		switch a.Type {
		case "buy_train":
			if ch.MaxPrice > 0 {
				return 1 // trains from other companies: rarely
			}
			return 9
		case "par", "buy_shares":
			if corp == "" && len(a.Shares) > 0 {
				if c, _, err := g.ShareByID(a.Shares[0]); err == nil {
					corp = c.Sym
				}
			}
			if b.favour[corp] {
				return 10
			}
			return 6
		case "run_routes", "place_token", "discard_train":
			return 8
		case "lay_tile":
			return 7
		case "dividend":
			return 8 // paid or withheld at random
		case "bid", "buy_company":
			return 5
		case "pass":
			return 2
		case "sell_shares", "sell_company":
			return -1
		}
		return 3
	}
	best := -2
	var pool []engine.Choice
	for _, ch := range choices {
		switch r := rank(ch); {
		case r > best:
			best, pool = r, []engine.Choice{ch}
		case r == best:
			pool = append(pool, ch)
		}
	}
	a := pool[b.rand.IntN(len(pool))].Action
	if a.Type == "run_routes" {
		routes, err := g.BestRoutes(entity)
		if err != nil {
			return engine.Action{}, err
		}
		a.Routes = routes
	}
	return a, nil
}

// drive plays the game with the builder until done reports true after a
// move (or before any), failing if the game ends or stalls first.
func drive(t *testing.T, g *Game, b *builder, done func(*Game) bool) {
	t.Helper()
	total := g.TotalCash()
	for n := 0; n < 20000; n++ {
		if done(g) {
			return
		}
		if g.IsFinished() {
			t.Fatalf("game ended (%s, phase %s) before the position was reached", g.EndReason, g.Phase().Name)
		}
		acting := g.Acting()
		if len(acting) == 0 {
			t.Fatalf("move %d: nobody may act", n)
		}
		a, err := b.choose(g, acting[0])
		if err != nil {
			t.Fatalf("move %d: %v", n, err)
		}
		if err := g.Apply(&a); err != nil {
			t.Fatalf("move %d (%s by %s): listed action refused: %v", n, a.Type, a.Entity, err)
		}
		if g.TotalCash() != total {
			t.Fatalf("move %d: money changed", n)
		}
	}
	t.Fatal("position not reached in 20000 moves")
}

func TestDriveProbe(t *testing.T) {
	for s := uint64(1); s <= 5; s++ {
		g := newKitGame(t, 3, "unit_1", "k3", "k2", "k7")
		drive(t, g, newBuilder(s, "LT&S"), func(g *Game) bool { return g.Phase().Name == "4a" || g.IsFinished() })
		t.Logf("phase %s finished %v %s", g.Phase().Name, g.IsFinished(), g.EndReason)
	}
}
