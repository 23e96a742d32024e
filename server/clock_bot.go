package server

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"tresham/clock"
	"tresham/compat/g18xx"
	"tresham/store"
)

// The clock's notes. The server says in the game's log, as chat lines
// carrying the extra key "clock", when a clocked game's clock started
// ("start"), when a seat ran out of time and a bot took it over
// ("out:<player id>:<bot kind>", on_timeout bot), when its player came
// back ("back:<player id>") and when no server ran ("down:<from>", written
// on starting after a downtime: clock_downtime.go). Their times are the stored actions' times, so
// the clock stays a function of the stored log and the settings, the same
// on every instance and after a restart; no game action is added, so the
// export stays an 18xx.games game (which shows them as chat). Only the
// server writes them (checkChat refuses the key from clients).
const clockKey = clock.NoteKey

// clockMark is a seat's latest out or back note.
type clockMark struct {
	out  bool   // a bot plays the seat; false: its player came back
	kind string // the bot, when out
	at   time.Time
}

// clockNote is one parsed clock note.
type clockNote struct {
	start bool
	pid   int
	mark  clockMark
}

// clockNoteOf parses a as a clock note.
func clockNoteOf(a g18xx.Action) (clockNote, bool) {
	raw, ok := a.Extra[clockKey]
	if !ok || a.Type != g18xx.TypeMessage {
		return clockNote{}, false
	}
	var v string
	if json.Unmarshal(raw, &v) != nil {
		return clockNote{}, false
	}
	at := time.Unix(a.CreatedAt, 0).UTC()
	if v == "start" {
		return clockNote{start: true, mark: clockMark{at: at}}, a.CreatedAt > 0
	}
	parts := strings.Split(v, ":")
	if len(parts) < 2 {
		return clockNote{}, false
	}
	pid, err := strconv.Atoi(parts[1])
	if err != nil {
		return clockNote{}, false
	}
	switch {
	case parts[0] == "out" && len(parts) == 3:
		return clockNote{pid: pid, mark: clockMark{out: true, kind: parts[2], at: at}}, true
	case parts[0] == "back" && len(parts) == 2:
		return clockNote{pid: pid, mark: clockMark{at: at}}, true
	}
	return clockNote{}, false
}

// record applies the note to a game's clock start and seat marks.
func (n clockNote) record(start *time.Time, marks map[int]clockMark) {
	if n.start {
		if start.IsZero() {
			*start = n.mark.at
		}
		return
	}
	marks[n.pid] = n.mark
}

// clockNotes reads the clock notes of a stored log: when the clock
// started (zero: at the first move) and each seat's latest mark.
func clockNotes(acts []g18xx.Action) (time.Time, map[int]clockMark) {
	var start time.Time
	marks := map[int]clockMark{}
	for _, a := range acts {
		if n, ok := clockNoteOf(a); ok {
			n.record(&start, marks)
		}
	}
	return start, marks
}

// clockNoteAction is a clock note in seat pid's name.
func clockNoteAction(pid int, value, text string) g18xx.Action {
	v, _ := json.Marshal(value)
	return g18xx.Action{Type: g18xx.TypeMessage, Entity: g18xx.PlayerEntity(pid), EntityType: g18xx.EntityPlayer,
		Message: text, Extra: map[string]json.RawMessage{clockKey: v}}
}

// clockStart notes in the log that a clocked game's clock starts now, so
// the first player's wait from the start is charged (e.mu held, the game
// just started). A failure is logged: the clock then starts at the first
// move.
func (s *Server) clockStart(ctx context.Context, e *entry) {
	if e.h.Clock == "" || e.h.Status != store.StatusActive || len(e.h.Seats) == 0 {
		return
	}
	cw, err := s.waitsOf(e)
	if err == nil && !cw.start.IsZero() {
		return
	}
	note := clockNoteAction(e.h.Seats[0].PlayerID, "start", "The clock starts.")
	if err := s.commit(ctx, e, note, 0, "clock", nil); err != nil {
		s.log.Warn("game clock: note the start", "game", e.id, "err", err)
	}
}

// nextTimeout is when the first human seat on the clock runs out (on_timeout
// bot only); false when none is on the clock.
func (cs clockNow) nextTimeout(e *entry) (time.Time, bool) {
	if cs.settings.OnTimeout != clock.OnTimeoutBot || cs.open == nil || e.h.Status != store.StatusActive {
		return time.Time{}, false
	}
	var next time.Time
	for _, p := range cs.open.Players {
		st, ok := seatOf(e.h, p)
		if !ok || st.Bot != "" || cs.marks[p].out {
			continue
		}
		if d := cs.deadline(p); next.IsZero() || d.Before(next) {
			next = d
		}
	}
	return next, !next.IsZero()
}

