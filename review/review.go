// Package review rates a game's decisions as chess sites review a game:
// at every decision the search compares (stock-round and auction moves,
// dividends, train purchases) it measures the move played against the
// best move it finds, in expected final worth, marks the costly ones with
// the better move, and follows each player's expected final worth through
// the game. The runs are rated exactly by package analysis (revenue left
// on the table). The whole review spends one budget, shared among its
// decisions, so a long game costs no more than a short one.
package review

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"tresham/analysis"
	"tresham/bot"
	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
)

// DefaultBudget is what a whole review spends when Options names none:
// about a minute of one core on the shared machine this was measured on
// (docs/bots.md, "The game review").
var DefaultBudget = bot.Budget{Nodes: 60000, Time: 60 * time.Second}

// Options shape a review.
type Options struct {
	// Budget is the whole review's: its nodes and its time are shared
	// evenly among the decisions (zero: DefaultBudget).
	Budget bot.Budget
	// Candidates caps the moves compared at a decision besides the one
	// played (0: 3): the heuristic's move and the first others listed.
	Candidates int
	// Mark is the loss, as a share of the table's mean expected worth,
	// above which a move is marked (0: 0.03). A move is marked only when
	// its loss also exceeds its standard error.
	Mark float64
	// Seed makes a node-budget review reproducible.
	Seed uint64
	// Runs adds the exact analysis of every run (revenue left on the
	// table), at the cost of solving each run.
	Runs bool
	// Progress, when set, is told after each decision how many of the
	// decisions are done.
	Progress func(done, total int)
	// Think, when set, wraps each decision's search (a server runs it in
	// a bot-thinking slot); an error stops the review.
	Think func(search func()) error
	// Stop, when closed, ends the review (ErrStopped).
	Stop <-chan struct{}
}

// ErrStopped is the error of a review stopped by Options.Stop.
var ErrStopped = errors.New("review: stopped")

// Decision is one reviewed decision.
type Decision struct {
	Action int `json:"action"` // the move's action id
	// Position is the history position where the decision was made (the
	// stored actions before the move): GET /api/games/{id}?action=N
	// shows the board the player saw.
	Position int `json:"position"`
	// LogLine is the index of the game-log line of the move (the first
	// it wrote naming its mover, else the mover's line just before for a
	// move that wrote none; -1 when no line is the move's).
	LogLine int    `json:"log_line"`
	Round   string `json:"round"`
	Player  int    `json:"player"`
	Entity  string `json:"entity"`
	// Played and Best are the move made and the best move found, with
	// their descriptions in words, and the same as messages (an id and
	// its arguments, docs/i18n.md) for the page to write in its language.
	Played     g18xx.Action   `json:"played"`
	PlayedText string         `json:"played_text"`
	PlayedMsg  engine.Message `json:"played_msg"`
	Best       g18xx.Action   `json:"best"`
	BestText   string         `json:"best_text"`
	BestMsg    engine.Message `json:"best_msg"`
	// PlayedWorth and BestWorth are every player's expected final worth
	// (by player id) after each; the margins are the mover's expected
	// worth minus the best other player's.
	PlayedWorth  map[string]float64 `json:"played_worth"`
	BestWorth    map[string]float64 `json:"best_worth"`
	PlayedMargin float64            `json:"played_margin"`
	BestMargin   float64            `json:"best_margin"`
	// Loss is the margin the move gave up against the best (0 when it
	// was the best); StdErr its standard error.
	Loss   float64 `json:"loss"`
	StdErr float64 `json:"std_err"`
	// Rated is false when the budget left the move played or the best
	// without a rollout (then Loss is 0 and says nothing).
	Rated  bool `json:"rated"`
	Marked bool `json:"marked"`
	// BestPlayed is true when the move played was the best found.
	BestPlayed bool `json:"best_played"`
}

// Run is a run that left revenue on the table (from package analysis).
type Run struct {
	Position  int    `json:"position"` // the history position before the run
	Action    int    `json:"action"`
	Round     string `json:"round"`
	Company   string `json:"company"`
	President int    `json:"president"`
	Revenue   int    `json:"revenue"`
	Best      int    `json:"best"`
}

