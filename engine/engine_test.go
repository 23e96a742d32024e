package engine

import (
	"strings"
	"testing"
)

func zigzag(t *testing.T) *Market {
	t.Helper()
	m, err := ParseMarket([][]string{{"0c", "7i", "14i", "20", "26", "31p", "36", "40e"}}, true)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestZigZagMovement(t *testing.T) {
	m := zigzag(t)
	tests := []struct {
		name string
		from int
		move func(*Cell) *Cell
		want int
	}{
		{"dividend moves two cells", 3, m.Right, 5},
		{"dividend clamps at the end", 6, m.Right, 7},
		{"withhold moves two cells back", 3, m.Left, 1},
		{"withhold clamps at zero", 1, m.Left, 0},
		{"sale moves one cell", 3, m.Down, 2},
		{"sale clamps at zero", 0, m.Down, 0},
	}
	for _, tc := range tests {
		if got := tc.move(m.Rows[0][tc.from]).Col; got != tc.want {
			t.Errorf("%s: from %d got %d, want %d", tc.name, tc.from, got, tc.want)
		}
	}
	if _, err := m.CellByID("31,0,5"); err != nil {
		t.Errorf("CellByID: %v", err)
	}
	if _, err := m.CellByID("30,0,5"); err == nil {
		t.Errorf("CellByID accepted a wrong price")
	}
}

// TestDirectorChange: the director's certificate passes to the player who
// overtakes, swapping two shares back (next player in seating order on a tie).
func TestDirectorChange(t *testing.T) {
	g := &Game{Players: []*Player{{ID: 1, Name: "A"}, {ID: 2, Name: "B"}}}
	c := &Corporation{Sym: "X", Name: "X"}
	c.Shares = append(c.Shares, &Share{Index: 0, Percent: 20, President: true, Holder: HolderIPO, Buyable: true})
	for i := 1; i <= 8; i++ {
		c.Shares = append(c.Shares, &Share{Index: i, Percent: 10, Holder: HolderIPO, Buyable: true})
	}
	g.Transfer(c, []*Share{c.Shares[0]}, 1)
	if c.President != 1 {
		t.Fatalf("president %d, want 1", c.President)
	}
	g.Transfer(c, []*Share{c.Shares[1], c.Shares[2]}, 2)
	if c.President != 1 {
		t.Fatalf("a tie keeps the director: got %d", c.President)
	}
	g.Transfer(c, []*Share{c.Shares[3]}, 2)
	if c.President != 2 {
		t.Fatalf("president %d, want 2", c.President)
	}
	if !c.Shares[0].President || c.Shares[0].Holder != 2 {
		t.Fatalf("director's certificate not with player 2")
	}
	if got := c.PercentOf(1); got != 20 {
		t.Fatalf("old director holds %d%%, want 20 after the swap", got)
	}
	if got := c.PercentOf(2); got != 30 {
		t.Fatalf("new director holds %d%%, want 30", got)
	}
}

func TestSalePercent(t *testing.T) {
	pres := &Share{Percent: 20, President: true}
	ten := func() *Share { return &Share{Percent: 10} }
	cases := []struct {
		name    string
		percent int
		bundle  []*Share
		unit    int
		want    int
		wantErr string
	}{
		{"whole bundle, percent omitted", 0, []*Share{ten(), ten()}, 10, 20, ""},
		{"whole bundle, percent written", 20, []*Share{ten(), ten()}, 10, 20, ""},
		{"two shares written as one", 10, []*Share{ten(), ten()}, 10, 0, "only a director's certificate"},
		{"negative", -30, []*Share{ten(), ten(), ten(), ten()}, 10, 0, "does not match"},
		{"more than named", 30, []*Share{ten(), ten()}, 10, 0, "does not match"},
		{"not whole shares", 15, []*Share{ten(), ten()}, 10, 0, "does not match"},
		{"half the director's certificate", 10, []*Share{pres}, 10, 10, ""},
		{"director's certificate and a share as one share", 10, []*Share{pres, ten()}, 10, 0, "whole director's certificate"},
		{"director's certificate and a share as two", 20, []*Share{pres, ten()}, 10, 20, ""},
		{"a 40% certificate in 20% steps", 20, []*Share{{Percent: 40, President: true}}, 20, 20, ""},
	}
	for _, c := range cases {
		total := 0
		for _, s := range c.bundle {
			total += s.Percent
		}
		got, err := SalePercent(c.percent, c.bundle, total, c.unit)
		switch {
		case c.wantErr == "" && (err != nil || got != c.want):
			t.Errorf("%s: %d, %v; want %d", c.name, got, err, c.want)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%s: %d, %v; want an error containing %q", c.name, got, err, c.wantErr)
		}
	}
}
