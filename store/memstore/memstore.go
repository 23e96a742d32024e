// Package memstore is an in-memory store.Store: a complete, concurrency-safe
// implementation for tests and for trying the server without a database.
// Everything is lost when the process ends.
package memstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"tresham/store"
	"tresham/store/internal/dbutil"
)

// Store keeps accounts, sessions, games and action logs in memory.
type Store struct {
	mu       sync.Mutex
	now      func() time.Time
	users    map[int64]store.User
	byName   map[string]int64
	byKey    map[string]int64
	sessions map[string]store.Session
	games    map[int64]store.Game
	actions  map[int64][]store.Action
	nextUser int64
	nextGame int64
	subs     map[*subscriber]struct{}
	beats    map[string]time.Time // server instances' heartbeats
	notes    map[noteKey]string   // players' notepads
	mail     map[int64]store.Mail // email settings per user
	tokens   []store.MailToken    // emailed tokens not yet used
	secrets  map[string][]byte    // ServerSecret
	closed   bool
}

type subscriber struct {
	ch chan store.GameEvent
}

// New returns an empty store.
func New() *Store {
	return &Store{
		now:      time.Now,
		users:    map[int64]store.User{},
		byName:   map[string]int64{},
		byKey:    map[string]int64{},
		sessions: map[string]store.Session{},
		games:    map[int64]store.Game{},
		actions:  map[int64][]store.Action{},
		subs:     map[*subscriber]struct{}{},
	}
}

var _ store.Store = (*Store)(nil)

// CreateUser stores a new account; ErrConflict if the name is taken.
func (s *Store) CreateUser(_ context.Context, u store.User) (store.User, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return store.User{}, errClosed
	}
	if u.Name == "" {
		return store.User{}, fmt.Errorf("memstore: creating user: empty name")
	}
	if u.NameKey == "" {
		u.NameKey = u.Name
	}
	if _, ok := s.byName[u.Name]; ok {
		return store.User{}, fmt.Errorf("memstore: user %q: %w", u.Name, store.ErrConflict)
	}
	if _, ok := s.byKey[u.NameKey]; ok {
		return store.User{}, fmt.Errorf("memstore: user %q: name key %q: %w", u.Name, u.NameKey, store.ErrConflict)
	}
	s.nextUser++
	u.ID = s.nextUser
	if u.CreatedAt.IsZero() {
		u.CreatedAt = s.now()
	}
	s.users[u.ID] = u
	s.byName[u.Name] = u.ID
	s.byKey[u.NameKey] = u.ID
	return u, nil
}

// UserByName finds an account by name.
func (s *Store) UserByName(_ context.Context, name string) (store.User, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.byName[name]
	if !ok {
		return store.User{}, fmt.Errorf("memstore: user %q: %w", name, store.ErrNotFound)
	}
	return s.users[id], nil
}

// UserByNameKey finds an account by name key.
func (s *Store) UserByNameKey(_ context.Context, key string) (store.User, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.byKey[key]
	if !ok {
		return store.User{}, fmt.Errorf("memstore: user with name key %q: %w", key, store.ErrNotFound)
	}
	return s.users[id], nil
}

// UserByID finds an account by id.
func (s *Store) UserByID(_ context.Context, id int64) (store.User, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[id]
	if !ok {
		return store.User{}, fmt.Errorf("memstore: user %d: %w", id, store.ErrNotFound)
	}
	return u, nil
}

// SetWebhook sets a user's webhook URL ("" clears it).
func (s *Store) SetWebhook(_ context.Context, userID int64, url string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[userID]
	if !ok {
		return fmt.Errorf("memstore: user %d: %w", userID, store.ErrNotFound)
	}
	u.WebhookURL = url
	s.users[userID] = u
	return nil
}

// CreateSession stores a session.
func (s *Store) CreateSession(_ context.Context, sess store.Session) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u, ok := s.users[sess.UserID]; !ok || !u.DeletedAt.IsZero() || u.PasswordHash != sess.PasswordHash {
		return fmt.Errorf("memstore: session for user %d (unknown, deleted or password changed): %w", sess.UserID, store.ErrNotFound)
	}
	if _, ok := s.sessions[sess.TokenHash]; ok {
		return fmt.Errorf("memstore: session: %w", store.ErrConflict)
	}
	s.sessions[sess.TokenHash] = sess
	return nil
}

// SessionUser returns the user of an unexpired session.
func (s *Store) SessionUser(_ context.Context, tokenHash string, now time.Time) (store.User, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, ok := s.sessions[tokenHash]
	if !ok || !now.Before(sess.ExpiresAt) {
		return store.User{}, fmt.Errorf("memstore: session: %w", store.ErrNotFound)
	}
	u, ok := s.users[sess.UserID]
	if !ok || !u.DeletedAt.IsZero() {
		return store.User{}, fmt.Errorf("memstore: session user %d: %w", sess.UserID, store.ErrNotFound)
	}
	return u, nil
}

// DeleteSession removes a session (unknown sessions are ignored).
func (s *Store) DeleteSession(_ context.Context, tokenHash string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.sessions, tokenHash)
	return nil
}

