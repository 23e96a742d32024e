package step

import (
	"testing"

	"tresham/engine"
)

func TestPayout(t *testing.T) {
	m, err := engine.ParseMarket([][]string{{"50", "60", "70", "80e"}}, false)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name           string
		kind           string
		revenue, kept  int
		from           int
		wantKept, paid int
		wantPrice      int
		wantEnd        bool
	}{
		{"withheld, with a subsidy", "withhold", 90, 10, 60, 100, 0, 50, false},
		{"nothing to pay out withholds", "payout", 0, 10, 60, 10, 0, 50, false},
		{"below the threshold stays", "payout", 40, 0, 60, 0, 40, 60, false},
		{"twice the price", "payout", 120, 0, 60, 0, 120, 80, true},
		{"four places stop at the edge", "payout", 300, 0, 60, 0, 300, 80, true},
	}
	for _, tt := range tests {
		g := &engine.Game{Market: m}
		c := &engine.Corporation{Sym: "X"}
		g.SetCell(c, m.At(0, 1))
		p := NewPayout(tt.kind, tt.revenue, tt.kept, c.Cell.Price, tt.from, 10)
		if p.Kept != tt.wantKept || p.Paid != tt.paid {
			t.Errorf("%s: kept %d, paid %d; want %d, %d", tt.name, p.Kept, p.Paid, tt.wantKept, tt.paid)
		}
		old, end := MovePrice(g, c, p)
		if old.Price != 60 || c.Cell.Price != tt.wantPrice || end != tt.wantEnd {
			t.Errorf("%s: moved %d -> %d (end %v), want 60 -> %d (end %v)", tt.name, old.Price, c.Cell.Price, end, tt.wantPrice, tt.wantEnd)
		}
	}
}
