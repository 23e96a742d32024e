package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"tresham/engine"
	"tresham/titles/title"
)

// Budget is what a search may spend on one decision: wall time, rollout
// nodes (actions applied while looking ahead), or both (whichever runs out
// first). A node budget alone makes play reproducible for a seed.
type Budget struct {
	Time  time.Duration
	Nodes int
}

// DefaultBudget is the search bot's budget when its kind names none (the
// hard level).
var DefaultBudget = Budget{Time: 250 * time.Millisecond}

// ExpertBudget is the expert level's budget: the most a move.
var ExpertBudget = Budget{Time: 2 * time.Second}

// String is the budget as a kind suffix ("250ms", "5000n", "1s+5000n").
func (b Budget) String() string {
	var parts []string
	if b.Time > 0 {
		parts = append(parts, b.Time.String())
	}
	if b.Nodes > 0 {
		parts = append(parts, strconv.Itoa(b.Nodes)+"n")
	}
	return strings.Join(parts, "+")
}

// Scale returns the budget multiplied by f (a tenth of a budget: 0.1).
func (b Budget) Scale(f float64) Budget {
	return Budget{Time: time.Duration(float64(b.Time) * f), Nodes: int(float64(b.Nodes) * f)}
}

// ParseBudget reads a budget: a duration ("250ms", "2s"), a node count
// ("5000n"), or both joined by "+".
func ParseBudget(s string) (Budget, error) {
	var b Budget
	if s == "" {
		return b, fmt.Errorf("bot: empty search budget")
	}
	for _, part := range strings.Split(s, "+") {
		if n, ok := strings.CutSuffix(part, "n"); ok {
			v, err := strconv.Atoi(n)
			if err != nil || v <= 0 || b.Nodes > 0 {
				return Budget{}, fmt.Errorf("bot: search budget %q: %q is not a positive node count like 5000n", s, part)
			}
			b.Nodes = v
			continue
		}
		d, err := time.ParseDuration(part)
		if err != nil || d <= 0 || b.Time > 0 {
			return Budget{}, fmt.Errorf("bot: search budget %q: %q is not a positive duration like 250ms", s, part)
		}
		b.Time = d
	}
	return b, nil
}

// Search is a bot that looks ahead with the engine. At a decision that
// shapes the game (a stock-round or auction move, a dividend, a train
// purchase) it lists the distinct moves, and for each it plays the game on
// a copy (Fork) with its base policy (the heuristic with the strong
// policy's tuning, NewStrong) in every seat to the end of the game
// (or, with Rounds, a few rounds on), and reads every player's worth
// there. Rollouts go to the moves by UCB1 until the budget is spent;
// it plays the move whose rollouts left its player furthest ahead of the
// best other player (the game is n-player and not zero-sum: the estimate
// keeps every player's worth). Track, tokens and routes it leaves to the
// heuristic, which solves them move by move.
//
// A search that runs out of budget plays its best move so far (the
// heuristic's move, which it evaluates first, when nothing was measured);
// any error falls back to the heuristic's move and is logged.
type Search struct {
	Budget Budget
	// Horizon caps the actions of one rollout (0: sized to the budget,
	// see horizon); a rollout cut short is valued by the players' worth
	// plus the income their shares brought in the last operating round,
	// counted twice.
	Horizon int
	// Rounds, when positive, ends a rollout once the kind of round the
	// decision was made in has come round again that many times (a short
	// look ahead); 0 plays every rollout to the end of the game, whose
	// result is the value of every player at the leaf.
	Rounds int
	// Leaf is how a rollout cut short is valued (LeafIncome: worth and
	// two rounds of dividends; LeafFitted: the fitted evaluation).
	Leaf Leaf
	// MaxCandidates caps the moves compared per decision (0: 10).
	MaxCandidates int
	// Focus, when positive, is how many moves the search compares (see
	// focus): the heuristic's move and its next Focus-1 choices, each
	// with short rollouts. 0: no focusing (every distinct move, rollouts
	// to the end of the game or the horizon).
	Focus int
	// RolloutLays is the heuristic's MaxLays in rollouts (0: 12): a
	// sample of the lays, cheaper, and a source of variety.
	RolloutLays int
	// Margin is how far ahead of the heuristic's move another must
	// measure to be played (0: 1% of the table's mean worth).
	Margin float64
	// Evidence is how many standard errors of the difference another
	// move's lead over the heuristic's must reach to be played (0: 1;
	// negative: no such test).
	Evidence float64
	// Race, when set, plays the candidates in rounds and drops those that
	// cannot plausibly beat the base policy's move, ending the decision
	// early once it is settled (race.go; the expert level). Off: UCB1
	// until the budget is spent.
	Race bool
	Log  *slog.Logger
	// Stop, when closed, ends the search as if its budget were spent (a
	// server's hint whose request has gone).
	Stop <-chan struct{}

	seed      uint64
	decisions uint64
	h         *Heuristic
	// Last is the analysis of the last decision searched (nil when the
	// last decision was left to the heuristic).
	Last *Analysis
}

