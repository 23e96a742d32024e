package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"tresham/store"
)

// addressKey is the unique key of an address (NULL for none).
func addressKey(address string) any {
	if address == "" {
		return nil
	}
	return strings.ToLower(address)
}

// Mail is a user's email settings (migration 008).
func (s *Store) Mail(ctx context.Context, userID int64) (store.Mail, error) {
	var m store.Mail
	err := s.r.QueryRowContext(ctx, `SELECT address, turns FROM user_mail WHERE user_id = ?`, userID).Scan(&m.Address, &m.Turns)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Mail{}, nil
	}
	if err != nil {
		return store.Mail{}, fmt.Errorf("mail of user %d: %w", userID, err)
	}
	return m, nil
}

// SetMail replaces a user's email settings.
func (s *Store) SetMail(ctx context.Context, userID int64, m store.Mail) error {
	_, err := s.w.ExecContext(ctx, `INSERT INTO user_mail (user_id, address, address_key, turns) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET address = excluded.address, address_key = excluded.address_key, turns = excluded.turns`,
		userID, m.Address, addressKey(m.Address), m.Turns)
	switch {
	case isUnique(err):
		return fmt.Errorf("mail of user %d: address taken: %w", userID, store.ErrConflict)
	case isForeignKey(err):
		return fmt.Errorf("mail of user %d: %w", userID, store.ErrNotFound)
	case err != nil:
		return fmt.Errorf("mail of user %d: %w", userID, err)
	}
	return nil
}

// UserByMail finds the account with a confirmed address.
func (s *Store) UserByMail(ctx context.Context, address string) (store.User, error) {
	u, err := scanUser(s.r.QueryRowContext(ctx, `SELECT `+userCols+` FROM users WHERE id =
		(SELECT user_id FROM user_mail WHERE address_key = ?)`, addressKey(address)))
	if err != nil {
		return store.User{}, notFound(err, "user with address")
	}
	return u, nil
}

// CreateMailToken stores a token, ending the user's earlier ones of the
// same purpose and every expired one.
func (s *Store) CreateMailToken(ctx context.Context, t store.MailToken) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM mail_tokens WHERE (user_id = ? AND purpose = ?) OR expires_at <= ?`,
			t.UserID, t.Purpose, micros(time.Now())); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO mail_tokens (token_hash, user_id, purpose, address, expires_at) VALUES (?, ?, ?, ?, ?)`,
			t.Hash, t.UserID, t.Purpose, t.Address, micros(t.ExpiresAt))
		return err
	})
	switch {
	case isUnique(err):
		return fmt.Errorf("mail token of user %d: %w", t.UserID, store.ErrConflict)
	case isForeignKey(err):
		return fmt.Errorf("mail token of user %d: %w", t.UserID, store.ErrNotFound)
	case err != nil:
		return fmt.Errorf("mail token of user %d: %w", t.UserID, err)
	}
	return nil
}

// UseMailToken takes an unexpired token out of the store.
func (s *Store) UseMailToken(ctx context.Context, hash, purpose string, now time.Time) (store.MailToken, error) {
	t := store.MailToken{Hash: hash, Purpose: purpose}
	var exp int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `DELETE FROM mail_tokens WHERE token_hash = ? AND purpose = ?
			RETURNING user_id, address, expires_at`, hash, purpose).Scan(&t.UserID, &t.Address, &exp)
		if err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		return store.MailToken{}, notFound(err, "mail token")
	}
	t.ExpiresAt = fromMicros(exp)
	if !now.Before(t.ExpiresAt) {
		return store.MailToken{}, fmt.Errorf("mail token: expired: %w", store.ErrNotFound)
	}
	return t, nil
}

// ServerSecret returns the secret stored under name, storing fresh first
// when there is none.
func (s *Store) ServerSecret(ctx context.Context, name string, fresh []byte) ([]byte, error) {
	var v []byte
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`, name, fresh); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT value FROM server_secrets WHERE name = ?`, name).Scan(&v)
	})
	if err != nil {
		return nil, fmt.Errorf("server secret %q: %w", name, err)
	}
	return v, nil
}
