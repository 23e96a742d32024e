// Package hub fans store.GameEvents out to in-process subscribers.
//
// Publishing never blocks: each subscriber has a pending set keyed by game
// that coalesces events for a game it has not read yet (keeping the highest
// action count), so a slow subscriber cannot stall a writer and still always
// learns the latest state of every game that changed.
package hub

import (
	"context"
	"errors"
	"sync"

	"tresham/store"
)

// ErrClosed is returned by Subscribe after Close.
var ErrClosed = errors.New("store closed")

// Hub is an in-process event fan-out. The zero value is not usable; use New.
type Hub struct {
	mu     sync.Mutex
	subs   map[*subscriber]struct{}
	closed bool
	done   chan struct{}
}

type subscriber struct {
	mu      sync.Mutex
	pending map[int64]int // game id → action count, not yet delivered
	order   []int64       // games in pending, in first-published order
	wake    chan struct{} // capacity 1: something is pending
}

// New returns an empty hub.
func New() *Hub {
	return &Hub{subs: make(map[*subscriber]struct{}), done: make(chan struct{})}
}

// Subscribe returns a channel of events published after this call. The
// channel is closed when ctx ends or the hub is closed.
func (h *Hub) Subscribe(ctx context.Context) (<-chan store.GameEvent, error) {
	s := &subscriber{pending: make(map[int64]int), wake: make(chan struct{}, 1)}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil, ErrClosed
	}
	h.subs[s] = struct{}{}
	h.mu.Unlock()

	out := make(chan store.GameEvent)
	go h.deliver(ctx, s, out)
	return out, nil
}

// deliver hands s's pending events to out until ctx ends or the hub closes.
func (h *Hub) deliver(ctx context.Context, s *subscriber, out chan<- store.GameEvent) {
	defer func() {
		h.mu.Lock()
		delete(h.subs, s)
		h.mu.Unlock()
		close(out)
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case <-h.done:
			return
		case <-s.wake:
		}
		for {
			ev, ok := s.next()
			if !ok {
				break
			}
			select {
			case out <- ev:
			case <-ctx.Done():
				return
			case <-h.done:
				return
			}
		}
	}
}

// next pops the oldest pending event.
func (s *subscriber) next() (store.GameEvent, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.order) == 0 {
		return store.GameEvent{}, false
	}
	id := s.order[0]
	s.order = s.order[1:]
	n := s.pending[id]
	delete(s.pending, id)
	return store.GameEvent{GameID: id, Actions: n}, true
}

func (s *subscriber) add(ev store.GameEvent) {
	s.mu.Lock()
	if n, ok := s.pending[ev.GameID]; ok {
		s.pending[ev.GameID] = max(n, ev.Actions)
	} else {
		s.pending[ev.GameID] = ev.Actions
		s.order = append(s.order, ev.GameID)
	}
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Publish queues ev for every current subscriber. It never blocks on a
// subscriber.
func (h *Hub) Publish(ev store.GameEvent) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		s.add(ev)
	}
}

// Done is closed when the hub is closed.
func (h *Hub) Done() <-chan struct{} { return h.done }

// Close ends every subscription; later Subscribe calls fail. It is safe to
// call more than once.
func (h *Hub) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.closed {
		h.closed = true
		close(h.done)
	}
}
