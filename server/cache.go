package server

import (
	"container/list"
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
	"tresham/titles/title"
)

// titleGame is what the server needs from a title game.
type titleGame interface {
	replay.Game
	LogLines() []string
	BestRoutes(corp string) ([]engine.Route, error)
}

// newTitleGame sets up a fresh game for the header's title, seats and
// options, under the 18xx.games rules of a day (zero: today's; an
// imported game's day is importRules).
func newTitleGame(name string, seats []store.Seat, options []string, rules title.Rules) (titleGame, error) {
	src := &g18xx.Game{Title: name, Settings: g18xx.Settings{OptionalRules: options}}
	for _, st := range seats {
		src.Players = append(src.Players, g18xx.Player{ID: st.PlayerID, Name: st.Name})
	}
	g, err := replay.NewOf(src, rules)
	if err != nil {
		return nil, err
	}
	tg, ok := g.(titleGame)
	if !ok {
		return nil, fmt.Errorf("title %q lacks the server's game interface", name)
	}
	return tg, nil
}

// logRec is what an entry keeps of one stored action: enough to offer undo
// and redo and to count end votes. The action itself is read back from
// the store when a whole log is needed (a rebuild, an undo, the history,
// the export): a decoded action is several hundred bytes and the raw JSON
// as much again, which made the log most of a cached game's memory.
type logRec struct {
	id     int32  // the action id
	target int32  // undo: its action_id (noTarget: none, "the last action")
	user   uint16 // who submitted it: index into entry.users
	entity uint16 // index into entry.entities
	etype  uint16 // entity type: index into entry.strs
	vote   uint16 // message: end vote, index into entry.strs (0: none)
	kind   uint8  // recMove, recMessage, recUndo, recRedo
}

// Kinds of logRec.
const (
	recMove uint8 = iota
	recMessage
	recUndo
	recRedo
)

// noTarget marks an undo without action_id.
const noTarget = -1 << 31

// chatRec is one chat message of the log.
type chatRec struct {
	seq  int
	at   int64
	text string
}

// actionLog is an entry's compact log: one logRec per stored action and
// the tables its small indices point into.
type actionLog struct {
	log      []logRec
	users    []int64
	entities []g18xx.Entity
	strs     []string // strs[0] is ""
	chat     []chatRec
}

// reset empties the log.
func (l *actionLog) reset() { *l = actionLog{} }

// index returns the position of v in *tab, adding it when new.
func index[T comparable](tab *[]T, v T) (uint16, error) {
	for i, x := range *tab {
		if x == v {
			return uint16(i), nil
		}
	}
	if len(*tab) > 0xffff {
		return 0, fmt.Errorf("more than %d distinct values", 0xffff)
	}
	*tab = append(*tab, v)
	return uint16(len(*tab) - 1), nil
}

// add appends the record of stored action a, submitted by userID.
func (l *actionLog) add(userID int64, a *g18xx.Action) error {
	if a.ID < 0 || a.ID > 1<<31-1 || a.ActionID != nil && (*a.ActionID < 0 || *a.ActionID > 1<<31-1) {
		return fmt.Errorf("action id %d: ids must be from 0 to %d", a.ID, 1<<31-1)
	}
	if len(l.strs) == 0 {
		l.strs = []string{""}
	}
	r := logRec{id: int32(a.ID), target: noTarget}
	switch a.Type {
	case g18xx.TypeMessage:
		r.kind = recMessage
		l.chat = append(l.chat, chatRec{seq: len(l.log), at: a.CreatedAt, text: a.Message})
	case g18xx.TypeUndo:
		r.kind = recUndo
		if a.ActionID != nil {
			r.target = int32(*a.ActionID)
		}
	case g18xx.TypeRedo:
		r.kind = recRedo
	}
	var err error
	var errs [4]error
	r.user, errs[0] = index(&l.users, userID)
	r.entity, errs[1] = index(&l.entities, a.Entity)
	r.etype, errs[2] = index(&l.strs, a.EntityType)
	r.vote, errs[3] = index(&l.strs, a.EndVote)
	if err = errors.Join(errs[:]...); err != nil {
		return fmt.Errorf("action id %d: %w", a.ID, err)
	}
	l.log = append(l.log, r)
	return nil
}

// clip frees the spare capacity of the log (appends grew it by doubling).
func (l *actionLog) clip() {
	l.log = slices.Clone(l.log)
	l.chat = slices.Clone(l.chat)
}

// userOf returns who submitted log entry i.
func (l *actionLog) userOf(i int) int64 { return l.users[l.log[i].user] }

