package server

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tresham/play"
)

// TestViewHashMatchesSession checks that the view's state hash is the one
// a page's own engine computes from the export, before and after a move,
// and at a history position.
func TestViewHashMatchesSession(t *testing.T) {
	env := newEnv(t, nil)
	u := env.signup("alice")
	id, _, _ := importBefore(t, u)
	local := func() *play.Session {
		code, b := u.do("GET", fmt.Sprintf("/api/games/%d/export", id), nil)
		if code != 200 {
			t.Fatalf("export: %d %s", code, b)
		}
		s, err := play.Load(b)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	var v struct {
		Actions int    `json:"actions"`
		Hash    string `json:"hash"`
	}
	u.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, 200, &v)
	s := local()
	if h, _ := s.Hash(s.Len()); v.Hash == "" || h != v.Hash || s.Len() != v.Actions {
		t.Fatalf("hash: server %q at %d, session %q at %d", v.Hash, v.Actions, h, s.Len())
	}
	u.mustDo("GET", fmt.Sprintf("/api/games/%d?action=10", id), nil, 200, &v)
	if h, _ := s.Hash(10); h != v.Hash {
		t.Errorf("hash at 10: server %q, session %q", v.Hash, h)
	}
}

func TestReportMismatch(t *testing.T) {
	env := newEnv(t, nil)
	u := env.signup("alice")
	id, _, _ := importBefore(t, u)
	path := fmt.Sprintf("/api/games/%d/mismatch", id)
	u.mustDo("POST", path, map[string]any{"actions": 3, "hash": "abc", "server_hash": "def", "module": "tresham.x.wasm"}, 200, nil)
	u.mustDo("POST", path, map[string]any{"actions": -1, "hash": "abc"}, http.StatusBadRequest, nil)
	u.mustDo("POST", path, map[string]any{"hash": strings.Repeat("x", 65)}, http.StatusBadRequest, nil)
	u.mustDo("POST", "/api/games/999999/mismatch", map[string]any{"actions": 1}, http.StatusNotFound, nil)
	_, body := u.do("GET", "/metrics", nil)
	if !strings.Contains(string(body), "tresham_client_state_mismatches_total 1") {
		t.Errorf("metrics lack the mismatch count:\n%s", body)
	}
}
