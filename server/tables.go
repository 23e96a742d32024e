package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"tresham/store"
	"tresham/titles"
	"tresham/titles/title"
)

// Lobby and table limits.
const (
	lobbyPage      = 50  // games per lobby page unless limit says otherwise
	maxLobbyPage   = 100 // the largest limit accepted
	maxSearch      = 100 // characters of a lobby search
	maxTableName   = 80  // characters of a table's name
	maxDescription = 500 // characters of a table's description
	maxSilenceDays = 60  // the longest silence limit, in days
)

// tableRequest is the table part of POST /api/games.
type tableRequest struct {
	Name          string `json:"name"`
	Description   string `json:"description"`
	MinPlayers    int    `json:"min_players"`
	Live          bool   `json:"live"`
	InviteOnly    bool   `json:"invite_only"`
	SilenceHours  int    `json:"silence_hours"`
	StartWhenFull bool   `json:"start_when_full"`
	// Hints offers the coach's hints to every player of an online game.
	Hints bool `json:"hints"`
}

// checkText refuses text that is too long, not UTF-8 or holds control
// characters (line breaks are allowed where multiline is set).
func checkText(what, s string, maxLen int, multiline bool) error {
	if !utf8.ValidString(s) {
		return errorf(http.StatusBadRequest, "%s is not valid UTF-8", what)
	}
	if n := utf8.RuneCountInString(s); n > maxLen {
		return errorf(http.StatusBadRequest, "%s has %d characters: at most %d", what, n, maxLen)
	}
	for i, r := range []rune(s) {
		if multiline && r == '\n' {
			continue
		}
		if bad := forbiddenRune(r, -1); bad != "" && bad != "the unusual space" {
			return errorf(http.StatusBadRequest, "%s contains %s U+%s at character %d", what, bad, hexCode(r), i+1)
		}
	}
	return nil
}

// applyTable validates the table settings of a create request and sets
// them on the new game h. For an invite-only game it returns the invite
// token (only its hash is stored: it is shown once, to the host).
func applyTable(h *store.Game, req tableRequest) (invite string, err error) {
	name := strings.TrimSpace(req.Name)
	if err := checkText("name", name, maxTableName, false); err != nil {
		return "", err
	}
	desc := strings.TrimSpace(req.Description)
	if err := checkText("description", desc, maxDescription, true); err != nil {
		return "", err
	}
	seats := len(h.Seats)
	switch {
	case req.MinPlayers != 0 && (req.MinPlayers < 2 || req.MinPlayers > seats):
		return "", errorf(http.StatusBadRequest, "min_players is %d: it must be from 2 to the %d seats", req.MinPlayers, seats)
	case req.SilenceHours < 0 || req.SilenceHours > 24*maxSilenceDays:
		return "", errorf(http.StatusBadRequest, "silence_hours is %d: it must be from 0 (no limit) to %d", req.SilenceHours, 24*maxSilenceDays)
	case h.Hotseat && (req.InviteOnly || req.MinPlayers != 0 || req.SilenceHours != 0 || req.StartWhenFull):
		return "", errorf(http.StatusBadRequest, "a hotseat game has no seats to fill: invite_only, min_players, silence_hours and start_when_full are for online games")
	case req.Live && req.SilenceHours != 0:
		return "", errorf(http.StatusBadRequest, "silence_hours is for asynchronous games, not live ones")
	}
	h.Name, h.Description, h.MinPlayers, h.Live, h.AutoStart = name, desc, req.MinPlayers, req.Live, req.StartWhenFull
	h.SilenceLimit = time.Duration(req.SilenceHours) * time.Hour
	h.Hints = req.Hints
	if req.InviteOnly {
		raw := make([]byte, 32)
		if _, err := rand.Read(raw); err != nil {
			return "", fmt.Errorf("invite token: %w", err)
		}
		invite = base64.RawURLEncoding.EncodeToString(raw)
		h.InviteHash = inviteHash(invite)
	}
	return invite, nil
}

func inviteHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// inviteToken returns the pattern of the tokens applyTable makes.
var inviteToken = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`) })

// inviteOK reports whether token opens invite-only game h: the hashes are
// compared in constant time (a malformed token is compared too, against
// a hash it cannot match, so the time says nothing either way).
func inviteOK(h store.Game, token string) bool {
	if h.InviteHash == "" {
		return true
	}
	got := inviteHash(token)
	ok := subtle.ConstantTimeCompare([]byte(got), []byte(h.InviteHash)) == 1
	return ok && inviteToken().MatchString(token)
}

// takesPart reports whether user owns or holds a seat in h.
func takesPart(h store.Game, userID int64) bool {
	return userID != 0 && (h.OwnerID == userID || slices.ContainsFunc(h.Seats, func(st store.Seat) bool { return st.UserID == userID }))
}

// noGame is the answer for a game the caller may not see: the same as for
// a game that does not exist.
func noGame(id int64) error { return errorf(http.StatusNotFound, "no game %d", id) }

// visible wraps the handlers of /api/games/{id}/…: an invite-only game is
// seen only by the host, its seated players and whoever brings its
// invite token (?invite=); anyone else is answered as if it did not exist.
func (s *Server) visible(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := pathID(r)
		if err != nil {
			next(w, r)
			return
		}
		e, err := s.game(r.Context(), id)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		h := e.h
		e.mu.Unlock()
		if h.InviteHash != "" {
			u, _, err := s.user(r)
			if err != nil {
				s.fail(w, r, err)
				return
			}
			if !takesPart(h, u.ID) && !inviteOK(h, r.URL.Query().Get("invite")) {
				s.fail(w, r, noGame(id))
				return
			}
		}
		next(w, r)
	}
}

// encodeCursor and decodeCursor turn a listing position into the opaque
// cursor of GET /api/games and back.
func encodeCursor(c store.Cursor) string {
	return base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprintf("%d.%d", c.CreatedAt.UnixMicro(), c.ID)))
}

var cursorText = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\d{1,19})\.(\d{1,19})$`) })

func decodeCursor(s string) (store.Cursor, error) {
	bad := errorf(http.StatusBadRequest, "cursor %q is not one this server gave out (use next_cursor of the previous page)", truncate(s, 40))
	if len(s) > 64 {
		return store.Cursor{}, bad
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return store.Cursor{}, bad
	}
	m := cursorText().FindSubmatch(b)
	if m == nil {
		return store.Cursor{}, bad
	}
	us, err1 := strconv.ParseInt(string(m[1]), 10, 64)
	id, err2 := strconv.ParseInt(string(m[2]), 10, 64)
	if err1 != nil || err2 != nil || id <= 0 {
		return store.Cursor{}, bad
	}
	return store.Cursor{CreatedAt: time.UnixMicro(us).UTC(), ID: id}, nil
}

// truncate shortens s to at most n runes for an error message.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// lobbyParams are the query parameters GET /api/games accepts.
var lobbyParams = []string{"filter", "status", "title", "player", "q", "cursor", "limit"}

