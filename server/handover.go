package server

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"tresham/compat/g18xx"
	"tresham/replay"
	"tresham/store"
)

// Abandoned seats. A table with a silence limit (asynchronous games only)
// lets the other players hand the seat of a player who is to move and has
// been silent longer than the limit to a bot or to a substitute who joins
// by a link. Every other human player must agree; a vote is a chat message
// carrying the extra key "handover" ("<seat index>:bot" or
// "<seat index>:substitute"; "<seat index>:" withdraws), so it is durable,
// shared by every instance and shown as chat by 18xx.games; votes count
// from the silent player's last action on. The agreed hand-over is said in
// the game's log (a chat line); no game action is added, so the export
// stays an ordinary 18xx.games game.
const (
	handoverKey     = "handover"
	handoverBot     = "bot"
	handoverSub     = "substitute"
	handoverBotKind = "heuristic"
	handoverNobody  = ""
)

// silentSince is when the player of seat i last acted or, if later, when
// the position they must answer arose (the last move that was not chat).
// Unix seconds. acts is the stored log (the cache keeps no times); e.mu is
// held.
func silentSince(e *entry, acts []g18xx.Action, i int) int64 {
	u := e.h.Seats[i].UserID
	since := e.h.CreatedAt.Unix()
	for j, a := range acts {
		if a.Type != g18xx.TypeMessage || (u != 0 && e.userOf(j) == u) {
			since = max(since, a.CreatedAt)
		}
	}
	return since
}

// isActing reports whether seat i's player must move now. e.mu is held.
func isActing(e *entry, i int) bool {
	pid := e.h.Seats[i].PlayerID
	for _, ent := range e.g.Acting() {
		if replay.Controller(e.g, ent) == pid {
			return true
		}
	}
	return false
}

// handoverVotes returns each user's latest vote on seat i since its
// player's last action ("" none or withdrawn). acts is the stored log;
// e.mu is held.
func handoverVotes(e *entry, acts []g18xx.Action, i int) map[int64]string {
	u := e.h.Seats[i].UserID
	votes := map[int64]string{}
	for j := len(acts) - 1; j >= 0; j-- {
		a := acts[j]
		user := e.userOf(j)
		if u != 0 && user == u {
			break
		}
		raw, ok := a.Extra[handoverKey]
		if !ok || a.Type != g18xx.TypeMessage {
			continue
		}
		var v string
		if json.Unmarshal(raw, &v) != nil {
			continue
		}
		seat, to, _ := strings.Cut(v, ":")
		if n, err := strconv.Atoi(seat); err != nil || n != i {
			continue
		}
		if _, seen := votes[user]; !seen {
			votes[user] = to
		}
	}
	return votes
}

// handoverRequest is the body of POST /api/games/{id}/handover.
type handoverRequest struct {
	Seat *int   `json:"seat"`
	To   string `json:"to"` // "bot", "substitute", or "" to withdraw
}

// handoverJSON answers a hand-over vote.
type handoverJSON struct {
	Seat    int      `json:"seat"`
	To      string   `json:"to"`
	Agreed  []string `json:"agreed"`  // players agreeing on To
	Waiting []string `json:"waiting"` // players who have not
	Done    bool     `json:"done"`    // the seat was handed over
	// Link is the substitute's token, shown once, to the player whose
	// vote completed the agreement.
	Link string `json:"substitute_token,omitempty"`
}