// NewSearch returns a search bot with budget b, seeded for reproducible
// play (fully so with a node budget).
//
// Its base policy (the move it falls back to, the policy its rollouts
// follow in every seat) is the strong policy (NewStrong): the heuristic
// with StrongTuning; the kind option base=medium gives the medium bot's.
func NewSearch(b Budget, seed uint64) *Search {
	h := NewHeuristic(seed)
	h.Tune = StrongTunings()
	return &Search{Budget: b, seed: seed, h: h}
}

// Evaluation is what the search measured for one candidate move.
type Evaluation struct {
	Action engine.Action
	// Rollouts is the number of rollouts played after the move.
	Rollouts int
	// Worth is each player's mean worth (by player id) at the rollouts'
	// ends: the estimate of their final standing after the move.
	Worth map[string]float64
	// Margin is the mover's mean worth minus the best other player's.
	Margin float64
	// Spread is the sample standard deviation of the rollouts' margins
	// (0 with fewer than two): how noisy Margin is.
	Spread float64

	runs []float64 // each rollout's margin, in order (paired by seed)
}

// Analysis is a searched decision: the candidates, best first.
type Analysis struct {
	Entity string
	Player int // the deciding player
	Moves  []Evaluation
	Nodes  int // actions applied in rollouts
	Forks  int
	Time   time.Duration
	// Heuristic is the index in Moves of the heuristic's own choice.
	Heuristic int

	cands int
	// early: a raced decision settled before its budget was spent
	early bool
	// horizon, when set, overrides the search's for this decision's
	// rollouts; focused rollouts are short (see cycleWatch)
	horizon int
	focused bool
}

// assumedRate is the rollout nodes a second a time budget is taken to buy
// when sizing rollouts (about half the rate measured mid-game on an idle
// core by BenchmarkSearchHotPath).
const assumedRate = 10000

// horizon is the length of one rollout: Horizon when set, otherwise the
// budget shared among the n candidates (at least 150 actions, at most
// 2000): to the end of the game when the budget buys a rollout that long
// of each candidate, shorter (valued by the leaf estimate) when not.
func (s *Search) horizon(n int) int {
	if s.Horizon > 0 {
		return s.Horizon
	}
	nodes := s.Budget.Nodes
	if t := int(s.Budget.Time.Seconds() * assumedRate); s.Budget.Time > 0 && (nodes == 0 || t < nodes) {
		nodes = t
	}
	return min(2000, max(150, nodes/max(n, 1)))
}

// Agree decides train sales as the heuristic does.
func (s *Search) Agree(g Game, seller string, a engine.Action) bool { return s.h.Agree(g, seller, a) }

// Move picks which acting entity moves (a private's exchange when the
// heuristic wants it), then searches that entity's move.
func (s *Search) Move(g Game) (engine.Action, error) {
	acting := g.Acting()
	if len(acting) == 0 {
		return engine.Action{}, fmt.Errorf("bot: nobody may act")
	}
	if p, err := positionOf(g); err == nil {
		for _, e := range acting[1:] {
			if co := p.eg.Company(e); co != nil && s.h.wantsExchange(p, co) {
				return s.h.Choose(g, e)
			}
		}
	}
	return s.Choose(g, acting[0])
}

