package server

import (
	"context"
	"sync"
)

// Fair thinking (issue 39, finding 10). The thinking slots
// (Config.MaxConcurrentThinking) are shared by every game's searching bots.
// Each account's bots (the bots of the games it created) first pass their
// account's gate, which lets as many of them on as there are slots: one
// account alone may still use every slot, but the bots of many games of
// one account wait at their gate, not in the slots' queue, so another
// account's bot waits for at most the searches already under way, never
// for the whole backlog of one account.
type thinkGates struct {
	size  int // bots of one account past its gate at once
	mu    sync.Mutex
	gates map[int64]*thinkGate
}

type thinkGate struct {
	ch    chan struct{}
	users int // bots holding or waiting for the gate
}

func newThinkGates(size int) *thinkGates {
	return &thinkGates{size: max(size, 1), gates: map[int64]*thinkGate{}}
}

// enter waits until account's gate lets one more of its bots on (or ctx
// ends: false); leave must follow a true enter.
func (t *thinkGates) enter(ctx context.Context, account int64) bool {
	t.mu.Lock()
	g := t.gates[account]
	if g == nil {
		g = &thinkGate{ch: make(chan struct{}, t.size)}
		t.gates[account] = g
	}
	g.users++
	t.mu.Unlock()
	select {
	case g.ch <- struct{}{}:
		return true
	case <-ctx.Done():
		t.drop(account, g)
		return false
	}
}

// leave lets the next bot of account on.
func (t *thinkGates) leave(account int64) {
	t.mu.Lock()
	g := t.gates[account]
	t.mu.Unlock()
	<-g.ch
	t.drop(account, g)
}

// drop forgets one user of g, and g when it has none left.
func (t *thinkGates) drop(account int64, g *thinkGate) {
	t.mu.Lock()
	defer t.mu.Unlock()
	g.users--
	if g.users == 0 && t.gates[account] == g {
		delete(t.gates, account)
	}
}
