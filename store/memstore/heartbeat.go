package memstore

import (
	"context"
	"fmt"
	"time"

	"tresham/store"
)

// Heartbeat records that instance was alive at at, and forgets the
// instances silent for store.HeartbeatForget.
func (s *Store) Heartbeat(_ context.Context, instance string, at time.Time) error {
	if instance == "" {
		return fmt.Errorf("memstore: heartbeat: empty instance name")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return errClosed
	}
	if s.beats == nil {
		s.beats = map[string]time.Time{}
	}
	s.beats[instance] = at.UTC().Truncate(time.Microsecond)
	for k, t := range s.beats {
		if t.Before(at.Add(-store.HeartbeatForget)) {
			delete(s.beats, k)
		}
	}
	return nil
}

// LastHeartbeat is the latest heartbeat of any instance (zero: none).
func (s *Store) LastHeartbeat(context.Context) (time.Time, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return time.Time{}, errClosed
	}
	var last time.Time
	for _, t := range s.beats {
		if t.After(last) {
			last = t
		}
	}
	return last, nil
}
