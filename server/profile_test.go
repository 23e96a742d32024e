package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tresham/store"
)

// finishedGame stores a finished 1860 game of the given users (seat i
// ends with value results[i]).
func finishedGame(t *testing.T, env *testEnv, st store.Store, owner *user, results []int, users ...*user) int64 {
	t.Helper()
	g := store.Game{Title: "1860", OwnerID: owner.id, Status: store.StatusFinished, Result: map[string]int{}}
	for i, u := range users {
		g.Seats = append(g.Seats, store.Seat{PlayerID: i + 1, Name: u.name, UserID: u.id})
		g.Result[fmt.Sprint(i+1)] = results[i]
	}
	g, err := st.CreateGame(context.Background(), g, []json.RawMessage{json.RawMessage(`{"type":"pass","entity":"1","id":1}`)})
	if err != nil {
		t.Fatal(err)
	}
	return g.ID
}

func TestProfileAndAccount(t *testing.T) {
	eachStoreClock(t, func(t *testing.T, env *testEnv, skew *atomic.Int64) {
		st := env.srv.st
		alice, bob := env.signup("alice"), env.signup("bob")
		won := finishedGame(t, env, st, alice, []int{900, 700}, alice, bob)
		finishedGame(t, env, st, bob, []int{800, 500}, bob, alice)
		open := alice.create(map[string]any{"title": "1825", "players": 3})
		bob.mustDo("POST", fmt.Sprintf("/api/games/%d/join", open), map[string]int{"seat": 1}, http.StatusOK, nil)

		var p struct {
			Name    string        `json:"name"`
			Results []titleResult `json:"results"`
			Games   []struct {
				ID int64 `json:"id"`
			} `json:"games"`
			Next string `json:"next_cursor"`
		}
		env.anon().mustDo("GET", "/api/players/BOB?limit=2", nil, http.StatusOK, &p)
		if p.Name != "bob" || len(p.Games) != 2 || p.Next == "" {
			t.Fatalf("profile page 1: %+v", p)
		}
		if len(p.Results) != 1 || p.Results[0] != (titleResult{Title: "1860", Finished: 2, Won: 1, Best: 800}) {
			t.Fatalf("bob's results: %+v", p.Results)
		}
		env.anon().mustDo("GET", "/api/players/bob?cursor="+p.Next, nil, http.StatusOK, &p)
		if len(p.Games) != 1 || p.Games[0].ID != won {
			t.Fatalf("profile page 2: %+v", p.Games)
		}
		alice.mustDo("GET", "/api/players/nobody1", nil, http.StatusNotFound, nil)
		alice.mustDo("GET", "/api/players/bob?sort=x", nil, http.StatusBadRequest, nil)
		alice.mustDo("GET", "/api/players/bob?cursor=zz", nil, http.StatusBadRequest, nil)

		// password change: the old one is required; other sessions end
		bob2 := env.anon()
		bob2.mustDo("POST", "/api/login", map[string]string{"name": "bob", "password": "correct horse"}, http.StatusOK, nil)
		bob.mustDo("PUT", "/api/me/password", map[string]string{"old": "wrong horse", "new": "battery staple 42"}, http.StatusUnauthorized, nil)
		bob.mustDo("PUT", "/api/me/password", map[string]string{"old": "correct horse", "new": "x"}, http.StatusBadRequest, nil)
		bob2.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
		bob.mustDo("PUT", "/api/me/password", map[string]string{"old": "correct horse", "new": "battery staple 42"}, http.StatusNoContent, nil)
		bob.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
		bob2.mustDo("GET", "/api/me", nil, http.StatusUnauthorized, nil)
		env.anon().mustDo("POST", "/api/login", map[string]string{"name": "bob", "password": "correct horse"}, http.StatusUnauthorized, nil)
		env.anon().mustDo("POST", "/api/login", map[string]string{"name": "bob", "password": "battery staple 42"}, http.StatusOK, nil)

		// deletion: password required; finished games intact, seat shown
		// as a deleted player; unstarted seats freed; the name reserved
		bob.mustDo("DELETE", "/api/me", map[string]string{"password": "correct horse"}, http.StatusUnauthorized, nil)
		bob.mustDo("DELETE", "/api/me", map[string]string{"password": "battery staple 42"}, http.StatusNoContent, nil)
		bob.mustDo("GET", "/api/me", nil, http.StatusUnauthorized, nil)
		env.anon().mustDo("POST", "/api/login", map[string]string{"name": "bob", "password": "battery staple 42"}, http.StatusUnauthorized, nil)
		alice.mustDo("GET", "/api/players/bob", nil, http.StatusNotFound, nil)
		g, err := st.GetGame(context.Background(), won)
		if err != nil {
			t.Fatal(err)
		}
		if g.Status != store.StatusFinished || g.Result["2"] != 700 || g.Seats[1].Name != "Deleted player 2" || g.Seats[0].Name != "alice" {
			t.Fatalf("finished game after deletion: %+v", g)
		}
		code, body := alice.do("GET", fmt.Sprintf("/api/games/%d/export", won), nil)
		if code != http.StatusOK || !strings.Contains(string(body), "Deleted player 2") {
			t.Fatalf("export after deletion: %d %s", code, body)
		}
		g, _ = st.GetGame(context.Background(), open)
		if g.Seats[1].UserID != 0 {
			t.Fatalf("unstarted game keeps the deleted player's seat: %+v", g.Seats)
		}
		code, body = env.anon().do("POST", "/api/signup", map[string]string{"name": "Bob", "password": "another password 1"})
		if code != http.StatusConflict {
			t.Fatalf("signup with a deleted name inside the grace period: %d %s", code, body)
		}
		// after the grace period the name is free
		skew.Store(int64(nameGrace + time.Hour))
		env.anon().mustDo("POST", "/api/signup", map[string]string{"name": "Bob", "password": "another password 1"}, http.StatusCreated, nil)
	})
}
