package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"tresham/store"
	"tresham/store/internal/dbutil"
	"tresham/store/storetest"
)

func openTemp(t testing.TB) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "tresham.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openTemp(t) })
}

func TestConformanceInMemory(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := Open(context.Background(), ":memory:")
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// migrations are the embedded migrations.
func migrations(t *testing.T) []dbutil.Migration {
	t.Helper()
	ms, err := dbutil.LoadMigrations(migrationFS, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// TestNameKeyMigration checks that users made before migration 2 are keyed
// by their exact name (two names differing only by case both survive).
func TestNameKeyMigration(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tresham.db")
	db, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		t.Fatal(err)
	}
	ms := migrations(t)
	if _, err := db.ExecContext(ctx, ms[0].SQL); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL);
		INSERT INTO schema_migrations VALUES (1, '001_init.sql', 0);
		INSERT INTO users (name, password_hash, created_at) VALUES ('Alice', 'h1', 0), ('alice', 'h2', 0)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, name := range []string{"Alice", "alice"} {
		if u, err := s.UserByNameKey(ctx, name); err != nil || u.Name != name {
			t.Errorf("UserByNameKey(%q) = %+v, %v", name, u, err)
		}
	}
}

// TestReopen checks that the schema is migrated once and data persists.
func TestReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tresham.db")
	for i := range 3 {
		s, err := Open(ctx, path)
		if err != nil {
			t.Fatalf("open %d: %v", i, err)
		}
		if _, err := s.CreateUser(ctx, store.User{Name: fmt.Sprint("u", i)}); err != nil {
			t.Fatalf("open %d: %v", i, err)
		}
		var n int
		if err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM users`).Scan(&n); err != nil || n != i+1 {
			t.Fatalf("open %d: %d users, %v", i, n, err)
		}
		if err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n); err != nil || n != len(migrations(t)) {
			t.Fatalf("open %d: %d migrations recorded, %v", i, n, err)
		}
		var mode string
		if err := s.w.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
			t.Fatalf("journal_mode %q, %v", mode, err)
		}
		// an acknowledged append survives power loss: the WAL is fsynced
		// at every commit (2 = FULL)
		var sync int
		if err := s.w.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&sync); err != nil || sync != 2 {
			t.Fatalf("synchronous %d, %v; want 2 (FULL)", sync, err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestActionsAppendOnly checks the schema refuses to change a stored action.
func TestActionsAppendOnly(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	g, err := s.CreateGame(ctx, store.Game{Title: "1860", Status: store.StatusActive}, []json.RawMessage{json.RawMessage(`{}`)})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`UPDATE actions SET data = '{"x":1}'`, `DELETE FROM actions`} {
		if _, err := s.w.ExecContext(ctx, q); err == nil {
			t.Fatalf("%s: want refusal", q)
		}
	}
	if acts, err := s.Actions(ctx, g.ID, 0); err != nil || len(acts) != 1 || string(acts[0].Data) != `{}` {
		t.Fatalf("actions %v, %v", acts, err)
	}
}

func BenchmarkAppendAction(b *testing.B) {
	s, err := Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	storetest.BenchAppendAction(b, s)
}

func BenchmarkAppendActionConcurrent(b *testing.B) {
	s, err := Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	storetest.BenchAppendActionConcurrent(b, s)
}

// BenchmarkAppendAction96 is BenchmarkAppendActionConcurrent with as many
// writers as `tresham loadtest --games 96` has players.
func BenchmarkAppendAction96(b *testing.B) {
	s, err := Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	storetest.BenchAppendActionWriters(b, s, 96)
}
