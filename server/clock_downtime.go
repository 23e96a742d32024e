package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"strconv"
	"time"

	"tresham/clock"
	"tresham/store"
)

// Downtime (issue 20): a server restart charges nothing for the time no
// server ran. Every running instance records a heartbeat in the store every
// heartbeatInterval. A server starting reads the latest heartbeat of any
// instance before its own first one; when it is older than
// downtimeThreshold, no instance ran since, and the server writes the
// clock note "down:<last heartbeat, Unix seconds>" (stamped now, when
// service resumed) into every running clocked game. clock.WaitsFrom and the
// open wait take the noted span off the waits it falls in, so the clock
// stays a function of the stored log, the same on every instance and after
// another restart. The seat to act is charged at most the time between the
// last heartbeat and the crash, and a restart quicker than the threshold is
// charged as play.
const (
	heartbeatInterval = 30 * time.Second
	downtimeThreshold = 2 * heartbeatInterval
)

// startHeartbeat notes a downtime since the last heartbeat of any instance
// in the running clocked games, records this instance's first heartbeat,
// then one every heartbeatInterval until ctx or the server ends. Failures
// are logged: the server serves on, and a downtime not noted is charged as
// before.
func (s *Server) startHeartbeat(ctx context.Context) {
	if s.clocks.instance == "" {
		s.clocks.instance = instanceName()
	}
	now := s.cfg.Now().UTC()
	last, err := s.st.LastHeartbeat(ctx)
	switch {
	case err != nil:
		s.log.Warn("game clock: read the last heartbeat", "err", err)
	case !last.IsZero() && now.Sub(last) > downtimeThreshold:
		s.log.Info("game clock: no server ran since the last heartbeat; noting the downtime", "from", last, "to", now)
		s.noteDowntime(ctx, last, now)
	}
	s.heartbeat(ctx)
	s.every(ctx, heartbeatInterval, func() { s.heartbeat(ctx) })
}

// heartbeat records that this instance is alive now.
func (s *Server) heartbeat(ctx context.Context) {
	if err := s.st.Heartbeat(ctx, s.clocks.instance, s.cfg.Now().UTC()); err != nil && ctx.Err() == nil {
		s.log.Warn("game clock: heartbeat", "instance", s.clocks.instance, "err", err)
	}
}

// instanceName names this server instance in the heartbeats: host, process
// and a random part (two processes may share a host and a pid namespace).
func instanceName() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24)
	return host + "/" + strconv.Itoa(os.Getpid()) + "/" + hex.EncodeToString(b)
}

// noteDowntime writes the downtime from..to into every active clocked game
// whose log does not already cover it (another instance starting at the
// same time may have noted it; the clock counts overlapping notes once).
func (s *Server) noteDowntime(ctx context.Context, from, to time.Time) {
	from, to = from.Truncate(time.Second), to.Truncate(time.Second)
	if !to.After(from) {
		return
	}
	f := store.Filter{Status: store.StatusActive, Limit: 500}
	noted := 0
	for {
		gs, err := s.st.ListGames(ctx, f)
		if err != nil {
			s.log.Warn("game clock: list active games to note a downtime", "err", err)
			return
		}
		for _, g := range gs {
			if g.Clock == "" {
				continue
			}
			if err := s.noteGameDowntime(ctx, g.ID, from, to); err != nil {
				s.log.Warn("game clock: note a downtime", "game", g.ID, "err", err)
				continue
			}
			noted++
		}
		if len(gs) < f.Limit {
			break
		}
		c := store.CursorOf(gs[len(gs)-1])
		f.Before = &c
	}
	s.log.Info("game clock: downtime noted", "from", from, "to", to, "games", noted)
}

// noteGameDowntime writes the downtime note into game id.
func (s *Server) noteGameDowntime(ctx context.Context, id int64, from, to time.Time) error {
	e, err := s.game(ctx, id)
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	defer e.mu.Unlock()
	if e.h.Clock == "" || e.h.Status != store.StatusActive || len(e.h.Seats) == 0 {
		return nil
	}
	cw, err := s.waitsOf(e)
	if err != nil {
		return err
	}
	if cw.downs.Within(from, to) >= to.Sub(from) {
		return nil // noted already
	}
	text := fmt.Sprintf("The server was down from %s to %s; the clock did not run.", from.UTC().Format(noteTime), to.UTC().Format(noteTime))
	return s.commit(ctx, e, clockNoteAction(e.h.Seats[0].PlayerID, clock.DownNote(from), text), 0, "clock", nil)
}

// noteTime is how a downtime note writes its times.
const noteTime = "2006-01-02 15:04:05 UTC"
