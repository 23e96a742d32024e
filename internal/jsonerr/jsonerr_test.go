package jsonerr

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDescribe(t *testing.T) {
	var v struct {
		Players int      `json:"players"`
		Title   string   `json:"title"`
		Shares  []string `json:"shares"`
	}
	for _, c := range []struct{ in, want string }{
		{`{"players":"x"}`, `field "players": want a whole number, got text`},
		{`{"title":["x"]}`, `field "title": want text, got a list`},
		{`{"shares":[1]}`, `want text, got number`},
		{`{"players":1.5}`, `want a whole number, got number 1.5`},
		{`{"players":`, `unexpected end`},
	} {
		got := Describe(json.Unmarshal([]byte(c.in), &v))
		if !strings.Contains(got, c.want) || strings.Contains(got, "Go ") {
			t.Errorf("%s: %q, want it to say %q and name no Go type", c.in, got, c.want)
		}
	}
}
