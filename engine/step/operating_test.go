package step

import (
	"testing"

	"tresham/engine"
)

// opGame is a toy operating round: corporation A operates; B owns trains.
type opGame struct {
	base   *engine.Game
	bought []Purchase
}

func newOpGame(cash int) *opGame {
	base := &engine.Game{Market: &engine.Market{}, Depot: engine.NewDepot([]engine.TrainType{
		{Name: "2", Price: 80, Count: 4},
		{Name: "3", Price: 180, Count: 3},
	})}
	a := &engine.Corporation{Sym: "A", Cash: cash}
	b := &engine.Corporation{Sym: "B", Cash: 0}
	base.Corps = []*engine.Corporation{a, b}
	for range 2 {
		BuyFromDepot(base, b, base.Depot.MinUpcoming(), 0)
	}
	Discard(base, b, b.Trains[0])
	return &opGame{base: base}
}

func (g *opGame) ops() Operating[*opGame] {
	return Operating[*opGame]{
		Base: func(g *opGame) *engine.Game { return g.base },
		Corp: func(g *opGame) *engine.Corporation { return g.base.Corps[0] },
	}
}

func buyStep(g *opGame) *BuyTrain[*opGame] {
	return &BuyTrain[*opGame]{H: BuyTrainHooks[*opGame]{
		Operating: g.ops(),
		Limit:     func(*opGame) int { return 2 },
		Depot: func(g *opGame, _ *engine.Corporation) []*engine.Train {
			return append([]*engine.Train{g.base.Depot.MinUpcoming()}, g.base.Depot.Pool...)
		},
		Traded:   func(g *opGame, _ *engine.Corporation) []*engine.Train { return g.base.Corps[1].Trains },
		MinPrice: 10,
		Unavailable: func(_ *opGame, _ *engine.Corporation, a *engine.Action) error {
			return engine.Refuse(a, "not for sale")
		},
		Bought: func(g *opGame, _ *engine.Corporation, p Purchase) { g.bought = append(g.bought, p) },
	}}
}

// The shared operating steps list exactly what they accept, on positions
// with more and less cash, and a purchase moves the train and the money.
func TestOperatingStepsExact(t *testing.T) {
	for _, cash := range []int{0, 9, 10, 79, 80, 95, 500} {
		g := newOpGame(cash)
		steps := []Step[*opGame]{
			buyStep(g),
			&Dividend[*opGame]{H: DividendHooks[*opGame]{Operating: g.ops(), Pay: func(*opGame, *engine.Corporation, string) {}}},
			&DiscardTrain[*opGame]{H: DiscardHooks[*opGame]{Operating: g.ops()}},
		}
		bad := []engine.Action{
			{Type: "buy_train", Entity: "A", Train: "2-0", Price: 80},
			{Type: "buy_train", Entity: "A", Train: "2-1", Price: 75},
			{Type: "buy_train", Entity: "A", Train: "2-1", Price: 15},
			{Type: "buy_train", Entity: "B", Train: "2-2", Price: 80},
			{Type: "dividend", Entity: "A", Kind: "half"},
			{Type: "discard_train", Entity: "A", Train: "2-1"},
		}
		for _, s := range steps {
			if err := Exact(g.base, g, s, "A", bad...); err != nil {
				t.Errorf("cash %d, %s: %v", cash, s.Types()[0], err)
			}
		}
	}
	g := newOpGame(100)
	s := buyStep(g)
	a := &engine.Action{Type: "buy_train", Entity: "A", Train: "2-1", Price: 30}
	if err := Apply[*opGame](s, g, a); err != nil {
		t.Fatal(err)
	}
	A, B := g.base.Corps[0], g.base.Corps[1]
	if A.Cash != 70 || B.Cash != 30 || len(A.Trains) != 1 || len(B.Trains) != 0 || len(g.bought) != 1 || g.bought[0].Seller != B {
		t.Fatalf("after the purchase: A £%d %d trains, B £%d %d trains, bought %+v", A.Cash, len(A.Trains), B.Cash, len(B.Trains), g.bought)
	}
	before := *A
	if err := Apply[*opGame](s, g, &engine.Action{Type: "buy_train", Entity: "A", Train: "2-2", Price: 81}); err == nil {
		t.Fatal("a bank train at the wrong price was bought")
	}
	if A.Cash != before.Cash || len(A.Trains) != len(before.Trains) || len(g.bought) != 1 {
		t.Fatal("a refused purchase changed the game")
	}
}
