package step

import "tresham/engine"

// Planned builds a step from a plan function, as Funcs builds one from a
// check and a process: PlanFn checks an action, changing nothing, and
// returns the change to make, so Apply decides once (a run's routes are
// resolved and priced once, not twice). A nil
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

// Apply decides a once and, when it is accepted, makes the change (see
// step.Apply); a refusal is marked engine.Unchanged.
func (p *Planned[G]) Apply(g G, a *engine.Action) error {
	apply, err := p.PlanFn(g, a)
	if err != nil {
		return engine.Unchanged(err)
	}
	apply()
	return nil
}
