package t1825

import (
	"fmt"

	"tresham/board"
)

// mapTables returns the hex tables of a game in the order 18xx.games merges
// them (game_hexes): variants and regionals first (their hexes win), then
// the units, then the gray edges of the units.
func mapTables(o Options) [][]hexEntry {
	var ts [][]hexEntry
	add := func(on bool, t []hexEntry) {
		if on {
			ts = append(ts, t)
		}
	}
	add(o.DB2, db2Hexes)
	add(o.DB3, db3Hexes)
	add(o.Unit4, unit4Hexes)
	add(o.Regionals[1], r1Hexes)
	add(o.Regionals[2], r2Hexes)
	add(o.Regionals[3], r3Hexes)
	add(o.Units[3] && o.era.f8OneTown, f8OneTown) // before 2022-04-16 (dated.go)
	add(o.Units[1], unit1Hexes)
	add(o.Units[2], unit2Hexes)
	add(o.Units[3], unit3Hexes)
	add(o.Regionals[1], r1Edge)
	add(o.Units[1], unit1Edge)
	add(o.Units[2], unit2Edge)
	add(o.Units[3], unit3Edge)
	return ts
}

// Location returns the place name of a hex for the options (G7 is Coatbridge
// & Airdrie, or Falkirk & Airdrie with DB3; with Unit 4 Inverness is on A5,
// not B8, and C3 is Fort William).
func Location(o Options, hex string) string {
	if o.Unit4 {
		switch hex {
		case "A5":
			return "Inverness"
		case "C3":
			return "Fort William"
		case "B8":
			return ""
		}
	}
	if hex == "G7" {
		if o.DB3 {
			return "Falkirk & Airdrie"
		}
		return "Coatbridge & Airdrie"
	}
	return locationNames[hex]
}

// MapSpec returns the board spec of the map for the options: the hexes of
// the units, kits and variants merged as on 18xx.games, and the tile supply.
// Blue, sepia and red hexes are impassable except where their track leads;
// gray edge hexes are not (track may end against them).
func MapSpec(o Options) (board.Spec, error) {
	var hexes board.HexTable
	for _, t := range mapTables(o) {
		hexes.Merge(board.Groups(t))
	}
	spec := board.Spec{Layout: board.Pointy, Impassable: []board.Color{board.Blue, board.Sepia, board.Red}, DirectedWalk: true}
	spec.Hexes = hexes.Specs(func(hex string) string { return Location(o, hex) })
	tiles, err := TileSpecs(o)
	if err != nil {
		return board.Spec{}, err
	}
	spec.Tiles = tiles
	return spec, nil
}

// mapKey names 1825's board for board.NewKeyed.
type mapKey struct{ o Options }

// NewBoard builds the map of a game with home-token reservations in place:
// each company's home city (or, for a minor whose home hex has several
// cities or none yet, the hex) is held for its home token (18xx.games
// reservations; the LNWR holds both Wolverton and Crewe with Units 1+2).
func NewBoard(o Options) (*board.Board, error) {
	// the spec depends on the options only: built once per options
	b, err := board.NewKeyed(mapKey{o}, func() (board.Spec, error) { return MapSpec(o) })
	if err != nil {
		return nil, fmt.Errorf("t1825: %w", err)
	}
	for _, c := range Corporations(o) {
		for _, h := range c.Homes {
			if err := b.Reserve(h, c.City, c.Sym); err != nil {
				return nil, fmt.Errorf("t1825: home of %s: %w", c.Sym, err)
			}
		}
	}
	return b, nil
}
