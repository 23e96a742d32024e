package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"tresham/compat/g18xx"
	"tresham/play"
	"tresham/replay"
)

// cmdLegal replays a game (or its first N actions) and prints who may act and
// what each of them may do, with actions in the 18xx.games format (sales and
// dividends with their effects, as the server lists them).
func cmdLegal(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("legal", flag.ContinueOnError)
	fs.SetOutput(stderr)
	upto := fs.Int("n", -1, "replay only the first N effective non-message actions")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprint(stderr, "usage: tresham legal [-n N] GAME.json\n")
		return 2
	}
	src, err := g18xx.ReadFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "tresham: %v\n", err)
		return 1
	}
	g, err := replay.New(src)
	if err != nil {
		fmt.Fprintf(stderr, "tresham: %v\n", err)
		return 1
	}
	n := 0
	for _, a := range g18xx.Effective(src.Actions) {
		if a.Type == g18xx.TypeMessage {
			continue
		}
		if *upto >= 0 && n >= *upto {
			break
		}
		ea := replay.Convert(&a)
		if err := g.Apply(&ea); err != nil {
			fmt.Fprintf(stderr, "tresham: %v\n", err)
			return 1
		}
		n++
	}
	// every acting entity's choices, sales and dividends with their effects
	out := map[string]any{"actions": n, "finished": g.IsFinished(), "acting": g.Acting(), "legal": play.LegalFor(g, nil)}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		fmt.Fprintf(stderr, "tresham: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, string(b))
	return 0
}
