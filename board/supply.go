package board

import "fmt"

// The pieces of a title's map that are not its facts: the generic tiles of
// 18xx (lib/engine/config/tile.rb on 18xx.games), a tile supply built from
// the manifests of a title's units or variants, and the tables of hexes
// that share a printed tile.

// TileShape is a tile's colour and its code in the 18xx.games tile DSL.
type TileShape struct {
	Color Color
	Code  string
}

// genericTiles are the generic 18xx tiles the titles use, as 18xx.games
// defines them (lib/engine/config/tile.rb). Two-colour tiles carry a
// leading stripes part, as the site builds them, which shifts their part
// numbers: 119 is green striped brown, 166 brown striped gray, 200 brown
// striped sepia. Nothing changes it.
var genericTiles = map[string]TileShape{
	"1":   {Yellow, "town=revenue:10;town=revenue:10;path=a:1,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:4"},
	"2":   {Yellow, "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:2"},
	"3":   {Yellow, "town=revenue:10;path=a:0,b:_0;path=a:_0,b:1"},
	"4":   {Yellow, "town=revenue:10;path=a:0,b:_0;path=a:_0,b:3"},
	"5":   {Yellow, "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0"},
	"6":   {Yellow, "city=revenue:20;path=a:0,b:_0;path=a:2,b:_0"},
	"7":   {Yellow, "path=a:0,b:1"},
	"8":   {Yellow, "path=a:0,b:2"},
	"9":   {Yellow, "path=a:0,b:3"},
	"55":  {Yellow, "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:4"},
	"56":  {Yellow, "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:2;path=a:1,b:_1;path=a:_1,b:3"},
	"58":  {Yellow, "town=revenue:10;path=a:0,b:_0;path=a:_0,b:2"},
	"69":  {Yellow, "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:2,b:_1;path=a:_1,b:4"},
	"115": {Yellow, "city=revenue:20;path=a:0,b:_0"},
	"57":  {Yellow, "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3"},
	"12":  {Green, "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0"},
	"13":  {Green, "city=revenue:30;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0"},
	"14":  {Green, "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0"},
	"15":  {Green, "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"},
	"16":  {Green, "path=a:0,b:2;path=a:1,b:3"},
	"17":  {Green, "path=a:1,b:3;path=a:0,b:4"},
	"18":  {Green, "path=a:0,b:3;path=a:1,b:2"},
	"19":  {Green, "path=a:0,b:3;path=a:2,b:4"},
	"20":  {Green, "path=a:0,b:3;path=a:1,b:4"},
	"21":  {Green, "path=a:0,b:2;path=a:3,b:4"},
	"22":  {Green, "path=a:0,b:4;path=a:2,b:3"},
	"23":  {Green, "path=a:0,b:3;path=a:0,b:4"},
	"24":  {Green, "path=a:0,b:3;path=a:0,b:2"},
	"25":  {Green, "path=a:0,b:2;path=a:0,b:4"},
	"26":  {Green, "path=a:0,b:3;path=a:0,b:5"},
	"27":  {Green, "path=a:0,b:3;path=a:0,b:1"},
	"28":  {Green, "path=a:0,b:4;path=a:0,b:5"},
	"29":  {Green, "path=a:0,b:2;path=a:0,b:1"},
	"30":  {Green, "path=a:0,b:4;path=a:0,b:1"},
	"31":  {Green, "path=a:0,b:2;path=a:0,b:5"},
	"52":  {Green, "city=revenue:40,loc:5;city=revenue:40,loc:3;path=a:0,b:_0;path=a:2,b:_1;label=OO"},
	"87":  {Green, "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"},
	"88":  {Green, "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0"},
	"206": {Green, "city=revenue:30;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0"},
	"205": {Green, "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0"},
	"887": {Green, "town=revenue:20;path=a:1,b:_0;path=a:3,b:_0;path=a:0,b:_0;path=a:2,b:_0"},
	"888": {Green, "town=revenue:20;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0"},
	"119": {Green, "stripes=color:brown;city=revenue:30,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"},
	"33":  {Brown, "city=revenue:50,loc:0;city=revenue:50,loc:2;city=revenue:50,loc:4;path=a:5,b:_0;path=a:3,b:_1;path=a:4,b:_2;label=L"},
	"34":  {Brown, "city=revenue:50,loc:1.5;city=revenue:50,loc:4.5;city=revenue:50,loc:3;path=a:0,b:_2;path=a:_2,b:3;path=a:2,b:_0;path=a:4,b:_1;label=BGM"},
	"38":  {Brown, "city=revenue:40,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"},
	"39":  {Brown, "path=a:0,b:2;path=a:0,b:1;path=a:1,b:2"},
	"40":  {Brown, "path=a:0,b:2;path=a:2,b:4;path=a:0,b:4"},
	"41":  {Brown, "path=a:0,b:3;path=a:0,b:1;path=a:1,b:3"},
	"42":  {Brown, "path=a:0,b:3;path=a:3,b:5;path=a:0,b:5"},
	"43":  {Brown, "path=a:0,b:3;path=a:0,b:2;path=a:1,b:3;path=a:1,b:2"},
	"44":  {Brown, "path=a:0,b:3;path=a:1,b:4;path=a:0,b:1;path=a:3,b:4"},
	"45":  {Brown, "path=a:0,b:3;path=a:2,b:4;path=a:0,b:4;path=a:2,b:3"},
	"46":  {Brown, "path=a:0,b:3;path=a:2,b:4;path=a:3,b:4;path=a:0,b:2"},
	"47":  {Brown, "path=a:0,b:3;path=a:1,b:4;path=a:1,b:3;path=a:0,b:4"},
	"63":  {Brown, "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0"},
	"64":  {Brown, "city=revenue:50;city=revenue:50,loc:3.5;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;path=a:_1,b:4;label=OO"},
	"65":  {Brown, "city=revenue:50;city=revenue:50,loc:2.5;path=a:0,b:_0;path=a:_0,b:4;path=a:2,b:_1;path=a:_1,b:3;label=OO"},
	"66":  {Brown, "city=revenue:50;city=revenue:50,loc:1.5;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:2;label=OO"},
	"67":  {Brown, "city=revenue:50;city=revenue:50;path=a:0,b:_0;path=a:_0,b:3;path=a:2,b:_1;path=a:_1,b:4;label=OO"},
	"68":  {Brown, "city=revenue:50;city=revenue:50;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:4;label=OO"},
	"166": {Brown, "stripes=color:gray;city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"},
	"200": {Brown, "stripes=color:sepia;city=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"},
	"49":  {Gray, "city=revenue:70,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;label=L"},
	"50": {Gray, "city=revenue:70,loc:1.5;city=revenue:70,loc:3;city=revenue:70,loc:4.5;path=a:0,b:_1;path=a:_1,b:3;" +
		"path=a:1,b:_0;path=a:_0,b:2;path=a:4,b:_2;path=a:_2,b:5;label=BGM"},
	"51":  {Gray, "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"},
	"60":  {Gray, "junction;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0"},
	"167": {Gray, "city=revenue:70,loc:0.5;city=revenue:70,loc:2.5;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;path=a:4,b:_0;path=a:5,b:_1;label=OO"},
}

