// Package step is the machinery every title's rounds share: a round is an
// ordered list of steps, and an action goes to the first active step that
// takes its type. A step decides legality in one place, Check, which
// changes nothing; Choices lists exactly the moves Check accepts; Process
// runs only after Check passed and does not fail, so a refused action
// leaves the game untouched without a replay.
//
// G is the title's game type; shared steps are configured by small hooks
// structs that the titles fill in.
package step

import (
	"slices"

	"tresham/engine"
)

// Step is one part of a round (a stock-round turn, laying track, running
// routes, buying trains, ...).
type Step[G any] interface {
	// Types lists the action types the step takes.
	Types() []string
	// Active reports whether the step is open now.
	Active(g G) bool
	// Blocking reports whether, while active, later steps wait for it
	// (their choices are not listed and their actions are refused).
	Blocking(g G) bool
	// Choices lists the moves entity may make at this step now: each is
	// accepted by Check, and every action Check accepts is covered by
	// one of them (engine.Covers).
	Choices(g G, entity string) []engine.Choice
	// Check decides whether a may be processed now. It changes nothing.
	Check(g G, a *engine.Action) error
	// Process applies a, which Check accepted. It does not fail.
	Process(g G, a *engine.Action)
}

// takes reports whether s takes actions of type typ, asking the step's
// Takes when it has one (which, unlike Types, allocates nothing).
func takes[G any](s Step[G], typ string) bool {
	if t, ok := s.(interface{ Takes(string) bool }); ok {
		return t.Takes(typ)
	}
	return slices.Contains(s.Types(), typ)
}

// Round is an ordered list of steps.
type Round[G any] struct {
	Steps []Step[G]
	// NotNow words the refusal of an action that no open step takes (the
	// rule that says why: not this entity's turn, too early in the turn);
	// nil refuses it plainly.
	NotNow func(g G, a *engine.Action) error
}

// notNow refuses a, which no open step takes.
func (r *Round[G]) notNow(g G, a *engine.Action) error {
	if r.NotNow != nil {
		return r.NotNow(g, a)
	}
	return engine.Refuse(a, "no step of this round takes %s now", a.Type)
}

// For returns the first active step that takes actions of type typ, or nil
// when none does or a blocking step comes first.
func (r *Round[G]) For(g G, typ string) Step[G] {
	for _, s := range r.Steps {
		if !s.Active(g) {
			continue
		}
		if takes(s, typ) {
			return s
		}
		if s.Blocking(g) {
			return nil
		}
	}
	return nil
}

// Process checks a and, when it is accepted, applies it. A refused action
// changes nothing, and its refusal is marked engine.Unchanged so that the
// journal skips the restore.
func (r *Round[G]) Process(g G, a *engine.Action) error {
	s := r.For(g, a.Type)
	if s == nil {
		return engine.Unchanged(r.notNow(g, a))
	}
	return Apply(s, g, a)
}

// Choices lists entity's moves over the active steps in order, up to and
// including the first blocking one.
func (r *Round[G]) Choices(g G, entity string) []engine.Choice {
	var out []engine.Choice
	for _, s := range r.Steps {
		if !s.Active(g) {
			continue
		}
		out = append(out, s.Choices(g, entity)...)
		if s.Blocking(g) {
			break
		}
	}
	return out
}

// Funcs builds a Step from functions, for steps too small for a type of
// their own. A nil Active means always active; a nil Blocking means
// blocking while active (the usual case); a nil Choices lists nothing.
type Funcs[G any] struct {
	Kinds      []string
	IsActive   func(G) bool
	IsBlocking func(G) bool
	List       func(G, string) []engine.Choice
	CheckFn    func(G, *engine.Action) error
	ProcessFn  func(G, *engine.Action)
}

// Types implements Step.
func (f *Funcs[G]) Types() []string { return f.Kinds }

// Active implements Step.
func (f *Funcs[G]) Active(g G) bool { return f.IsActive == nil || f.IsActive(g) }

// Blocking implements Step.
func (f *Funcs[G]) Blocking(g G) bool { return f.IsBlocking == nil || f.IsBlocking(g) }

// Choices implements Step.
func (f *Funcs[G]) Choices(g G, entity string) []engine.Choice {
	if f.List == nil {
		return nil
	}
	return f.List(g, entity)
}

// Check implements Step.
func (f *Funcs[G]) Check(g G, a *engine.Action) error { return f.CheckFn(g, a) }

// Process implements Step.
func (f *Funcs[G]) Process(g G, a *engine.Action) { f.ProcessFn(g, a) }