// deadline is when seat p, on the clock in the wait in progress (cs.open
// not nil), runs out (clock.Settings.Deadline). A player who came back
// has their comeback allowance moved on by the downtime since.
func (cs clockNow) deadline(p int) time.Time {
	var back time.Time
	if m, ok := cs.marks[p]; ok {
		back = m.at
		if back.Before(cs.open.From) {
			back = cs.open.From
		}
		back = back.Add(cs.downs.Within(back, cs.open.To))
	}
	return cs.settings.Deadline(cs.left[p], *cs.open, back)
}

// clockWatch holds when to look at which games for seats out of time
// (on_timeout bot). The deadlines follow Config.Now; the watcher looks at
// least once a minute, so a clock set forward is noticed.
type clockWatch struct {
	mu   sync.Mutex
	due  map[int64]time.Time
	wake chan struct{}
}

// clockDue asks the watcher to look at game id at t (or sooner if already
// asked).
func (s *Server) clockDue(id int64, t time.Time) {
	w := &s.clocks.watch
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.due == nil {
		w.due = map[int64]time.Time{}
	}
	old, ok := w.due[id]
	sooner := !ok || t.Before(old)
	if sooner {
		w.due[id] = t
	}
	if w.wake != nil && (sooner || !t.After(s.cfg.Now())) {
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
}

// startClockWatch starts the watcher: it looks once at every active game
// with on_timeout bot (a seat may have run out while no server ran), then
// at each game when it is due.
func (s *Server) startClockWatch(ctx context.Context) {
	w := &s.clocks.watch
	w.mu.Lock()
	if w.wake != nil {
		w.mu.Unlock()
		return
	}
	w.wake = make(chan struct{}, 1)
	w.mu.Unlock()
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.clockScan(ctx)
		timer := time.NewTimer(time.Minute)
		defer timer.Stop()
		for s.done.Err() == nil && ctx.Err() == nil {
			now := s.cfg.Now()
			var ready []int64
			next := now.Add(time.Minute)
			w.mu.Lock()
			for id, t := range w.due {
				if !t.After(now) {
					ready = append(ready, id)
					delete(w.due, id)
				} else if t.Before(next) {
					next = t
				}
			}
			w.mu.Unlock()
			slices.Sort(ready)
			for _, id := range ready {
				s.clockCheck(ctx, id)
			}
			if len(ready) > 0 {
				continue // the checks may have asked for more
			}
			timer.Reset(max(next.Sub(now), 10*time.Millisecond))
			select {
			case <-s.done.Done():
				return
			case <-ctx.Done():
				return
			case <-w.wake:
				timer.Stop() // since Go 1.23 no stale tick follows a Stop
			case <-timer.C:
			}
		}
	}()
}

// clockScan asks the watcher to look at every active game whose clock
// hands a seat out of time to a bot.
func (s *Server) clockScan(ctx context.Context) {
	f := store.Filter{Status: store.StatusActive, Limit: 500}
	now := s.cfg.Now()
	for {
		gs, err := s.st.ListGames(ctx, f)
		if err != nil {
			if ctx.Err() == nil {
				s.log.Warn("game clock: list active games", "err", err)
			}
			return
		}
		for _, g := range gs {
			var st clock.Settings
			if g.Clock != "" && json.Unmarshal([]byte(g.Clock), &st) == nil && st.OnTimeout == clock.OnTimeoutBot {
				s.clockDue(g.ID, now)
			}
		}
		if len(gs) < f.Limit {
			return
		}
		c := store.CursorOf(gs[len(gs)-1])
		f.Before = &c
	}
}

// clockCheck hands the seats of game id whose time ran out to the bot.
func (s *Server) clockCheck(ctx context.Context, id int64) {
	e, err := s.game(ctx, id)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Warn("game clock: load game", "game", id, "err", err)
		}
		return
	}
	kick, err := s.clockEnforce(ctx, e)
	e.mu.Unlock()
	if err != nil {
		s.log.Warn("game clock: time out", "game", id, "err", err)
		s.clockDue(id, s.cfg.Now().Add(time.Second)) // e.g. another instance moved: look again
	}
	if kick {
		s.kickBots(id)
	}
}

// clockEnforce hands every human seat on the clock whose time ran out to
// the game's chosen bot (e.mu held): a note in the log, then the seat's
// bot in the header. It reports whether a bot must now move.
func (s *Server) clockEnforce(ctx context.Context, e *entry) (bool, error) {
	cs, ok := s.clockState(e)
	if !ok || cs.settings.OnTimeout != clock.OnTimeoutBot || e.h.Status != store.StatusActive || e.g == nil {
		return false, nil
	}
	if cs.open != nil {
		for _, p := range cs.open.Players {
			st, ok := seatOf(e.h, p)
			if !ok || st.Bot != "" || cs.marks[p].out {
				continue
			}
			if cs.deadline(p).After(cs.now) {
				continue
			}
			kind := cs.settings.Bot
			if kind == "" {
				kind = handoverBotKind
			}
			text := fmt.Sprintf("%s has run out of time: a bot (%s) plays their turns until they come back.", st.Name, kind)
			if err := s.commit(ctx, e, clockNoteAction(p, fmt.Sprintf("out:%d:%s", p, kind), text), 0, "clock", nil); err != nil {
				return false, fmt.Errorf("note seat %d out of time: %w", p, err)
			}
			s.log.Info("game clock: seat out of time, played by a bot", "game", e.id, "player", p, "bot", kind)
		}
	}
	if err := s.clockSeats(ctx, e); err != nil {
		return false, err
	}
	if cs, ok := s.clockState(e); ok {
		if next, ok := cs.nextTimeout(e); ok {
			s.clockDue(e.id, next)
		}
	}
	return s.botActing(e), nil
}

