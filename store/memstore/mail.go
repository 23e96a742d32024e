package memstore

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"tresham/store"
)

// Mail is a user's email settings.
func (s *Store) Mail(_ context.Context, userID int64) (store.Mail, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return store.Mail{}, errClosed
	}
	return s.mail[userID], nil
}

// SetMail replaces a user's email settings; ErrConflict when another
// account has the address.
func (s *Store) SetMail(_ context.Context, userID int64, m store.Mail) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return errClosed
	}
	if _, ok := s.users[userID]; !ok {
		return fmt.Errorf("memstore: mail of user %d: %w", userID, store.ErrNotFound)
	}
	if m.Address != "" {
		for id, o := range s.mail {
			if id != userID && strings.EqualFold(o.Address, m.Address) {
				return fmt.Errorf("memstore: mail of user %d: address taken: %w", userID, store.ErrConflict)
			}
		}
	}
	if s.mail == nil {
		s.mail = map[int64]store.Mail{}
	}
	s.mail[userID] = m
	return nil
}

// UserByMail finds the account with a confirmed address.
func (s *Store) UserByMail(_ context.Context, address string) (store.User, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if address != "" {
		for id, m := range s.mail {
			if strings.EqualFold(m.Address, address) {
				return s.users[id], nil
			}
		}
	}
	return store.User{}, fmt.Errorf("memstore: user with address: %w", store.ErrNotFound)
}

// CreateMailToken stores a token, ending the user's earlier ones of the
// same purpose and the expired ones.
func (s *Store) CreateMailToken(_ context.Context, t store.MailToken) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return errClosed
	}
	if _, ok := s.users[t.UserID]; !ok {
		return fmt.Errorf("memstore: mail token of user %d: %w", t.UserID, store.ErrNotFound)
	}
	now := s.now()
	s.tokens = slices.DeleteFunc(s.tokens, func(o store.MailToken) bool {
		return (o.UserID == t.UserID && o.Purpose == t.Purpose) || !now.Before(o.ExpiresAt)
	})
	s.tokens = append(s.tokens, t)
	return nil
}

// UseMailToken takes an unexpired token out of the store.
func (s *Store) UseMailToken(_ context.Context, hash, purpose string, now time.Time) (store.MailToken, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return store.MailToken{}, errClosed
	}
	i := slices.IndexFunc(s.tokens, func(o store.MailToken) bool { return o.Hash == hash && o.Purpose == purpose })
	if i < 0 {
		return store.MailToken{}, fmt.Errorf("memstore: mail token: %w", store.ErrNotFound)
	}
	t := s.tokens[i]
	s.tokens = slices.Delete(s.tokens, i, i+1)
	if !now.Before(t.ExpiresAt) {
		return store.MailToken{}, fmt.Errorf("memstore: mail token: expired: %w", store.ErrNotFound)
	}
	return t, nil
}

// ServerSecret returns the secret stored under name, storing fresh first
// when there is none.
func (s *Store) ServerSecret(_ context.Context, name string, fresh []byte) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errClosed
	}
	if v, ok := s.secrets[name]; ok {
		return slices.Clone(v), nil
	}
	if s.secrets == nil {
		s.secrets = map[string][]byte{}
	}
	s.secrets[name] = slices.Clone(fresh)
	return slices.Clone(fresh), nil
}

// forgetMail drops a deleted user's email settings and tokens (s.mu held).
func (s *Store) forgetMail(userID int64) {
	delete(s.mail, userID)
	s.tokens = slices.DeleteFunc(s.tokens, func(o store.MailToken) bool { return o.UserID == userID })
}
