package server

import (
	"encoding/json"
	"fmt"
	"testing"

	"tresham/engine"
)

// TestMessagesInView checks the game view sends each log line's message
// id and arguments beside it (log_messages, in the order of log), and a
// refused action's answer its reason's message (refusal) beside the
// English error text.
func TestMessagesInView(t *testing.T) {
	env := newEnv(t, nil)
	alice, _, id := twoPlayerGame(t, env)
	var v struct {
		Log         []string         `json:"log"`
		LogMessages []engine.Message `json:"log_messages"`
		Legal       map[string][]choiceResult
	}
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, 200, &v)
	if len(v.Log) == 0 || len(v.LogMessages) != len(v.Log) {
		t.Fatalf("%d log lines, %d messages", len(v.Log), len(v.LogMessages))
	}
	for i, m := range v.LogMessages {
		if m.ID == "" {
			t.Errorf("line %q has no message", v.Log[i])
			continue
		}
		if got := m.English(); got != v.Log[i] {
			t.Errorf("message %q %q reads %q, the line is %q", m.ID, m.Args, got, v.Log[i])
		}
	}
	var legal map[string]any
	if err := json.Unmarshal(v.Legal["1"][0].Action, &legal); err != nil {
		t.Fatal(err)
	}
	legal["price"] = 100000
	code, body := alice.do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 0, "action": legal})
	var out struct {
		Error   string          `json:"error"`
		Refusal *engine.Message `json:"refusal"`
	}
	if err := json.Unmarshal(body, &out); err != nil || code != 422 {
		t.Fatalf("refused bid: %d %s (%v)", code, body, err)
	}
	if out.Refusal == nil || out.Refusal.ID == "" {
		t.Fatalf("refused bid: no refusal message in %s", body)
	}
	if reason := out.Refusal.English(); out.Error != "illegal action: "+reason {
		t.Errorf("refusal %q %q reads %q; the error is %q", out.Refusal.ID, out.Refusal.Args, reason, out.Error)
	}
}