// clockSeats brings the seats' bots in the header in line with the clock
// notes (e.mu held): a seat out of time is played by its bot; a seat whose
// player came back by them again. A seat handed over for silence
// (handover.go) keeps its bot.
func (s *Server) clockSeats(ctx context.Context, e *entry) error {
	cw, err := s.waitsOf(e)
	if err != nil {
		return err
	}
	nh := e.h
	nh.Seats = slices.Clone(e.h.Seats)
	changed := false
	for i, st := range nh.Seats {
		m, ok := cw.marks[st.PlayerID]
		switch {
		case !ok:
		case m.out && st.Bot == "" && st.Substitute == "":
			nh.Seats[i].Bot = m.kind
			changed = true
		case !m.out && st.Bot != "" && (st.UserID != 0 || e.h.Hotseat):
			nh.Seats[i].Bot = ""
			changed = true
		}
	}
	if !changed {
		return nil
	}
	if err := s.st.UpdateGame(ctx, nh, e.h); err != nil {
		return headerError(fmt.Errorf("game %d: seats after the clock: %w", e.id, err))
	}
	e.h = nh
	s.publishUpdate(nh)
	return nil
}

// clockBack gives the caller back the seats a bot plays because their
// time ran out: POST /api/games/{id}/clock/back, optionally {"seat": i}.
func (s *Server) clockBack(w http.ResponseWriter, r *http.Request) {
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
	var mine []int // seat indexes the caller plays
	for i, st := range h.Seats {
		if st.UserID == u.ID || (h.Hotseat && h.OwnerID == u.ID && st.UserID == 0) {
			mine = append(mine, i)
		}
	}
	cw, err := s.waitsOf(e)
	switch {
	case err != nil:
	case len(mine) == 0:
		err = errorf(http.StatusForbidden, "you hold no seat in game %d", id)
	case h.Status != store.StatusActive:
		err = errorf(http.StatusConflict, "game %d is not being played", id)
	case req.Seat != nil && (*req.Seat < 0 || *req.Seat >= len(h.Seats)):
		err = errorf(http.StatusBadRequest, "seat %d is not a seat index from 0 to %d", *req.Seat, len(h.Seats)-1)
	case req.Seat != nil && !slices.Contains(mine, *req.Seat):
		err = errorf(http.StatusForbidden, "seat %d is not yours", *req.Seat)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var back []int
	for _, i := range mine {
		if (req.Seat == nil || *req.Seat == i) && cw.marks[h.Seats[i].PlayerID].out {
			back = append(back, i)
		}
	}
	if len(back) == 0 {
		s.fail(w, r, errorf(http.StatusConflict, "no seat of yours in game %d is played by a bot for running out of time", id))
		return
	}
	for _, i := range back {
		st := h.Seats[i]
		text := fmt.Sprintf("%s is back and plays their own turns again.", st.Name)
		if err := s.commit(r.Context(), e, clockNoteAction(st.PlayerID, fmt.Sprintf("back:%d", st.PlayerID), text), u.ID, "player", nil); err != nil {
			s.fail(w, r, err)
			return
		}
		s.log.Info("game clock: player back", "game", id, "player", st.PlayerID, "user", u.ID)
	}
	if err := s.clockSeats(r.Context(), e); err != nil {
		s.fail(w, r, err)
		return
	}
	if cs, ok := s.clockState(e); ok {
		if next, ok := cs.nextTimeout(e); ok {
			s.clockDue(e.id, next)
		}
	}
	writeJSON(w, http.StatusOK, summary(e.h))
}

// clockExport adds the clocks to the export of a clocked game (e.mu held)
// under the extra key "tresham_clock": the settings, each player's time
// left, and once finished the penalised ranking beside the book result
// (the export's "result", which stays the engine's). An import keeps the
// export's header, so a stale block is dropped from a game without one.
func (s *Server) clockExport(e *entry, out *g18xx.Game) {
	delete(out.Extra, exportClockKey)
	c := s.clockOf(e)
	if c == nil {
		return
	}
	b, err := json.Marshal(c)
	if err != nil {
		s.log.Warn("game clock: export", "game", e.id, "err", err)
		return
	}
	if out.Extra == nil {
		out.Extra = map[string]json.RawMessage{}
	} else {
		out.Extra = maps.Clone(out.Extra)
	}
	out.Extra[exportClockKey] = b
}

// exportClockKey is the export's extra key for the clocks.
const exportClockKey = "tresham_clock"
