package server

import (
	"context"
	"fmt"
	"slices"

	"tresham/store"
)

// myTurnScan bounds the viewer's active games one GET
// /api/games?filter=myturn request looks at (each may have to be loaded
// to know who is to act); next_cursor carries on after the last one seen.
const myTurnScan = 100

// yourTurn reports whether user holds a seat whose player is to act now
// in the active game e (e.mu held).
func yourTurn(e *entry, user int64) bool {
	if e.g == nil || e.h.Status != store.StatusActive || e.g.IsFinished() {
		return false
	}
	seats := seatsOf(e.h, user)
	for pid := range actingPlayers(e.g) {
		if slices.Contains(seats, pid) {
			return true
		}
	}
	return false
}

// lobbyTurns marks, in a lobby page, the active games in which it is the
// viewer's turn (summaryJSON.YourTurn).
func (s *Server) lobbyTurns(ctx context.Context, viewer int64, page []summaryJSON) {
	if viewer == 0 {
		return
	}
	for i := range page {
		g := &page[i]
		if g.Status != store.StatusActive || !(slices.ContainsFunc(g.Seats, func(st store.Seat) bool { return st.UserID == viewer }) || (g.Hotseat && g.Owner == viewer)) {
			continue
		}
		e, err := s.game(ctx, g.ID)
		if err != nil {
			continue // the listing stands without it
		}
		g.YourTurn = yourTurn(e, viewer)
		e.mu.Unlock()
	}
}

// myTurnPage lists the viewer's active games in which it is their turn,
// newest first (f: the viewer's active games), up to f.Limit of them from
// at most myTurnScan games looked at; the cursor goes on from the last
// game looked at ("" when none are left).
func (s *Server) myTurnPage(ctx context.Context, f store.Filter) ([]summaryJSON, string, error) {
	want := f.Limit
	out := []summaryJSON{}
	seen := 0
	for seen < myTurnScan {
		f.Limit = min(myTurnScan-seen, 50)
		games, err := s.st.ListGames(ctx, f)
		if err != nil {
			return nil, "", fmt.Errorf("list games: %w", err)
		}
		for _, h := range games {
			seen++
			one := []summaryJSON{summary(h)}
			s.lobbyTurns(ctx, f.Viewer, one)
			if one[0].YourTurn {
				out = append(out, one[0])
			}
			cur := store.CursorOf(h)
			f.Before = &cur
			if len(out) == want {
				return out, encodeCursor(cur), nil
			}
		}
		if len(games) < f.Limit {
			return out, "", nil // no more games
		}
	}
	return out, encodeCursor(*f.Before), nil
}
