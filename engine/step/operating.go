package step

import (
	"slices"

	"tresham/engine"
)

// Operating is what the operating-round steps share: the game's core
// state, the corporation that acts in the step now (nil when none) and
// whether the step is open.
type Operating[G any] struct {
	// Base returns the title game's core state.
	Base func(G) *engine.Game
	// Corp returns the corporation that acts in the step now, or nil.
	Corp func(G) *engine.Corporation
	// Open reports whether the step is the current one (nil: always).
	Open func(G) bool
}

func (o *Operating[G]) active(g G) bool {
	return (o.Open == nil || o.Open(g)) && o.Corp(g) != nil
}

// actor returns the corporation acting now when a is its action, or a
// refusal naming who acts.
func (o *Operating[G]) actor(g G, a *engine.Action) (*engine.Corporation, error) {
	c := o.Corp(g)
	if c == nil {
		return nil, engine.Refuse(a, "no corporation acts in this step")
	}
	if a.Entity != c.Sym {
		return nil, engine.Refuse(a, "it is %s's turn, not %s's", c.Sym, a.Entity)
	}
	return c, nil
}

// DividendKinds are the usual dividend decisions: pay the revenue to the
// shareholders, or keep it in the treasury.
var DividendKinds = []string{"payout", "withhold"}

// DividendHooks configure a Dividend step.
type DividendHooks[G any] struct {
	Operating[G]
	// Kinds lists the decisions offered (nil: DividendKinds).
	Kinds []string
	// Pay carries out the decision kind for c: the payout, the price move
	// and what follows in the title.
	Pay func(g G, c *engine.Corporation, kind string)
}

// Dividend is the step in which a corporation that earned revenue pays or
// withholds it (1860 rules 7.5, 1825 rule 4.5).
type Dividend[G any] struct{ H DividendHooks[G] }

func (s *Dividend[G]) kinds() []string {
	if s.H.Kinds == nil {
		return DividendKinds
	}
	return s.H.Kinds
}

// Types implements Step.
func (s *Dividend[G]) Types() []string { return []string{"dividend"} }

// Takes reports whether the step takes actions of type typ.
func (s *Dividend[G]) Takes(typ string) bool { return typ == "dividend" }

// Active implements Step.
func (s *Dividend[G]) Active(g G) bool { return s.H.active(g) }

// Blocking implements Step: the decision must be made.
func (s *Dividend[G]) Blocking(G) bool { return true }

// Choices implements Step: one choice per kind.
func (s *Dividend[G]) Choices(g G, entity string) []engine.Choice {
	c := s.H.Corp(g)
	if c == nil || c.Sym != entity {
		return nil
	}
	out := make([]engine.Choice, 0, len(s.kinds()))
	for _, k := range s.kinds() {
		a := engine.CorpAction(c, "dividend")
		a.Kind = k
		out = append(out, engine.Choice{Action: a})
	}
	return out
}

// Check implements Step.
func (s *Dividend[G]) Check(g G, a *engine.Action) error {
	if _, err := s.H.actor(g, a); err != nil {
		return err
	}
	if !slices.Contains(s.kinds(), a.Kind) {
		return engine.Refuse(a, "dividend kind %q: want one of %v", a.Kind, s.kinds())
	}
	return nil
}

// Process implements Step.
func (s *Dividend[G]) Process(g G, a *engine.Action) { s.H.Pay(g, s.H.Corp(g), a.Kind) }

// DiscardHooks configure a DiscardTrain step.
type DiscardHooks[G any] struct {
	Operating[G]
	// Discarded runs after c returned t to the bank pool (the log line,
	// whether c must discard again).
	Discarded func(g G, c *engine.Corporation, t *engine.Train)
}

// DiscardTrain is the step in which a corporation over its train limit
// returns a train of its choice to the bank pool (1860 rules 7.8, 1825
// rule 4.7.3).
type DiscardTrain[G any] struct{ H DiscardHooks[G] }

// Types implements Step.
func (s *DiscardTrain[G]) Types() []string { return []string{"discard_train"} }

// Takes reports whether the step takes actions of type typ.
func (s *DiscardTrain[G]) Takes(typ string) bool { return typ == "discard_train" }

// Active implements Step.
func (s *DiscardTrain[G]) Active(g G) bool { return s.H.active(g) }

// Blocking implements Step: nothing else happens until the trains fit.
func (s *DiscardTrain[G]) Blocking(G) bool { return true }

// Choices implements Step: each of the corporation's trains.
func (s *DiscardTrain[G]) Choices(g G, entity string) []engine.Choice {
	c := s.H.Corp(g)
	if c == nil || c.Sym != entity {
		return nil
	}
	out := make([]engine.Choice, 0, len(c.Trains))
	for _, t := range c.Trains {
		a := engine.CorpAction(c, "discard_train")
		a.Train = t.ID
		out = append(out, engine.Choice{Action: a})
	}
	return out
}

// Check implements Step.
func (s *DiscardTrain[G]) Check(g G, a *engine.Action) error {
	c, err := s.H.actor(g, a)
	if err != nil {
		return err
	}
	if OwnTrain(c, a.Train) == nil {
		return engine.Refuse(a, "%s has no train %q", c.Sym, a.Train)
	}
	return nil
}

// Process implements Step.
func (s *DiscardTrain[G]) Process(g G, a *engine.Action) {
	c := s.H.Corp(g)
	t := OwnTrain(c, a.Train)
	Discard(s.H.Base(g), c, t)
	if s.H.Discarded != nil {
		s.H.Discarded(g, c, t)
	}
}
