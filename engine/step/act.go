package step

import "tresham/engine"

// ActHooks configure an Act step: one kind of action of the corporation
// acting now whose rule is the title's (a tile lay, a token, a run, a
// lease, a pass).
type ActHooks[G any] struct {
	Operating[G]
	// Kind is the action type the step takes.
	Kind string
	// Candidates lists the moves c might make now; the step lists those
	// Plan accepts, and a candidate with an Open part (a run's routes) as
	// it is. Nil: one candidate of Kind with nothing else set.
	Candidates func(g G, c *engine.Corporation) []engine.Choice
	// Plan decides a of c, changing nothing, and returns the change to
	// make, which cannot fail.
	Plan func(g G, c *engine.Corporation, a *engine.Action) (func(), error)
	// Blocks makes later steps wait while this one is open.
	Blocks bool
}

// Act is an operating step built from a title's rule for one action
// kind: Check is the title's Plan for the corporation acting now, and
// Choices are the title's candidates that Plan accepts, so the listing is
// exactly what the step takes by construction (for the candidates given).
type Act[G any] struct {
	H     ActHooks[G]
	kinds []string
}

// NewAct builds an Act step from its hooks.
func NewAct[G any](h ActHooks[G]) *Act[G] { return &Act[G]{H: h, kinds: []string{h.Kind}} }

// Track is the step in which the operating corporation lays track (1860
// rules 7.2, 1825 rules 4.2-4.3); the title's hooks hold its allowance
// and the board's rules.
func Track[G any](h ActHooks[G]) *Act[G] { h.Kind = "lay_tile"; return NewAct(h) }

// Token is the step in which the operating corporation places a station
// token (1860 rules 7.3, 1825 rule 4.4).
func Token[G any](h ActHooks[G]) *Act[G] { h.Kind = "place_token"; return NewAct(h) }

// Run is the step in which the operating corporation runs its trains
// (1860 rules 7.4, 1825 rule 4.5); without Candidates it lists run_routes
// with its routes open, for the mover (or the solver) to supply.
func Run[G any](h ActHooks[G]) *Act[G] {
	h.Kind = "run_routes"
	if h.Candidates == nil {
		h.Candidates = func(_ G, c *engine.Corporation) []engine.Choice {
			return []engine.Choice{{Action: engine.CorpAction(c, "run_routes"), Open: "routes"}}
		}
	}
	return NewAct(h)
}

// Pass is the step in which the operating corporation passes the part of
// its turn that is open (the title's Plan says which and whether it may).
func Pass[G any](h ActHooks[G]) *Act[G] { h.Kind = "pass"; return NewAct(h) }

// Types implements Step.
func (s *Act[G]) Types() []string {
	if s.kinds == nil { // built as a literal, not by NewAct
		return []string{s.H.Kind}
	}
	return s.kinds
}

// Takes reports whether the step takes actions of type typ.
func (s *Act[G]) Takes(typ string) bool { return typ == s.H.Kind }

// Active implements Step.
func (s *Act[G]) Active(g G) bool { return s.H.active(g) }

// Blocking implements Step.
func (s *Act[G]) Blocking(G) bool { return s.H.Blocks }

// Choices implements Step: the candidates Plan accepts.
func (s *Act[G]) Choices(g G, entity string) []engine.Choice {
	c := s.H.Corp(g)
	if c == nil || c.Sym != entity {
		return nil
	}
	var cands []engine.Choice
	if s.H.Candidates == nil {
		cands = []engine.Choice{{Action: engine.CorpAction(c, s.H.Kind)}}
	} else {
		cands = s.H.Candidates(g, c)
	}
	out := make([]engine.Choice, 0, len(cands))
	for _, ch := range cands {
		if ch.Open == "" {
			if _, err := s.H.Plan(g, c, &ch.Action); err != nil {
				continue
			}
		}
		out = append(out, ch)
	}
	return out
}

// plan decides a for the corporation acting now.
func (s *Act[G]) plan(g G, a *engine.Action) (func(), error) {
	c, err := s.H.actor(g, a)
	if err != nil {
		return nil, err
	}
	return s.H.Plan(g, c, a)
}

// Check implements Step.
func (s *Act[G]) Check(g G, a *engine.Action) error {
	_, err := s.plan(g, a)
	return err
}

// Process implements Step.
func (s *Act[G]) Process(g G, a *engine.Action) {
	apply, err := s.plan(g, a)
	if err != nil {
		panic("step: Process of an action Check refused: " + err.Error())
	}
	apply()
}

// Apply decides a once and, when it is accepted, makes the change (see
// step.Apply); a refusal is marked engine.Unchanged.
func (s *Act[G]) Apply(g G, a *engine.Action) error {
	apply, err := s.plan(g, a)
	if err != nil {
		return engine.Unchanged(err)
	}
	apply()
	return nil
}