// CreateGame stores a new game with its initial actions.
func (s *Store) CreateGame(_ context.Context, g store.Game, actions []json.RawMessage) (store.Game, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return store.Game{}, errClosed
	}
	for i, a := range actions {
		if err := dbutil.CheckAction(store.Action{Seq: i, Data: a}, nil); err != nil {
			return store.Game{}, fmt.Errorf("memstore: creating game: %w", err)
		}
	}
	if g.Options == nil {
		g.Options = []string{}
	}
	if g.Seats == nil {
		g.Seats = []store.Seat{}
	}
	s.nextGame++
	g.ID = s.nextGame
	now := time.UnixMicro(s.now().UnixMicro()).UTC() // microseconds, as the SQL stores keep (and cursors carry)
	g.CreatedAt, g.UpdatedAt = now, now
	g.Actions = len(actions)
	g = cloneGame(g)
	log := make([]store.Action, len(actions))
	for i, a := range actions {
		log[i] = store.Action{GameID: g.ID, Seq: i, Data: slices.Clone(a), CreatedAt: now}
	}
	s.games[g.ID] = g
	s.actions[g.ID] = log
	s.publish(store.GameEvent{GameID: g.ID, Actions: g.Actions})
	return cloneGame(g), nil
}

// GetGame returns a game's header.
func (s *Store) GetGame(_ context.Context, id int64) (store.Game, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.games[id]
	if !ok {
		return store.Game{}, fmt.Errorf("memstore: game %d: %w", id, store.ErrNotFound)
	}
	return cloneGame(g), nil
}

// ListGames lists games matching f, newest first.
func (s *Store) ListGames(_ context.Context, f store.Filter) ([]store.Game, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []store.Game
	for _, g := range s.games {
		if !matches(g, f) {
			continue
		}
		out = append(out, cloneGame(g))
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].CreatedAt.Equal(out[j].CreatedAt) {
			return out[i].CreatedAt.After(out[j].CreatedAt)
		}
		return out[i].ID > out[j].ID
	})
	limit := dbutil.Limit(f)
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// UpdateGame writes a game's status, seats and result.
func (s *Store) UpdateGame(_ context.Context, g, prev store.Game) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	cur, ok := s.games[g.ID]
	if !ok {
		return fmt.Errorf("memstore: game %d: %w", g.ID, store.ErrNotFound)
	}
	if cur.Status != prev.Status || !slices.Equal(cur.Seats, prev.Seats) {
		return fmt.Errorf("memstore: game %d changed meanwhile: %w", g.ID, store.ErrConflict)
	}
	s.setHeader(&cur, g)
	s.games[g.ID] = cur
	s.publish(store.GameEvent{GameID: g.ID, Actions: cur.Actions})
	return nil
}

func (s *Store) setHeader(cur *store.Game, g store.Game) {
	c := cloneGame(g)
	cur.Status, cur.Seats, cur.Result = c.Status, c.Seats, c.Result
	cur.UpdatedAt = s.now()
}

// AppendAction stores a at a.Seq if that is the game's action count.
func (s *Store) AppendAction(_ context.Context, a store.Action, g *store.Game) error {
	if err := dbutil.CheckAction(a, g); err != nil {
		return fmt.Errorf("memstore: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return errClosed
	}
	cur, ok := s.games[a.GameID]
	if !ok {
		return fmt.Errorf("memstore: game %d: %w", a.GameID, store.ErrNotFound)
	}
	if a.Seq != cur.Actions {
		return fmt.Errorf("memstore: %w", dbutil.ConflictError(a.GameID, a.Seq, cur.Actions))
	}
	if a.CreatedAt.IsZero() {
		a.CreatedAt = s.now()
	}
	a.Data = slices.Clone(a.Data)
	s.actions[a.GameID] = append(s.actions[a.GameID], a)
	if g != nil {
		s.setHeader(&cur, *g)
	}
	cur.Actions++
	cur.UpdatedAt = s.now()
	s.games[a.GameID] = cur
	s.publish(store.GameEvent{GameID: a.GameID, Actions: cur.Actions})
	return nil
}

// Actions returns a game's actions from sequence number from on.
func (s *Store) Actions(_ context.Context, gameID int64, from int) ([]store.Action, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	log, ok := s.actions[gameID]
	if !ok {
		return nil, fmt.Errorf("memstore: game %d: %w", gameID, store.ErrNotFound)
	}
	from = max(from, 0)
	if from >= len(log) {
		return nil, nil
	}
	out := make([]store.Action, len(log)-from)
	for i, a := range log[from:] {
		a.Data = slices.Clone(a.Data)
		out[i] = a
	}
	return out, nil
}

// Subscribe delivers game events until ctx ends. Events are buffered; a
// subscriber that falls more than 1024 events behind misses events (its
// consumer must re-read the store, which is the truth anyway).
func (s *Store) Subscribe(ctx context.Context) (<-chan store.GameEvent, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, fmt.Errorf("memstore: subscribe: store closed")
	}
	sub := &subscriber{ch: make(chan store.GameEvent, 1024)}
	s.subs[sub] = struct{}{}
	go func() {
		<-ctx.Done()
		s.mu.Lock()
		defer s.mu.Unlock()
		if _, ok := s.subs[sub]; ok {
			delete(s.subs, sub)
			close(sub.ch)
		}
	}()
	return sub.ch, nil
}

// publish sends ev to every subscriber without blocking; s.mu is held.
func (s *Store) publish(ev store.GameEvent) {
	for sub := range s.subs {
		select {
		case sub.ch <- ev:
		default:
		}
	}
}

// Close ends every subscription.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	for sub := range s.subs {
		delete(s.subs, sub)
		close(sub.ch)
	}
	return nil
}

// errClosed is the error of writes after Close.
var errClosed = errors.New("memstore: store closed")

// cloneGame deep-copies the mutable parts of a game header.
func cloneGame(g store.Game) store.Game {
	g.Options = slices.Clone(g.Options)
	g.Seats = slices.Clone(g.Seats)
	g.Meta = slices.Clone(g.Meta)
	if g.Result != nil {
		r := make(map[string]int, len(g.Result))
		for k, v := range g.Result {
			r[k] = v
		}
		g.Result = r
	}
	return g
}
