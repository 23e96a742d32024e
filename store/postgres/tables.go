package postgres

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"tresham/store"
	"tresham/store/internal/dbutil"
)

// listDialect is the PostgreSQL form of the lobby query.
var listDialect = dbutil.Dialect{
	Param: func(n int) string { return "$" + strconv.Itoa(n) },
	Time:  func(t time.Time) any { return t },
	OpenSeat: `NOT hotseat AND EXISTS (SELECT 1 FROM jsonb_array_elements(seats::jsonb) AS s` +
		` WHERE coalesce((s->>'user_id')::bigint, 0) = 0 AND coalesce(s->>'bot', '') = '')`,
	// the expression of the GIN index games_search (migration 003); words
	// hold only letters and digits, so none is tsquery syntax
	Search: func(words []string, arg func(v any) string) string {
		q := make([]string, len(words))
		for i, w := range words {
			q[i] = w + ":*"
		}
		return `to_tsvector('simple', name || ' ' || description) @@ to_tsquery('simple', ` + arg(strings.Join(q, " & ")) + `)`
	},
	IDIn: func(sub string) string { return "id = ANY(ARRAY(" + sub + "))" },
}

// SetPassword stores a new password hash and ends the user's other
// sessions, in one transaction.
func (s *Store) SetPassword(ctx context.Context, userID int64, hash, keepSession string) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE users SET password_hash = $1 WHERE id = $2 AND deleted_at IS NULL`, hash, userID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return store.ErrNotFound
		}
		_, err = tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2`, userID, keepSession)
		return err
	})
	if err != nil {
		return fmt.Errorf("setting password of user %d: %w", userID, err)
	}
	return nil
}

// DeleteUser marks an account deleted and ends its sessions.
func (s *Store) DeleteUser(ctx context.Context, userID int64, at time.Time) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE users SET deleted_at = $1, password_hash = '', webhook_url = ''
			WHERE id = $2 AND deleted_at IS NULL`, at, userID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return store.ErrNotFound
		}
		for _, q := range []string{`DELETE FROM sessions WHERE user_id = $1`, `DELETE FROM user_mail WHERE user_id = $1`, `DELETE FROM mail_tokens WHERE user_id = $1`} {
			if _, err := tx.Exec(ctx, q, userID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("deleting user %d: %w", userID, err)
	}
	return nil
}

// ReleaseName renames the account deleted before deletedBefore that holds
// key, freeing the name.
func (s *Store) ReleaseName(ctx context.Context, key string, deletedBefore time.Time) (bool, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE users SET name = $1::text || id, name_key = $1::text || id
		WHERE name_key = $2 AND deleted_at < $3`, dbutil.ReleasedPrefix, key, deletedBefore)
	if err != nil {
		return false, fmt.Errorf("releasing name %q: %w", key, err)
	}
	return tag.RowsAffected() > 0, nil
}
