package postgres

import (
	"context"
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
	if _, err := s.pool.Exec(ctx, `WITH gone AS (DELETE FROM heartbeats WHERE at < $3 AND instance <> $1)
		INSERT INTO heartbeats (instance, at) VALUES ($1, $2)
		ON CONFLICT (instance) DO UPDATE SET at = excluded.at`, instance, at.UTC(), at.Add(-store.HeartbeatForget).UTC()); err != nil {
		return fmt.Errorf("heartbeat of %s: %w", instance, err)
	}
	return nil
}

// LastHeartbeat is the latest heartbeat of any instance (zero: none).
func (s *Store) LastHeartbeat(ctx context.Context) (time.Time, error) {
	var at *time.Time
	if err := s.pool.QueryRow(ctx, `SELECT max(at) FROM heartbeats`).Scan(&at); err != nil {
		return time.Time{}, fmt.Errorf("reading the last heartbeat: %w", err)
	}
	if at == nil {
		return time.Time{}, nil
	}
	return at.UTC(), nil
}
