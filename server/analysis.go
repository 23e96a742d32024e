package server

import (
	"fmt"
	"net/http"

	"tresham/analysis"
)

// analyseGame answers the game's spreadsheet (analysis.Report; ?format=csv:
// its tables as CSV): players by
// round, every operation with the best run at its position, revenue left
// on the table. The export is taken under the game's lock; the replay and
// the solves run without it, so moves are not held up.
func (s *Server) analyseGame(w http.ResponseWriter, r *http.Request) {
	id, src, err := s.exportRequest(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rep, err := analysis.Analyse(src)
	if err != nil {
		s.fail(w, r, errorf(http.StatusUnprocessableEntity, "analysis of game %d: %v", id, err))
		return
	}
	if r.URL.Query().Get("format") == "csv" {
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="tresham-%d.csv"`, id))
		if err := analysis.WriteCSV(w, rep.Tables()); err != nil {
			s.log.Warn("write analysis CSV", "game", id, "err", err)
		}
		return
	}
	writeJSON(w, http.StatusOK, rep)
}
