package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"time"

	"tresham/compat/g18xx"
	"tresham/replay"
)

// routesUsage documents `tresham routes`.
const routesUsage = `usage: tresham routes --bench [--repeat N] [--cpuprofile F] [--memprofile F] GAME.json [GAME.json ...]

Replays each game (1860 or 1825) and, at every effective run_routes action, solves the
position exactly before applying it. Prints one JSON object per position:
  {"game", "action_id", "corporation", "trains", "chosen_revenue",
   "chosen_subsidy", "best_revenue", "best_subsidy", "best_total", "ms", "cpu_ms"}
(best_revenue/best_subsidy: the max-revenue run, ties broken by subsidy;
best_total: the max of revenue+subsidy; ms: wall time, cpu_ms: the solving
thread's CPU time, each the least of N solves), then a summary line.
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
	CPUMS         float64  `json:"cpu_ms"`
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
	CPUMedianMS     float64 `json:"cpu_median_ms"`
	CPUP99MS        float64 `json:"cpu_p99_ms"`
	CPUMaxMS        float64 `json:"cpu_max_ms"`
}

func cmdRoutes(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("routes", flag.ContinueOnError)
	fs.SetOutput(stderr)
	bench := fs.Bool("bench", false, "solve every run_routes position of the games")
	repeat := fs.Int("repeat", 1, "solves per position (the least time is reported)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the solves to this file")
	memProfile := fs.String("memprofile", "", "write an allocation profile to this file at the end")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if !*bench || fs.NArg() == 0 || *repeat < 1 {
		fmt.Fprint(stderr, routesUsage)
		return 2
	}
	// Thread CPU time is read on the thread that solves.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if *memProfile != "" {
		runtime.MemProfileRate = 4096
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "tresham: cpu profile: %v\n", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "tresham: cpu profile: %v\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	enc := json.NewEncoder(stdout)
	var times, cpuTimes []float64
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
			var sol *replay.Solved
			ms, cpuMS := math.Inf(1), math.Inf(1)
			for range *repeat {
				// Collect the replay's garbage first so that the time
				// measured is the solver's own.
				runtime.GC()
				c0, _ := threadCPU()
				start := time.Now()
				sol, err = pos.Solve(a.Entity)
				wall := time.Since(start)
				c1, _ := threadCPU()
				if err != nil {
					return fmt.Errorf("action %d: solve: %w", a.ID, err)
				}
				ms = min(ms, float64(wall.Microseconds())/1000)
				cpuMS = min(cpuMS, float64((c1-c0).Microseconds())/1000)
			}
			line := routeLine{
				Game: path, ActionID: a.ID, Corporation: a.Entity, Trains: sol.Trains,
				ChosenRevenue: rev, ChosenSubsidy: sub,
				BestRevenue: sol.Revenue, BestSubsidy: sol.Subsidy,
				BestTotal: sol.TotalRevenue + sol.TotalSubsidy, MS: ms, CPUMS: cpuMS,
			}
			if line.Trains == nil {
				line.Trains = []string{}
			}
			times = append(times, ms)
			cpuTimes = append(cpuTimes, cpuMS)
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
	slices.Sort(cpuTimes)
	sum.CPUMedianMS = quantile(cpuTimes, 0.5)
	sum.CPUP99MS = quantile(cpuTimes, 0.99)
	if len(cpuTimes) > 0 {
		sum.CPUMaxMS = cpuTimes[len(cpuTimes)-1]
	}
	if *memProfile != "" {
		if err := writeHeapProfile(*memProfile); err != nil {
			fmt.Fprintf(stderr, "tresham: mem profile: %v\n", err)
			status = 1
		}
	}
	_ = enc.Encode(sum)
	return status
}

// writeHeapProfile writes the allocation profile to path.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// quantile returns the nearest-rank q-quantile of sorted values.
func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}