// lobbyFilter reads the query of GET /api/games into a store filter.
// Every value is checked; none is ever written into SQL. found is false
// when the player named does not exist (the page is empty).
func (s *Server) lobbyFilter(r *http.Request) (f store.Filter, found bool, err error) {
	q := r.URL.Query()
	for k, v := range q {
		if !slices.Contains(lobbyParams, k) {
			return f, false, errorf(http.StatusBadRequest, "unknown parameter %q (want %s)", truncate(k, 40), strings.Join(lobbyParams, ", "))
		}
		if len(v) > 1 {
			return f, false, errorf(http.StatusBadRequest, "parameter %q given %d times", k, len(v))
		}
	}
	u, signedIn, err := s.user(r)
	if err != nil {
		return f, false, err
	}
	f = store.Filter{Limit: lobbyPage, Listed: true, Viewer: u.ID}
	switch filter := q.Get("filter"); filter {
	case "", "all":
	case "mine":
		if !signedIn {
			return f, false, errorf(http.StatusUnauthorized, "not signed in")
		}
		f.UserID = u.ID
	case "myturn": // the viewer's active games where it is their turn (myturn.go)
		if !signedIn {
			return f, false, errorf(http.StatusUnauthorized, "not signed in")
		}
		f.UserID, f.Status = u.ID, store.StatusActive
	case "open":
		f.Status, f.OpenSeat = store.StatusNew, true
	case "active":
		f.Status = store.StatusActive
	case "finished":
		f.Status = store.StatusFinished
	default:
		return f, false, errorf(http.StatusBadRequest, "filter %q is not one of all, mine, myturn, open, active, finished", truncate(filter, 40))
	}
	if st := q.Get("status"); st != "" {
		if st != store.StatusNew && st != store.StatusActive && st != store.StatusFinished {
			return f, false, errorf(http.StatusBadRequest, "status %q is not one of new, active, finished", truncate(st, 40))
		}
		if f.Status != "" && f.Status != st {
			return f, false, errorf(http.StatusBadRequest, "status %q contradicts filter %q", st, q.Get("filter"))
		}
		f.Status = st
	}
	if t := q.Get("title"); t != "" {
		if _, ok := titles.Lookup(t); !ok {
			return f, false, errorf(http.StatusBadRequest, "title %q is not supported (want %s)", truncate(t, 40), titleNames())
		}
		f.Title = t
	}
	if text := q.Get("q"); text != "" {
		if err := checkText("search", text, maxSearch, false); err != nil {
			return f, false, err
		}
		switch n := len(store.SearchWords(text)); {
		case n == 0:
			return f, false, errorf(http.StatusBadRequest, "search %q has no word to look for (letters or digits)", truncate(text, 40))
		case n > store.MaxSearchWords:
			return f, false, errorf(http.StatusBadRequest, "search has %d words: at most %d", n, store.MaxSearchWords)
		}
		f.Search = text
	}
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > maxLobbyPage {
			return f, false, errorf(http.StatusBadRequest, "limit %q is not a number from 1 to %d", truncate(l, 40), maxLobbyPage)
		}
		f.Limit = n
	}
	if c := q.Get("cursor"); c != "" {
		cur, err := decodeCursor(c)
		if err != nil {
			return f, false, err
		}
		f.Before = &cur
	}
	if name := q.Get("player"); name != "" {
		if err := checkChars(name, MaxNameLength); err != nil {
			return f, false, errorf(http.StatusBadRequest, "player: %v", err)
		}
		p, err := s.findLogin(r.Context(), name)
		if errors.Is(err, store.ErrNotFound) {
			return f, false, nil
		}
		if err != nil {
			return f, false, fmt.Errorf("player %q: %w", name, err)
		}
		f.Player = p.ID
	}
	return f, true, nil
}

