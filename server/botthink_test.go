package server

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"
)

// TestSearchBotSeats plays a hotseat game against a searching bot (node
// budget) and an easy bot: the search thinks on a copy of the game with
// the entry unlocked, and its moves are made.
func TestSearchBotSeats(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	id := alice.create(map[string]any{"title": "1825", "players": 3, "hotseat": true, "bots": map[string]string{"1": "search:200n", "2": "easy"}})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	v := alice.view(id)
	rng := rand.New(rand.NewPCG(5, 6))
	for round := range 4 {
		if v.Finished {
			break
		}
		act := alice.pick(id, v, rng)
		var after gameView
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": act}, http.StatusOK, &after)
		waitFor(t, func() bool {
			v = alice.view(id)
			return v.Finished || len(v.Legal) > 0
		})
		if v.Actions < after.Actions+1 {
			t.Fatalf("round %d: no bot moved (%d actions)", round, v.Actions)
		}
	}
}
