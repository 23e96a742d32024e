package main

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strconv"
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
	for _, want := range []string{"2 seeds x 2 seat rotations = 4 games (4 played to the end)", "heuristic", "random", "wins by seat:", "Elo against medium", "heuristic = 0"} {
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
	r := bradleyTerry(games, []string{"a", "b"}, 1)
	if want := 400 * math.Log10(3.5/1.5); math.Abs(r[0]-want) > 1 || r[1] != 0 {
		t.Errorf("ratings %v, want [%.0f 0]", r, want)
	}
	lo, hi := wilson(5, 10)
	if math.Abs(lo-0.2366) > 0.001 || math.Abs(hi-0.7634) > 0.001 {
		t.Errorf("wilson(5, 10) = %.4f..%.4f, want 0.2366..0.7634", lo, hi)
	}
}

// TestEloAgainstMedium checks the ratings are measured against the medium
// level wherever it sits in the lineup, with their computed values and
// intervals: three kinds in 4-player games whose finishing orders are
// known, so the pairwise counts (and the fitted ratings) are known too.
func TestEloAgainstMedium(t *testing.T) {
	if got := eloReference([]string{"search:100ms", "heuristic", "easy"}); got != 1 {
		t.Errorf("reference of search,heuristic,easy = %d, want 1 (heuristic)", got)
	}
	if got := eloReference([]string{"hard", "easy", "medium"}); got != 2 {
		t.Errorf("reference of hard,easy,medium = %d, want 2 (medium)", got)
	}
	if got := eloReference([]string{"search:100ms", "random"}); got != 1 {
		t.Errorf("reference without medium = %d, want the last kind", got)
	}
	// hard > heuristic > easy in every game: two kinds a pairing apart.
	// hard beats heuristic 8 of 8 times and easy 16 of 16; heuristic
	// beats easy 16 of 16. The fit puts hard above heuristic above easy,
	// heuristic at exactly 0.
	kinds := []string{"hard", "heuristic", "easy"}
	var games []*gameResult
	for s := range 8 {
		games = append(games, &gameResult{seed: uint64(s / 2), kinds: []string{"hard", "heuristic", "easy", "easy"},
			worth: []int{400, 300, 200, 100}})
	}
	r := bradleyTerry(games, kinds, eloReference(kinds))
	if r[1] != 0 || !(r[0] > 100 && r[2] < -100) {
		t.Errorf("ratings %v: want hard > 100, heuristic 0, easy < -100", r)
	}
	// two kinds, one pairing a game: a wins 30 of 40 against medium; with
	// the half-win prior, 400*log10(30.5/10.5) = 185 Elo
	games = nil
	for s := range 40 {
		w := []int{2, 1}
		if s%4 == 3 {
			w = []int{1, 2}
		}
		games = append(games, &gameResult{seed: uint64(s), kinds: []string{"a", "medium"}, worth: w})
	}
	r = bradleyTerry(games, []string{"a", "medium"}, eloReference([]string{"a", "medium"}))
	if want := 400 * math.Log10(30.5/10.5); math.Abs(r[0]-want) > 0.5 || r[1] != 0 {
		t.Errorf("ratings %v, want [%.1f 0]", r, want)
	}
	var out bytes.Buffer
	writeStandings(&out, games, []string{"a", "medium"})
	text := out.String()
	if !strings.Contains(text, "Elo against medium") {
		t.Fatalf("no Elo table:\n%s", text)
	}
	// the row for a: its rating and a 95% interval around it, resampled
	// over the 40 seeds (so neither end is the point itself, and the
	// interval stays within the range a 40-game sample allows)
	var rating, lo, hi float64
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Fields(line); len(f) == 5 && f[0] == "a" && f[3] == "to" {
			rating, _ = strconv.ParseFloat(f[1], 64)
			lo, _ = strconv.ParseFloat(f[2], 64)
			hi, _ = strconv.ParseFloat(f[4], 64)
		}
	}
	if math.Abs(rating-185) > 1 || !(lo < rating && rating < hi) || lo < 50 || hi > 400 {
		t.Errorf("a's row: rating %.0f interval %.0f to %.0f; want 185 inside an interval within 50..400:\n%s", rating, lo, hi, text)
	}
}
