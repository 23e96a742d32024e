package server

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestCreateSeatNames: a hotseat game's seats take the names given at
// creation; bad lists are refused naming what is wrong, and create nothing.
func TestCreateSeatNames(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	id := alice.create(map[string]any{"title": "1860", "players": 3, "hotseat": true, "names": []string{" Ann ", "", "Cy"},
		"bots": map[string]string{"1": "random"}})
	var g struct {
		Seats []struct {
			Name string `json:"name"`
		} `json:"seats"`
	}
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &g)
	var got []string
	for _, s := range g.Seats {
		got = append(got, s.Name)
	}
	if strings.Join(got, ",") != "Ann,Bot 2,Cy" {
		t.Fatalf("seat names %q, want Ann, Bot 2, Cy", got)
	}
	for _, c := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"title": "1860", "players": 3, "hotseat": true, "names": []string{"A", "B"}}, "2 names for 3 seats"},
		{map[string]any{"title": "1860", "players": 2, "hotseat": true, "names": []string{"Ann", "ann"}}, "seats 1 and 2 are both called"},
		{map[string]any{"title": "1860", "players": 2, "hotseat": true, "names": []string{"Ann", strings.Repeat("x", 41)}}, "longer than 40"},
		{map[string]any{"title": "1860", "players": 2, "names": []string{"Ann", "Bo"}}, "only a hotseat game"},
	} {
		code, body := alice.do("POST", "/api/games", c.body)
		if code != http.StatusBadRequest || !strings.Contains(string(body), c.want) {
			t.Errorf("%v: %d %s, want 400 naming %q", c.body["names"], code, body, c.want)
		}
	}
	var list struct {
		Games []struct{} `json:"games"`
	}
	alice.mustDo("GET", "/api/games?filter=mine", nil, http.StatusOK, &list)
	if len(list.Games) != 1 {
		t.Fatalf("%d games after refused creations, want 1", len(list.Games))
	}
}
