package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
	"tresham/store"
)

// titleGame is what the server needs from a title game.
type titleGame interface {
	replay.Game
	LogLines() []string
	BestRoutes(corp string) ([]engine.Route, error)
}

// newTitleGame sets up a fresh game for the header's title, seats and options.
func newTitleGame(title string, seats []store.Seat, options []string) (titleGame, error) {
	src := &g18xx.Game{Title: title, Settings: g18xx.Settings{OptionalRules: options}}
	for _, st := range seats {
		src.Players = append(src.Players, g18xx.Player{ID: st.PlayerID, Name: st.Name})
	}
	g, err := replay.New(src)
	if err != nil {
		return nil, err
	}
	tg, ok := g.(titleGame)
	if !ok {
		return nil, fmt.Errorf("title %q lacks the server's game interface", title)
	}
	return tg, nil
}

// logAction is one stored action, decoded.
type logAction struct {
	userID int64
	data   json.RawMessage
	act    g18xx.Action
}

// entry is one game replayed in memory. Its mutex guards everything; the
// store is the truth: an entry is brought up to date with the store's
// header and log before each use.
type entry struct {
	mu   sync.Mutex
	id   int64
	h    store.Game  // the header as last read
	sig  string      // title, options and seats the game was built with
	g    titleGame   // nil: must be rebuilt
	log  []logAction // every stored action (undo, redo, messages included)
	used uint64      // LRU clock value of the last use

	// freshness: an entry is re-read from the store before use unless the
	// store's events (followed by Start) say nothing changed since checked
	checked time.Time
	stale   atomic.Bool  // an event reported a change this entry lacks
	known   atomic.Int64 // len(log) once active; -1 while seats may change

	// undo bookkeeping, kept in step with log by syncMoves
	movesLen  int     // log entries accounted for
	moves     []int   // indices of the effective non-message actions
	redoStack []int64 // users whose undos a redo would take back, last on top
}

// syncMoves brings the undo bookkeeping up to date with the log: new plain
// actions are appended; an undo or redo (rare) recomputes it from scratch.
func (e *entry) syncMoves() {
	if e.movesLen > len(e.log) {
		e.movesLen, e.moves, e.redoStack = 0, nil, nil
	}
	for i := e.movesLen; i < len(e.log); i++ {
		switch e.log[i].act.Type {
		case g18xx.TypeMessage:
		case g18xx.TypeUndo, g18xx.TypeRedo:
			acts := make([]g18xx.Action, len(e.log))
			for j := range e.log {
				acts[j] = e.log[j].act
			}
			e.moves = e.moves[:0]
			for _, j := range g18xx.EffectiveIndices(acts) {
				if acts[j].Type != g18xx.TypeMessage {
					e.moves = append(e.moves, j)
				}
			}
			e.redoStack = redoStack(acts, e.log)
			e.movesLen = len(e.log)
			return
		default:
			e.moves = append(e.moves, i)
			e.redoStack = e.redoStack[:0]
		}
	}
	e.movesLen = len(e.log)
}

// setupSig identifies what a game is built from.
func setupSig(h store.Game) string {
	var b strings.Builder
	b.WriteString(h.Title)
	b.WriteByte('|')
	b.WriteString(strings.Join(h.Options, ","))
	for _, st := range h.Seats {
		fmt.Fprintf(&b, "|%d:%s", st.PlayerID, st.Name)
	}
	return b.String()
}

// game returns the entry of game id, locked and up to date with the store.
// The caller must unlock it.
func (s *Server) game(ctx context.Context, id int64) (*entry, error) {
	s.cacheMu.Lock()
	e := s.cache[id]
	s.tick++
	if e == nil {
		e = &entry{id: id, used: s.tick} // the newest: never the one evicted
		s.cache[id] = e
		s.evictLocked()
	}
	e.used = s.tick
	s.cacheMu.Unlock()

	e.mu.Lock()
	if s.following.Load() && e.g != nil && !e.stale.Load() && s.cfg.Now().Sub(e.checked) < freshFor {
		return e, nil // nothing changed in the store since it was last read
	}
	if err := s.refresh(ctx, e); err != nil {
		e.mu.Unlock()
		if errors.Is(err, store.ErrNotFound) {
			s.cacheMu.Lock()
			if s.cache[id] == e {
				delete(s.cache, id)
			}
			s.cacheMu.Unlock()
			return nil, errorf(http.StatusNotFound, "no game %d", id)
		}
		return nil, err
	}
	return e, nil
}

