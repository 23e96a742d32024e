package engine

import "testing"

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
