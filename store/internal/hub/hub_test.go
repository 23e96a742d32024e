package hub

import (
	"context"
	"testing"
	"time"

	"tresham/store"
)

func recv(t *testing.T, ch <-chan store.GameEvent) store.GameEvent {
	t.Helper()
	select {
	case ev, ok := <-ch:
		if !ok {
			t.Fatal("channel closed")
		}
		return ev
	case <-time.After(5 * time.Second):
		t.Fatal("no event")
	}
	return store.GameEvent{}
}

func TestHub(t *testing.T) {
	tests := []struct {
		name    string
		publish []store.GameEvent
		want    []store.GameEvent
	}{
		{"one", []store.GameEvent{{GameID: 1, Actions: 3}}, []store.GameEvent{{GameID: 1, Actions: 3}}},
		{"coalesced keeps the highest count and first order",
			[]store.GameEvent{{GameID: 1, Actions: 3}, {GameID: 2, Actions: 1}, {GameID: 1, Actions: 5}, {GameID: 1, Actions: 4}},
			[]store.GameEvent{{GameID: 1, Actions: 5}, {GameID: 2, Actions: 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := New()
			defer h.Close()
			// Publish before anyone reads: the subscriber must not block
			// the publisher and must see the coalesced result.
			s := &subscriber{pending: make(map[int64]int), wake: make(chan struct{}, 1)}
			for _, ev := range tc.publish {
				s.add(ev)
			}
			var got []store.GameEvent
			for {
				ev, ok := s.next()
				if !ok {
					break
				}
				got = append(got, ev)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("got %v, want %v", got, tc.want)
				}
			}
		})
	}
}

func TestHubSubscribeDeliverAndClose(t *testing.T) {
	h := New()
	ctx, cancel := context.WithCancel(context.Background())
	a, err := h.Subscribe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, err := h.Subscribe(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	h.Publish(store.GameEvent{GameID: 7, Actions: 2})
	if ev := recv(t, a); ev != (store.GameEvent{GameID: 7, Actions: 2}) {
		t.Fatalf("a got %v", ev)
	}
	if ev := recv(t, b); ev != (store.GameEvent{GameID: 7, Actions: 2}) {
		t.Fatalf("b got %v", ev)
	}
	cancel()
	for range a { // drains, then must be closed
	}
	h.Close()
	for range b {
	}
	if _, err := h.Subscribe(context.Background()); err == nil {
		t.Fatal("Subscribe after Close: want error")
	}
	h.Close() // idempotent
}
