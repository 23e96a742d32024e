package bot

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"tresham/titles/t1860"
)

// TestRandomGames plays whole 1860 games with random legal moves and checks,
// after every move, that the move the engine listed was accepted and that
// money was neither made nor lost (outside British Rail's unlimited bank).
func TestRandomGames(t *testing.T) {
	type setup struct {
		players int
		options []string
	}
	setups := []setup{
		{2, nil}, {3, nil}, {4, nil},
		{2, []string{"two_player_map"}},
		{3, []string{"original_game"}},
		{4, []string{"no_skip_towns", "original_insolvency"}},
		{3, []string{"simplified_insolvency", "re_enter_hexes"}},
		{4, []string{"non_operated_full_value"}},
		// the rulebook optional rules 18xx.games lacks
		{3, []string{"destinations", "accelerated_track"}},
		{4, []string{"ignore_historical_order", "variable_private_revenue"}},
		{2, []string{"beginner_7_4_trains", "no_train_limit"}},
		{3, []string{"original_game", "destinations", "accelerated_track", "ignore_historical_order", "variable_private_revenue", "beginner_7_4_trains", "no_train_limit"}},
	}
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	if n, err := strconv.Atoi(os.Getenv("TRESHAM_RANDOM_SEEDS")); err == nil {
		seeds = n // a longer hunt for rule bugs
	}
	for _, s := range setups {
		for seed := 1; seed <= seeds; seed++ {
			name := fmt.Sprintf("%dp%v/seed%d", s.players, s.options, seed)
			t.Run(name, func(t *testing.T) {
				var ids []int
				var names []string
				for i := 1; i <= s.players; i++ {
					ids = append(ids, i)
					names = append(names, fmt.Sprintf("Player %d", i))
				}
				g, err := t1860.New(ids, names, s.options, t1860.NewBoard)
				if err != nil {
					t.Fatal(err)
				}
				b := &Random{Rand: rand.New(rand.NewPCG(uint64(seed), uint64(s.players))), PassWeight: 0.5}
				total := g.TotalCash()
				const limit = 6000
				n := 0
				var recent []string
				for ; n < limit && !g.IsFinished(); n++ {
					a, err := b.Move(g)
					if err != nil {
						t.Fatalf("move %d: %v", n, err)
					}
					a.ID = n + 1
					recent = append(recent, fmt.Sprintf("%s %s %v %s %s", a.Type, a.Entity, a.Shares, a.Corporation, a.Company))
					if len(recent) > 12 {
						recent = recent[1:]
					}
					if err := g.Apply(&a); err != nil {
						t.Fatalf("move %d: listed action refused: %v", n, err)
					}
					if !g.Nationalization && g.TotalCash() != total {
						t.Fatalf("move %d (%s by %s): money changed from %d to %d", n, a.Type, a.Entity, total, g.TotalCash())
					}
				}
				if !g.IsFinished() {
					t.Fatalf("not finished after %d moves (round %s, phase %s); last moves %v", limit, g.RoundName(), g.Phase().Name, recent)
				}
				t.Logf("%d moves, ended by %s, result %v", n, g.EndReason, g.Result())
			})
		}
	}
}
