package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"tresham/bot"
	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
)

// reviewGame replays src and, at every decision the search compares
// (stock-round and auction moves, dividends, train purchases), asks the
// coach for the best move and what the move made gave up in estimated
// margin (the mover's worth minus the best other player's). Moves that
// gave up more than mark are marked "??". It prints one line per reviewed
// move and a summary per player.
func reviewGame(w io.Writer, src *g18xx.Game, b bot.Budget, mark float64, seed uint64) error {
	rg, err := replay.New(src)
	if err != nil {
		return err
	}
	g, ok := rg.(bot.Game)
	if !ok {
		return fmt.Errorf("title %s cannot be reviewed", src.Title)
	}
	coach := bot.NewCoach(b, seed)
	names := map[int]string{}
	for _, p := range src.Players {
		names[p.ID] = p.Name
	}
	type tally struct {
		moves, marked int
		loss          float64
	}
	tallies := map[int]*tally{}
	start := time.Now()
	fmt.Fprintf(w, "review of %s (%d actions), %s a decision; ?? marks a move that gave up more than %.0f\n", src.Title, len(src.Actions), b, mark)
	for _, i := range g18xx.EffectiveIndices(src.Actions) {
		x := &src.Actions[i]
		if x.Type == g18xx.TypeMessage {
			continue
		}
		a := replay.Convert(x)
		if !g.IsFinished() && a.Type != "run_routes" && a.Type != "lay_tile" && a.Type != "place_token" &&
			!strings.HasPrefix(a.Type, "program_") {
			r, err := coach.Review(g, a.Entity, a)
			if err != nil {
				return fmt.Errorf("action %d: %w", x.ID, err)
			}
			if r != nil {
				t := tallies[r.Player]
				if t == nil {
					t = &tally{}
					tallies[r.Player] = t
				}
				t.moves++
				t.loss += r.Loss
				flag := "  "
				if r.Loss > mark {
					flag = "??"
					t.marked++
				}
				fmt.Fprintf(w, "%s %5d %-10s %-28s best %-28s lost %6.0f  est. %s\n", flag, x.ID, names[r.Player], describeMove(a), describeMove(r.Best.Action),
					r.Loss, worthLine(r.Best.Worth, names))
			}
		}
		if err := g.Apply(&a); err != nil {
			return fmt.Errorf("action %d (%s) does not replay: %w", x.ID, x.Type, err)
		}
	}
	ids := make([]int, 0, len(tallies))
	for id := range tallies {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	fmt.Fprintf(w, "\n%-16s %6s %7s %10s\n", "player", "moves", "marked", "mean loss")
	for _, id := range ids {
		t := tallies[id]
		fmt.Fprintf(w, "%-16s %6d %7d %10.0f\n", names[id], t.moves, t.marked, t.loss/float64(t.moves))
	}
	fmt.Fprintf(w, "reviewed in %v\n", time.Since(start).Round(time.Millisecond))
	return nil
}

// describeMove is a short text of a move.
func describeMove(a engine.Action) string {
	parts := []string{a.Entity, a.Type}
	switch {
	case a.Kind != "":
		parts = append(parts, a.Kind)
	case len(a.Shares) > 0:
		parts = append(parts, strings.Join(a.Shares, "+"))
	case a.Train != "":
		parts = append(parts, fmt.Sprintf("%s £%d", a.Train, a.Price))
	case a.Corporation != "":
		parts = append(parts, a.Corporation, a.SharePrice)
	case a.Company != "":
		parts = append(parts, a.Company, fmt.Sprintf("£%d", a.Price))
	}
	return strings.Join(parts, " ")
}

// worthLine lists estimated worth by player name.
func worthLine(worth map[string]float64, names map[int]string) string {
	var ids []int
	for id := range names {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	var out []string
	for _, id := range ids {
		out = append(out, fmt.Sprintf("%s %.0f", names[id], worth[fmt.Sprint(id)]))
	}
	return strings.Join(out, ", ")
}
