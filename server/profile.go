package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"time"

	"tresham/store"
)

// nameGrace is how long a deleted account's name stays reserved (so no
// one can pose as a player who just left).
const nameGrace = 30 * 24 * time.Hour

// maxStatsGames bounds the finished games a profile's results count.
const maxStatsGames = 10000

// titleResult is one title's line of a profile's results.
type titleResult struct {
	Title    string `json:"title"`
	Finished int    `json:"finished"` // finished games the player sat in
	Won      int    `json:"won"`      // of those, games where the player had the top value (ties count)
	Best     int    `json:"best"`     // the player's best final value
}

// profileJSON is GET /api/players/{name}.
type profileJSON struct {
	Name      string        `json:"name"`
	Since     time.Time     `json:"since"`
	Results   []titleResult `json:"results"`
	Playing   int           `json:"playing"` // active games
	TimeSpent int64         `json:"time_spent_seconds"`
	Games     []summaryJSON `json:"games"`
	Next      string        `json:"next_cursor"`
}

// profile answers a player's page: their results by title, the time
// their finished games took, and one page of their games (newest first;
// ?cursor= pages, ?limit= sizes, as in the lobby). Deleted accounts have
// no page.
func (s *Server) profile(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if err := checkChars(name, MaxNameLength); err != nil {
		s.fail(w, r, errorf(http.StatusBadRequest, "%v", err))
		return
	}
	p, err := s.findLogin(r.Context(), name)
	if errors.Is(err, store.ErrNotFound) {
		s.fail(w, r, errorf(http.StatusNotFound, "no player %q", truncate(name, 40)))
		return
	}
	if err != nil {
		s.fail(w, r, fmt.Errorf("profile: %w", err))
		return
	}
	q := r.URL.Query()
	for k := range q {
		if k != "cursor" && k != "limit" {
			s.fail(w, r, errorf(http.StatusBadRequest, "unknown parameter %q (want cursor, limit)", truncate(k, 40)))
			return
		}
	}
	f, _, err := s.lobbyFilter(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	f.Player = p.ID
	page, next, err := s.lobbyPage(r.Context(), f, true)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := profileJSON{Name: p.Name, Since: p.CreatedAt, Games: page, Next: next}
	// the counts, like the page, leave out the invite-only games the
	// viewer does not take part in
	if out.Results, out.TimeSpent, err = s.playerStats(r.Context(), p.ID, f.Viewer); err != nil {
		s.fail(w, r, err)
		return
	}
	active, err := s.st.ListGames(r.Context(), store.Filter{Player: p.ID, Status: store.StatusActive, Limit: maxStatsGames, Listed: true, Viewer: f.Viewer})
	if err != nil {
		s.fail(w, r, fmt.Errorf("profile: %w", err))
		return
	}
	out.Playing = len(active)
	writeJSON(w, http.StatusOK, out)
}

// playerStats counts a player's finished games by title and sums the
// time they took (creation to last move): the games viewer may see
// (invite-only ones only when viewer takes part).
func (s *Server) playerStats(ctx context.Context, userID, viewer int64) ([]titleResult, int64, error) {
	byTitle := map[string]*titleResult{}
	var spent time.Duration
	f := store.Filter{Player: userID, Status: store.StatusFinished, Limit: 500, Listed: true, Viewer: viewer}
	for seen := 0; seen < maxStatsGames; {
		games, err := s.st.ListGames(ctx, f)
		if err != nil {
			return nil, 0, fmt.Errorf("player %d results: %w", userID, err)
		}
		for _, g := range games {
			tr := byTitle[g.Title]
			if tr == nil {
				tr = &titleResult{Title: g.Title}
				byTitle[g.Title] = tr
			}
			tr.Finished++
			spent += g.UpdatedAt.Sub(g.CreatedAt)
			i := slices.IndexFunc(g.Seats, func(st store.Seat) bool { return st.UserID == userID })
			if i < 0 || g.Result == nil {
				continue
			}
			mine, top := g.Result[strconv.Itoa(g.Seats[i].PlayerID)], 0
			for _, v := range g.Result {
				top = max(top, v)
			}
			if mine == top {
				tr.Won++
			}
			tr.Best = max(tr.Best, mine)
		}
		seen += len(games)
		if len(games) < f.Limit {
			break
		}
		c := store.CursorOf(games[len(games)-1])
		f.Before = &c
	}
	out := []titleResult{}
	for _, tr := range byTitle {
		out = append(out, *tr)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Title < out[j].Title })
	return out, int64(spent / time.Second), nil
}

