package t1825

import (
	"fmt"

	"tresham/board"
)

// tileCount is one line of a tile manifest (board.TileCount): a count of
// a generic tile (board.GenericTile; Own nil) or of a tile the title
// defines itself.
type tileCount board.TileCount

// Tiles defined by 1825 itself (18xx.games map.rb), overriding any generic
// tile of the same number.
var (
	tile10  = board.TileShape{Color: green, Code: "city=revenue:30,loc:0;city=revenue:30,loc:3;path=a:5,b:_0;path=a:2,b:_1;label=OO"}
	tile11  = board.TileShape{Color: green, Code: "town=revenue:10,visit_cost:0;path=a:0,b:2;path=a:2,b:_0;path=a:_0,b:4;path=a:0,b:4;label=HALT"}
	tile32  = board.TileShape{Color: brown, Code: sixCities(70) + ";label=LD"}
	tile35  = board.TileShape{Color: brown, Code: "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:2;path=a:1,b:_1;path=a:_1,b:3;label=OO"}
	tile36  = board.TileShape{Color: brown, Code: "city=revenue:40;city=revenue:40;path=a:1,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:4;label=OO"}
	tile37  = board.TileShape{Color: brown, Code: "city=revenue:40,loc:0;city=revenue:40,loc:3;path=a:2,b:_0;path=a:5,b:_1;path=a:2,b:5;label=OO"}
	tile48  = board.TileShape{Color: gray, Code: sixCities(100) + ";label=LD"}
	tile81  = board.TileShape{Color: green, Code: "path=a:0,b:2;path=a:2,b:4;path=a:4,b:0"}
	tile82  = board.TileShape{Color: green, Code: "path=a:0,b:1;path=a:1,b:3;path=a:0,b:3"}
	tile83  = board.TileShape{Color: green, Code: "path=a:0,b:5;path=a:5,b:3;path=a:0,b:3"}
	tile114 = board.TileShape{Color: yellow, Code: "town=revenue:10;town=revenue:10;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_1;path=a:5,b:_1"}
	tile118 = board.TileShape{Color: brown, Code: "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;label=OO"}
	tile168 = board.TileShape{Color: gray, Code: "city=revenue:70,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=OO"}
	tile174 = board.TileShape{Color: brown, Code: "city=revenue:50,loc:0.5;city=revenue:50,loc:4.5;path=a:0,b:_0;path=a:1,b:_0;path=a:4,b:_1;path=a:5,b:_1;path=a:1,b:4;label=OO"}
	tile198 = board.TileShape{Color: yellow, Code: "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:5,b:_0;path=a:2,b:_1;path=a:4,b:_1;label=OO"}
	tile199 = board.TileShape{Color: yellow, Code: "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_1;path=a:4,b:_1;label=OO"}
)

// sixCities is the London tile: six one-slot cities, one on each side.
func sixCities(revenue int) string {
	s := ""
	for i := 0; i < 6; i++ {
		s += fmt.Sprintf("city=revenue:%d;", revenue)
	}
	for i := 0; i < 6; i++ {
		if i > 0 {
			s += ";"
		}
		s += fmt.Sprintf("path=a:%d,b:_%d", i, i)
	}
	return s
}

