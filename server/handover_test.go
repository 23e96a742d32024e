package server

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tresham/compat/g18xx"
	"tresham/store"
)

// silentTable starts a 3-player asynchronous 1860 table of alice, bob and
// carol with a one-hour silence limit; alice (seat 0) moves first.
func silentTable(t *testing.T, env *testEnv, alice, bob, carol *user) int64 {
	t.Helper()
	id := alice.create(map[string]any{"title": "1860", "players": 3, "silence_hours": 1, "start_when_full": true})
	bob.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]int{"seat": 1}, http.StatusOK, nil)
	carol.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]int{"seat": 2}, http.StatusOK, nil)
	if v := alice.view(id); v.Status != store.StatusActive || len(v.Legal) == 0 {
		t.Fatalf("alice should move first: %+v", v.Acting)
	}
	return id
}

func TestHandoverToBot(t *testing.T) {
	eachStoreClock(t, func(t *testing.T, env *testEnv, skew *atomic.Int64) {
		alice, bob, carol := env.signup("alice"), env.signup("bob"), env.signup("carol")
		id := silentTable(t, env, alice, bob, carol)
		path := fmt.Sprintf("/api/games/%d/handover", id)
		// not yet silent long enough; not one's own seat; not a bot seat
		code, body := bob.do("POST", path, map[string]any{"seat": 0, "to": "bot"})
		if code != http.StatusConflict || !strings.Contains(string(body), "handed over after 1 h") {
			t.Fatalf("vote before the limit: %d %s", code, body)
		}
		skew.Store(int64(2 * time.Hour))
		alice.mustDo("POST", path, map[string]any{"seat": 0, "to": "bot"}, http.StatusConflict, nil)
		bob.mustDo("POST", path, map[string]any{"seat": 1, "to": "bot"}, http.StatusConflict, nil) // bob's own seat
		bob.mustDo("POST", path, map[string]any{"seat": 0, "to": "robot"}, http.StatusBadRequest, nil)
		bob.mustDo("POST", path, map[string]any{"seat": 7, "to": "bot"}, http.StatusBadRequest, nil)
		env.signup("eve").mustDo("POST", path, map[string]any{"seat": 0, "to": "bot"}, http.StatusForbidden, nil)
		// a vote cannot be forged through chat
		msg := map[string]any{"type": "message", "entity": 2, "entity_type": "player", "message": "x", "handover": "0:bot"}
		code, body = bob.do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": bob.view(id).Actions, "action": msg})
		if code != http.StatusBadRequest || !strings.Contains(string(body), "handover is set by") {
			t.Fatalf("a chat message carrying a vote: %d %s", code, body)
		}

		var out handoverJSON
		bob.mustDo("POST", path, map[string]any{"seat": 0, "to": "bot"}, http.StatusOK, &out)
		if out.Done || len(out.Waiting) != 1 || out.Waiting[0] != "carol" {
			t.Fatalf("after bob's vote: %+v", out)
		}
		carol.mustDo("POST", path, map[string]any{"seat": 0, "to": "bot"}, http.StatusOK, &out)
		if !out.Done || out.Link != "" {
			t.Fatalf("after every vote: %+v", out)
		}
		// the bot plays seat 0 now; the log says so; alice plays no more
		var sum struct {
			Seats []store.Seat `json:"seats"`
		}
		bob.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &sum)
		if sum.Seats[0].Bot != "heuristic" || sum.Seats[0].UserID != 0 || sum.Seats[0].Name != "alice" {
			t.Fatalf("seat 0 after the hand-over: %+v", sum.Seats[0])
		}
		v := bob.view(id)
		found := false
		for _, c := range v.Chat {
			found = found || strings.Contains(c.Text, "now played by a bot")
		}
		if !found {
			t.Fatalf("the log does not say the seat was handed over: %+v", v.Chat)
		}
		if you := alice.view(id).You; len(you) != 0 {
			t.Fatalf("alice still plays %v", you)
		}
		// the export is still an 18xx.games game: it decodes and re-imports
		code, exp := bob.do("GET", fmt.Sprintf("/api/games/%d/export", id), nil)
		if code != http.StatusOK {
			t.Fatalf("export: %d", code)
		}
		if _, err := g18xx.Decode(bytes.NewReader(exp)); err != nil {
			t.Fatalf("export does not decode: %v", err)
		}
		var imp struct {
			ID int64 `json:"id"`
		}
		bob.mustDo("POST", "/api/games/import", exp, http.StatusCreated, &imp)
	})
}

func TestHandoverToSubstitute(t *testing.T) {
	eachStoreClock(t, func(t *testing.T, env *testEnv, skew *atomic.Int64) {
		alice, bob, carol := env.signup("alice"), env.signup("bob"), env.signup("carol")
		id := silentTable(t, env, alice, bob, carol)
		path := fmt.Sprintf("/api/games/%d/handover", id)
		skew.Store(int64(2 * time.Hour))
		var out handoverJSON
		bob.mustDo("POST", path, map[string]any{"seat": 0, "to": "substitute"}, http.StatusOK, &out)
		// carol prefers a bot: no agreement; then she agrees on a substitute
		carol.mustDo("POST", path, map[string]any{"seat": 0, "to": "bot"}, http.StatusOK, &out)
		if out.Done {
			t.Fatalf("different choices handed the seat over: %+v", out)
		}
		carol.mustDo("POST", path, map[string]any{"seat": 0, "to": "substitute"}, http.StatusOK, &out)
		if !out.Done || len(out.Link) != 43 {
			t.Fatalf("agreed substitute: %+v", out)
		}
		// the seat's hash is never shown
		_, body := bob.do("GET", fmt.Sprintf("/api/games/%d", id), nil)
		if strings.Contains(string(body), "substitute\"") || strings.Contains(string(body), inviteHash(out.Link)) {
			t.Fatalf("the view shows the substitute hash: %s", body)
		}
		dave := env.signup("dave")
		sub := fmt.Sprintf("/api/games/%d/substitute", id)
		wrong := out.Link[:42] + map[bool]string{true: "B", false: "A"}[out.Link[42] == 'A']
		for _, req := range []map[string]any{{"seat": 0, "token": wrong}, {"seat": 1, "token": out.Link}, {"seat": 0}, {"token": out.Link}} {
			code, body := dave.do("POST", sub, req)
			if code != http.StatusNotFound || !strings.Contains(string(body), fmt.Sprintf("no game %d", id)) {
				t.Fatalf("substitute %v: %d %s", req, code, body)
			}
		}
		bob.mustDo("POST", sub, map[string]any{"seat": 0, "token": out.Link}, http.StatusConflict, nil) // already seated
		dave.mustDo("POST", sub, map[string]any{"seat": 0, "token": out.Link}, http.StatusOK, nil)
		if v := dave.view(id); len(v.You) != 1 || v.You[0] != 1 || len(v.Legal) == 0 {
			t.Fatalf("dave plays seat 0: you %v, legal %v", v.You, v.Legal)
		}
		env.signup("erin").mustDo("POST", sub, map[string]any{"seat": 0, "token": out.Link}, http.StatusNotFound, nil) // used once
	})
}

func TestPlainDuration(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0 min"}, {59 * time.Second, "0 min"}, {5 * time.Minute, "5 min"}, {time.Hour, "1 h"},
		{80 * time.Minute, "1 h 20 min"}, {24 * time.Hour, "1 day"}, {51 * time.Hour, "2 days 3 h"},
	} {
		if got := plainDuration(c.d); got != c.want {
			t.Errorf("plainDuration(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
