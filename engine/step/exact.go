package step

import (
	"fmt"

	"tresham/engine"
)

// Exact verifies a step's promise on the position g for entity: every
// listed choice that is complete (no Open part: a run's routes are the
// mover's to find) passes Check, and no probe (near misses of the listed
// moves, see engine.NearMisses, plus any extra actions given) that Check
// accepts is left unlisted. It returns the first disagreement found.
// Tests run it over many positions; it never changes g.
func Exact[G any](base *engine.Game, g G, s Step[G], entity string, extra ...engine.Action) error {
	choices := s.Choices(g, entity)
	for _, ch := range choices {
		if ch.Open != "" {
			continue
		}
		a := ch.Action
		if err := s.Check(g, &a); err != nil {
			return fmt.Errorf("listed %s %s refused by Check: %w", a.Type, a.Brief(), err)
		}
	}
	probes := append(engine.NearMisses(base, entity, choices), extra...)
	for _, a := range probes {
		if !typeOf(s, a.Type) {
			continue
		}
		if s.Check(g, &a) == nil && !engine.CoveredBy(base, choices, a) {
			return fmt.Errorf("%s %s accepted by Check but not listed", a.Type, a.Brief())
		}
	}
	return nil
}

func typeOf[G any](s Step[G], typ string) bool {
	for _, t := range s.Types() {
		if t == typ {
			return true
		}
	}
	return false
}
