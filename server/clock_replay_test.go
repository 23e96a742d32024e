package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestClockUndoRedoEarnsNoTime reproduces issue 39 finding 8 against a
// real server: undo and redo pairs in a stock round must not grant the
// turn's time again. The clock accounts as if the undone and redone moves
// were one history: a turn earns its time once per history position.
func TestClockUndoRedoEarnsNoTime(t *testing.T) {
	clk := newFakeTime()
	env := newEnvWith(t, nil, func(c *Config) { c.Now = clk.Now })
	alice, bob := env.signup("alice"), env.signup("bob")
	id := alice.create(map[string]any{"title": "1860", "players": 2,
		"clock": map[string]any{"bank": "90s", "per_stock_turn": "30s", "per_operation": []string{"30s"}}})
	bob.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]int{"seat": 1}, http.StatusOK, nil)
	if v := alice.view(id); v.Status == "new" {
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	}
	seats := map[string]*user{"1": alice, "2": bob}
	// play passes (or the first listed move) until the stock round
	var v gameView
	for step := 0; ; step++ {
		v = alice.view(id)
		if v.State["round"] == "Stock" {
			break
		}
		if step > 60 || len(v.Acting) == 0 {
			t.Fatalf("no stock round after %d moves: round %v", step, v.State["round"])
		}
		ent := v.Acting[0]
		u := seats[ent]
		if u == nil {
			t.Fatalf("acting %q is not a player seat", ent)
		}
		lv := u.view(id)
		act := lv.Legal[ent][0].Action
		for _, ch := range lv.Legal[ent] {
			if strings.Contains(string(ch.Action), `"pass"`) {
				act = ch.Action
				break
			}
		}
		u.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": lv.Actions, "action": json.RawMessage(act)}, http.StatusOK, nil)
		clk.add(time.Second)
	}
	// the player to act makes a move, then takes it back and plays it
	// again, twenty times
	ent := v.Acting[0]
	mover := seats[ent]
	lv := mover.view(id)
	var act json.RawMessage
	for _, ch := range lv.Legal[ent] {
		if strings.Contains(string(ch.Action), `"pass"`) {
			act = ch.Action
		}
	}
	mover.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": lv.Actions, "action": act}, http.StatusOK, nil)
	clk.add(time.Second)
	before := mover.clockView(id).Clocks.Left
	for range 20 {
		// undoEvery apart: within the undo budget (budgets.go); the waits
		// are charged, so time left can only fall
		n := env.storedActions(id)
		clk.add(undoEvery)
		mover.mustDo("POST", fmt.Sprintf("/api/games/%d/undo", id), map[string]any{"seq": n}, http.StatusOK, nil)
		clk.add(undoEvery)
		mover.mustDo("POST", fmt.Sprintf("/api/games/%d/redo", id), map[string]any{"seq": n + 1}, http.StatusOK, nil)
	}
	after := mover.clockView(id).Clocks.Left
	// a restart computes the same clocks from the stored log (the first
	// server's heartbeat written at the test's time: no downtime noted)
	env.srv.heartbeat(context.Background())
	env2 := startEnv(t, env.srv.cfg, env.st, env.st, env.srv.log)
	other := env2.anon()
	other.mustDo("POST", "/api/login", map[string]string{"name": mover.name, "password": "correct horse"}, http.StatusOK, nil)
	fresh := other.clockView(id).Clocks.Left
	t.Logf("time left before 20 undo/redo pairs %v, after %v, recomputed %v", before, after, fresh)
	for p, b := range before {
		if after[p] > b || fresh[p] > b {
			t.Errorf("player %s: %d s left before 20 undo/redo pairs, %d after (%d recomputed): time was granted again", p, b, after[p], fresh[p])
		}
	}
}
