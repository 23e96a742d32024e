package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"

	"tresham/compat/g18xx"
	"tresham/review"
)

// reviewGame reviews src (package review) and prints one line per
// reviewed decision ("??" before a marked one), the runs that left
// revenue on the table, and a summary per player; as JSON with asJSON.
// Progress goes to progress (nil: none).
func reviewGame(w, progress io.Writer, src *g18xx.Game, o review.Options, asJSON bool) error {
	if progress != nil {
		last := time.Now()
		o.Progress = func(done, total int) {
			if done == total || time.Since(last) > 2*time.Second {
				last = time.Now()
				fmt.Fprintf(progress, "reviewed %d of %d decisions\n", done, total)
			}
		}
	}
	rep, err := review.Game(src, o)
	if err != nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	names := map[int]string{}
	for _, p := range rep.Players {
		names[p.ID] = p.Name
	}
	fmt.Fprintf(w, "Review of %s (%d actions), budget %s (%s a decision); ?? marks a costly move\n", rep.Title, rep.Actions, rep.Budget, rep.PerDecision)
	for _, d := range rep.Decisions {
		flag := "  "
		if d.Marked {
			flag = "??"
		}
		loss := "not rated"
		if d.Rated {
			loss = fmt.Sprintf("gave up %.0f", d.Loss)
			if d.StdErr > 0 {
				loss += fmt.Sprintf(" (±%.0f)", d.StdErr)
			}
		}
		fmt.Fprintf(w, "%s %5d %-7s %-12s %-40s best: %-40s %s\n", flag, d.Action, d.Round, names[d.Player], d.PlayedText, d.BestText, loss)
	}
	if len(rep.Runs) > 0 {
		fmt.Fprintf(w, "\nRuns that left revenue on the table\n")
		for _, r := range rep.Runs {
			fmt.Fprintf(w, "   %5d %-7s %-6s %-12s ran £%d, the best run was £%d\n", r.Action, r.Round, r.Company, names[r.President], r.Revenue, r.Best)
		}
	}
	fmt.Fprintf(w, "\n%-16s %9s %6s %5s %7s %9s %10s %15s\n", "player", "decisions", "rated", "best", "marked", "accuracy", "mean loss", "left on table")
	for _, p := range rep.Players {
		fmt.Fprintf(w, "%-16s %9d %6d %5d %7d %8.0f%% %10.0f %15s\n", p.Name, p.Decisions, p.Rated, p.Best, p.Marked, p.Accuracy, p.MeanLoss, "£"+strconv.Itoa(p.LeftOnTable))
	}
	fmt.Fprintf(w, "reviewed in %.1f s\n", rep.Seconds)
	return nil
}
