package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestGameClock plays an online game with a time control on a fake clock:
// each wait is charged to the seat to act, the clock is computed from the
// stored log, and running over shows a penalty.
func TestGameClock(t *testing.T) {
	var mu sync.Mutex
	now := time.Unix(1_800_000_000, 0)
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	env := newEnvWith(t, nil, func(c *Config) {
		c.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	})
	alice, bob := env.signup("alice"), env.signup("bob")
	for _, c := range []struct {
		clock any
		want  string
	}{
		{"turbo", "not one of off, blitz"},
		{map[string]any{"bank": "5s"}, "bank is 5s"},
		{map[string]any{"bank": "1h", "on_timeout": "penalty"}, "penalty_per_minute"},
		{map[string]any{"bank": "1h", "speed": 3}, "unknown field"},
		{map[string]any{"bank": "soon"}, "duration"},
	} {
		code, body := alice.do("POST", "/api/games", map[string]any{"title": "1860", "players": 2, "clock": c.clock})
		if code != http.StatusBadRequest || !strings.Contains(string(body), c.want) {
			t.Errorf("clock %v: %d %s; want 400 naming %q", c.clock, code, body, c.want)
		}
	}
	id := alice.create(map[string]any{"title": "1860", "players": 2, "start_when_full": false,
		"clock": map[string]any{"bank": "10m", "per_stock_turn": "30s", "per_operation": []string{"1m"}, "on_timeout": "penalty", "penalty_per_minute": 5}})
	bob.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]int{"seat": 1}, http.StatusOK, nil)
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)

	type clocks struct {
		Left    map[string]int64 `json:"left_s"`
		OnClock []int            `json:"on_clock"`
		Penalty map[string]int   `json:"penalty"`
	}
	read := func(u *user) clocks {
		var v struct {
			Clocks *clocks `json:"clocks"`
		}
		u.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &v)
		if v.Clocks == nil {
			t.Fatal("the view has no clocks")
		}
		return *v.Clocks
	}
	play := func(u *user, seat string) {
		v := u.view(id)
		var a map[string]any
		for _, ch := range v.Legal[seat] {
			_ = json.Unmarshal(ch.Action, &a)
			if a["type"] == "pass" {
				break
			}
		}
		u.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": a}, http.StatusOK, nil)
	}
	if c := read(alice); c.Left["1"] != 600 || c.Left["2"] != 600 {
		t.Fatalf("before any move: %+v, want the 10-minute bank each", c)
	}
	play(alice, "1") // the auction: alice passes, bob is to act
	advance(100 * time.Second)
	if c := read(alice); c.Left["1"] != 600 || c.Left["2"] != 500 || len(c.OnClock) != 1 || c.OnClock[0] != 2 {
		t.Fatalf("bob thinking 100 s: %+v, want alice 600, bob 500, bob on the clock", c)
	}
	play(bob, "2")
	advance(50 * time.Second)
	c := read(bob)
	if c.Left["2"] != 500 || c.Left["1"] >= 600 {
		t.Fatalf("alice thinking 50 s: %+v, want bob 500 and alice charged", c)
	}
	aliceLeft := c.Left["1"]
	// a restart (a new server on the same store) computes the same clocks
	// from the stored log (the first server ran all along: its heartbeat,
	// which its ticker would have written in real time, is written at the
	// test's time, so no downtime is noted)
	env.srv.heartbeat(context.Background())
	env2 := startEnv(t, env.srv.cfg, env.st, env.st, env.srv.log)
	alice2 := env2.anon()
	alice2.mustDo("POST", "/api/login", map[string]string{"name": "alice", "password": "correct horse"}, http.StatusOK, nil)
	var v2 struct {
		Clocks *clocks `json:"clocks"`
	}
	alice2.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &v2)
	if v2.Clocks == nil || v2.Clocks.Left["1"] != aliceLeft || v2.Clocks.Left["2"] != 500 {
		t.Fatalf("after a restart: %+v, want alice %d bob 500", v2.Clocks, aliceLeft)
	}
	// over time: a penalty per started minute, shown beside the result
	advance(time.Duration(aliceLeft+450) * time.Second)
	if c := read(bob); c.Left["1"] != -450 || c.Penalty["1"] != 8*5 {
		t.Fatalf("alice 450 s over: %+v, want -450 s and a penalty of 40", c)
	}
	// the lobby shows the time control
	var list struct {
		Games []struct {
			ID    int64 `json:"id"`
			Clock *struct {
				Bank string `json:"bank"`
			} `json:"clock"`
		} `json:"games"`
	}
	alice.mustDo("GET", "/api/games?filter=mine", nil, http.StatusOK, &list)
	if len(list.Games) == 0 || list.Games[0].Clock == nil || list.Games[0].Clock.Bank != "10m0s" {
		t.Fatalf("lobby: %+v", list.Games)
	}
}

// TestGameClockUndo: an undo refunds nothing, and after it the clock runs
// for whoever the undo made to act.
func TestGameClockUndo(t *testing.T) {
	var mu sync.Mutex
	now := time.Unix(1_800_000_000, 0)
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	env := newEnvWith(t, nil, func(c *Config) {
		c.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	})
	alice, bob := env.signup("alice"), env.signup("bob")
	id := alice.create(map[string]any{"title": "1860", "players": 2, "clock": map[string]any{"bank": "10m"}})
	bob.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]int{"seat": 1}, http.StatusOK, nil)
	if v := alice.view(id); v.Status == "new" {
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	}
	v := alice.view(id)
	var pass json.RawMessage
	for _, ch := range v.Legal["1"] {
		if strings.Contains(string(ch.Action), `"pass"`) {
			pass = ch.Action
		}
	}
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": pass}, http.StatusOK, nil)
	advance(10 * time.Second) // bob is to act
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/undo", id), map[string]any{"seq": v.Actions + 1}, http.StatusOK, nil)
	advance(20 * time.Second) // alice is to act again
	var got struct {
		Clocks struct {
			Left    map[string]int64 `json:"left_s"`
			OnClock []int            `json:"on_clock"`
		} `json:"clocks"`
	}
	bob.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &got)
	if got.Clocks.Left["1"] != 580 || got.Clocks.Left["2"] != 590 || len(got.Clocks.OnClock) != 1 || got.Clocks.OnClock[0] != 1 {
		t.Fatalf("after alice's undo: %+v; want alice 580 (on the clock), bob 590 (his 10 s not refunded)", got.Clocks)
	}
}
