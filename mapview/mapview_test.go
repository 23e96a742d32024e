package mapview

import (
	"bytes"
	"encoding/xml"
	"flag"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"tresham/titles"
	"tresham/titles/title"
)

var update = flag.Bool("update", false, "rewrite the golden SVG files")

// variant is one title/variant map drawn at setup.
type variant struct {
	name    string
	players int
	title   string
	options []string
}

var variants = []variant{
	{"1860", 3, "1860", nil},
	{"1860_two_player_map", 2, "1860", []string{"two_player_map"}},
	{"1825_unit1", 4, "1825", []string{"unit_1"}},
	{"1825_unit2", 3, "1825", []string{"unit_2"}},
	{"1825_unit3", 2, "1825", []string{"unit_3"}},
	{"1825_unit123_r123", 9, "1825", []string{"unit_123", "r1", "r2", "r3"}},
}

func newGame(t testing.TB, v variant) title.Full {
	t.Helper()
	var players []title.Player
	for i := 0; i < v.players; i++ {
		players = append(players, title.Player{ID: i + 1, Name: "P" + strconv.Itoa(i+1)})
	}
	d, ok := titles.Lookup(v.title)
	if !ok {
		t.Fatalf("no title %q", v.title)
	}
	g, err := d.New(players, v.options)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGolden compares the SVG of every title/variant at setup with its
// golden file (go test ./mapview -update rewrites them).
func TestGolden(t *testing.T) {
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			view, err := RenderGame(newGame(t, v))
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", v.name+".svg")
			if *update {
				if err := os.WriteFile(path, []byte(view.SVG+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(bytes.TrimSpace(want), []byte(view.SVG)) {
				t.Errorf("%s differs from the rendered map; run go test ./mapview -update and review the screenshot", path)
			}
		})
	}
}

var translate = regexp.MustCompile(`^translate\(([-0-9.]+) ([-0-9.]+)\)$`)

// TestEveryHexOnce parses each golden SVG as XML and checks that every
// board hex appears exactly once, at its computed board position, that no
// two hexes share a position, and that neighbours across each side are
// exactly one hex width apart.
func TestEveryHexOnce(t *testing.T) {
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			g := newGame(t, v)
			_, b, _, err := boardOf(g)
			if err != nil {
				t.Fatal(err)
			}
			view, _ := RenderGame(g)
			seen := map[string]Point{}
			dec := xml.NewDecoder(bytes.NewReader([]byte(view.SVG)))
			for {
				tok, err := dec.Token()
				if err != nil {
					break
				}
				se, ok := tok.(xml.StartElement)
				if !ok || se.Name.Local != "g" {
					continue
				}
				var id, cls, tr string
				for _, a := range se.Attr {
					switch a.Name.Local {
					case "data-hex":
						id = a.Value
					case "class":
						cls = a.Value
					case "transform":
						tr = a.Value
					}
				}
				if cls != "hex" && cls != "hex legal" {
					continue
				}
				if _, dup := seen[id]; dup {
					t.Errorf("hex %s drawn twice", id)
				}
				m := translate.FindStringSubmatch(tr)
				if m == nil {
					t.Fatalf("hex %s: transform %q", id, tr)
				}
				x, _ := strconv.ParseFloat(m[1], 64)
				y, _ := strconv.ParseFloat(m[2], 64)
				seen[id] = Point{x, y}
			}
			ids := b.HexIDs()
			if len(seen) != len(ids) {
				t.Errorf("%d hexes drawn, board has %d", len(seen), len(ids))
			}
			pos := map[Point]string{}
			gm := geometry{layout: b.Layout()}
			for _, id := range ids {
				p, ok := seen[id]
				if !ok {
					t.Errorf("hex %s missing", id)
					continue
				}
				if o, ok := pos[p]; ok {
					t.Errorf("hexes %s and %s at the same place", id, o)
				}
				pos[p] = id
				if p.X < 0 || p.Y < 0 || p.X > view.Width || p.Y > view.Height {
					t.Errorf("hex %s at %v is outside the %vx%v drawing", id, p, view.Width, view.Height)
				}
				for e := 0; e < 6; e++ {
					n := b.Adjacent(id, e)
					if n == "" {
						continue
					}
					q := seen[n]
					want := polar(gm.edgeAngle(float64(e)), R*math.Sqrt(3))
					if math.Abs(q.X-p.X-want.X) > 0.2 || math.Abs(q.Y-p.Y-want.Y) > 0.2 {
						t.Errorf("%s is across side %d of %s but drawn at offset (%.1f,%.1f), want (%.1f,%.1f)", n, e, id, q.X-p.X, q.Y-p.Y, want.X, want.Y)
					}
				}
			}
		})
	}
}
