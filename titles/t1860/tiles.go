package t1860

import "tresham/board"

// tileEntry is one line of the 1860 tile manifest; a generic 18xx tile
// (board.GenericTile) has no code of its own.
type tileEntry struct {
	Name  string
	Color board.Color
	Count int
	Code  string
}

// tileManifest is the 1860 tile supply, transcribed from 18xx.games
// g_1860/map.rb (TILES), in manifest order.
var tileManifest = []tileEntry{
	{"5", board.Yellow, 2, ""},
	{"6", board.Yellow, 2, ""},
	{"7", board.Yellow, 2, ""},
	{"8", board.Yellow, 4, ""},
	{"9", board.Yellow, 4, ""},
	{"12", board.Green, 2, ""},
	{"16", board.Green, 2, ""},
	{"17", board.Green, 2, ""},
	{"18", board.Green, 2, ""},
	{"19", board.Green, 2, ""},
	{"20", board.Green, 2, ""},
	{"21", board.Green, 1, ""},
	{"22", board.Green, 1, ""},
	{"57", board.Yellow, 2, ""},
	{"115", board.Yellow, 2, ""},
	{"205", board.Green, 1, ""},
	{"206", board.Green, 1, ""},
	{"625", board.Green, 1, "path=a:0,b:1;path=a:2,b:3"},
	{"626", board.Green, 1, "path=a:0,b:1;path=a:3,b:4"},
	{"741", board.Yellow, 5, "halt=symbol:£;path=a:0,b:_0;path=a:1,b:_0"},
	{"742", board.Yellow, 10, "halt=symbol:£;path=a:0,b:_0;path=a:2,b:_0"},
	{"743", board.Yellow, 7, "halt=symbol:£;path=a:0,b:_0;path=a:3,b:_0"},
	{"744", board.Yellow, 2, "halt=symbol:£,loc:0;halt=symbol:£,loc:3;path=a:0,b:_0;path=a:3,b:_1;path=a:_0,b:_1"},
	{"745", board.Yellow, 2, "halt=symbol:£,loc:0;halt=symbol:£,loc:2;path=a:0,b:_0;path=a:2,b:_1;path=a:_0,b:_1"},
	{"746", board.Yellow, 2, "city=revenue:10;path=a:0,b:_0;path=a:_0,b:3;label=B"},
	{"747", board.Green, 3, "town=revenue:10;path=a:0,b:_0;path=a:_0,b:1"},
	{"748", board.Green, 3, "town=revenue:10;path=a:0,b:_0;path=a:_0,b:2"},
	{"749", board.Green, 2, "town=revenue:10;path=a:0,b:_0;path=a:_0,b:3"},
	{"750", board.Green, 3, "halt=symbol:£;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0"},
	{"751", board.Green, 3, "halt=symbol:£;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0"},
	{"752", board.Green, 3, "halt=symbol:£;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0"},
	{"753", board.Green, 3, "halt=symbol:£;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0"},
	{"754", board.Green, 2, "halt=symbol:£,loc:0;town=revenue:10,loc:center;path=a:0,b:_0;path=a:2,b:_1;path=a:3,b:_1;path=a:_0,b:_1"},
	{"755", board.Green, 2, "halt=symbol:£,loc:0;town=revenue:10,loc:center;path=a:0,b:_0;path=a:4,b:_1;path=a:3,b:_1;path=a:_0,b:_1"},
	{"756", board.Green, 2, "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0"},
	{"757", board.Green, 2, "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=B"},
	{"758", board.Green, 1, "city=revenue:50;path=a:4,b:_0;path=a:5,b:_0;label=R"},
	{"759", board.Green, 3, "city=revenue:30;path=a:0,b:_0"},
	{"760", board.Green, 1, "city=revenue:40,loc:4;city=revenue:40,loc:0.5;path=a:1,b:_1;path=a:2,b:_0;label=V"},
	{"761", board.Green, 1, "city=revenue:20,loc:center;halt=symbol:£,loc:3;path=a:0,b:_0;path=a:4,b:_0;path=a:5,b:_0;path=a:3,b:_1;path=a:_0,b:_1;label=M"},
	{"762", board.Green, 2, "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=B"},
	{"763", board.Green, 1, "city=revenue:50,loc:2.5;city=revenue:30,loc:5.5;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:0,b:_1;label=N"},
	{"764", board.Brown, 2, "town=revenue:20;path=a:0,b:_0;path=a:_0,b:1"},
	{"765", board.Brown, 2, "town=revenue:20;path=a:0,b:_0;path=a:_0,b:3"},
	{"766", board.Brown, 2, "town=revenue:20;path=a:0,b:_0;path=a:_0,b:2"},
	{"767", board.Brown, 2, "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"},
	{"768", board.Brown, 2, "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0"},
	{"769", board.Brown, 2, "town=revenue:10;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"},
	{"770", board.Brown, 2, "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=B"},
	{"771", board.Brown, 2, "city=revenue:50;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0"},
	{"772", board.Brown, 2, "city=revenue:40;path=a:0,b:_0;path=a:1,b:_0"},
	{"773", board.Brown, 1, "city=revenue:60,slots:2,loc:2.5;city=revenue:20,loc:5.5;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:0,b:_1;path=a:5,b:_1;path=a:_0,b:_1;label=N"},
	{"774", board.Brown, 1, "city=revenue:50,loc:4;city=revenue:50,loc:1;path=a:2,b:_0;path=a:1,b:_1,loc:0.5;label=V"},
	{"775", board.Brown, 1, "city=revenue:20,slots:2,loc:center;town=revenue:10,loc:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_1;path=a:4,b:_0;path=a:5,b:_0;path=a:_0,b:_1;label=M"},
	{"776", board.Brown, 3, "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"},
	{"777", board.Brown, 2, "city=revenue:60;path=a:0,b:_0"},
	{"778", board.Brown, 1, "path=a:0,b:3;path=a:1,b:5;path=a:2,b:4"},
	{"779", board.Brown, 1, "path=a:4,b:5;path=a:1,b:3;path=a:0,b:2"},
	{"780", board.Brown, 1, "path=a:1,b:2;path=a:4,b:5;path=a:0,b:3"},
	{"781", board.Brown, 1, "path=a:0,b:1;path=a:2,b:3;path=a:4,b:5"},
	{"782", board.Brown, 1, "town=revenue:20,loc:center;halt=symbol:£,loc:0;path=a:0,b:_1;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;path=a:_0,b:_1"},
	{"783", board.Brown, 1, "town=revenue:20,loc:center;halt=symbol:£,loc:0;path=a:0,b:_1;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:5,b:_0;path=a:_0,b:_1"},
	{"784", board.Brown, 1, "town=revenue:20,loc:center;halt=symbol:£,loc:0;path=a:0,b:_1;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;path=a:_0,b:_1"},
	{"785", board.Brown, 1, "town=revenue:20,loc:center;halt=symbol:£,loc:0;path=a:0,b:_1;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:_0,b:_1"},
	{"786", board.Brown, 1, "city=revenue:60;path=a:4,b:_0;path=a:5,b:_0;label=R"},
	{"787", board.Yellow, 1, "city=revenue:20,loc:3;town=revenue:10,loc:center;halt=symbol:£,loc:0;path=a:0,b:_2;path=a:_2,b:_1;path=a:_0,b:_1;label=C"},
	{"788", board.Green, 1, "city=revenue:30,loc:3;town=revenue:10,loc:center;halt=symbol:£,loc:0;path=a:0,b:_2;path=a:1,b:_2;path=a:_2,b:_1;path=a:_0,b:_1;label=C"},
	{"789", board.Brown, 1, "city=revenue:60,loc:3;town=revenue:20,loc:center;halt=symbol:£,loc:0;path=a:0,b:_2;path=a:1,b:_2;path=a:_2,b:_1;path=a:_0,b:_1;label=C"},
}

// tileSpecs returns the tile supply for the chosen variant. The small
// (first-edition) map removes copies 776-2 and 770-1.
func tileSpecs(opt MapOptions) []board.TileSpec {
	out := make([]board.TileSpec, 0, len(tileManifest))
	for _, t := range tileManifest {
		n := t.Count
		if opt.SmallMap {
			for _, id := range smallMapRemovedTiles {
				name, cp, err := board.ParseTileID(id)
				if err == nil && name == t.Name && cp == n-1 {
					n--
				}
			}
		}
		code := t.Code
		if code == "" {
			g, _ := board.GenericTile(t.Name)
			code = g.Code
		}
		out = append(out, board.TileSpec{Name: t.Name, Color: t.Color, Code: code, Count: n})
	}
	return out
}
