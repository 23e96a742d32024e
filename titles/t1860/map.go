package t1860

import (
	"fmt"

	"tresham/board"
	"tresham/engine"
)

// hexGroup is one entry of the 18xx.games HEXES table (board.HexGroup).
type hexGroup board.HexGroup

// mapHexes is the 1860 (2nd edition) map, transcribed from 18xx.games
// g_1860/map.rb, in its order.
var mapHexes = []hexGroup{
	{board.White, []string{"G1"}, "town=revenue:0;border=edge:1,type:impassable"},
	{board.White, []string{"G3"}, "town=revenue:0;border=edge:1,type:impassable;border=edge:2,type:impassable"},
	{board.White, []string{"H8", "G11", "F6", "D6", "E5", "C5", "F10"}, "town=revenue:0"},
	{board.White, []string{"A5", "F4"}, "town=revenue:0;border=edge:4,type:impassable"},
	{board.White, []string{"I5"}, "town=revenue:0;border=edge:0,type:impassable"},
	{board.White, []string{"F2"}, "city=revenue:0,loc:3;town=revenue:0,loc:1;town=revenue:0,loc:0;label=C;" +
		"border=edge:4,type:impassable;border=edge:5,type:impassable"},
	{board.White, []string{"H2", "D4"}, "upgrade=cost:60,terrain:water"},
	{board.White, []string{"E3", "E11", "K7", "D8"}, ""},
	{board.White, []string{"B4"}, "city=revenue:0;border=edge:1,type:impassable"},
	{board.White, []string{"J4", "A7", "B6", "J8", "L6", "F12"}, "city=revenue:0"},
	{board.White, []string{"I9"}, "city=revenue:0;border=edge:0,type:impassable"},
	{board.White, []string{"H4"}, "town=revenue:0;town=revenue:0"},
	{board.White, []string{"I7"}, "town=revenue:0;town=revenue:0;border=edge:3,type:impassable"},
	{board.White, []string{"K5"}, "town=revenue:0;upgrade=cost:60,terrain:water"},
	{board.White, []string{"C7", "H10", "H12"}, "town=revenue:0;upgrade=cost:60,terrain:mountain"},
	{board.White, []string{"H6", "E7", "F8", "G13"}, "upgrade=cost:60,terrain:mountain"},
	{board.White, []string{"J6", "E9", "G9"}, "city=revenue:0;label=B"},
	{board.Blue, []string{"J2"}, "offboard=revenue:yellow_0|green_20|brown_40;path=a:1,b:_0"},
	{board.Yellow, []string{"I3"}, "city=revenue:30;path=a:5,b:_0;label=R"},
	{board.Yellow, []string{"G5"}, "city=revenue:30;path=a:2,b:_0;path=a:3,b:_0;label=N"},
	{board.Yellow, []string{"G7"}, "city=revenue:10;town=revenue:0;path=a:5,b:_0;label=M"},
	{board.Yellow, []string{"I11"}, "city=revenue:30;path=a:2,b:_0;label=V;border=edge:3,type:impassable"},
}

// Variant map changes (18xx.games OPTION_REMOVE_HEXES / OPTION_ADD_HEXES /
// OPTION_TILES), used by the `two_player_map` and `original_game` options.
var (
	smallMapRemovedHexes = []string{"A5", "A7", "B4", "E11"}
	smallMapAddedHexes   = []hexGroup{{board.White, []string{"B4"}, "city=revenue:0"}}
	smallMapRemovedTiles = []tileCount{{"776", -1, nil}, {"770", -1, nil}} // 776-2 and 770-1
)

