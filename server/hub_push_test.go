package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestWebSocketPushesHash checks what a page needs to follow a move with
// its own engine and no request: once a listener asks for hashes, every
// move committed here carries the state hash after it (the history view's
// hash at that action, and the mover's own answer's), who sent it and
// whether a bot seat made it; chat carries none of it.
func TestWebSocketPushesHash(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	id := alice.create(map[string]any{"title": "1860", "players": 3, "hotseat": true, "bots": map[string]string{"1": "random", "2": "random"}})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	wsURL := "ws" + strings.TrimPrefix(env.ts.URL, "http") + fmt.Sprintf("/api/games/%d/ws", id)
	// a listener that asks for no hashes first: alone, it gets none
	plain, _, err := websocket.Dial(ctx, wsURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.CloseNow()
	waitFor(t, func() bool { return env.srv.hubOf(id) != nil })
	v := alice.view(id)
	rng := rand.New(rand.NewPCG(5, 6))
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": alice.pick(id, v, rng)}, http.StatusOK, nil)
	if _, b, err := plain.Read(ctx); err != nil || strings.Contains(string(b), `"hash"`) {
		t.Fatalf("a move pushed to a listener that asked for no hashes: %s %v", b, err)
	}
	waitFor(t, func() bool { v = alice.view(id); return v.Finished || len(v.Legal) > 0 })
	conn, _, err := websocket.Dial(ctx, wsURL+"?hash=1", &websocket.DialOptions{HTTPClient: alice.c})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	waitFor(t, func() bool { return env.srv.wantHashes(id) })
	first := v.Actions
	var lean struct {
		Hash string `json:"hash"`
	}
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions?view=hash", id), map[string]any{"seq": v.Actions, "action": alice.pick(id, v, rng)}, http.StatusOK, &lean)
	waitFor(t, func() bool { v = alice.view(id); return v.Finished || len(v.Legal) > 0 })
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions,
		"action": map[string]any{"type": "message", "entity": 1, "entity_type": "player", "message": "hello"}}, http.StatusOK, nil)
	type msg struct {
		Type    string          `json:"type"`
		Seq     int             `json:"seq"`
		Action  json.RawMessage `json:"action"`
		Hash    *string         `json:"hash"`
		By      *int64          `json:"by"`
		BotMove bool            `json:"bot_move"`
	}
	bots := 0
	for n := first; n <= v.Actions; n++ {
		_, b, err := conn.Read(ctx)
		if err != nil {
			t.Fatalf("message %d: %v", n, err)
		}
		var m msg
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		if m.Type != "action" || m.Seq != n {
			t.Fatalf("message %d: %s", n, b)
		}
		if n == v.Actions { // the chat line
			if m.Hash != nil || m.By != nil || m.BotMove {
				t.Errorf("chat message carries a hash or a sender: %s", b)
			}
			continue
		}
		var withHash struct {
			Hash string `json:"hash"`
		}
		alice.mustDo("GET", fmt.Sprintf("/api/games/%d?action=%d", id, n+1), nil, http.StatusOK, &withHash)
		if m.Hash == nil || *m.Hash != withHash.Hash {
			t.Errorf("message %d: hash %v, the view after it has %q", n, m.Hash, withHash.Hash)
		}
		wantBy, wantBot := alice.id, false
		if n == first && (m.Hash == nil || *m.Hash != lean.Hash) {
			t.Errorf("the mover's answer has hash %q, the pushed message %v", lean.Hash, m.Hash)
		}
		if n > first {
			wantBy, wantBot = 0, true
			bots++
		}
		if m.By == nil || *m.By != wantBy || m.BotMove != wantBot {
			t.Errorf("message %d: by %v bot_move %v; want %d %v (%s)", n, m.By, m.BotMove, wantBy, wantBot, b)
		}
	}
	if bots == 0 {
		t.Error("no bot moved after alice's move")
	}
}
