package replay

import (
	"tresham/engine"
	"tresham/titles/t1825"
	"tresham/titles/t1860"
)

// Engine returns the title-independent state of a title game (nil for a
// game of an unknown type).
func Engine(g Game) *engine.Game {
	switch tg := g.(type) {
	case *t1860.Game:
		return tg.Game
	case *t1825.Game:
		return tg.Game
	}
	return nil
}

// Controller returns the id of the player who decides for entity now (see
// engine.Game.Controller), or 0 for a game of an unknown type.
func Controller(g Game, entity string) int {
	if eg := Engine(g); eg != nil {
		return eg.Controller(entity)
	}
	return 0
}
