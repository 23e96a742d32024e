package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"tresham/bot"
	"tresham/clock"
	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/internal/jsonerr"
	"tresham/play"
	"tresham/program"
	"tresham/replay"
	"tresham/store"
	"tresham/titles"
	"tresham/titles/title"
)

// titleInfo describes a title for GET /api/titles.
type titleInfo struct {
	Title       string         `json:"title"`
	Description string         `json:"description"`
	MinPlayers  int            `json:"min_players"`
	MaxPlayers  int            `json:"max_players"`
	Options     []title.Option `json:"options"`
}

// titleTable lists the titles the server plays, from the title registry.
func titleTable() []titleInfo {
	var out []titleInfo
	for _, d := range titles.All() {
		out = append(out, titleInfo{Title: d.Name, Description: d.Description, MinPlayers: d.MinPlayers, MaxPlayers: d.MaxPlayers, Options: d.Options})
	}
	return out
}

// titleNames is the list of titles for error messages ("1860 or 1825").
func titleNames() string {
	names := titles.Names()
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

func (s *Server) titles(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, titleTable())
}

// botChoice is a computer player a table can seat, for GET /api/bots.
type botChoice struct {
	Kind  string `json:"kind"`  // what a seat's bot kind is set to
	Level string `json:"level"` // easy, medium, hard, expert; empty for testing kinds
	Label string `json:"label"` // how the lobby shows it
}

// bots lists the computer players a table can seat: the levels, weakest
// first (bot.Levels), then the random bot, for testing.
func (s *Server) bots(w http.ResponseWriter, _ *http.Request) {
	var out []botChoice
	for _, l := range bot.Levels() {
		out = append(out, botChoice{Kind: l.Kind, Level: l.Name, Label: l.Label})
	}
	out = append(out, botChoice{Kind: "random", Label: "Random (for testing)"})
	writeJSON(w, http.StatusOK, out)
}

// summaryJSON is a game summary.
type summaryJSON struct {
	ID        int64          `json:"id"`
	Title     string         `json:"title"`
	Options   []string       `json:"options"`
	Status    string         `json:"status"`
	Hotseat   bool           `json:"hotseat"`
	Owner     int64          `json:"owner"`
	Seats     []store.Seat   `json:"seats"`
	Actions   int            `json:"actions"`
	CreatedAt time.Time      `json:"created_at"`
	UpdatedAt time.Time      `json:"updated_at"`
	Finished  bool           `json:"finished"`
	Result    map[string]int `json:"result"`
	// Clock is the time control, when the table has one.
	Clock *clock.Settings `json:"clock,omitempty"`
	// TimeLeft is each player's time left in seconds, in the lobby's
	// listing of a running clocked game the viewer plays (lobbyClocks).
	TimeLeft map[int]int64 `json:"time_left_s,omitempty"`
	// YourTurn marks, in the lobby, an active game where the viewer is to
	// act (myturn.go).
	YourTurn bool `json:"your_turn,omitempty"`
	// Round and Phase are, in the lobby, the round an active game is in
	// ("OR 4.2") and its phase's name (lobbyRounds; left out when the
	// game is not at hand).
	Round string `json:"round,omitempty"`
	Phase string `json:"phase,omitempty"`
	tableJSON
}

func summary(h store.Game) summaryJSON {
	opts := summaryOptions(h.Options)
	seats := slices.Clone(h.Seats)
	if seats == nil {
		seats = []store.Seat{}
	}
	for i := range seats {
		seats[i].Substitute = "" // the hash of a substitute link stays on the server
	}
	var ck *clock.Settings
	if h.Clock != "" {
		ck = &clock.Settings{}
		if json.Unmarshal([]byte(h.Clock), ck) != nil {
			ck = nil
		}
	}
	return summaryJSON{ID: h.ID, Title: h.Title, Options: opts, Status: h.Status, Hotseat: h.Hotseat, Owner: h.OwnerID,
		Seats: seats, Actions: h.Actions, CreatedAt: h.CreatedAt, UpdatedAt: h.UpdatedAt,
		Finished: h.Status == store.StatusFinished, Result: h.Result, Clock: ck, tableJSON: tableOf(h)}
}

// viewJSON is the game view.
type viewJSON struct {
	summaryJSON
	At *int `json:"at,omitempty"`
	// RulesOf is the day whose 18xx.games rules an imported game replays
	// under ("today" or "2021-09-08"; replay.Rules); "" for a game made here.
	RulesOf string                   `json:"rules_of,omitempty"`
	Acting  []string                 `json:"acting"`
	You     []int                    `json:"you"`
	Legal   map[string][]play.Choice `json:"legal"`
	CanUndo bool                     `json:"can_undo"`
	CanRedo bool                     `json:"can_redo"`
	// EndProposal lists who agrees to end the game now, while anyone does.
	EndProposal *endProposal   `json:"end_proposal,omitempty"`
	State       map[string]any `json:"state"` // null in lean views
	Chat        []chatLine     `json:"chat"`  // null in lean views
	// Programs are the viewer's programmed moves (programs.go); null in lean views.
	Programs []program.View `json:"programs,omitempty"`
	Log      []string       `json:"log"` // null in lean views
	// LogMessages is each log line's message id and arguments, in the
	// order of Log (docs/i18n.md); null in lean views.
	LogMessages []engine.Message `json:"log_messages"`
	// Clocks are the players' time left, when the table has a clock (the
	// live view only).
	Clocks *clockJSON `json:"clocks,omitempty"`
	// Hash is the state hash (play.HashState) the page compares with its
	// own engine's after each action; "" in lean views.
	Hash string `json:"hash,omitempty"`
}

