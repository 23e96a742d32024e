package server

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestAgreedEndIsFinal reproduces issue 39 finding 7 against a real
// server: after every player agreed to end a game, neither the last voter
// (under whose id the end_game is stored) nor anyone else can undo or
// redo it; the game stays finished with its result.
func TestAgreedEndIsFinal(t *testing.T) {
	env := newEnv(t, nil)
	alice, bob, id := twoPlayerGame(t, env)
	end := func(u *user) gameView {
		var v gameView
		u.mustDo("POST", fmt.Sprintf("/api/games/%d/end", id), map[string]any{"seq": env.storedActions(id), "agree": true}, http.StatusOK, &v)
		return v
	}
	end(bob)
	v := end(alice) // alice's vote completes the agreement: end_game is stored under her id
	if !v.Finished || v.CanUndo {
		t.Fatalf("after both agreed: finished %v can_undo %v", v.Finished, v.CanUndo)
	}
	n := env.storedActions(id)
	for _, u := range []*user{alice, bob} {
		for _, op := range []string{"undo", "redo"} {
			code, body := u.do("POST", fmt.Sprintf("/api/games/%d/%s", id, op), map[string]any{"seq": n})
			if code != http.StatusUnprocessableEntity || !strings.Contains(string(body), "nothing to "+op) {
				t.Errorf("%s's %s of the agreed end: %d %s, want 422", u.name, op, code, body)
			}
			if got := env.storedActions(id); got != n {
				t.Fatalf("%s's %s stored an action (%d, want %d)", u.name, op, got, n)
			}
			if v := u.view(id); !v.Finished || v.Status != "finished" || v.Result == nil {
				t.Fatalf("after %s's %s: finished %v status %s result %v", u.name, op, v.Finished, v.Status, v.Result)
			}
		}
	}
}
