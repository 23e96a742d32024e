package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/replay"
)

// TestPlayAgainstBots plays whole games from the terminal, the person
// always taking the suggested move ("a"); the saved export replays to the
// printed result.
func TestPlayAgainstBots(t *testing.T) {
	for _, tc := range []struct {
		title, options string
		players        int
	}{
		{"1860", "", 3},
		{"1825", "unit_2", 3},
	} {
		t.Run(tc.title, func(t *testing.T) {
			save := filepath.Join(t.TempDir(), "game.json")
			in := strings.NewReader(strings.Repeat("a\n", 20000))
			var out, errb syncBuffer
			args := []string{"--title", tc.title, "--players", "3", "--seat", "2", "--save", save}
			if tc.options != "" {
				args = append(args, "--options", tc.options)
			}
			if code := cmdPlay(context.Background(), args, in, &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			if !strings.Contains(out.String(), "Game over") {
				t.Fatalf("the game did not end:\n%s", tail(out.String(), 2000))
			}
			b, err := os.ReadFile(save)
			if err != nil {
				t.Fatal(err)
			}
			var src g18xx.Game
			if err := json.Unmarshal(b, &src); err != nil {
				t.Fatal(err)
			}
			g, _, err := replay.Run(&src, nil)
			if err != nil {
				t.Fatalf("saved game does not replay: %v", err)
			}
			if !g.IsFinished() || len(src.Result) == 0 {
				t.Fatalf("saved game: finished %v, result %v", g.IsFinished(), src.Result)
			}
			for id, v := range g.Result() {
				if src.Result[id] != v {
					t.Fatalf("replayed result %v, saved %v", g.Result(), src.Result)
				}
			}
		})
	}
	// refusals: bad input is explained and asked again; q quits
	var out, errb syncBuffer
	in := strings.NewReader("99\nx\n1 5000\nq\n")
	if code := cmdPlay(context.Background(), []string{"--players", "2", "--bot", "random"}, in, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{`no move "99"`, `no move "x"`, `price "5000" is not allowed`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func tail(s string, n int) string { return s[max(0, len(s)-n):] }
