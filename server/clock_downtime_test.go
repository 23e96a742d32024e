package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"tresham/store/memstore"
)

// downNotes counts the downtime notes in game id's stored log.
func downNotes(t *testing.T, st *memstore.Store, id int64) int {
	t.Helper()
	n := 0
	for _, a := range mustActions(t, st, id) {
		if strings.Contains(string(a.Data), `"clock":"down:`) {
			n++
		}
	}
	return n
}

// TestGameClockDowntime: a game is running; the server stops 25 s after
// its last heartbeat, and a new server on the same store starts 3 hours
// later. It notes the downtime in the clocked game (not in an unclocked
// one), and the seat to act is charged nothing for it: its time left is
// what it was at the last heartbeat, so no bot takes it over. A second
// restart without downtime notes nothing, and computes the same clocks.
func TestGameClockDowntime(t *testing.T) {
	ft := newFakeTime()
	st := memstore.New()
	cfgOf := func(c *Config) { c.Now = ft.Now }
	env := newEnvWith(t, st, cfgOf)
	alice, bob := env.signup("alice"), env.signup("bob")
	start := func(clock any) int64 {
		id := alice.create(map[string]any{"title": "1860", "players": 2, "clock": clock})
		bob.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]int{"seat": 1}, http.StatusOK, nil)
		if v := alice.view(id); v.Status == "new" {
			alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
		}
		return id
	}
	id := start(map[string]any{"bank": "5m", "on_timeout": "bot"})
	plain := start(nil)
	ft.add(30 * time.Second)
	actAsFirst(t, alice, id) // alice thought 30 s; bob is to act
	ft.add(40 * time.Second)
	if v := alice.clockView(id); v.Clocks.Left["1"] != 270 || v.Clocks.Left["2"] != 260 {
		t.Fatalf("before the stop: %v, want alice 270 and bob 260", v.Clocks.Left)
	}
	env.srv.heartbeat(context.Background()) // its last heartbeat
	ft.add(25 * time.Second)
	env.srv.Close() // the server stops
	ft.add(3 * time.Hour)

	env2 := startEnv(t, env.srv.cfg, st, st, env.srv.log)
	if n := downNotes(t, st, id); n != 1 {
		t.Fatalf("%d downtime notes in the clocked game, want 1", n)
	}
	if n := downNotes(t, st, plain); n != 0 {
		t.Fatalf("%d downtime notes in the game without a clock, want 0", n)
	}
	alice2 := env2.anon()
	alice2.mustDo("POST", "/api/login", map[string]string{"name": "alice", "password": "correct horse"}, http.StatusOK, nil)
	v := alice2.clockView(id)
	if !chatSays(v, "The server was down from 2027-01-15 08:01:10 UTC to 2027-01-15 11:01:35 UTC; the clock did not run.") {
		t.Errorf("no note for the players in the chat: %+v", v.Chat)
	}
	// bob is charged up to the last heartbeat only: at most the threshold
	// more than at the stop, here exactly what he had then
	if v.Clocks.Left["1"] != 270 || v.Clocks.Left["2"] != 260 {
		t.Fatalf("after the downtime: %v, want alice 270 and bob 260", v.Clocks.Left)
	}
	env2.srv.clockCheck(context.Background(), id)
	if g, err := st.GetGame(context.Background(), id); err != nil || g.Seats[1].Bot != "" {
		t.Fatalf("bob's seat after the downtime: %+v, %v; want no bot", g.Seats, err)
	}
	ft.add(20 * time.Second) // the clock runs again
	if v := alice2.clockView(id); v.Clocks.Left["2"] != 240 {
		t.Fatalf("20 s after the restart: %v, want bob 240", v.Clocks.Left)
	}

	// a quick restart: the new server starts within the threshold of the
	// last heartbeat, notes nothing, and computes the same clocks
	env2.srv.Close()
	env3 := startEnv(t, env.srv.cfg, st, st, env.srv.log)
	if n := downNotes(t, st, id); n != 1 {
		t.Fatalf("after a quick restart: %d downtime notes, want still 1", n)
	}
	alice3 := env3.anon()
	alice3.mustDo("POST", "/api/login", map[string]string{"name": "alice", "password": "correct horse"}, http.StatusOK, nil)
	if v := alice3.clockView(id); v.Clocks.Left["1"] != 270 || v.Clocks.Left["2"] != 240 {
		t.Fatalf("after a quick restart: %v, want alice 270 and bob 240", v.Clocks.Left)
	}
	// bob moves: of the wait, downtime and all, 60 s are charged; another
	// instance computing the clocks afresh from the log agrees
	bob3 := env3.anon()
	bob3.mustDo("POST", "/api/login", map[string]string{"name": "bob", "password": "correct horse"}, http.StatusOK, nil)
	actAsFirst(t, bob3, id)
	env4 := startEnv(t, env.srv.cfg, st, st, env.srv.log)
	alice4 := env4.anon()
	alice4.mustDo("POST", "/api/login", map[string]string{"name": "alice", "password": "correct horse"}, http.StatusOK, nil)
	v3, v4 := alice3.clockView(id), alice4.clockView(id)
	if v3.Clocks.Left["2"] != 240 || v4.Clocks.Left["2"] != 240 || v3.Clocks.Left["1"] != v4.Clocks.Left["1"] {
		t.Fatalf("after bob's move: %v here, %v on another instance; want bob 240 on both", v3.Clocks.Left, v4.Clocks.Left)
	}
}
