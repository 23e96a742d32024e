package engine

import (
	"slices"
	"testing"
)

func TestGivePriority(t *testing.T) {
	for _, tc := range []struct {
		id        int
		wantOrder []int
	}{
		{1, []int{1, 2, 3}},
		{2, []int{2, 3, 1}},
		{3, []int{3, 1, 2}},
		{9, []int{1, 2, 3}}, // unknown: the order stays
	} {
		g := &Game{}
		for _, id := range []int{1, 2, 3} {
			g.Players = append(g.Players, &Player{ID: id, Name: string(rune('A' + id - 1))})
		}
		g.GivePriority(tc.id)
		var order []int
		for _, p := range g.Players {
			order = append(order, p.ID)
		}
		if !slices.Equal(order, tc.wantOrder) || g.PriorityDeal != tc.wantOrder[0] {
			t.Errorf("GivePriority(%d): order %v, priority %d; want %v", tc.id, order, g.PriorityDeal, tc.wantOrder)
		}
		if want := g.Players[0].Name + " has priority deal"; len(g.Log) != 1 || g.Log[0] != want {
			t.Errorf("GivePriority(%d): log %q, want %q", tc.id, g.Log, want)
		}
	}
}

func TestTakeCertificate(t *testing.T) {
	for _, tc := range []struct {
		name     string
		pres     Holder // where the director's certificate starts
		wantPool int    // the percentage in the pool afterwards
	}{
		{"from the IPO", HolderIPO, 0},
		{"the director's certificate from the pool, a share back", HolderMarket, 10},
	} {
		g := &Game{AllowPresSale: true}
		p := &Player{ID: 1, Name: "A"}
		g.Players = []*Player{p}
		c := &Corporation{Sym: "X"}
		c.Shares = []*Share{{Index: 0, Percent: 20, President: true, Holder: tc.pres}, {Index: 1, Percent: 10, Holder: Holder(1)}}
		g.Corps = []*Corporation{c}
		g.TakeCertificate(p, c, c.Shares[0])
		if c.Shares[0].Holder != Holder(1) || c.PercentOf(HolderMarket) != tc.wantPool {
			t.Errorf("%s: director's certificate with %d, pool %d%%; want the player's, %d%%", tc.name, c.Shares[0].Holder, c.PercentOf(HolderMarket), tc.wantPool)
		}
	}
}
