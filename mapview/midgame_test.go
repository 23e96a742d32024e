package mapview

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/replay"
)

// midGames are fixture games replayed halfway for the mid-game goldens
// (laid tiles, tokens, a populated market) and the screenshots of docs/ui.md.
var midGames = []struct{ name, fixture string }{
	{"1860_midgame", "1860/19354.json"},
	{"1825_midgame", "1825/1825_game_end_bank.json"},
}

// replayHalf replays the first half of the effective actions of a fixture.
func replayHalf(t *testing.T, fixture string) replay.Game {
	t.Helper()
	src, err := g18xx.DecodeBytes(fixtures.MustRead(t, fixture))
	if err != nil {
		t.Fatalf("%s: %v", fixture, err)
	}
	g, err := replay.New(src)
	if err != nil {
		t.Fatal(err)
	}
	idx := g18xx.EffectiveIndices(src.Actions)
	for _, i := range idx[:len(idx)/2] {
		a := &src.Actions[i]
		if a.Type == g18xx.TypeMessage {
			continue
		}
		ea := replay.Convert(a)
		if err := g.Apply(&ea); err != nil {
			t.Fatalf("action %d: %v", a.ID, err)
		}
	}
	return g
}

// midGameHTML is a page showing a rendered map above its market.
func midGameHTML(v View) string {
	return "<!doctype html><html><body style=\"margin:0;background:#f4f1ea\">" + v.SVG + "<br>" + v.Market + "</body></html>\n"
}

// TestMidGameGolden compares halfway states of real games (map and market
// as an HTML page) with golden files; -update rewrites them.
func TestMidGameGolden(t *testing.T) {
	for _, m := range midGames {
		t.Run(m.name, func(t *testing.T) {
			v, err := RenderGame(replayHalf(t, m.fixture))
			if err != nil {
				t.Fatal(err)
			}
			got := midGameHTML(v)
			path := filepath.Join("testdata", m.name+".html")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(want, []byte(got)) {
				t.Errorf("%s differs; run go test ./mapview -update and review the screenshot", path)
			}
		})
	}
}
