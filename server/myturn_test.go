package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"
)

type lobbyGames struct {
	Games []struct {
		ID       int64 `json:"id"`
		YourTurn bool  `json:"your_turn"`
	} `json:"games"`
	Next string `json:"next_cursor"`
}

func (l lobbyGames) ids(turn bool) []int64 {
	var out []int64
	for _, g := range l.Games {
		if !turn || g.YourTurn {
			out = append(out, g.ID)
		}
	}
	return out
}

// TestLobbyMyTurn: the lobby marks the games where it is the viewer's turn,
// and filter=myturn lists only those; the marks follow the moves.
func TestLobbyMyTurn(t *testing.T) {
	env := newEnv(t, nil)
	alice, bob, id := twoPlayerGame(t, env)
	other := alice.create(map[string]any{"title": "1825", "players": 3}) // not started: never anyone's turn
	list := func(u *user, filter string) lobbyGames {
		t.Helper()
		var l lobbyGames
		u.mustDo("GET", "/api/games?filter="+filter, nil, http.StatusOK, &l)
		return l
	}
	v := alice.view(id)
	first, second := alice, bob
	if len(v.Legal[v.Acting[0]]) == 0 {
		first, second = bob, alice
	}
	if got := list(first, "myturn").ids(false); !slices.Equal(got, []int64{id}) {
		t.Fatalf("myturn of the player to act: %v, want [%d]", got, id)
	}
	if got := list(second, "myturn").ids(false); len(got) != 0 {
		t.Fatalf("myturn of the other player: %v, want none", got)
	}
	if got := list(first, "mine").ids(true); !slices.Equal(got, []int64{id}) {
		t.Fatalf("games marked your_turn in mine: %v", got)
	}
	if slices.Contains(list(first, "mine").ids(false), other) != (first == alice) {
		t.Fatalf("mine lists the unstarted table wrongly")
	}
	// the player to act moves: the marks follow
	fv := first.view(id)
	ent := fv.Acting[0]
	var act map[string]any
	for _, ch := range fv.Legal[ent] {
		var c map[string]any
		_ = json.Unmarshal(ch.Action, &c)
		if act == nil || c["type"] == "pass" {
			act = c
		}
	}
	first.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": fv.Actions, "action": act}, http.StatusOK, nil)
	nv := first.view(id)
	firstActs := len(nv.Legal[nv.Acting[0]]) > 0
	if got := len(list(first, "myturn").ids(false)) == 1; got != firstActs {
		t.Errorf("after the move: myturn lists the game for the mover %v, mover acts %v", got, firstActs)
	}
	if got := len(list(second, "myturn").ids(false)) == 1; got == firstActs {
		t.Errorf("after the move: myturn lists the game for the other %v, mover acts %v", got, firstActs)
	}
	env.anon().mustDo("GET", "/api/games?filter=myturn", nil, http.StatusUnauthorized, nil)
}

// TestLobbyRound: the lobby names the round and phase of an active game the
// viewer plays, as the game's state has them, and none for a table not
// started.
func TestLobbyRound(t *testing.T) {
	env := newEnv(t, nil)
	alice, _, id := twoPlayerGame(t, env)
	waiting := alice.create(map[string]any{"title": "1825", "players": 3})
	var l struct {
		Games []struct {
			ID    int64  `json:"id"`
			Round string `json:"round"`
			Phase string `json:"phase"`
		} `json:"games"`
	}
	alice.mustDo("GET", "/api/games?filter=mine", nil, http.StatusOK, &l)
	st := alice.view(id).State
	want := fmt.Sprint(st["round"])
	switch want {
	case "Stock":
		want = fmt.Sprintf("SR %v", st["turn"])
	case "Operating":
		want = fmt.Sprintf("OR %v.%v", st["turn"], st["round_num"])
	}
	seen := 0
	for _, g := range l.Games {
		switch g.ID {
		case id:
			seen++
			if g.Round != want || g.Phase != fmt.Sprint(st["phase"]) {
				t.Errorf("game %d listed in %q, phase %q; its state: %q, phase %v", id, g.Round, g.Phase, want, st["phase"])
			}
		case waiting:
			seen++
			if g.Round != "" || g.Phase != "" {
				t.Errorf("a table not started is listed in round %q, phase %q", g.Round, g.Phase)
			}
		}
	}
	if seen != 2 {
		t.Fatalf("the lobby lists %d of the two games", seen)
	}
}