// locationNames are the 1860 location names (18xx.games LOCATION_NAMES).
var locationNames = map[string]string{
	"A5": "Norton Green", "A7": "Totland", "G1": "East Cowes", "F2": "Cowes",
	"J2": "Ryde Pier", "G3": "Whippingham", "I3": "Ryde Esp", "B4": "Yarmouth",
	"F4": "Cement Mills", "H4": "Wooton & Havenstreet", "J4": "Ryde", "H8": "Horringford",
	"G11": "Whitwell", "F6": "Carisbrooke", "D6": "Calbourne", "E5": "Watchingwell",
	"C5": "Ningwood", "F10": "Chale Green", "G5": "Newport", "I5": "Ashey",
	"K5": "St. Helens", "B6": "Freshwater", "J8": "Sandown", "J6": "Brading",
	"L6": "Bembridge", "C7": "Shalcombe", "H10": "Wroxall", "H12": "St. Lawrence",
	"G7": "Merstone", "I7": "Newchurch & Alverstone", "E9": "Shorwell", "G9": "Godshill",
	"I9": "Shanklin", "I11": "Ventnor", "F12": "Chale",
}

// MapOptions select the 1860 map variant.
type MapOptions struct {
	// SmallMap selects the first-edition 2–3 player map (optional rules
	// `two_player_map` or `original_game`).
	SmallMap bool
}

// MapOptionsFor derives MapOptions from a game's options: the smaller map
// comes with `two_player_map` and with `original_game`.
func MapOptionsFor(opts map[string]bool) MapOptions {
	return MapOptions{SmallMap: opts["two_player_map"] || opts["original_game"]}
}

// MapOptionsFromRules derives MapOptions from 18xx.games optional rule names.
func MapOptionsFromRules(rules []string) MapOptions {
	opts := make(map[string]bool, len(rules))
	for _, r := range rules {
		opts[r] = true
	}
	return MapOptionsFor(opts)
}

// MapSpec returns the board spec for the chosen variant.
func MapSpec(opt MapOptions) (board.Spec, error) {
	var t board.HexTable
	t.Append(board.Groups(mapHexes))
	if opt.SmallMap {
		t.Remove(smallMapRemovedHexes)
		t.Append(board.Groups(smallMapAddedHexes))
	}
	location := func(hex string) string { return locationNames[hex] }
	tiles, err := tileSpecs(opt)
	if err != nil {
		return board.Spec{}, err
	}
	return board.Spec{Layout: board.Flat, Hexes: t.Specs(location), Tiles: tiles}, nil
}

// mapKey names 1860's board for board.NewKeyed.
type mapKey struct{ o MapOptions }

// Map builds a fresh 1860 board for the chosen variant.
func Map(opt MapOptions) (*board.Board, error) {
	// the spec depends on the options only: built once per options
	b, err := board.NewKeyed(mapKey{opt}, func() (board.Spec, error) { return MapSpec(opt) })
	if err != nil {
		return nil, fmt.Errorf("t1860: %w", err)
	}
	return b, nil
}

// NewBoard builds the 1860 map for the game's options, each corporation's
// home city held for its home token (18xx.games reservations: no other
// corporation takes its last free slot until the home token is placed).
func NewBoard(opts map[string]bool) (*board.Board, error) {
	b, err := Map(MapOptionsFor(opts))
	if err != nil {
		return nil, err
	}
	for _, d := range corpDefs {
		if err := b.Reserve(d.home, -1, d.sym); err != nil {
			return nil, fmt.Errorf("t1860: home of %s: %w", d.sym, err)
		}
	}
	return b, nil
}

// homeIsBlank reports whether c's home hex still has no track (its home
// tile is laid in the stock round).
func homeIsBlank(b *board.Board, c *engine.Corporation) bool {
	tile, _, ok := b.TileOn(c.Home)
	return ok && (tile == nil || tile.Color == board.White)
}

// hasRoute reports whether corp can run any train on b: its network
// reaches at least two stops that are not halts (18xx.games
// route_train_purchase). A corporation without tokens has an empty
// network.
func hasRoute(b *board.Board, corp *engine.Corporation) bool {
	return b.NodesAtLeast(corp.Sym, 2, func(k board.NodeKind) bool {
		return k == board.City || k == board.Town || k == board.Offboard
	})
}