// entityOf returns the entity and entity type of log entry i.
func (l *actionLog) entityOf(i int) (g18xx.Entity, string) {
	r := &l.log[i]
	return l.entities[r.entity], l.strs[r.etype]
}

// voteOf returns the end vote of message i ("" for none).
func (l *actionLog) voteOf(i int) string { return l.strs[l.log[i].vote] }

// skeleton returns the log as actions carrying only what resolving undo
// and redo reads: type, id and undo target.
func (l *actionLog) skeleton() []g18xx.Action {
	acts := make([]g18xx.Action, len(l.log))
	for i, r := range l.log {
		a := &acts[i]
		a.ID = int(r.id)
		switch r.kind {
		case recMessage:
			a.Type = g18xx.TypeMessage
		case recUndo:
			a.Type = g18xx.TypeUndo
			if r.target != noTarget {
				t := int(r.target)
				a.ActionID = &t
			}
		case recRedo:
			a.Type = g18xx.TypeRedo
		default:
			a.Type = "move"
		}
	}
	return acts
}

// entry is one game replayed in memory. Its mutex guards everything; the
// store is the truth: an entry is brought up to date with the store's
// header and log before each use.
type entry struct {
	mu        sync.Mutex
	id        int64
	h         store.Game    // the header as last read
	sig       string        // title, options and seats the game was built with
	g         titleGame     // nil: must be rebuilt
	actionLog               // every stored action (undo, redo, messages included)
	elem      *list.Element // its place in Server.lru (cacheMu)
	size      int64         // estimated bytes held, as last accounted (cacheMu)
	// usedAt is when the entry last moved to the front of Server.lru
	// (Unix nanoseconds; written under cacheMu's write lock). A use within
	// lruGrain of it leaves the entry where it is (game), so the list is in
	// order of usedAt and usedAt is the last use to within lruGrain.
	usedAt atomic.Int64
	// accounted is the estimate last passed on to the cache's byte count
	// (e.mu); account skips changes smaller than accountGrain.
	accounted int64
	// trimmed: g holds no memoised routes and its log is archived (leanGame.Trim)
	trimmed bool

	// freshness: an entry is re-read from the store before use unless the
	// store's events (followed by Start) say nothing changed since checked
	checked time.Time
	stale   atomic.Bool  // an event reported a change this entry lacks
	known   atomic.Int64 // len(log) once active; -1 while seats may change

	// undo bookkeeping, kept in step with log by syncMoves
	movesLen  int     // log entries accounted for
	moves     []int32 // indices of the effective non-message actions
	redoStack []int64 // users whose undos a redo would take back, last on top
}

