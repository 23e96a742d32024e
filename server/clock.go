package server

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"tresham/bot"
	"tresham/clock"
	"tresham/compat/g18xx"
	"tresham/play"
	"tresham/store"
)

// Game clocks (issue 20): a table's time control is chosen at creation (a
// preset name or custom settings) and fixed from then on; every view
// carries each player's time left, computed from the stored, timestamped
// log (clock.Waits) and the settings, so it is the same on every instance
// and after a restart. No client sends times: the server stamps actions.
// Time while no server ran is noted in the log as downtime
// (clock_downtime.go) and charged to no one.

// clockSettings reads the clock of a create request: absent or "off" for
// none, a preset's name, or custom settings; 400 naming the field.
func clockSettings(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var name string
	if json.Unmarshal(raw, &name) == nil {
		if name == "" || name == "off" {
			return "", nil
		}
		p, ok := clock.Presets[name]
		if !ok {
			return "", errorf(http.StatusBadRequest, "clock: %q is not one of off, %s", name, strings.Join(clock.PresetNames(), ", "))
		}
		b, err := json.Marshal(p)
		return string(b), err
	}
	var st clock.Settings
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&st); err != nil {
		return "", errorf(http.StatusBadRequest, "clock: %v", err)
	}
	if st.OnTimeout == "" {
		st.OnTimeout = clock.OnTimeoutNone
	}
	if err := st.Validate(); err != nil {
		return "", errorf(http.StatusBadRequest, "%v", err)
	}
	if st.OnTimeout == clock.OnTimeoutBot {
		if st.Bot == "" {
			st.Bot = handoverBotKind
		}
		if _, err := bot.New(st.Bot, 0); err != nil {
			return "", errorf(http.StatusBadRequest, "clock: bot: %v", err)
		}
	}
	b, err := json.Marshal(st)
	return string(b), err
}

// clockJSON is a game view's clocks.
type clockJSON struct {
	Settings clock.Settings `json:"settings"`
	// Left is each player's time left in seconds (negative: over), at
	// AsOf; the players on the clock then keep losing time.
	Left    map[int]int64 `json:"left_s"`
	OnClock []int         `json:"on_clock"`
	AsOf    time.Time     `json:"as_of"`
	// Penalty is the points the ranking takes off each player for time
	// over (on_timeout penalty); the book result stays the engine's.
	Penalty map[int]int `json:"penalty,omitempty"`
	// BotPlayed maps the seats whose time ran out and that a bot plays
	// until their player comes back (on_timeout bot) to the bot's kind.
	BotPlayed map[int]string `json:"bot_played,omitempty"`
	// Ranking is the final ranking with the penalties applied, once the
	// game is finished; Result beside it stays the engine's book result.
	Ranking []rankJSON `json:"ranking,omitempty"`
}

// rankJSON is one player's place in the penalised final ranking.
type rankJSON struct {
	Player  int `json:"player"`
	Value   int `json:"value"`   // the book result
	Penalty int `json:"penalty"` // points off for time over
	Score   int `json:"score"`   // value less penalty
}

// clockWaits caches a game's waits by its stored action count.
type clockWaits struct {
	mu    sync.Mutex
	games map[int64]cachedWaits
	watch clockWatch // when to look at games for seats out of time
	// instance names this server in the store's heartbeats
	// (clock_downtime.go)
	instance string
}

type cachedWaits struct {
	actions int
	waits   []clock.Wait
	after   []int     // who is to act after the last stored action
	last    time.Time // the last move, or the clock's start before any
	pos     int       // the history position after the stored actions (clock.Wait.Pos)
	round   string
	company string
	phase   int
	// start is when the clock started (zero: at the first move), and
	// marks each seat's latest clock note (clock_bot.go).
	start time.Time
	marks map[int]clockMark
	// downs are the log's downtimes: no wait is charged for them
	downs clock.Downtimes
}