// view builds the view of game g (the entry's current game, or a history
// game when at is set) for userID. e.mu is held.
func view(e *entry, g titleGame, userID int64, at *int, lean bool) viewJSON {
	v := viewJSON{summaryJSON: summary(e.h), At: at, Legal: map[string][]play.Choice{}}
	v.Finished = g.IsFinished()
	if v.Finished {
		v.Result = g.Result()
	} else {
		v.Result = nil
	}
	v.Acting = g.Acting()
	if v.Acting == nil {
		v.Acting = []string{}
	}
	v.RulesOf = rulesOf(e.h.Meta)
	v.You = seatsOf(e.h, userID)
	if v.You == nil {
		v.You = []int{}
	}
	if at == nil && e.h.Status == store.StatusActive {
		for _, ent := range v.Acting {
			if !slices.Contains(v.You, replay.Controller(g, ent)) {
				continue
			}
			v.Legal[ent] = play.Legal(g, ent)
		}
		us := undoFor(e, userID)
		v.CanUndo, v.CanRedo = us.undo != nil, us.redo
		v.EndProposal = proposalOf(e)
	}
	if lean {
		return v
	}
	v.State = g.State()
	if at == nil {
		v.Programs = programsOf(g, v.You)
	}
	v.Chat = chatOf(e, at)
	v.Hash, _ = play.HashState(v.State) // a state always marshals: the view itself is its JSON
	v.Log = slices.Clone(g.LogLines())
	if v.Log == nil {
		v.Log = []string{}
	}
	v.LogMessages = play.LogMessages(g)
	if len(v.LogMessages) != len(v.Log) {
		v.LogMessages = nil // the page reads the text
	}
	return v
}

// chatLine is one chat message of the view.
type chatLine struct {
	Player int    `json:"player"` // the sender's player id
	Name   string `json:"name"`
	Text   string `json:"text"`
	At     int64  `json:"at,omitempty"` // Unix seconds, when known
	Seq    int    `json:"seq"`          // its place in the stored log
}

// chatOf lists the game's chat messages (those of the first at stored
// actions, when at is set).
func chatOf(e *entry, at *int) []chatLine {
	out := []chatLine{}
	for _, c := range e.chat {
		if at != nil && c.seq >= *at {
			break
		}
		ent, _ := e.entityOf(c.seq)
		pid, _ := ent.PlayerID()
		name := ""
		if st, ok := seatOf(e.h, pid); ok {
			name = st.Name
		}
		out = append(out, chatLine{Player: pid, Name: name, Text: c.text, At: c.at, Seq: c.seq})
	}
	return out
}

// maxUnstarted is how many games a user may have created and not started.
const maxUnstarted = 20

// checkUnstarted refuses a new game to a user who already owns
// maxUnstarted unstarted ones.
func (s *Server) checkUnstarted(ctx context.Context, u store.User) error {
	games, err := s.st.ListGames(ctx, store.Filter{UserID: u.ID, Status: store.StatusNew, Limit: 10 * maxUnstarted})
	if err != nil {
		return fmt.Errorf("count unstarted games: %w", err)
	}
	n := 0
	for _, g := range games {
		if g.OwnerID == u.ID {
			n++
		}
	}
	if n >= maxUnstarted {
		return errorf(http.StatusTooManyRequests, "you have %d games that have not started (the limit is %d): start or finish some first", n, maxUnstarted)
	}
	return nil
}

// createRequest is the body of POST /api/games.
type createRequest struct {
	Title   string            `json:"title"`
	Options []string          `json:"options"`
	Players int               `json:"players"`
	Hotseat bool              `json:"hotseat"`
	Bots    map[string]string `json:"bots"`
	// Names are the seats' names in a hotseat game, one a seat (an empty
	// one keeps "Player n" or "Bot n").
	Names []string `json:"names"`
	// Clock is the time control: "off" (or absent), a preset's name, or
	// custom clock.Settings.
	Clock json.RawMessage `json:"clock"`
	tableRequest
}

