package play

import (
	"slices"
	"strings"

	"tresham/compat/g18xx"
	"tresham/replay"
)

// TileLays groups the legal lay_tile choices of g's acting entities by
// entity and tile name ("57-1" → "57"), each with its sorted hexes: the
// hexes the tile manifest marks, exactly the engine's legal lays (the
// server's GET /api/games/{id}/tiles and the in-browser engine answer it).
func TileLays(g replay.Game) map[string]map[string][]string {
	out := map[string]map[string][]string{}
	for ent, choices := range LegalFor(g, nil) {
		for _, c := range choices {
			if c.Action.Type != g18xx.TypeLayTile {
				continue
			}
			name := c.Action.Tile
			if k := strings.LastIndexByte(name, '-'); k > 0 {
				name = name[:k]
			}
			if out[ent] == nil {
				out[ent] = map[string][]string{}
			}
			out[ent][name] = append(out[ent][name], c.Action.Hex)
		}
	}
	for _, byTile := range out {
		for name, hexes := range byTile {
			slices.Sort(hexes)
			byTile[name] = slices.Compact(hexes)
		}
	}
	return out
}
