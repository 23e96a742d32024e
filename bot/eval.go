package bot

import (
	"embed"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"

	"tresham/engine"
)

// An evaluation of a position: each player's final worth predicted from
// features of the position now (cash, shares, the dividends their shares
// pay, the trains of the companies they direct, how much of the game is
// left), by a linear model fitted to self-played games of four heuristic
// bots (FitEval, `tresham fit-eval`). The search values a rollout cut
// short with it (Search.Leaf).

// evalBase names the features of a player in a position that
// evalFeatures computes first.
var evalBase = []string{
	"bias",             // 1
	"cash",             // the player's cash
	"shares",           // worth now less cash: shares (and privates) at today's value
	"payout",           // dividends a round: last revenue x share, companies that paid out
	"withheld",         // last revenue x share, companies that withheld
	"payout_x_left",    // payout x operating rounds left (estimated from the bank)
	"withheld_x_left",  // withheld x operating rounds left
	"payout_x_ors",     // payout x operating rounds a set in this phase
	"treasury",         // companies' cash x share
	"privates_revenue", // the revenue of the private companies held
	"directed",         // companies the player directs
	"directed_trains",  // trains (not rusted) of the companies the player directs
	"directed_doomed",  // of those, trains that rust within the next 4 bought
	"directed_bare",    // directed companies with no train
	"directed_cash",    // directed companies' cash
	"cert_room",        // certificate limit less certificates held
	"priority",         // 1 with the priority deal
	"shares_x_phase",   // shares x phase progress (0..1)
	"cash_x_phase",     // cash x phase progress
	"stock_round",      // 1 in a stock round
}

// The model weighs each base feature of a player twice: as the player's
// value less the table's mean (what sets the players apart: "cash"), and
// as the table's mean (how much the whole table still gains:
// "table_cash"); the bias and the stock round are the table's only, the
// priority the player's only (its mean is fixed).
const (
	evalTableOnly  = 1 // bias, stock_round
	evalPlayerOnly = 2 // priority
)

var evalKind = map[string]int{"bias": evalTableOnly, "stock_round": evalTableOnly, "priority": evalPlayerOnly}

// evalFeatureNames names the model's features, in the order
// EvalModel.Weights weighs them.
var evalFeatureNames = func() []string {
	var out []string
	for _, b := range evalBase {
		if evalKind[b] != evalTableOnly {
			out = append(out, b)
		}
		if b == "bias" {
			out = append(out, b)
		} else if evalKind[b] != evalPlayerOnly {
			out = append(out, "table_"+b)
		}
	}
	return out
}()

// EvalFeatureNames is a copy of the names of the evaluation's features,
// in weight order.
func EvalFeatureNames() []string { return append([]string(nil), evalFeatureNames...) }

// EvalModel is a fitted evaluation for one title.
type EvalModel struct {
	Title    string    `json:"title"`
	Features []string  `json:"features"`
	Weights  []float64 `json:"weights"`
	// PhaseWeights, when present, are weights fitted on the positions of
	// each phase alone (by phase index; an empty row: Weights).
	PhaseWeights [][]float64 `json:"phase_weights,omitempty"`
	// Fit describes how the weights were made and how well they predict
	// held-out games (written by fit-eval; not used to evaluate).
	Fit json.RawMessage `json:"fit,omitempty"`
}

// bankCasher is a title game that counts its bank.
type bankCasher interface{ BankCash() int }

//go:embed evalweights_*.json
var evalWeightFiles embed.FS

// evalModels parses the embedded weights once (read-only afterwards).
var evalModels = sync.OnceValue(func() map[string]*EvalModel {
	out := map[string]*EvalModel{}
	for _, t := range []string{"1860", "1825"} {
		b, err := evalWeightFiles.ReadFile("evalweights_" + t + ".json")
		if err != nil {
			continue
		}
		m, err := ParseEvalModel(b)
		if err != nil || m.Title != t {
			continue
		}
		out[t] = m
	}
	return out
})