// Tile manifests per unit and kit (18xx.games UNITn_TILES, Rn_TILES,
// Kn_TILES, D1_TILES, DB3_TILES), in the site's order.
var (
	unit1Tiles = []tileCount{
		{"1", 1, nil}, {"2", 1, nil}, {"3", 1, nil}, {"4", 3, nil}, {"5", 2, nil}, {"6", 2, nil}, {"7", 2, nil},
		{"8", 8, nil}, {"9", 7, nil}, {"55", 1, nil}, {"56", 1, nil}, {"12", 2, nil}, {"13", 1, nil}, {"14", 2, nil},
		{"15", 2, nil}, {"16", 1, nil}, {"19", 1, nil}, {"20", 1, nil}, {"23", 3, nil}, {"24", 3, nil}, {"25", 1, nil},
		{"26", 1, nil}, {"27", 1, nil}, {"28", 1, nil}, {"29", 1, nil}, {"52", 2, nil}, {"87", 1, nil}, {"88", 1, nil},
		{"32", 1, &tile32}, {"34", 1, nil}, {"38", 2, nil}, {"41", 1, nil}, {"42", 1, nil}, {"45", 1, nil},
		{"46", 1, nil}, {"47", 1, nil}, {"64", 1, nil}, {"65", 1, nil}, {"66", 1, nil}, {"67", 1, nil}, {"68", 1, nil},
	}
	unit2Tiles = []tileCount{
		{"1", 1, nil}, {"2", 1, nil}, {"3", 1, nil}, {"4", 1, nil}, {"5", 2, nil}, {"6", 2, nil}, {"7", 3, nil},
		{"8", 4, nil}, {"9", 4, nil}, {"55", 1, nil}, {"56", 1, nil}, {"69", 1, nil}, {"114", 1, &tile114},
		{"12", 3, nil}, {"14", 2, nil}, {"15", 2, nil}, {"16", 1, nil}, {"18", 1, nil}, {"19", 2, nil}, {"20", 1, nil},
		{"23", 2, nil}, {"24", 2, nil}, {"25", 1, nil}, {"26", 1, nil}, {"27", 1, nil}, {"28", 1, nil}, {"29", 1, nil},
		{"52", 2, nil}, {"33", 1, nil}, {"34", 1, nil}, {"38", 3, nil}, {"39", 1, nil}, {"40", 1, nil}, {"41", 1, nil},
		{"42", 1, nil}, {"43", 1, nil}, {"44", 1, nil}, {"47", 1, nil}, {"64", 1, nil}, {"65", 1, nil}, {"66", 1, nil},
		{"67", 1, nil}, {"68", 1, nil},
	}
	// unit2GrayTiles are Unit 2's gray tiles, left out when K3 is used.
	unit2GrayTiles = []tileCount{{"49", 1, nil}, {"50", 1, nil}, {"51", 2, nil}}
	unit3Tiles     = []tileCount{
		{"1", 1, nil}, {"2", 1, nil}, {"3", 1, nil}, {"4", 3, nil}, {"5", 2, nil}, {"6", 2, nil}, {"7", 3, nil},
		{"8", 6, nil}, {"9", 5, nil}, {"55", 1, nil}, {"56", 1, nil}, {"115", 1, nil}, {"12", 2, nil}, {"13", 1, nil},
		{"14", 3, nil}, {"15", 3, nil}, {"16", 1, nil}, {"19", 1, nil}, {"23", 3, nil}, {"24", 3, nil}, {"26", 1, nil},
		{"27", 1, nil}, {"28", 1, nil}, {"29", 1, nil}, {"52", 2, nil}, {"81", 1, &tile81}, {"34", 1, nil},
		{"38", 2, nil}, {"39", 1, nil}, {"41", 1, nil}, {"42", 1, nil}, {"43", 1, nil}, {"44", 1, nil}, {"45", 1, nil},
		{"46", 1, nil}, {"47", 1, nil}, {"63", 2, nil}, {"66", 2, nil}, {"67", 1, nil}, {"118", 1, &tile118},
	}
	r1Tiles = []tileCount{
		{"2", 1, nil}, {"3", 1, nil}, {"4", 1, nil}, {"6", 2, nil}, {"7", 2, nil}, {"8", 2, nil}, {"69", 1, nil},
		{"10", 1, &tile10}, {"11", 1, &tile11}, {"13", 1, nil}, {"14", 1, nil}, {"23", 1, nil}, {"24", 1, nil},
		{"35", 1, &tile35}, {"37", 1, &tile37}, {"38", 1, nil}, {"66", 1, nil},
	}
	r2Tiles = []tileCount{
		{"3", 1, nil}, {"58", 1, nil}, {"115", 1, nil}, {"10", 1, &tile10}, {"35", 1, &tile35}, {"37", 1, &tile37},
	}
	r3Tiles = []tileCount{{"8", 1, nil}, {"9", 2, nil}, {"11", 1, &tile11}, {"14", 1, nil}}
	k1Tiles = []tileCount{
		{"17", 1, nil}, {"18", 1, nil}, {"21", 1, nil}, {"22", 1, nil}, {"28", 1, nil}, {"29", 1, nil}, {"30", 1, nil},
		{"31", 1, nil}, {"39", 1, nil}, {"40", 1, nil}, {"41", 1, nil}, {"42", 1, nil}, {"43", 1, nil}, {"44", 1, nil},
		{"47", 1, nil},
	}
	k3Tiles = []tileCount{
		{"48", 1, &tile48}, {"49", 1, nil}, {"50", 2, nil}, {"51", 3, nil}, {"60", 2, nil}, {"166", 4, nil},
		{"167", 4, nil}, {"168", 2, &tile168},
	}
	k5Tiles = []tileCount{{"15", 1, nil}, {"69", 1, nil}, {"119", 1, nil}}
	k6Tiles = []tileCount{
		{"58", 2, nil}, {"198", 1, &tile198}, {"199", 1, &tile199}, {"11", 2, &tile11}, {"82", 1, &tile82},
		{"83", 1, &tile83}, {"119", 2, nil}, {"200", 2, nil},
	}
	d1Tiles = []tileCount{
		{"7", 2, nil}, {"58", 2, nil}, {"115", 2, nil}, {"10", 3, &tile10}, {"11", 3, &tile11}, {"17", 1, nil},
		{"18", 1, nil}, {"20", 1, nil}, {"21", 1, nil}, {"22", 1, nil}, {"30", 1, nil}, {"31", 1, nil},
		{"82", 1, &tile82}, {"83", 1, &tile83}, {"35", 1, &tile35}, {"36", 1, &tile36}, {"37", 1, &tile37},
		{"38", 1, nil}, {"39", 1, nil}, {"40", 1, nil}, {"43", 1, nil}, {"44", 1, nil}, {"47", 1, nil},
		{"119", 2, nil}, {"174", 2, &tile174}, {"200", 2, nil},
	}
	db3Tiles = []tileCount{{"58", 1, nil}, {"206", 1, nil}}
)