// handover records the caller's vote on handing a silent seat over, and
// hands it over once every other human player agrees.
func (s *Server) handover(w http.ResponseWriter, r *http.Request) {
	var req handoverRequest
	u, _, e, err := s.gameRequest(r, &req, false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.handoverLocked(r.Context(), e, u, req)
	e.mu.Unlock()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handoverLocked(ctx context.Context, e *entry, u store.User, req handoverRequest) (handoverJSON, error) {
	h := e.h
	mine := seatsOf(h, u.ID)
	switch {
	case len(mine) == 0:
		return handoverJSON{}, errorf(http.StatusForbidden, "you hold no seat in game %d", e.id)
	case h.Status != store.StatusActive:
		return handoverJSON{}, errorf(http.StatusConflict, "game %d is not being played", e.id)
	case h.Hotseat || h.SilenceLimit <= 0:
		return handoverJSON{}, errorf(http.StatusConflict, "game %d has no silence limit: its seats cannot be handed over", e.id)
	case req.Seat == nil:
		return handoverJSON{}, errorf(http.StatusBadRequest, "seat is missing")
	case *req.Seat < 0 || *req.Seat >= len(h.Seats):
		return handoverJSON{}, errorf(http.StatusBadRequest, "seat %d is not a seat index from 0 to %d", *req.Seat, len(h.Seats)-1)
	case req.To != handoverBot && req.To != handoverSub && req.To != handoverNobody:
		return handoverJSON{}, errorf(http.StatusBadRequest, "to %q is not bot, substitute or \"\" (withdraw)", truncate(req.To, 20))
	}
	i := *req.Seat
	st := h.Seats[i]
	switch {
	case st.Bot != "" || st.UserID == 0:
		return handoverJSON{}, errorf(http.StatusConflict, "seat %d has no player to replace", i)
	case st.UserID == u.ID:
		return handoverJSON{}, errorf(http.StatusConflict, "seat %d is your own", i)
	}
	acts, err := s.storedLog(ctx, e, len(e.log))
	if err != nil {
		return handoverJSON{}, err
	}
	silent := time.Duration(s.cfg.Now().Unix()-silentSince(e, acts, i)) * time.Second
	switch {
	case req.To == handoverNobody:
	case !isActing(e, i):
		return handoverJSON{}, errorf(http.StatusConflict, "%s is not keeping the game waiting: it is not their move", st.Name)
	case silent < h.SilenceLimit:
		return handoverJSON{}, errorf(http.StatusConflict, "%s has kept the game waiting for %s; their seat can be handed over after %s (the table's limit)",
			st.Name, plainDuration(silent), plainDuration(h.SilenceLimit))
	}
	what := map[string]string{handoverBot: "a bot", handoverSub: "a substitute", handoverNobody: "no one"}[req.To]
	text := fmt.Sprintf("I agree to hand seat %d (%s), silent for %s, to %s.", i+1, st.Name, plainDuration(silent), what)
	if req.To == handoverNobody {
		text = fmt.Sprintf("I withdraw my agreement to hand seat %d (%s) over.", i+1, st.Name)
	}
	// a vote is a chat line: it counts against the chat limit
	if err := s.chatAllowed(u, "hand-over vote"); err != nil {
		return handoverJSON{}, err
	}
	vote, _ := json.Marshal(fmt.Sprintf("%d:%s", i, req.To))
	msg := g18xx.Action{Type: g18xx.TypeMessage, Entity: g18xx.PlayerEntity(mine[0]), EntityType: g18xx.EntityPlayer,
		Message: text, Extra: map[string]json.RawMessage{handoverKey: vote}}
	if err := s.commit(ctx, e, msg, u.ID, "player", nil); err != nil {
		return handoverJSON{}, err
	}
	if acts, err = s.storedLog(ctx, e, len(e.log)); err != nil {
		return handoverJSON{}, err
	}
	votes := handoverVotes(e, acts, i)
	out := handoverJSON{Seat: i, To: req.To, Agreed: []string{}, Waiting: []string{}}
	for _, hu := range humanUsers(e.h) {
		if hu == st.UserID {
			continue
		}
		if votes[hu] == req.To {
			out.Agreed = append(out.Agreed, userSeatName(e.h, hu))
		} else {
			out.Waiting = append(out.Waiting, userSeatName(e.h, hu))
		}
	}
	if req.To == handoverNobody || len(out.Waiting) > 0 {
		return out, nil
	}
	// every other player agrees: hand the seat over
	nh := e.h
	nh.Seats = slices.Clone(nh.Seats)
	ns := store.Seat{PlayerID: st.PlayerID, Name: st.Name}
	line := fmt.Sprintf("Seat %d (%s) was silent for more than %s: by agreement it is now played by a bot.", i+1, st.Name, plainDuration(h.SilenceLimit))
	if req.To == handoverBot {
		ns.Bot = handoverBotKind
	} else {
		raw := make([]byte, 32)
		if _, err := rand.Read(raw); err != nil {
			return handoverJSON{}, fmt.Errorf("substitute token: %w", err)
		}
		out.Link = base64.RawURLEncoding.EncodeToString(raw)
		ns.Substitute = inviteHash(out.Link)
		line = fmt.Sprintf("Seat %d (%s) was silent for more than %s: by agreement it waits for a substitute, invited by link.", i+1, st.Name, plainDuration(h.SilenceLimit))
	}
	nh.Seats[i] = ns
	if err := s.st.UpdateGame(ctx, nh, e.h); err != nil {
		return handoverJSON{}, headerError(fmt.Errorf("hand seat %d of game %d over: %w", i, e.id, err))
	}
	e.h = nh
	s.publishUpdate(nh)
	note := g18xx.Action{Type: g18xx.TypeMessage, Entity: g18xx.PlayerEntity(mine[0]), EntityType: g18xx.EntityPlayer, Message: line}
	if err := s.commit(ctx, e, note, u.ID, "player", nil); err != nil {
		return handoverJSON{}, err
	}
	s.log.Info("seat handed over", "game", e.id, "seat", i, "to", req.To, "from_user", st.UserID)
	out.Done = true
	if req.To == handoverBot && s.botActing(e) {
		s.kickBots(e.id)
	}
	return out, nil
}

// substitute seats the caller in a running game's seat waiting for a
// substitute, given that seat's token.
func (s *Server) substitute(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Seat  *int   `json:"seat"`
		Token string `json:"token"`
	}
	u, id, e, err := s.gameRequest(r, &req, false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer e.mu.Unlock()
	h := e.h
	// a wrong token, seat or game reveals nothing: all answer as no game
	ok := req.Seat != nil && *req.Seat >= 0 && *req.Seat < len(h.Seats) && h.Seats[*req.Seat].Substitute != "" &&
		inviteOK(store.Game{InviteHash: h.Seats[*req.Seat].Substitute}, req.Token)
	if !ok || h.Status != store.StatusActive {
		s.fail(w, r, noGame(id))
		return
	}
	if len(seatsOf(h, u.ID)) > 0 {
		s.fail(w, r, errorf(http.StatusConflict, "you already hold a seat in game %d", id))
		return
	}
	i := *req.Seat
	h.Seats = slices.Clone(h.Seats)
	old := h.Seats[i].Name
	h.Seats[i] = store.Seat{PlayerID: h.Seats[i].PlayerID, Name: u.Name, UserID: u.ID}
	if err := s.st.UpdateGame(r.Context(), h, e.h); err != nil {
		s.fail(w, r, headerError(fmt.Errorf("substitute in game %d: %w", id, err)))
		return
	}
	e.h = h
	s.publishUpdate(h)
	note := g18xx.Action{Type: g18xx.TypeMessage, Entity: g18xx.PlayerEntity(h.Seats[i].PlayerID), EntityType: g18xx.EntityPlayer,
		Message: fmt.Sprintf("%s takes over seat %d from %s.", u.Name, i+1, old)}
	if err := s.commit(r.Context(), e, note, u.ID, "player", nil); err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("substitute seated", "game", id, "seat", i, "user", u.ID)
	writeJSON(w, http.StatusOK, summary(h))
}

// plainDuration says d in days, hours and minutes ("1 day", "2 days 3 h",
// "5 h 20 min", "0 min").
func plainDuration(d time.Duration) string {
	m := int64(d / time.Minute)
	days, hours, mins := m/(24*60), m/60%24, m%60
	unit := "days"
	if days == 1 {
		unit = "day"
	}
	switch {
	case days > 0 && hours > 0:
		return fmt.Sprintf("%d %s %d h", days, unit, hours)
	case days > 0:
		return fmt.Sprintf("%d %s", days, unit)
	case hours > 0 && mins > 0:
		return fmt.Sprintf("%d h %d min", hours, mins)
	case hours > 0:
		return fmt.Sprintf("%d h", hours)
	}
	return fmt.Sprintf("%d min", mins)
}
