package replay

import (
	"testing"

	"tresham/engine"
)

// TestStalledGameEndsAsTheReference: a live 1860 game (played on the
// server with programs, exported) in which every player sold out, nothing
// floats and no private pays. 18xx.games runs empty rounds within the last
// move until its round limit and ends the game there as dnf, in the stock
// round of turn 100 (its engine, run on this export, ends so); Tresham
// ends it at once in the same state: turn 100, a stock round, dnf.
func TestStalledGameEndsAsTheReference(t *testing.T) {
	src := readGzipExport(t, "testdata/1860-stalled-live.json.gz")
	src.Status, src.Result = "active", nil
	g, _, err := Run(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := g.State()
	if st["finished"] != true || st["game_end_reason"] != "dnf" || st["turn"] != engine.RoundLimit || st["round"] != "Stock" {
		t.Fatalf("end: finished %v reason %v turn %v round %v; want dnf in the stock round of turn %d",
			st["finished"], st["game_end_reason"], st["turn"], st["round"], engine.RoundLimit)
	}
}
