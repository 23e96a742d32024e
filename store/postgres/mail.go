package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

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
	err := s.pool.QueryRow(ctx, `SELECT address, turns FROM user_mail WHERE user_id = $1`, userID).Scan(&m.Address, &m.Turns)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Mail{}, nil
	}
	if err != nil {
		return store.Mail{}, fmt.Errorf("mail of user %d: %w", userID, err)
	}
	return m, nil
}

// SetMail replaces a user's email settings.
func (s *Store) SetMail(ctx context.Context, userID int64, m store.Mail) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO user_mail (user_id, address, address_key, turns) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id) DO UPDATE SET address = excluded.address, address_key = excluded.address_key, turns = excluded.turns`,
		userID, m.Address, addressKey(m.Address), m.Turns)
	switch {
	case pgCode(err) == uniqueViolation:
		return fmt.Errorf("mail of user %d: address taken: %w", userID, store.ErrConflict)
	case pgCode(err) == foreignKeyViolation:
		return fmt.Errorf("mail of user %d: %w", userID, store.ErrNotFound)
	case err != nil:
		return fmt.Errorf("mail of user %d: %w", userID, err)
	}
	return nil
}

// UserByMail finds the account with a confirmed address.
func (s *Store) UserByMail(ctx context.Context, address string) (store.User, error) {
	u, err := scanUser(s.pool.QueryRow(ctx, `SELECT `+userCols+` FROM users u WHERE u.id =
		(SELECT user_id FROM user_mail WHERE address_key = $1)`, addressKey(address)))
	if err != nil {
		return store.User{}, notFound(err, "user with address")
	}
	return u, nil
}

// CreateMailToken stores a token, ending the user's earlier ones of the
// same purpose and every expired one.
func (s *Store) CreateMailToken(ctx context.Context, t store.MailToken) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM mail_tokens WHERE (user_id = $1 AND purpose = $2) OR expires_at <= now()`,
			t.UserID, t.Purpose); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO mail_tokens (token_hash, user_id, purpose, address, expires_at) VALUES ($1, $2, $3, $4, $5)`,
			t.Hash, t.UserID, t.Purpose, t.Address, t.ExpiresAt.UTC())
		return err
	})
	switch {
	case pgCode(err) == uniqueViolation:
		return fmt.Errorf("mail token of user %d: %w", t.UserID, store.ErrConflict)
	case pgCode(err) == foreignKeyViolation:
		return fmt.Errorf("mail token of user %d: %w", t.UserID, store.ErrNotFound)
	case err != nil:
		return fmt.Errorf("mail token of user %d: %w", t.UserID, err)
	}
	return nil
}

// UseMailToken takes an unexpired token out of the store.
func (s *Store) UseMailToken(ctx context.Context, hash, purpose string, now time.Time) (store.MailToken, error) {
	t := store.MailToken{Hash: hash, Purpose: purpose}
	err := s.pool.QueryRow(ctx, `DELETE FROM mail_tokens WHERE token_hash = $1 AND purpose = $2
		RETURNING user_id, address, expires_at`, hash, purpose).Scan(&t.UserID, &t.Address, &t.ExpiresAt)
	if err != nil {
		return store.MailToken{}, notFound(err, "mail token")
	}
	t.ExpiresAt = t.ExpiresAt.UTC()
	if !now.Before(t.ExpiresAt) {
		return store.MailToken{}, fmt.Errorf("mail token: expired: %w", store.ErrNotFound)
	}
	return t, nil
}

// ServerSecret returns the secret stored under name, storing fresh first
// when there is none.
func (s *Store) ServerSecret(ctx context.Context, name string, fresh []byte) ([]byte, error) {
	if _, err := s.pool.Exec(ctx, `INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, name, fresh); err != nil {
		return nil, fmt.Errorf("server secret %q: %w", name, err)
	}
	var v []byte
	if err := s.pool.QueryRow(ctx, `SELECT value FROM server_secrets WHERE name = $1`, name).Scan(&v); err != nil {
		return nil, fmt.Errorf("server secret %q: %w", name, err)
	}
	return v, nil
}