// changePassword answers PUT /api/me/password: the old password is
// required; every other session of the account ends.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustUser(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var req struct {
		Old string `json:"old"`
		New string `json:"new"`
	}
	if err := decodeBody(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := checkNewPassword(req.New, u.NameKey); err != nil {
		s.fail(w, r, err)
		return
	}
	if !s.checkOwnPassword(w, r, u, req.Old) {
		return
	}
	var hash string
	if !s.hash(w, r, func() { hash, err = hashPassword(req.New, s.cfg.Argon2) }) {
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, _ := r.Cookie(cookieName)
	err = s.st.SetPassword(r.Context(), u.ID, hash, tokenHash(c.Value))
	s.sessions.forgetUser(u.ID)
	if err != nil {
		s.fail(w, r, fmt.Errorf("change password: %w", err))
		return
	}
	s.log.Info("password changed; other sessions ended", "user", u.ID)
	w.WriteHeader(http.StatusNoContent)
}

// checkOwnPassword checks a signed-in user's password (answering 401 on
// a wrong one, counted by the login throttle of the account).
func (s *Server) checkOwnPassword(w http.ResponseWriter, r *http.Request, u store.User, password string) bool {
	acct := loginKey(u.Name)
	if d := s.acctThrottle.try(acct, s.cfg.Now()); d > 0 {
		tooMany(w, d, "for this name")
		return false
	}
	var ok bool
	var err error
	if !s.hash(w, r, func() { ok, err = checkPassword(password, u.PasswordHash) }) {
		s.acctThrottle.forgive(acct)
		return false
	}
	if err != nil {
		s.acctThrottle.forgive(acct)
		s.fail(w, r, fmt.Errorf("check password of user %d: %w", u.ID, err))
		return false
	}
	if !ok {
		writeError(w, http.StatusUnauthorized, "the current password is wrong")
		return false
	}
	s.acctThrottle.succeed(acct)
	return true
}

// deleteAccount answers DELETE /api/me: with the password, the account is
// deleted. Its finished and running games keep their seat, shown as a
// deleted player; its seats in unstarted games are freed. The name stays
// reserved for nameGrace.
func (s *Server) deleteAccount(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustUser(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var req struct {
		Password string `json:"password"`
	}
	if err := decodeBody(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if !s.checkOwnPassword(w, r, u, req.Password) {
		return
	}
	err = s.st.DeleteUser(r.Context(), u.ID, s.cfg.Now())
	s.sessions.forgetUser(u.ID)
	if err != nil {
		s.fail(w, r, fmt.Errorf("delete account: %w", err))
		return
	}
	if err := s.releaseSeats(r.Context(), u.ID); err != nil {
		s.log.Error("account deleted; some seats keep the old name", "user", u.ID, "err", err)
	}
	s.log.Info("account deleted", "user", u.ID)
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookies})
	w.WriteHeader(http.StatusNoContent)
}

// releaseSeats rewrites the seats of a deleted user in every game: freed
// in unstarted games of others, else kept (results stay whole) under the
// name "Deleted player N".
func (s *Server) releaseSeats(ctx context.Context, userID int64) error {
	f := store.Filter{UserID: userID, Limit: 500}
	var errs []error
	for {
		games, err := s.st.ListGames(ctx, f)
		if err != nil {
			return err
		}
		for _, g := range games {
			errs = append(errs, s.releaseSeat(ctx, g.ID, userID))
		}
		if len(games) < f.Limit {
			return errors.Join(errs...)
		}
		c := store.CursorOf(games[len(games)-1])
		f.Before = &c
	}
}

func (s *Server) releaseSeat(ctx context.Context, id, userID int64) error {
	for try := 0; try < 3; try++ {
		e, err := s.game(ctx, id)
		if err != nil {
			return err
		}
		h := e.h
		h.Seats = slices.Clone(h.Seats)
		changed := false
		for i, st := range h.Seats {
			if st.UserID != userID {
				continue
			}
			changed = true
			if h.Status == store.StatusNew && h.OwnerID != userID {
				h.Seats[i] = store.Seat{PlayerID: st.PlayerID, Name: fmt.Sprintf("Player %d", i+1)}
			} else {
				h.Seats[i].Name = fmt.Sprintf("Deleted player %d", i+1)
			}
		}
		if !changed {
			e.mu.Unlock()
			return nil
		}
		err = s.st.UpdateGame(ctx, h, e.h)
		if err == nil {
			e.h = h
			s.publishUpdate(h)
		}
		e.mu.Unlock()
		if !errors.Is(err, store.ErrConflict) {
			return err
		}
	}
	return fmt.Errorf("game %d kept changing", id)
}
