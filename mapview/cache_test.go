package mapview

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/replay"
)

// TestCacheSameView checks that drawing through a Cache answers exactly
// what drawing without one answers, for every title and variant, twice
// (the second from the cache), with one Cache shared by all of them.
func TestCacheSameView(t *testing.T) {
	var c Cache
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			g := newGame(t, v)
			want, err := RenderGame(g)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 2 {
				got, err := c.RenderGame(g)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("draw %d through the cache differs from the uncached drawing", i+1)
				}
			}
		})
	}
	// 1860's two maps share a tile set; 1825's units each have their own
	if n := len(c.rotations); n == 0 || n >= len(variants) {
		t.Errorf("the cache holds %d tile sets for %d variants", n, len(variants))
	}
}

// BenchmarkRenderGame draws the largest board (1825 Units 1–3 with the
// regional kits) without a cache and through one.
func BenchmarkRenderGame(b *testing.B) {
	v := variants[len(variants)-1]
	g := newGame(b, v)
	b.Run("uncached", func(b *testing.B) {
		for range b.N {
			if _, err := RenderGame(g); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("cached", func(b *testing.B) {
		var c Cache
		for range b.N {
			if _, err := c.RenderGame(g); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestCacheAlongGames draws every 9th position of the real games of both
// titles through one Cache (kept from game to game, as the server and the
// page keep theirs) and checks each drawing against one without a cache:
// a hex kept from an earlier position is drawn again when anything it
// shows has changed (a tile, a token, a home, the phase's revenues).
func TestCacheAlongGames(t *testing.T) {
	var c Cache
	for _, m := range midGames {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, m.fixture))
		if err != nil {
			t.Fatal(err)
		}
		g, err := replay.New(src)
		if err != nil {
			t.Fatal(err)
		}
		for n, i := range g18xx.EffectiveIndices(src.Actions) {
			a := &src.Actions[i]
			if a.Type == g18xx.TypeMessage {
				continue
			}
			ea := replay.Convert(a)
			if err := g.Apply(&ea); err != nil {
				t.Fatalf("%s action %d: %v", m.fixture, a.ID, err)
			}
			if n%9 != 0 {
				continue
			}
			want, err := RenderGame(g)
			if err != nil {
				t.Fatal(err)
			}
			got, err := c.RenderGame(g)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s after action %d: the drawing through the cache differs", m.fixture, a.ID)
			}
		}
	}
}

// TestHexKeyIsSprintf checks hexKey against the fmt.Sprintf it replaced,
// for every hex at every 9th position of the real games of both titles
// (tokens, homes, laid and printed tiles, highlights, phases).
func TestHexKeyIsSprintf(t *testing.T) {
	for _, m := range midGames {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, m.fixture))
		if err != nil {
			t.Fatal(err)
		}
		g, err := replay.New(src)
		if err != nil {
			t.Fatal(err)
		}
		var buf []byte
		for n, i := range g18xx.EffectiveIndices(src.Actions) {
			a := &src.Actions[i]
			if a.Type == g18xx.TypeMessage {
				continue
			}
			ea := replay.Convert(a)
			if err := g.Apply(&ea); err != nil {
				t.Fatalf("%s action %d: %v", m.fixture, a.ID, err)
			}
			if n%9 != 0 {
				continue
			}
			_, b, eg, err := boardOf(g)
			if err != nil {
				t.Fatal(err)
			}
			opt := GameOptions(eg)
			phaseKey := strings.Join(opt.PhaseColors, ",")
			for k, id := range b.HexIDs() {
				hv, _ := b.Hex(id)
				c := Point{float64(k) * 12.34, float64(n) / 3}
				high := k%2 == 0
				want := fmt.Sprintf("%d|%s|%s,%s|%s|%s|%s|%d|%s|%d|%t|%q|%q|%s|%t", b.Layout(), id, f(c.X), f(c.Y), b.Location(id), hv.TileID, hv.Tile.Name, hv.Tile.Color, hv.Tile.Code, hv.Rotation,
					hv.Tile == hv.Printed, hv.Tokens, opt.Homes[id], phaseKey, high)
				buf = hexKey(buf[:0], b.Layout(), id, c, b.Location(id), hv, opt.Homes[id], phaseKey, high)
				if string(buf) != want {
					t.Fatalf("%s after action %d, hex %s: key %q, Sprintf wrote %q", m.fixture, a.ID, id, buf, want)
				}
			}
		}
	}
}
