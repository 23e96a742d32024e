package step

import "tresham/engine"

// Atomic applies a, then its stored automatic follow-ups, through the
// journal j (see engine.Journal.Apply), each part first passing check when
// check is not nil. A refusal of a itself that a step's Check decided
// before anything changed (unchanged(a) reports it) is returned as it is;
// any other refusal, check's included, restores the game with restore (a
// replay), the safety net.
func Atomic(j *engine.Journal, base *engine.Game, a *engine.Action,
	apply func(*engine.Action) error, check func(*engine.Action) error,
	unchanged func(*engine.Action) bool, restore func() error) error {
	clean := false
	part := func(x *engine.Action) error {
		if check != nil {
			if err := check(x); err != nil {
				clean = false
				return err
			}
		}
		err := apply(x)
		clean = err != nil && x == a && unchanged(x)
		return err
	}
	return j.Apply(base, a, part, func() error {
		if clean {
			return nil
		}
		return restore()
	})
}
