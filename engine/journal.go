package engine

import (
	"errors"
	"fmt"
)

// ErrRestoreFailed marks a refusal after which the game could not be
// restored (possible only when the accepted actions come from a
// Journal.Source that failed): the game must then be rebuilt.
var ErrRestoreFailed = errors.New("restoring failed")

// ApplyAtomically applies a, then its stored automatic follow-ups, with
// step. When any of them is refused, restore must rebuild the game exactly
// as it was before a (titles replay their accepted actions: a game is a
// function of its log), and the refusal is returned. A refusal of a itself
// marked Unchanged (decided before anything changed) needs no restore.
func ApplyAtomically(a *Action, step func(*Action) error, restore func() error) error {
	err := step(a)
	if err != nil && untouched(err) {
		return err
	}
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
		return fmt.Errorf("%w (and %w: %v)", err, ErrRestoreFailed, rerr)
	}
	return err
}

// Journal is what a title game keeps to apply actions atomically and to
// take them back: the accepted actions (the game is rebuilt from its setup
// by replaying them) and where the last one's log lines begin.
type Journal struct {
	Applied ActionLog
	LogMark int
	// Source, when set, keeps the accepted actions in the caller's hands
	// instead of Applied (a server whose store holds every game's log):
	// nothing is recorded, and a restore replays Source(n), which must
	// return the first n accepted actions. Undo is then not available.
	Source func(n int) ([]Action, error)
	// Count is the number of accepted actions (kept in both modes).
	Count int
}

// Apply applies a to g with step, atomically (see ApplyAtomically), and
// records it. A finished game accepts only messages.
func (j *Journal) Apply(g *Game, a *Action, step func(*Action) error, restore func() error) error {
	if g.Finished && a.Type != "message" {
		return RefuseAs(GameOver, a, "the game is over")
	}
	mark := len(g.Log)
	if err := ApplyAtomically(a, step, restore); err != nil {
		return err
	}
	if j.Source == nil {
		j.Applied.Push(a)
	}
	j.Count++
	j.LogMark = mark
	return nil
}

// maxFollowed bounds the moves a follow function may add to one action:
// a program that never stops is a bug, not a game.
const maxFollowed = 1000

// ApplyFollowed is Apply, then the moves follow makes on the state left
// (each applied with plain and appended to a.Auto) until it makes none.
// Atomic as Apply: on a refusal the game is restored and a.Auto is as it
// was.
func (j *Journal) ApplyFollowed(g *Game, a *Action, step, plain func(*Action) error, follow func() []Action, restore func() error) error {
	if g.Finished && a.Type != "message" {
		return RefuseAs(GameOver, a, "the game is over")
	}
	mark := len(g.Log)
	given := len(a.Auto)
	err := step(a)
	if err != nil && untouched(err) {
		return err
	}
	for i := 0; err == nil && i < given; i++ {
		if e := step(&a.Auto[i]); e != nil {
			err = fmt.Errorf("auto action %d of %d: %w", i+1, a.ID, e)
		}
	}
	for n := 0; err == nil; {
		more := follow()
		if len(more) == 0 {
			break
		}
		for i := range more {
			if n++; n > maxFollowed {
				err = fmt.Errorf("action %d: more than %d automatic moves", a.ID, maxFollowed)
				break
			}
			if e := plain(&more[i]); e != nil {
				err = fmt.Errorf("automatic %s by %s after action %d: %w", more[i].Type, more[i].Entity, a.ID, e)
				break
			}
			a.Auto = append(a.Auto, more[i])
		}
	}
	if err != nil {
		a.Auto = a.Auto[:given:given]
		if rerr := restore(); rerr != nil {
			return fmt.Errorf("%w (and %w: %v)", err, ErrRestoreFailed, rerr)
		}
		return err
	}
	if j.Source == nil {
		j.Applied.Push(a)
	}
	j.Count++
	j.LogMark = mark
	return nil
}

// Checked wraps step so that check runs before every part of an action:
// the action itself and each of its automatic follow-ups, each on the state
// the previous part left. Live play uses it to hold every part to the seat
// that sent it and to the moves Legal lists (see ApplyChecked in the titles).
func Checked(check func(*Action) error, step func(*Action) error) func(*Action) error {
	return func(a *Action) error {
		if err := check(a); err != nil {
			return Unchanged(err)
		}
		return step(a)
	}
}

// Replay applies every recorded action with apply (to a freshly set-up
// game, when restoring).
func (j *Journal) Replay(apply func(*Action) error) error {
	if j.Source != nil {
		acts, err := j.Source(j.Count)
		if err != nil {
			return fmt.Errorf("journal source: %w", err)
		}
		if len(acts) != j.Count {
			return fmt.Errorf("journal source: %d actions, want %d", len(acts), j.Count)
		}
		for i := range acts {
			if err := apply(&acts[i]); err != nil {
				return err
			}
		}
		return nil
	}
	for i := range j.Applied.Len() {
		a := j.Applied.At(i)
		if err := apply(&a); err != nil {
			return err
		}
	}
	return nil
}