// Choose picks entity's move: the heuristic's when the decision is not one
// the search compares (or has one distinct move), otherwise the best
// searched move.
func (s *Search) Choose(g Game, entity string) (engine.Action, error) {
	start := time.Now() // the budget counts the heuristic's choices too
	s.Last = nil
	ha, err := s.h.Choose(g, entity)
	if err != nil {
		return engine.Action{}, err
	}
	cands := s.candidates(g, entity, ha)
	if len(cands) < 2 {
		return ha, nil
	}
	if k := s.focus(); k > 0 && len(cands) > k {
		cands = s.ranked(g, entity, ha, k)
		if len(cands) < 2 {
			return ha, nil
		}
	}
	an, err := s.analyse(g, entity, cands, start)
	if err != nil {
		s.logger().Warn("search failed; playing the heuristic's move", "entity", entity, "err", err)
		return ha, nil
	}
	s.Last = an
	if l := s.logger(); l.Enabled(context.Background(), slog.LevelDebug) {
		rollouts, compared := 0, 0
		for _, m := range an.Moves {
			rollouts += m.Rollouts
			if m.Rollouts >= 2 {
				compared++
			}
		}
		l.Debug("search decision", "budget", s.Budget.String(), "entity", entity, "candidates", len(an.Moves),
			"compared", compared, "nodes", an.Nodes, "rollouts", rollouts,
			"ms", an.Time.Milliseconds(), "early", an.early, "heuristic", moveKey(Engine(g), an.Moves[0].Action) == moveKey(Engine(g), ha))
	}
	return an.Moves[0].Action, nil
}

// Analyse searches entity's decision with budget b and returns every
// candidate's evaluation, best first, whether or not it is a decision the
// bot would search when playing: for the track and token moves the
// candidates are the heuristic's choice and a sample of the others.
func (s *Search) Analyse(g Game, entity string, b Budget) (*Analysis, error) {
	ha, err := s.h.Choose(g, entity)
	if err != nil {
		return nil, err
	}
	cands := s.candidates(g, entity, ha)
	if len(cands) < 2 {
		cands = s.sample(g, entity, ha)
	}
	saved := s.Budget
	s.Budget = b
	defer func() { s.Budget = saved }()
	return s.analyse(g, entity, cands, time.Now())
}

func (s *Search) logger() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.Default()
}

// searched reports whether the search compares moves of this kind of
// decision: a player's (stock round, auction) or a corporation's choice
// about money (dividend, trains) once its track and token are done.
func searched(eg *engine.Game, entity string, choices []engine.Choice) bool {
	if eg.Company(entity) != nil {
		return false
	}
	if eg.Corp(entity) == nil {
		return true
	}
	money := false
	for _, c := range choices {
		switch c.Action.Type {
		case "lay_tile", "place_token", "run_routes", "move_surveyor":
			return false
		case "dividend", "buy_train":
			money = true
		}
	}
	return money
}

// moveKey names what a move does, so that moves which differ only in
// which of equal certificates or trains they take count once.
func moveKey(eg *engine.Game, a engine.Action) string {
	k := a.Type + "|" + a.Kind + "|" + a.Company + "|" + a.Corporation + "|" + a.SharePrice + "|" + strconv.Itoa(a.Percent)
	if a.Type == "sell_shares" && len(a.Shares) > 0 {
		// one sale per company: the smallest listed (see candidates)
		if c, _, err := eg.ShareByID(a.Shares[0]); err == nil {
			return "sell|" + c.Sym
		}
	}
	if len(a.Shares) > 0 {
		if c, sh, err := eg.ShareByID(a.Shares[0]); err == nil {
			k += "|" + c.Sym + "|" + strconv.Itoa(int(sh.Holder)) + "|" + strconv.FormatBool(sh.President) + "|" + strconv.Itoa(len(a.Shares))
		}
	}
	if a.Train != "" {
		name := a.Train
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			name = name[:i]
		}
		from := "bank"
		if o, _ := trainOwner(eg, a.Train); o != nil {
			from = o.Sym
		}
		k += "|" + name + "|" + from + "|" + strconv.Itoa(a.Price)
	}
	if a.Type == "bid" {
		k += "|" + strconv.Itoa(a.Price)
	}
	return k
}

