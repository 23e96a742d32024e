package t1825_test

import (
	"slices"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
	"tresham/titles/t1825"
)

// TestHomeReservationSettledByLay: a minor without a fixed home city (TV,
// V8) holds a reservation of any city of its hex; when a tile laid there
// leaves only one city that could take its token (here S&DR's #66, GWR
// holding the other city), that city becomes its reservation, and at its
// first operating round the minor's home token goes there without a choice,
// as 18xx.games does (update_tile_reservation). The game is a self-played
// one that 18xx.games replays to its action 1397; our engine used to ask TV
// to choose its city at 1398, which the site refused.
func TestHomeReservationSettledByLay(t *testing.T) {
	settled := false
	g := replayTestdata(t, "home-reservation-settled.json.gz", func(g *t1825.Game, id int) {
		if id == 1319 { // S&DR lays #66 on V8
			settled = !g.Board.HexReservedFor("V8", "TV")
		}
	})
	if !settled {
		t.Fatal("after S&DR's #66 on V8, TV still holds a reservation of any city of V8")
	}
	if acting := g.Acting(); slices.Contains(acting, "TV") || !slices.Contains(acting, "LNWR") {
		t.Fatalf("acting %v: TV should have placed its home token without a choice, LNWR to act", acting)
	}
	tv := g.Corp("TV")
	if tv == nil || tv.Tokens[0].Location == "" {
		t.Fatal("TV has no home token")
	}
	if gwr := g.Corp("GWR"); gwr == nil || !slices.ContainsFunc(gwr.Tokens, func(tk engine.Token) bool { return tk.Location != "" && tk.Location[:2] == "V8" }) {
		t.Fatalf("GWR should hold the other city of V8")
	}
	t.Logf("TV's home token: %s", tv.Tokens[0].Location)
}

// replayTestdata replays every action of testdata/name (an 18xx.games
// export, gzipped) and returns the game; after each action it calls after,
// when set, with the action's id.
func replayTestdata(t *testing.T, name string, after func(g *t1825.Game, id int)) *t1825.Game {
	t.Helper()
	src, err := readGz("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	tg, err := replay.New(src)
	if err != nil {
		t.Fatal(err)
	}
	g := tg.(*t1825.Game)
	for _, i := range g18xx.EffectiveIndices(src.Actions) {
		a := replay.Convert(&src.Actions[i])
		if err := g.Apply(&a); err != nil {
			t.Fatalf("%s action %d: %v", name, a.ID, err)
		}
		if after != nil {
			after(g, a.ID)
		}
	}
	return g
}
