package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"time"

	"tresham/bot"
	"tresham/engine"
	"tresham/selfplay"
)

const fitEvalUsage = `usage: tresham fit-eval --title 1860|1825 [--players N] [--games N] [--test N] [--seed S]
                        [--ridge R] [--parallel P] [--out FILE]
`

// evalPosition is one sampled position of a self-played game: every
// player's features, worth then, the old valuation of a rollout cut
// short (worth plus two rounds of dividends) and final worth.
type evalPosition struct {
	game     int
	ids      []int // player ids, in the order of the slices below
	phase    int
	progress float64 // the position's index among its game's, 0..1
	xs       [][]float64
	worth    []float64
	income   []float64
	final    []float64
}

// cmdFitEval plays self-play games of heuristic bots (fresh seeds), samples
// every player's features at the start of each round, fits the search's
// evaluation of a position (each player's final worth) by ridge regression
// on the first games and measures it on the held-out rest against the
// valuations it replaces, then writes the weights (bot/evalweights_T.json
// is embedded in the bot package).
func cmdFitEval(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fit-eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, fitEvalUsage); fs.PrintDefaults() }
	title := fs.String("title", "1825", "title: 1860 or 1825")
	players := fs.Int("players", 4, "number of players")
	games := fs.Int("games", 200, "self-played games to fit on")
	test := fs.Int("test", 50, "further games (the seeds after the fitting ones) to measure on")
	seed := fs.Uint64("seed", 1, "first seed")
	ridge := fs.Float64("ridge", 0.001, "ridge penalty on the standardised weights")
	parallel := fs.Int("parallel", 1, "games played at once")
	out := fs.String("out", "", "write the weights here (JSON)")
	phases := fs.Bool("by-phase", false, "write weights fitted on each phase's positions alone (and the others for the phases with few)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	defer botGC()()
	if fs.NArg() != 0 || *games < 1 || *test < 0 || *players < 2 || *parallel < 1 || *ridge < 0 {
		fs.Usage()
		return 2
	}
	start := time.Now()
	n := *games + *test
	positions := make([][]evalPosition, n)
	errs := make([]error, n)
	queue := make(chan int, n)
	for i := range n {
		queue <- i
	}
	close(queue)
	done := make(chan int)
	for range min(*parallel, n) {
		go func() {
			for i := range queue {
				positions[i], errs[i] = evalGame(ctx, *title, *players, *seed+uint64(i), i)
				done <- i
			}
		}()
	}
	for k := range n {
		i := <-done
		if errs[i] != nil {
			fmt.Fprintf(stderr, "tresham: fit-eval: seed %d: %v\n", *seed+uint64(i), errs[i])
			continue
		}
		if (k+1)%10 == 0 || k+1 == n {
			fmt.Fprintf(stderr, "fit-eval: %d/%d games (%v)\n", k+1, n, time.Since(start).Round(time.Second))
		}
	}
	if err := ctx.Err(); err != nil {
		fmt.Fprintf(stderr, "tresham: fit-eval: %v\n", err)
		return 1
	}
	var train []bot.EvalSample
	var held []evalPosition
	for i, ps := range positions {
		for _, p := range ps {
			if i >= *games {
				held = append(held, p)
				continue
			}
			for k := range p.xs {
				train = append(train, bot.EvalSample{X: p.xs[k], Worth: p.worth[k], Final: p.final[k], Phase: p.phase})
			}
		}
	}
	w, err := bot.FitEval(train, *ridge)
	if err != nil {
		fmt.Fprintf(stderr, "tresham: %v\n", err)
		return 1
	}
	m := &bot.EvalModel{Title: *title, Features: bot.EvalFeatureNames(), Weights: w}
	// a model per phase, where the phase has samples enough (ten a weight)
	byPhase := map[int][]bot.EvalSample{}
	for _, s := range train {
		byPhase[s.Phase] = append(byPhase[s.Phase], s)
	}
	pm := &bot.EvalModel{Title: *title, Features: m.Features, Weights: w}
	for p, ss := range byPhase {
		if len(ss) < 10*len(w) {
			continue
		}
		pw, err := bot.FitEval(ss, *ridge)
		if err != nil {
			fmt.Fprintf(stderr, "tresham: phase %d: %v\n", p, err)
			return 1
		}
		for len(pm.PhaseWeights) <= p {
			pm.PhaseWeights = append(pm.PhaseWeights, nil)
		}
		pm.PhaseWeights[p] = pw
	}
	report := evalReport(map[string]*bot.EvalModel{"fitted": m, "fitted by phase": pm}, held)
	if *phases {
		m = pm
	}
	fit := map[string]any{
		"command": fmt.Sprintf("tresham fit-eval --title %s --players %d --games %d --test %d --seed %d --ridge %g --by-phase=%t",
			*title, *players, *games, *test, *seed, *ridge, *phases),
		"bots": "heuristic", "players": *players, "games": *games, "seed": *seed, "ridge": *ridge,
		"samples": len(train), "held_out_games": *test, "held_out_positions": len(held), "held_out": report, "by_phase": *phases,
	}
	m.Fit, _ = json.Marshal(fit)
	fmt.Fprintf(stdout, "%s %dp: fitted on %d games (%d player-positions), measured on %d held-out games (%d positions), %v\n",
		*title, *players, *games, len(train), *test, len(held), time.Since(start).Round(time.Second))
	writeEvalReport(stdout, report)
	for j, name := range m.Features {
		fmt.Fprintf(stdout, "  %-17s %12.5f\n", name, w[j])
	}
	if *out != "" {
		b, err := json.MarshalIndent(m, "", "  ")
		if err == nil {
			err = os.WriteFile(*out, append(b, '\n'), 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "tresham: fit-eval: %v\n", err)
			return 1
		}
	}
	return 0
}

