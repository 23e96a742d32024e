package bot

import (
	"fmt"
	"math/rand/v2"

	"tresham/engine"
)

// Player is a computer player: given a game and an entity that may act now
// (a player id, or a corporation or company symbol the player controls), it
// chooses one legal action for that entity.
type Player interface {
	Choose(g Game, entity string) (engine.Action, error)
}

// Kinds lists the bot kinds New accepts.
func Kinds() []string { return []string{"random", "heuristic"} }

// New returns a bot of the named kind, seeded for reproducible play.
func New(kind string, seed uint64) (Player, error) {
	switch kind {
	case "random":
		return &Random{Rand: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), PassWeight: 0.3}, nil
	case "heuristic":
		return NewHeuristic(seed), nil
	}
	return nil, fmt.Errorf("bot: unknown kind %q (want one of %v)", kind, Kinds())
}