// ParseEvalModel reads a model written by fit-eval, checking its features
// are the ones this build computes.
func ParseEvalModel(b []byte) (*EvalModel, error) {
	var m EvalModel
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("bot: evaluation weights: %w", err)
	}
	if len(m.Weights) != len(evalFeatureNames) || len(m.Features) != len(evalFeatureNames) {
		return nil, fmt.Errorf("bot: evaluation weights for %s: %d weights and %d features, want %d", m.Title, len(m.Weights), len(m.Features), len(evalFeatureNames))
	}
	for p, w := range m.PhaseWeights {
		if len(w) != 0 && len(w) != len(evalFeatureNames) {
			return nil, fmt.Errorf("bot: evaluation weights for %s: phase %d has %d weights, want %d", m.Title, p, len(w), len(evalFeatureNames))
		}
	}
	for i, f := range m.Features {
		if f != evalFeatureNames[i] {
			return nil, fmt.Errorf("bot: evaluation weights for %s: feature %d is %q, want %q", m.Title, i, f, evalFeatureNames[i])
		}
	}
	return &m, nil
}

// weights are the weights for positions in phase (an index).
func (m *EvalModel) weights(phase int) []float64 {
	if phase >= 0 && phase < len(m.PhaseWeights) && len(m.PhaseWeights[phase]) > 0 {
		return m.PhaseWeights[phase]
	}
	return m.Weights
}

// EvalModelFor returns the embedded evaluation of title, or nil.
func EvalModelFor(title string) *EvalModel { return evalModels()[title] }

// Evaluate predicts every player's final worth (by player id) in g, with
// the embedded model of g's title; ok is false when there is none (or g
// has no engine state or cannot value its players).
func Evaluate(g Game) (worth map[string]float64, ok bool) {
	eg := Engine(g)
	if eg == nil {
		return nil, false
	}
	m := EvalModelFor(eg.Title)
	if m == nil {
		return nil, false
	}
	return m.Evaluate(g)
}

// Evaluate predicts every player's final worth (by player id) in g.
func (m *EvalModel) Evaluate(g Game) (map[string]float64, bool) {
	eg := Engine(g)
	r, ok := unwrap(g).(resulter)
	if eg == nil || !ok {
		return nil, false
	}
	now := r.Result()
	xs := evalFeatures(eg, now, bankOf(g))
	out := make(map[string]float64, len(xs))
	for i, p := range eg.Players {
		id := strconv.Itoa(p.ID)
		v := float64(now[id])
		for j, w := range m.weights(eg.PhaseIdx) {
			v += w * xs[i][j]
		}
		out[id] = v
	}
	return out, true
}

// bankOf is the bank left in g as its title counts it (0 when unknown).
func bankOf(g Game) int {
	if b, ok := unwrap(g).(bankCasher); ok {
		return b.BankCash()
	}
	return 0
}

// EvalFeatures returns the features of every player of g (in the order
// of eg.Players) and their worth now, for fitting.
func EvalFeatures(g Game) (players []int, xs [][]float64, worth []float64, err error) {
	eg := Engine(g)
	r, ok := unwrap(g).(resulter)
	if eg == nil || !ok {
		return nil, nil, nil, fmt.Errorf("bot: %T cannot be evaluated", unwrap(g))
	}
	now := r.Result()
	xs = evalFeatures(eg, now, bankOf(g))
	for _, p := range eg.Players {
		players = append(players, p.ID)
		worth = append(worth, float64(now[strconv.Itoa(p.ID)]))
	}
	return players, xs, worth, nil
}