// TileSpecs returns the tile supply of a game (18xx.games game_tiles): the
// units' tiles (Unit 2's gray tiles only without K3), then the Regional and
// Extension kits', D1's, DB1's 887/888 in place of 87/88 (two per Unit 1,
// one per Unit 3, which also loses a 14 and a 15) and DB3's.
func TileSpecs(o Options) ([]board.TileSpec, error) {
	m := &board.TileSupply{}
	var lists [][]tileCount
	if o.Units[1] {
		lists = append(lists, unit1Tiles)
	}
	if o.Units[2] {
		lists = append(lists, unit2Tiles)
		if !o.Kits[3] || o.era.unit2Kit3Kept { // K3 replaces them since 2025-09-27 (dated.go)
			lists = append(lists, unit2GrayTiles)
		}
	}
	if o.Units[3] {
		lists = append(lists, unit3Tiles)
	}
	for r, l := range [][]tileCount{nil, r1Tiles, r2Tiles, r3Tiles} {
		if o.Regionals[r] {
			lists = append(lists, l)
		}
	}
	for _, k := range []struct {
		on    bool
		tiles []tileCount
	}{{o.Kits[1], k1Tiles}, {o.Kits[3], k3Tiles}, {o.Kits[5], k5Tiles}, {o.Kits[6], k6Tiles}, {o.D1, d1Tiles}} {
		if k.on {
			lists = append(lists, k.tiles)
		}
	}
	for _, l := range lists {
		if err := board.AddTiles(m, l); err != nil {
			return nil, fmt.Errorf("t1825: %w", err)
		}
	}
	if o.DB1 {
		m.Remove("87")
		m.Remove("88")
		n := 0
		if o.Units[1] {
			n += 2
		}
		if o.Units[3] {
			n++
		}
		if err := board.AddTiles(m, []tileCount{{"887", n, nil}, {"888", n, nil}}); err != nil {
			return nil, fmt.Errorf("t1825: %w", err)
		}
		if o.Units[3] {
			if err := board.AddTiles(m, []tileCount{{"14", -1, nil}, {"15", -1, nil}}); err != nil {
				return nil, fmt.Errorf("t1825: %w", err)
			}
		}
	}
	if o.DB3 {
		if err := board.AddTiles(m, db3Tiles); err != nil {
			return nil, fmt.Errorf("t1825: %w", err)
		}
	}
	specs, err := m.Specs()
	if err != nil {
		return nil, fmt.Errorf("t1825: %w", err)
	}
	return specs, nil
}
