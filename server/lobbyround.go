package server

import (
	"context"
	"fmt"

	"tresham/replay"
	"tresham/store"
)

// gameRound names the round game g is in as players do ("SR 3", "OR 4.2",
// the round's own name otherwise, e.g. "Auction") and its phase's name.
func gameRound(g titleGame) (round, phase string) {
	eg := replay.Engine(g)
	if eg == nil {
		return "", ""
	}
	switch eg.RoundKind {
	case "Stock":
		round = fmt.Sprintf("SR %d", eg.Turn)
	case "Operating":
		round = fmt.Sprintf("OR %d.%d", eg.Turn, eg.RoundNum)
	default:
		round = eg.RoundKind
	}
	return round, eg.Phase().Name
}

// lobbyRounds fills in the round and phase of the active games of a lobby
// page: every game the viewer plays (loaded for lobbyTurns in any case)
// and any other game the server holds in its cache; a game that would have
// to be loaded from the store only for this is listed without them.
func (s *Server) lobbyRounds(ctx context.Context, viewer int64, page []summaryJSON) {
	for i := range page {
		g := &page[i]
		if g.Status != store.StatusActive {
			continue
		}
		mine := viewer != 0 && (g.Hotseat && g.Owner == viewer || seatOfUser(g.Seats, viewer))
		if !mine && !s.cached(g.ID) {
			continue
		}
		e, err := s.game(ctx, g.ID)
		if err != nil {
			continue // the listing stands without it
		}
		if e.g != nil && !e.g.IsFinished() {
			g.Round, g.Phase = gameRound(e.g)
		}
		e.mu.Unlock()
	}
}

// seatOfUser reports whether user holds one of seats.
func seatOfUser(seats []store.Seat, user int64) bool {
	for _, st := range seats {
		if st.UserID == user {
			return true
		}
	}
	return false
}

// cached reports whether game id's state is in the server's cache now
// (an entry holding a built game has been accounted a size).
func (s *Server) cached(id int64) bool {
	s.cacheMu.RLock()
	defer s.cacheMu.RUnlock()
	e := s.cache[id]
	return e != nil && e.size > 0
}