// candidates lists the distinct moves to compare, the heuristic's first;
// none (or one) when the decision is left to the heuristic.
func (s *Search) candidates(g Game, entity string, ha engine.Action) []engine.Action {
	eg := Engine(g)
	if eg == nil {
		return nil
	}
	choices := g.Legal(entity)
	if !searched(eg, entity, choices) {
		return nil
	}
	limit := s.MaxCandidates
	if limit <= 0 {
		limit = 10
	}
	seen := map[string]bool{moveKey(eg, ha): true}
	out := []engine.Action{ha}
	add := func(a engine.Action) {
		k := moveKey(eg, a)
		if seen[k] || len(out) >= limit {
			return
		}
		if _, _, needs := NeedsConsent(g, a); needs {
			return // another director's train: not the search's to offer
		}
		seen[k] = true
		out = append(out, a)
	}
	// passing first, then the kinds of moves in a fixed order, and within
	// a kind the listed order (bids: the lowest of each item first)
	order := []string{"pass", "dividend", "buy_train", "buy_shares", "par", "sell_shares", "buy_company", "bid"}
	byType := map[string][]engine.Action{}
	for _, c := range choices {
		byType[c.Action.Type] = append(byType[c.Action.Type], c.Action)
	}
	slices.SortStableFunc(byType["sell_shares"], func(a, b engine.Action) int { return a.Percent - b.Percent })
	for _, t := range order {
		for _, a := range byType[t] {
			add(a)
		}
	}
	return out
}

// sample lists the heuristic's move and a spread of the other legal
// moves of the same kinds (for analysing a track or token decision).
func (s *Search) sample(g Game, entity string, ha engine.Action) []engine.Action {
	eg := Engine(g)
	limit := s.MaxCandidates
	if limit <= 0 {
		limit = 10
	}
	out := []engine.Action{ha}
	choices := g.Legal(entity)
	step := max(1, len(choices)/limit)
	seen := map[string]bool{}
	if eg != nil {
		seen[moveKey(eg, ha)+ha.Hex+ha.Tile+strconv.Itoa(ha.Rotation)+ha.City] = true
	}
	for i := 0; i < len(choices) && len(out) < limit; i += step {
		a := choices[i].Action
		k := a.Hex + a.Tile + strconv.Itoa(a.Rotation) + a.City
		if eg != nil {
			k = moveKey(eg, a) + k
		}
		if seen[k] || a.Type == "run_routes" {
			continue
		}
		seen[k] = true
		out = append(out, a)
	}
	return out
}

// resulter is a title game that values every player's holdings now.
type resulter interface{ Result() map[string]int }

// Fork returns an independent copy of g (behind any view), for looking
// ahead.
func Fork(g Game) (Game, error) {
	if f, ok := unwrap(g).(title.Forker); ok {
		return f.ForkGame()
	}
	return nil, fmt.Errorf("bot: cannot copy a %T game to search on", unwrap(g))
}

// errBudget stops a rollout when the budget runs out.
var errBudget = errors.New("budget spent")

