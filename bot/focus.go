package bot

import (
	"math"

	"tresham/engine"
)

// budgetNodes is the budget in rollout nodes: the node budget, or the time
// budget at assumedRate, whichever is smaller.
func (s *Search) budgetNodes() int {
	nodes := s.Budget.Nodes
	if t := int(s.Budget.Time.Seconds() * assumedRate); s.Budget.Time > 0 && (nodes == 0 || t < nodes) {
		nodes = t
	}
	return nodes
}

// focus is how many moves a focused search compares (0: it does not
// focus). A focused search compares the heuristic's move with its next
// choices only, each with several short rollouts (cycleWatch) rather than
// one to the end of the game. It is off unless Focus is set: on 1825 at
// 900 nodes a decision it did worse than full rollouts (docs/bots.md,
// 2026-11-29), its short rollouts valued by the leaf estimate.
func (s *Search) focus() int { return max(s.Focus, 0) }

// ranked lists the heuristic's move ha and its next choices, k moves at
// most, distinct by what they do (moveKey): the heuristic asked again with
// its earlier choices hidden. It is a cheap prior: the moves the
// heuristic itself rates next are the ones worth measuring.
func (s *Search) ranked(g Game, entity string, ha engine.Action, k int) []engine.Action {
	eg := Engine(g)
	out := []engine.Action{ha}
	seen := map[string]bool{moveKey(eg, ha): true}
	hidden := []engine.Action{ha}
	for tries := 0; len(out) < k && tries < 4*k; tries++ {
		v := &view{Game: g, hidden: hidden}
		if len(v.Legal(entity)) == 0 {
			break
		}
		a, err := s.h.Choose(v, entity)
		if err != nil {
			break
		}
		hidden = append(hidden, a)
		key := moveKey(eg, a)
		if seen[key] {
			continue
		}
		if _, _, needs := NeedsConsent(g, a); needs {
			continue
		}
		seen[key] = true
		out = append(out, a)
	}
	return out
}

// cycleWatch ends a focused rollout at the start of the first stock round
// that follows an operating round begun after the decision: from a stock
// round, the rest of it and the set of operating rounds after it; from an
// operating round (a dividend, a train), the rest of its set, the stock
// round and the next set, so that what the move did to the company's
// runs is paid out (a withheld run shows in the next set's payouts: the
// leaf estimate counts players' worth, not a company's treasury).
type cycleWatch struct {
	last  string // the round kind at the last step
	begun bool   // an operating round has begun since the decision
}

// done reports whether the rollout ends at a step in a round of kind.
func (c *cycleWatch) done(kind string) bool {
	if kind == c.last {
		return false
	}
	c.last = kind
	switch kind {
	case "Operating":
		c.begun = true
	case "Stock":
		return c.begun
	}
	return false
}

// minPairs is the fewest paired rollouts on which a focused search plays
// another move than the heuristic's: the spread of two differences is
// itself mostly noise (on the first fresh 1825 seeds, with two pairs
// allowed, the search's 42 deviations in 24 games came with 2 wins).
const minPairs = 3

// pairedError is the standard error of move a's mean lead over move b
// from their paired rollouts (the k-th rollouts of both share a seed:
// common random numbers), and the number of pairs; +Inf with fewer than
// two.
func pairedError(a, b Evaluation) (float64, int) {
	n := min(len(a.runs), len(b.runs))
	if n < 2 {
		return math.Inf(1), n
	}
	mean := 0.0
	for k := range n {
		mean += a.runs[k] - b.runs[k]
	}
	mean /= float64(n)
	ss := 0.0
	for k := range n {
		d := a.runs[k] - b.runs[k] - mean
		ss += d * d
	}
	return math.Sqrt(ss / float64(n-1) / float64(n)), n
}