// Player is one player's summary.
type Player struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	// Decisions counts the reviewed decisions, Rated those measured,
	// Best those where the move played was the best found, Marked the
	// costly ones.
	Decisions int `json:"decisions"`
	Rated     int `json:"rated"`
	Best      int `json:"best"`
	Marked    int `json:"marked"`
	// Accuracy is the percentage (0-100) of rated decisions whose loss
	// was within the mark's tenth (about the best move).
	Accuracy float64 `json:"accuracy"`
	// MeanLoss is the mean loss over rated decisions.
	MeanLoss float64 `json:"mean_loss"`
	// LeftOnTable is the revenue the runs of the companies they directed
	// fell short of the exact best (with Options.Runs).
	LeftOnTable int `json:"left_on_table"`
}

// Point is the players' expected final worth after a move (the move
// played's evaluation), for the chart; the last point is the result.
type Point struct {
	Position int                `json:"position"`
	Worth    map[string]float64 `json:"worth"`
}

// Report is a game's review.
type Report struct {
	Title   string `json:"title"`
	Actions int    `json:"actions"` // the stored actions reviewed
	// Budget is the whole review's budget; PerDecision each decision's.
	Budget      string `json:"budget"`
	PerDecision string `json:"per_decision"`
	// PerDecisionNodes and PerDecisionMs are each decision's budget
	// (0: no such bound).
	PerDecisionNodes int        `json:"per_decision_nodes"`
	PerDecisionMs    int64      `json:"per_decision_ms"`
	Players          []Player   `json:"players"`
	Decisions        []Decision `json:"decisions"`
	Runs             []Run      `json:"runs,omitempty"`
	Chart            []Point    `json:"chart"`
	Finished         bool       `json:"finished"`
	Seconds          float64    `json:"seconds"`
}

// reviewable lists the stored-action indices of the moves to review: the
// effective moves (undos taken back) at which the search compares moves.
type step struct {
	index    int // in src.Actions
	reviewed bool
	logLine  int // the move's line in the game log (-1: none)
}

