package board_test

import (
	"path/filepath"
	"testing"

	"tresham/board"
	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/replay"
	"tresham/titles/t1825"
)

// TestDirectedNetworkMatchesReference grows random 1825 boards (directed
// walk, lines only) and checks after every change that the memoised and
// fresh Graph of every corporation equal the reference walk's.
func TestDirectedNetworkMatchesReference(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		o := t1825.Options{}
		o.Units[1], o.Units[2], o.Units[3] = true, seed%2 == 0, seed%3 != 0
		if !o.Units[2] && !o.Units[3] {
			o.Units[2] = true
		}
		b, err := t1825.NewBoard(o)
		if err != nil {
			t.Fatal(err)
		}
		growBoard(t, b, seed, 400, func(b *board.Board, step int) {
			for _, c := range []string{"A", "B", "C", "D", ""} {
				if err := board.CheckDirectedAgainstReference(b, c); err != nil {
					t.Fatalf("seed %d step %d: %v", seed, step, err)
				}
			}
		})
	}
}

// TestDirectedNetworkMatchesReferenceInGames replays every 1825 fixture
// and checks after each action that every corporation's Graph and
// StopCounts equal the reference walk's (positions random growth seldom makes: walks that cross
// a side twice, track reached only off a line).
func TestDirectedNetworkMatchesReferenceInGames(t *testing.T) {
	var files []string
	for _, pat := range []string{"1825/*.json", "synthetic/1825/*.json"} {
		m, err := fixtures.Games(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no 1825 fixtures")
	}
	if testing.Short() {
		files = files[:2]
	}
	states, nonLines := 0, 0
	for _, f := range files {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, f))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		tg, err := replay.New(src)
		if err != nil {
			t.Fatal(err)
		}
		g, ok := tg.(*t1825.Game)
		if !ok {
			t.Fatalf("%s: not an 1825 game", f)
		}
		for _, i := range g18xx.EffectiveIndices(src.Actions) {
			a := &src.Actions[i]
			if a.Type == g18xx.TypeMessage {
				continue
			}
			ea := replay.Convert(a)
			v := g.Board.Version()
			if err := g.Apply(&ea); err != nil {
				break // the fixture's own verdict is replay's business
			}
			if g.Board.Version() == v {
				continue
			}
			for _, c := range g.Corps {
				if len(g.Board.TokenNodes(c.Sym)) == 0 {
					continue
				}
				if err := board.CheckDirectedAgainstReference(g.Board, c.Sym); err != nil {
					t.Fatalf("%s action %d: %v", filepath.Base(f), a.ID, err)
				}
				if err := board.CheckStopCounts(g.Board, c.Sym); err != nil {
					t.Fatalf("%s action %d: %v", filepath.Base(f), a.ID, err)
				}
				k, nl, err := board.CheckWalkLines(g.Board, c.Sym)
				if err != nil {
					t.Fatalf("%s action %d: %v", filepath.Base(f), a.ID, err)
				}
				states += k
				nonLines += nl
			}
		}
	}
	t.Logf("%d walk states checked, %d not lines", states, nonLines)
	if nonLines == 0 && !testing.Short() {
		t.Error("no walk that is not a line: the check of walkLines is vacuous")
	}
}
