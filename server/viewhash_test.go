package server

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"
)

// TestSubmitViewHash plays moves with ?view=hash (what the game page sends
// when its own engine has already played the move): the answer has no
// state and no log, and its hash is the full view's.
func TestSubmitViewHash(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	id := alice.create(map[string]any{"title": "1860", "players": 3, "hotseat": true})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	rng := rand.New(rand.NewPCG(7, 8))
	v := alice.view(id)
	for range 5 {
		var got struct {
			gameView
			Hash string `json:"hash"`
		}
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions?view=hash", id), map[string]any{"seq": v.Actions, "action": alice.pick(id, v, rng)}, http.StatusOK, &got)
		var full struct {
			gameView
			Hash string `json:"hash"`
		}
		alice.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &full)
		if got.State != nil || got.Log != nil {
			t.Fatalf("a ?view=hash answer has state or log")
		}
		if got.Hash == "" || got.Hash != full.Hash || got.Actions != full.Actions || len(got.Legal) != len(full.Legal) {
			t.Fatalf("?view=hash answered hash %q, %d actions, legal for %d; the view: %q, %d, %d", got.Hash, got.Actions, len(got.Legal), full.Hash, full.Actions, len(full.Legal))
		}
		v = full.gameView
	}
}
