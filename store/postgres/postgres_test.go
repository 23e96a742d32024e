package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"tresham/store"
	"tresham/store/internal/dbutil"
	"tresham/store/postgres/pgtest"
	"tresham/store/storetest"
)

func open(t testing.TB, dsn string) *Store {
	t.Helper()
	s, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	pgtest.ServerDSN(t)
	storetest.Run(t, func(t *testing.T) store.Store { return open(t, pgtest.FreshDSN(t)) })
}

func TestOpenErrors(t *testing.T) {
	tests := []struct{ name, dsn string }{
		{"unparsable", "postgres://[::1"},
		{"unreachable", "postgres://nobody@127.0.0.1:1/x?sslmode=disable&connect_timeout=2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if s, err := Open(context.Background(), tc.dsn); err == nil {
				s.Close()
				t.Fatal("want error")
			}
		})
	}
}

// TestConcurrentOpen starts several instances at once on an empty
// database: the advisory lock must let exactly one apply each migration.
func TestConcurrentOpen(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	const n = 4
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			s, err := Open(context.Background(), dsn)
			if err == nil {
				err = s.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("instance %d: %v", i, err)
		}
	}
	s := open(t, dsn)
	ms, err := dbutil.LoadMigrations(migrationFS, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	var versions int
	if err := s.pool.QueryRow(context.Background(), `SELECT count(*) FROM schema_migrations`).Scan(&versions); err != nil || versions != len(ms) {
		t.Fatalf("schema_migrations has %d rows, %v", versions, err)
	}
}

// TestTwoInstances checks events and the append race across instances.
func TestTwoInstances(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.FreshDSN(t)
	a, b := open(t, dsn), open(t, dsn)
	ch, err := a.Subscribe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	g, err := b.CreateGame(ctx, store.Game{Title: "1860", Status: store.StatusActive}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ev := next(t, ch); ev != (store.GameEvent{GameID: g.ID}) {
		t.Fatalf("event %+v", ev)
	}
	for seq := range 5 {
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, s := range []*Store{a, b} {
			wg.Go(func() {
				errs[i] = s.AppendAction(ctx, store.Action{GameID: g.ID, Seq: seq, Data: json.RawMessage(fmt.Sprintf(`{"by":%d}`, i))}, nil)
			})
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			if err == nil {
				won++
			} else if !errors.Is(err, store.ErrConflict) {
				t.Fatalf("seq %d: %v", seq, err)
			}
		}
		if won != 1 {
			t.Fatalf("seq %d: %d instances won (%v)", seq, won, errs)
		}
		if ev := next(t, ch); ev != (store.GameEvent{GameID: g.ID, Actions: seq + 1}) {
			t.Fatalf("seq %d: event %+v", seq, ev)
		}
	}
}

// TestListenerReconnects kills the LISTEN connection and checks that a
// change committed while it was away still reaches the subscriber, and
// that later changes do too.
func TestListenerReconnects(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.FreshDSN(t)
	a, b := open(t, dsn), open(t, dsn)
	ch, err := a.Subscribe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	g, err := b.CreateGame(ctx, store.Game{Title: "1825", Status: store.StatusActive}, nil)
	if err != nil {
		t.Fatal(err)
	}
	next(t, ch)
	var killed int
	if err := b.pool.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE application_name = $1 AND datname = current_database()`, listenerApp).Scan(&killed); err != nil || killed != 1 {
		t.Fatalf("terminated %d listeners, %v", killed, err)
	}
	// Committed while the listener is (most likely) away.
	if err := b.AppendAction(ctx, store.Action{GameID: g.ID, Seq: 0, Data: json.RawMessage(`{}`)}, nil); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ch, store.GameEvent{GameID: g.ID, Actions: 1})
	if err := b.AppendAction(ctx, store.Action{GameID: g.ID, Seq: 1, Data: json.RawMessage(`{}`)}, nil); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ch, store.GameEvent{GameID: g.ID, Actions: 2})
}

// TestActionsAppendOnly checks the schema refuses to change a stored action.
func TestActionsAppendOnly(t *testing.T) {
	ctx := context.Background()
	s := open(t, pgtest.FreshDSN(t))
	if _, err := s.CreateGame(ctx, store.Game{Title: "1860", Status: store.StatusActive}, []json.RawMessage{json.RawMessage(`{}`)}); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`UPDATE actions SET data = '{"x":1}'`, `DELETE FROM actions`} {
		if _, err := s.pool.Exec(ctx, q); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Fatalf("%s: %v, want append-only refusal", q, err)
		}
	}
}

func next(t *testing.T, ch <-chan store.GameEvent) store.GameEvent {
	t.Helper()
	select {
	case ev, ok := <-ch:
		if !ok {
			t.Fatal("event channel closed")
		}
		return ev
	case <-time.After(15 * time.Second):
		t.Fatal("no event within 15s")
	}
	return store.GameEvent{}
}

// waitFor reads events (a reconnection may repeat some) until want.
func waitFor(t *testing.T, ch <-chan store.GameEvent, want store.GameEvent) {
	t.Helper()
	for {
		if ev := next(t, ch); ev == want {
			return
		}
	}
}

func BenchmarkAppendAction(b *testing.B) {
	storetest.BenchAppendAction(b, open(b, pgtest.FreshDSN(b)))
}
