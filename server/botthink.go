package server

import (
	"tresham/bot"
	"tresham/engine"
)

// thinks reports whether a bot takes its time over a move (it searches),
// so that it must think on a copy of the game with the entry unlocked.
func thinks(p bot.Player) bool {
	_, ok := p.(*bot.Search)
	return ok
}

// thinkUnlocked asks a searching bot for entity's move on a copy of the
// game, with the entry unlocked while it thinks (and while it waits for a
// thinking slot): requests and views of the game go on meanwhile. e.mu is held on entry and on return. stale reports
// that the game moved on (or was dropped from the cache) while the bot
// thought: its move is not to be made.
func (s *Server) thinkUnlocked(e *entry, p bot.Player, entity string) (a engine.Action, stale bool, err error) {
	f, err := bot.Fork(e.g)
	if err != nil {
		return a, false, err
	}
	n, owner := len(e.log), e.h.OwnerID
	e.mu.Unlock()
	// the account's gate, then a thinking slot: searches beyond the slots
	// wait (their time budget starts when they think), so that they never
	// take every core from the players' requests, and one account's many
	// games do not keep another's bots waiting (thinkfair.go)
	if s.thinkQueued != nil {
		s.thinkQueued(owner)
	}
	if !s.thinkGates.enter(s.done, owner) {
		e.mu.Lock()
		return a, false, s.done.Err()
	}
	select {
	case s.thinkSlots <- struct{}{}:
		if s.thinkStarted != nil {
			s.thinkStarted(owner)
		}
		a, err = p.Choose(f, entity)
		<-s.thinkSlots
	case <-s.done.Done():
		err = s.done.Err()
	}
	s.thinkGates.leave(owner)
	e.mu.Lock()
	if e.g == nil || len(e.log) != n {
		return a, true, nil
	}
	return a, false, err
}
