package bot

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"tresham/engine"
)

// Leaf is how the search values a rollout cut short (by Search.Rounds or
// Search.Horizon) before the game's end.
type Leaf int

const (
	// LeafIncome is each player's worth plus two rounds of the dividends
	// their shares paid in the last operating round (IncomeValue).
	LeafIncome Leaf = iota
	// LeafFitted is each player's final worth as the evaluation fitted
	// from self-play predicts it (Evaluate); LeafIncome for a title
	// without one.
	LeafFitted
)

// String names the leaf valuation as a kind option says it.
func (l Leaf) String() string {
	if l == LeafFitted {
		return "fit"
	}
	return "income"
}

// leafValue values the unfinished rollout f whose players are worth worth
// now (by player id; changed in place and returned).
func (s *Search) leafValue(f Game, worth map[string]int) map[string]int {
	eg := Engine(f)
	if s.Leaf == LeafFitted {
		if m := EvalModelFor(eg.Title); m != nil {
			m.predict(eg, worth, bankOf(f))
			return worth
		}
	}
	IncomeValue(eg, worth)
	return worth
}

// predict replaces each player's worth now (by player id) with the
// predicted final worth, rounded.
func (m *EvalModel) predict(eg *engine.Game, worth map[string]int, bank int) {
	xs := evalFeatures(eg, worth, bank)
	for i, p := range eg.Players {
		id := strconv.Itoa(p.ID)
		v := float64(worth[id])
		for j, w := range m.weights(eg.PhaseIdx) {
			v += w * xs[i][j]
		}
		worth[id] = int(math.Round(v))
	}
}

// searchOptions sets the options that follow a search kind's budget,
// each after a colon: "rounds=N" (Rounds), "horizon=N" (Horizon),
// "leaf=fit" or "leaf=income" (Leaf), "race=1" or "race=0" (Race), as in
// "search:900n:rounds=2:leaf=fit".
func (s *Search) searchOptions(opts []string) error {
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		switch k {
		case "rounds", "horizon":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return fmt.Errorf("bot: search option %q: want %s=N, N a count", o, k)
			}
			if k == "rounds" {
				s.Rounds = n
			} else {
				s.Horizon = n
			}
		case "leaf":
			switch v {
			case "fit":
				s.Leaf = LeafFitted
			case "income":
				s.Leaf = LeafIncome
			default:
				return fmt.Errorf("bot: search option %q: want leaf=fit or leaf=income", o)
			}
		case "race":
			switch v {
			case "1", "on":
				s.Race = true
			case "0", "off":
				s.Race = false
			default:
				return fmt.Errorf("bot: search option %q: want race=1 or race=0", o)
			}
		case "base":
			switch v {
			case "strong":
				s.h.Tune = StrongTunings()
			case "medium", "heuristic":
				s.h.Tune = nil
			default:
				return fmt.Errorf("bot: search option %q: want base=strong or base=medium", o)
			}
		default:
			return fmt.Errorf("bot: search option %q: want rounds=N, horizon=N, leaf=fit|income, race=1|0 or base=strong|medium", o)
		}
	}
	return nil
}
