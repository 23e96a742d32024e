package play

import "slices"

// spareLead is how many effective actions a spare game is prepared behind
// the position it is for: a step back then replays at most this many
// actions, not the whole game.
const spareLead = 24

// Going back in history cannot undo an engine state (undo is a replay from
// the start), so a step back would replay the whole game. Instead the page
// asks Prepare, between steps, for a spare game a little behind the
// position it shows; the next step back (At) then starts from the spare
// and replays only the few actions after it.

// Prepare readies a spare game for a step back from position n (n stored
// actions): replayed to a little before n-1, so that At(m) for m close
// below n needs few actions. It costs one replay up to there, and nothing
// when a usable spare is already held.
func (s *Session) Prepare(n int) error {
	if n <= 0 || n > len(s.src.Actions) {
		return nil
	}
	want := Moves(s.src.Actions[:n-1])
	upto := max(0, len(want)-spareLead)
	if s.spare != nil && len(s.spareApplied) <= len(want) && len(s.spareApplied) >= upto-spareLead &&
		slices.Equal(s.spareApplied, want[:len(s.spareApplied)]) {
		return nil // the one held will do
	}
	g, err := s.newGame()
	if err != nil {
		return err
	}
	applied := make([]int, 0, upto)
	for _, i := range want[:upto] {
		if err := apply(g, &s.src.Actions[i]); err != nil {
			s.spare, s.spareApplied = nil, nil
			return err
		}
		applied = append(applied, i)
	}
	s.spare, s.spareApplied = g, applied
	return nil
}

// takeSpare makes the spare game the history game when what it has applied
// starts the effective actions want; it reports whether it did.
func (s *Session) takeSpare(want []int) bool {
	if s.spare == nil || len(s.spareApplied) > len(want) || !slices.Equal(s.spareApplied, want[:len(s.spareApplied)]) {
		return false
	}
	s.hist, s.histApplied = s.spare, s.spareApplied
	s.spare, s.spareApplied = nil, nil
	return true
}
