package server

import (
	"net/http"

	"tresham/play"
)

// mismatchReport is the body of POST /api/games/{id}/mismatch: the page's
// own engine (the WebAssembly module) disagreed with the server's state
// hash after an action.
type mismatchReport struct {
	Actions    int    `json:"actions"`
	Hash       string `json:"hash"`        // the page's
	ServerHash string `json:"server_hash"` // the server's, as the page got it
	Module     string `json:"module"`      // the module's file name
}

// reportMismatch logs a state-hash mismatch reported by a page and counts
// it; the page then reloads from the server, which stays the authority.
func (s *Server) reportMismatch(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var req mismatchReport
	if err := decodeBody(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if len(req.Hash) > 64 || len(req.ServerHash) > 64 || len(req.Module) > 100 || req.Actions < 0 {
		writeError(w, http.StatusBadRequest, "malformed report: hashes are at most 64 characters, the module name 100, actions not negative")
		return
	}
	now := s.cfg.Now()
	if err := s.budgets.mismatch.spend(clientKey(r.RemoteAddr), now); err != nil {
		s.fail(w, r, err)
		return
	}
	e, err := s.game(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	hashNow, stored := "", len(e.log)
	if req.Actions == stored && e.g != nil {
		hashNow, _ = play.HashState(e.g.State())
	}
	e.mu.Unlock()
	s.met.mismatches.Inc()
	// a bounded number of lines for all addresses together; the next line
	// logged counts the reports that were not
	if ok, unlogged := s.budgets.logMismatch(now); ok {
		s.log.Warn("client engine state mismatch", "game", id, "actions", req.Actions, "client_hash", req.Hash,
			"server_hash_seen", req.ServerHash, "server_hash_now", hashNow, "stored_actions", stored, "module", req.Module,
			"reports_not_logged_before", unlogged)
	}
	writeJSON(w, http.StatusOK, map[string]bool{"logged": true})
}
