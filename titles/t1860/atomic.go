package t1860

import "tresham/engine"

// atomically applies a with step through the journal. A refusal of a
// itself that was decided before anything changed (an operating-round
// action refused by its step's Check, or by check in live play) returns
// at once; any other refusal restores the game by replay, the safety net.
func (g *Game) atomically(a *engine.Action, check func(*engine.Action) error) error {
	unchanged := false
	step := func(x *engine.Action) error {
		if check != nil {
			if err := check(x); err != nil {
				unchanged = x == a
				return err
			}
		}
		op := g.op
		err := g.apply(x)
		unchanged = err != nil && x == a && op != nil && op == g.op && op.refused == x
		return err
	}
	restore := func() error {
		if unchanged {
			return nil
		}
		return g.restore()
	}
	return g.journal.Apply(g.Game, a, step, restore)
}
