package review

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"tresham/bot"
	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/replay"
)

// prefix reads a real game cut to its first n stored actions.
func prefix(t *testing.T, name string, n int) *g18xx.Game {
	t.Helper()
	var src g18xx.Game
	if err := json.Unmarshal(fixtures.MustRead(t, name), &src); err != nil {
		t.Fatal(err)
	}
	src.Actions = src.Actions[:n]
	return &src
}

// TestReviewRatings reviews the opening of a real 1825 game (its first
// 120 actions: the stock rounds and first operations) on a node budget:
// every loss is the best move's margin less the move played's, never
// negative; a move played that is the best found loses nothing; the
// players' tallies are bounded; progress counts up to the decisions
// planned; the chart follows the rated decisions.
func TestReviewRatings(t *testing.T) {
	src := prefix(t, "1825/141331.json", 120)
	var seen []int
	rep, err := Game(src, Options{Budget: bot.Budget{Nodes: 6000}, Seed: 3, Progress: func(done, total int) {
		if done < 1 || done > total {
			t.Errorf("progress %d of %d", done, total)
		}
		seen = append(seen, done)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Decisions) < 10 || len(seen) < len(rep.Decisions) {
		t.Fatalf("%d decisions reviewed, %d progress reports", len(rep.Decisions), len(seen))
	}
	if seen[len(seen)-1] != len(seen) {
		t.Errorf("progress ended at %d, after %d decisions", seen[len(seen)-1], len(seen))
	}
	if rep.PerDecision != (bot.Budget{Nodes: 6000 / len(seen)}).String() {
		t.Errorf("each decision had %s, want the budget shared among %d decisions", rep.PerDecision, len(seen))
	}
	// the log of the game replayed alone: each decision's first line is
	// its mover's
	rg, err := replay.New(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range g18xx.EffectiveIndices(src.Actions) {
		if src.Actions[i].Type != g18xx.TypeMessage {
			a := replay.Convert(&src.Actions[i])
			if err := rg.Apply(&a); err != nil {
				t.Fatal(err)
			}
		}
	}
	lines := rg.LogLines()
	names := map[int]string{}
	for _, p := range src.Players {
		names[p.ID] = p.Name
	}
	bestPlayed, rated, chart, withLine := 0, 0, 0, 0
	for _, d := range rep.Decisions {
		if d.LogLine >= 0 && d.LogLine >= len(lines) || d.LogLine >= 0 && !strings.Contains(lines[d.LogLine], names[d.Player]) && !strings.Contains(lines[d.LogLine], d.Entity) {
			t.Errorf("action %d of %s (%s): its first log line %d is not theirs: %q", d.Action, names[d.Player], d.Entity, d.LogLine, lines[min(d.LogLine, len(lines)-1)])
		}
		if d.Loss < 0 || math.IsNaN(d.Loss) {
			t.Errorf("action %d: loss %v", d.Action, d.Loss)
		}
		if !d.Rated {
			if d.Loss != 0 || d.Marked {
				t.Errorf("action %d: not rated, but loss %v, marked %v", d.Action, d.Loss, d.Marked)
			}
			continue
		}
		rated++
		if want := math.Max(0, d.BestMargin-d.PlayedMargin); math.Abs(d.Loss-want) > 1e-9 {
			t.Errorf("action %d: loss %v, want the best margin less the played one, %v", d.Action, d.Loss, want)
		}
		if d.Marked && (d.Loss <= d.StdErr || d.StdErr <= 0) {
			t.Errorf("action %d: marked with loss %v and standard error %v", d.Action, d.Loss, d.StdErr)
		}
		if d.BestPlayed {
			bestPlayed++
			if d.Loss != 0 || d.Marked || !reflect.DeepEqual(d.PlayedWorth, d.BestWorth) || d.PlayedText != d.BestText {
				t.Errorf("action %d: the best move was played, yet loss %v (marked %v)", d.Action, d.Loss, d.Marked)
			}
		}
		if d.LogLine >= 0 {
			withLine++
		}
		if d.PlayedText == "" || d.BestText == "" || d.Round == "" {
			t.Errorf("action %d: %q, best %q, round %q", d.Action, d.PlayedText, d.BestText, d.Round)
		}
		if d.Position < 0 || d.Position >= len(src.Actions) || src.Actions[d.Position].ID != d.Action {
			t.Errorf("action %d at position %d", d.Action, d.Position)
		}
		if len(d.BestWorth) != len(src.Players) {
			t.Errorf("action %d: worth of %d players", d.Action, len(d.BestWorth))
		}
		chart++
	}
	if withLine < rated*3/4 {
		t.Errorf("%d of %d rated decisions have a log line", withLine, rated)
	}
	if bestPlayed == 0 || rated == 0 {
		t.Fatalf("%d rated decisions, %d with the best move played", rated, bestPlayed)
	}
	if len(rep.Chart) != chart {
		t.Errorf("%d chart points for %d rated decisions (an unfinished game has no final point)", len(rep.Chart), chart)
	}
	total := 0
	for _, p := range rep.Players {
		total += p.Decisions
		if p.Accuracy < 0 || p.Accuracy > 100 || p.Best > p.Rated || p.Marked > p.Rated || p.Rated > p.Decisions || p.MeanLoss < 0 {
			t.Errorf("player %s: %+v", p.Name, p)
		}
	}
	if total != len(rep.Decisions) {
		t.Errorf("players' decisions add up to %d of %d", total, len(rep.Decisions))
	}
	// the same seed and node budget review the same way
	again, err := Game(src, Options{Budget: bot.Budget{Nodes: 6000}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again.Decisions, rep.Decisions) {
		t.Error("a node-budget review is not reproducible")
	}
}

// TestReviewBestMoveLosesNothing reviews, at a decision of a real game,
// the move the search finds best there: it is the best, and gives up
// nothing.
func TestReviewBestMoveLosesNothing(t *testing.T) {
	src := prefix(t, "1860/19354.json", 60)
	steps, err := plan(src)
	if err != nil {
		t.Fatal(err)
	}
	rg, err := replay.New(src)
	if err != nil {
		t.Fatal(err)
	}
	g := rg.(bot.Game)
	checked := 0
	for _, st := range steps {
		a := replay.Convert(&src.Actions[st.index])
		if st.reviewed && checked < 3 {
			r, err := bot.NewCoach(bot.Budget{Nodes: 400}, 7).Review(g, a.Entity, a)
			if err != nil || r == nil {
				t.Fatalf("action %d: %v, %v", a.ID, r, err)
			}
			best := r.Best.Action
			again, err := bot.NewCoach(bot.Budget{Nodes: 400}, 7).Review(g, a.Entity, best)
			if err != nil || again == nil {
				t.Fatalf("action %d: %v, %v", a.ID, again, err)
			}
			if again.Loss != 0 || again.StandardError() != 0 || !reflect.DeepEqual(again.Played.Action, again.Best.Action) {
				t.Errorf("action %d: the best move %+v reviewed gives up %v", a.ID, best, again.Loss)
			}
			checked++
		}
		if err := g.Apply(&a); err != nil {
			t.Fatal(err)
		}
	}
	if checked == 0 {
		t.Fatal("no decision reviewed")
	}
}

// TestReviewStops ends a review whose Stop is closed.
func TestReviewStops(t *testing.T) {
	src := prefix(t, "1860/19354.json", 60)
	stop := make(chan struct{})
	_, err := Game(src, Options{Budget: bot.Budget{Nodes: 2000}, Stop: stop, Progress: func(done, _ int) {
		if done == 2 {
			close(stop)
		}
	}})
	if err != ErrStopped {
		t.Fatalf("err %v, want ErrStopped", err)
	}
}
