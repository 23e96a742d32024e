package step

import "tresham/engine"

// Planner is a step whose decision yields its effect: Plan checks a,
// changing nothing, and returns the change to make, so a caller that
// checks and then processes decides once (a run's routes are resolved and
// priced once, not twice).
type Planner[G any] interface {
	Step[G]
	Plan(g G, a *engine.Action) (apply func(), err error)
}

// Apply checks a with s and, when it is accepted, processes it, deciding
// once when s is a Planner. A refused action changes nothing.
func Apply[G any](s Step[G], g G, a *engine.Action) error {
	if p, ok := s.(Planner[G]); ok {
		apply, err := p.Plan(g, a)
		if err != nil {
			return err
		}
		apply()
		return nil
	}
	if err := s.Check(g, a); err != nil {
		return err
	}
	s.Process(g, a)
	return nil
}

// Planned builds a Planner from functions, as Funcs builds a Step. A nil
// IsActive means always active; a nil IsBlocking means blocking while
// active; a nil List lists nothing.
type Planned[G any] struct {
	Kinds      []string
	IsActive   func(G) bool
	IsBlocking func(G) bool
	List       func(G, string) []engine.Choice
	PlanFn     func(G, *engine.Action) (func(), error)
}

// Types implements Step.
func (p *Planned[G]) Types() []string { return p.Kinds }

// Active implements Step.
func (p *Planned[G]) Active(g G) bool { return p.IsActive == nil || p.IsActive(g) }

// Blocking implements Step.
func (p *Planned[G]) Blocking(g G) bool { return p.IsBlocking == nil || p.IsBlocking(g) }

// Choices implements Step.
func (p *Planned[G]) Choices(g G, entity string) []engine.Choice {
	if p.List == nil {
		return nil
	}
	return p.List(g, entity)
}

// Check implements Step.
func (p *Planned[G]) Check(g G, a *engine.Action) error {
	_, err := p.PlanFn(g, a)
	return err
}

// Process implements Step.
func (p *Planned[G]) Process(g G, a *engine.Action) {
	apply, err := p.PlanFn(g, a)
	if err != nil {
		panic("step: Process of an action Check refused: " + err.Error())
	}
	apply()
}

// Plan implements Planner.
func (p *Planned[G]) Plan(g G, a *engine.Action) (func(), error) { return p.PlanFn(g, a) }
