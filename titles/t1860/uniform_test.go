package t1860_test

import (
	"math/rand/v2"
	"testing"

	"tresham/titles/t1860"
)

// TestUniformPlayNeverPanics plays 1860 picking uniformly among every move
// listed for every entity that may act (players, and companies with an
// ability), as the server's load test does. Every listed move must be
// accepted without a panic. Seed 4 sold a director's certificate whose
// sale ended the game (nobody could act any more), and the stock step's
// after-move hook then read the stock round the game had just closed.
func TestUniformPlayNeverPanics(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		g, err := t1860.New([]int{1, 2, 3, 4}, []string{"a", "b", "c", "d"}, nil, t1860.NewBoard)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		for n := 0; n < 4000 && !g.IsFinished(); n++ {
			var ents []string
			for _, e := range g.Acting() {
				if len(g.Legal(e)) > 0 {
					ents = append(ents, e)
				}
			}
			for _, co := range g.Engine().Companies {
				if len(g.Legal(co.Sym)) > 0 {
					ents = append(ents, co.Sym)
				}
			}
			if len(ents) == 0 {
				t.Fatalf("seed %d action %d: nobody has a listed move, game not over", seed, n+1)
			}
			ent := ents[rng.IntN(len(ents))]
			choices := g.Legal(ent)
			c := choices[rng.IntN(len(choices))]
			a := c.Action
			if c.Open == "routes" {
				if a.Routes, err = g.BestRoutes(ent); err != nil {
					t.Fatal(err)
				}
			}
			a.ID = n + 1
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("seed %d action %d (%s by %s): panic: %v", seed, n+1, a.Type, a.Entity, r)
					}
				}()
				if err := g.Apply(&a); err != nil {
					t.Fatalf("seed %d action %d: listed %s by %s refused: %v", seed, n+1, a.Type, a.Entity, err)
				}
			}()
		}
	}
}
