package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"time"

	"tresham/compat/g18xx"
	"tresham/replay"
)

// routesUsage documents `tresham routes`.
const routesUsage = `usage: tresham routes --bench GAME.json [GAME.json ...]

Replays each game (1860 or 1825) and, at every effective run_routes action, solves the
position exactly before applying it. Prints one JSON object per position:
  {"game", "action_id", "corporation", "trains", "chosen_revenue",
   "chosen_subsidy", "best_revenue", "best_subsidy", "best_total", "ms"}
(best_revenue/best_subsidy: the max-revenue run, ties broken by subsidy;
best_total: the max of revenue+subsidy), then a summary line.
`

// routeLine is one bench output line.
type routeLine struct {
	Game          string   `json:"game"`
	ActionID      int      `json:"action_id"`
	Corporation   string   `json:"corporation"`
	Trains        []string `json:"trains"`
	ChosenRevenue int      `json:"chosen_revenue"`
	ChosenSubsidy int      `json:"chosen_subsidy"`
	BestRevenue   int      `json:"best_revenue"`
	BestSubsidy   int      `json:"best_subsidy"`
	BestTotal     int      `json:"best_total"`
	MS            float64  `json:"ms"`
}

// routeSummary is the last line of a bench.
type routeSummary struct {
	Summary         bool    `json:"summary"`
	Games           int     `json:"games"`
	Positions       int     `json:"positions"`
	RevenueImproved int     `json:"revenue_improved"` // best_revenue > chosen_revenue
	TotalImproved   int     `json:"total_improved"`   // best_total > chosen revenue+subsidy
	Errors          int     `json:"errors"`
	MedianMS        float64 `json:"median_ms"`
	P99MS           float64 `json:"p99_ms"`
	MaxMS           float64 `json:"max_ms"`
}

func cmdRoutes(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("routes", flag.ContinueOnError)
	fs.SetOutput(stderr)
	bench := fs.Bool("bench", false, "solve every run_routes position of the games")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if !*bench || fs.NArg() == 0 {
		fmt.Fprint(stderr, routesUsage)
		return 2
	}
	enc := json.NewEncoder(stdout)
	var times []float64
	sum := routeSummary{Summary: true}
	status := 0
	for _, path := range fs.Args() {
		src, err := g18xx.ReadFile(path)
		if err != nil {
			fmt.Fprintf(stderr, "tresham: %s: %v\n", path, err)
			sum.Errors++
			status = 1
			continue
		}
		sum.Games++
		err = replay.EachRoutePosition(src, func(pos replay.RoutePosition) error {
			a := pos.Action
			rev, sub, err := pos.CheckRun(a.Entity, a.Routes)
			if err != nil {
				return fmt.Errorf("action %d: chosen run: %w", a.ID, err)
			}
			// Collect the replay's garbage first so that the time measured
			// is the solver's own.
			runtime.GC()
			start := time.Now()
			sol, err := pos.Solve(a.Entity)
			ms := float64(time.Since(start).Microseconds()) / 1000
			if err != nil {
				return fmt.Errorf("action %d: solve: %w", a.ID, err)
			}
			line := routeLine{
				Game: path, ActionID: a.ID, Corporation: a.Entity, Trains: sol.Trains,
				ChosenRevenue: rev, ChosenSubsidy: sub,
				BestRevenue: sol.Revenue, BestSubsidy: sol.Subsidy,
				BestTotal: sol.TotalRevenue + sol.TotalSubsidy, MS: ms,
			}
			if line.Trains == nil {
				line.Trains = []string{}
			}
			times = append(times, ms)
			sum.Positions++
			if line.BestRevenue > rev {
				sum.RevenueImproved++
			}
			if line.BestTotal > rev+sub {
				sum.TotalImproved++
			}
			return enc.Encode(line)
		})
		if err != nil {
			fmt.Fprintf(stderr, "tresham: %s: %v\n", path, err)
			sum.Errors++
			status = 1
		}
	}
	slices.Sort(times)
	sum.MedianMS = quantile(times, 0.5)
	sum.P99MS = quantile(times, 0.99)
	if len(times) > 0 {
		sum.MaxMS = times[len(times)-1]
	}
	_ = enc.Encode(sum)
	return status
}

// quantile returns the nearest-rank q-quantile of sorted values.
func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}
