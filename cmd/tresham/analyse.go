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
)

// cmdAnalyse replays a game and prints its spreadsheet: players by round,
// every company operation with the exact best run at that position, and
// the revenue left on the table.
func cmdAnalyse(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asCSV := fs.Bool("csv", false, "write the tables as CSV")
	asJSON := fs.Bool("json", false, "write the report as JSON")
	review := fs.Bool("review", false, "the coach's review instead: at every stock, dividend and train decision, the search's best move and what the move made gave up")
	budget := fs.String("budget", bot.DefaultHintBudget.String(), "with --review: the search's budget per decision (5000n, 250ms)")
	markAt := fs.Float64("mark", 100, "with --review: mark moves that gave up more than this estimated margin")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *review {
		if fs.NArg() != 1 {
			fmt.Fprint(stderr, "usage: tresham analyse --review [--budget B] [--mark M] GAME.json\n")
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
		if err := reviewGame(stdout, src, b, *markAt, 1); err != nil {
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
