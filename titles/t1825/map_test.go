package t1825

import (
	"reflect"
	"testing"

	"tresham/board"
)

func mustBoard(t *testing.T, rules ...string) (*board.Board, Options) {
	t.Helper()
	o, err := ParseOptions(rules, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewBoard(o)
	if err != nil {
		t.Fatal(err)
	}
	return b, o
}

// Hexes that change with the units and kits combined: a unit's gray edge
// gives way to the next unit's printed hexes, the first definition of a hex
// wins (Regional Kits and variants before the units), and merged entries
// number their printed tiles in merge order ("HEX-i").
func TestMapHexesByUnits(t *testing.T) {
	tests := []struct {
		rules  []string
		hexes  int
		hex    string
		tileID string // "" = the hex is not on the map
		color  board.Color
		code   string
	}{
		{[]string{"unit_1"}, 84, "Q11", "Q11-2", board.Gray, ""},
		{[]string{"unit_1"}, 84, "L14", "", 0, ""},
		{[]string{"unit_1"}, 84, "W9", "W9-0", board.Sepia, "path=a:0,b:3;path=a:0,b:4;path=a:3,b:4"},
		{[]string{"unit_2"}, 48, "R12", "R12-7", board.Gray, ""},
		{[]string{"unit_3"}, 59, "J10", "J10-4", board.White, "city=revenue:0"},
		{[]string{"unit_3"}, 59, "F6", "F6-1", board.White, "town=revenue:0"},
		{[]string{"unit_12"}, 118, "Q11", "Q11-1", board.Sepia, "city=revenue:10;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:5,b:_0"},
		{[]string{"unit_12"}, 118, "R12", "R12-0", board.Yellow, ooCities},
		{[]string{"unit_12"}, 118, "L14", "L14-4", board.White, "city=revenue:0"},
		{[]string{"unit_12"}, 118, "K9", "K9-10", board.Gray, ""},
		{[]string{"unit_23"}, 98, "L14", "L14-0", board.White, "city=revenue:0"},
		{[]string{"unit_23"}, 98, "R12", "R12-3", board.Gray, ""},
		{[]string{"unit_123"}, 168, "K9", "K9-22", board.White, mountain},
		{[]string{"unit_123", "r1"}, 177, "R8", "R8-0", board.White, "city=revenue:0"},
		{[]string{"unit_123", "r1"}, 177, "Q7", "Q7-0", board.White, mountain},
		{[]string{"unit_1", "r2"}, 94, "W9", "W9-0", board.Sepia, "city=revenue:10,loc:4.5;path=a:0,b:3;path=a:_0,b:3;path=a:_0,b:4;path=a:_0,b:5"},
		{[]string{"unit_1", "r2"}, 94, "R12", "R12-1", board.Yellow, ooCities},
		{[]string{"unit_1", "r3"}, 84, "Q23", "Q23-0", board.Sepia, "city=revenue:10;path=a:0,b:_0;path=a:4,b:_0;path=a:5,b:_0"},
		{[]string{"unit_1", "db2"}, 84, "W23", "W23-0", board.White, "city=revenue:0"},
		{[]string{"unit_3", "db3"}, 60, "J6", "J6-0", board.White, "town=revenue:0"},
		{[]string{"unit_3", "db3"}, 60, "G13", "G13-0", board.White, "city=revenue:0"},
	}
	for _, tc := range tests {
		b, _ := mustBoard(t, tc.rules...)
		if n := len(b.HexIDs()); n != tc.hexes {
			t.Errorf("%v: %d hexes, want %d", tc.rules, n, tc.hexes)
		}
		v, ok := b.Hex(tc.hex)
		if tc.tileID == "" {
			if ok {
				t.Errorf("%v: %s should not be on the map", tc.rules, tc.hex)
			}
			continue
		}
		if !ok || v.TileID != tc.tileID || v.Printed.Color != tc.color || v.Printed.Code != tc.code {
			t.Errorf("%v: %s is %s %v %q, want %s %v %q", tc.rules, tc.hex, v.TileID, v.Printed.Color, v.Printed.Code, tc.tileID, tc.color, tc.code)
		}
	}
}

// Track may end against the gray edge of a unit (rule 4.2.5) but may not
// enter a sepia hex except along its printed track.
func TestMapEdges(t *testing.T) {
	b, _ := mustBoard(t, "unit_1")
	tests := []struct {
		hex  string
		edge int
		want string
	}{
		{"R12", 2, "Q11"}, // gray edge of Unit 1
		{"R12", 3, "Q13"},
		{"U15", 3, ""},    // Wolverton has no track towards U15
		{"U17", 2, "T16"}, // but has towards U17
		{"S13", 4, "S15"},
		{"V18", 4, "V20"}, // London's green hex is passable
	}
	for _, tc := range tests {
		if got := b.Neighbor(tc.hex, tc.edge); got != tc.want {
			t.Errorf("%s side %d: %q, want %q", tc.hex, tc.edge, got, tc.want)
		}
	}
	// A yellow tile on Wolverhampton may point north into the edge.
	if _, err := b.LayTile("R12", "52-0", 0, board.LayOptions{NoConnectivity: true, Rules: LayRules()}); err != nil {
		t.Errorf("52 on R12: %v", err)
	}
}

// Tile supplies add up over the units and kits (18xx.games game_tiles).
func TestTileSupply(t *testing.T) {
	tests := []struct {
		rules []string
		tile  string
		count int
	}{
		{[]string{"unit_1"}, "8", 8},
		{[]string{"unit_1"}, "32", 1},
		{[]string{"unit_1"}, "33", 0},
		{[]string{"unit_2"}, "33", 1},
		{[]string{"unit_2"}, "51", 2},
		{[]string{"unit_2", "k3"}, "51", 3},
		{[]string{"unit_12"}, "8", 12},
		{[]string{"unit_12"}, "52", 4},
		{[]string{"unit_12"}, "34", 2},
		{[]string{"unit_123"}, "34", 3},
		{[]string{"unit_123"}, "14", 7},
		{[]string{"unit_123", "db1"}, "14", 6},
		{[]string{"unit_123", "db1"}, "87", 0},
		{[]string{"unit_123", "db1"}, "887", 3},
		{[]string{"unit_3", "db3"}, "206", 1},
		{[]string{"unit_123", "r1", "r2", "r3", "k1", "k3", "k5", "k6", "k7", "u3p", "db1", "db2", "db3"}, "58", 4},
		{[]string{"unit_123", "r1", "r2", "r3", "k1", "k3", "k5", "k6", "k7", "u3p", "db1", "db2", "db3"}, "11", 4},
		{[]string{"unit_123", "r1", "r2", "r3", "k1", "k3", "k5", "k6", "k7", "u3p", "db1", "db2", "db3"}, "119", 3},
		{[]string{"unit_1", "d1"}, "10", 3},
	}
	for _, tc := range tests {
		b, _ := mustBoard(t, tc.rules...)
		if n := b.TileCount(tc.tile); n != tc.count {
			t.Errorf("%v: %d of tile %s, want %d", tc.rules, n, tc.tile, tc.count)
		}
	}
	// Striped tiles keep 18xx.games part numbers: 119's city is part 1.
	b, _ := mustBoard(t, "unit_2", "k5")
	if td, _ := b.TileDef("119"); td == nil || td.Nodes[0].Part != 1 || td.Color != board.Green {
		t.Errorf("tile 119: %+v", td)
	}
}

// Home reservations: the LNWR holds both its homes with Units 1+2; London's
// six cities hold the GER's and LSWR's homes; a minor on a two-city hex
// holds a slot on the hex.
func TestHomeReservations(t *testing.T) {
	b, _ := mustBoard(t, "unit_12", "r1")
	var got []board.Reservation
	for _, r := range b.Reservations() {
		if r.Corp == "LNWR" || r.Corp == "GER" || r.Corp == "LSWR" || r.Corp == "TV" {
			got = append(got, r)
		}
	}
	want := []board.Reservation{{Hex: "T16", Node: 0, Corp: "LNWR"}, {Hex: "Q11", Node: 0, Corp: "LNWR"},
		{Hex: "V20", Node: 4, Corp: "GER"}, {Hex: "V20", Node: 0, Corp: "LSWR"}, {Hex: "V8", Node: -1, Corp: "TV"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("reservations %v", got)
	}
	london := board.NodeRef{Hex: "V20", Node: 4}
	if _, err := b.PlaceToken(london, "GWR", board.TokenOptions{}); err == nil {
		t.Error("GWR took the GER's home in London")
	}
	if r, ok := b.HomeCity("GER", "V20"); !ok || r != london || b.CityID(r) != "V20-0-4" {
		t.Errorf("GER home %v", r)
	}
	if _, err := b.PlaceToken(board.NodeRef{Hex: "V20", Node: 1}, "GWR", board.TokenOptions{}); err != nil {
		t.Errorf("GWR in a free London city: %v", err)
	}
	// Upgrading London keeps the GER's slot on the same city.
	if _, err := b.LayTile("V20", "32-0", 0, board.LayOptions{NoConnectivity: true, Rules: LayRules()}); err != nil {
		t.Fatal(err)
	}
	if r, _ := b.HomeCity("GER", "V20"); b.CityID(r) != "32-0-4" {
		t.Errorf("GER home after the upgrade: %s", b.CityID(r))
	}
}

// The 1825 replacement rules on top of the general ones.
func TestUpgradeVerdict(t *testing.T) {
	b, _ := mustBoard(t, "unit_123", "k3", "k5", "k6", "db1")
	def := func(name string) *board.TileDef {
		td, ok := b.TileDef(name)
		if !ok {
			t.Fatalf("no tile %s", name)
		}
		return td
	}
	v, _ := b.Hex("Q11")
	tests := []struct {
		hex      string
		old, new *board.TileDef
		want     board.UpgradeVerdict
	}{
		{"R16", def("3"), def("12"), board.UpgradeForced},
		{"R16", def("58"), def("119"), board.UpgradeForced},
		{"R16", def("115"), def("6"), board.UpgradeForced},
		{"R16", def("119"), def("51"), board.UpgradeForced},
		{"R16", def("119"), def("38"), board.UpgradeRefused},
		{"R16", def("166"), def("51"), board.UpgradeRefused},
		{"R16", def("5"), def("12"), board.UpgradeDefault},
		{"Q11", v.Printed, def("200"), board.UpgradeAllowed},
		{"R16", def("5"), def("200"), board.UpgradeRefused},
	}
	for _, tc := range tests {
		if got := UpgradeVerdict(tc.hex, tc.old, tc.new); got != tc.want {
			t.Errorf("%s: %s -> %s: %v, want %v", tc.hex, tc.old.Name, tc.new.Name, got, tc.want)
		}
	}
	if !TileAvailable(def("5"), []string{"yellow"}) || TileAvailable(def("119"), []string{"yellow", "green"}) ||
		!TileAvailable(def("119"), []string{"yellow", "green", "brown"}) || TileAvailable(def("166"), []string{"yellow", "green", "brown"}) {
		t.Error("TileAvailable")
	}
	// Printed yellow OO hexes take a green tile as a lay, not an upgrade.
	if IsUpgrade(b, "R12") || IsUpgrade(b, "R16") {
		t.Error("printed yellow or white hexes counted as upgrades")
	}
	if _, err := b.LayTile("R12", "52-0", 0, board.LayOptions{NoConnectivity: true, Rules: LayRules()}); err != nil {
		t.Fatal(err)
	}
	if !IsUpgrade(b, "R12") {
		t.Error("replacing a laid tile is an upgrade")
	}
}