// analyse runs the rollouts over cands (the first being the heuristic's
// move) within the budget, its time counted from start.
func (s *Search) analyse(g Game, entity string, cands []engine.Action, start time.Time) (*Analysis, error) {
	s.decisions++
	eg := Engine(g)
	if eg == nil {
		return nil, fmt.Errorf("bot: no engine state behind %T", g)
	}
	me := strconv.Itoa(Controller(g, entity))
	root, err := Fork(g)
	if err != nil {
		return nil, err
	}
	an := &Analysis{Entity: entity, Player: Controller(g, entity), Forks: 1, cands: len(cands)}
	n := len(cands)
	if s.focus() > 0 {
		// short rollouts, through the next whole set of operating rounds
		// (cycleWatch), valued by the leaf estimate; every candidate in
		// turn
		an.focused = true
		an.horizon = min(2000, max(150, s.budgetNodes()/max(n, 1)))
		if s.Horizon > 0 {
			an.horizon = s.Horizon
		}
	}
	runs := make([][]float64, n)
	sums := make([]map[string]float64, n)
	visits := make([]int, n)
	margins := make([]float64, n)
	m2 := make([]float64, n) // sum of squared deviations from the mean margin (Welford)
	deadline := time.Time{}
	if s.Budget.Time > 0 {
		deadline = start.Add(s.Budget.Time)
	}
	spent := func() bool {
		if s.Budget.Nodes > 0 && an.Nodes >= s.Budget.Nodes {
			return true
		}
		select {
		case <-s.Stop:
			return true
		default:
		}
		return !deadline.IsZero() && !time.Now().Before(deadline)
	}
	if s.Budget.Nodes <= 0 && s.Budget.Time <= 0 {
		return nil, fmt.Errorf("bot: search has no budget")
	}
	var rc *race
	if s.Race && !an.focused {
		rc = newRace(n)
	}
	for it := 0; !spent(); it++ {
		i := it
		if rc != nil {
			if i = rc.next(s, margins, visits, m2, sums[0]); i < 0 {
				an.early = rc.early
				break
			}
		} else if an.focused {
			i = it % n
			if math.IsInf(margins[i], -1) {
				continue
			}
		} else if it >= n {
			i = ucb(margins, visits, it)
		}
		worth, err := s.rollout(root, cands[i], eg.RoundKind, uint64(visits[i]), an, spent)
		if errors.Is(err, errBudget) {
			break
		}
		if err != nil {
			if it < n && i == 0 {
				return nil, err // the heuristic's own move failed: give up
			}
			// an illegal or failing candidate: never pick it
			visits[i]++
			margins[i] = math.Inf(-1)
			continue
		}
		if sums[i] == nil {
			sums[i] = map[string]float64{}
		}
		for id, v := range worth {
			sums[i][id] += float64(v)
		}
		visits[i]++
		if !math.IsInf(margins[i], -1) {
			m := marginOf(worth, me)
			runs[i] = append(runs[i], m)
			d := m - margins[i]
			margins[i] += d / float64(visits[i])
			m2[i] += d * (m - margins[i])
		}
	}
	for i, a := range cands {
		ev := Evaluation{Action: a, Rollouts: visits[i], Worth: map[string]float64{}, Margin: margins[i], runs: runs[i]}
		if sums[i] == nil || math.IsInf(margins[i], -1) {
			ev.Rollouts = 0
		} else if visits[i] > 1 {
			ev.Spread = math.Sqrt(m2[i] / float64(visits[i]-1))
		}
		for id, v := range sums[i] {
			ev.Worth[id] = v / float64(max(visits[i], 1))
		}
		an.Moves = append(an.Moves, ev)
	}
	// best first: measured moves by margin, the heuristic's move winning
	// ties and standing in when nothing was measured
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		ma, mb := an.Moves[a], an.Moves[b]
		switch {
		case ma.Rollouts > 0 && mb.Rollouts == 0:
			return -1
		case mb.Rollouts > 0 && ma.Rollouts == 0:
			return 1
		case ma.Margin > mb.Margin:
			return -1
		case ma.Margin < mb.Margin:
			return 1
		}
		return 0
	})
	sorted := make([]Evaluation, n)
	for k, i := range idx {
		sorted[k] = an.Moves[i]
		if i == 0 {
			an.Heuristic = k
		}
	}
	if hm := sorted[an.Heuristic]; sorted[0].Rollouts == 0 || an.Heuristic != 0 && !s.clearlyBetter(sorted[0], hm, an.focused) {
		// nothing measured, or nothing clearly better than the heuristic's
		// move (rollouts are noisy): the heuristic's move
		h := sorted[an.Heuristic]
		copy(sorted[1:an.Heuristic+1], sorted[:an.Heuristic])
		sorted[0] = h
		an.Heuristic = 0
	}
	an.Moves = sorted
	an.Time = time.Since(start)
	return an, nil
}

// clearlyBetter reports whether move ev measured far enough ahead of the
// heuristic's move h to be played instead: after at least two rollouts,
// by at least threshold(h), and by at least Evidence standard errors of
// the difference. A rollout's margin varies by hundreds between futures
// while moves differ by tens, so a lead inside the noise is mostly luck:
// measured on 1825 positions (TestDeviationStudy), leads under one
// standard error were on average worse than the heuristic's move.
func (s *Search) clearlyBetter(ev, h Evaluation, paired bool) bool {
	if ev.Rollouts < 2 || ev.Margin < h.Margin+s.threshold(h) {
		return false
	}
	z := s.Evidence
	if z == 0 {
		z = 1
	}
	if z < 0 {
		return true
	}
	if paired {
		// a focused search plays every candidate on the same futures:
		// the lead is measured pair by pair
		se, n := pairedError(ev, h)
		lead := 0.0
		for k := range n {
			lead += ev.runs[k] - h.runs[k]
		}
		lead /= float64(max(n, 1))
		return n >= minPairs && lead >= s.threshold(h) && lead >= z*se
	}
	return ev.Margin-h.Margin >= z*standardError(ev, h)
}