// GenericTile returns the generic 18xx tile of that name.
func GenericTile(name string) (TileShape, bool) {
	t, ok := genericTiles[name]
	return t, ok
}

// TileSupply is a tile supply in the making: counts by name, in
// first-added order. The zero value is empty.
type TileSupply struct {
	order []string
	count map[string]int
	own   map[string]*TileShape
}

// Add merges count copies of a tile into the supply (18xx.games
// append_game_tiles): a generic tile (own nil) or one the title defines
// itself. Counts add up; a tile whose count falls to 0 leaves the supply.
func (m *TileSupply) Add(name string, count int, own *TileShape) error {
	if m.count == nil {
		m.count, m.own = map[string]int{}, map[string]*TileShape{}
	}
	if _, ok := m.count[name]; ok {
		if (m.own[name] == nil) != (own == nil) {
			return fmt.Errorf("conflicting definitions of tile %s", name)
		}
		m.count[name] += count
	} else {
		m.order = append(m.order, name)
		m.count[name] = count
		if own != nil {
			m.own[name] = own
		}
	}
	switch n := m.count[name]; {
	case n < 0:
		return fmt.Errorf("negative number of tile %s", name)
	case n == 0:
		m.Remove(name)
	}
	return nil
}

// Remove takes every copy of a tile out of the supply.
func (m *TileSupply) Remove(name string) {
	if _, ok := m.count[name]; !ok {
		return
	}
	delete(m.count, name)
	delete(m.own, name)
	for i, n := range m.order {
		if n == name {
			m.order = append(m.order[:i:i], m.order[i+1:]...)
			break
		}
	}
}

// Specs returns the supply as tile specs, a generic tile's shape taken
// from the generic tiles.
func (m *TileSupply) Specs() ([]TileSpec, error) {
	out := make([]TileSpec, 0, len(m.order))
	for _, name := range m.order {
		d := m.own[name]
		if d == nil {
			c, ok := genericTiles[name]
			if !ok {
				return nil, fmt.Errorf("tile %s is not defined", name)
			}
			d = &c
		}
		out = append(out, TileSpec{Name: name, Color: d.Color, Code: d.Code, Count: m.count[name]})
	}
	return out, nil
}

// HexGroup is one entry of an 18xx.games HEXES table: hexes sharing a
// printed tile. The position of a hex in Coords is the copy number of its
// printed tile ("HEX-i"). A title defines its tables with its own type of
// this shape (HexSpecs takes any).
type HexGroup struct {
	Color  Color
	Coords []string
	Code   string
}

// HexSpecs appends the hexes of the groups to out in order, each named by
// location.
func HexSpecs[G ~struct {
	Color  Color
	Coords []string
	Code   string
}](out []HexSpec, groups []G, location func(hex string) string) []HexSpec {
	for _, g := range groups {
		h := HexGroup(g)
		for i, c := range h.Coords {
			out = append(out, HexSpec{ID: c, Color: h.Color, Code: h.Code, Index: i, Location: location(c)})
		}
	}
	return out
}
