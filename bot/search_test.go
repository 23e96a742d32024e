package bot

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"tresham/engine"
	"tresham/titles/t1825"
	"tresham/titles/t1860"
)

func TestParseBudget(t *testing.T) {
	tests := []struct {
		in   string
		want Budget
		err  bool
	}{
		{"250ms", Budget{Time: 250 * time.Millisecond}, false},
		{"5000n", Budget{Nodes: 5000}, false},
		{"1s+300n", Budget{Time: time.Second, Nodes: 300}, false},
		{"", Budget{}, true},
		{"0n", Budget{}, true},
		{"-1s", Budget{}, true},
		{"fast", Budget{}, true},
		{"5n+6n", Budget{}, true},
	}
	for _, tc := range tests {
		got, err := ParseBudget(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("ParseBudget(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
	for _, kind := range []string{"search", "search:250ms", "search:5000n"} {
		if err := CheckKind(kind); err != nil {
			t.Errorf("CheckKind(%q): %v", kind, err)
		}
	}
	for _, kind := range []string{"search:", "search:lots", "serach"} {
		if err := CheckKind(kind); err == nil {
			t.Errorf("CheckKind(%q) accepted", kind)
		}
	}
}

// newFour sets up a 4-player game of title.
func newFour(title string) (Game, error) {
	ids := []int{1, 2, 3, 4}
	names := []string{"P1", "P2", "P3", "P4"}
	if title == "1860" {
		return t1860.New(ids, names, nil, t1860.NewBoard)
	}
	return t1825.New(ids, names, nil)
}

// openingStockRound answers a four-player 1825 game whose first four
// actions (the privates' sale) heuristic bots have played, so that
// companies are on offer, and the entity to act there.
func openingStockRound(t *testing.T) (Game, string) {
	t.Helper()
	g, err := newFour("1825")
	if err != nil {
		t.Fatal(err)
	}
	seats := map[int]Player{1: NewHeuristic(1), 2: NewHeuristic(2), 3: NewHeuristic(3), 4: NewHeuristic(4)}
	if _, err := Play(g, seats, PlayOptions{MaxActions: 4}); err != nil {
		t.Fatal(err)
	}
	return g, g.Acting()[0]
}

// playSearchGame plays a 4-player game with a node-budgeted search bot in
// seat and heuristic bots elsewhere, returning the actions and result.
func playSearchGame(t *testing.T, title string, seat int, nodes int, seed uint64, maxActions int) ([]string, map[string]int, PlayStats) {
	t.Helper()
	g, err := newFour(title)
	if err != nil {
		t.Fatal(err)
	}
	seats := map[int]Player{}
	for i := 1; i <= 4; i++ {
		seats[i] = NewHeuristic(seed*10 + uint64(i))
	}
	seats[seat] = NewSearch(Budget{Nodes: nodes}, seed)
	var log []string
	st, err := Play(g, seats, PlayOptions{MaxActions: maxActions, Observe: func(a engine.Action) {
		log = append(log, fmt.Sprintf("%s %s %s %v %s %d %s", a.Entity, a.Type, a.Kind, a.Shares, a.Train, a.Price, a.Hex))
	}})
	if err != nil {
		t.Fatalf("%s seat %d: %v", title, seat, err)
	}
	return log, g.(resulter).Result(), st
}

// TestSearchPlaysLegallyAndReproducibly plays the first 250 actions of
// 1825 with a node-budgeted search bot twice: every move it chose was
// applied (Play fails on a move Apply refuses), and the same seed gives
// the same game.
func TestSearchPlaysLegallyAndReproducibly(t *testing.T) {
	a, ra, st := playSearchGame(t, "1825", 2, 200, 7, 250)
	if st.Rejected > 0 {
		t.Errorf("%d moves rejected", st.Rejected)
	}
	b, rb, _ := playSearchGame(t, "1825", 2, 200, 7, 250)
	if !slices.Equal(a, b) || fmt.Sprint(ra) != fmt.Sprint(rb) {
		t.Fatalf("same seed, different games: %d vs %d actions, %v vs %v", len(a), len(b), ra, rb)
	}
	t.Logf("%d actions, result %v", len(a), ra)
}

// TestSearchAnalyse checks the analysis of an opening stock-round move in
// 1825: every candidate is distinct and legal, the heuristic's move is
// among them, the budget is kept, and each evaluated move has a worth for
// every player.
func TestSearchAnalyse(t *testing.T) {
	g, entity := openingStockRound(t)
	s := NewSearch(Budget{Nodes: 1}, 1)
	an, err := s.Analyse(g, entity, Budget{Nodes: 3000})
	if err != nil {
		t.Fatal(err)
	}
	if len(an.Moves) < 2 {
		t.Fatalf("%d candidates, want several", len(an.Moves))
	}
	if an.Nodes > 3000 {
		t.Errorf("%d nodes spent, budget 3000", an.Nodes)
	}
	legal := g.Legal(entity)
	for _, m := range an.Moves {
		if !slices.ContainsFunc(legal, func(c engine.Choice) bool { return fmt.Sprint(c.Action) == fmt.Sprint(m.Action) }) {
			t.Errorf("candidate %+v is not listed", m.Action)
		}
		if m.Rollouts > 0 && len(m.Worth) != 4 {
			t.Errorf("candidate %s: worth for %d players", m.Action.Type, len(m.Worth))
		}
	}
	// best first by margin, except that the heuristic's move stays first
	// unless another measured clearly better (rollouts are noisy)
	for i := 2; i < len(an.Moves); i++ {
		if an.Moves[i].Rollouts > 0 && an.Moves[i].Margin > an.Moves[i-1].Margin {
			t.Errorf("moves not sorted: %d has margin %.0f over %d's %.0f", i, an.Moves[i].Margin, i-1, an.Moves[i-1].Margin)
		}
	}
	if an.Moves[1].Rollouts > 0 && an.Moves[1].Margin > an.Moves[0].Margin {
		ha, err := s.h.Choose(g, entity)
		if err != nil {
			t.Fatal(err)
		}
		if eg := Engine(g); moveKey(eg, an.Moves[0].Action) != moveKey(eg, ha) {
			t.Errorf("first move (margin %.0f) is neither the best measured (%.0f) nor the heuristic's", an.Moves[0].Margin, an.Moves[1].Margin)
		}
	}
	t.Logf("player %d: %d candidates, %d nodes, %d forks; best %s %v margin %.0f", an.Player, len(an.Moves), an.Nodes, an.Forks,
		an.Moves[0].Action.Type, an.Moves[0].Action.Shares, an.Moves[0].Margin)
}

// TestSearchSmallBudgetPlaysHeuristic checks what docs/bots.md says of small
// budgets (no focusing): a rollout is at least 150 actions, so a budget of 100 nodes
// measures no candidate and plays the heuristic's move, while a budget
// with room for two rollouts of each candidate measures them all.
func TestSearchSmallBudgetPlaysHeuristic(t *testing.T) {
	g, entity := openingStockRound(t)
	want, err := NewHeuristic(1).Choose(g, entity)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		nodes    int
		measured bool
	}{
		{100, false},
		{5000, true},
	}
	for _, tc := range tests {
		s := NewSearch(Budget{Nodes: tc.nodes}, 1)
		an, err := s.Analyse(g, entity, s.Budget)
		if err != nil {
			t.Fatal(err)
		}
		measured := 0
		for _, m := range an.Moves {
			if m.Rollouts > 0 {
				measured++
			}
		}
		switch {
		case !tc.measured && (measured != 0 || fmt.Sprint(an.Moves[0].Action) != fmt.Sprint(want)):
			t.Errorf("%d nodes: %d candidates measured, first %v; want none and the heuristic's %v", tc.nodes, measured, an.Moves[0].Action, want)
		case tc.measured && measured != len(an.Moves):
			t.Errorf("%d nodes: %d of %d candidates measured, want all", tc.nodes, measured, len(an.Moves))
		}
	}
}

// BenchmarkSearchHotPath measures the search's hot path in the middle of a
// 4-player game of each title (after 150 heuristic actions): a fork (the
// state copy: setup and replay of every accepted action), a legal listing,
// and a whole searched decision, reported in rollout nodes per second.
func BenchmarkSearchHotPath(b *testing.B) {
	for _, title := range []string{"1860", "1825"} {
		g, n := midGame(b, title)
		entity := g.Acting()[0]
		b.Run(title+"/fork", func(b *testing.B) {
			for b.Loop() {
				if _, err := Fork(g); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n), "actions")
		})
		b.Run(title+"/legal", func(b *testing.B) {
			for b.Loop() {
				_ = g.Legal(entity)
			}
		})
		b.Run(title+"/decision", func(b *testing.B) {
			s := NewSearch(Budget{Nodes: 2000}, 1)
			nodes := 0
			for b.Loop() {
				an, err := s.Analyse(g, entity, s.Budget)
				if err != nil {
					b.Fatal(err)
				}
				nodes += an.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
		// rollouts to the end of the game, as a search of the default
		// budget plays them from a stock round: the operating rounds'
		// lays, runs and purchases dominate
		b.Run(title+"/decision-to-end", func(b *testing.B) {
			s := NewSearch(Budget{Nodes: 4000}, 1)
			s.Horizon = 2000
			nodes := 0
			for b.Loop() {
				an, err := s.Analyse(g, entity, s.Budget)
				if err != nil {
					b.Fatal(err)
				}
				nodes += an.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// midGame is a 4-player game of the title played by heuristic bots to the
// first stock round after 150 actions: the position the search benchmarks
// start from, and the number of actions played.
func midGame(b *testing.B, title string) (g Game, actions int) {
	b.Helper()
	g, err := newFour(title)
	if err != nil {
		b.Fatal(err)
	}
	seats := map[int]Player{1: NewHeuristic(1), 2: NewHeuristic(2), 3: NewHeuristic(3), 4: NewHeuristic(4)}
	n := 0
	if _, err := Play(g, seats, PlayOptions{MaxActions: 150, Observe: func(engine.Action) { n++ }}); err != nil {
		b.Fatal(err)
	}
	for Engine(g).RoundKind != "Stock" && !g.IsFinished() {
		if _, err := Play(g, seats, PlayOptions{MaxActions: 1, FirstID: n + 1}); err != nil {
			b.Fatal(err)
		}
		n++
	}
	return g, n
}

// TestClearlyBetter checks when the search leaves the heuristic's move:
// only for a lead of at least the threshold and one standard error of the
// difference, measured over at least two rollouts.
func TestClearlyBetter(t *testing.T) {
	h := Evaluation{Rollouts: 10, Margin: 0, Spread: 300, Worth: map[string]float64{"1": 3000, "2": 3000}}
	for _, c := range []struct {
		name string
		ev   Evaluation
		want bool
	}{
		{"one rollout", Evaluation{Rollouts: 1, Margin: 900}, false},
		{"under the threshold", Evaluation{Rollouts: 50, Margin: 25, Spread: 10}, false},
		{"inside the noise", Evaluation{Rollouts: 10, Margin: 100, Spread: 300}, false},
		{"beyond one standard error", Evaluation{Rollouts: 10, Margin: 140, Spread: 300}, true},
		{"steady rollouts", Evaluation{Rollouts: 2, Margin: 60, Spread: 0}, false},
		{"steady rollouts, many", Evaluation{Rollouts: 30, Margin: 120, Spread: 0}, true},
	} {
		if got := NewSearch(Budget{Nodes: 1}, 1).clearlyBetter(c.ev, h, false); got != c.want {
			t.Errorf("%s: clearlyBetter = %v, want %v (standard error %.0f)", c.name, got, c.want, standardError(c.ev, h))
		}
	}
	s := NewSearch(Budget{Nodes: 1}, 1)
	s.Evidence = -1
	if !s.clearlyBetter(Evaluation{Rollouts: 10, Margin: 100, Spread: 300}, h, false) {
		t.Errorf("with Evidence < 0 a lead over the threshold is enough")
	}
}