// evictLocked drops the least recently used entries over the cache size.
// An evicted entry still in use stays correct: it is refreshed from the
// store before every use, like any other.
func (s *Server) evictLocked() {
	for len(s.cache) > s.cfg.CacheSize {
		var oldest int64
		var min uint64
		first := true
		for id, e := range s.cache {
			if first || e.used < min {
				oldest, min, first = id, e.used, false
			}
		}
		delete(s.cache, oldest)
	}
}

// refresh brings e up to date with the store: header, new actions, and a
// rebuilt game when needed. e.mu is held.
func (s *Server) refresh(ctx context.Context, e *entry) error {
	e.stale.Store(false) // before reading: a change after this read marks it again
	e.checked = s.cfg.Now()
	h, err := s.st.GetGame(ctx, e.id)
	if err != nil {
		return fmt.Errorf("load game %d: %w", e.id, err)
	}
	e.h = h
	sig := setupSig(h)
	if sig != e.sig || h.Actions < len(e.log) {
		e.g, e.log, e.sig = nil, nil, sig
	}
	if h.Actions > len(e.log) {
		acts, err := s.st.Actions(ctx, e.id, len(e.log))
		if err != nil {
			return fmt.Errorf("load actions of game %d: %w", e.id, err)
		}
		start := len(e.log)
		for _, a := range acts {
			if a.Seq != len(e.log) {
				return fmt.Errorf("game %d: stored action seq %d, want %d", e.id, a.Seq, len(e.log))
			}
			la := logAction{userID: a.UserID, data: a.Data}
			if err := json.Unmarshal(a.Data, &la.act); err != nil {
				return fmt.Errorf("game %d: stored action %d: %w", e.id, a.Seq, err)
			}
			e.log = append(e.log, la)
		}
		if e.g != nil {
			if err := s.applyNew(e, start); err != nil {
				s.log.Warn("incremental catch-up failed; rebuilding", "game", e.id, "err", err)
				e.g = nil
			}
		}
	}
	e.h.Actions = len(e.log)
	if e.g == nil {
		g, err := s.replayLog(e.h, e.log)
		if err != nil {
			return fmt.Errorf("game %d: %w", e.id, err)
		}
		e.g = g
	}
	e.noteKnown()
	return nil
}

// freshFor bounds how long an entry is trusted without reading the store,
// even when no event reported a change.
const freshFor = 2 * time.Second

// noteKnown records what store events must differ from to mark e stale
// (e.mu held): its action count, or -1 (always stale) while seats and
// status can change without an action.
func (e *entry) noteKnown() {
	if e.h.Status == store.StatusNew {
		e.known.Store(-1)
		return
	}
	e.known.Store(int64(len(e.log)))
}

// markStale marks the cached entry of a game stale unless the event is
// one it already reflects (such as the echo of its own commit).
func (s *Server) markStale(ev store.GameEvent) {
	s.cacheMu.Lock()
	e := s.cache[ev.GameID]
	s.cacheMu.Unlock()
	if e != nil && e.known.Load() != int64(ev.Actions) {
		e.stale.Store(true)
	}
}

// applyNew applies the log entries from start on to the cached game;
// undo and redo need a full rebuild (reported as an error).
func (s *Server) applyNew(e *entry, start int) error {
	for i := start; i < len(e.log); i++ {
		a := &e.log[i].act
		switch a.Type {
		case g18xx.TypeMessage:
			continue
		case g18xx.TypeUndo, g18xx.TypeRedo:
			return errors.New("undo/redo in the new actions")
		}
		ea := replay.Convert(a)
		if err := e.g.Apply(&ea); err != nil {
			return fmt.Errorf("action id %d: %w", a.ID, err)
		}
	}
	return nil
}

// replayLog builds the game of header h from its stored actions.
func (s *Server) replayLog(h store.Game, log []logAction) (titleGame, error) {
	start := time.Now()
	g, err := newTitleGame(h.Title, h.Seats, h.Options)
	if err != nil {
		return nil, err
	}
	acts := make([]g18xx.Action, len(log))
	for i := range log {
		acts[i] = log[i].act
	}
	if err := applyEffective(g, acts); err != nil {
		return nil, err
	}
	s.met.replay.observe(time.Since(start).Seconds())
	return g, nil
}

