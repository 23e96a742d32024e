package mapview

import "testing"

// TestPlaces checks the words for a few hexes of the maps at setup: one
// Place per hex, in drawing order, with the facts a reader asks about.
func TestPlaces(t *testing.T) {
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			view, _ := RenderGame(newGame(t, v))
			if len(view.Places) != len(view.Hexes) {
				t.Fatalf("%d places for %d hexes", len(view.Places), len(view.Hexes))
			}
			for _, p := range view.Places {
				if _, ok := view.Hexes[p.Hex]; !ok {
					t.Errorf("place %q is no hex of the map", p.Hex)
				}
			}
		})
	}
	byHex := func(v variant, hex string) Place {
		view, _ := RenderGame(newGame(t, v))
		for _, p := range view.Places {
			if p.Hex == hex {
				return p
			}
		}
		t.Fatalf("%s: no place %s", v.name, hex)
		return Place{}
	}
	london := byHex(variants[2], "V20")
	if london.Name != "London" || len(london.Cities) != 6 || london.Label != "LD" || len(london.Track) != 6 {
		t.Errorf("1825 London at setup: %+v", london)
	}
	newport := byHex(variants[0], "G5")
	if newport.Name != "Newport" || newport.Color != "yellow" || len(newport.Cities) != 1 || newport.Cities[0].Revenue != 30 {
		t.Errorf("1860 Newport at setup: %+v", newport)
	}
}

func TestCompass(t *testing.T) {
	for _, c := range []struct {
		deg  float64
		want string
	}{{90, "S"}, {150, "SW"}, {210, "NW"}, {270, "N"}, {330, "NE"}, {30, "SE"}, {0, "E"}, {180, "W"}, {420, "SE"}} {
		if got := compass(c.deg); got != c.want {
			t.Errorf("compass(%v) = %s, want %s", c.deg, got, c.want)
		}
	}
}
