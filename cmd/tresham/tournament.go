package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"os"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"tresham/bot"
	"tresham/selfplay"
)

const tournamentUsage = `usage: tresham tournament --title 1860|1825 [--options a,b] [--players N]
                          --lineup KIND,KIND,... [--seeds K] [--seed S] [--max-actions N]
                          [--parallel P] [--standings FILE] [--search-log FILE] [--cpuprofile FILE]
`

// cmdTournament plays a paired tournament: for each of K seeds, one game
// for every rotation of the lineup over the seats (so every kind sits in
// every seat on the same seeds), and prints each kind's wins, its mean
// share of the table's worth, and a Bradley-Terry rating table from every
// pair of seats of different kinds in every game (with 95% intervals from
// resampling the seeds).
func cmdTournament(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tournament", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, tournamentUsage); fs.PrintDefaults() }
	title := fs.String("title", "1825", "title: 1860 or 1825")
	options := fs.String("options", "", "comma-separated optional rules (18xx.games names)")
	players := fs.Int("players", 4, "number of players")
	lineup := fs.String("lineup", "search,heuristic", fmt.Sprintf("bot kinds %v, one per seat or fewer (repeated to fill the seats); search:250ms or search:5000n sets a search's budget", bot.Kinds()))
	seeds := fs.Int("seeds", 5, "number of seeds; each plays one game per seat rotation")
	seed := fs.Uint64("seed", 1, "first seed")
	maxActions := fs.Int("max-actions", selfplay.DefaultMaxActions, "stop a game that has not ended after this many actions")
	parallel := fs.Int("parallel", 1, "games played at once")
	standings := fs.String("standings", "", "rewrite this file with the standings so far after every finished game (a run cut short still leaves them)")
	searchLog := fs.String("search-log", "", "append every searched decision (budget, candidates, rollout nodes, rollouts, time) to this file as JSON lines, with the bots' warnings")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the whole run to this file (go tool pprof)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	defer botGC()()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "tresham: --cpuprofile: %v\n", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "tresham: --cpuprofile: %v\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	if fs.NArg() != 0 || *seeds < 1 || *players < 2 || *parallel < 1 {
		fs.Usage()
		return 2
	}
	if *searchLog != "" {
		f, err := os.OpenFile(*searchLog, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			fmt.Fprintf(stderr, "tresham: --search-log: %v\n", err)
			return 1
		}
		defer f.Close()
		// the bots log through the default logger (they are made inside
		// the self-play runner); this command owns the process
		prev := slog.Default()
		slog.SetDefault(slog.New(slog.NewJSONHandler(f, &slog.HandlerOptions{Level: slog.LevelDebug})))
		defer slog.SetDefault(prev)
	}
	kinds := selfplay.ParseOptions(*lineup)
	if len(kinds) == 0 || len(kinds) > *players {
		fmt.Fprintf(stderr, "tresham: --lineup %q: want 1 to %d bot kinds\n", *lineup, *players)
		return 2
	}
	for _, k := range kinds {
		if err := bot.CheckKind(k); err != nil {
			fmt.Fprintf(stderr, "tresham: --lineup: %v\n", err)
			return 2
		}
	}
	base := make([]string, *players)
	for i := range base {
		base[i] = kinds[i%len(kinds)]
	}
	type job struct {
		seed uint64
		rot  int
	}
	var rots []int
	seen := map[string]bool{}
	for r := range *players {
		// a rotation that seats the same kinds as an earlier one adds
		// nothing (a lineup of two kinds alternating has two)
		key := strings.Join(append(base[*players-r:], base[:*players-r]...), ",")
		if seen[key] {
			continue
		}
		seen[key] = true
		rots = append(rots, r)
	}
	// seed by seed, every rotation of a seed in turn: a run cut short has
	// played whole rotations of its first seeds, every kind in every seat
	var jobs []job
	for s := range *seeds {
		for _, r := range rots {
			jobs = append(jobs, job{*seed + uint64(s), r})
		}
	}
	results := make([]*gameResult, len(jobs))
	errs := make([]error, len(jobs))
	queue := make(chan int, len(jobs))
	for i := range jobs {
		queue <- i
	}
	close(queue)
	play := func(i int) {
		j := jobs[i]
		bots := make([]string, *players)
		for s := range bots {
			bots[s] = base[(s+*players-j.rot)%*players]
		}
		cfg := selfplay.Config{Title: *title, Options: selfplay.ParseOptions(*options), Players: *players, Bots: bots,
			Seed: j.seed, MaxActions: *maxActions, Checks: selfplay.Checks{RoundTripEvery: 1 << 30}}
		rec, err := selfplay.Play(ctx, cfg)
		switch {
		case err != nil:
			errs[i] = err
		case rec.Violation != nil:
			errs[i] = fmt.Errorf("%s: %v", cfg.Name(), rec.Violation)
		case !rec.Finished:
			errs[i] = fmt.Errorf("%s: not finished after %d actions", cfg.Name(), rec.Actions)
		default:
			results[i] = resultOf(rec, bots, j.seed)
		}
	}
	done := make(chan int)
	start := time.Now()
	for range min(*parallel, len(jobs)) {
		go func() {
			for i := range queue {
				play(i)
				done <- i
			}
		}()
	}
	var sofar []*gameResult
	for n := range jobs {
		i := <-done
		if errs[i] != nil {
			fmt.Fprintf(stderr, "tresham: %v\n", errs[i])
			continue
		}
		r := results[i]
		fmt.Fprintf(stderr, "game %d/%d seed %d %s: %s wins, %s, %d actions, %.1fs\n", n+1, len(jobs), r.seed,
			strings.Join(r.kinds, ","), strings.Join(r.winnerKinds(), "+"), r.end, r.actions, r.took.Seconds())
		sofar = append(sofar, r)
		if *standings != "" {
			head := fmt.Sprintf("%s %dp, lineup %s: %d of %d games played to the end so far (%v)\n",
				*title, *players, strings.Join(base, ","), len(sofar), len(jobs), time.Since(start).Round(time.Second))
			if err := writeStandingsFile(*standings, head, sofar, uniq(base)); err != nil {
				fmt.Fprintf(stderr, "tresham: %v\n", err)
			}
		}
	}
	// the standings of the games that finished, even when others failed
	// or were interrupted (then the exit status is 1)
	var played []*gameResult
	rc := 0
	for i, r := range results {
		if errs[i] != nil {
			rc = 1
			continue
		}
		played = append(played, r)
	}
	if len(played) == 0 {
		return 1
	}
	fmt.Fprintf(stdout, "%s %dp, lineup %s, %d seeds x %d seat rotations = %d games (%d played to the end) in %v\n",
		*title, *players, strings.Join(base, ","), *seeds, len(rots), len(jobs), len(played), time.Since(start).Round(time.Second))
	writeStandings(stdout, played, uniq(base))
	return rc
}

