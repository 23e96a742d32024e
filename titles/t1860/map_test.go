package t1860

import (
	"errors"
	"reflect"
	"testing"

	"tresham/board"
)

func TestTileManifestParses(t *testing.T) {
	total := 0
	specs, err := tileSpecs(MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range specs {
		if _, err := board.ParseTile(e.Name, e.Color, e.Code); err != nil {
			t.Errorf("%s: %v", e.Name, err)
		}
		total += e.Count
	}
	if len(tileManifest) != 68 || total != 139 {
		t.Errorf("manifest has %d tiles / %d copies, want 68 / 139", len(tileManifest), total)
	}
	for _, e := range tileManifest {
		if _, ok := board.GenericTile(e.Name); e.Own == nil && !ok {
			t.Errorf("%s: no generic tile of that name", e.Name)
		}
	}
	for _, g := range mapHexes {
		if _, err := board.ParseTile("x", g.Color, g.Code); err != nil {
			t.Errorf("%v: %v", g.Coords, err)
		}
	}
}

func TestMapVariants(t *testing.T) {
	tests := []struct {
		opt        MapOptions
		hexes      int
		has, lacks []string
		counts     map[string]int
	}{
		{MapOptions{}, 45, []string{"A5", "A7", "B4", "E11"}, nil, map[string]int{"776": 3, "770": 2}},
		{MapOptions{SmallMap: true}, 42, []string{"B4"}, []string{"A5", "A7", "E11"}, map[string]int{"776": 2, "770": 1}},
	}
	for _, tc := range tests {
		b, err := Map(tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(b.HexIDs()); n != tc.hexes {
			t.Errorf("%+v: %d hexes, want %d", tc.opt, n, tc.hexes)
		}
		for _, h := range tc.has {
			if !b.HasHex(h) {
				t.Errorf("%+v: missing %s", tc.opt, h)
			}
		}
		for _, h := range tc.lacks {
			if b.HasHex(h) {
				t.Errorf("%+v: has %s", tc.opt, h)
			}
		}
		for n, c := range tc.counts {
			if got := b.TileCount(n); got != c {
				t.Errorf("%+v: tile %s count %d want %d", tc.opt, n, got, c)
			}
		}
	}
}

func TestMapGeometry(t *testing.T) {
	b, err := Map(MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		hex  string
		edge int
		want string
	}{
		{"G5", 0, "G7"},
		{"G5", 3, "G3"},
		{"G5", 2, "F4"},
		{"G5", 5, "H6"},
		{"F2", 4, ""},   // impassable to G1
		{"G1", 1, ""},   // and back
		{"I3", 4, "J2"}, // Ryde Pier points at I3
		{"J4", 3, ""},   // but not at J4
		{"I9", 0, ""},   // Shanklin–Ventnor barrier
		{"I11", 3, ""},
		{"H4", 0, "H6"},
	}
	for _, tc := range tests {
		if got := b.Neighbor(tc.hex, tc.edge); got != tc.want {
			t.Errorf("Neighbor(%s,%d) = %q want %q", tc.hex, tc.edge, got, tc.want)
		}
	}
	if got := b.Adjacent("F2", 4); got != "G1" {
		t.Errorf("Adjacent(F2,4) = %q", got)
	}
	// Printed tile ids follow the HEXES grouping.
	for hex, want := range map[string]string{"G5": "G5-0", "F12": "F12-5", "L6": "L6-4", "F4": "F4-1"} {
		if h, _ := b.Hex(hex); h.TileID != want {
			t.Errorf("%s tile id %s want %s", hex, h.TileID, want)
		}
	}
	small, _ := Map(MapOptions{SmallMap: true})
	if h, _ := small.Hex("F4"); h.TileID != "F4-0" {
		t.Errorf("small map F4 tile id %s", h.TileID)
	}
	if r, err := b.ResolveCity("G5-0-0"); err != nil || r != (board.NodeRef{Hex: "G5", Node: 0}) {
		t.Errorf("ResolveCity: %v %v", r, err)
	}
	if sig := b.Signature(board.NodeRef{Hex: "F2", Node: 2}); sig != "F2-2" {
		t.Errorf("signature %s", sig)
	}
}

func TestSpecialHexUpgrades(t *testing.T) {
	b, err := Map(MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.PlaceToken(board.NodeRef{Hex: "G5", Node: 0}, "IWNJ", board.TokenOptions{}); err != nil {
		t.Fatal(err)
	}
	noTrains := LayRules(func(string) (int, int) { return 0, 0 })
	twoTrain := LayRules(func(string) (int, int) { return 2, UnlimitedTowns })
	green := []board.Color{board.Yellow, board.Green}
	// Newport (N) only takes 763, only at rotation 0.
	lays := b.LegalLays("G5", board.LayOptions{Corp: "IWNJ", Colors: green, Rules: twoTrain})
	want := []board.LegalLay{{Hex: "G5", TileID: "763-0", Tile: "763", Rotation: 0}}
	if !reflect.DeepEqual(lays, want) {
		t.Errorf("G5 lays %v", lays)
	}
	if _, err := b.LayTile("G5", "763-0", 0, board.LayOptions{Corp: "IWNJ", Colors: green, Rules: noTrains}); !errors.Is(err, ErrNotReachable) {
		t.Errorf("upgrade without trains: %v", err)
	}
	if _, err := b.LayTile("G5", "763-0", 1, board.LayOptions{Corp: "IWNJ", Colors: green, Rules: twoTrain}); err == nil {
		t.Error("763 rotated accepted")
	}
	if _, err := b.LayTile("G5", "763-0", 0, board.LayOptions{Corp: "IWNJ", Colors: []board.Color{board.Yellow}, Rules: twoTrain}); err == nil {
		t.Error("green in phase 2 accepted")
	}
	if _, err := b.LayTile("G5", "763-0", 0, board.LayOptions{Corp: "IWNJ", Colors: green, Rules: twoTrain}); err != nil {
		t.Fatal(err)
	}
	// The token sits in the city joined to the old track (part 0, 50 revenue).
	if got := b.TokenLocations("IWNJ"); !reflect.DeepEqual(got, []string{"G5-0"}) {
		t.Errorf("tokens %v", got)
	}
}

func TestLayStep(t *testing.T) {
	td := func(n string) *board.TileDef {
		specs, _ := tileSpecs(MapOptions{})
		for _, e := range specs {
			if e.Name == n {
				return board.MustParseTile(e.Name, e.Color, e.Code)
			}
		}
		t.Fatalf("no tile %s", n)
		return nil
	}
	tests := []struct {
		seq []string
		ok  bool
	}{
		{[]string{"9", "8"}, true},
		{[]string{"9", "57"}, false}, // no city as second lay
		{[]string{"57", "9"}, false}, // no second lay after a city
		{[]string{"16", "9"}, false}, // no second lay after an upgrade
		{[]string{"9", "16"}, false}, // no upgrade as second lay
		{[]string{"9", "8", "7"}, false},
	}
	for _, tc := range tests {
		var s LayStep
		var err error
		for _, n := range tc.seq {
			if err = s.Check(td(n)); err != nil {
				break
			}
			s = s.Next(td(n))
		}
		if (err == nil) != tc.ok {
			t.Errorf("%v: err %v", tc.seq, err)
		}
	}
}
