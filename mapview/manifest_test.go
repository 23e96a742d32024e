package mapview

import (
	"encoding/xml"
	"slices"
	"strings"
	"testing"

	"tresham/board"
)

// checkManifest checks what holds for every manifest: copies left and laid
// add up to the count, laid copies are the tiles on those hexes, upgrades
// name supply tiles, and each drawing is well-formed SVG.
func checkManifest(t *testing.T, game any) []ManifestTile {
	t.Helper()
	m, err := Manifest(game)
	if err != nil {
		t.Fatal(err)
	}
	_, b, _, _ := boardOf(game)
	if len(m) != len(b.TileNames()) {
		t.Fatalf("%d tiles in the manifest, %d in the supply", len(m), len(b.TileNames()))
	}
	names := b.TileNames()
	for _, mt := range m {
		if mt.Left+len(mt.Laid) != mt.Count {
			t.Errorf("tile %s: %d left + %d laid != %d copies", mt.Name, mt.Left, len(mt.Laid), mt.Count)
		}
		for _, hex := range mt.Laid {
			if on, _, _ := b.TileOn(hex); on.Name != mt.Name {
				t.Errorf("tile %s said laid on %s, which holds %s", mt.Name, hex, on.Name)
			}
		}
		for _, u := range mt.Upgrades {
			if !slices.Contains(names, u) {
				t.Errorf("tile %s: upgrade %s is not in the supply", mt.Name, u)
			}
		}
		if err := xml.Unmarshal([]byte(`<svg xmlns="http://www.w3.org/2000/svg">`+mt.SVG+`</svg>`), new(struct{})); err != nil {
			t.Errorf("tile %s: drawing is not well-formed: %v", mt.Name, err)
		}
		if !strings.Contains(mt.SVG, `data-tile="`+mt.Name+`"`) {
			t.Errorf("tile %s: drawing not marked with its name", mt.Name)
		}
	}
	return m
}

func TestManifestAtSetup(t *testing.T) {
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			m := checkManifest(t, newGame(t, v))
			for _, mt := range m {
				if len(mt.Laid) != 0 {
					t.Errorf("tile %s laid on %v at setup", mt.Name, mt.Laid)
				}
			}
		})
	}
}

// TestManifestUpgrades checks 1860's upgrades (no title hook there) against
// the board's general rule: the next colour only, each accepted by
// TileDef.UpgradesTo, and every plain yellow track tile has one.
func TestManifestUpgrades(t *testing.T) {
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			g := newGame(t, v)
			_, b, _, _ := boardOf(g)
			for _, mt := range checkManifest(t, g) {
				td, _ := b.TileDef(mt.Name)
				for _, u := range mt.Upgrades {
					ud, _ := b.TileDef(u)
					if v.title == "1860" && ud.Color != td.Color+1 {
						t.Errorf("1860 tile %s (%s) upgrades to %s (%s)", mt.Name, td.Color, u, ud.Color)
					}
					if v.title == "1860" && td.UpgradesTo(ud) != nil {
						t.Errorf("1860 tile %s lists %s, which the board refuses", mt.Name, u)
					}
				}
				if td.Color == board.Yellow && td.NumCities() == 0 && td.NumTowns() == 0 && len(mt.Upgrades) == 0 && v.title == "1860" {
					t.Errorf("plain yellow track %s has no upgrade", mt.Name)
				}
			}
		})
	}
}

func TestManifestMidGame(t *testing.T) {
	for _, mg := range midGames {
		t.Run(mg.name, func(t *testing.T) {
			g := replayHalf(t, mg.fixture)
			m := checkManifest(t, g)
			laid := 0
			for _, mt := range m {
				laid += len(mt.Laid)
			}
			_, b, _, _ := boardOf(g)
			onMap := 0
			for _, at := range b.Tiles() {
				name := at[:strings.LastIndexByte(at, '@')]
				if slices.Contains(b.TileNames(), name) {
					onMap++
				}
			}
			if laid == 0 || laid != onMap {
				t.Errorf("%d laid copies in the manifest, %d supply tiles on the map", laid, onMap)
			}
		})
	}
}