// evalFeatures computes the features of each player of eg (eg.Players
// order), given their worth now and the bank left.
func evalFeatures(eg *engine.Game, worth map[string]int, bank int) [][]float64 {
	n := len(eg.Players)
	nf := len(evalBase)
	flat := make([]float64, n*nf)
	xs := make([][]float64, n)
	index := make(map[int]int, n)
	for i, p := range eg.Players {
		xs[i] = flat[i*nf : (i+1)*nf]
		index[p.ID] = i
	}

	// trains that rust within the next four bought: their RustsOn names
	// one of the next four trains for sale
	soon := map[string]bool{}
	if eg.Depot != nil {
		for i, t := range eg.Depot.Upcoming {
			if i >= 4 {
				break
			}
			soon[t.Name] = true
		}
	}
	phase := eg.Phase()
	progress := 0.0
	if len(eg.Phases) > 1 {
		progress = float64(eg.PhaseIdx) / float64(len(eg.Phases)-1)
	}
	tableRevenue := 0
	for _, c := range eg.Corps {
		if c.Closed || !c.HasRevenue {
			continue
		}
		tableRevenue += c.LastRevenue.Total
	}
	// operating rounds left, roughly: the bank over what the table earns
	// a round (capped; a bank not yet touched by revenue says little)
	left := 20.0
	if tableRevenue > 0 {
		left = min(20, max(0, float64(bank)/float64(tableRevenue)))
	}
	for _, c := range eg.Corps {
		if c.Closed || c.Cell == nil {
			continue
		}
		rev := 0
		if c.HasRevenue {
			rev = c.LastRevenue.Total
		}
		for _, s := range c.Shares {
			i, ok := index[int(s.Holder)]
			if !ok {
				continue
			}
			x := xs[i]
			part := float64(rev*s.Percent) / 100
			if c.LastRevenue.Kind == "payout" {
				x[3] += part
			} else {
				x[4] += part
			}
			x[8] += float64(c.Cash*s.Percent) / 100
		}
		if i, ok := index[c.President]; ok && !c.Receivership {
			x := xs[i]
			x[10]++
			trains := 0
			for _, t := range c.Trains {
				if t.Rusted {
					continue
				}
				trains++
				if t.RustsOn != "" && soon[t.RustsOn] {
					x[12]++
				}
			}
			x[11] += float64(trains)
			if trains == 0 {
				x[13]++
			}
			x[14] += float64(c.Cash)
		}
	}
	for i, p := range eg.Players {
		x := xs[i]
		w := float64(worth[strconv.Itoa(p.ID)])
		x[0] = 1
		x[1] = float64(p.Cash)
		x[2] = w - float64(p.Cash)
		x[5] = x[3] * left
		x[6] = x[4] * left
		x[7] = x[3] * float64(max(phase.OperatingRounds, 1))
		for _, sym := range p.Companies {
			if co := eg.Company(sym); co != nil && !co.Closed {
				x[9] += float64(co.Revenue)
			}
		}
		x[15] = float64(eg.CertLimit - eg.NumCerts(p))
		if eg.PriorityDeal == p.ID {
			x[16] = 1
		}
		x[17] = x[2] * progress
		x[18] = x[1] * progress
		if eg.RoundKind == "Stock" {
			x[19] = 1
		}
	}
	return expand(xs)
}

// expand turns each player's base features into the model's: the
// player's less the table's mean, and the table's mean (evalKind).
func expand(base [][]float64) [][]float64 {
	n := len(base)
	nb := len(evalBase)
	mean := make([]float64, nb)
	for _, x := range base {
		for j, v := range x {
			mean[j] += v
		}
	}
	for j := range mean {
		mean[j] /= float64(max(n, 1))
	}
	nf := len(evalFeatureNames)
	flat := make([]float64, n*nf)
	out := make([][]float64, n)
	for i, x := range base {
		y := flat[i*nf : (i+1)*nf]
		k := 0
		for j, name := range evalBase {
			if evalKind[name] != evalTableOnly {
				y[k] = x[j] - mean[j]
				k++
			}
			if evalKind[name] != evalPlayerOnly {
				y[k] = mean[j]
				k++
			}
		}
		out[i] = y
	}
	return out
}

// IncomeValue adds to worth (each player's worth now, by player id) the
// valuation of a rollout cut short that the search used before the fitted
// one: two rounds of the dividends each player's shares paid in the last
// operating round.
func IncomeValue(eg *engine.Game, worth map[string]int) {
	for _, c := range eg.Corps {
		if c.Closed || !c.HasRevenue || c.LastRevenue.Kind != "payout" {
			continue
		}
		for _, p := range eg.Players {
			if pct := c.PercentOf(engine.Holder(p.ID)); pct > 0 {
				worth[strconv.Itoa(p.ID)] += 2 * c.LastRevenue.Total * pct / 100
			}
		}
	}
}
