package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"tresham/engine"
)

// Player is a computer player: given a game and an entity that may act now
// (a player id, or a corporation or company symbol the player controls), it
// chooses one legal action for that entity.
type Player interface {
	Choose(g Game, entity string) (engine.Action, error)
}

// Kinds lists the bot kinds New accepts. "search" takes a budget per
// decision after a colon: "search:250ms" (time, the default), "search:5000n"
// (rollout nodes: reproducible for a seed), or both ("search:1s+5000n"),
// then options after colons ("search:900n:rounds=2:leaf=fit", see
// searchOptions).
// "strong" is the search's base policy (the heuristic tuned, NewStrong;
// "strong:key=value:..." changes fields of its tuning). The levels
// (Levels) are accepted too: "easy", "medium", "hard",
// "expert".
func Kinds() []string { return []string{"random", "heuristic", "strong", "search"} }

// QuickKinds lists the kinds that decide at once, without searching: the
// ones sweeps and tests alternate between seats.
func QuickKinds() []string { return []string{"random", "heuristic"} }

// New returns a bot of the named kind, seeded for reproducible play.
func New(kind string, seed uint64) (Player, error) {
	switch kind {
	case "random":
		return &Random{Rand: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), PassWeight: 0.3}, nil
	case "heuristic", "medium":
		return NewHeuristic(seed), nil
	case "strong":
		return NewStrong(seed)
	case "easy":
		return NewNoisy(seed), nil
	case "search", "hard":
		return NewSearch(DefaultBudget, seed), nil
	case "expert":
		return NewExpert(seed), nil
	}
	if rest, ok := strings.CutPrefix(kind, "strong:"); ok {
		return NewStrong(seed, strings.Split(rest, ":")...)
	}
	if rest, ok := strings.CutPrefix(kind, "search:"); ok {
		parts := strings.Split(rest, ":")
		b, err := ParseBudget(parts[0])
		if err != nil {
			return nil, err
		}
		s := NewSearch(b, seed)
		if err := s.searchOptions(parts[1:]); err != nil {
			return nil, err
		}
		return s, nil
	}
	return nil, fmt.Errorf("bot: unknown kind %q (want one of %v)", kind, Kinds())
}

// CheckKind reports whether New accepts kind, naming what is wrong when
// not (an unknown kind, a malformed search budget).
func CheckKind(kind string) error {
	_, err := New(kind, 0)
	return err
}
