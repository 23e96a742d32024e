package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Note is a user's private note on a game (migration 007), "" when none.
func (s *Store) Note(ctx context.Context, userID, gameID int64) (string, error) {
	var text string
	err := s.r.QueryRowContext(ctx, `SELECT text FROM notes WHERE user_id = ? AND game_id = ?`, userID, gameID).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("note of user %d on game %d: %w", userID, gameID, err)
	}
	return text, nil
}

// SetNote replaces a user's note on a game; "" deletes it.
func (s *Store) SetNote(ctx context.Context, userID, gameID int64, text string, at time.Time) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		if text == "" {
			_, err := tx.ExecContext(ctx, `DELETE FROM notes WHERE user_id = ? AND game_id = ?`, userID, gameID)
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO notes (user_id, game_id, text, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (user_id, game_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`,
			userID, gameID, text, micros(at))
		return err
	})
	if err != nil {
		return fmt.Errorf("note of user %d on game %d: %w", userID, gameID, err)
	}
	return nil
}
