// Package pgtest gives tests a throwaway PostgreSQL database on the server
// named by $TRESHAM_TEST_POSTGRES (started by .ci/postgres.sh in CI).
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// DSNEnv names the environment variable holding the test server's DSN.
const DSNEnv = "TRESHAM_TEST_POSTGRES"

// ServerDSN returns the test server's DSN. Without one the test is
// skipped, except under CI=true, where it fails: CI must not skip silently.
func ServerDSN(t testing.TB) string {
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

// WithDatabase returns dsn naming database db instead.
func WithDatabase(t testing.TB, dsn, db string) string {
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

// FreshDSN creates an empty database for one test (dropped at its end) and
// returns its DSN. Each test gets its own database, so its LISTEN channel
// and its game ids are its own.
func FreshDSN(t testing.TB) string {
	t.Helper()
	dsn := ServerDSN(t)
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
	return WithDatabase(t, dsn, name)
}
