package main

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTournamentCommand plays a small paired tournament of the quick bot
// kinds and checks the table, and that bad lineups are refused.
func TestTournamentCommand(t *testing.T) {
	var out, errb bytes.Buffer
	file := filepath.Join(t.TempDir(), "standings.txt")
	args := []string{"tournament", "--title", "1825", "--options", "unit_3", "--players", "2", "--lineup", "heuristic,random", "--seeds", "2", "--standings", file}
	if code := run(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errb.String())
	}
	for _, want := range []string{"2 seeds x 2 seat rotations = 4 games (4 played to the end)", "heuristic", "random", "wins by seat:", "Bradley-Terry"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
	// the standings file holds the table after the last game
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"4 of 4 games played to the end so far", "wins by seat:", "Bradley-Terry"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("standings file lacks %q:\n%s", want, b)
		}
	}
	for _, bad := range [][]string{
		{"tournament", "--lineup", "nosuch"},
		{"tournament", "--lineup", "search:fast"},
		{"tournament", "--players", "2", "--lineup", "random,random,random"},
		{"tournament", "--seeds", "0"},
	} {
		if code := run(context.Background(), bad, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

func TestBradleyTerryAndWilson(t *testing.T) {
	// a beats b in 3 of 4 pairings: with the half-win prior each way,
	// strengths 3.5:1.5, 400*log10(7/3) = 147 Elo
	var games []*gameResult
	for i, aWins := range []bool{true, true, true, false} {
		w := []int{2, 1}
		if !aWins {
			w = []int{1, 2}
		}
		games = append(games, &gameResult{seed: uint64(i), kinds: []string{"a", "b"}, worth: w})
	}
	r := bradleyTerry(games, []string{"a", "b"})
	if want := 400 * math.Log10(3.5/1.5); math.Abs(r[0]-want) > 1 || r[1] != 0 {
		t.Errorf("ratings %v, want [%.0f 0]", r, want)
	}
	lo, hi := wilson(5, 10)
	if math.Abs(lo-0.2366) > 0.001 || math.Abs(hi-0.7634) > 0.001 {
		t.Errorf("wilson(5, 10) = %.4f..%.4f, want 0.2366..0.7634", lo, hi)
	}
}
