package memstore

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"tresham/store"
	"tresham/store/internal/dbutil"
)

// matches reports whether g is listed by f (everything but the limit).
func matches(g store.Game, f store.Filter) bool {
	holds := func(user int64) bool {
		return slices.ContainsFunc(g.Seats, func(st store.Seat) bool { return st.UserID == user })
	}
	switch {
	case f.Status != "" && g.Status != f.Status,
		f.Title != "" && g.Title != f.Title,
		f.UserID != 0 && g.OwnerID != f.UserID && !holds(f.UserID),
		f.Player != 0 && !holds(f.Player),
		f.OpenSeat && (g.Hotseat || !slices.ContainsFunc(g.Seats, func(st store.Seat) bool { return st.UserID == 0 && st.Bot == "" })),
		f.Listed && g.InviteHash != "" && (f.Viewer == 0 || g.OwnerID != f.Viewer && !holds(f.Viewer)):
		return false
	}
	if f.Search != "" {
		words := store.SearchWords(f.Search)
		have := append(store.SearchWords(g.Name), store.SearchWords(g.Description)...)
		if len(words) == 0 {
			return false
		}
		for _, w := range words {
			if !slices.ContainsFunc(have, func(h string) bool { return strings.HasPrefix(h, w) }) {
				return false
			}
		}
	}
	if c := f.Before; c != nil {
		if g.CreatedAt.After(c.CreatedAt) || g.CreatedAt.Equal(c.CreatedAt) && g.ID >= c.ID {
			return false
		}
	}
	return true
}

// SetPassword stores a new password hash and ends the user's other
// sessions.
func (s *Store) SetPassword(_ context.Context, userID int64, hash, keepSession string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[userID]
	if !ok || !u.DeletedAt.IsZero() {
		return fmt.Errorf("memstore: setting password of user %d: %w", userID, store.ErrNotFound)
	}
	u.PasswordHash = hash
	s.users[userID] = u
	for k, sess := range s.sessions {
		if sess.UserID == userID && k != keepSession {
			delete(s.sessions, k)
		}
	}
	return nil
}

// DeleteUser marks an account deleted and ends its sessions.
func (s *Store) DeleteUser(_ context.Context, userID int64, at time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[userID]
	if !ok || !u.DeletedAt.IsZero() {
		return fmt.Errorf("memstore: deleting user %d: %w", userID, store.ErrNotFound)
	}
	u.DeletedAt, u.PasswordHash, u.WebhookURL = time.UnixMicro(at.UnixMicro()).UTC(), "", ""
	s.users[userID] = u
	s.forgetMail(userID)
	for k, sess := range s.sessions {
		if sess.UserID == userID {
			delete(s.sessions, k)
		}
	}
	return nil
}

// ReleaseName renames the account deleted before deletedBefore that holds
// key, freeing the name.
func (s *Store) ReleaseName(_ context.Context, key string, deletedBefore time.Time) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.byKey[key]
	if !ok {
		return false, nil
	}
	u := s.users[id]
	if u.DeletedAt.IsZero() || !u.DeletedAt.Before(deletedBefore) {
		return false, nil
	}
	delete(s.byKey, u.NameKey)
	delete(s.byName, u.Name)
	u.Name = fmt.Sprint(dbutil.ReleasedPrefix, u.ID)
	u.NameKey = u.Name
	s.users[id], s.byName[u.Name], s.byKey[u.NameKey] = u, id, id
	return true, nil
}
