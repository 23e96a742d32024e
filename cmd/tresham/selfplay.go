package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"tresham/bot"
	"tresham/compat/g18xx"
	"tresham/selfplay"
	"tresham/titles"
)

const selfplayUsage = `usage: tresham selfplay --title 1860|1825 [--options a,b] [--players N] [--games K]
                        [--bot KIND | --bots KIND,KIND,...] [--seed S] [--out DIR]
                        [--checks default|all|light] [--max-actions N]
       tresham selfplay --all [--games K] [--bot KIND] [--seed S] [--out DIR] [--checks ...]
                        [--reference-only]
`

// cmdSelfplay plays K games between bots with the invariants checked after
// every action, writes each game as an 18xx.games export into DIR, and
// prints a summary. It exits 1 when an invariant failed or a game did not
// finish, naming the game, the action and the invariant.
func cmdSelfplay(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, selfplayUsage); fs.PrintDefaults() }
	title := fs.String("title", "1860", "title: "+strings.Join(titles.Names(), " or "))
	options := fs.String("options", "", "comma-separated optional rules (18xx.games names)")
	players := fs.Int("players", 3, "number of players")
	games := fs.Int("games", 1, "number of games (seeds S, S+1, ...)")
	kind := fs.String("bot", "random", fmt.Sprintf("bot kind for every seat %v (search:250ms or search:5000n sets the search's budget per decision)", bot.Kinds()))
	seats := fs.String("bots", "", "bot kind per seat, comma-separated (overrides --bot)")
	seed := fs.Uint64("seed", 1, "seed of the first game")
	out := fs.String("out", "", "directory for the game exports (none when empty)")
	checks := fs.String("checks", "default", "invariant sampling: default, all (every check after every action: slow) or light (cheap checks and a final round trip)")
	maxActions := fs.Int("max-actions", selfplay.DefaultMaxActions, "stop a game that has not ended after this many actions")
	all := fs.Bool("all", false, "play K games of every configuration (selfplay.AllVariants; --title, --options and --players are ignored); seats alternate between the bot kinds unless --bot is given")
	refOnly := fs.Bool("reference-only", false, "with --all: only configurations whose options 18xx.games knows (for a cross-check there)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	defer botGC()()
	var ck selfplay.Checks
	switch *checks {
	case "default":
		ck = selfplay.DefaultChecks()
	case "all":
		ck = selfplay.AllChecks()
	case "light":
		ck = selfplay.Checks{RoundTripEvery: 1 << 30}
	default:
		fmt.Fprintf(stderr, "tresham: --checks %q: want default, all or light\n", *checks)
		return 2
	}
	if *all {
		botSet := false
		fs.Visit(func(f *flag.Flag) { botSet = botSet || f.Name == "bot" })
		if !botSet {
			*kind = ""
		}
		return sweep(ctx, sweepSpec{games: *games, kind: *kind, seed: *seed, out: *out, checks: ck, maxActions: *maxActions, refOnly: *refOnly}, stdout, stderr)
	}
	if fs.NArg() != 0 || *games < 1 || *players < 1 {
		fs.Usage()
		return 2
	}
	spec := *kind
	if *seats != "" {
		spec = *seats
	}
	bots, err := selfplay.ParseSeats(spec, *players)
	if err != nil {
		fmt.Fprintf(stderr, "tresham: %v\n", err)
		return 2
	}
	for _, b := range bots {
		if err := bot.CheckKind(b); err != nil {
			fmt.Fprintf(stderr, "tresham: %v\n", err)
			return 2
		}
	}
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			fmt.Fprintf(stderr, "tresham: %v\n", err)
			return 1
		}
	}
	prog := newProgress(stderr, *games)
	var recs []*selfplay.Record
	rc := 0
	for i := range *games {
		cfg := selfplay.Config{
			Title: *title, Options: selfplay.ParseOptions(*options), Players: *players, Bots: bots,
			Seed: *seed + uint64(i), MaxActions: *maxActions, Checks: ck,
		}
		rec, err := selfplay.Play(ctx, cfg)
		if err != nil {
			prog.done()
			fmt.Fprintf(stderr, "tresham: %v\n", err)
			return 1
		}
		recs = append(recs, rec)
		if *out != "" {
			path := filepath.Join(*out, cfg.Name()+".json")
			if err := writeExport(path, rec.Export); err != nil {
				prog.done()
				fmt.Fprintf(stderr, "tresham: %v\n", err)
				return 1
			}
		}
		switch {
		case rec.Violation != nil:
			prog.note(fmt.Sprintf("FAIL %s: %v", cfg.Name(), rec.Violation))
			rc = 1
		case !rec.Finished:
			prog.note(fmt.Sprintf("FAIL %s: not finished after %d actions", cfg.Name(), rec.Actions))
			rc = 1
		}
		prog.step(i+1, rec)
	}
	prog.done()
	summarize(stdout, recs)
	return rc
}

