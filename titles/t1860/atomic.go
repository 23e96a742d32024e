package t1860

import (
	"tresham/engine"
	"tresham/engine/step"
)

// atomically applies a (live play: each part first passing check) through
// the journal: an operating-round action refused by its step's Check
// returns at once, any other refusal restores the game by replay.
func (g *Game) atomically(a *engine.Action, check func(*engine.Action) error) error {
	op := g.op
	unchanged := func(x *engine.Action) bool { return op != nil && op == g.op && op.refused == x }
	return step.Atomic(&g.journal, g.Game, a, g.apply, check, unchanged, g.restore)
}
