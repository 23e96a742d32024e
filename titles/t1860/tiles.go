package t1860

import "tresham/board"

// tileCount is one line of the 1860 tile manifest (board.TileCount): a
// count of a generic 18xx tile (board.GenericTile; Own nil) or of a tile
// 1860 defines itself.
type tileCount board.TileCount

// tileManifest is the 1860 tile supply, transcribed from 18xx.games
// g_1860/map.rb (TILES), in manifest order.
var tileManifest = []tileCount{
	{"5", 2, nil},
	{"6", 2, nil},
	{"7", 2, nil},
	{"8", 4, nil},
	{"9", 4, nil},
	{"12", 2, nil},
	{"16", 2, nil},
	{"17", 2, nil},
	{"18", 2, nil},
	{"19", 2, nil},
	{"20", 2, nil},
	{"21", 1, nil},
	{"22", 1, nil},
	{"57", 2, nil},
	{"115", 2, nil},
	{"205", 1, nil},
	{"206", 1, nil},
	{"625", 1, &board.TileShape{Color: board.Green, Code: "path=a:0,b:1;path=a:2,b:3"}},
	{"626", 1, &board.TileShape{Color: board.Green, Code: "path=a:0,b:1;path=a:3,b:4"}},
	{"741", 5, &board.TileShape{Color: board.Yellow, Code: "halt=symbol:£;path=a:0,b:_0;path=a:1,b:_0"}},
	{"742", 10, &board.TileShape{Color: board.Yellow, Code: "halt=symbol:£;path=a:0,b:_0;path=a:2,b:_0"}},
	{"743", 7, &board.TileShape{Color: board.Yellow, Code: "halt=symbol:£;path=a:0,b:_0;path=a:3,b:_0"}},
	{"744", 2, &board.TileShape{Color: board.Yellow, Code: "halt=symbol:£,loc:0;halt=symbol:£,loc:3;path=a:0,b:_0;path=a:3,b:_1;path=a:_0,b:_1"}},
	{"745", 2, &board.TileShape{Color: board.Yellow, Code: "halt=symbol:£,loc:0;halt=symbol:£,loc:2;path=a:0,b:_0;path=a:2,b:_1;path=a:_0,b:_1"}},
	{"746", 2, &board.TileShape{Color: board.Yellow, Code: "city=revenue:10;path=a:0,b:_0;path=a:_0,b:3;label=B"}},
	{"747", 3, &board.TileShape{Color: board.Green, Code: "town=revenue:10;path=a:0,b:_0;path=a:_0,b:1"}},
	{"748", 3, &board.TileShape{Color: board.Green, Code: "town=revenue:10;path=a:0,b:_0;path=a:_0,b:2"}},
	{"749", 2, &board.TileShape{Color: board.Green, Code: "town=revenue:10;path=a:0,b:_0;path=a:_0,b:3"}},
	{"750", 3, &board.TileShape{Color: board.Green, Code: "halt=symbol:£;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0"}},
	{"751", 3, &board.TileShape{Color: board.Green, Code: "halt=symbol:£;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0"}},
	{"752", 3, &board.TileShape{Color: board.Green, Code: "halt=symbol:£;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0"}},
	{"753", 3, &board.TileShape{Color: board.Green, Code: "halt=symbol:£;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0"}},
	{"754", 2, &board.TileShape{Color: board.Green, Code: "halt=symbol:£,loc:0;town=revenue:10,loc:center;path=a:0,b:_0;path=a:2,b:_1;path=a:3,b:_1;path=a:_0,b:_1"}},
	{"755", 2, &board.TileShape{Color: board.Green, Code: "halt=symbol:£,loc:0;town=revenue:10,loc:center;path=a:0,b:_0;path=a:4,b:_1;path=a:3,b:_1;path=a:_0,b:_1"}},
	{"756", 2, &board.TileShape{Color: board.Green, Code: "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0"}},
	{"757", 2, &board.TileShape{Color: board.Green, Code: "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=B"}},
	{"758", 1, &board.TileShape{Color: board.Green, Code: "city=revenue:50;path=a:4,b:_0;path=a:5,b:_0;label=R"}},
	{"759", 3, &board.TileShape{Color: board.Green, Code: "city=revenue:30;path=a:0,b:_0"}},
	{"760", 1, &board.TileShape{Color: board.Green, Code: "city=revenue:40,loc:4;city=revenue:40,loc:0.5;path=a:1,b:_1;path=a:2,b:_0;label=V"}},
	{"761", 1, &board.TileShape{Color: board.Green, Code: "city=revenue:20,loc:center;halt=symbol:£,loc:3;path=a:0,b:_0;path=a:4,b:_0;path=a:5,b:_0;path=a:3,b:_1;path=a:_0,b:_1;label=M"}},
	{"762", 2, &board.TileShape{Color: board.Green, Code: "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=B"}},
	{"763", 1, &board.TileShape{Color: board.Green, Code: "city=revenue:50,loc:2.5;city=revenue:30,loc:5.5;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:0,b:_1;label=N"}},
	{"764", 2, &board.TileShape{Color: board.Brown, Code: "town=revenue:20;path=a:0,b:_0;path=a:_0,b:1"}},
	{"765", 2, &board.TileShape{Color: board.Brown, Code: "town=revenue:20;path=a:0,b:_0;path=a:_0,b:3"}},
	{"766", 2, &board.TileShape{Color: board.Brown, Code: "town=revenue:20;path=a:0,b:_0;path=a:_0,b:2"}},
	{"767", 2, &board.TileShape{Color: board.Brown, Code: "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"}},
	{"768", 2, &board.TileShape{Color: board.Brown, Code: "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0"}},
	{"769", 2, &board.TileShape{Color: board.Brown, Code: "town=revenue:10;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"}},
	{"770", 2, &board.TileShape{Color: board.Brown, Code: "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=B"}},
	{"771", 2, &board.TileShape{Color: board.Brown, Code: "city=revenue:50;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0"}},
	{"772", 2, &board.TileShape{Color: board.Brown, Code: "city=revenue:40;path=a:0,b:_0;path=a:1,b:_0"}},
	{"773", 1, &board.TileShape{Color: board.Brown, Code: "city=revenue:60,slots:2,loc:2.5;city=revenue:20,loc:5.5;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:0,b:_1;path=a:5,b:_1;path=a:_0,b:_1;label=N"}},
	{"774", 1, &board.TileShape{Color: board.Brown, Code: "city=revenue:50,loc:4;city=revenue:50,loc:1;path=a:2,b:_0;path=a:1,b:_1,loc:0.5;label=V"}},
	{"775", 1, &board.TileShape{Color: board.Brown, Code: "city=revenue:20,slots:2,loc:center;town=revenue:10,loc:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_1;path=a:4,b:_0;path=a:5,b:_0;path=a:_0,b:_1;label=M"}},
	{"776", 3, &board.TileShape{Color: board.Brown, Code: "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"}},
	{"777", 2, &board.TileShape{Color: board.Brown, Code: "city=revenue:60;path=a:0,b:_0"}},
	{"778", 1, &board.TileShape{Color: board.Brown, Code: "path=a:0,b:3;path=a:1,b:5;path=a:2,b:4"}},
	{"779", 1, &board.TileShape{Color: board.Brown, Code: "path=a:4,b:5;path=a:1,b:3;path=a:0,b:2"}},
	{"780", 1, &board.TileShape{Color: board.Brown, Code: "path=a:1,b:2;path=a:4,b:5;path=a:0,b:3"}},
	{"781", 1, &board.TileShape{Color: board.Brown, Code: "path=a:0,b:1;path=a:2,b:3;path=a:4,b:5"}},
	{"782", 1, &board.TileShape{Color: board.Brown, Code: "town=revenue:20,loc:center;halt=symbol:£,loc:0;path=a:0,b:_1;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;path=a:_0,b:_1"}},
	{"783", 1, &board.TileShape{Color: board.Brown, Code: "town=revenue:20,loc:center;halt=symbol:£,loc:0;path=a:0,b:_1;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:5,b:_0;path=a:_0,b:_1"}},
	{"784", 1, &board.TileShape{Color: board.Brown, Code: "town=revenue:20,loc:center;halt=symbol:£,loc:0;path=a:0,b:_1;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;path=a:_0,b:_1"}},
	{"785", 1, &board.TileShape{Color: board.Brown, Code: "town=revenue:20,loc:center;halt=symbol:£,loc:0;path=a:0,b:_1;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:_0,b:_1"}},
	{"786", 1, &board.TileShape{Color: board.Brown, Code: "city=revenue:60;path=a:4,b:_0;path=a:5,b:_0;label=R"}},
	{"787", 1, &board.TileShape{Color: board.Yellow, Code: "city=revenue:20,loc:3;town=revenue:10,loc:center;halt=symbol:£,loc:0;path=a:0,b:_2;path=a:_2,b:_1;path=a:_0,b:_1;label=C"}},
	{"788", 1, &board.TileShape{Color: board.Green, Code: "city=revenue:30,loc:3;town=revenue:10,loc:center;halt=symbol:£,loc:0;path=a:0,b:_2;path=a:1,b:_2;path=a:_2,b:_1;path=a:_0,b:_1;label=C"}},
	{"789", 1, &board.TileShape{Color: board.Brown, Code: "city=revenue:60,loc:3;town=revenue:20,loc:center;halt=symbol:£,loc:0;path=a:0,b:_2;path=a:1,b:_2;path=a:_2,b:_1;path=a:_0,b:_1;label=C"}},
}

// tileSpecs returns the tile supply for the chosen variant. The small
// (first-edition) map removes copies 776-2 and 770-1.
func tileSpecs(opt MapOptions) ([]board.TileSpec, error) {
	var m board.TileSupply
	if err := board.AddTiles(&m, tileManifest); err != nil {
		return nil, err
	}
	if opt.SmallMap {
		if err := board.AddTiles(&m, smallMapRemovedTiles); err != nil {
			return nil, err
		}
	}
	return m.Specs()
}
