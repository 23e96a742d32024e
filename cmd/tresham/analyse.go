package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"time"

	"tresham/analysis"
	"tresham/bot"
	"tresham/compat/g18xx"
	"tresham/review"
)

// cmdAnalyse replays a game and prints its spreadsheet: players by round,
// every company operation with the exact best run at that position, and
// the revenue left on the table.
func cmdAnalyse(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asCSV := fs.Bool("csv", false, "write the tables as CSV")
	asJSON := fs.Bool("json", false, "write the report as JSON")
	doReview := fs.Bool("review", false, "the game review instead: at every stock, auction, dividend and train decision, the search's best move, what the move made gave up in expected final worth, and the costly moves marked (docs/bots.md)")
	budget := fs.String("budget", review.DefaultBudget.String(), "with --review: the whole review's search budget, shared among its decisions (60000n, 60s, 60s+60000n)")
	markAt := fs.Float64("mark", 0.03, "with --review: mark moves that gave up more than this share of the table's mean expected worth")
	runs := fs.Bool("runs", true, "with --review: rate the runs exactly too (revenue left on the table)")
	seed := fs.Uint64("seed", 1, "with --review: the search's seed")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *doReview {
		if fs.NArg() != 1 || *asCSV {
			fmt.Fprint(stderr, "usage: tresham analyse --review [--json] [--budget B] [--mark M] [--runs=false] [--seed N] GAME.json\n")
			return 2
		}
		b, err := bot.ParseBudget(*budget)
		if err != nil {
			fmt.Fprintf(stderr, "tresham: --budget: %v\n", err)
			return 2
		}
		src, err := g18xx.ReadFile(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(stderr, "tresham: %v\n", err)
			return 1
		}
		if *markAt <= 0 || *markAt >= 1 {
			fmt.Fprintf(stderr, "tresham: --mark %v: want a share between 0 and 1 (0.03: 3%% of the mean expected worth)\n", *markAt)
			return 2
		}
		o := review.Options{Budget: b, Mark: *markAt, Runs: *runs, Seed: *seed}
		if err := reviewGame(stdout, stderr, src, o, *asJSON); err != nil {
			fmt.Fprintf(stderr, "tresham: %v\n", err)
			return 1
		}
		return 0
	}
	if fs.NArg() != 1 || (*asCSV && *asJSON) {
		fmt.Fprint(stderr, "usage: tresham analyse [--csv | --json] GAME.json\n")
		return 2
	}
	src, err := g18xx.ReadFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "tresham: %v\n", err)
		return 1
	}
	start := time.Now()
	r, err := analysis.Analyse(src)
	if err != nil {
		fmt.Fprintf(stderr, "tresham: %v\n", err)
		return 1
	}
	took := time.Since(start)
	switch {
	case *asJSON:
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(r)
	case *asCSV:
		err = analysis.WriteCSV(stdout, r.Tables())
	default:
		err = analysis.WriteText(stdout, r.Tables())
		if err == nil {
			fmt.Fprintf(stdout, "\n%d rounds, %d runs analysed in %v\n", len(r.Rounds)/max(len(r.Players), 1), len(r.Operations), took.Round(time.Millisecond))
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "tresham: %v\n", err)
		return 1
	}
	return 0
}
