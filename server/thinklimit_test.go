package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tresham/store"
)

// TestLongThinkingGamesPerAccount: against a real server, an account may
// have maxLongThinkingGames unfinished games with an expert bot (a seat's,
// or the bot its clock seats when time runs out, or a search that thinks
// longer than the hard level or on nodes alone); one more is refused with
// a 429 naming the limit and nothing is created. Lower levels, other
// accounts, and the account once one of its games is over are not held
// back.
func TestLongThinkingGamesPerAccount(t *testing.T) {
	env := newEnvWith(t, nil, func(c *Config) { c.MaxConcurrentThinking = 1 })
	alice, bob := env.signup("alice"), env.signup("bob")
	expertClock := map[string]any{"bank": "1h", "per_stock_turn": "30s", "per_operation": []string{"30s"}, "on_timeout": "bot", "bot": "expert"}
	first := alice.create(map[string]any{"title": "1860", "players": 2, "hotseat": true, "bots": map[string]string{"1": "expert"}})
	alice.create(map[string]any{"title": "1825", "players": 3, "bots": map[string]string{"2": "search:1s"}})
	alice.create(map[string]any{"title": "1860", "players": 2, "clock": expertClock})
	owned := func(u *user) int {
		t.Helper()
		games, err := env.st.ListGames(context.Background(), store.Filter{UserID: u.id, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		return len(games)
	}
	before := owned(alice)
	for _, req := range []map[string]any{
		{"title": "1825", "players": 3, "hotseat": true, "bots": map[string]string{"1": "hard", "2": "expert"}},
		{"title": "1860", "players": 2, "bots": map[string]string{"1": "search:200n"}},
		{"title": "1860", "players": 2, "clock": expertClock},
	} {
		code, body := alice.do("POST", "/api/games", req)
		if code != http.StatusTooManyRequests || !strings.Contains(string(body), fmt.Sprintf("you have %d unfinished games with expert bots", maxLongThinkingGames)) ||
			!strings.Contains(string(body), fmt.Sprintf("the limit is %d", maxLongThinkingGames)) {
			t.Errorf("a game with %v past the limit: %d %s; want 429 naming the limit of %d", req["bots"], code, body, maxLongThinkingGames)
		}
	}
	if n := owned(alice); n != before {
		t.Errorf("the refused games were created: alice has %d games, had %d", n, before)
	}
	// lower levels, and another account, are not held back
	alice.create(map[string]any{"title": "1860", "players": 2, "hotseat": true, "bots": map[string]string{"1": "hard"}})
	alice.create(map[string]any{"title": "1825", "players": 3, "hotseat": true, "bots": map[string]string{"1": "medium", "2": "search:100ms"}})
	bob.create(map[string]any{"title": "1860", "players": 2, "hotseat": true, "bots": map[string]string{"1": "expert"}})
	// a game over no longer counts: alice ends her first one by agreement
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", first), nil, http.StatusOK, nil)
	var v gameView
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/end", first), map[string]any{"seq": env.storedActions(first), "agree": true}, http.StatusOK, &v)
	if !v.Finished {
		t.Fatalf("the first game is not over after alice's vote: %+v", v)
	}
	alice.create(map[string]any{"title": "1860", "players": 2, "hotseat": true, "bots": map[string]string{"1": "expert"}})
}

func TestThinksLong(t *testing.T) {
	for kind, want := range map[string]bool{
		"random": false, "heuristic": false, "easy": false, "medium": false, "hard": false, "search:250ms": false, "search:100ms+90000n": false,
		"expert": true, "search:251ms": true, "search:2s": true, "search:200n": true, "search:1h": true, "nonsense": false,
	} {
		if got := thinksLong(kind); got != want {
			t.Errorf("thinksLong(%q) = %v, want %v", kind, got, want)
		}
	}
}
