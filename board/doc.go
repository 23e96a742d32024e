// Package board is Tresham's title-independent map model: hex grid and
// 18xx.games coordinates, tile definitions parsed from the 18xx.games tile
// DSL, the mutable board (tiles, rotations, tokens, tile supply), tile-lay
// and token legality, and track connectivity.
//
// # Ids (18xx.games compatible)
//
//   - Hexes: "F2" (letter = column for flat maps, number = row). Edges are
//     numbered as on 18xx.games: flat layout 0 = bottom, then clockwise
//     (1 lower-left, 2 upper-left, 3 top, 4 upper-right, 5 lower-right);
//     edge e of a tile laid with rotation r lies on hex side (e+r)%6.
//   - Tiles: "NAME-COPY" (copy 0..count-1). A printed map tile is
//     "HEX-INDEX", INDEX being the hex's position in its HEXES entry
//     (HexSpec.Index). A replaced tile returns to the supply; its id is
//     reusable.
//   - Parts: every part of a tile definition (paths, labels, borders…
//     included) has an index; NodeDef.Part is the number used in city ids
//     "TILEID-PART" (place_token.city) and node signatures "HEX-PART".
//
// # Usage
//
//	b, _ := t1860.Map(t1860.MapOptions{})   // or board.New(spec)
//	c := b.Clone()                          // cheap deep copy for atomic Apply
//	res, err := b.LayTile("G5", "763-0", 0, board.LayOptions{
//		Corp:   "IWNJ",
//		Colors: phaseColors,                   // nil = any colour
//		Rules:  t1860.LayRules(reach),         // title hooks
//	})                                      // res.Cost = terrain cost to pay
//	lays := b.LegalLays("G5", opts)         // legal (tile, rotation) choices
//	hexes := b.LegalLayHexes(opts)
//	r, _ := b.ResolveCity("763-0-0")        // city id -> NodeRef
//	slot, err := b.PlaceToken(r, "IWNJ", board.TokenOptions{CheckConnected: true})
//	g := b.Graph("IWNJ")                    // connectivity: ConnectedEdges, NodeConnected, PathConnected, Nodes
//	d := b.Distances("IWNJ")                // stops passed (cities/towns) to each node/path
//	b.Tiles()                               // {"G5": "763@0", ...} (golden-trace format)
//	b.TokenLocations("IWNJ")                // ["G5-0"] (trace tokens_placed format)
//
// Lay checks follow 18xx.games: tile copy available; colour allowed; colour
// chain white→yellow→green→brown→gray; old track kept (some rotation of the
// old paths within the new ones, and the old paths kept in place at the
// chosen rotation); label equal; town count equal; city count equal unless
// labelled; multi-city cities kept apart; every new exit leads to a
// passable neighbour; at least one new exit touches the corporation's
// network (Graph.ConnectedEdges; skipped with NoConnectivity). Tokens move
// to the city joined to the same exits (Hex#city_map_for). The cost is the
// sum of the replaced tile's printed upgrade costs. Board-level errors
// leave the board unchanged.
//
// Title rules plug in through Rules (RotationAllowed, CheckLay, and Upgrade,
// which may refuse a replacement, allow it outside the colour chain, or
// force it with the lenient rotation check 18xx.games applies to forced
// upgrades, e.g. 1825 towns becoming cities; PreCheckLay decides what
// CheckLay would without the copy of the board it runs on). Per-turn lay
// allowances (how many lays, upgrade or not) belong to the engine's track
// step; titles provide helpers (t1860.LayStep).
//
// Maps may be flat or pointy (on pointy maps letters name rows, as on
// 18xx.games; see HexXY). Spec.Impassable names the printed colours track
// may enter only along their own track (default blue, gray, red; 1825 uses
// blue, sepia, red so that track may end against gray map edges).
//
// Reserve holds a city slot (or a slot anywhere on a hex) for a
// corporation's home token: the reservation follows its city through
// upgrades, keeps other corporations out of the slots it needs, and ends
// when the corporation places a token on the hex (Reservations lists them).
//
// Connectivity (Graph) traces from the cities holding the corporation's
// tokens; a city with all slots taken by other corporations blocks
// tracing (but is still reached), unless one of its tokens belongs to a
// corporation marked with SetNonBlocking; off-boards always block.
//
// # Performance
//
// Graph and Distances results are memoised per corporation and dropped
// only when a change can affect them (a tile or token change on a hex the
// search read, the corporation's own tokens, non-blocking marks); they are
// immutable and shared with clones. Clones share token slot lists, which
// are copied on write. MemoByTiles memoises other values that depend only
// on the tiles of some hexes (route uses it for chain matching); it is
// shared by a board and its clones. Parsed tile definitions are shared by
// all boards. A Board is not safe for concurrent use (memoisation writes to
// it even on reads), but clones may be used concurrently.
package board
