package step

import "tresham/engine"

// Turns is the order in which the corporations operate in a round and
// whose turn it is; a title's operating round embeds it.
type Turns struct {
	// Order lists the corporations in operating order.
	Order []*engine.Corporation
	// Index is the position in Order of the corporation operating now
	// (-1 before the first turn, len(Order) after the last).
	Index int
}

// StartOperating opens an operating round of g for the corporations of
// order, in that order (1860 rules 7.1, 1825 section 4): the private
// companies pay their owners, no train has run yet, and no turn has
// begun.
func StartOperating(g *engine.Game, order []*engine.Corporation) Turns {
	PayPrivates(g)
	for _, c := range order {
		for _, t := range c.Trains {
			t.Operated = false
		}
	}
	return Turns{Order: order, Index: -1}
}

// Current returns the corporation whose turn it is, or nil before the
// first turn and after the last.
func (t *Turns) Current() *engine.Corporation {
	if t.Index < 0 || t.Index >= len(t.Order) {
		return nil
	}
	return t.Order[t.Index]
}

// Next moves on to the next corporation in the order that has not closed
// and returns it, or nil when the order is done.
func (t *Turns) Next() *engine.Corporation {
	for t.Index < len(t.Order) {
		t.Index++
		if c := t.Current(); c != nil && !c.Closed {
			return c
		}
	}
	return nil
}
