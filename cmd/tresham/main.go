// Command tresham is the single Tresham binary: serve games (HTTP API, web
// UI, WebSockets), play against bots, replay and check imported games,
// solve routes, self-play with invariant checks, and load-test a server.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: tresham <command> [arguments]

commands:
  replay [--trace OUT.jsonl] GAME.json   replay an 18xx.games export and print its result
  bench [-n N] GAME.json...              time N replays of each game (default 20) and print medians
  legal [-n N] GAME.json                 list who may act and their legal actions (after N actions)
  routes --bench GAME.json [...]         solve every route position exactly (JSON lines)
  analyse [--csv | --json] GAME.json     the game as spreadsheet tables, with the best run of every position
  serve [--addr HOST:PORT] [--data DIR] [--db DSN]
                                         run the game server (HTTP API, web UI, WebSockets)
  play [--title 1860|1825] [--players N] [--seat K] [--bot KIND] [--save FILE.json]
                                         play a whole game against bots in the terminal
  loadtest [--db DSN | --url URL] [--games N] [--sockets N] [--duration D]
  loadtest --populate N [--db DSN] [--exports DIR] [--open N] [--cache-mb N]
                                         load a server with concurrent games; print actions/s and latency
  backup [--data DIR | --db FILE] OUT.db   copy a SQLite database consistently while servers run
  health [--url URL]                     exit 0 when a server's /healthz answers 200 (container checks)
  selfplay --title T [--options a,b] [--players N] [--games K] [--bot KIND] [--seed S] [--out DIR]
                                         play bot games with the engine's invariants checked
  tournament --title T --lineup KIND,KIND,... [--seeds K] [--players N]
                                         bot kinds and budgets over the same seeds, seats rotated:
                                         wins, win rates and Bradley-Terry ratings with intervals
  fit-eval --title T [--games N] [--test N] [--seed S] [--out FILE]
                                         fit the search's evaluation of a position from heuristic
                                         self-play; measure it on held-out games
