package bot

import "math"

// Racing (Search.Race, the expert level): rather than give rollouts to
// the candidates by UCB1 until the budget is spent, the search plays them
// in rounds, every candidate still in the race once a round with the
// round's common seed, and after each round from the second drops the
// moves that cannot plausibly measure clearly better than the base
// policy's move: those whose lead over it is below the threshold by more
// than racePrune standard errors (the spread of one rollout's margin
// pooled over every candidate, which is much the same whichever move
// started it). When no other move is left the base policy's move is
// played at once; when one other move is left and it leads by
// raceSettle standard errors, it is played at once. So a decision costs
// the whole budget only while moves are close, and the rollouts go to
// the moves still in doubt.
const (
	racePrune     = 1.5
	raceSettle    = 3.0
	raceMinRounds = 2
)

// NewExpert returns the expert level's bot: a search with ExpertBudget
// that races its candidates (Race).
func NewExpert(seed uint64) *Search {
	s := NewSearch(ExpertBudget, seed)
	s.Race = true
	return s
}

// race is the state of a raced decision: which candidates are still in,
// and the order of the round being played.
type race struct {
	in    []bool
	queue []int
	round int
	early bool // the race ended before the budget
}

func newRace(n int) *race {
	r := &race{in: make([]bool, n)}
	for i := range r.in {
		r.in[i] = true
	}
	return r
}

// next returns the candidate to roll out next, or -1 when the race is
// decided. margins, visits and m2 are the search's running statistics
// (candidate 0 is the base policy's move), sum0 each player's summed
// worth over candidate 0's rollouts.
func (r *race) next(s *Search, margins []float64, visits []int, m2 []float64, sum0 map[string]float64) int {
	for i, m := range margins {
		if math.IsInf(m, -1) {
			r.in[i] = false
		}
	}
	for len(r.queue) > 0 {
		i := r.queue[0]
		r.queue = r.queue[1:]
		if r.in[i] {
			return i
		}
	}
	if r.round >= raceMinRounds && r.prune(s, margins, visits, m2, sum0) {
		r.early = true
		return -1
	}
	r.round++
	for i, ok := range r.in {
		if ok {
			r.queue = append(r.queue, i)
		}
	}
	if len(r.queue) == 0 {
		return -1
	}
	i := r.queue[0]
	r.queue = r.queue[1:]
	return i
}

// prune drops the candidates that cannot plausibly beat the base
// policy's move and reports whether the decision is settled.
func (r *race) prune(s *Search, margins []float64, visits []int, m2 []float64, sum0 map[string]float64) bool {
	if !r.in[0] || visits[0] < 2 {
		return false
	}
	ss, df := 0.0, 0
	for i, ok := range r.in {
		if ok && visits[i] > 1 {
			ss += m2[i]
			df += visits[i] - 1
		}
	}
	if df == 0 {
		return false
	}
	sd := math.Sqrt(ss / float64(df))
	h := Evaluation{Worth: map[string]float64{}}
	for id, v := range sum0 {
		h.Worth[id] = v / float64(visits[0])
	}
	thr := s.threshold(h)
	left, last := 0, -1
	for i := 1; i < len(r.in); i++ {
		if !r.in[i] || visits[i] < 2 {
			if r.in[i] {
				left++
				last = i
			}
			continue
		}
		se := sd * math.Sqrt(1/float64(visits[i])+1/float64(visits[0]))
		lead := margins[i] - margins[0]
		if lead+racePrune*se < thr {
			r.in[i] = false
			continue
		}
		left++
		last = i
	}
	if left == 0 {
		return true
	}
	if left == 1 && visits[last] >= 2 {
		se := sd * math.Sqrt(1/float64(visits[last])+1/float64(visits[0]))
		lead := margins[last] - margins[0]
		return lead >= thr && lead >= raceSettle*se
	}
	return false
}