// standardError is the standard error of the difference between two
// moves' mean margins, from their spreads pooled (one rollout's spread is
// much the same whichever move started it, and two or three rollouts say
// little about it alone).
func standardError(a, b Evaluation) float64 {
	df := a.Rollouts + b.Rollouts - 2
	if df <= 0 {
		return math.Inf(1)
	}
	pooled := (float64(a.Rollouts-1)*a.Spread*a.Spread + float64(max(b.Rollouts-1, 0))*b.Spread*b.Spread) / float64(df)
	return math.Sqrt(pooled * (1/float64(a.Rollouts) + 1/float64(max(b.Rollouts, 1))))
}

// threshold is how much better than the heuristic's move (ev) another
// must measure to be played: Margin (0: 1% of the table's mean worth, at
// least 20).
func (s *Search) threshold(ev Evaluation) float64 {
	if s.Margin > 0 {
		return s.Margin
	}
	sum := 0.0
	for _, v := range ev.Worth {
		sum += v
	}
	return max(20, sum/float64(max(len(ev.Worth), 1))/100)
}

// ucb picks the candidate to roll out next by UCB1, with the exploration
// scaled to the spread of the margins measured so far.
func ucb(margins []float64, visits []int, total int) int {
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, m := range margins {
		if visits[i] == 0 || math.IsInf(m, -1) {
			continue
		}
		lo, hi = min(lo, m), max(hi, m)
	}
	c := max(hi-lo, 100)
	best, bestV := 0, math.Inf(-1)
	for i, m := range margins {
		if math.IsInf(m, -1) {
			continue
		}
		if visits[i] == 0 {
			return i
		}
		v := m + c*math.Sqrt(2*math.Log(float64(total))/float64(visits[i]))
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// marginOf is player me's worth minus the best other player's.
func marginOf(worth map[string]int, me string) float64 {
	best := math.Inf(-1)
	for id, v := range worth {
		if id != me {
			best = max(best, float64(v))
		}
	}
	if math.IsInf(best, -1) {
		best = 0
	}
	return float64(worth[me]) - best
}

// rollout plays move a on a fork of root, then the base policy in every
// seat to the end of the game (or Rounds returns to the decision's kind
// of round, or Horizon actions), and returns every player's worth there.
func (s *Search) rollout(root Game, a engine.Action, kind string, it uint64, an *Analysis, spent func() bool) (map[string]int, error) {
	f, err := Fork(root)
	if err != nil {
		return nil, err
	}
	an.Forks++
	if err := f.Apply(&a); err != nil {
		return nil, fmt.Errorf("bot: search: %s refused: %w", a.Type, err)
	}
	an.Nodes++
	horizon := an.horizon
	if horizon <= 0 {
		horizon = s.horizon(an.cands)
	}
	cycle := cycleWatch{last: Engine(f).RoundKind}
	// the k-th rollout of every candidate shares its seed (common random
	// numbers), so that candidates are compared on the same futures
	seed := s.seed ^ (s.decisions * 0x9e3779b97f4a7c15) ^ (it * 0xbf58476d1ce4e5b9)
	if s.h.rules == nil {
		s.h.rules = map[string]title.RouteRules{}
	}
	if s.h.memo == nil {
		s.h.memo = &revenueMemo{}
	}
	h := &Heuristic{Rand: rand.New(rand.NewPCG(seed, it)), MaxLays: s.RolloutLays, rules: s.h.rules, Tune: s.h.Tune, memo: s.h.memo}
	if h.MaxLays <= 0 {
		h.MaxLays = 12
	}
	eg := Engine(f)
	other, returns := false, 0
	for d := 0; d < horizon && !f.IsFinished(); d++ {
		if an.focused && s.Rounds == 0 {
			if cycle.done(eg.RoundKind) {
				break
			}
		} else if eg.RoundKind != kind {
			other = true
		} else if other {
			other = false
			if returns++; s.Rounds > 0 && returns >= s.Rounds {
				break
			}
		}
		if spent() {
			return nil, errBudget
		}
		b, err := h.Move(f)
		if err != nil {
			break // a position the heuristic cannot play: value it as it stands
		}
		if err := f.Apply(&b); err != nil {
			break
		}
		an.Nodes++
	}
	r, ok := f.(resulter)
	if !ok {
		return nil, fmt.Errorf("bot: %T cannot value its players", f)
	}
	worth := r.Result()
	if !f.IsFinished() {
		worth = s.leafValue(f, worth) // cut short (evalsearch.go)
	}
	return worth, nil
}
