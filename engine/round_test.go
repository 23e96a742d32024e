package engine

import (
	"slices"
	"testing"
)

func TestWorth(t *testing.T) {
	p := &Player{ID: 1, Cash: 300, Companies: []string{"P1"}}
	priced := &Corporation{Sym: "A", Cell: &Cell{Price: 55}, Shares: []*Share{
		{Percent: 20, President: true, Holder: 1}, {Percent: 10, Holder: 1}, {Percent: 10, Holder: 2}}}
	unpriced := &Corporation{Sym: "B", Shares: []*Share{{Percent: 20, President: true, Holder: 1}}}
	g := &Game{Players: []*Player{p}, Corps: []*Corporation{priced, unpriced},
		Companies: []*Company{{Sym: "P1", Value: 40}}}
	tests := []struct {
		name string
		cert func(*Corporation, *Share) int
		want int
	}{
		{"at the market", func(c *Corporation, s *Share) int { return s.Percent / 10 * c.Price() }, 300 + 40 + 3*55},
		{"halved per certificate", func(c *Corporation, s *Share) int { return s.Percent / 10 * c.Price() / 2 }, 300 + 40 + 55 + 27},
		{"worth nothing", func(*Corporation, *Share) int { return 0 }, 340},
	}
	for _, tt := range tests {
		if got := g.Worth(p, tt.cert); got != tt.want {
			t.Errorf("%s: Worth = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestUnstart(t *testing.T) {
	c := &Corporation{Sym: "A", Cell: &Cell{Price: 55}, Par: &Cell{Price: 60}, IPOed: true, Floated: true, Receivership: true, President: 3}
	(&Game{}).Unstart(c)
	if c.Cell != nil || c.Par != nil || c.IPOed || c.Floated || c.Receivership || c.President != 0 {
		t.Errorf("Unstart left %+v", c)
	}
}

func TestTriggerEnd(t *testing.T) {
	tests := []struct {
		name     string
		triggers [][2]string
		want     []string
	}{
		{"none", nil, nil},
		{"one", [][2]string{{"bank", "current_or"}}, []string{"bank", "current_or"}},
		{"the first names the end", [][2]string{{"stock_market", "current_or"}, {"bank", "current_or"}}, []string{"stock_market", "current_or"}},
	}
	for _, tt := range tests {
		g := &Game{}
		for _, tr := range tt.triggers {
			g.TriggerEnd(tr[0], tr[1])
		}
		if !slices.Equal(g.EndTrigger, tt.want) {
			t.Errorf("%s: EndTrigger %v, want %v", tt.name, g.EndTrigger, tt.want)
		}
	}
}
