package server

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestNotes: a player's notepad is kept on the server, read by its owner
// only (another player of the game reads their own, an outsider is
// refused), limited in size with a clear error that changes nothing.
func TestNotes(t *testing.T) {
	env := newEnv(t, nil)
	alice, bob, id := twoPlayerGame(t, env)
	carol := env.signup("carol")
	path := fmt.Sprintf("/api/games/%d/note", id)
	var n noteJSON
	alice.mustDo("GET", path, nil, http.StatusOK, &n)
	if n.Text != "" || n.Limit != maxNoteRunes {
		t.Fatalf("fresh note: %+v", n)
	}
	text := "Bob is short of cash: start FYN in SR2.\nNo IOW shares ✓"
	alice.mustDo("PUT", path, map[string]string{"text": text}, http.StatusOK, nil)
	alice.mustDo("GET", path, nil, http.StatusOK, &n)
	if n.Text != text {
		t.Fatalf("read back %q", n.Text)
	}
	bob.mustDo("GET", path, nil, http.StatusOK, &n)
	if n.Text != "" {
		t.Fatalf("bob reads %q: another player's note", n.Text)
	}
	carol.mustDo("GET", path, nil, http.StatusForbidden, nil)
	carol.mustDo("PUT", path, map[string]string{"text": "x"}, http.StatusForbidden, nil)
	env.anon().mustDo("GET", path, nil, http.StatusUnauthorized, nil)
	// over the limit: 400 naming it, the note unchanged
	code, b := alice.do("PUT", path, map[string]string{"text": strings.Repeat("é", maxNoteRunes+1)})
	if code != http.StatusBadRequest || !strings.Contains(string(b), "the limit is 10000") {
		t.Fatalf("over the limit: %d %s", code, b)
	}
	alice.mustDo("PUT", path, map[string]any{"text": 5}, http.StatusBadRequest, nil)
	alice.mustDo("GET", path, nil, http.StatusOK, &n)
	if n.Text != text {
		t.Fatalf("after refusals the note is %q", n.Text)
	}
	alice.mustDo("PUT", path, map[string]string{"text": strings.Repeat("é", maxNoteRunes)}, http.StatusOK, nil)
	alice.mustDo("PUT", path, map[string]string{"text": ""}, http.StatusOK, nil)
	alice.mustDo("GET", path, nil, http.StatusOK, &n)
	if n.Text != "" {
		t.Fatalf("after deleting: %q", n.Text)
	}
	alice.mustDo("GET", "/api/games/999/note", nil, http.StatusNotFound, nil)
}