// clockOf computes the clocks of entry e now (e.mu held); nil when the
// game has no clock. With on_timeout bot it also tells the watcher when
// the next seat on the clock runs out.
func (s *Server) clockOf(e *entry) *clockJSON {
	cs, ok := s.clockState(e)
	if !ok {
		return nil
	}
	out := &clockJSON{Settings: cs.settings, Left: map[int]int64{}, AsOf: cs.now, OnClock: []int{}}
	if cs.open != nil {
		out.OnClock = cs.open.Players
	}
	for p, d := range cs.left {
		out.Left[p] = int64(d / time.Second)
		if pen := cs.settings.Penalty(d); pen > 0 {
			if out.Penalty == nil {
				out.Penalty = map[int]int{}
			}
			out.Penalty[p] = pen
		}
	}
	for p, m := range cs.marks {
		if m.out {
			if out.BotPlayed == nil {
				out.BotPlayed = map[int]string{}
			}
			out.BotPlayed[p] = m.kind
		}
	}
	if e.g != nil && e.g.IsFinished() {
		out.Ranking = ranking(e.g.Result(), out.Penalty, e.h.Seats)
	}
	if next, ok := cs.nextTimeout(e); ok {
		s.clockDue(e.id, next)
	}
	return out
}

// clockNow is a game's clock at one moment.
type clockNow struct {
	settings clock.Settings
	now      time.Time
	waits    []clock.Wait
	open     *clock.Wait // the wait in progress (nil: none)
	left     map[int]time.Duration
	marks    map[int]clockMark
	downs    clock.Downtimes
}

// clockState computes the clocks of e now (e.mu held); false when the
// game has no clock or it cannot be read.
func (s *Server) clockState(e *entry) (clockNow, bool) {
	if e.h.Clock == "" {
		return clockNow{}, false
	}
	var st clock.Settings
	if err := json.Unmarshal([]byte(e.h.Clock), &st); err != nil {
		s.log.Warn("game clock settings", "game", e.id, "err", err)
		return clockNow{}, false
	}
	cw, err := s.waitsOf(e)
	if err != nil {
		s.log.Warn("game clock", "game", e.id, "err", err)
		return clockNow{}, false
	}
	cs := clockNow{settings: st, now: s.cfg.Now().UTC(), waits: cw.waits, marks: cw.marks, downs: cw.downs}
	if e.h.Status == store.StatusActive && len(cw.after) > 0 && !cw.last.IsZero() {
		cs.open = &clock.Wait{From: cw.last, To: cs.now, Players: cw.after, Round: cw.round, Company: cw.company, Phase: cw.phase,
			Down: clock.Duration(cw.downs.Within(cw.last, cs.now))}
		cs.open.Pos = cw.pos
		n := len(cw.waits)
		cs.open.NewTurn = (n == 0 || !clock.SameTurn(cw.waits[n-1], *cs.open)) && !clock.Replayed(cw.waits, *cs.open)
	}
	ids := make([]int, len(e.h.Seats))
	for i, st := range e.h.Seats {
		ids[i] = st.PlayerID
	}
	cs.left = st.Remaining(cw.waits, cs.open, ids)
	return cs, true
}

// ranking orders the players by their book result less their penalty
// (ties by the book result, then seating order).
func ranking(result map[string]int, penalty map[int]int, seats []store.Seat) []rankJSON {
	out := make([]rankJSON, 0, len(seats))
	for _, st := range seats {
		v := result[strconv.Itoa(st.PlayerID)]
		out = append(out, rankJSON{Player: st.PlayerID, Value: v, Penalty: penalty[st.PlayerID], Score: v - penalty[st.PlayerID]})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].Value > out[j].Value
	})
	return out
}

// waitsOf returns the waits of e's stored log, recomputed only when the
// log grew (e.mu held).
func (s *Server) waitsOf(e *entry) (cachedWaits, error) {
	s.clocks.mu.Lock()
	c, ok := s.clocks.games[e.id]
	s.clocks.mu.Unlock()
	if ok && c.actions == e.h.Actions {
		return c, nil
	}
	src, err := s.exportLog(s.done, e)
	if err != nil {
		return cachedWaits{}, err
	}
	start, marks := clockNotes(src.Actions)
	waits, err := clock.WaitsFrom(src, start)
	if err != nil {
		return cachedWaits{}, err
	}
	c = cachedWaits{actions: e.h.Actions, waits: waits, start: start, marks: marks, last: start, downs: clock.DowntimesOf(src.Actions),
		pos: len(play.Moves(src.Actions))}
	for i := len(src.Actions) - 1; i >= 0; i-- {
		if a := src.Actions[i]; a.Type != g18xx.TypeMessage && a.CreatedAt > 0 {
			c.last = time.Unix(a.CreatedAt, 0).UTC()
			break
		}
	}
	if e.g != nil {
		w := clock.Waiting(e.g)
		c.after, c.round, c.company, c.phase = w.Players, w.Round, w.Company, w.Phase
	}
	s.clocks.mu.Lock()
	if s.clocks.games == nil || len(s.clocks.games) > 10000 {
		s.clocks.games = map[int64]cachedWaits{} // forget all now and then
	}
	s.clocks.games[e.id] = c
	s.clocks.mu.Unlock()
	return c, nil
}