func writeExport(path string, g *g18xx.Game) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := g18xx.Encode(f, g); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}

// progress shows a bar on a terminal, otherwise a line every so often.
type progress struct {
	w     io.Writer
	tty   bool
	total int
	start time.Time
	last  time.Time
}

func newProgress(w io.Writer, total int) *progress {
	tty := false
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			tty = true
		}
	}
	return &progress{w: w, tty: tty, total: total, start: time.Now(), last: time.Now()}
}

// step reports that n games are done, the last being rec.
func (p *progress) step(n int, rec *selfplay.Record) {
	elapsed := time.Since(p.start)
	if p.tty {
		const width = 30
		fill := width * n / p.total
		fmt.Fprintf(p.w, "\r[%s%s] %d/%d games  %s  last: %d actions, %s",
			strings.Repeat("#", fill), strings.Repeat(".", width-fill), n, p.total,
			elapsed.Round(time.Second), rec.Actions, orDash(rec.EndReason))
		return
	}
	if time.Since(p.last) >= 10*time.Second || n == p.total {
		p.last = time.Now()
		fmt.Fprintf(p.w, "selfplay: %d/%d games (%s)\n", n, p.total, elapsed.Round(time.Second))
	}
}

// note prints a line (a failure) without breaking the bar.
func (p *progress) note(s string) {
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
	fmt.Fprintln(p.w, s)
}

