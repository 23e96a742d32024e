package memstore

import (
	"context"
	"time"
)

type noteKey struct{ user, game int64 }

// Note is a user's private note on a game, "" when none.
func (s *Store) Note(_ context.Context, userID, gameID int64) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return "", errClosed
	}
	return s.notes[noteKey{userID, gameID}], nil
}

// SetNote replaces a user's note on a game; "" deletes it.
func (s *Store) SetNote(_ context.Context, userID, gameID int64, text string, _ time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return errClosed
	}
	if text == "" {
		delete(s.notes, noteKey{userID, gameID})
		return nil
	}
	if s.notes == nil {
		s.notes = map[noteKey]string{}
	}
	s.notes[noteKey{userID, gameID}] = text
	return nil
}