// writeStandingsFile replaces file with head and the standings of games
// (written to a temporary file and renamed, so a reader never sees half).
func writeStandingsFile(file, head string, games []*gameResult, kinds []string) error {
	var b bytes.Buffer
	b.WriteString(head)
	writeStandings(&b, games, kinds)
	if fi, err := os.Stat(file); err == nil && !fi.Mode().IsRegular() {
		// a device or pipe (/dev/stdout, /dev/null): written in place, never
		// replaced by a renamed file
		if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
			return fmt.Errorf("standings: %w", err)
		}
		return nil
	}
	tmp := file + ".tmp"
	if err := os.WriteFile(tmp, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("standings: %w", err)
	}
	if err := os.Rename(tmp, file); err != nil {
		return fmt.Errorf("standings: %w", err)
	}
	return nil
}

// gameResult is one tournament game.
type gameResult struct {
	seed    uint64
	kinds   []string // by seat
	worth   []int    // by seat
	end     string
	actions int
	took    time.Duration
	// moveTime and moves are the deciding time and moves per seat
}

func resultOf(rec *selfplay.Record, bots []string, seed uint64) *gameResult {
	r := &gameResult{seed: seed, kinds: bots, end: rec.EndReason, actions: rec.Actions, took: rec.Duration}
	for s := range bots {
		r.worth = append(r.worth, rec.Result[strconv.Itoa(s+1)])
	}
	return r
}

// winners are the seats with the top worth.
func (r *gameResult) winners() []int {
	best := slices.Max(r.worth)
	var out []int
	for s, v := range r.worth {
		if v == best {
			out = append(out, s)
		}
	}
	return out
}

func (r *gameResult) winnerKinds() []string {
	var out []string
	for _, s := range r.winners() {
		out = append(out, fmt.Sprintf("%s@%d", r.kinds[s], s+1))
	}
	return out
}

