package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Note is a user's private note on a game (migration 007), "" when none.
func (s *Store) Note(ctx context.Context, userID, gameID int64) (string, error) {
	var text string
	err := s.pool.QueryRow(ctx, `SELECT text FROM notes WHERE user_id = $1 AND game_id = $2`, userID, gameID).Scan(&text)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("note of user %d on game %d: %w", userID, gameID, err)
	}
	return text, nil
}

// SetNote replaces a user's note on a game; "" deletes it.
func (s *Store) SetNote(ctx context.Context, userID, gameID int64, text string, at time.Time) error {
	var err error
	if text == "" {
		_, err = s.pool.Exec(ctx, `DELETE FROM notes WHERE user_id = $1 AND game_id = $2`, userID, gameID)
	} else {
		_, err = s.pool.Exec(ctx, `INSERT INTO notes (user_id, game_id, text, updated_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (user_id, game_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`,
			userID, gameID, text, at.UTC())
	}
	if err != nil {
		return fmt.Errorf("note of user %d on game %d: %w", userID, gameID, err)
	}
	return nil
}
