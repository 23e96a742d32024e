package bot

import (
	"fmt"
	"math/rand/v2"

	"tresham/engine"
)

// Level is a strength a person can pick for the computer players.
type Level struct {
	Name  string // what New accepts: "easy", "medium", "hard", "expert"
	Kind  string // the bot kind it stands for
	Label string // how the lobby shows it
}

// Levels lists the levels, weakest first.
func Levels() []Level {
	return []Level{
		{"easy", "easy", "Easy: rules of thumb and many random moves; the weakest"},
		{"medium", "heuristic", "Medium: rules of thumb; clearly beats easy"},
		{"hard", "search", fmt.Sprintf("Hard: looks ahead, %d ms a move; wins about half its games against three medium players", DefaultBudget.Time.Milliseconds())},
		{"expert", "expert", fmt.Sprintf("Expert: looks furthest ahead, up to %d s a move; stronger than hard in its first measured games", int(ExpertBudget.Time.Seconds()))},
	}
}

// Noisy is a heuristic bot that makes a random legal move instead of its
// own with probability Chance: the easy level.
type Noisy struct {
	*Heuristic
	Random *Random
	Rand   *rand.Rand
	Chance float64
}

// NewNoisy returns the easy bot: a heuristic bot that plays a random move
// about one time in three (0.35: at 0.2, medium won only 29.5% of 200
// 1825 games against three easy bots, parity 25%; see docs/bots.md).
func NewNoisy(seed uint64) *Noisy {
	return &Noisy{
		Heuristic: NewHeuristic(seed),
		Random:    &Random{Rand: rand.New(rand.NewPCG(seed, 0x6e6f697379)), PassWeight: 0.3},
		Rand:      rand.New(rand.NewPCG(seed, 0x65617379)),
		Chance:    0.35,
	}
}

// Move is the heuristic's Move or, by chance, a random move for the first
// acting entity.
func (n *Noisy) Move(g Game) (engine.Action, error) {
	if n.Rand.Float64() < n.Chance {
		if acting := g.Acting(); len(acting) > 0 {
			return n.Random.Choose(g, acting[0])
		}
	}
	return n.Heuristic.Move(g)
}

// Choose is the heuristic's Choose or, by chance, a random move.
func (n *Noisy) Choose(g Game, entity string) (engine.Action, error) {
	if n.Rand.Float64() < n.Chance {
		return n.Random.Choose(g, entity)
	}
	return n.Heuristic.Choose(g, entity)
}
