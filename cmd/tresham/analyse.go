package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"time"

	"tresham/analysis"
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
	if err := fs.Parse(args); err != nil {
		return 2
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
