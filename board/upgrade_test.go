package board

import (
	"strings"
	"testing"
)

// Rules.Upgrade: a forced upgrade turns a town into a city (checked
// leniently), a refused one is refused, an allowed one skips the colour
// chain but keeps the normal rotation checks.
func TestUpgradeVerdicts(t *testing.T) {
	spec := Spec{
		Layout: Flat,
		Hexes: []HexSpec{
			{ID: "B2", Code: "town=revenue:0"}, {ID: "B4"}, {ID: "C3"}, {ID: "A3"}, {ID: "B0"}, {ID: "A1"}, {ID: "C1"},
			{ID: "C5"}, {ID: "D4", Color: Sepia, Code: "city=revenue:10;path=a:2,b:_0"},
		},
		Tiles: []TileSpec{
			{Name: "3", Color: Yellow, Code: "town=revenue:10;path=a:0,b:_0;path=a:_0,b:1", Count: 1},
			{Name: "12", Color: Green, Code: "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0", Count: 1},
			{Name: "200", Color: Brown, Code: "city=revenue:10;path=a:1,b:_0;path=a:2,b:_0", Count: 1},
		},
		Impassable: []Color{Blue, Sepia, Red},
	}
	verdict := map[string]UpgradeVerdict{"3>12": UpgradeForced, "town>12": UpgradeRefused, "D4>200": UpgradeAllowed}
	rules := &Rules{Upgrade: func(hex string, old, nt *TileDef) UpgradeVerdict {
		if v, ok := verdict[hex+">"+nt.Name]; ok {
			return v
		}
		return verdict[old.Name+">"+nt.Name]
	}}
	b, err := New(spec)
	if err != nil {
		t.Fatal(err)
	}
	opt := LayOptions{NoConnectivity: true}
	if _, err := b.LayTile("B2", "3-0", 0, opt); err != nil {
		t.Fatal(err)
	}
	if _, err := b.LayTile("B2", "12-0", 0, opt); err == nil || !strings.Contains(err.Error(), "does not keep the track") {
		t.Fatalf("town to city without a rule: %v", err)
	}
	opt.Rules = rules
	if _, err := b.LayTile("B2", "12-0", 2, opt); err == nil {
		t.Fatal("forced upgrade that drops the old track accepted")
	}
	if _, err := b.LayTile("B2", "12-0", 0, opt); err != nil {
		t.Fatalf("forced upgrade: %v", err)
	}
	if got := b.Tiles()["B2"]; got != "12@0" {
		t.Fatalf("B2 = %q", got)
	}
	c, _ := New(spec)
	if _, err := c.LayTile("B2", "12-0", 0, opt); err == nil {
		t.Error("refused upgrade accepted")
	}
	if lays := c.LegalLays("B2", opt); len(lays) == 0 || lays[0].Tile != "3" {
		t.Errorf("legal lays on B2: %v", lays)
	}
	for _, l := range c.LegalLays("B2", opt) {
		if l.Tile == "12" {
			t.Error("refused upgrade listed as legal")
		}
	}
	if _, err := c.LayTile("D4", "200-0", 1, opt); err == nil {
		t.Error("allowed upgrade with a bad rotation accepted")
	}
	opt.Rules = nil
	if _, err := c.LayTile("D4", "200-0", 0, opt); err == nil {
		t.Error("sepia tile upgraded without a rule")
	}
	opt.Rules = rules
	if _, err := c.LayTile("D4", "200-0", 0, opt); err != nil {
		t.Errorf("allowed upgrade of a sepia tile: %v", err)
	}
}
