package play

import (
	"bytes"
	"encoding/json"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
)

// TestStateJSONIsMarshal checks appendStateJSON against json.Marshal,
// byte for byte (the state hash is of these bytes), at every position of
// the four real games of both titles, and on values it leaves to
// json.Marshal (strings it escapes, other kinds).
func TestStateJSONIsMarshal(t *testing.T) {
	check := func(what string, v any) {
		t.Helper()
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := appendStateJSON(nil, v)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: appendStateJSON wrote\n%s\njson.Marshal\n%s", what, got, want)
		}
	}
	check("odd values", map[string]any{
		"esc": "a<b>&\"c\\\n\t\u2028é\xff", "nil list": []string(nil), "nil map": map[string]int(nil), "empty": []any{}, "float": 1.5,
		"typed": struct{ A int }{3}, "nested": []any{map[string]any{"z": 1, "a": []int{1, 2}, "m": map[string]string{"k<": "v>"}}, nil, true, -7},
		"neg": map[string]int{"b": -1, "a": 0}, "names": []string{"x", "é"}, "deep": [][]any{{1, "a"}, nil},
	})
	for _, path := range []string{"1860/19354.json", "1860/1860_game_end_bank.json", "1825/141331.json", "1825/1825_game_end_bank.json"} {
		s, err := New(loadSrc(t, path))
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for n := 0; n <= s.Len(); n++ {
			g, err := s.At(n)
			if err != nil {
				continue // a position inside a branch undone later
			}
			check(path, g.State())
			checked++
		}
		if checked < s.Len()/2 {
			t.Errorf("%s: %d positions of %d checked", path, checked, s.Len())
		}
	}
}

// BenchmarkStateJSON encodes the state of 1825 141331 at action 300 with
// json.Marshal and with appendStateJSON.
func BenchmarkStateJSON(b *testing.B) {
	src, err := g18xx.DecodeBytes(fixtures.MustRead(b, "1825/141331.json"))
	if err != nil {
		b.Fatal(err)
	}
	s, err := New(src)
	if err != nil {
		b.Fatal(err)
	}
	g, err := s.At(300)
	if err != nil {
		b.Fatal(err)
	}
	state := g.State()
	b.Run("json.Marshal", func(b *testing.B) {
		for b.Loop() {
			if _, err := json.Marshal(state); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("appendStateJSON", func(b *testing.B) {
		for b.Loop() {
			if _, err := appendStateJSON(nil, state); err != nil {
				b.Fatal(err)
			}
		}
	})
}
