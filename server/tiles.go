package server

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"tresham/compat/g18xx"
	"tresham/play"
)

// tileManifest is the answer of GET /api/games/{id}/tiles.
type tileManifest struct {
	// Tiles is Config.TileManifest's list (every supply tile with its
	// counts, the hexes it is laid on, its upgrades and drawing).
	Tiles any `json:"tiles"`
	// Lays are, for each acting entity that may lay track now, the hexes
	// each tile may go on: exactly the engine's legal lay_tile choices.
	Lays map[string]map[string][]string `json:"lays"`
}

// tiles answers the tile manifest of a game now or at ?action=N.
func (s *Server) tiles(w http.ResponseWriter, r *http.Request) {
	if s.cfg.TileManifest == nil {
		writeError(w, http.StatusNotFound, "this server has no tile manifest")
		return
	}
	s.withGameAt(w, r, func(e *entry, g titleGame) (any, error) {
		list, err := s.cfg.TileManifest(g)
		if err != nil {
			return nil, fmt.Errorf("tile manifest of game %d: %w", e.id, err)
		}
		return tileManifest{Tiles: list, Lays: legalLays(g)}, nil
	})
}

// legalLays groups the legal lay_tile choices of the acting entities by
// entity and tile name ("57-1" → "57"), each with its sorted hexes.
func legalLays(g titleGame) map[string]map[string][]string {
	out := map[string]map[string][]string{}
	for ent, choices := range play.LegalFor(g, nil) {
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
