package g18xx

import (
	"fmt"
	"sort"
)

// Effective returns the actions that take effect after undo and redo are
// resolved (README §2), in their original order. Messages are included (they
// are never undone); undo and redo entries are not. It is Resolve without
// the error: a malformed undo/redo (unknown undo target, redo with nothing
// to redo) is ignored.
func Effective(actions []Action) []Action {
	kept, _ := Resolve(actions)
	return kept
}

// Resolve computes the effective action sequence like Effective, and reports
// the first malformed undo or redo it met. The reference engine refuses a
// game with an undo whose action_id is unknown or a redo with nothing to
// redo; Resolve skips such an entry, carries on and returns the error.
//
// The rules: a normal action (anything but undo, redo and message) is kept
// and clears the redo stack. A message is kept, is never undone and leaves
// the redo stack alone. An undo without action_id removes the latest kept
// non-message action; with action_id N it removes every kept non-message
// action after the action whose id is N (N = 0: all of them). The removed
// actions form one group on the redo stack; a redo puts the latest group
// back in place.
func Resolve(actions []Action) ([]Action, error) {
	idx, err := resolveIndices(actions)
	out := make([]Action, len(idx))
	for k, i := range idx {
		out[k] = actions[i]
	}
	return out, err
}

// EffectiveIndices is Effective returning the indices (into actions) of the
// effective actions instead of copies of them.
func EffectiveIndices(actions []Action) []int {
	idx, _ := resolveIndices(actions)
	return idx
}

// resolveIndices implements Resolve, returning indices into actions.
func resolveIndices(actions []Action) ([]int, error) {
	kept := make([]bool, len(actions))
	var groups [][]int
	var firstErr error
	fail := func(err error) {
		if firstErr == nil {
			firstErr = err
		}
	}
	var ids actionIndex
	for i := range actions {
		a := &actions[i]
		switch a.Type {
		case TypeUndo:
			from := 0
			if a.ActionID != nil {
				if *a.ActionID != 0 {
					p, ok := ids.find(actions, *a.ActionID)
					if !ok {
						fail(fmt.Errorf("g18xx: action[%d] (id %d, undo): undo target action_id %d not found", i, a.ID, *a.ActionID))
						continue
					}
					from = p + 1
				}
			} else {
				for j := i - 1; j >= 0; j-- {
					if kept[j] && actions[j].Type != TypeMessage {
						from = j
						break
					}
				}
			}
			var group []int
			for j := from; j < i; j++ {
				if kept[j] && actions[j].Type != TypeMessage {
					kept[j] = false
					group = append(group, j)
				}
			}
			groups = append(groups, group)
		case TypeRedo:
			if len(groups) == 0 {
				fail(fmt.Errorf("g18xx: action[%d] (id %d, redo): nothing to redo", i, a.ID))
				continue
			}
			for _, j := range groups[len(groups)-1] {
				kept[j] = true
			}
			groups = groups[:len(groups)-1]
		case TypeMessage:
			kept[i] = true
		default:
			kept[i] = true
			groups = groups[:0]
		}
	}
	n := 0
	for _, k := range kept {
		if k {
			n++
		}
	}
	out := make([]int, 0, n)
	for i := range actions {
		if kept[i] {
			out = append(out, i)
		}
	}
	return out, firstErr
}

// WithoutMessages returns the actions other than chat messages: the actions
// a rules engine applies, one per golden-trace line after the first.
func WithoutMessages(actions []Action) []Action {
	out := make([]Action, 0, len(actions))
	for i := range actions {
		if actions[i].Type != TypeMessage {
			out = append(out, actions[i])
		}
	}
	return out
}

// actionIndex finds an action by its id: by binary search when the ids
// rise strictly from the first action, as 18xx.games numbers them, else
// through a map built on first use (the last action with the id; actions
// without one are not found).
type actionIndex struct {
	checked, rising bool
	pos             map[int]int
}

// find returns the index in actions of the action with id (not 0).
func (x *actionIndex) find(actions []Action, id int) (int, bool) {
	if !x.checked {
		x.checked, x.rising = true, true
		for i := range actions {
			if actions[i].ID == 0 || i > 0 && actions[i].ID <= actions[i-1].ID {
				x.rising = false
				break
			}
		}
		if !x.rising {
			x.pos = make(map[int]int, len(actions))
			for i := range actions {
				if actions[i].ID != 0 {
					x.pos[actions[i].ID] = i
				}
			}
		}
	}
	if !x.rising {
		p, ok := x.pos[id]
		return p, ok
	}
	i := sort.Search(len(actions), func(i int) bool { return actions[i].ID >= id })
	return i, i < len(actions) && actions[i].ID == id
}