// applyEffective applies the effective non-message actions of acts.
func applyEffective(g titleGame, acts []g18xx.Action) error {
	var ea engine.Action
	for _, i := range g18xx.EffectiveIndices(acts) {
		a := &acts[i]
		if a.Type == g18xx.TypeMessage {
			continue
		}
		ea = replay.Convert(a)
		if err := g.Apply(&ea); err != nil {
			return &replayError{ID: a.ID, Type: a.Type, Err: err}
		}
	}
	return nil
}

// replayError names the action at which a log stops replaying.
type replayError struct {
	ID   int
	Type string
	Err  error
}

func (e *replayError) Error() string {
	return fmt.Sprintf("action id %d (%s) does not replay: %v", e.ID, e.Type, e.Err)
}

func (e *replayError) Unwrap() error { return e.Err }

// nextID is the id of the next action (ids increase, imports keep theirs).
func (e *entry) nextID() int {
	if n := len(e.log); n > 0 {
		return e.log[n-1].act.ID + 1
	}
	return 1
}

// seatsOf returns the player ids a user may act for: their own human
// seats, or every human seat of a hotseat game they own.
func seatsOf(h store.Game, userID int64) []int {
	if userID == 0 {
		return nil
	}
	var out []int
	for _, st := range h.Seats {
		if st.Bot != "" {
			continue
		}
		if st.UserID == userID || (h.Hotseat && h.OwnerID == userID) {
			out = append(out, st.PlayerID)
		}
	}
	return out
}

// seatOf returns the seat of a player id.
func seatOf(h store.Game, playerID int) (store.Seat, bool) {
	for _, st := range h.Seats {
		if st.PlayerID == playerID {
			return st, true
		}
	}
	return store.Seat{}, false
}

// actingPlayers maps each acting entity's controller to its entities.
func actingPlayers(g titleGame) map[int][]string {
	out := map[int][]string{}
	for _, e := range g.Acting() {
		if p := replay.Controller(g, e); p != 0 {
			out[p] = append(out[p], e)
		}
	}
	return out
}

// undoState is what undo and redo may do now for a user.
type undoState struct {
	// undo is the undo action to append (nil: nothing to undo).
	undo *g18xx.Action
	// redo is true when the latest undo group may be redone.
	redo bool
}

// undoFor works out the undo and redo open to user (e.mu held): the user
// may take back their latest effective action together with the bot moves
// after it, but not past another human's move; they may redo an undo they
// made while nothing else has been played since.
func undoFor(e *entry, userID int64) undoState {
	var us undoState
	if userID == 0 || e.h.Status != store.StatusActive && e.h.Status != store.StatusFinished {
		return us
	}
	e.syncMoves()
	moves := e.moves
	for k := len(moves) - 1; k >= 0; k-- {
		la := &e.log[moves[k]]
		if la.userID == userID {
			u := g18xx.Action{Type: g18xx.TypeUndo, Entity: la.act.Entity, EntityType: la.act.EntityType}
			if k < len(moves)-1 {
				target := 0
				if k > 0 {
					target = e.log[moves[k-1]].act.ID
				}
				u.ActionID = &target
			}
			us.undo = &u
			break
		}
		if la.userID != 0 || !isBotMove(e.h, la.act) {
			break // another human moved since
		}
	}
	us.redo = len(e.redoStack) > 0 && e.redoStack[len(e.redoStack)-1] == userID
	return us
}

// isBotMove reports whether a stored action came from a bot seat's entity
// (player entities of bot seats, or symbols, submitted with user 0).
func isBotMove(h store.Game, a g18xx.Action) bool {
	if id, ok := a.Entity.PlayerID(); ok {
		st, found := seatOf(h, id)
		return found && st.Bot != ""
	}
	return slices.ContainsFunc(h.Seats, func(st store.Seat) bool { return st.Bot != "" })
}

// redoStack returns the users whose undos a redo would take back, the next
// one last (empty: nothing to redo). It follows g18xx.Resolve's rules for
// the redo stack.
func redoStack(acts []g18xx.Action, log []logAction) []int64 {
	ids := make(map[int]bool, len(acts))
	for i := range acts {
		if acts[i].ID != 0 {
			ids[acts[i].ID] = true
		}
	}
	var stack []int64
	for i := range acts {
		a := &acts[i]
		switch a.Type {
		case g18xx.TypeUndo:
			if a.ActionID != nil && *a.ActionID != 0 && !ids[*a.ActionID] {
				continue // ignored by Resolve
			}
			stack = append(stack, log[i].userID)
		case g18xx.TypeRedo:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case g18xx.TypeMessage:
		default:
			stack = stack[:0]
		}
	}
	return stack
}
