package t1825

import (
	"math/rand/v2"
	"testing"

	"tresham/engine"
)

// PlayUniform plays g (named label in failures) for at most max actions, each a move picked uniformly
// by rng among the listed moves of the first acting entity (a run with the
// solver's best routes). visit, when set, sees each position first: the
// number of the action to come and the moves listed. A listed move refused
// fails t. It returns the number of actions played. (For this package's
// tests, internal and external.)
func PlayUniform(t *testing.T, label string, g *Game, rng *rand.Rand, max int, visit func(n int, choices []engine.Choice)) int {
	t.Helper()
	n := 0
	for ; n < max && !g.IsFinished(); n++ {
		ent := g.Acting()[0]
		choices := g.Legal(ent)
		if visit != nil {
			visit(n+1, choices)
		}
		c := choices[rng.IntN(len(choices))]
		a := c.Action
		if c.Open == "routes" {
			var err error
			if a.Routes, err = g.BestRoutes(ent); err != nil {
				t.Fatal(err)
			}
		}
		a.ID = n + 1
		if err := g.Apply(&a); err != nil {
			t.Fatalf("%s action %d: listed %s by %s refused: %v", label, n+1, a.Type, a.Entity, err)
		}
	}
	return n
}
