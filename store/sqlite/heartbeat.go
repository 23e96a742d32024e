package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"tresham/store"
)

// Heartbeat records that instance was alive at at (migration 005), and
// forgets the instances silent for store.HeartbeatForget.
func (s *Store) Heartbeat(ctx context.Context, instance string, at time.Time) error {
	if instance == "" {
		return fmt.Errorf("heartbeat: empty instance name")
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO heartbeats (instance, at) VALUES (?, ?)
			ON CONFLICT (instance) DO UPDATE SET at = excluded.at`, instance, micros(at)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM heartbeats WHERE at < ?`, micros(at.Add(-store.HeartbeatForget)))
		return err
	})
	if err != nil {
		return fmt.Errorf("heartbeat of %s: %w", instance, err)
	}
	return nil
}

// LastHeartbeat is the latest heartbeat of any instance (zero: none).
func (s *Store) LastHeartbeat(ctx context.Context) (time.Time, error) {
	var at sql.NullInt64
	if err := s.r.QueryRowContext(ctx, `SELECT max(at) FROM heartbeats`).Scan(&at); err != nil {
		return time.Time{}, fmt.Errorf("reading the last heartbeat: %w", err)
	}
	if !at.Valid {
		return time.Time{}, nil
	}
	return fromMicros(at.Int64), nil
}
