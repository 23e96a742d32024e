package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"tresham/store"
	"tresham/store/internal/dbutil"
)

// listDialect is the SQLite form of the lobby query: numbered parameters
// (?1, ?2, …, so one value may be used twice), times in microseconds.
var listDialect = dbutil.Dialect{
	Param: func(n int) string { return "?" + strconv.Itoa(n) },
	Time:  func(t time.Time) any { return micros(t) },
	OpenSeat: `hotseat = 0 AND EXISTS (SELECT 1 FROM json_each(games.seats) AS s` +
		` WHERE coalesce(json_extract(s.value, '$.user_id'), 0) = 0 AND coalesce(json_extract(s.value, '$.bot'), '') = '')`,
	// games_fts (migration 003) indexes name and description; each word is
	// a quoted prefix query, so nothing in it is FTS syntax
	Search: func(words []string, arg func(v any) string) string {
		q := make([]string, len(words))
		for i, w := range words {
			q[i] = `"` + strings.ReplaceAll(w, `"`, `""`) + `"*`
		}
		return `id IN (SELECT rowid FROM games_fts WHERE games_fts MATCH ` + arg(strings.Join(q, " ")) + `)`
	},
	IDIn: func(sub string) string { return "id IN (" + sub + ")" },
}

// SetPassword stores a new password hash and ends the user's other
// sessions, in one transaction.
func (s *Store) SetPassword(ctx context.Context, userID int64, hash, keepSession string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = ? WHERE id = ? AND deleted_at = 0`, hash, userID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return store.ErrNotFound
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?`, userID, keepSession)
		return err
	})
	if err != nil {
		return fmt.Errorf("setting password of user %d: %w", userID, err)
	}
	return nil
}

// DeleteUser marks an account deleted and ends its sessions.
func (s *Store) DeleteUser(ctx context.Context, userID int64, at time.Time) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET deleted_at = ?, password_hash = '', webhook_url = ''
			WHERE id = ? AND deleted_at = 0`, micros(at), userID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return store.ErrNotFound
		}
		for _, q := range []string{`DELETE FROM sessions WHERE user_id = ?`, `DELETE FROM user_mail WHERE user_id = ?`, `DELETE FROM mail_tokens WHERE user_id = ?`} {
			if _, err := tx.ExecContext(ctx, q, userID); err != nil {
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
	res, err := s.w.ExecContext(ctx, `UPDATE users SET name = ?1 || id, name_key = ?1 || id
		WHERE name_key = ?2 AND deleted_at <> 0 AND deleted_at < ?3`, dbutil.ReleasedPrefix, key, micros(deletedBefore))
	if err != nil {
		return false, fmt.Errorf("releasing name %q: %w", key, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("releasing name %q: %w", key, err)
	}
	return n > 0, nil
}
