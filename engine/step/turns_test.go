package step

import (
	"testing"

	"tresham/engine"
)

func TestTurns(t *testing.T) {
	a, b, c := &engine.Corporation{Sym: "A"}, &engine.Corporation{Sym: "B", Closed: true}, &engine.Corporation{Sym: "C"}
	tests := []struct {
		name  string
		order []*engine.Corporation
		want  string
	}{
		{"closed corporations are skipped", []*engine.Corporation{a, b, c}, "AC"},
		{"none open", []*engine.Corporation{b}, ""},
		{"no corporations", nil, ""},
	}
	for _, tc := range tests {
		g := &engine.Game{}
		tr := StartOperating(g, tc.order)
		if tr.Current() != nil {
			t.Errorf("%s: a turn before the first", tc.name)
		}
		got := ""
		for x := tr.Next(); x != nil; x = tr.Next() {
			if tr.Current() != x {
				t.Errorf("%s: Current %v during %s's turn", tc.name, tr.Current(), x.Sym)
			}
			got += x.Sym
		}
		if got != tc.want || tr.Current() != nil || tr.Next() != nil {
			t.Errorf("%s: turns %q, want %q, and none after the last", tc.name, got, tc.want)
		}
	}
}

func TestBeginTurn(t *testing.T) {
	c := &engine.Corporation{Sym: "A", Trains: []*engine.Train{{ID: "2-0", Operated: true}, {ID: "3-0", Operated: true}}}
	g := &engine.Game{}
	BeginTurn(g, c, "Ann")
	for _, tr := range c.Trains {
		if tr.Operated {
			t.Errorf("train %s still marked as run", tr.ID)
		}
	}
	if len(g.Log) != 1 || g.Log[0] != "Ann operates A" {
		t.Errorf("log %q, want [\"Ann operates A\"]", g.Log)
	}
}
