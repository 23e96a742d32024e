package step

import (
	"slices"
	"testing"

	"tresham/engine"
)

// turnGame is a toy stock round for the shared turn flow: which players
// have a move (has), and whether the round is over.
type turnGame struct {
	eg    *engine.Game
	turns StockTurns
	has   map[int]bool
	over  bool
}

func turnStep(rule PassRule) *Stock[*turnGame] {
	return &Stock[*turnGame]{Hooks: StockHooks[*turnGame]{
		Engine:     func(g *turnGame) *engine.Game { return g.eg },
		Turns:      func(g *turnGame) *StockTurns { return &g.turns },
		Certs:      func(*turnGame, *engine.Player) int { return 0 },
		SaleUnit:   func(*turnGame, *engine.Corporation) int { return 10 },
		SellRule:   func(*turnGame, *engine.Player, *engine.Corporation, []*engine.Share, int) string { return "" },
		BuyRule:    func(*turnGame, *engine.Player, *engine.Corporation, *engine.Share, *engine.Action) string { return "" },
		HasMoves:   func(g *turnGame, p *engine.Player) bool { return g.has[p.ID] },
		Passes:     rule,
		RoundOver:  func(g *turnGame) { g.over = true },
		StartRule:  func(*turnGame, *engine.Player, *engine.Corporation) string { return "" },
		ParRule:    func(*turnGame, *engine.Player, *engine.Corporation, *engine.Cell) string { return "" },
		ParCells:   func(*turnGame, *engine.Corporation) []*engine.Cell { return nil },
		BuyPercent: func(*turnGame, *engine.Corporation, *engine.Share) int { return 10 },
	}}
}

func newTurnGame(has ...int) *turnGame {
	g := &turnGame{eg: &engine.Game{Turn: 2, CertLimit: 10}, has: map[int]bool{}}
	for _, id := range []int{1, 2, 3} {
		g.eg.Players = append(g.eg.Players, &engine.Player{ID: id, Name: string(rune('A' + id - 1))})
	}
	for _, id := range has {
		g.has[id] = true
	}
	g.turns = NewStockTurns(g.eg)
	return g
}

// TestStockTurns checks the shared turn flow: idle players pass at once,
// a turn ends as the PassRule says, and the round ends when every player
// has passed in succession, the turn then with the player after the last
// to pass.
func TestStockTurns(t *testing.T) {
	for _, tc := range []struct {
		name string
		rule PassRule
		has  []int
		// moves are made in turn by the active player: "pass", or a move
		// of that type recorded in the turn, after which the turn ends
		// (EndTurn after a move; the player keeps a move for later turns)
		moves      []string
		wantOver   bool
		wantActive int
		wantLog    []string
	}{
		{name: "nobody can move", rule: IdleTurnPasses, wantOver: true, wantActive: 1,
			wantLog: []string{"A has no valid actions and passes", "B has no valid actions and passes", "C has no valid actions and passes"}},
		{name: "idle players skipped", rule: IdleTurnPasses, has: []int{2}, wantActive: 2,
			wantLog: []string{"A has no valid actions and passes"}},
		{name: "a pass after the others passed ends the round", rule: IdleTurnPasses, has: []int{2}, moves: []string{"pass"},
			wantOver: true, wantActive: 1, wantLog: []string{"A has no valid actions and passes", "B passes", "C has no valid actions and passes"}},
		{name: "1860: a sale is not a pass", rule: IdleTurnPasses, has: []int{2}, moves: []string{"sell_shares"},
			wantActive: 2, wantLog: []string{"A has no valid actions and passes", "C has no valid actions and passes", "A has no valid actions and passes"}},
		{name: "1825: a turn without a purchase is a pass", rule: NoPurchasePasses, has: []int{2}, moves: []string{"sell_shares"},
			wantOver: true, wantActive: 1, wantLog: []string{"A has no valid actions and passes", "C has no valid actions and passes"}},
		{name: "1825: a purchase is not a pass", rule: NoPurchasePasses, has: []int{2}, moves: []string{"buy_shares"},
			wantActive: 2, wantLog: []string{"A has no valid actions and passes", "C has no valid actions and passes", "A has no valid actions and passes"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newTurnGame(tc.has...)
			s := turnStep(tc.rule)
			s.StartTurn(g)
			for _, m := range tc.moves {
				if m == "pass" {
					s.do(g, &engine.Action{Type: "pass"}, stockMove{p: g.eg.Player(g.turns.Active())})
					continue
				}
				g.turns.Current = append(g.turns.Current, Move{Type: m})
				s.EndTurn(g, true)
			}
			if g.over != tc.wantOver || g.turns.Active() != tc.wantActive || !slices.Equal(g.eg.Log, tc.wantLog) {
				t.Errorf("over %v, active %d, log %q; want %v, %d, %q", g.over, g.turns.Active(), g.eg.Log, tc.wantOver, tc.wantActive, tc.wantLog)
			}
		})
	}
}

// TestStockMoved checks that a turn ends by itself after a move only when
// the player has nothing left to do.
func TestStockMoved(t *testing.T) {
	for _, tc := range []struct {
		name       string
		stillHas   bool
		wantActive int
	}{
		{"a move left: the turn stays", true, 2},
		{"nothing left: the turn passes on", false, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newTurnGame(2, 3)
			s := turnStep(IdleTurnPasses)
			s.StartTurn(g)
			g.turns.Current = append(g.turns.Current, Move{Type: "buy_shares"})
			g.has[2] = tc.stillHas
			s.Moved(g)
			if g.turns.Active() != tc.wantActive || g.over {
				t.Errorf("active %d, over %v; want %d, false", g.turns.Active(), g.over, tc.wantActive)
			}
		})
	}
}
