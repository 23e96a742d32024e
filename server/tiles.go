package server

import (
	"fmt"
	"net/http"

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
		return tileManifest{Tiles: list, Lays: play.TileLays(g)}, nil
	})
}
