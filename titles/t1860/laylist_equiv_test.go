package t1860_test

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/replay"
	"tresham/titles/t1860"
)

// TestLayListingMatchesFormer replays every 1860 fixture and self-played
// corpus game and, at every position of an operating round's track step,
// compares the lay listing with the former computation (the reach rules
// run on a copy of the board for every candidate, the first lay of each
// hex twice): the same lays in the same order, and each candidate's plan
// the same with and without the reach rules' PreCheckLay.
func TestLayListingMatchesFormer(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: every operating position of every 1860 game")
	}
	var files []string
	for _, pat := range []string{"1860/*.json", "synthetic/1860/*.json"} {
		m, err := fixtures.Games(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	corpus, _ := filepath.Glob("../../selfplay/testdata/games/1860-*.json.gz")
	positions, lays := 0, 0
	for _, f := range append(files, corpus...) {
		var src *g18xx.Game
		var err error
		if filepath.Ext(f) == ".gz" {
			src, err = readCorpusGame(f)
		} else {
			src, err = g18xx.DecodeBytes(fixtures.MustRead(t, f))
		}
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		tg, err := replay.New(src)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		g, ok := tg.(*t1860.Game)
		if !ok {
			t.Fatalf("%s: not an 1860 game", f)
		}
		for _, i := range g18xx.EffectiveIndices(src.Actions) {
			a := &src.Actions[i]
			if a.Type == g18xx.TypeMessage {
				continue
			}
			got, want, err := t1860.LayListingBoth(g)
			if err != nil {
				t.Fatalf("%s before action %d: %v", f, a.ID, err)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s before action %d: listed %v, formerly %v", f, a.ID, got, want)
			}
			if want != nil {
				positions++
				lays += len(want)
			}
			ea := replay.Convert(a)
			if err := g.Apply(&ea); err != nil {
				break
			}
		}
	}
	if lays == 0 {
		t.Fatal("no lays listed: the comparison is vacuous")
	}
	t.Logf("%d games, %d positions with lays, %d lays, all as formerly", len(files)+len(corpus), positions, lays)
}

// readCorpusGame reads a gzipped self-played game.
func readCorpusGame(path string) (*g18xx.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	return g18xx.Decode(zr)
}
