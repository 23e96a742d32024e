package engine

import "fmt"

// LifecycleSpec is what a title tells the Lifecycle its game type T
// embeds: how to reach the parts of a *T it needs. Its functions take the
// game as an argument (method expressions such as (*Game).apply), so a
// spec holds no game and one spec serves every game of the title.
type LifecycleSpec[T any] struct {
	// Engine is the game's title-independent state.
	Engine func(*T) *Game
	// Lifecycle is the game's embedded Lifecycle.
	Lifecycle func(*T) *Lifecycle[T]
	// Step applies one action (not its automatic follow-ups) to the
	// game's rounds, or refuses it. Messages, the programmed actions
	// 18xx.games stores and end_game never reach it (see Lifecycle.step).
	Step func(*T, *Action) error
	// EndGame ends the game for reason (end_game: "manually_ended").
	EndGame func(*T, string)
	// DropMemos, when set, drops what the game memoises and can compute
	// again (the map's route results), for Trim.
	DropMemos func(*T)
}

// Lifecycle is the part of a title game that every title writes alike:
// it applies actions atomically (Journal), takes the last one back,
// forks the game, hands the accepted actions to a caller that keeps them
// and trims an idle game. A title game T embeds it and sets it up once
// in its constructor with NewLifecycle.
type Lifecycle[T any] struct {
	Journal
	self  *T
	spec  *LifecycleSpec[T]
	fresh func() (*T, error)
}

// NewLifecycle is the Lifecycle of game g, whose title is described by
// spec; fresh sets up a new game exactly as g was set up (the title's
// constructor with g's players and options), from which g is rebuilt by
// replay.
func NewLifecycle[T any](g *T, spec *LifecycleSpec[T], fresh func() (*T, error)) Lifecycle[T] {
	return Lifecycle[T]{self: g, spec: spec, fresh: fresh}
}

func (l *Lifecycle[T]) eng() *Game { return l.spec.Engine(l.self) }

// step is one part of an action: messages and the programmed actions
// 18xx.games stores change nothing, end_game ends the game, anything
// else goes to the title's rounds.
func (l *Lifecycle[T]) step(a *Action) error {
	switch a.Type {
	case "message", ProgramEnable:
		return nil
	case ProgramBuyShares, ProgramSharePass, ProgramDisable:
		l.eng().setProgram(a)
		return nil
	case "end_game":
		l.spec.EndGame(l.self, "manually_ended")
		return nil
	}
	return l.spec.Step(l.self, a)
}

// Apply applies one action (and its stored automatic follow-ups). It is
// atomic: when any part is refused, the game is exactly as it was before
// (unchanged, or restored by replaying the accepted actions, the game
// being a function of its log).
func (l *Lifecycle[T]) Apply(a *Action) error {
	l.eng().ActionID = a.ID
	return l.Journal.Apply(l.eng(), a, l.step, l.restore)
}

// ApplyFollowed is ApplyChecked (check nil: Apply) followed by the moves
// follow makes: after a and its stored follow-ups, follow is asked for
// moves on the state they left, which are applied (unchecked: the caller
// makes only moves the rules list) and appended to a.Auto, until it has
// none (18xx.games' programmed moves). It is atomic like Apply; on a
// refusal a.Auto is as it was.
func (l *Lifecycle[T]) ApplyFollowed(a *Action, check func(*Action) error, follow func() []Action) error {
	l.eng().ActionID = a.ID
	step := l.step
	if check != nil {
		step = Checked(check, l.step)
	}
	return l.Journal.ApplyFollowed(l.eng(), a, step, l.step, follow, l.restore)
}

// ApplyChecked is Apply with check run before the action and before each
// of its automatic follow-ups (Checked); a refusal by check leaves the
// game as any other refusal does.
func (l *Lifecycle[T]) ApplyChecked(a *Action, check func(*Action) error) error {
	l.eng().ActionID = a.ID
	return l.Journal.Apply(l.eng(), a, Checked(check, l.step), l.restore)
}

// Undo takes back the last accepted action (the game is replayed without
// it).
func (l *Lifecycle[T]) Undo() error {
	if l.Source != nil {
		return fmt.Errorf("%s: undo: the accepted actions are kept by the caller", l.eng().Title)
	}
	if l.Applied.Len() == 0 {
		return fmt.Errorf("%s: nothing to undo", l.eng().Title)
	}
	l.Applied.Pop()
	l.Count--
	return l.restore()
}

// restore rebuilds the game from its setup and accepted actions, in place:
// the game's own pointer stays valid.
func (l *Lifecycle[T]) restore() error {
	fresh, err := l.fresh()
	if err != nil {
		return err
	}
	l.spec.Lifecycle(fresh).Source = l.Source
	if err := l.Replay(l.spec.Lifecycle(fresh).Apply); err != nil {
		return err
	}
	self := l.self
	*self = *fresh // l lies inside *self: it now holds fresh's lifecycle
	l.self = self
	return nil
}

// Fork returns an independent copy of the game in its current position:
// a game set up the same way with every accepted action replayed into it
// (a game is a function of its setup and log). The copy keeps its own
// log, so it can be forked again cheaply even when the game's actions are
// kept by the caller (Journal.Source). Bots search on forks.
func (l *Lifecycle[T]) Fork() (*T, error) {
	fresh, err := l.fresh()
	if err != nil {
		return nil, fmt.Errorf("%s: fork: %w", l.eng().Title, err)
	}
	if err := l.Replay(l.spec.Lifecycle(fresh).Apply); err != nil {
		return nil, fmt.Errorf("%s: fork: replay: %w", l.eng().Title, err)
	}
	return fresh, nil
}

// KeepActionsIn makes the caller the keeper of the accepted actions
// (Journal.Source) to save memory: the game stops recording them, and a
// refused action is taken back by replaying src(n), which must return the
// first n actions the game accepted. Call it before the first action: the
// actions recorded so far are dropped.
func (l *Lifecycle[T]) KeepActionsIn(src func(n int) ([]Action, error)) {
	l.Source = src
	l.Applied = ActionLog{}
}

// Trim saves memory while the game sits idle: it drops what the game
// memoises (LifecycleSpec.DropMemos: the map's route results) and
// compresses the log lines of earlier actions (Game.ArchiveLog); the game
// plays on unchanged.
func (l *Lifecycle[T]) Trim() {
	if l.spec.DropMemos != nil {
		l.spec.DropMemos(l.self)
	}
	l.eng().ArchiveLog(l.LogMark)
	l.LogMark = 0
}

// LastLog is the log lines of the last accepted action (with its
// automatic follow-ups).
func (l *Lifecycle[T]) LastLog() []string {
	return append([]string{}, l.eng().Log[l.LogMark:]...)
}
