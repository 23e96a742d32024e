package engine

import (
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
}

func (e *RuleError) Error() string {
	return fmt.Sprintf("action %d (%s) refused: %s", e.ActionID, e.Type, e.Rule)
}

// Refuse builds a RuleError for a.
func Refuse(a *Action, format string, args ...any) error {
	return &RuleError{ActionID: a.ID, Type: a.Type, Rule: fmt.Sprintf(format, args...)}
}