func (p *progress) done() {
	if p.tty {
		fmt.Fprintln(p.w)
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// summarize prints end reasons, game lengths, scores, wins per seat, time
// per game and the failures.
func summarize(w io.Writer, recs []*selfplay.Record) {
	if len(recs) == 0 {
		return
	}
	reasons := map[string]int{}
	var lengths, times []float64
	seats := recs[0].Config.Players
	wins := make([]float64, seats)
	scores := make([][]float64, seats)
	var failures []string
	for _, r := range recs {
		reason := r.EndReason
		switch {
		case r.Violation != nil:
			reason = "invariant failed"
			failures = append(failures, fmt.Sprintf("%s: %v", r.Config.Name(), r.Violation))
		case !r.Finished:
			reason = "unfinished"
			failures = append(failures, fmt.Sprintf("%s: not finished after %d actions", r.Config.Name(), r.Actions))
		}
		reasons[reason]++
		lengths = append(lengths, float64(r.Actions))
		times = append(times, r.Duration.Seconds())
		for _, s := range r.Winners {
			wins[s] += 1 / float64(len(r.Winners))
		}
		if r.Finished {
			for s, id := range r.Export.Players {
				scores[s] = append(scores[s], float64(r.Result[strconv.Itoa(id.ID)]))
			}
		}
	}
	c := recs[0].Config
	fmt.Fprintf(w, "%d games of %s %s, %d players, bots %s\n", len(recs), c.Title, orDash(strings.Join(c.Options, ",")), c.Players, strings.Join(c.Bots, ","))
	var rs []string
	for k := range reasons {
		rs = append(rs, k)
	}
	sort.Strings(rs)
	fmt.Fprint(w, "end reasons:")
	for _, k := range rs {
		fmt.Fprintf(w, " %s %d", k, reasons[k])
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "actions per game: min %.0f, median %.0f, max %.0f\n", slices.Min(lengths), median(slices.Clone(lengths)), slices.Max(lengths))
	fmt.Fprintf(w, "time per game: median %.2fs, max %.2fs, total %.1fs\n", median(slices.Clone(times)), slices.Max(times), sum(times))
	for s := range seats {
		mean := 0.0
		if len(scores[s]) > 0 {
			mean = sum(scores[s]) / float64(len(scores[s]))
		}
		fmt.Fprintf(w, "seat %d (%s): wins %g, mean score %.0f\n", s+1, c.Bots[s], wins[s], mean)
	}
	if len(failures) > 0 {
		fmt.Fprintf(w, "%d failed:\n", len(failures))
		for _, f := range failures {
			fmt.Fprintf(w, "  %s\n", f)
		}
	} else {
		fmt.Fprintln(w, "all invariants held")
	}
}

func sum(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t
}

// sweepSpec is a selfplay --all run.
type sweepSpec struct {
	games      int
	kind       string // "" alternates the bot kinds by seat and game
	seed       uint64
	out        string
	checks     selfplay.Checks
	maxActions int
	refOnly    bool
}

// sweep plays sp.games games of every configuration and prints a line per
// configuration (games, finished, failed, median actions) and the failures.
// It exits 1 when an invariant failed or a game did not finish.
func sweep(ctx context.Context, sp sweepSpec, stdout, stderr io.Writer) int {
	if sp.out != "" {
		if err := os.MkdirAll(sp.out, 0o755); err != nil {
			fmt.Fprintf(stderr, "tresham: %v\n", err)
			return 1
		}
	}
	var variants []selfplay.Variant
	for _, v := range selfplay.AllVariants() {
		if !sp.refOnly || selfplay.ReferenceKnows(v) {
			variants = append(variants, v)
		}
	}
	prog := newProgress(stderr, len(variants)*sp.games)
	kinds := bot.QuickKinds()
	var failures []string
	n := 0
	start := time.Now()
	fmt.Fprintf(stdout, "%-70s %5s %8s %6s %8s\n", "configuration", "games", "finished", "failed", "actions")
	for _, v := range variants {
		finished, failed := 0, 0
		var lengths []float64
		for i := range sp.games {
			seed := sp.seed + uint64(i)
			bots := make([]string, v.Players)
			for s := range bots {
				bots[s] = sp.kind
				if sp.kind == "" {
					bots[s] = kinds[(s+i)%len(kinds)]
				}
			}
			cfg := selfplay.Config{Title: v.Title, Options: v.Options, Players: v.Players, Bots: bots, Seed: seed, MaxActions: sp.maxActions, Checks: sp.checks}
			rec, err := selfplay.Play(ctx, cfg)
			if err != nil {
				prog.done()
				fmt.Fprintf(stderr, "tresham: %v\n", err)
				return 1
			}
			if sp.out != "" {
				if err := writeExport(filepath.Join(sp.out, cfg.Name()+".json"), rec.Export); err != nil {
					prog.done()
					fmt.Fprintf(stderr, "tresham: %v\n", err)
					return 1
				}
			}
			lengths = append(lengths, float64(rec.Actions))
			switch {
			case rec.Violation != nil:
				failed++
				failures = append(failures, fmt.Sprintf("%s: %v", cfg.Name(), rec.Violation))
				prog.note("FAIL " + failures[len(failures)-1])
			case !rec.Finished:
				failed++
				failures = append(failures, fmt.Sprintf("%s: not finished after %d actions", cfg.Name(), rec.Actions))
				prog.note("FAIL " + failures[len(failures)-1])
			default:
				finished++
			}
			n++
			prog.step(n, rec)
		}
		fmt.Fprintf(stdout, "%-70s %5d %8d %6d %8.0f\n", v, sp.games, finished, failed, median(lengths))
	}
	prog.done()
	fmt.Fprintf(stdout, "%d configurations, %d games in %s\n", len(variants), n, time.Since(start).Round(time.Second))
	if len(failures) > 0 {
		fmt.Fprintf(stdout, "%d failed:\n", len(failures))
		for _, f := range failures {
			fmt.Fprintf(stdout, "  %s\n", f)
		}
		return 1
	}
	fmt.Fprintln(stdout, "all invariants held")
	return 0
}
