package step

import (
	"slices"
	"testing"

	"tresham/engine"
)

func TestDividendMoves(t *testing.T) {
	tests := []struct {
		name              string
		paid, price, from int
		want              int
	}{
		{"nothing paid", 0, 100, 100, 0},
		{"below the 1860 threshold", 99, 100, 100, 0},
		{"at the price", 100, 100, 100, 1},
		{"twice", 200, 100, 100, 2},
		{"three times", 399, 100, 100, 3},
		{"four is the most", 900, 100, 100, 4},
		{"1825: half the price stays", 50, 100, 51, 0},
		{"1825: more than half", 51, 100, 51, 1},
	}
	for _, tt := range tests {
		if got := DividendMoves(tt.paid, tt.price, tt.from); got != tt.want {
			t.Errorf("%s: DividendMoves(%d, %d, %d) = %d, want %d", tt.name, tt.paid, tt.price, tt.from, got, tt.want)
		}
	}
}

func TestTrainMoves(t *testing.T) {
	g := &engine.Game{Depot: engine.NewDepot([]engine.TrainType{
		{Name: "2", Price: 80, Count: 3, RustsOn: "4"},
		{Name: "4", Price: 300, Count: 1},
	})}
	a := &engine.Corporation{Sym: "A", Cash: 500}
	b := &engine.Corporation{Sym: "B", Cash: 100}
	g.Corps = []*engine.Corporation{a, b}
	t2 := g.Depot.MinUpcoming()
	BuyFromDepot(g, a, t2, 80)
	if a.Cash != 420 || g.Bank != 80 || len(a.Trains) != 1 || t2.Owner != "A" {
		t.Fatalf("depot purchase: cash %d bank %d trains %d owner %q", a.Cash, g.Bank, len(a.Trains), t2.Owner)
	}
	BuyFromCorp(b, a, t2, 10)
	if a.Cash != 430 || b.Cash != 90 || g.Bank != 80 || len(a.Trains) != 0 || OwnTrain(b, t2.ID) != t2 {
		t.Fatalf("corporation purchase: %d/%d bank %d", a.Cash, b.Cash, g.Bank)
	}
	Discard(g, b, t2)
	if len(b.Trains) != 0 || !t2.InPool || len(g.Depot.Pool) != 1 {
		t.Fatalf("discard: trains %d in pool %v", len(b.Trains), t2.InPool)
	}
	BuyFromDepot(g, a, g.Depot.MinUpcoming(), 80)
	if got := Crowded(g, 0); len(got) != 1 || got[0] != a {
		t.Fatalf("Crowded(0) = %v", got)
	}
	Rust(g, "4")
	if len(a.Trains) != 0 || len(g.Depot.Pool) != 0 || len(g.Depot.Rusted) != 2 || !t2.Rusted {
		t.Fatalf("rust: trains %d pool %d rusted %d", len(a.Trains), len(g.Depot.Pool), len(g.Depot.Rusted))
	}
}

func TestNewPhases(t *testing.T) {
	phases := []engine.Phase{{Name: "2"}, {Name: "3", On: "3"}, {Name: "3a", On: "3"}, {Name: "4", On: "4"}, {Name: "5", On: "5"}}
	tests := []struct {
		name  string
		at    int
		train string
		want  []string
		now   int
	}{
		{"the next phase's train", 2, "4", []string{"4"}, 3},
		{"two phases on one train", 0, "3", []string{"3", "3a"}, 2},
		{"an older train", 3, "3", nil, 3},
		{"a later phase's train does not skip one", 0, "4", nil, 0},
		{"the last phase", 4, "5", nil, 4},
		{"into the last phase", 3, "5", []string{"5"}, 4},
	}
	for _, tt := range tests {
		g := &engine.Game{Phases: phases, PhaseIdx: tt.at}
		var got []string
		for _, ph := range NewPhases(g, tt.train) {
			got = append(got, ph.Name)
		}
		if !slices.Equal(got, tt.want) || g.PhaseIdx != tt.now {
			t.Errorf("%s: entered %v, now %d; want %v, %d", tt.name, got, g.PhaseIdx, tt.want, tt.now)
		}
	}
}
