package server

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestSeatNamesAlwaysReimport reproduces issue 39 finding 11 (names)
// against a real server: a hotseat seat name with NUL, a newline, a bidi
// override or isolate, a zero-width character or a look-alike duplicate is
// refused with a 400 naming the field, and nothing is created; names that
// are accepted give a game whose export imports again.
func TestSeatNamesAlwaysReimport(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	for _, c := range []struct {
		name, want string
	}{
		{"Ann\x00", "names[1] (seat 2)"},
		{"Ann\nBo", "control character U+000A"},
		{"\u202eBo", "bidirectional formatting character U+202E"},
		{"Bo\u2066", "bidirectional formatting character U+2066"},
		{"B\u200bo", "invisible character U+200B"},
		{"B\u200do", "invisible character U+200D"},
		{"\ufeffBo", "invisible character U+FEFF"},
		{"\u0421y", "both called"}, // Cyrillic С
	} {
		code, body := alice.do("POST", "/api/games", map[string]any{"title": "1860", "players": 2, "hotseat": true, "names": []string{"Cy", c.name}})
		if code != http.StatusBadRequest || !strings.Contains(string(body), c.want) || !strings.Contains(string(body), "names[1]") {
			t.Errorf("seat name %+q: %d %s, want 400 naming names[1] and %q", c.name, code, body, c.want)
		}
	}
	var list lobbyList
	alice.mustDo("GET", "/api/games?filter=mine", nil, http.StatusOK, &list)
	if len(list.Games) != 0 {
		t.Fatalf("refused requests created %d games", len(list.Games))
	}
	// accepted names, unusual but visible, round-trip through export and import
	id := alice.create(map[string]any{"title": "1860", "players": 3, "hotseat": true, "names": []string{"Zoë", "李雷", "Ann O'Neil ☃"}})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	code, exp := alice.do("GET", fmt.Sprintf("/api/games/%d/export", id), nil)
	if code != http.StatusOK {
		t.Fatalf("export: %d %s", code, exp)
	}
	alice.mustDo("POST", "/api/games/import", exp, http.StatusCreated, nil)
}