// listGames answers GET /api/games: one page of the lobby, newest first,
// and the cursor of the next page ("" on the last).
func (s *Server) listGames(w http.ResponseWriter, r *http.Request) {
	f, found, err := s.lobbyFilter(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var page []summaryJSON
	var next string
	if r.URL.Query().Get("filter") == "myturn" && found {
		page, next, err = s.myTurnPage(r.Context(), f)
	} else {
		page, next, err = s.lobbyPage(r.Context(), f, found)
		if err == nil {
			s.lobbyTurns(r.Context(), f.Viewer, page)
		}
	}
	if err == nil {
		s.lobbyRounds(r.Context(), f.Viewer, page)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.lobbyClocks(r.Context(), f.Viewer, page)
	writeJSON(w, http.StatusOK, map[string]any{"games": page, "next_cursor": next})
}

// lobbyPage lists one page for f (empty when !found) and the next cursor.
func (s *Server) lobbyPage(ctx context.Context, f store.Filter, found bool) ([]summaryJSON, string, error) {
	out := []summaryJSON{}
	if !found {
		return out, "", nil
	}
	want := f.Limit
	f.Limit++ // one more tells whether there is a next page
	games, err := s.st.ListGames(ctx, f)
	if err != nil {
		return nil, "", fmt.Errorf("list games: %w", err)
	}
	next := ""
	if len(games) > want {
		games = games[:want]
		next = encodeCursor(store.CursorOf(games[want-1]))
	}
	for _, h := range games {
		out = append(out, summary(h))
	}
	return out, next, nil
}

// tableJSON is the table part of a game summary.
type tableJSON struct {
	Name          string `json:"name"`
	Description   string `json:"description"`
	MinPlayers    int    `json:"min_players"` // the host may start with this many seats filled
	Live          bool   `json:"live"`
	InviteOnly    bool   `json:"invite_only"`
	SilenceHours  int    `json:"silence_hours"` // 0: no limit
	StartWhenFull bool   `json:"start_when_full"`
	Hints         bool   `json:"hints"` // the coach's hints are offered to every player
}

func tableOf(h store.Game) tableJSON {
	min := h.MinPlayers
	if min == 0 {
		min = len(h.Seats)
	}
	return tableJSON{Name: h.Name, Description: h.Description, MinPlayers: min, Live: h.Live,
		InviteOnly: h.InviteHash != "", SilenceHours: int(h.SilenceLimit / time.Hour), StartWhenFull: h.AutoStart, Hints: h.Hints}
}

// startSeats returns the seats an online game starts with: all of them
// when every seat is taken; else, with at least the table's minimum
// taken, the taken ones (renumbered: no action names a player yet).
func startSeats(h store.Game) ([]store.Seat, error) {
	var open []string
	var taken []store.Seat
	for i, st := range h.Seats {
		if openSeat(st) {
			open = append(open, strconv.Itoa(i))
		} else {
			taken = append(taken, st)
		}
	}
	if len(open) == 0 {
		return h.Seats, nil
	}
	if h.MinPlayers == 0 || len(taken) < h.MinPlayers {
		min := h.MinPlayers
		if min == 0 {
			min = len(h.Seats)
		}
		return nil, errorf(http.StatusConflict, "seats not filled: %s (%d of %d taken; the table starts with at least %d)",
			strings.Join(open, ", "), len(taken), len(h.Seats), min)
	}
	for i := range taken {
		taken[i].PlayerID = i + 1
		if taken[i].UserID == 0 && taken[i].Bot != "" {
			taken[i].Name = fmt.Sprintf("Bot %d", i+1)
		}
	}
	if _, err := newTitleGame(h.Title, taken, h.Options, title.Rules{}); err != nil {
		return nil, errorf(http.StatusConflict, "cannot start with %d players: %v", len(taken), err)
	}
	return taken, nil
}

// leaveGame frees the caller's seat in an unstarted game.
func (s *Server) leaveGame(w http.ResponseWriter, r *http.Request) {
	s.changeSeat(w, r, func(h store.Game, u store.User, _ *int) (int, error) {
		if h.OwnerID == u.ID {
			return 0, errorf(http.StatusConflict, "the host cannot leave their own table")
		}
		i := slices.IndexFunc(h.Seats, func(st store.Seat) bool { return st.UserID == u.ID })
		if i < 0 {
			return 0, errorf(http.StatusConflict, "you hold no seat in game %d", h.ID)
		}
		return i, nil
	})
}

// freeSeat lets the host free another player's (or a bot's) seat before
// the start.
func (s *Server) freeSeat(w http.ResponseWriter, r *http.Request) {
	s.changeSeat(w, r, func(h store.Game, u store.User, seat *int) (int, error) {
		switch {
		case h.OwnerID != u.ID:
			return 0, errorf(http.StatusForbidden, "only the host may free a seat of game %d", h.ID)
		case seat == nil:
			return 0, errorf(http.StatusBadRequest, "seat is missing")
		case *seat < 0 || *seat >= len(h.Seats):
			return 0, errorf(http.StatusBadRequest, "seat %d is not a seat index from 0 to %d", *seat, len(h.Seats)-1)
		case h.Seats[*seat].UserID == u.ID:
			return 0, errorf(http.StatusConflict, "seat %d is your own", *seat)
		case openSeat(h.Seats[*seat]):
			return 0, errorf(http.StatusConflict, "seat %d is already free", *seat)
		}
		return *seat, nil
	})
}

// changeSeat opens the seat pick chooses in an unstarted online game.
func (s *Server) changeSeat(w http.ResponseWriter, r *http.Request, pick func(h store.Game, u store.User, seat *int) (int, error)) {
	var req struct {
		Seat *int `json:"seat"`
	}
	u, id, e, err := s.gameRequest(r, &req, true)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer e.mu.Unlock()
	h := e.h
	switch {
	case h.InviteHash != "" && !takesPart(h, u.ID):
		err = noGame(id)
	case h.Status != store.StatusNew:
		err = errorf(http.StatusConflict, "game %d has started: seats can no longer change", id)
	case h.Hotseat:
		err = errorf(http.StatusConflict, "game %d is a hotseat game: it has no seats to free", id)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	i, err := pick(h, u, req.Seat)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.budgets.seats.spend(strconv.FormatInt(u.ID, 10), s.cfg.Now()); err != nil {
		s.fail(w, r, err)
		return
	}
	h.Seats = slices.Clone(h.Seats)
	h.Seats[i] = store.Seat{PlayerID: h.Seats[i].PlayerID, Name: fmt.Sprintf("Player %d", i+1)}
	if err := s.st.UpdateGame(r.Context(), h, e.h); err != nil {
		s.fail(w, r, headerError(fmt.Errorf("free seat %d of game %d: %w", i, id, err)))
		return
	}
	e.h = h
	s.publishUpdate(h)
	s.log.Info("seat freed", "game", id, "seat", i, "by", u.ID)
	writeJSON(w, http.StatusOK, summary(h))
}
