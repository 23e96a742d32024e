package bot

import (
	"time"

	"fmt"
	"math"
	"slices"
	"strconv"

	"tresham/engine"
)

// DefaultHintBudget is what the coach spends on a hint.
var DefaultHintBudget = Budget{Nodes: 5000}

// Hint is the coach's answer to "what would a strong player do here, and
// why?": the search's top moves for an acting entity, each with every
// player's estimated final worth after it.
type Hint struct {
	Entity string
	Player int
	Moves  []Evaluation // best first, at most three
	Nodes  int
}

// Coach answers hints and reviews moves with a search.
type Coach struct {
	Search *Search
	Budget Budget
}

// NewCoach returns a coach spending b on each question (zero: the
// default hint budget), seeded for reproducible answers with a node
// budget.
func NewCoach(b Budget, seed uint64) *Coach {
	if b == (Budget{}) {
		b = DefaultHintBudget
	}
	return &Coach{Search: NewSearch(b, seed), Budget: b}
}

// Hint searches the decision of entity (the first acting entity when
// empty) and returns its three best moves.
func (c *Coach) Hint(g Game, entity string) (*Hint, error) {
	if entity == "" {
		acting := g.Acting()
		if len(acting) == 0 {
			return nil, fmt.Errorf("bot: hint: nobody may act")
		}
		entity = acting[0]
	}
	an, err := c.Search.Analyse(g, entity, c.Budget)
	if err != nil {
		return nil, fmt.Errorf("bot: hint for %s: %w", entity, err)
	}
	h := &Hint{Entity: entity, Player: an.Player, Nodes: an.Nodes}
	for _, m := range an.Moves {
		if len(h.Moves) == 3 {
			break
		}
		if m.Rollouts > 0 {
			h.Moves = append(h.Moves, m)
		}
	}
	return h, nil
}

// Lead is why Moves[i] ranks above Moves[i+1]: how much more the mover's
// estimated final worth is after it (worth) and how much more its margin,
// the mover's worth minus the best other player's, by which the moves are
// ranked (margin). ok is false for the last move.
func (h *Hint) Lead(i int) (worth, margin float64, ok bool) {
	if i < 0 || i+1 >= len(h.Moves) {
		return 0, 0, false
	}
	me := strconv.Itoa(h.Player)
	a, b := h.Moves[i], h.Moves[i+1]
	return a.Worth[me] - b.Worth[me], a.Margin - b.Margin, true
}

// Review is the coach's view of a move made: the best move it found, the
// move made, and how much estimated margin (the mover's worth minus the
// best other player's) the move made gave up.
type Review struct {
	Entity string
	Player int
	Best   Evaluation
	Played Evaluation
	Loss   float64
}

// Review compares played, a move of entity at g's position, with the
// search's best there. It returns nil for a decision the search leaves to
// the heuristic (track, tokens, routes) or with one distinct move.
func (c *Coach) Review(g Game, entity string, played engine.Action) (*Review, error) {
	s := c.Search
	ha, err := s.h.Choose(g, entity)
	if err != nil {
		return nil, err
	}
	cands := s.candidates(g, entity, ha)
	if len(cands) < 2 {
		return nil, nil
	}
	eg := Engine(g)
	pk := moveKey(eg, played)
	at := slices.IndexFunc(cands, func(a engine.Action) bool { return moveKey(eg, a) == pk })
	if at < 0 {
		cands = slices.Insert(cands, 1, played)
	}
	saved := s.Budget
	s.Budget = c.Budget
	defer func() { s.Budget = saved }()
	an, err := s.analyse(g, entity, cands, time.Now())
	if err != nil {
		return nil, err
	}
	r := &Review{Entity: entity, Player: an.Player, Best: an.Moves[0]}
	for _, m := range an.Moves {
		if moveKey(eg, m.Action) == pk {
			r.Played = m
		}
	}
	if r.Played.Rollouts > 0 && r.Best.Rollouts > 0 {
		r.Loss = max(0, r.Best.Margin-r.Played.Margin)
	}
	return r, nil
}

// StandardError is the standard error of the review's loss: of the
// difference between the best move's and the played move's mean margins
// (+Inf when either had fewer than two rollouts between them).
func (r *Review) StandardError() float64 {
	if r.Best.Rollouts == 0 || r.Played.Rollouts == 0 {
		return math.Inf(1)
	}
	if moveKeyEqual(r.Best.Action, r.Played.Action) {
		return 0
	}
	return standardError(r.Best, r.Played)
}

// moveKeyEqual reports whether two evaluated moves are the same listed
// move (Review's Best and Played are copies of one evaluation then).
func moveKeyEqual(a, b engine.Action) bool {
	return a.Type == b.Type && a.Entity == b.Entity && slices.Equal(a.Shares, b.Shares) && a.Percent == b.Percent &&
		a.Corporation == b.Corporation && a.Company == b.Company && a.SharePrice == b.SharePrice && a.Train == b.Train &&
		a.Price == b.Price && a.Kind == b.Kind
}

// Reviewed reports whether Review compares moves at entity's decision
// now: a decision the search compares (stock round, auction, dividend,
// trains) with at least two distinct moves. It is cheap (the legal moves
// alone, no heuristic): a review counts its decisions with it first.
func Reviewed(g Game, entity string) bool {
	eg := Engine(g)
	if eg == nil {
		return false
	}
	choices := g.Legal(entity)
	if !searched(eg, entity, choices) {
		return false
	}
	var first string
	for _, c := range choices {
		if _, _, needs := NeedsConsent(g, c.Action); needs {
			continue
		}
		k := moveKey(eg, c.Action)
		if first == "" {
			first = k
		} else if k != first {
			return true
		}
	}
	return false
}
