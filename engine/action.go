package engine

import (
	"errors"
	"fmt"
	"strconv"
)

// Action is one player decision, in the shape of the 18xx.games action schema.
// Entity is a player id (as decimal text) or a corporation/company symbol.
type Action struct {
	ID          int
	Type        string
	Entity      string
	EntityType  string // player, corporation, company
	Price       int
	Company     string
	Corporation string
	SharePrice  string
	Shares      []string
	Percent     int
	Hex         string
	Tile        string
	Rotation    int
	City        string
	Slot        int
	Train       string
	Variant     string
	Routes      []Route
	Kind        string
	Description string
	Cost        int
	Message     string
	Auto        []Action
	// Program holds the settings of a programmed-move action (program.go).
	Program *ProgramSpec
}

// Route is one train's run as submitted.
type Route struct {
	Train       string
	Connections [][]string
	Nodes       []string
	Hexes       []string
	Revenue     *int
	Subsidy     *int
	Halts       *int
}

// PlayerAction returns an action of type typ taken by player p.
func PlayerAction(p *Player, typ string) Action {
	return Action{Type: typ, Entity: strconv.Itoa(p.ID), EntityType: "player"}
}

// CorpAction returns an action of type typ taken by corporation c.
func CorpAction(c *Corporation, typ string) Action {
	return Action{Type: typ, Entity: c.Sym, EntityType: "corporation"}
}

// PlayerID returns the entity as a player id.
func (a *Action) PlayerID() (int, error) {
	id, err := strconv.Atoi(a.Entity)
	if err != nil {
		return 0, fmt.Errorf("action %d (%s): entity %q is not a player id", a.ID, a.Type, a.Entity)
	}
	return id, nil
}

// RefusalKind says why an action was refused, for callers that answer
// differently (the server's status codes).
type RefusalKind int

// The kinds of refusal. The zero value is RuleBroken, the kind of every
// refusal a title makes.
const (
	// RuleBroken: the move breaks a rule of the game (not enough cash, a
	// tile that does not fit, over the certificate limit).
	RuleBroken RefusalKind = iota
	// NotYourTurn: the entity is not acting now.
	NotYourTurn
	// NotListed: the move is not among those Legal lists for the entity
	// (live play accepts only listed moves).
	NotListed
	// GameOver: the game has ended; only chat is accepted.
	GameOver
)

// String names the kind ("rule broken").
func (k RefusalKind) String() string {
	switch k {
	case RuleBroken:
		return "rule broken"
	case NotYourTurn:
		return "not your turn"
	case NotListed:
		return "not listed"
	case GameOver:
		return "game over"
	}
	return fmt.Sprintf("RefusalKind(%d)", int(k))
}

// RuleError is an action refused by a rule of the game.
type RuleError struct {
	ActionID int
	Type     string
	Rule     string
	// Kind says why (RuleBroken unless the refusal says otherwise).
	Kind RefusalKind
	// Untouched marks a refusal decided before anything changed (a step's
	// Check): the game needs no restoring (see Unchanged).
	Untouched bool

	// format and args are what Rule was written from (Message).
	format string
	args   []any
}

// Message returns the refusal's message id and arguments (see Message);
// the zero Message when its format is not one the catalogues take (flags,
// widths, argument indexes).
func (e *RuleError) Message() Message {
	if e.format == "" {
		return Message{}
	}
	m := Message{ID: e.format}
	next := 0
	for i := 0; i < len(e.format); i++ {
		if e.format[i] != '%' {
			continue
		}
		i++
		if i == len(e.format) {
			return Message{}
		}
		verb := e.format[i]
		if verb == '%' {
			continue
		}
		if !simpleVerb(verb) && verb != 'q' && verb != 'w' || next >= len(e.args) {
			return Message{}
		}
		if verb == 'w' {
			verb = 'v'
		}
		m.Args = append(m.Args, string(sprintArg(nil, verb, e.args[next])))
		next++
	}
	if next != len(e.args) {
		return Message{}
	}
	return m
}

func (e *RuleError) Error() string {
	return fmt.Sprintf("action %d (%s) refused: %v", e.ActionID, e.Type, e.Rule)
}

// Unchanged marks err, a refusal decided before the game was changed, so
// that ApplyAtomically skips the restore: the caller's pointers into the
// game stay the live ones. Errors that are not a *RuleError are returned
// as they are (and still restored from).
func Unchanged(err error) error {
	var re *RuleError
	if errors.As(err, &re) {
		re.Untouched = true
	}
	return err
}

// untouched reports whether err is a refusal that changed nothing.
func untouched(err error) bool {
	var re *RuleError
	return errors.As(err, &re) && re.Untouched
}

// Refuse builds a RuleError for a, of kind RuleBroken.
func Refuse(a *Action, format string, args ...any) error {
	return &RuleError{ActionID: a.ID, Type: a.Type, Rule: fmt.Sprintf(format, args...), format: format, args: args}
}

// RefuseAs builds a RuleError of the given kind for a.
func RefuseAs(kind RefusalKind, a *Action, format string, args ...any) error {
	return &RuleError{ActionID: a.ID, Type: a.Type, Rule: fmt.Sprintf(format, args...), Kind: kind, format: format, args: args}
}

// KindOf returns the kind of the RuleError in err's chain, and false when
// err holds none.
func KindOf(err error) (RefusalKind, bool) {
	var re *RuleError
	if errors.As(err, &re) {
		return re.Kind, true
	}
	return RuleBroken, false
}
