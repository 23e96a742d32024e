package mapview

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	hexGroup  = regexp.MustCompile(`<g class="hex[^"]*" data-hex="([^"]+)"`)
	cityGroup = regexp.MustCompile(`<g class="city" data-city="([^"]+)"`)
	slotDisc  = regexp.MustCompile(`<circle class="slot[^"]*" data-slot="\d+" cx="([-0-9.]+)" cy="([-0-9.]+)" r="([-0-9.]+)"`)
	revDisc   = regexp.MustCompile(`<g class="revenue"><circle cx="([-0-9.]+)" cy="([-0-9.]+)" r="([-0-9.]+)"`)
)

type disc struct {
	city    string
	x, y, r float64
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// overlaps answers the pairs of one hex's drawing (a hex's or a tile's
// SVG) whose token slots of different cities, or a revenue circle and a
// slot, cover each other.
func overlaps(t *testing.T, svg string) []string {
	var slots, revs []disc
	for _, part := range cityGroup.Split(svg, -1)[1:] {
		city := part
		for _, m := range slotDisc.FindAllStringSubmatch(part, -1) {
			slots = append(slots, disc{city[:8], num(t, m[1]), num(t, m[2]), num(t, m[3])})
		}
	}
	for _, m := range revDisc.FindAllStringSubmatch(svg, -1) {
		revs = append(revs, disc{"revenue", num(t, m[1]), num(t, m[2]), num(t, m[3])})
	}
	var out []string
	cover := func(a, b disc) bool {
		dx, dy := a.x-b.x, a.y-b.y
		return dx*dx+dy*dy < (a.r+b.r-3)*(a.r+b.r-3)
	}
	for i, a := range slots {
		for _, b := range slots[i+1:] {
			if cover(a, b) && !(a.x == b.x && a.y == b.y) {
				out = append(out, "two cities' slots")
			}
		}
		for _, b := range revs {
			if cover(a, b) {
				out = append(out, "a revenue and a slot")
			}
		}
	}
	return out
}

// TestCitiesApart checks that no city covers another, and no revenue a
// city, on any hex at setup (1825's London V20, six cities) and on any tile
// of the supply (London's and Birmingham's upgrades).
func TestCitiesApart(t *testing.T) {
	for _, v := range []variant{variants[0], variants[5]} {
		g := newGame(t, v)
		view, err := RenderGame(g)
		if err != nil {
			t.Fatal(err)
		}
		hexes := hexGroup.FindAllStringSubmatchIndex(view.SVG, -1)
		for i, m := range hexes {
			end := len(view.SVG)
			if i+1 < len(hexes) {
				end = hexes[i+1][0]
			}
			id := view.SVG[m[2]:m[3]]
			if bad := overlaps(t, view.SVG[m[0]:end]); len(bad) > 0 {
				t.Errorf("%s hex %s: %s", v.name, id, strings.Join(bad, ", "))
			}
		}
		tiles, err := Manifest(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, mt := range tiles {
			if bad := overlaps(t, mt.SVG); len(bad) > 0 {
				t.Errorf("%s tile %s: %s", v.name, mt.Name, strings.Join(bad, ", "))
			}
		}
	}
}

// TestLocationLines checks how long place names are set: each line of
// every name of both titles' maps fits a hex's foot, the lines read as the
// name, and short names stay on one line.
func TestLocationLines(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"London", []string{"London"}},
		{"Gosport & Portsmouth", []string{"Gosport & ", "Portsmouth"}},
		{"Kingston & Reigate", []string{"Kingston & ", "Reigate"}},
		{"Wolverhampton", []string{"Wolverhampton"}},
	} {
		if got := locationLines(tc.name); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("locationLines(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	for _, v := range []variant{variants[0], variants[5]} {
		_, b, _, err := boardOf(newGame(t, v))
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range b.HexIDs() {
			name := b.Location(id)
			lines := locationLines(name)
			if strings.Join(lines, "") != name {
				t.Errorf("%s: the lines %q do not read %q", id, lines, name)
			}
			for _, l := range lines {
				// a single word (with an "&" after it) may pass by a little: 14 letters at most
				w := strings.TrimSuffix(strings.TrimSpace(l), " &")
				if n := len(w); n > locationLineChars && (strings.Contains(w, " ") || n > 14) {
					t.Errorf("%s %q: the line %q is %d letters long", id, name, l, n)
				}
			}
		}
	}
}
