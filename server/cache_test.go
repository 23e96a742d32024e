package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tresham/store"
	"tresham/store/memstore"
)

// plainReplay rebuilds a game from the store the way a game is built
// without the cache's economies (accepted actions kept in the engine,
// memoised routes and the whole log kept).
func plainReplay(t *testing.T, s *Server, id int64) titleGame {
	t.Helper()
	h, err := s.st.GetGame(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	acts, err := s.loadActions(context.Background(), id, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.replayActions(h, acts, false)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// sameGame fails unless the cached game of id has the state and log of a
// plain replay of its stored log.
func sameGame(t *testing.T, s *Server, id int64, step string) {
	t.Helper()
	e, err := s.game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	defer e.mu.Unlock()
	want := plainReplay(t, s, id)
	a, _ := json.Marshal(e.g.State())
	b, _ := json.Marshal(want.State())
	if !bytes.Equal(a, b) {
		t.Fatalf("%s: cached state differs from a plain replay:\n%s\nwant\n%s", step, a, b)
	}
	if got, want := e.g.LogLines(), want.LogLines(); !slices.Equal(got, want) {
		t.Fatalf("%s: cached log has %d lines, a plain replay %d (or they differ)", step, len(got), len(want))
	}
}

// TestLeanCacheFixtures: a cached game (actions left to the store, routes
// forgotten, log archived) has exactly the state and log of a plain replay.
func TestLeanCacheFixtures(t *testing.T) {
	st := memstore.New()
	ids := storeFixtures(t, st, realGames(t), 1)
	s := New(Config{}, st, slog.New(slog.DiscardHandler))
	for _, id := range ids {
		sameGame(t, s, id, fmt.Sprintf("game %d", id))
	}
}

// TestLeanCacheLivePlay plays a game through the API with refused moves
// in between (each refusal restores the cached game from the store's log)
// and the cached game trimmed from time to time; after every step it is
// the game a plain replay of the store gives.
func TestLeanCacheLivePlay(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	id := alice.create(map[string]any{"title": "1860", "players": 3, "hotseat": true})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 80 {
		v := alice.view(id)
		act := alice.pick(id, v, rng)
		if i%3 == 0 { // a move the rules do not list: refused, nothing changes
			var bad map[string]any
			if err := json.Unmarshal(act, &bad); err != nil {
				t.Fatal(err)
			}
			bad["type"] = "buy_train"
			bad["train"] = "9"
			bad["price"] = 1
			code, body := alice.do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": i, "action": bad})
			if code != http.StatusUnprocessableEntity && code != http.StatusForbidden {
				t.Fatalf("step %d: bogus move answered %d %s", i, code, body)
			}
			sameGame(t, env.srv, id, fmt.Sprintf("step %d, after a refusal", i))
		}
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": i, "action": act}, http.StatusOK, nil)
		if i%7 == 0 {
			e, err := env.srv.game(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			e.g.(leanGame).Trim()
			e.mu.Unlock()
		}
		sameGame(t, env.srv, id, fmt.Sprintf("step %d", i))
	}
	// the refusals are counted, and so are the cache's hits
	_, body := alice.do("GET", "/metrics", nil)
	for _, want := range []string{`tresham_actions_refused_total{reason="illegal"} 27`, `tresham_actions_applied_total{source="player"} 80`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}

// TestCacheBytesBound: the cache holds games up to its byte bound and
// evicts the least recently used first; the game in use always stays.
func TestCacheBytesBound(t *testing.T) {
	st := memstore.New()
	ids := storeFixtures(t, st, realGames(t)[:1], 4)
	open := func(s *Server, id int64) {
		e, err := s.game(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		e.mu.Unlock()
	}
	// the size of one trimmed game, from an unbounded cache
	probe := New(Config{}, st, slog.New(slog.DiscardHandler))
	open(probe, ids[0])
	one := probe.cacheBytes
	if one <= 0 {
		t.Fatalf("a cached game accounts for %d bytes", one)
	}
	for _, tc := range []struct {
		name  string
		bound int64
		want  []int64 // cached after opening ids in order, then ids[1] again
	}{
		{"room for two", 2*one + one/2, []int64{ids[1], ids[3]}},
		{"room for all", 4*one + one/2, ids},
		{"room for none", one / 2, []int64{ids[1]}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := New(Config{CacheBytes: tc.bound}, st, slog.New(slog.DiscardHandler))
			for _, id := range ids {
				open(s, id)
			}
			open(s, ids[1])
			var got []int64
			for id := range s.cache {
				got = append(got, id)
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("cached %v, want %v", got, tc.want)
			}
			if s.cacheBytes > tc.bound && len(got) > 1 {
				t.Errorf("%d bytes cached, bound %d", s.cacheBytes, tc.bound)
			}
		})
	}
}

// TestTrimIdle: a game in play keeps its memoised routes; once idle for
// trimAfter it is trimmed and accounts for fewer bytes, and plays on.
func TestTrimIdle(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	env := newEnvWith(t, nil, func(c *Config) { c.Now = func() time.Time { return now } })
	alice := env.signup("alice")
	id := alice.create(map[string]any{"title": "1860", "players": 2, "hotseat": true})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	rng := rand.New(rand.NewPCG(5, 6))
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 0, "action": alice.pick(id, alice.view(id), rng)}, http.StatusOK, nil)
	s := env.srv
	e := mustEntry(t, s, id)
	// read under the locks (the janitor may run meanwhile)
	state := func() (bool, int64) {
		e.mu.Lock()
		defer e.mu.Unlock()
		s.cacheMu.Lock()
		defer s.cacheMu.Unlock()
		return e.trimmed, e.size
	}
	trimmed, busy := state()
	if trimmed {
		t.Fatal("a game just played is trimmed")
	}
	s.trimIdle()
	if trimmed, _ = state(); trimmed {
		t.Fatal("trimmed before trimAfter")
	}
	now = now.Add(trimAfter + time.Second) // no request reads the clock meanwhile
	s.trimIdle()
	if trimmed, idle := state(); !trimmed || idle >= busy {
		t.Fatalf("idle game: trimmed %v, %d bytes (was %d)", trimmed, idle, busy)
	}
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 1, "action": alice.pick(id, alice.view(id), rng)}, http.StatusOK, nil)
	sameGame(t, s, id, "after trimming")
}

// failingActions is a memstore whose Actions fails while fail is set.
type failingActions struct {
	*memstore.Store
	fail atomic.Bool
}

func (f *failingActions) Actions(ctx context.Context, gameID int64, from int) ([]store.Action, error) {
	if f.fail.Load() {
		return nil, errors.New("the store is unreachable")
	}
	return f.Store.Actions(ctx, gameID, from)
}

// TestRefusalWithoutStore: a refused move whose restore cannot read the
// store (engine.ErrRestoreFailed) leaves no half-applied game: the next
// use rebuilds it, the same as a plain replay.
func TestRefusalWithoutStore(t *testing.T) {
	mem := memstore.New()
	fs := &failingActions{Store: mem}
	env := startEnv(t, Config{Argon2: Argon2Params{Time: 1, Memory: 1024, Threads: 1}}, fs, mem, slog.New(slog.DiscardHandler))
	alice := env.signup("alice")
	id := alice.create(map[string]any{"title": "1860", "players": 3, "hotseat": true})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 5 {
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": i, "action": alice.pick(id, alice.view(id), rng)}, http.StatusOK, nil)
	}
	// a listed move carrying a refused auto action: the move is applied
	// before the refusal, so the game must be restored (a refusal decided
	// before any change needs no restore, and no store)
	var good, bad map[string]any
	if err := json.Unmarshal(alice.pick(id, alice.view(id), rng), &good); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(alice.pick(id, alice.view(id), rng), &bad); err != nil {
		t.Fatal(err)
	}
	bad["type"], bad["train"], bad["price"] = "buy_train", "9", 1
	delete(bad, "auto_actions")
	good["auto_actions"] = []any{bad}
	bad = good
	fs.fail.Store(true)
	code, body := alice.do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 5, "action": bad})
	fs.fail.Store(false)
	if code != http.StatusInternalServerError {
		t.Fatalf("refusal with the store down: %d %s", code, body)
	}
	sameGame(t, env.srv, id, "after a refusal that could not restore")

	// a move refused before anything changed needs no restore: the store
	// being down does not matter
	plain := good["auto_actions"].([]any)[0]
	fs.fail.Store(true)
	code, body = alice.do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 5, "action": plain})
	fs.fail.Store(false)
	if code != http.StatusUnprocessableEntity {
		t.Fatalf("a refusal decided before any change, with the store down: %d %s, want 422", code, body)
	}
	sameGame(t, env.srv, id, "after a refusal decided before any change")
}