// evalGame plays one game of heuristic bots and returns its positions
// sampled at the start of each round (the auction's excepted), with the
// final worth filled in; a game that does not finish gives none.
func evalGame(ctx context.Context, title string, players int, seed uint64, index int) ([]evalPosition, error) {
	cfg := selfplay.Config{Title: title, Players: players, Bots: []string{"heuristic"}, Seed: seed}
	g, setup, err := selfplay.NewGame(cfg)
	if err != nil {
		return nil, err
	}
	seats := map[int]bot.Player{}
	for s, id := range setup.IDs {
		b, err := bot.New("heuristic", seed*1000003+uint64(s))
		if err != nil {
			return nil, err
		}
		seats[id] = b
	}
	eg := g.Engine()
	var ps []evalPosition
	last := ""
	var stop error
	observe := func(engine.Action) {
		if stop != nil || g.IsFinished() {
			return
		}
		key := eg.RoundKind + "/" + strconv.Itoa(eg.Turn) + "/" + strconv.Itoa(eg.RoundNum)
		if key == last {
			return
		}
		last = key
		if eg.RoundKind == "Auction" {
			return
		}
		ids, xs, worth, err := bot.EvalFeatures(g)
		if err != nil {
			stop = err
			return
		}
		now := g.Result()
		for i := range ids {
			now[strconv.Itoa(ids[i])] = int(worth[i])
		}
		bot.IncomeValue(eg, now)
		income := make([]float64, len(ids))
		for i, id := range ids {
			income[i] = float64(now[strconv.Itoa(id)])
		}
		ps = append(ps, evalPosition{game: index, ids: ids, phase: eg.PhaseIdx, xs: xs, worth: worth, income: income})
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if _, err := bot.Play(g, seats, bot.PlayOptions{MaxActions: selfplay.DefaultMaxActions, Observe: observe}); err != nil {
		return nil, err
	}
	if stop != nil {
		return nil, stop
	}
	if !g.IsFinished() {
		return nil, nil
	}
	final := g.Result()
	for k := range ps {
		p := &ps[k]
		p.progress = float64(k) / float64(max(len(ps)-1, 1))
		p.final = make([]float64, len(p.ids))
		for j, id := range p.ids {
			p.final[j] = float64(final[strconv.Itoa(id)])
		}
	}
	return ps, nil
}

// evalScore is how well one valuation of a position predicts the game's
// end, over held-out positions.
type evalScore struct {
	Valuation string `json:"valuation"`
	// R2Final and R2Gain are the shares of the variance explained, of
	// each player's final worth and of its gain from the position on.
	R2Final float64 `json:"r2_final"`
	R2Gain  float64 `json:"r2_gain"`
	// MAE is the mean absolute error of the predicted final worth.
	MAE float64 `json:"mae"`
	// Leader is how often the predicted leader is a final winner, overall
	// and in each third of the game.
	Leader        float64    `json:"leader_wins"`
	LeaderByThird [3]float64 `json:"leader_wins_by_third"`
	// Pairs is how often two players' predicted order is their final one.
	Pairs float64 `json:"pairs_ordered"`
}

// evalReport scores, on held-out positions, the worth now, the old
// valuation (worth plus two rounds of dividends) and the fitted models.
func evalReport(models map[string]*bot.EvalModel, held []evalPosition) []evalScore {
	type valuation struct {
		name string
		f    func(p *evalPosition, k int) float64
	}
	vals := []valuation{
		{"worth now", func(p *evalPosition, k int) float64 { return p.worth[k] }},
		{"worth + 2 rounds of dividends", func(p *evalPosition, k int) float64 { return p.income[k] }},
	}
	names := slices.Sorted(maps.Keys(models))
	for _, name := range names {
		m := models[name]
		vals = append(vals, valuation{name, func(p *evalPosition, k int) float64 {
			return m.Predict(bot.EvalSample{X: p.xs[k], Worth: p.worth[k], Phase: p.phase})
		}})
	}
	meanFinal, meanGain, cnt := 0.0, 0.0, 0.0
	for _, p := range held {
		for k := range p.final {
			meanFinal += p.final[k]
			meanGain += p.final[k] - p.worth[k]
			cnt++
		}
	}
	if cnt == 0 {
		return nil
	}
	meanFinal /= cnt
	meanGain /= cnt
	var out []evalScore
	for _, v := range vals {
		var sse, sstF, sstG, abs, leader, pairs, npairs float64
		var third, nthird [3]float64
		for i := range held {
			p := &held[i]
			best, top := math.Inf(-1), 0
			fmax := slices.Max(p.final)
			pred := make([]float64, len(p.final))
			for k := range p.final {
				pred[k] = v.f(p, k)
				e := p.final[k] - pred[k]
				sse += e * e
				abs += math.Abs(e)
				sstF += (p.final[k] - meanFinal) * (p.final[k] - meanFinal)
				g := p.final[k] - p.worth[k] - meanGain
				sstG += g * g
				if pred[k] > best {
					best, top = pred[k], k
				}
			}
			hit := 0.0
			if p.final[top] == fmax {
				hit = 1
			}
			leader += hit
			t := min(2, int(p.progress*3))
			third[t] += hit
			nthird[t]++
			for a := range pred {
				for b := a + 1; b < len(pred); b++ {
					if p.final[a] == p.final[b] {
						continue
					}
					npairs++
					if (pred[a] > pred[b]) == (p.final[a] > p.final[b]) {
						pairs++
					}
				}
			}
		}
		s := evalScore{Valuation: v.name, R2Final: 1 - sse/sstF, R2Gain: 1 - sse/sstG, MAE: abs / cnt,
			Leader: leader / float64(len(held)), Pairs: pairs / max(npairs, 1)}
		for t := range third {
			s.LeaderByThird[t] = third[t] / max(nthird[t], 1)
		}
		out = append(out, s)
	}
	return out
}

func writeEvalReport(w io.Writer, scores []evalScore) {
	fmt.Fprintf(w, "  %-30s %8s %8s %8s %8s %22s %8s\n", "valuation", "R2 final", "R2 gain", "MAE", "leader", "leader by third", "pairs")
	for _, s := range scores {
		fmt.Fprintf(w, "  %-30s %8.3f %8.3f %8.0f %7.1f%% %6.1f%% %6.1f%% %6.1f%% %7.1f%%\n", s.Valuation, s.R2Final, s.R2Gain, s.MAE,
			100*s.Leader, 100*s.LeaderByThird[0], 100*s.LeaderByThird[1], 100*s.LeaderByThird[2], 100*s.Pairs)
	}
}
