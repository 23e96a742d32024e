package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"tresham/bot"
	"tresham/engine"
	"tresham/replay"
	"tresham/store"
)

// botActing reports whether a bot seat must move now (e.mu held).
func (s *Server) botActing(e *entry) bool {
	_, _, ok := botTurn(e)
	return ok
}

// botTurn returns an acting entity decided by a bot seat, and that seat.
func botTurn(e *entry) (string, store.Seat, bool) {
	if e.g == nil || e.h.Status != store.StatusActive {
		return "", store.Seat{}, false
	}
	for _, ent := range e.g.Acting() {
		if st, ok := seatOf(e.h, replay.Controller(e.g, ent)); ok && st.Bot != "" {
			return ent, st, true
		}
	}
	return "", store.Seat{}, false
}

// kickBots makes sure a worker plays the bot seats of game id. There is at
// most one worker per game in this instance; other instances may run their
// own, the store's conditional append keeps the log consistent.
func (s *Server) kickBots(id int64) {
	s.botMu.Lock()
	defer s.botMu.Unlock()
	if _, running := s.botRuns[id]; running {
		s.botRuns[id] = true // look again when done
		return
	}
	if s.done.Err() != nil {
		return
	}
	s.botRuns[id] = false
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			s.runBots(id)
			s.botMu.Lock()
			again := s.botRuns[id]
			if !again || s.done.Err() != nil {
				delete(s.botRuns, id)
				s.botMu.Unlock()
				return
			}
			s.botRuns[id] = false
			s.botMu.Unlock()
		}
	}()
}

// runBots plays bot moves until no bot seat is acting (bounded by
// Config.MaxBotMoves). The entry is unlocked between moves, so views and
// other requests interleave.
func (s *Server) runBots(id int64) {
	ctx := s.done
	conflicts := 0
	for n := 0; n < s.cfg.MaxBotMoves; n++ {
		if ctx.Err() != nil {
			return
		}
		e, err := s.game(ctx, id)
		if err != nil {
			if !errors.Is(err, context.Canceled) {
				s.log.Warn("bot worker: load game", "game", id, "err", err)
			}
			return
		}
		moved, err := s.botMove(ctx, e)
		e.mu.Unlock()
		var ae *apiError
		switch {
		case err != nil && errors.As(err, &ae) && ae.code == http.StatusConflict && conflicts < 10:
			conflicts++ // another instance moved: look again
			continue
		case err != nil:
			s.log.Error("bot move failed", "game", id, "err", err)
			return
		case !moved:
			return
		}
		conflicts = 0
	}
	s.log.Warn("bot worker: move limit reached", "game", id, "limit", s.cfg.MaxBotMoves)
}

// botMove makes one bot move if a bot seat is acting (e.mu held).
func (s *Server) botMove(ctx context.Context, e *entry) (bool, error) {
	ent, st, ok := botTurn(e)
	if !ok {
		return false, nil
	}
	p, err := s.seatBot(e, st)
	if err != nil {
		return false, err
	}
	// A train bought from a company another player directs needs that
	// director's agreement ("at a price agreed by both directors"): a bot
	// director is asked; a human one cannot be asked yet, so such offers
	// are not made. A refused offer is hidden and the bot asked again.
	var view bot.Game = e.g
	var ea engine.Action
	var thought *engine.Action
	if thinks(p) {
		a, stale, err := s.thinkUnlocked(e, p, ent)
		switch {
		case stale:
			return true, nil // the game moved on while it thought: look again
		case err != nil:
			s.log.Warn("bot search failed; the heuristic moves", "game", e.id, "entity", ent, "err", err)
		default:
			thought = &a
		}
		// a move refused, or a failed search, is replaced by the
		// heuristic's, which decides at once (under the lock)
		if p, err = bot.New("heuristic", uint64(e.h.Seed)+uint64(len(e.log))); err != nil {
			return false, err
		}
	}
	for try := 0; ; try++ {
		if try == 0 && thought != nil {
			ea = *thought
		} else if ea, err = p.Choose(view, ent); err != nil {
			return false, err
		}
		if s.agreed(e, ea) {
			break
		}
		if try == 50 {
			return false, fmt.Errorf("bot %s found no agreed move", ent)
		}
		view = bot.Hide(view, ea)
	}
	a := replay.Export(ea)
	seat := func(pid int) bool { return pid == st.PlayerID }
	if err := s.commit(ctx, e, a, 0, "bot", seat); err != nil {
		return false, err
	}
	return true, nil
}

// seatBot returns the bot playing seat st, seeded by the game and its
// length (so a replayed position gets the same move).
func (s *Server) seatBot(e *entry, st store.Seat) (bot.Player, error) {
	return bot.New(st.Bot, uint64(e.h.Seed)*0x9e3779b97f4a7c15+uint64(len(e.log)))
}

// agreed reports whether a may be applied as far as the selling director's
// consent goes: no consent needed, or the seller's director is a bot seat
// that agrees. A human director's consent cannot be asked for yet (so, as
// on 18xx.games, a human buyer's offer to a human seller is accepted by
// submitAction without asking; only bots are held to this).
func (s *Server) agreed(e *entry, a engine.Action) bool {
	seller, director, needs := bot.NeedsConsent(e.g, a)
	if !needs {
		return true
	}
	st, ok := seatOf(e.h, director)
	if !ok || st.Bot == "" {
		return false
	}
	p, err := s.seatBot(e, st)
	if err != nil {
		return false
	}
	c, ok := p.(bot.Consenter)
	return ok && c.Agree(e.g, seller, a)
}