// syncMoves brings the undo bookkeeping up to date with the log: new plain
// actions are appended; an undo or redo (rare) recomputes it from scratch.
func (e *entry) syncMoves() {
	if e.movesLen > len(e.log) {
		e.movesLen, e.moves, e.redoStack = 0, nil, nil
	}
	for i := e.movesLen; i < len(e.log); i++ {
		switch e.log[i].kind {
		case recMessage:
		case recUndo, recRedo:
			acts := e.skeleton()
			e.moves = e.moves[:0]
			for _, j := range g18xx.EffectiveIndices(acts) {
				if acts[j].Type != g18xx.TypeMessage {
					e.moves = append(e.moves, int32(j))
				}
			}
			e.redoStack = redoStack(acts, e.userOf)
			e.movesLen = len(e.log)
			return
		default:
			e.moves = append(e.moves, int32(i))
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
	now := s.cfg.Now().UnixNano()
	s.cacheMu.RLock()
	e := s.cache[id]
	s.cacheMu.RUnlock()
	if e == nil || now-e.usedAt.Load() >= int64(lruGrain) {
		// every use of a busy game would otherwise serialise on the write
		// lock: the list moves once per lruGrain at most
		s.cacheMu.Lock()
		e = s.cache[id]
		if e == nil {
			e = &entry{id: id}
			e.elem = s.lru.PushFront(e) // the newest: never the one evicted
			s.cache[id] = e
		} else {
			s.lru.MoveToFront(e.elem)
		}
		e.usedAt.Store(now)
		s.cacheMu.Unlock()
	}

	e.mu.Lock()
	if e.g == nil {
		s.met.cacheMisses.Inc()
	} else {
		s.met.cacheHits.Inc()
	}
	if s.following.Load() && e.g != nil && !e.stale.Load() && s.cfg.Now().Sub(e.checked) < freshFor {
		return e, nil // nothing changed in the store since it was last read
	}
	if err := s.refresh(ctx, e); err != nil {
		e.g, e.sig = nil, ""
		e.reset()
		e.mu.Unlock()
		s.cacheMu.Lock()
		if s.cache[id] == e {
			s.dropLocked(e)
		}
		s.cacheMu.Unlock()
		if errors.Is(err, store.ErrNotFound) {
			return nil, errorf(http.StatusNotFound, "no game %d", id)
		}
		return nil, err
	}
	return e, nil
}

// account brings the cache's byte count up to date with e's estimated
// size (e.mu held), then evicts over the bounds.
func (s *Server) account(e *entry) {
	n := e.estimate()
	if d := n - e.accounted; d < accountGrain && d > -accountGrain {
		return // a move adds tens of bytes: counted once they add up
	}
	e.accounted = n
	s.cacheMu.Lock()
	defer s.cacheMu.Unlock()
	if s.cache[e.id] != e {
		return // evicted meanwhile: it is no longer counted
	}
	s.cacheBytes += n - e.size
	e.size = n
	s.evictLocked()
}

// evictLocked drops the least recently used entries while the cache is
// over its byte bound (or its count bound, when set); the most recently
// used entry always stays. An evicted entry still in use stays correct: it
// is refreshed from the store before every use, like any other.
func (s *Server) evictLocked() {
	for s.lru.Len() > 1 && (s.cacheBytes > s.cfg.CacheBytes || s.cfg.CacheSize > 0 && s.lru.Len() > s.cfg.CacheSize) {
		s.dropLocked(s.lru.Back().Value.(*entry))
		s.met.cacheEvictions.Inc()
	}
	s.met.cacheBytes.Set(float64(s.cacheBytes))
	s.met.cacheEntries.Set(float64(s.lru.Len()))
}

// dropLocked removes e from the cache (cacheMu held).
func (s *Server) dropLocked(e *entry) {
	delete(s.cache, e.id)
	s.lru.Remove(e.elem)
	s.cacheBytes -= e.size
	e.size = 0
}

// Size estimate of a cached game, calibrated with BenchmarkCachedGameBytes
// on the fixtures: a trimmed game's state, its log (records, archived log
// lines, state that grows with play) per action, and what a game in play
// adds (memoised routes, uncompressed log lines) until trimmed again.
const (
	gameBaseBytes   = 32 << 10
	perActionBytes  = 56
	untrimmedBytes  = 160 << 10
	chatExtraBytes  = 48
	trimAfter       = 15 * time.Second // idle time after which a game is trimmed
	janitorInterval = 5 * time.Second
	// lruGrain: uses of a game closer together than this move it to the
	// front of the LRU list once
	lruGrain = time.Second
	// accountGrain: changes of a game's estimate smaller than this are not
	// yet passed on to the cache's byte count (each game's count is off by
	// less than this, about 2 % of a trimmed game)
	accountGrain = 1 << 10
)

// estimate returns the approximate heap bytes held by e (e.mu held).
func (e *entry) estimate() int64 {
	n := int64(gameBaseBytes + perActionBytes*len(e.log))
	for _, c := range e.chat {
		n += int64(len(c.text)) + chatExtraBytes
	}
	if !e.trimmed {
		n += untrimmedBytes
	}
	return n
}

// trim trims e's game (e.mu held) and accounts for the bytes it frees.
func (s *Server) trim(e *entry) {
	if lean, ok := e.g.(leanGame); ok && !e.trimmed {
		lean.Trim()
		e.trimmed = true
		s.account(e)
	}
}

// trimIdle trims the cached games not used for trimAfter: a game in play
// keeps its memoised routes between moves, an idle one only its state.
// Games busy now are left for the next round.
func (s *Server) trimIdle() {
	cutoff := s.cfg.Now().Add(-trimAfter).UnixNano()
	var idle []*entry
	s.cacheMu.RLock()
	for el := s.lru.Back(); el != nil; el = el.Prev() {
		e := el.Value.(*entry)
		if e.usedAt.Load() > cutoff {
			break // the rest were used later still
		}
		idle = append(idle, e)
	}
	s.cacheMu.RUnlock()
	for _, e := range idle {
		if !e.mu.TryLock() {
			continue
		}
		if e.g != nil && !e.trimmed {
			s.trim(e)
		}
		e.mu.Unlock()
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
	if sig != e.sig || h.Actions < len(e.log) || e.g == nil {
		// rebuilt from the whole stored log (the entry keeps no actions)
		e.g, e.sig = nil, sig
		e.reset()
	}
	if h.Actions > len(e.log) {
		start := len(e.log)
		acts, err := s.loadActions(ctx, e.id, start, func(userID int64, a *g18xx.Action) error { return e.add(userID, a) })
		if err != nil {
			return err
		}
		if e.g != nil {
			if err := s.applyNew(e, acts); err != nil {
				s.log.Warn("incremental catch-up failed; rebuilding", "game", e.id, "err", err)
				e.g = nil
				e.reset()
				return s.refresh(ctx, e)
			}
		} else {
			g, err := s.replayActions(e.h, acts, true)
			if err != nil {
				return fmt.Errorf("game %d: %w", e.id, err)
			}
			e.g = g
			e.clip()
			e.trimmed = false
			s.trim(e)
		}
	}
	e.h.Actions = len(e.log)
	if e.g == nil { // no actions yet
		g, err := s.replayActions(e.h, nil, true)
		if err != nil {
			return fmt.Errorf("game %d: %w", e.id, err)
		}
		e.g = g
		e.trimmed = false
	}
	e.noteKnown()
	s.account(e)
	return nil
}

// loadActions reads and decodes the stored actions of game id from seq
// from on, calling each (when not nil) with every one in order.
func (s *Server) loadActions(ctx context.Context, id int64, from int, each func(userID int64, a *g18xx.Action) error) ([]g18xx.Action, error) {
	stored, err := s.st.Actions(ctx, id, from)
	if err != nil {
		return nil, fmt.Errorf("load actions of game %d: %w", id, err)
	}
	acts := make([]g18xx.Action, len(stored))
	for i, a := range stored {
		if a.Seq != from+i {
			return nil, fmt.Errorf("game %d: stored action seq %d, want %d", id, a.Seq, from+i)
		}
		if err := json.Unmarshal(a.Data, &acts[i]); err != nil {
			return nil, fmt.Errorf("game %d: stored action %d: %w", id, a.Seq, err)
		}
		if each != nil {
			if err := each(a.UserID, &acts[i]); err != nil {
				return nil, fmt.Errorf("game %d: stored action %d: %w", id, a.Seq, err)
			}
		}
	}
	return acts, nil
}

// storedLog returns the first n stored actions of e's game (e.mu held; n
// at most len(e.log)).
func (s *Server) storedLog(ctx context.Context, e *entry, n int) ([]g18xx.Action, error) {
	acts, err := s.loadActions(ctx, e.id, 0, nil)
	if err != nil {
		return nil, err
	}
	if len(acts) < n {
		return nil, fmt.Errorf("game %d: %d stored actions, want %d", e.id, len(acts), n)
	}
	return acts[:n], nil
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
	s.cacheMu.RLock()
	e := s.cache[ev.GameID]
	s.cacheMu.RUnlock()
	if e != nil && e.known.Load() != int64(ev.Actions) {
		e.stale.Store(true)
	}
}

// applyNew applies new stored actions to the cached game; undo and redo
// need a full rebuild (reported as an error).
func (s *Server) applyNew(e *entry, acts []g18xx.Action) error {
	for i := range acts {
		a := &acts[i]
		switch a.Type {
		case g18xx.TypeMessage:
			continue
		case g18xx.TypeUndo, g18xx.TypeRedo:
			return errors.New("undo/redo in the new actions")
		}
		ea := replay.Convert(a)
		e.trimmed = false
		if err := e.g.Apply(&ea); err != nil {
			return fmt.Errorf("action id %d: %w", a.ID, err)
		}
	}
	return nil
}

// rulesKey is the stored import header's record of the rules the import
// replayed under (replay.Rules: "today" or an RFC 3339 time).
const rulesKey = "tresham_rules"

// keepRules records in an import's header the rules it replayed under.
func keepRules(h *g18xx.Game, rules title.Rules) {
	v := "today"
	if !rules.AsOf().IsZero() {
		v = rules.AsOf().Format(time.RFC3339)
	}
	if h.Extra == nil {
		h.Extra = map[string]json.RawMessage{}
	}
	h.Extra[rulesKey], _ = json.Marshal(v)
}

// storedRules reads the rules an import's header records (ok false: none).
func storedRules(meta json.RawMessage) (title.Rules, bool) {
	var rec map[string]json.RawMessage
	if len(meta) == 0 || json.Unmarshal(meta, &rec) != nil || rec[rulesKey] == nil {
		return title.Rules{}, false
	}
	var v string
	if json.Unmarshal(rec[rulesKey], &v) != nil {
		return title.Rules{}, false
	}
	r, err := title.ParseRules(v)
	return r, err == nil
}

// rulesOf is the view's name of an imported game's rules ("today" or a
// day; "" for a game made here).
func rulesOf(meta json.RawMessage) string {
	if r, ok := storedRules(meta); ok {
		return r.String()
	}
	return ""
}

// importRules is the day whose 18xx.games rules an imported game follows:
// the rules its import replayed under, recorded in its header (keepRules),
// else (an import stored before they were recorded) those replay.Rules
// finds again from the header and its stored actions. A game made here (no
// meta) follows today's rules.
func importRules(meta json.RawMessage, acts []g18xx.Action) title.Rules {
	if len(meta) == 0 {
		return title.Rules{}
	}
	if r, ok := storedRules(meta); ok {
		return r
	}
	var src g18xx.Game
	if err := json.Unmarshal(meta, &src); err != nil {
		return title.Rules{} // the header was written by the import; it reads
	}
	src.Actions = acts
	return replay.Rules(&src)
}

// replayActions builds the game of header h from its stored actions. A
// game to be cached (live) leaves its accepted actions in the store
// (journalSource) and drops its memoised routes once built.
func (s *Server) replayActions(h store.Game, acts []g18xx.Action, live bool) (titleGame, error) {
	start := time.Now()
	g, err := newTitleGame(h.Title, h.Seats, h.Options, importRules(h.Meta, acts))
	if err != nil {
		return nil, err
	}
	lean, isLean := g.(leanGame)
	if live && isLean {
		lean.KeepActionsIn(s.journalSource(h.ID))
	}
	if err := applyEffective(g, acts); err != nil {
		return nil, err
	}

	s.met.replay.Observe(time.Since(start).Seconds())
	return g, nil
}

// leanGame is a title game that can leave its accepted actions to the
// server's store and drop memoised results: what a cached game needs to
// serve the next action is then its state alone.
type leanGame interface {
	KeepActionsIn(src func(n int) ([]engine.Action, error))
	Trim()
}

// journalSource returns the accepted actions of stored game id for a
// cached game's restore (engine.Journal.Source): the first n effective
// moves of the stored log. It runs when a live action is refused, with
// the entry locked and in step with the store.
func (s *Server) journalSource(id int64) func(n int) ([]engine.Action, error) {
	return func(n int) ([]engine.Action, error) {
		acts, err := s.loadActions(s.done, id, 0, nil)
		if err != nil {
			return nil, err
		}
		out := make([]engine.Action, 0, n)
		for _, i := range g18xx.EffectiveIndices(acts) {
			if len(out) == n {
				break
			}
			if acts[i].Type != g18xx.TypeMessage {
				out = append(out, replay.Convert(&acts[i]))
			}
		}
		return out, nil
	}
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
		return int(e.log[n-1].id) + 1
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
// made while nothing else has been played since. A finished game is final
// for everyone: its end (an agreed end_game or the move that ended it) and
// its result are never taken back, as the view's can_undo says.
func undoFor(e *entry, userID int64) undoState {
	var us undoState
	if userID == 0 || e.h.Status != store.StatusActive {
		return us
	}
	e.syncMoves()
	moves := e.moves
	for k := len(moves) - 1; k >= 0; k-- {
		i := int(moves[k])
		user := e.userOf(i)
		ent, etype := e.entityOf(i)
		if user == userID {
			u := g18xx.Action{Type: g18xx.TypeUndo, Entity: ent, EntityType: etype}
			if k < len(moves)-1 {
				target := 0
				if k > 0 {
					target = int(e.log[moves[k-1]].id)
				}
				u.ActionID = &target
			}
			us.undo = &u
			break
		}
		if user != 0 || !isBotMove(e.h, ent) {
			break // another human moved since
		}
	}
	us.redo = len(e.redoStack) > 0 && e.redoStack[len(e.redoStack)-1] == userID
	return us
}

// isBotMove reports whether a stored action came from a bot seat's entity
// (player entities of bot seats, or symbols, submitted with user 0).
func isBotMove(h store.Game, ent g18xx.Entity) bool {
	if id, ok := ent.PlayerID(); ok {
		st, found := seatOf(h, id)
		return found && st.Bot != ""
	}
	return slices.ContainsFunc(h.Seats, func(st store.Seat) bool { return st.Bot != "" })
}

// redoStack returns the users whose undos a redo would take back, the next
// one last (empty: nothing to redo). It follows g18xx.Resolve's rules for
// the redo stack.
func redoStack(acts []g18xx.Action, userOf func(i int) int64) []int64 {
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
			stack = append(stack, userOf(i))
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

// CacheStats returns the number of games kept replayed in memory and their
// estimated bytes.
func (s *Server) CacheStats() (games int, bytes int64) {
	s.cacheMu.RLock()
	defer s.cacheMu.RUnlock()
	return s.lru.Len(), s.cacheBytes
}
