package play

import (
	"fmt"
	"slices"

	"tresham/compat/g18xx"
	"tresham/replay"
)

// A hotseat game with no server is a Session the page itself decides: it
// proposes moves (Propose), takes them back and puts them back (Undo,
// Redo), as 18xx.games's hotseat games do in the browser.

// CanUndo reports whether an effective move is there to take back.
func (s *Session) CanUndo() bool {
	return len(Moves(s.src.Actions)) > 0
}

// CanRedo reports whether the latest undone moves can be put back: a redo
// appended now would resolve and change the effective log.
func (s *Session) CanRedo() bool {
	redo := g18xx.Action{Type: g18xx.TypeRedo, ID: s.NextID(), Entity: g18xx.PlayerEntity(1), EntityType: "player"}
	acts := append(slices.Clone(s.src.Actions), redo)
	if _, err := g18xx.Resolve(acts); err != nil {
		return false
	}
	return !slices.Equal(Moves(acts), Moves(s.src.Actions))
}

// undoer is the player who takes back (or puts back) a move: the player
// deciding the latest effective move, else the first player.
func (s *Session) undoer() g18xx.Entity {
	if eff := Moves(s.src.Actions); len(eff) > 0 {
		a := &s.src.Actions[eff[len(eff)-1]]
		if id, ok := a.Entity.PlayerID(); ok {
			return g18xx.PlayerEntity(id)
		}
		if p := replay.Controller(s.live, replay.Convert(a).Entity); p != 0 {
			return g18xx.PlayerEntity(p)
		}
	}
	if len(s.src.Players) > 0 {
		return g18xx.PlayerEntity(s.src.Players[0].ID)
	}
	return g18xx.PlayerEntity(1)
}

// Undo takes back the latest effective move (an 18xx.games undo action,
// stored); an error and nothing changed when there is none.
func (s *Session) Undo() (g18xx.Action, error) {
	if !s.CanUndo() {
		return g18xx.Action{}, fmt.Errorf("undo: no move to take back")
	}
	a := g18xx.Action{Type: g18xx.TypeUndo, ID: s.NextID(), Entity: s.undoer(), EntityType: "player"}
	if err := s.Append(a); err != nil {
		return a, err
	}
	return a, nil
}

// Redo puts back the latest moves taken back; an error and nothing changed
// when there are none.
func (s *Session) Redo() (g18xx.Action, error) {
	if !s.CanRedo() {
		return g18xx.Action{}, fmt.Errorf("redo: no move to put back")
	}
	a := g18xx.Action{Type: g18xx.TypeRedo, ID: s.NextID(), Entity: s.undoer(), EntityType: "player"}
	if err := s.Append(a); err != nil {
		return a, err
	}
	return a, nil
}
