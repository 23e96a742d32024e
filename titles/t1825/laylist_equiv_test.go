package t1825_test

import (
	"slices"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/titles/t1825"
)

// TestLayListingMatchesFormer replays every 1825 fixture and self-played
// corpus game and, at every position of an operating round, compares the
// track step's lay listing with the former computation (the reach rule
// run on a copy of the board for every candidate, the first lay of each
// hex twice): the same lays in the same order, and each candidate's plan
// the same with and without the reach rule's PreCheckLay.
func TestLayListingMatchesFormer(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: every operating position of every 1825 game")
	}
	positions, lays := 0, 0
	games := each1825Position(t, func(name string, g *t1825.Game, a *g18xx.Action, _ *engine.Action) {
		got, want, err := t1825.LayListingBoth(g)
		if err != nil {
			t.Fatalf("%s after action %d: %v", name, a.ID, err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s after action %d: listed %v, formerly %v", name, a.ID, got, want)
		}
		if want != nil {
			positions++
			lays += len(want)
		}
	})
	if lays == 0 {
		t.Fatal("no lays listed: the comparison is vacuous")
	}
	t.Logf("%d games, %d positions with lays, %d lays, all as formerly", games, positions, lays)
}
