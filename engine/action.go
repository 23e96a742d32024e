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

// PlayerID returns the entity as a player id.
func (a *Action) PlayerID() (int, error) {
	id, err := strconv.Atoi(a.Entity)
	if err != nil {
		return 0, fmt.Errorf("action %d (%s): entity %q is not a player id", a.ID, a.Type, a.Entity)
	}
	return id, nil
}

// RuleError is an action refused by a rule of the game.
type RuleError struct {
	ActionID int
	Type     string
	Rule     string
	// Untouched marks a refusal decided before anything changed (a step's
	// Check): the game needs no restoring (see Unchanged).
	Untouched bool
}

func (e *RuleError) Error() string {
	return fmt.Sprintf("action %d (%s) refused: %s", e.ActionID, e.Type, e.Rule)
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

// Refuse builds a RuleError for a.
func Refuse(a *Action, format string, args ...any) error {
	return &RuleError{ActionID: a.ID, Type: a.Type, Rule: fmt.Sprintf(format, args...)}
}