func uniq(xs []string) []string {
	var out []string
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// writeStandings prints per kind: seats played, wins (a shared top counts
// a share), win rate against its parity with a 95% Wilson interval, mean
// worth; per seat the wins of every kind; and the Bradley-Terry ratings.
func writeStandings(w io.Writer, games []*gameResult, kinds []string) {
	seats, wins, worth := map[string]int{}, map[string]float64{}, map[string]float64{}
	players := len(games[0].kinds)
	seatWins := make([]float64, players)
	for _, g := range games {
		ws := g.winners()
		for s, k := range g.kinds {
			seats[k]++
			worth[k] += float64(g.worth[s])
		}
		for _, s := range ws {
			wins[g.kinds[s]] += 1 / float64(len(ws))
			seatWins[s] += 1 / float64(len(ws))
		}
	}
	fmt.Fprintf(w, "\n%-20s %6s %7s %8s %16s %7s %10s\n", "kind", "seats", "wins", "rate", "95% interval", "parity", "mean worth")
	for _, k := range kinds {
		n := float64(seats[k])
		lo, hi := wilson(wins[k], n)
		fmt.Fprintf(w, "%-20s %6d %7.1f %7.1f%% %7.1f%%-%5.1f%% %6.1f%% %10.0f\n", k, seats[k], wins[k], 100*wins[k]/n,
			100*lo, 100*hi, 100/float64(players), worth[k]/n)
	}
	fmt.Fprintf(w, "\nwins by seat:")
	for s, v := range seatWins {
		fmt.Fprintf(w, " %d:%.1f", s+1, v)
	}
	fmt.Fprintln(w)
	if len(kinds) < 2 {
		return
	}
	ref := eloReference(kinds)
	r := bradleyTerry(games, kinds, ref)
	// intervals: refit on the games of seeds drawn with replacement
	bySeed := map[uint64][]*gameResult{}
	var seedList []uint64
	for _, g := range games {
		if bySeed[g.seed] == nil {
			seedList = append(seedList, g.seed)
		}
		bySeed[g.seed] = append(bySeed[g.seed], g)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	boot := make([][]float64, len(kinds))
	for range 400 {
		var sample []*gameResult
		for range seedList {
			sample = append(sample, bySeed[seedList[rng.IntN(len(seedList))]]...)
		}
		b := bradleyTerry(sample, kinds, ref)
		for i := range kinds {
			boot[i] = append(boot[i], b[i])
		}
	}
	name := kinds[ref]
	if isMedium(name) {
		name = "medium"
	}
	fmt.Fprintf(w, "\nElo against %s (Bradley-Terry rating, %s = 0, from every pair of seats of different kinds in every game; 95%% interval from resampling the seeds)\n", name, kinds[ref])
	fmt.Fprintf(w, "%-20s %8s %18s\n", "kind", "rating", "95% interval")
	order := make([]int, len(kinds))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return r[order[a]] > r[order[b]] })
	for _, i := range order {
		sort.Float64s(boot[i])
		lo, hi := boot[i][len(boot[i])*25/1000], boot[i][len(boot[i])*975/1000-1]
		fmt.Fprintf(w, "%-20s %8.0f %8.0f to %6.0f\n", kinds[i], r[i], lo, hi)
	}
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n float64) (float64, float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.96
	p := k / n
	d := 1 + z*z/n
	c := (p + z*z/(2*n)) / d
	h := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / d
	return max(0, c-h), min(1, c+h)
}

// isMedium reports whether kind is the medium level (the heuristic bot).
func isMedium(kind string) bool { return kind == "medium" || kind == "heuristic" }

// eloReference is the index of the kind the ratings are measured against:
// the medium level when the lineup has it (the levels' table rates every
// level against it), else the last kind.
func eloReference(kinds []string) int {
	for i, k := range kinds {
		if isMedium(k) {
			return i
		}
	}
	return len(kinds) - 1
}

// bradleyTerry fits strengths to the pairwise finishes (a tie counts half
// to each) by the MM iteration, with a half win each way added per pair of
// kinds as a prior so that a clean sweep stays finite, and returns them on
// the Elo scale with kinds[ref] at 0: a kind rated D above another is
// expected to finish ahead of it in 1/(1+10^(-D/400)) of their pairings.
func bradleyTerry(games []*gameResult, kinds []string, ref int) []float64 {
	n := len(kinds)
	idx := map[string]int{}
	for i, k := range kinds {
		idx[k] = i
	}
	winsAB := make([][]float64, n)
	for i := range winsAB {
		winsAB[i] = make([]float64, n)
		for j := range winsAB[i] {
			if i != j {
				winsAB[i][j] = 0.5
			}
		}
	}
	for _, g := range games {
		for a := range g.kinds {
			for b := range g.kinds {
				ka, kb := idx[g.kinds[a]], idx[g.kinds[b]]
				if a >= b || ka == kb {
					continue
				}
				switch {
				case g.worth[a] > g.worth[b]:
					winsAB[ka][kb]++
				case g.worth[a] < g.worth[b]:
					winsAB[kb][ka]++
				default:
					winsAB[ka][kb] += 0.5
					winsAB[kb][ka] += 0.5
				}
			}
		}
	}
	p := make([]float64, n)
	for i := range p {
		p[i] = 1
	}
	for range 500 {
		for i := range n {
			w, d := 0.0, 0.0
			for j := range n {
				if i == j {
					continue
				}
				w += winsAB[i][j]
				d += (winsAB[i][j] + winsAB[j][i]) / (p[i] + p[j])
			}
			if d > 0 {
				p[i] = w / d
			}
		}
	}
	out := make([]float64, n)
	for i := range out {
		out[i] = 400 * math.Log10(p[i]/p[ref])
	}
	return out
}
