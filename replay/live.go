package replay

import (
	"fmt"
	"slices"
	"strings"

	"tresham/engine"
	"tresham/program"
)

// SeatError refuses an action (or one of its automatic follow-ups) for an
// entity that the submitter does not decide for.
type SeatError struct {
	Entity     string
	Controller int // the player who decides for Entity now (0: nobody)
}

func (e *SeatError) Error() string {
	if e.Controller == 0 {
		return fmt.Sprintf("%s is not decided by any player now", e.Entity)
	}
	return fmt.Sprintf("you do not play for %s (it is decided by player %d)", e.Entity, e.Controller)
}

// ApplyListed applies a as live play must: the action and each of its
// automatic follow-ups, on the state the previous part left, must be for an
// entity decided by a player for whom mayPlay is true, that entity must be
// acting, and the action must be one of the moves Legal lists for it
// (engine.Covers: same object, price within a listed range). Any refusal
// leaves the game exactly as it was. Messages are not moves: a message is
// refused here (the caller stores chat itself).
//
// Imports and stored logs are replayed with plain Apply: they hold what
// 18xx.games accepted, including actions it never lists (end_game,
// programmed actions).
func ApplyListed(g Game, a *engine.Action, mayPlay func(player int) bool) error {
	eg := Engine(g)
	checked, ok := g.(interface {
		ApplyChecked(*engine.Action, func(*engine.Action) error) error
	})
	if eg == nil || !ok {
		return fmt.Errorf("live play is not supported for %T", g)
	}
	return checked.ApplyChecked(a, func(x *engine.Action) error { return checkListed(g, eg, x, mayPlay) })
}

func checkListed(g Game, eg *engine.Game, a *engine.Action, mayPlay func(int) bool) error {
	if a.Type == "message" {
		return engine.RefuseAs(engine.NotListed, a, "a message is chat, not a move, and cannot be an automatic follow-up")
	}
	ctrl := eg.Controller(a.Entity)
	if ctrl == 0 || !mayPlay(ctrl) {
		return &SeatError{Entity: a.Entity, Controller: ctrl}
	}
	acting := g.Acting()
	if !slices.Contains(acting, a.Entity) {
		return engine.RefuseAs(engine.NotYourTurn, a, "%s may not act now (acting: %s)", a.Entity, strings.Join(acting, ", "))
	}
	if !engine.CoveredBy(eg, g.Legal(a.Entity), *a) {
		return engine.RefuseAs(engine.NotListed, a, "%s %s is not among the moves the rules allow %s now", a.Type, a.Brief(), a.Entity)
	}
	return nil
}

// ApplyLive is ApplyListed followed by the programmed moves (package
// program): after the action and its automatic follow-ups, the program of
// each player then to act makes that player's move, and the moves made
// are appended to a.Auto (as 18xx.games stores them). A programmed-move
// action (setting or cancelling a program) is not a listed move: it is
// accepted from a player's own seat at any time.
func ApplyLive(g Game, a *engine.Action, mayPlay func(player int) bool) error {
	eg := Engine(g)
	f, ok := g.(interface {
		ApplyFollowed(*engine.Action, func(*engine.Action) error, func() []engine.Action) error
	})
	if eg == nil || !ok {
		return fmt.Errorf("live play is not supported for %T", g)
	}
	check := func(x *engine.Action) error {
		if x == a && engine.IsProgramType(x.Type) {
			if ctrl := eg.Controller(x.Entity); x.EntityType != "player" || ctrl == 0 || !mayPlay(ctrl) {
				return &SeatError{Entity: x.Entity, Controller: ctrl}
			}
			return nil
		}
		return checkListed(g, eg, x, mayPlay)
	}
	follow := func() []engine.Action { return nil }
	if pg, ok := g.(program.Game); ok {
		follow = func() []engine.Action { return program.Moves(pg) }
	}
	return f.ApplyFollowed(a, check, follow)
}
