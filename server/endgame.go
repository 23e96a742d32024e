package server

import (
	"context"
	"net/http"
	"slices"

	"tresham/compat/g18xx"
	"tresham/store"
)

// End votes. One player may not end an online game for everyone: ending
// early needs every human player's agreement at the same position. A vote
// is stored as a chat message carrying end_vote ("agree" or "withdraw"), so
// it is durable, shared by every instance, shown as chat by 18xx.games, and
// never undone. A move clears the votes: agreement holds for the position
// it was given in. When every human has agreed, the server appends the
// end_game action itself. In a hotseat game, or one where the caller is the
// only human, the caller's vote alone ends it.
const (
	voteAgree    = "agree"
	voteWithdraw = "withdraw"
)

// endVotes returns the users who agree to end the game now: the latest
// vote of each user since the last move (e.mu held).
func endVotes(e *entry) map[int64]bool {
	latest := map[int64]bool{}
	for i := len(e.log) - 1; i >= 0 && e.log[i].kind == recMessage; i-- {
		user, vote := e.userOf(i), e.voteOf(i)
		if _, seen := latest[user]; seen || vote == "" {
			continue
		}
		latest[user] = vote == voteAgree
	}
	for u, agree := range latest {
		if !agree {
			delete(latest, u)
		}
	}
	return latest
}

// humanUsers lists the users who play the human seats of a game.
func humanUsers(h store.Game) []int64 {
	var out []int64
	for _, st := range h.Seats {
		u := st.UserID
		if st.Bot != "" {
			continue
		}
		if h.Hotseat {
			u = h.OwnerID
		}
		if u != 0 && !slices.Contains(out, u) {
			out = append(out, u)
		}
	}
	return out
}

// endProposal is the view's summary of the votes to end the game.
type endProposal struct {
	Agreed  []string `json:"agreed"`  // names of the players who agree
	Waiting []string `json:"waiting"` // names of those who have not agreed
}

func proposalOf(e *entry) *endProposal {
	votes := endVotes(e)
	if len(votes) == 0 {
		return nil
	}
	p := &endProposal{Agreed: []string{}, Waiting: []string{}}
	for _, u := range humanUsers(e.h) {
		name := userSeatName(e.h, u)
		if votes[u] {
			p.Agreed = append(p.Agreed, name)
		} else {
			p.Waiting = append(p.Waiting, name)
		}
	}
	return p
}

// userSeatName names a user by the first seat they hold.
func userSeatName(h store.Game, u int64) string {
	for _, st := range h.Seats {
		if st.Bot == "" && (st.UserID == u || (h.Hotseat && u == h.OwnerID)) {
			return st.Name
		}
	}
	return "a player"
}

// endGame records the caller's vote (POST /api/games/{id}/end) and ends the
// game once every human agrees.
func (s *Server) endGame(w http.ResponseWriter, r *http.Request) {
	u, e, req, err := s.prepare(r, false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	b, err := s.endGameLocked(r.Context(), e, u, req.Agree)
	e.mu.Unlock()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeRaw(w, http.StatusOK, b)
}

func (s *Server) endGameLocked(ctx context.Context, e *entry, u store.User, agree bool) ([]byte, error) {
	if e.h.Status != store.StatusActive {
		return nil, errorf(http.StatusUnprocessableEntity, "game %d is not being played", e.id)
	}
	// a vote is a chat line: it counts against the chat limit
	if err := s.chatAllowed(u, "end vote"); err != nil {
		return nil, err
	}
	seat := seatsOf(e.h, u.ID)[0]
	vote, text := voteWithdraw, "I withdraw my agreement to end the game now."
	if agree {
		vote, text = voteAgree, "I agree to end the game now, scored as it stands."
	}
	msg := g18xx.Action{Type: g18xx.TypeMessage, Entity: g18xx.PlayerEntity(seat), EntityType: g18xx.EntityPlayer, Message: text, EndVote: vote}
	if err := s.commit(ctx, e, msg, u.ID, "player", nil); err != nil {
		return nil, err
	}
	votes := endVotes(e)
	all := true
	for _, h := range humanUsers(e.h) {
		all = all && votes[h]
	}
	if agree && all {
		end := g18xx.Action{Type: "end_game", Entity: g18xx.PlayerEntity(seat), EntityType: g18xx.EntityPlayer}
		if err := s.commit(ctx, e, end, u.ID, "player", nil); err != nil {
			return nil, err
		}
	}
	return s.viewBytes(e, u.ID, nil, false)
}
