package t1825

import "fmt"

// Fork returns an independent copy of the game in its current position:
// a game set up the same way with every accepted action replayed into it
// (a game is a function of its setup and log). The copy keeps its own log,
// so it can be forked again cheaply even when g's actions are kept by the
// caller (Journal.Source). Bots search on forks.
func (g *Game) Fork() (*Game, error) {
	fresh, err := New(g.setup.ids, g.setup.names, g.setup.options)
	if err != nil {
		return nil, fmt.Errorf("1825: fork: %w", err)
	}
	if err := g.journal.Replay(fresh.Apply); err != nil {
		return nil, fmt.Errorf("1825: fork: replay: %w", err)
	}
	return fresh, nil
}