`

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "replay":
		return cmdReplay(ctx, args[1:], stdout, stderr)
	case "bench":
		return cmdBench(ctx, args[1:], stdout, stderr)
	case "legal":
		return cmdLegal(ctx, args[1:], stdout, stderr)
	case "routes":
		return cmdRoutes(ctx, args[1:], stdout, stderr)
	case "analyse", "analyze":
		return cmdAnalyse(ctx, args[1:], stdout, stderr)
	case "serve":
		return cmdServe(ctx, args[1:], stdout, stderr)
	case "play":
		return cmdPlay(ctx, args[1:], os.Stdin, stdout, stderr)
	case "loadtest":
		return cmdLoadtest(ctx, args[1:], stdout, stderr)
	case "backup":
		return cmdBackup(ctx, args[1:], stdout, stderr)
	case "health":
		return cmdHealth(ctx, args[1:], stdout, stderr)
	case "selfplay":
		return cmdSelfplay(ctx, args[1:], stdout, stderr)
	case "tournament":
		return cmdTournament(ctx, args[1:], stdout, stderr)
	case "fit-eval":
		return cmdFitEval(ctx, args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "tresham: unknown command %q\n%s", args[0], usage)
	return 2
}

func cmdReplay(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	tracePath := fs.String("trace", "", "write the per-action state trace (JSON lines) to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprint(stderr, "usage: tresham replay [--trace OUT.jsonl] GAME.json\n")
		return 2
	}
	// A replay is short and its heap small (a few MB): collecting garbage
	// while it grows from the runtime's 4 MB start costs more CPU than the
	// whole decode; let the heap grow to 9x what is live before collecting
	// (an explicit GOGC is kept).
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(replayGCPercent))
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	src, err := g18xx.ReadFile(fs.Arg(0))
	if err != nil {
		log.Error("cannot read game", "file", fs.Arg(0), "err", err)
		return 1
	}
	var tw *traceWriter
	if *tracePath != "" {
		f, err := os.Create(*tracePath)
		if err != nil {
			log.Error("cannot create trace", "err", err)
			return 1
		}
		defer f.Close()
		tw = &traceWriter{w: f}
	}
	var step replay.Step
	var init func(map[string]any) error
	if tw != nil {
		step = tw.write
		init = func(st map[string]any) error { return tw.write(nil, st) }
	}
	rules := replay.Rules(src)
	g, n, err := replay.RunTracedOf(src, rules, step, init)
	if err != nil {
		var re *engine.RuleError
		var dated *replay.DatedRefusal
		if errors.As(replay.Explain(src, err), &dated) && errors.As(err, &re) {
			fmt.Fprintf(stderr, "tresham: cannot apply action %d (%s): %s%s\n", re.ActionID, re.Type, re.Rule, strings.TrimPrefix(dated.Error(), err.Error()))
		} else if errors.As(err, &re) {
			fmt.Fprintf(stderr, "tresham: cannot apply action %d (%s): %s\n", re.ActionID, re.Type, re.Rule)
		} else {
			fmt.Fprintf(stderr, "tresham: %v\n", err)
		}
		return 1
	}
	// rules: the 18xx.games rules it replayed under ("today" or a day)
	out := map[string]any{"title": src.Title, "finished": g.IsFinished(), "result": g.Result(), "actions": n, "rules": rules.String()}
	if !g.IsFinished() {
		out["result"] = nil
	}
	b, _ := json.Marshal(out)
	fmt.Fprintln(stdout, string(b))
	return 0
}

// replayGCPercent is the garbage collector's target for tresham replay
// (GOGC): with it, replaying a real game collects no garbage at all.
const replayGCPercent = 800

// botGCPercent is the garbage collector's target (GOGC) for the commands
// that play bots (tournament, selfplay, play). A bot's lookahead allocates
// fast over a small live heap (a few tens of MB), so at the default 100
// the collector runs often: BenchmarkRollout used 1.4x less CPU a rollout
// in 1825 at 400, and a search bot's time budget buys that many more
// nodes.
const botGCPercent = 400

// botGC sets the collector's target for a bot-playing command, unless
// GOGC is set, and returns what restores the previous target.
func botGC() func() {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	prev := debug.SetGCPercent(botGCPercent)
	return func() { debug.SetGCPercent(prev) }
}

type traceWriter struct{ w io.Writer }

// write emits one trace line with the action's id, type, entity and auto types.
func (t *traceWriter) write(a *g18xx.Action, st map[string]any) error {
	if a == nil {
		st["id"], st["type"], st["entity"], st["auto"] = 0, "init", nil, []string{}
	} else {
		st["id"], st["type"] = a.ID, a.Type
		if id, ok := a.Entity.PlayerID(); ok {
			st["entity"] = id
		} else if s, ok := a.Entity.Symbol(); ok {
			st["entity"] = s
		}
		auto := []string{}
		for _, x := range a.AutoActions {
			auto = append(auto, x.Type)
		}
		st["auto"] = auto
	}
	b, err := json.Marshal(st)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(t.w, string(b))
	return err
}

// cmdBench replays each game n times and prints the median time per game
// and the median of those medians. A game that cannot be replayed is
// reported and skipped (exit status 1).
func cmdBench(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 20, "replays per game")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 || *n < 1 {
		fmt.Fprint(stderr, "usage: tresham bench [-n N] GAME.json...\n")
		return 2
	}
	width := len("overall")
	for _, path := range fs.Args() {
		width = max(width, len(path))
	}
	rc := 0
	var medians []float64
	for _, path := range fs.Args() {
		m, actions, err := benchGame(ctx, path, *n)
		if err != nil {
			fmt.Fprintf(stderr, "tresham: %s: %v\n", path, err)
			rc = 1
			continue
		}
		medians = append(medians, m)
		fmt.Fprintf(stdout, "%-*s  %8.3f ms  (median of %d replays, %d actions)\n", width, path, m, *n, actions)
	}
	if len(medians) > 0 {
		fmt.Fprintf(stdout, "%-*s  %8.3f ms  (median over %d games)\n", width, "overall", median(medians), len(medians))
	}
	return rc
}

// benchGame replays the game in path n times and returns the median
// duration in milliseconds and the number of actions applied.
func benchGame(ctx context.Context, path string, n int) (float64, int, error) {
	src, err := g18xx.ReadFile(path)
	if err != nil {
		return 0, 0, err
	}
	times := make([]float64, 0, n)
	actions := 0
	for range n {
		if err := ctx.Err(); err != nil {
			return 0, 0, err
		}
		start := time.Now()
		_, k, err := replay.Run(src, nil)
		if err != nil {
			return 0, 0, err
		}
		times = append(times, float64(time.Since(start).Nanoseconds())/1e6)
		actions = k
	}
	return median(times), actions, nil
}

// median returns the median of xs (the mean of the middle two for an even
// count); xs is sorted in place.
func median(xs []float64) float64 {
	slices.Sort(xs)
	k := len(xs) / 2
	if len(xs)%2 == 0 {
		return (xs[k-1] + xs[k]) / 2
	}
	return xs[k]
}
