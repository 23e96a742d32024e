package bot

import (
	"slices"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
)

// TestHeuristicBreaksStall replays self-played 1860 games (four heuristic
// bots) to a stock round after a whole operating round in which nothing
// operated: the presidents of the two parred companies cannot afford to
// float them and no other company may be started yet (historical order).
// The bots used to pass there forever; now a player with the cash buys
// into an unfloated company, and one floats within a few rounds.
func TestHeuristicBreaksStall(t *testing.T) {
	for _, file := range []string{
		"stall-1860-base-4p-heuristic-3013.json.gz",
		"stall-1860-base-4p-heuristic-3043.json.gz",
	} {
		t.Run(file, func(t *testing.T) {
			src, err := g18xx.ReadFile("testdata/" + file)
			if err != nil {
				t.Fatal(err)
			}
			g, n, err := replay.Run(src, nil)
			if err != nil {
				t.Fatalf("replay stopped after %d actions: %v", n, err)
			}
			eg := replay.Engine(g)
			if eg.RoundKind != "Stock" || eg.Turn < 2 || slices.ContainsFunc(eg.Corps, func(c *engine.Corporation) bool { return c.Floated }) {
				t.Fatalf("not a stalled stock round: %s turn %d", eg.RoundKind, eg.Turn)
			}
			seats := map[int]Player{}
			for i, p := range eg.Players {
				seats[p.ID] = NewHeuristic(uint64(i + 1))
			}
			if _, err := Play(g.(Game), seats, PlayOptions{MaxActions: 100, FirstID: len(src.Actions) + 1}); err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(eg.Corps, func(c *engine.Corporation) bool { return c.Floated }) {
				t.Fatalf("nothing floated 100 actions on (%s %d): the bots still pass", eg.RoundKind, eg.Turn)
			}
		})
	}
}
