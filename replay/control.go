package replay

import "tresham/engine"

// Engine returns the title-independent state of a title game (nil for a
// game that does not offer it).
func Engine(g Game) *engine.Game {
	if f, ok := g.(interface{ Engine() *engine.Game }); ok {
		return f.Engine()
	}
	return nil
}

// Controller returns the id of the player who decides for entity now (see
// engine.Game.Controller), or 0 for a game without engine state.
func Controller(g Game, entity string) int {
	if eg := Engine(g); eg != nil {
		return eg.Controller(entity)
	}
	return 0
}
