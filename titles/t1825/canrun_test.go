package t1825_test

import (
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/replay"
	"tresham/titles/t1825"
)

// TestCanRunRouteMatchesOracle replays every 1825 fixture and self-played
// corpus game and, after every action, compares canRunRoute with the
// former implementation for every corporation.
func TestCanRunRouteMatchesOracle(t *testing.T) {
	srcs, names := all1825Games(t)
	positions, yes, no := 0, 0, 0
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
				break // the game's own verdict is replay's business
			}
			positions++
			for _, c := range g.Corps {
				got, want := t1825.CanRunRouteBoth(g, c)
				if got != want {
					t.Fatalf("%s action %d corp %s: canRunRoute %v, oracle %v", names[k], a.ID, c.Sym, got, want)
				}
				if got {
					yes++
				} else {
					no++
				}
			}
		}
	}
	if yes == 0 || no == 0 {
		t.Errorf("answers all one way (%d yes, %d no): the comparison is vacuous", yes, no)
	}
	t.Logf("%d games, %d positions: %d yes, %d no, all as the oracle", len(srcs), positions, yes, no)
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
	for _, pat := range []string{"../../../shared/fixtures/1825/*.json", "../../../shared/fixtures/synthetic/1825/*.json"} {
		m, _ := filepath.Glob(pat)
		for _, f := range m {
			if strings.HasSuffix(f, ".trace.jsonl") {
				continue
			}
			src, err := g18xx.ReadFile(f)
			if err != nil {
				t.Fatal(err)
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
		t.Skip("no 1825 games found")
	}
	return srcs, names
}
