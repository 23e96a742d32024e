package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"tresham/store"
	"tresham/store/sqlite"
)

func TestBackupCommand(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "tresham.db")
	st, err := sqlite.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close() // the "server" keeps the database open meanwhile
	u, err := st.CreateUser(ctx, store.User{Name: "owner", PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.CreateGame(ctx, store.Game{Title: "1860", OwnerID: u.ID, Hotseat: true, Status: store.StatusActive,
		Seats: []store.Seat{{PlayerID: 1, Name: "a"}, {PlayerID: 2, Name: "b"}}}, nil); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "copy.db")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"backup", "--data", dir, out}, 0, "1 games, 0 actions"},
		{[]string{"backup", "--data", dir, out}, 1, "exists"},
		{[]string{"backup", "--db", "postgres://x/y", out}, 2, "pg_dump"},
		{[]string{"backup"}, 2, "usage"},
	} {
		var o, e bytes.Buffer
		code := run(ctx, tc.args, &o, &e)
		if code != tc.code || !strings.Contains(o.String()+e.String(), tc.want) {
			t.Errorf("%v: code %d, output %q %q; want %d and %q", tc.args, code, o.String(), e.String(), tc.code, tc.want)
		}
	}
	r, err := sqlite.Open(ctx, out)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if gs, err := r.ListGames(ctx, store.Filter{}); err != nil || len(gs) != 1 {
		t.Errorf("restored copy: %d games, %v", len(gs), err)
	}
}

func TestHealthCommand(t *testing.T) {
	ok := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok\n")) }))
	defer ok.Close()
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "not ready", http.StatusServiceUnavailable)
	}))
	defer down.Close()
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"health", "--url", ok.URL}, 0},
		{[]string{"health", "--url", down.URL}, 1},
		{[]string{"health", "--url", "http://127.0.0.1:1/healthz"}, 1},
		{[]string{"health", "extra"}, 2},
	} {
		var o, e bytes.Buffer
		if code := run(context.Background(), tc.args, &o, &e); code != tc.code {
			t.Errorf("%v: code %d (%s), want %d", tc.args, code, e.String(), tc.code)
		}
	}
}
