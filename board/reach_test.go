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

// TestReachesNodeMatchesNetwork checks ReachesNode and its line walk
// against the freshly built network, on random 1825 boards and after
// every board change of every 1825 fixture.
func TestReachesNodeMatchesNetwork(t *testing.T) {
	offered := 0
	check := func(b *board.Board, corps []string, where string) {
		for _, c := range corps {
			n, err := board.CheckReachesNode(b, c)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			want := len(b.TokenableCities(c)) > 0
			fresh := b.Clone()
			fresh.DropMemos() // take HasTokenableCity's early-ending walk
			if got := fresh.HasTokenableCity(c); got != want {
				t.Fatalf("%s: HasTokenableCity(%q) = %v, TokenableCities non-empty %v", where, c, got, want)
			}
			offered += n
		}
	}
	for seed := uint64(1); seed <= 4; seed++ {
		o := t1825.Options{}
		o.Units[1], o.Units[2], o.Units[3] = true, seed%2 == 0, seed%3 != 0
		b, err := t1825.NewBoard(o)
		if err != nil {
			t.Fatal(err)
		}
		growBoard(t, b, seed, 300, func(b *board.Board, step int) {
			check(b, []string{"A", "B", "C", "D", ""}, "random board")
		})
	}
	var files []string
	for _, pat := range []string{"1825/*.json", "synthetic/1825/*.json"} {
		m, err := fixtures.Games(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if testing.Short() && len(files) > 2 {
		files = files[:2]
	}
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
				break
			}
			if g.Board.Version() == v {
				continue
			}
			var corps []string
			for _, c := range g.Corps {
				corps = append(corps, c.Sym)
			}
			check(g.Board, corps, filepath.Base(f))
		}
	}
	if offered == 0 {
		t.Error("lineReaches found no node: the check is vacuous")
	}
	t.Logf("%d nodes found by the line walk, all in their networks", offered)
}
