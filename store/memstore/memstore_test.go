package memstore

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"
	"tresham/store/storetest"

	"tresham/store"
)

func TestUsersAndSessions(t *testing.T) {
	ctx := context.Background()
	s := New()
	u, err := s.CreateUser(ctx, store.User{Name: "alice", PasswordHash: "h"})
	if err != nil || u.ID == 0 {
		t.Fatalf("CreateUser = %+v, %v", u, err)
	}
	if _, err := s.CreateUser(ctx, store.User{Name: "alice"}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("duplicate name: %v, want ErrConflict", err)
	}
	now := time.Now()
	if err := s.CreateSession(ctx, store.Session{TokenHash: "t", UserID: u.ID, ExpiresAt: now.Add(time.Hour), PasswordHash: u.PasswordHash}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		hash string
		at   time.Time
		ok   bool
	}{{"valid", "t", now, true}, {"expired", "t", now.Add(2 * time.Hour), false}, {"unknown", "x", now, false}} {
		got, err := s.SessionUser(ctx, c.hash, c.at)
		if c.ok != (err == nil) || (c.ok && got.ID != u.ID) || (!c.ok && !errors.Is(err, store.ErrNotFound)) {
			t.Errorf("%s: SessionUser = %+v, %v", c.name, got, err)
		}
	}
	if err := s.DeleteSession(ctx, "t"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SessionUser(ctx, "t", now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleted session: %v", err)
	}
}

func TestConditionalAppendAndEvents(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := New()
	events, err := s.Subscribe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.CreateGame(ctx, store.Game{Title: "1860", Status: store.StatusActive, Seats: []store.Seat{{PlayerID: 1}}},
		[]json.RawMessage{json.RawMessage(`{"id":1}`)})
	if err != nil || g.Actions != 1 {
		t.Fatalf("CreateGame = %+v, %v", g, err)
	}
	if ev := <-events; ev != (store.GameEvent{GameID: g.ID, Actions: 1}) {
		t.Errorf("event %+v", ev)
	}
	for _, c := range []struct {
		seq  int
		want error
	}{{0, store.ErrConflict}, {2, store.ErrConflict}, {1, nil}, {1, store.ErrConflict}, {2, nil}} {
		err := s.AppendAction(ctx, store.Action{GameID: g.ID, Seq: c.seq, Data: json.RawMessage(`{}`)}, nil)
		if !errors.Is(err, c.want) || (c.want == nil) != (err == nil) {
			t.Errorf("append at %d: %v, want %v", c.seq, err, c.want)
		}
	}
	fin := g
	fin.Status, fin.Result = store.StatusFinished, map[string]int{"1": 10}
	if err := s.AppendAction(ctx, store.Action{GameID: g.ID, Seq: 3, Data: json.RawMessage(`{}`)}, &fin); err != nil {
		t.Fatal(err)
	}
	got, _ := s.GetGame(ctx, g.ID)
	if got.Actions != 4 || got.Status != store.StatusFinished || got.Result["1"] != 10 {
		t.Errorf("header after appends: %+v", got)
	}
	acts, _ := s.Actions(ctx, g.ID, 2)
	if len(acts) != 2 || acts[0].Seq != 2 {
		t.Errorf("Actions(2) = %+v", acts)
	}
	for _, want := range []int{2, 3, 4} {
		if ev := <-events; ev.Actions != want {
			t.Errorf("event %+v, want %d actions", ev, want)
		}
	}
	if err := s.AppendAction(ctx, store.Action{GameID: 99, Data: json.RawMessage(`{}`)}, nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown game: %v", err)
	}
	mine, _ := s.ListGames(ctx, store.Filter{Status: store.StatusFinished})
	if len(mine) != 1 {
		t.Errorf("ListGames finished: %d games", len(mine))
	}
}

// TestConformance runs the suite every store passes.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return New() })
}
