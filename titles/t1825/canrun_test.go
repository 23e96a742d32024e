package t1825_test

import (
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"tresham/engine"
	"tresham/internal/fixtures"

	"tresham/compat/g18xx"
	"tresham/replay"
	"tresham/titles/t1825"
)

// TestCanRunRouteMatchesOracle replays every 1825 fixture and self-played
// corpus game and, after every action, compares canRunRoute with the
// former implementation for every corporation.
func TestCanRunRouteMatchesOracle(t *testing.T) {
	positions, yes, no := 0, 0, 0
	games := each1825Position(t, func(name string, g *t1825.Game, a *g18xx.Action, ea *engine.Action) {
		positions++
		for _, c := range g.Corps {
			got, want := t1825.CanRunRouteBoth(g, c)
			if got != want {
				t.Fatalf("%s action %d corp %s: canRunRoute %v, oracle %v", name, a.ID, c.Sym, got, want)
			}
			if got {
				yes++
			} else {
				no++
			}
		}
	})
	if yes == 0 || no == 0 {
		t.Errorf("answers all one way (%d yes, %d no): the comparison is vacuous", yes, no)
	}
	t.Logf("%d games, %d positions: %d yes, %d no, all as the oracle", games, positions, yes, no)
}

func readGz(path string) (*g18xx.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	g, err := g18xx.Decode(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// all1825Games reads every 1825 fixture (real and synthetic) and
// self-played corpus game, with their file names; it skips the test when
// there are none.
func all1825Games(t *testing.T) ([]*g18xx.Game, []string) {
	t.Helper()
	var srcs []*g18xx.Game
	var names []string
	for _, pat := range []string{"1825/*.json", "synthetic/1825/*.json"} {
		m, err := fixtures.Games(pat)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m {
			src, err := g18xx.DecodeBytes(fixtures.MustRead(t, f))
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			srcs, names = append(srcs, src), append(names, filepath.Base(f))
		}
	}
	corpus, _ := filepath.Glob("../../selfplay/testdata/games/1825-*.json.gz")
	for _, f := range corpus {
		src, err := readGz(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs, names = append(srcs, src), append(names, filepath.Base(f))
	}
	if len(srcs) == 0 {
		t.Fatal("no 1825 games found")
	}
	return srcs, names
}

// each1825Position replays every 1825 game of all1825Games and calls visit
// after each action it applies (messages skipped; a game stops at its first
// refused action, which is replay's business), with the game's file name,
// the source action and its engine form. It returns the number of games.
func each1825Position(t *testing.T, visit func(name string, g *t1825.Game, a *g18xx.Action, ea *engine.Action)) int {
	t.Helper()
	srcs, names := all1825Games(t)
	for k, src := range srcs {
		tg, err := replay.New(src)
		if err != nil {
			t.Fatalf("%s: %v", names[k], err)
		}
		g, ok := tg.(*t1825.Game)
		if !ok {
			t.Fatalf("%s: not an 1825 game", names[k])
		}
		for _, i := range g18xx.EffectiveIndices(src.Actions) {
			a := &src.Actions[i]
			if a.Type == g18xx.TypeMessage {
				continue
			}
			ea := replay.Convert(a)
			if err := g.Apply(&ea); err != nil {
				break
			}
			visit(names[k], g, a, &ea)
		}
	}
	return len(srcs)
}
