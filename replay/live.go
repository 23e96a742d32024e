package replay

import (
	"fmt"
	"slices"
	"strings"

	"tresham/engine"
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
