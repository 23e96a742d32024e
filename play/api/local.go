package api

import "encoding/json"

// Status is what a hotseat game with no server offers besides moves.
type Status struct {
	Actions int  `json:"actions"`
	CanUndo bool `json:"can_undo"`
	CanRedo bool `json:"can_redo"`
}

// Status tells whether the session's latest move can be taken back or put
// back (a hotseat game with no server).
func (a *API) Status(id int) ([]byte, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, err
	}
	return json.Marshal(Status{Actions: s.Len(), CanUndo: s.CanUndo(), CanRedo: s.CanRedo()})
}

// Undo takes back the session's latest move (a hotseat game with no
// server), storing an 18xx.games undo action.
func (a *API) Undo(id int) ([]byte, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, err
	}
	act, err := s.Undo()
	if err != nil {
		return nil, err
	}
	return json.Marshal(Count{Actions: s.Len(), Action: &act})
}

// Redo puts back the moves the latest undo took back.
func (a *API) Redo(id int) ([]byte, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, err
	}
	act, err := s.Redo()
	if err != nil {
		return nil, err
	}
	return json.Marshal(Count{Actions: s.Len(), Action: &act})
}

// Prepare readies the session for a fast step back in history from
// position at (play.Session.Prepare); the page calls it between steps.
func (a *API) Prepare(id, at int) ([]byte, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, err
	}
	if err := s.Prepare(at0(s, at)); err != nil {
		return nil, err
	}
	return []byte("{}"), nil
}
