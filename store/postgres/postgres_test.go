package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"tresham/store"
	"tresham/store/storetest"
)

// DSNEnv names the environment variable holding the test server's DSN.
const DSNEnv = "TRESHAM_TEST_POSTGRES"

// serverDSN returns the test server's DSN. Without one the test is
// skipped, except under CI=true, where it fails: CI must not skip silently.
func serverDSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(DSNEnv)
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set under CI=true: start a server with .ci/postgres.sh", DSNEnv)
		}
		t.Skipf("%s not set (e.g. export %s=$(.ci/postgres.sh | tail -1))", DSNEnv, DSNEnv)
	}
	return dsn
}

// withDatabase returns dsn naming database db instead.
func withDatabase(t testing.TB, dsn, db string) string {
	t.Helper()
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		u, err := url.Parse(dsn)
		if err != nil {
			t.Fatalf("parsing %s: %v", DSNEnv, err)
		}
		u.Path = "/" + db
		return u.String()
	}
	return dsn + " dbname=" + db
}

// freshDSN creates an empty database for one test (dropped at its end) and
// returns its DSN. Each test gets its own database, so its LISTEN channel
// and its game ids are its own.
func freshDSN(t testing.TB) string {
	t.Helper()
	dsn := serverDSN(t)
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatalf("connecting to the test server: %v", err)
	}
	defer admin.Close(ctx)
	b := make([]byte, 6)
	rand.Read(b)
	name := "tresham_t_" + hex.EncodeToString(b)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("creating test database: %v", err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(ctx, dsn)
		if err != nil {
			t.Errorf("dropping %s: %v", name, err)
			return
		}
		defer c.Close(ctx)
		if _, err := c.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("dropping %s: %v", name, err)
		}
	})
	return withDatabase(t, dsn, name)
}

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
	serverDSN(t)
	storetest.Run(t, func(t *testing.T) store.Store { return open(t, freshDSN(t)) })
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
	dsn := freshDSN(t)
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
	var versions int
	if err := s.pool.QueryRow(context.Background(), `SELECT count(*) FROM schema_migrations`).Scan(&versions); err != nil || versions != 1 {
		t.Fatalf("schema_migrations has %d rows, %v", versions, err)
	}
}

// TestTwoInstances checks events and the append race across instances.
func TestTwoInstances(t *testing.T) {
	ctx := context.Background()
	dsn := freshDSN(t)
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
	dsn := freshDSN(t)
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
	s := open(t, freshDSN(t))
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
	storetest.BenchAppendAction(b, open(b, freshDSN(b)))
}