// Game reviews src.
func Game(src *g18xx.Game, o Options) (*Report, error) {
	start := time.Now()
	if o.Budget == (bot.Budget{}) {
		o.Budget = DefaultBudget
	}
	if o.Candidates <= 0 {
		o.Candidates = 3
	}
	if o.Mark <= 0 {
		o.Mark = 0.03
	}
	// first pass: which moves are decisions to review (cheap: legal
	// moves only), so that the budget is shared among them
	steps, err := plan(src)
	if err != nil {
		return nil, err
	}
	total := 0
	for _, st := range steps {
		if st.reviewed {
			total++
		}
	}
	per := bot.Budget{Time: (o.Budget.Time / time.Duration(max(total, 1))).Round(time.Millisecond), Nodes: o.Budget.Nodes / max(total, 1)}
	if o.Budget.Nodes > 0 {
		per.Nodes = max(per.Nodes, 1)
	}
	if per.Time == 0 && o.Budget.Time > 0 {
		per.Time = time.Millisecond
	}
	rep := &Report{Title: src.Title, Actions: len(src.Actions), Budget: o.Budget.String(), PerDecision: per.String(),
		PerDecisionNodes: per.Nodes, PerDecisionMs: per.Time.Milliseconds()}
	names := map[int]string{}
	for _, p := range src.Players {
		names[p.ID] = p.Name
		rep.Players = append(rep.Players, Player{ID: p.ID, Name: p.Name})
	}
	rg, err := replay.New(src)
	if err != nil {
		return nil, err
	}
	g, ok := rg.(bot.Game)
	if !ok {
		return nil, fmt.Errorf("review: title %s cannot be reviewed", src.Title)
	}
	coach := bot.NewCoach(per, o.Seed)
	coach.Search.MaxCandidates = o.Candidates
	// rollouts long enough for two of each candidate and the move played
	// within the decision's nodes; cut short, they are valued by the
	// search's leaf estimate
	if per.Nodes > 0 {
		coach.Search.Horizon = max(30, per.Nodes/(2*(o.Candidates+1)))
	}
	coach.Search.Stop = o.Stop
	done := 0
	for _, st := range steps {
		select {
		case <-o.Stop:
			return nil, ErrStopped
		default:
		}
		x := &src.Actions[st.index]
		a := replay.Convert(x)
		if st.reviewed {
			var r *bot.Review
			var rerr error
			search := func() { r, rerr = coach.Review(g, a.Entity, a) }
			if o.Think != nil {
				if err := o.Think(search); err != nil {
					return nil, err
				}
			} else {
				search()
			}
			select {
			case <-o.Stop:
				return nil, ErrStopped
			default:
			}
			if rerr != nil {
				return nil, fmt.Errorf("review: action %d: %w", x.ID, rerr)
			}
			if r != nil {
				d := decision(rg, x, st.index, r, a, names, o.Mark)
				// from the plan's clean replay: the heuristic's look at a
				// position may leave lines in this game's log
				d.LogLine = st.logLine
				rep.Decisions = append(rep.Decisions, d)
			}
			done++
			if o.Progress != nil {
				o.Progress(done, total)
			}
		}
		if err := g.Apply(&a); err != nil {
			return nil, fmt.Errorf("review: action %d (%s) does not replay: %w", x.ID, x.Type, err)
		}
	}
	rep.Finished = g.IsFinished()
	summarise(rep, o.Mark)
	for _, d := range rep.Decisions {
		if d.Rated {
			rep.Chart = append(rep.Chart, Point{Position: d.Position + 1, Worth: d.PlayedWorth})
		}
	}
	if rep.Finished {
		final := map[string]float64{}
		for id, v := range rg.Result() {
			final[id] = float64(v)
		}
		rep.Chart = append(rep.Chart, Point{Position: len(src.Actions), Worth: final})
	}
	if o.Runs {
		if err := addRuns(rep, src); err != nil {
			return nil, err
		}
	}
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// plan replays src once and lists its effective moves, marking those the
// search compares.
func plan(src *g18xx.Game) ([]step, error) {
	rg, err := replay.New(src)
	if err != nil {
		return nil, err
	}
	g, ok := rg.(bot.Game)
	if !ok {
		return nil, fmt.Errorf("review: title %s cannot be reviewed", src.Title)
	}
	names := map[int]string{}
	for _, p := range src.Players {
		names[p.ID] = p.Name
	}
	var out []step
	for _, i := range g18xx.EffectiveIndices(src.Actions) {
		x := &src.Actions[i]
		if x.Type == g18xx.TypeMessage {
			continue
		}
		a := replay.Convert(x)
		st := step{index: i, logLine: -1}
		st.reviewed = !g.IsFinished() && a.Entity != "" && bot.Reviewed(g, a.Entity)
		before := len(rg.LogLines())
		mover := names[replay.Controller(rg, a.Entity)]
		if err := g.Apply(&a); err != nil {
			return nil, fmt.Errorf("review: action %d (%s) does not replay: %w", x.ID, x.Type, err)
		}
		if st.reviewed {
			st.logLine = moveLine(rg.LogLines(), before, a.Entity, mover)
		}
		out = append(out, st)
	}
	return out, nil
}

// moveLine is the log line of a move that left lines[before:]: the first
// of them naming its mover (the entity or its player), else, for a move
// that wrote none of its own (1825's pass after a purchase), the line
// before when it names the mover; -1 when no line is the move's.
func moveLine(lines []string, before int, entity, player string) int {
	names := func(l string) bool {
		return (player != "" && strings.Contains(l, player)) || strings.Contains(l, entity)
	}
	for i := before; i < len(lines); i++ {
		if names(lines[i]) {
			return i
		}
	}
	if before > 0 && before <= len(lines) && names(lines[before-1]) {
		return before - 1
	}
	return -1
}

// decision records one review.
func decision(rg replay.Game, x *g18xx.Action, index int, r *bot.Review, a engine.Action, names map[int]string, mark float64) Decision {
	eg := replay.Engine(rg)
	d := Decision{Action: x.ID, Position: index, Player: r.Player, Entity: a.Entity,
		Played: replay.Export(a), PlayedMsg: DescribeMessage(eg, a, names),
		Best: replay.Export(r.Best.Action), BestMsg: DescribeMessage(eg, r.Best.Action, names),
		PlayedWorth: r.Played.Worth, BestWorth: r.Best.Worth, PlayedMargin: r.Played.Margin, BestMargin: r.Best.Margin,
		Loss: r.Loss, Rated: r.Played.Rollouts > 0 && r.Best.Rollouts > 0}
	d.PlayedText, d.BestText = d.PlayedMsg.English(), d.BestMsg.English()
	d.BestPlayed = d.Rated && reflect.DeepEqual(r.Played.Action, r.Best.Action)
	if eg != nil {
		d.Round = roundLabel(eg)
	}
	if !d.Rated {
		d.Loss = 0
		d.PlayedWorth, d.PlayedMargin = nil, 0
	}
	if se := r.StandardError(); !math.IsInf(se, 1) && !math.IsNaN(se) {
		d.StdErr = se
	}
	if d.Rated && d.Loss > 0 {
		mean := 0.0
		for _, v := range r.Best.Worth {
			mean += v
		}
		mean /= float64(max(len(r.Best.Worth), 1))
		d.Marked = d.Loss > mark*mean && d.Loss > d.StdErr && d.StdErr > 0
	}
	return d
}

// summarise tallies every player's decisions.
func summarise(rep *Report, mark float64) {
	at := map[int]int{}
	for i, p := range rep.Players {
		at[p.ID] = i
	}
	losses := make([]float64, len(rep.Players))
	for _, d := range rep.Decisions {
		i, ok := at[d.Player]
		if !ok {
			continue
		}
		p := &rep.Players[i]
		p.Decisions++
		if !d.Rated {
			continue
		}
		p.Rated++
		losses[i] += d.Loss
		if d.BestPlayed {
			p.Best++
		}
		if d.Marked {
			p.Marked++
		}
		mean := 0.0
		for _, v := range d.BestWorth {
			mean += v
		}
		mean /= float64(max(len(d.BestWorth), 1))
		if d.Loss <= mark*mean/10 {
			p.Accuracy++
		}
	}
	for i := range rep.Players {
		p := &rep.Players[i]
		if p.Rated > 0 {
			p.Accuracy = 100 * p.Accuracy / float64(p.Rated)
			p.MeanLoss = losses[i] / float64(p.Rated)
		}
	}
}

// addRuns adds the exact analysis of the runs: those that left revenue
// on the table, and each player's total.
func addRuns(rep *Report, src *g18xx.Game) error {
	an, err := analysis.Analyse(src)
	if err != nil {
		return fmt.Errorf("review: runs: %w", err)
	}
	for _, op := range an.Operations {
		if op.Left > 0 {
			rep.Runs = append(rep.Runs, Run{Position: op.Position - 1, Action: op.Action, Round: op.Round, Company: op.Company,
				President: op.President, Revenue: op.Revenue, Best: op.BestRevenue})
		}
	}
	for i := range rep.Players {
		rep.Players[i].LeftOnTable = an.LeftByPlayer[strconv.Itoa(rep.Players[i].ID)]
	}
	return nil
}

// Marked lists the report's marked decisions, costliest first.
func (r *Report) Marked() []Decision {
	var out []Decision
	for _, d := range r.Decisions {
		if d.Marked {
			out = append(out, d)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Loss > out[j].Loss })
	return out
}

// roundLabel names the round in progress as players do.
func roundLabel(eg *engine.Game) string {
	switch eg.RoundKind {
	case "Stock":
		return fmt.Sprintf("SR %d", eg.Turn)
	case "Operating":
		return fmt.Sprintf("OR %d.%d", eg.Turn, eg.RoundNum)
	}
	return eg.RoundKind
}