func (s *Server) createGame(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustUser(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var req createRequest
	if err := decodeBody(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	h, err := newGameHeader(req, u)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if h.Clock, err = clockSettings(req.Clock); err != nil {
		s.fail(w, r, err)
		return
	}
	invite, err := applyTable(&h, req.tableRequest)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.checkUnstarted(r.Context(), u); err != nil {
		s.fail(w, r, err)
		return
	}
	if h.Hotseat {
		if err := s.checkOwnHotseat(r.Context(), u); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	if err := s.checkLongThinking(r.Context(), u, h); err != nil {
		s.fail(w, r, err)
		return
	}
	h, err = s.st.CreateGame(r.Context(), h, nil)
	if err != nil {
		s.fail(w, r, fmt.Errorf("create game: %w", err))
		return
	}
	s.log.Info("game created", "game", h.ID, "title", h.Title, "owner", u.ID, "invite_only", invite != "")
	out := map[string]any{"id": h.ID}
	if invite != "" {
		out["invite"] = invite
	}
	writeJSON(w, http.StatusCreated, out)
}

// newGameHeader validates a create request and returns the new game.
func newGameHeader(req createRequest, u store.User) (store.Game, error) {
	info, ok := titles.Lookup(req.Title)
	if !ok {
		return store.Game{}, errorf(http.StatusBadRequest, "title %q is not supported (want %s)", req.Title, titleNames())
	}
	if req.Players < info.MinPlayers || req.Players > info.MaxPlayers {
		return store.Game{}, errorf(http.StatusBadRequest, "%s is for %d to %d players, not %d", req.Title, info.MinPlayers, info.MaxPlayers, req.Players)
	}
	seats := make([]store.Seat, req.Players)
	for i := range seats {
		seats[i] = store.Seat{PlayerID: i + 1, Name: fmt.Sprintf("Player %d", i+1)}
	}
	for k, kind := range req.Bots {
		i, err := strconv.Atoi(k)
		if err != nil || i < 0 || i >= req.Players {
			return store.Game{}, errorf(http.StatusBadRequest, "bots: seat %q is not a seat index from 0 to %d", k, req.Players-1)
		}
		if _, err := bot.New(kind, 0); err != nil {
			return store.Game{}, errorf(http.StatusBadRequest, "bots: seat %d: %v", i, err)
		}
		if i == 0 && !req.Hotseat {
			return store.Game{}, errorf(http.StatusBadRequest, "bots: seat 0 is the creator's")
		}
		seats[i].Bot = kind
		seats[i].Name = fmt.Sprintf("Bot %d", i+1)
	}
	if err := nameSeats(seats, req.Names, req.Hotseat); err != nil {
		return store.Game{}, err
	}
	if !req.Hotseat {
		seats[0].UserID, seats[0].Name = u.ID, u.Name
	} else if !slices.ContainsFunc(seats, func(st store.Seat) bool { return st.Bot == "" }) {
		return store.Game{}, errorf(http.StatusBadRequest, "a hotseat game needs at least one human seat")
	}
	opts, err := gameOptions(req.Title, req.Options)
	if err != nil {
		return store.Game{}, err
	}
	if _, err := newTitleGame(req.Title, seats, opts, title.Rules{}); err != nil {
		return store.Game{}, errorf(http.StatusBadRequest, "%v", err)
	}
	return store.Game{
		Title: req.Title, Options: opts, Seed: rand.Int64N(1 << 53), OwnerID: u.ID, Hotseat: req.Hotseat,
		Status: store.StatusNew, Seats: seats,
	}, nil
}

// maxSeatName is the longest seat name, in characters.
const maxSeatName = 40

// nameSeats gives the seats of a new hotseat game the names asked for; an
// online game's players bring their own names.
func nameSeats(seats []store.Seat, names []string, hotseat bool) error {
	if len(names) == 0 {
		return nil
	}
	if !hotseat {
		return errorf(http.StatusBadRequest, "names: only a hotseat game's seats are named when it is created (online players play under their own names)")
	}
	if len(names) != len(seats) {
		return errorf(http.StatusBadRequest, "names: %d names for %d seats", len(names), len(seats))
	}
	seen := map[string]int{}
	for i, n := range names {
		n = strings.TrimSpace(n)
		if n == "" {
			n = seats[i].Name
		}
		if len(n) > 4*maxSeatName || utf8.RuneCountInString(n) > maxSeatName {
			return errorf(http.StatusBadRequest, "names[%d] (seat %d): %q is longer than %d characters", i, i+1, truncate(n, maxSeatName), maxSeatName)
		}
		// the rule an import applies to the players' names, so that the
		// game's export always imports again: no control, bidirectional
		// formatting or invisible characters; names distinct by the
		// import's key (case, width and look-alike letters)
		_, key, err := ImportedName(n)
		if err != nil {
			return errorf(http.StatusBadRequest, "names[%d] (seat %d): %v", i, i+1, err)
		}
		if j, dup := seen[key]; dup {
			return errorf(http.StatusBadRequest, "names[%d] (seat %d): seats %d and %d are both called %q (names are compared ignoring case, width and look-alike letters)", i, i+1, j+1, i+1, n)
		}
		seen[key] = i
		seats[i].Name = n
	}
	return nil
}

func openSeat(st store.Seat) bool { return st.UserID == 0 && st.Bot == "" }

func (s *Server) joinGame(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Seat   *int   `json:"seat"`
		Invite string `json:"invite"`
	}
	u, id, e, err := s.gameRequest(r, &req, false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer e.mu.Unlock()
	h := e.h
	switch {
	case !takesPart(h, u.ID) && !inviteOK(h, req.Invite):
		err = noGame(id) // a wrong invite token says nothing about the game
	case req.Seat == nil:
		err = errorf(http.StatusBadRequest, "seat is missing")
	case h.Status != store.StatusNew:
		err = errorf(http.StatusConflict, "game %d has started", id)
	case h.Hotseat:
		err = errorf(http.StatusConflict, "game %d is a hotseat game: it has no open seats", id)
	case *req.Seat < 0 || *req.Seat >= len(h.Seats):
		err = errorf(http.StatusBadRequest, "seat %d is not a seat index from 0 to %d", *req.Seat, len(h.Seats)-1)
	case !openSeat(h.Seats[*req.Seat]):
		err = errorf(http.StatusConflict, "seat %d is taken", *req.Seat)
	case slices.ContainsFunc(h.Seats, func(st store.Seat) bool { return st.UserID == u.ID }):
		err = errorf(http.StatusConflict, "you already hold a seat in game %d", id)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.budgets.seats.spend(strconv.FormatInt(u.ID, 10), s.cfg.Now()); err != nil {
		s.fail(w, r, err)
		return
	}
	h.Seats = slices.Clone(h.Seats)
	h.Seats[*req.Seat].UserID, h.Seats[*req.Seat].Name = u.ID, u.Name
	full := h.AutoStart && !slices.ContainsFunc(h.Seats, openSeat)
	if full {
		h.Status = store.StatusActive // the last seat taken starts the game
	}
	if err := s.st.UpdateGame(r.Context(), h, e.h); err != nil {
		s.fail(w, r, headerError(fmt.Errorf("join game %d: %w", id, err)))
		return
	}
	e.h = h
	s.publishUpdate(h)
	if full {
		s.clockStart(r.Context(), e)
		s.log.Info("game started: every seat taken", "game", id)
		if s.botActing(e) {
			s.kickBots(id)
		}
	}
	writeJSON(w, http.StatusOK, summary(h))
}

// headerError makes a lost seat/start race (another server changed the
// game first) a 409.
func headerError(err error) error {
	if errors.Is(err, store.ErrConflict) {
		return errorf(http.StatusConflict, "%v", err)
	}
	return err
}

func (s *Server) startGame(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustUser(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	id, e, err := s.lockedGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer e.mu.Unlock()
	h := e.h
	if h.OwnerID != u.ID {
		s.fail(w, r, errorf(http.StatusForbidden, "only the owner may start game %d", id))
		return
	}
	if h.Status != store.StatusNew {
		s.fail(w, r, errorf(http.StatusConflict, "game %d has already started", id))
		return
	}
	if !h.Hotseat {
		seats, err := startSeats(h)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		h.Seats = seats
	}
	h.Status = store.StatusActive
	if err := s.st.UpdateGame(r.Context(), h, e.h); err != nil {
		s.fail(w, r, headerError(fmt.Errorf("start game %d: %w", id, err)))
		return
	}
	e.h = h
	s.publishUpdate(h)
	s.clockStart(r.Context(), e)
	if s.botActing(e) {
		s.kickBots(id)
	}
	s.log.Info("game started", "game", id)
	writeJSON(w, http.StatusOK, summary(h))
}

// importGame stores an 18xx.games export as a hotseat game of the caller.
func (s *Server) importGame(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustUser(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		s.fail(w, r, bodyError(err))
		return
	}
	if err := s.checkImportQuota(r.Context(), u, len(body)); err != nil {
		s.fail(w, r, err)
		return
	}
	src, err := g18xx.Decode(bytes.NewReader(body))
	if err != nil {
		writeError(w, http.StatusBadRequest, "not an 18xx.games export: %v", err)
		return
	}
	if err := checkImport(src); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := checkUndoRedo(src); err != nil {
		s.fail(w, r, err)
		return
	}
	var raw struct {
		Actions []json.RawMessage `json:"actions"`
	}
	// an early export's actions are kept in the current form (players
	// numbered), as the game is rebuilt from them
	if err := json.Unmarshal(g18xx.CurrentForm(body), &raw); err != nil || len(raw.Actions) != len(src.Actions) {
		writeError(w, http.StatusBadRequest, "not an 18xx.games export: cannot read its actions")
		return
	}
	if err := compactActions(raw.Actions, src); err != nil {
		s.fail(w, r, err)
		return
	}
	var seats []store.Seat
	for _, p := range src.Players {
		seats = append(seats, store.Seat{PlayerID: p.ID, Name: p.Name})
	}
	opts, err := gameOptions(src.Title, src.Settings.OptionalRules)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	start := time.Now()
	rules := replay.Rules(src)
	g, err := newTitleGame(src.Title, seats, opts, rules)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, "cannot set up the game: %v", err)
		return
	}
	if err := applyEffective(g, src.Actions); err != nil {
		var re *replayError
		if errors.As(err, &re) {
			re.Err = replay.Explain(src, re.Err) // the rules of the day, where they explain it
		}
		writeError(w, http.StatusUnprocessableEntity, "%v", err)
		return
	}
	s.met.replay.Observe(time.Since(start).Seconds())
	hdr := importHeader(src, opts)
	keepRules(hdr, rules)
	metaJSON, err := g18xx.Marshal(hdr)
	if err != nil {
		s.fail(w, r, fmt.Errorf("import: keep the header: %w", err))
		return
	}
	h := store.Game{Title: src.Title, Options: opts, Seed: src.Settings.Seed, OwnerID: u.ID, Hotseat: true,
		Status: store.StatusActive, Seats: seats, Meta: metaJSON}
	if g.IsFinished() {
		h.Status, h.Result = store.StatusFinished, g.Result()
	}
	h, err = s.st.CreateGame(r.Context(), h, raw.Actions)
	if err != nil {
		s.fail(w, r, fmt.Errorf("import: store the game: %w", err))
		return
	}
	s.log.Info("game imported", "game", h.ID, "title", h.Title, "actions", len(raw.Actions), "owner", u.ID)
	writeJSON(w, http.StatusCreated, map[string]int64{"id": h.ID})
}

// exportGame answers the 18xx.games export of a game.
func (s *Server) exportGame(w http.ResponseWriter, r *http.Request) {
	id, out, err := s.exportRequest(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	b, err := g18xx.Marshal(out)
	if err != nil {
		s.fail(w, r, fmt.Errorf("export game %d: %w", id, err))
		return
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s_%d.json"`, out.Title, id))
	writeRaw(w, http.StatusOK, b)
}

// exportRequest returns the export of the game the path names, taken under
// the game's lock (released before it returns).
func (s *Server) exportRequest(r *http.Request) (int64, *g18xx.Game, error) {
	id, e, err := s.lockedGame(r)
	if err != nil {
		return id, nil, err
	}
	defer e.mu.Unlock()
	out, err := s.exportOf(r.Context(), e)
	return id, out, err
}

// exportOf builds the export of the entry's game (e.mu held): an imported
// game keeps its original header; actions are the stored ones, verbatim; a
// clocked game carries its clocks (clockExport).
func (s *Server) exportOf(ctx context.Context, e *entry) (*g18xx.Game, error) {
	out, err := s.exportLog(ctx, e)
	if err != nil {
		return nil, err
	}
	s.clockExport(e, out)
	return out, nil
}

// exportLog is exportOf without the clocks (which are computed from it).
func (s *Server) exportLog(ctx context.Context, e *entry) (*g18xx.Game, error) {
	out := &g18xx.Game{}
	if len(e.h.Meta) > 0 {
		if err := json.Unmarshal(e.h.Meta, out); err != nil {
			return nil, fmt.Errorf("export game %d: stored header: %w", e.id, err)
		}
		delete(out.Extra, rulesKey) // Tresham's own record, not the site's form
	} else {
		out.ID = g18xx.Int(e.id)
		out.Description = fmt.Sprintf("Tresham game %d", e.id)
		out.Title = e.h.Title
		out.Settings = g18xx.Settings{Seed: e.h.Seed, OptionalRules: e.h.Options}
		if out.Settings.OptionalRules == nil {
			out.Settings.OptionalRules = []string{}
		}
		for _, st := range e.h.Seats {
			out.Players = append(out.Players, g18xx.Player{ID: st.PlayerID, Name: st.Name})
		}
		out.MinPlayers, out.MaxPlayers = len(e.h.Seats), len(e.h.Seats)
		c, u := g18xx.Int(e.h.CreatedAt.Unix()), g18xx.Int(e.h.UpdatedAt.Unix())
		out.CreatedAt, out.UpdatedAt = &c, &u
	}
	acts, err := s.storedLog(ctx, e, len(e.log))
	if err != nil {
		return nil, fmt.Errorf("export game %d: %w", e.id, err)
	}
	out.Actions = acts
	out.Status = "active"
	if e.h.Status == store.StatusNew {
		out.Status = "new"
	}
	out.Result = nil
	if e.g.IsFinished() {
		out.Status = "finished"
		out.Result = e.g.Result()
		if reason, ok := e.g.State()["game_end_reason"].(string); ok {
			out.GameEndReason = reason
		}
	}
	out.Acting = nil
	for _, ent := range e.g.Acting() {
		if p := replay.Controller(e.g, ent); p != 0 && !slices.Contains(out.Acting, p) {
			out.Acting = append(out.Acting, p)
		}
	}
	if out.Acting == nil {
		out.Acting = []int{}
	}
	return out, nil
}

// historyGame replays the first n stored actions into a fresh game (e.mu held).
func (s *Server) historyGame(ctx context.Context, e *entry, n int) (titleGame, error) {
	if n < 0 || n > len(e.log) {
		return nil, errorf(http.StatusBadRequest, "action=%d is not from 0 to %d", n, len(e.log))
	}
	if n == len(e.log) {
		return e.g, nil
	}
	acts, err := s.storedLog(ctx, e, n)
	if err != nil {
		return nil, fmt.Errorf("history of game %d at %d: %w", e.id, n, err)
	}
	g, err := s.replayActions(e.h, acts, false)
	if err != nil {
		return nil, fmt.Errorf("history of game %d at %d: %w", e.id, n, err)
	}
	return g, nil
}

// atParam parses ?action=N (nil when absent).
func atParam(r *http.Request) (*int, error) {
	q := r.URL.Query().Get("action")
	if q == "" {
		return nil, nil
	}
	n, err := strconv.Atoi(q)
	if err != nil {
		return nil, errorf(http.StatusBadRequest, "action=%q is not a number", q)
	}
	return &n, nil
}

func (s *Server) viewGame(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	u, _, err := s.user(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	at, err := atParam(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	e, err := s.game(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	b, err := s.viewBytes(e, u.ID, at, false)
	kick := at == nil && s.botActing(e)
	e.mu.Unlock()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if kick {
		s.kickBots(id) // e.g. after a restart in the middle of the bots' moves
	}
	writeRaw(w, http.StatusOK, b)
}

// viewBytes renders the view (e.mu held).
func (s *Server) viewBytes(e *entry, userID int64, at *int, lean bool) ([]byte, error) {
	g := e.g
	if at != nil {
		var err error
		if g, err = s.historyGame(s.done, e, *at); err != nil {
			return nil, err
		}
	}
	v := view(e, g, userID, at, lean)
	if at == nil && !lean {
		v.Clocks = s.clockOf(e)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("render game %d: %w", e.id, err)
	}
	return b, nil
}

// seqRequest is the common part of the action, undo, redo and end bodies.
type seqRequest struct {
	Seq    *int            `json:"seq"`
	Action json.RawMessage `json:"action"`
	Agree  bool            `json:"agree"` // end: agree (true) or withdraw
}

// prepare authenticates, decodes the body and returns the locked, fresh
// entry of an active game whose action count is the request's seq.
func (s *Server) prepare(r *http.Request, needAction bool) (store.User, *entry, seqRequest, error) {
	var req seqRequest
	u, err := s.mustUser(r)
	if err != nil {
		return u, nil, req, err
	}
	id, err := pathID(r)
	if err != nil {
		return u, nil, req, err
	}
	if err := decodeBody(r, &req); err != nil {
		return u, nil, req, err
	}
	if req.Seq == nil {
		return u, nil, req, errorf(http.StatusBadRequest, "seq is missing: send the game's action count")
	}
	if needAction && len(req.Action) == 0 {
		return u, nil, req, errorf(http.StatusBadRequest, "action is missing")
	}
	e, err := s.game(r.Context(), id)
	if err != nil {
		return u, nil, req, err
	}
	switch {
	case e.h.Status == store.StatusNew:
		err = errorf(http.StatusConflict, "game %d has not started", id)
	case len(seatsOf(e.h, u.ID)) == 0:
		err = errorf(http.StatusForbidden, "you hold no seat in game %d", id)
	case *req.Seq > len(e.log) && s.refresh(r.Context(), e) == nil && *req.Seq == len(e.log):
		// this instance had not yet heard of the latest actions
	case *req.Seq != len(e.log):
		err = errorf(http.StatusConflict, "game moved on: you sent seq %d but game %d has %d actions", *req.Seq, id, len(e.log))
	}
	if err != nil {
		e.mu.Unlock()
		return u, nil, req, err
	}
	return u, e, req, nil
}

func (s *Server) submitAction(w http.ResponseWriter, r *http.Request) {
	u, e, req, err := s.prepare(r, true)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// lean: no state and log; hash: lean with the state hash (the page
	// that played the move itself only checks it)
	mode := r.URL.Query().Get("view")
	b, kick, err := s.submitLocked(r.Context(), e, u, req.Action, mode == "lean" || mode == "hash", mode == "hash")
	e.mu.Unlock()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if kick {
		s.kickBots(e.id)
	}
	writeRaw(w, http.StatusOK, b)
}

func (s *Server) submitLocked(ctx context.Context, e *entry, u store.User, raw json.RawMessage, lean, hash bool) ([]byte, bool, error) {
	var a g18xx.Action
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, false, errorf(http.StatusBadRequest, "malformed action: %s", jsonerr.Describe(err))
	}
	a.ID = e.nextID()
	check := g18xx.Game{Title: e.h.Title, Players: []g18xx.Player{{ID: 1}}, Actions: []g18xx.Action{a}}
	if err := check.Validate(); err != nil {
		return nil, false, errorf(http.StatusBadRequest, "malformed action: %v", err)
	}
	switch a.Type {
	case g18xx.TypeUndo, g18xx.TypeRedo:
		return nil, false, errorf(http.StatusBadRequest, "use POST /api/games/%d/%s for %s", e.id, a.Type, a.Type)
	}
	if e.h.Status == store.StatusFinished && a.Type != g18xx.TypeMessage {
		return nil, false, errorf(refusalStatus(engine.GameOver), "game %d is over", e.id)
	}
	seats := seatsOf(e.h, u.ID)
	if a.Type == g18xx.TypeMessage {
		if err := s.checkChat(u, seats, &a); err != nil {
			return nil, false, err
		}
	} else if engine.IsProgramType(a.Type) {
		if err := checkProgram(e.g, seats, &a); err != nil {
			return nil, false, err
		}
	} else {
		ea := replay.Convert(&a)
		if _, director, needs := bot.NeedsConsent(e.g, ea); needs {
			if st, ok := seatOf(e.h, director); ok && st.Bot != "" && !s.agreed(e, ea) {
				return nil, false, errorf(http.StatusUnprocessableEntity, "the director of the selling company (%s, a %s bot) %s train %s for £%d", st.Name, st.Bot, ConsentDeclined, ea.Train, ea.Price)
			}
		}
	}
	mayPlay := func(pid int) bool { return slices.Contains(seats, pid) }
	if err := s.commit(ctx, e, a, u.ID, "player", mayPlay); err != nil {
		return nil, false, err
	}
	if hash {
		v := view(e, e.g, u.ID, nil, true)
		if v.Hash = s.pushedHash(e.id, len(e.log)-1); v.Hash == "" { // hashed already for the game's listeners
			v.Hash, _ = play.HashState(e.g.State())
		}
		v.Clocks = s.clockOf(e)
		b, err := json.Marshal(v)
		return b, s.botActing(e), err
	}
	b, err := s.viewBytes(e, u.ID, nil, lean)
	return b, s.botActing(e), err
}

func (s *Server) undo(w http.ResponseWriter, r *http.Request) { s.undoRedo(w, r, g18xx.TypeUndo) }

func (s *Server) redo(w http.ResponseWriter, r *http.Request) { s.undoRedo(w, r, g18xx.TypeRedo) }

func (s *Server) undoRedo(w http.ResponseWriter, r *http.Request, typ string) {
	u, e, _, err := s.prepare(r, false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	b, kick, err := s.undoRedoLocked(r.Context(), e, u, typ)
	e.mu.Unlock()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if kick {
		s.kickBots(e.id)
	}
	writeRaw(w, http.StatusOK, b)
}

func (s *Server) undoRedoLocked(ctx context.Context, e *entry, u store.User, typ string) ([]byte, bool, error) {
	// undos and redos are budgeted per account and game: each one is
	// stored, replays the log and may send turn webhooks
	if err := s.budgets.undo.spend(fmt.Sprintf("%d/%d", u.ID, e.id), s.cfg.Now()); err != nil {
		return nil, false, err
	}
	us := undoFor(e, u.ID)
	var a g18xx.Action
	switch {
	case typ == g18xx.TypeUndo && us.undo == nil:
		return nil, false, errorf(http.StatusUnprocessableEntity, "nothing to undo: you have no move that only bots have followed")
	case typ == g18xx.TypeUndo:
		a = *us.undo
	case !us.redo:
		return nil, false, errorf(http.StatusUnprocessableEntity, "nothing to redo: no undo of yours is the latest")
	default:
		a = g18xx.Action{Type: g18xx.TypeRedo, Entity: g18xx.PlayerEntity(seatsOf(e.h, u.ID)[0]), EntityType: g18xx.EntityPlayer}
	}
	if err := s.commit(ctx, e, a, u.ID, "player", nil); err != nil {
		return nil, false, err
	}
	b, err := s.viewBytes(e, u.ID, nil, false)
	return b, s.botActing(e), err
}

// commit applies a and appends it to the game's log at the next sequence
// number (e.mu held). A move (not chat, undo or redo) is applied as live
// play must be (replay.ApplyListed): it and each automatic follow-up must be
// for a player mayPlay allows, acting, and listed by Legal. An entity
// decided by someone else is a 403, the engine refusing it a 422, the store
// finding the game moved on a 409; in every case nothing is written and the
// entry stays consistent with the store.
func (s *Server) commit(ctx context.Context, e *entry, a g18xx.Action, userID int64, source string, mayPlay func(player int) bool) (err error) {
	defer func() {
		if err != nil {
			s.met.refused.WithLabelValues(refusalReason(err)).Inc()
		}
	}()
	a.ID = e.nextID()
	a.CreatedAt = s.cfg.Now().Unix()
	before := actingPlayers(e.g)
	g := e.g
	touched := false // e.g changed in place
	switch a.Type {
	case g18xx.TypeMessage:
	case g18xx.TypeUndo, g18xx.TypeRedo:
		log, err := s.storedLog(ctx, e, len(e.log))
		if err != nil {
			return fmt.Errorf("%s: %w", a.Type, err)
		}
		ng, err := s.replayActions(e.h, append(log, a), true)
		if err != nil {
			return errorf(http.StatusUnprocessableEntity, "%s: %v", a.Type, err)
		}
		g = ng
	default:
		ea := replay.Convert(&a)
		apply := func() error {
			if err := replay.ApplyLive(e.g, &ea, mayPlay); err != nil {
				return err
			}
			a.AutoActions = programmedAuto(&a, ea.Auto) // the programs' moves (programs.go)
			return nil
		}
		if mayPlay == nil { // the server's own action (the agreed end_game)
			apply = func() error { return e.g.Apply(&ea) }
		}
		if err := apply(); err != nil {
			if errors.Is(err, engine.ErrRestoreFailed) {
				e.g, e.sig = nil, "" // not restored: rebuilt from the store on next use
				return fmt.Errorf("game %d: %w", e.id, err)
			}
			var se *replay.SeatError
			if errors.As(err, &se) {
				return errorf(http.StatusForbidden, "%s: %v", a.Type, se)
			}
			var re *engine.RuleError
			if errors.As(err, &re) {
				return refusalError(refusalStatus(re.Kind), re)
			}
			return errorf(http.StatusUnprocessableEntity, "illegal action: %v", err)
		}
		touched = true
	}
	var data []byte
	data, err = json.Marshal(a)
	if err == nil {
		var hp *store.Game
		status, result := store.StatusActive, map[string]int(nil)
		if g.IsFinished() {
			status, result = store.StatusFinished, g.Result()
		}
		if status != e.h.Status || !mapsEqual(result, e.h.Result) {
			h := e.h
			h.Status, h.Result = status, result
			hp = &h
		}
		// the store's event for this append must not mark the entry stale
		// (that would cost a re-read at the next use): it may well arrive
		// before AppendAction returns
		if e.known.Load() == int64(len(e.log)) {
			e.known.Store(int64(len(e.log) + 1))
		}
		s.expectAction(e.id, len(e.log)+1)
		err = s.st.AppendAction(ctx, store.Action{GameID: e.id, Seq: len(e.log), UserID: userID, Data: data, CreatedAt: s.cfg.Now()}, hp)
		if err == nil {
			if hp != nil {
				e.h.Status, e.h.Result = hp.Status, hp.Result
			}
		} else {
			e.noteKnown()
			e.stale.Store(true) // an event ignored meanwhile may have been another's append
			s.unexpectAction(e.id)
		}
	}
	if err != nil {
		if touched {
			e.g = nil // rebuilt from the store on next use
			e.sig = ""
		}
		if errors.Is(err, store.ErrConflict) {
			return errorf(http.StatusConflict, "game moved on: %v", err)
		}
		return fmt.Errorf("commit action to game %d: %w", e.id, err)
	}
	seq := len(e.log)
	if err := e.add(userID, &a); err != nil { // after the commit: rebuilt from the store on next use
		e.g, e.sig = nil, ""
		s.publishAction(e.id, seq, data, nil) // stored all the same
		return fmt.Errorf("game %d: %w", e.id, err)
	}
	defer e.noteKnown()
	e.h.Actions = len(e.log)
	e.g = g
	s.clockCommitted(e, a) // after e.g: an undo or redo replaced the game
	e.trimmed = false
	s.account(e)
	s.met.actions.WithLabelValues(source).Inc()
	s.publishAction(e.id, seq, data, s.pushedOf(e, &a, userID))
	s.notifyTurns(e, before, userID)
	return nil
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// routesView answers the best run of a corporation now.
func (s *Server) routesView(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sym := r.URL.Query().Get("entity")
	if sym == "" {
		writeError(w, http.StatusBadRequest, "entity is missing: name a corporation (?entity=SYM)")
		return
	}
	s.withGame(w, r, id, func(e *entry) (any, error) { return bestRun(e.g, sym) })
}

// withGame answers the result of fn, run on game id's entry (locked while
// fn runs), as JSON; or the error.
func (s *Server) withGame(w http.ResponseWriter, r *http.Request, id int64, fn func(e *entry) (any, error)) {
	e, err := s.game(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := func() (any, error) {
		defer e.mu.Unlock()
		return fn(e)
	}()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// bestRun solves a corporation's best run in g.
func bestRun(g titleGame, sym string) (*play.Run, error) {
	run, err := play.BestRun(g, sym)
	var ie *play.InputError
	switch {
	case errors.As(err, &ie):
		return nil, errorf(http.StatusBadRequest, "%v", err)
	case err != nil:
		return nil, errorf(http.StatusUnprocessableEntity, "%v", err)
	}
	return run, nil
}

// checkRequest is the body of POST /api/games/{id}/routes/check.
type checkRequest struct {
	Entity string        `json:"entity"`
	Routes []g18xx.Route `json:"routes"`
}

// checkRoutes validates a candidate run of a corporation now, as the
// run_routes step would, without playing it.
func (s *Server) checkRoutes(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var req checkRequest
	if err := decodeBody(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if req.Entity == "" {
		writeError(w, http.StatusBadRequest, "entity is missing: name a corporation")
		return
	}
	if len(req.Routes) == 0 {
		writeError(w, http.StatusBadRequest, "routes are missing: send at least one route")
		return
	}
	if err := checkRequestSize(req); err != nil {
		s.fail(w, r, err)
		return
	}
	s.withGame(w, r, id, func(e *entry) (any, error) { return checkRun(e.g, req) })
}

// checkRun prices a candidate run in g or names the rule it breaks.
func checkRun(g titleGame, req checkRequest) (*play.Check, error) {
	ck, err := play.CheckRun(g, req.Entity, req.Routes)
	if err != nil {
		return nil, errorf(http.StatusBadRequest, "%v", err)
	}
	return ck, nil
}

// mapView answers the board view built by Config.MapView.
func (s *Server) mapView(w http.ResponseWriter, r *http.Request) {
	if s.cfg.MapView == nil {
		writeError(w, http.StatusNotFound, "this server has no map view")
		return
	}
	s.withGameAt(w, r, func(e *entry, g titleGame) (any, error) {
		v, err := s.cfg.MapView(g)
		if err != nil {
			return nil, fmt.Errorf("map view of game %d: %w", e.id, err)
		}
		return s.withLastRun(r, e, g, v)
	})
}

// withLastRun adds to map view v the run kept on the map (play.LastRun)
// and what the last move changed (play.LastMove) at the request's history
// position (g is the game there), as its "run" and "moved" fields. Only
// the end of the log is read from the store: the last few dozen moves,
// more when the operating company's last run lies further back.
func (s *Server) withLastRun(r *http.Request, e *entry, g titleGame, v any) (any, error) {
	moves := movesAt(r, e)
	var move *play.Move
	run, err := s.runFromTail(r.Context(), e, moves, func(from int, at func(int) *g18xx.Action) (*play.ShownRun, bool) {
		if len(moves) > 0 {
			move = play.MoveOf(at(moves[len(moves)-1]), moves[len(moves)-1])
		}
		return play.LastRunIn(g, moves[from:], at, from == 0)
	})
	if err != nil {
		return nil, fmt.Errorf("map view of game %d: %w", e.id, err)
	}
	// the map view takes them (mapview.View.With) unless it is another kind
	var runV, moveV any
	if run != nil {
		runV = run
	}
	if move != nil {
		moveV = move
	}
	if w, ok := v.(interface{ With(run, moved any) any }); ok {
		return w.With(runV, moveV), nil
	}
	return v, nil
}

// ConsentDeclined is in the refusal of a train purchase that the selling
// company's bot director does not agree to (a 422 like the engine's
// refusals, told apart by this text).
const ConsentDeclined = "does not agree to sell"

// lastRunOf answers corporation ?company='s last run at the live position
// or at history position ?action=N, drawn on the board there: "show the
// last run of company X" (null when it has not run, or its run no longer
// follows the track).
func (s *Server) lastRunOf(w http.ResponseWriter, r *http.Request) {
	sym := r.URL.Query().Get("company")
	if sym == "" || len(sym) > 16 {
		s.fail(w, r, errorf(http.StatusBadRequest, "company: a corporation's symbol is required"))
		return
	}
	s.withGameAt(w, r, func(e *entry, g titleGame) (any, error) {
		if full, ok := g.(title.Full); ok && full.Engine().Corp(sym) == nil {
			return nil, errorf(http.StatusBadRequest, "company %q: no such corporation in game %d", sym, e.id)
		}
		moves := movesAt(r, e)
		run, err := s.runFromTail(r.Context(), e, moves, func(from int, at func(int) *g18xx.Action) (*play.ShownRun, bool) {
			return play.LastRunOf(g, moves[from:], at, sym, from == 0)
		})
		if err != nil {
			return nil, fmt.Errorf("last run in game %d: %w", e.id, err)
		}
		return run, nil
	})
}

// runFromTail finds a run among moves (indices of e's stored actions)
// reading only the end of the log from the store: find looks at the moves
// from index from on (at reads a stored action) and answers the run and
// whether it is sure; when it is not (the run may lie further back), twice
// as much of the log is read, up to the whole.
func (s *Server) runFromTail(ctx context.Context, e *entry, moves []int, find func(from int, at func(int) *g18xx.Action) (*play.ShownRun, bool)) (*play.ShownRun, error) {
	for from := max(0, len(moves)-64); ; from = max(0, from-2*(len(moves)-from)) {
		start := 0
		if from < len(moves) {
			start = moves[from]
		}
		tail, err := s.loadActions(ctx, e.id, start, nil)
		if err != nil {
			return nil, err
		}
		at := func(i int) *g18xx.Action {
			if i-start < 0 || i-start >= len(tail) {
				return &g18xx.Action{}
			}
			return &tail[i-start]
		}
		if run, ok := find(from, at); ok || from == 0 {
			return run, nil
		}
	}
}

// movesAt lists the indices of the effective moves among the stored
// actions of e before the request's history position (?action=N; the
// whole log without it).
func movesAt(r *http.Request, e *entry) []int {
	n := len(e.log)
	if at, err := atParam(r); err == nil && at != nil && *at >= 0 && *at <= n {
		n = *at
	}
	e.syncMoves()
	var moves []int
	for _, m := range e.moves {
		if int(m) < n {
			moves = append(moves, int(m))
		}
	}
	return moves
}

// withGameAt answers with f's result for the game of the path's id, now
// or at the history position ?action=N (the first N stored actions).
func (s *Server) withGameAt(w http.ResponseWriter, r *http.Request, f func(e *entry, g titleGame) (any, error)) {
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	at, err := atParam(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.withGame(w, r, id, func(e *entry) (any, error) {
		g := e.g
		if at != nil {
			var err error
			if g, err = s.historyGame(r.Context(), e, *at); err != nil {
				return nil, err
			}
		}
		return f(e, g)
	})
}

// tilePreview answers the SVG of a hex with a candidate tile laid
// (Config.TilePreview).
func (s *Server) tilePreview(w http.ResponseWriter, r *http.Request) {
	if s.cfg.TilePreview == nil {
		writeError(w, http.StatusNotFound, "this server has no tile previews")
		return
	}
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	q := r.URL.Query()
	hex, tile := q.Get("hex"), q.Get("tile")
	rot, err := strconv.Atoi(q.Get("rotation"))
	if hex == "" || tile == "" || err != nil {
		writeError(w, http.StatusBadRequest, "name the lay: ?hex=HEX&tile=TILE&rotation=0..5")
		return
	}
	s.withGame(w, r, id, func(e *entry) (any, error) {
		svg, err := s.cfg.TilePreview(e.g, hex, tile, rot)
		if err != nil {
			return nil, errorf(http.StatusUnprocessableEntity, "tile preview: %v", err)
		}
		return map[string]any{"hex": hex, "tile": tile, "rotation": rot, "svg": svg}, nil
	})
}

// refusalStatus is the status code of a refused move of the given kind:
// a move out of turn or after the end conflicts with the game's state
// (409; the client refetches the view), a move the rules do not allow or
// that legal does not list is unprocessable (422).
func refusalStatus(k engine.RefusalKind) int {
	switch k {
	case engine.NotYourTurn, engine.GameOver:
		return http.StatusConflict
	}
	return http.StatusUnprocessableEntity
}