// clockCommitted extends the cached waits of e by its newest stored
// action a (e.mu held, after commit), so a clocked game does not replay
// its log for every view; when the cache is not one action behind it is
// dropped and rebuilt on the next view. It follows clock.Waits exactly: a
// message does not end a wait; a move ends the wait since the previous
// move, charged to whoever was to act after that one.
func (s *Server) clockCommitted(e *entry, a g18xx.Action) {
	if e.h.Clock == "" {
		return
	}
	s.extendWaits(e, a)
	var st clock.Settings
	if json.Unmarshal([]byte(e.h.Clock), &st) != nil || st.OnTimeout != clock.OnTimeoutBot {
		return // only a bot's take-over needs a deadline watched
	}
	if cs, ok := s.clockState(e); ok {
		if next, ok := cs.nextTimeout(e); ok {
			s.clockDue(e.id, next)
		}
	}
}

// extendWaits is clockCommitted's update of the cache.
func (s *Server) extendWaits(e *entry, a g18xx.Action) {
	s.clocks.mu.Lock()
	defer s.clocks.mu.Unlock()
	c, ok := s.clocks.games[e.id]
	if !ok {
		return
	}
	if c.actions != e.h.Actions-1 || e.g == nil || a.Type == g18xx.TypeUndo || a.Type == g18xx.TypeRedo {
		// an undo or redo moves the history position: recompute all
		delete(s.clocks.games, e.id)
		return
	}
	c.actions = e.h.Actions
	if d, ok := clock.DowntimeOf(a); ok {
		if n := len(c.waits); n > 0 && d.From.Before(c.waits[n-1].To) {
			delete(s.clocks.games, e.id) // it reaches into a charged wait: recompute all
			return
		}
		c.downs = c.downs.Add(d)
	}
	if note, ok := clockNoteOf(a); ok {
		c.marks = maps.Clone(c.marks)
		if c.marks == nil {
			c.marks = map[int]clockMark{}
		}
		note.record(&c.start, c.marks)
		if note.start && c.last.IsZero() { // the clock starts before any move
			c.last = c.start
			wt := clock.Waiting(e.g)
			c.after, c.round, c.company, c.phase = wt.Players, wt.Round, wt.Company, wt.Phase
		}
	}
	if a.Type != g18xx.TypeMessage && a.CreatedAt > 0 {
		at := time.Unix(a.CreatedAt, 0).UTC()
		if !c.last.IsZero() && len(c.after) > 0 {
			w := clock.Wait{After: c.actions - 1, Action: a.ID, From: c.last, To: at, Players: c.after, Round: c.round, Company: c.company, Phase: c.phase,
				Down: clock.Duration(c.downs.Within(c.last, at)), Pos: c.pos}
			n := len(c.waits)
			w.NewTurn = (n == 0 || !clock.SameTurn(c.waits[n-1], w)) && !clock.Replayed(c.waits, w)
			c.waits = append(c.waits[:n:n], w)
		}
		c.last = at
		wt := clock.Waiting(e.g)
		c.after, c.round, c.company, c.phase = wt.Players, wt.Round, wt.Company, wt.Phase
	}
	if a.Type != g18xx.TypeMessage {
		c.pos++ // a move (an undo or redo dropped the cache above)
	}
	s.clocks.games[e.id] = c
}

// lobbyClocks fills in the time left of the running clocked games in a
// lobby page that viewer plays or hosts (the clocks that matter to them;
// each is computed from its game, loaded if need be).
func (s *Server) lobbyClocks(ctx context.Context, viewer int64, page []summaryJSON) {
	for i := range page {
		g := &page[i]
		if viewer == 0 || g.Clock == nil || g.Status != store.StatusActive || !(g.Owner == viewer || slices.ContainsFunc(g.Seats, func(st store.Seat) bool { return st.UserID == viewer })) {
			continue
		}
		e, err := s.game(ctx, g.ID)
		if err != nil {
			continue // the listing stands without it
		}
		if c := s.clockOf(e); c != nil {
			g.TimeLeft = c.Left
		}
		e.mu.Unlock()
	}
}
