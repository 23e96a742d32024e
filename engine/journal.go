package engine

import "fmt"

// ApplyAtomically applies a, then its stored automatic follow-ups, with
// step. When any of them is refused, restore must rebuild the game exactly
// as it was before a (titles replay their accepted actions: a game is a
// function of its log), and the refusal is returned.
func ApplyAtomically(a *Action, step func(*Action) error, restore func() error) error {
	err := step(a)
	for i := range a.Auto {
		if err != nil {
			break
		}
		if e := step(&a.Auto[i]); e != nil {
			err = fmt.Errorf("auto action %d of %d: %w", i+1, a.ID, e)
		}
	}
	if err == nil {
		return nil
	}
	if rerr := restore(); rerr != nil {
		return fmt.Errorf("%w (and restoring failed: %v)", err, rerr)
	}
	return err
}
