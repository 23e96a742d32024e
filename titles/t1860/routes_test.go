package t1860

import (
	"testing"

	"tresham/board"
)

// TestEvalRouteStops checks stop selection on a line city–halt–town–halt–city.
func TestEvalRouteStops(t *testing.T) {
	b, err := board.New(board.Spec{Layout: board.Flat, Hexes: []board.HexSpec{
		{ID: "A1", Color: board.Yellow, Code: "city=revenue:30"},
		{ID: "A3", Color: board.Yellow, Code: "halt=symbol:£"},
		{ID: "A5", Color: board.Yellow, Code: "town=revenue:20"},
		{ID: "A7", Color: board.Yellow, Code: "halt=symbol:£"},
		{ID: "A9", Color: board.Yellow, Code: "city=revenue:40"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	visits := []board.NodeRef{{Hex: "A1"}, {Hex: "A3"}, {Hex: "A5"}, {Hex: "A7"}, {Hex: "A9"}}
	one, zero := 1, 0
	tests := []struct {
		name             string
		ctx              routeCtx
		halts            *int
		revenue, subsidy int
	}{
		{"2+1 fills with the town", routeCtx{major: 2, minor: 1}, nil, 90, 0},
		{"3+2 null halts fill the rest", routeCtx{major: 3, minor: 2}, nil, 90, 20},
		{"4+2 null halts fill the rest", routeCtx{major: 4, minor: 2}, nil, 90, 20},
		{"4+2 one halt requested", routeCtx{major: 4, minor: 2}, &one, 90, 10},
		{"4+2 no halt requested", routeCtx{major: 4, minor: 2}, &zero, 90, 0},
		{"2+1 halt requested instead of the town", routeCtx{major: 2, minor: 1}, &one, 70, 10},
		{"halts ignored after the Southern forms", routeCtx{major: 4, minor: 2, ignoreHalts: true}, &one, 90, 0},
		{"leased train, newer rules", routeCtx{major: 2, minor: 1, loaner: true}, nil, 40 + 20*2, 0},
		{"leased 3+2, newer rules: one small stop", routeCtx{major: 3, minor: 2, loaner: true}, nil, 40 + 20*3, 0},
		{"leased 4+2, newer rules: a halt is a paid stop", routeCtx{major: 4, minor: 2, loaner: true}, nil, 40 + 20*4, 0},
		{"leased train, original rules", routeCtx{major: 2, minor: 1, loaner: true, origIns: true}, nil, 45, 0},
		{"leased train, original rules, printed: half rounded up to £10", routeCtx{major: 2, minor: 1, loaner: true, origIns: true, printed: true}, nil, 50, 0},
		{"own train, original rules, printed", routeCtx{major: 2, minor: 1, origIns: true, printed: true}, nil, 90, 0},
		{"leased 6+3, simplified: as the newer rules", routeCtx{major: 6, minor: 3, loaner: true, simpIns: true}, nil, 40 + 20*5, 0},
		{"leased 6+3, simplified, printed: the Insolvency card", routeCtx{major: 6, minor: 3, loaner: true, simpIns: true, printed: true}, nil, 40 + 20*6, 0},
		{"leased 6+3, newer rules, printed: as the default", routeCtx{major: 6, minor: 3, loaner: true, printed: true}, nil, 40 + 20*5, 0},
		// simplified insolvency in a game created before 2026-07-04 (dated.go): the
		// card's value, with the allowances and halt subsidies of an owned train
		{"leased 4+2, simplified before 2026-07-04", routeCtx{major: 4, minor: 2, loaner: true, simpIns: true, simpLease: true}, nil, 40 + 20*4, 20},
		{"leased 2+1, simplified before 2026-07-04", routeCtx{major: 2, minor: 1, loaner: true, simpIns: true, simpLease: true}, nil, 40 + 20*2, 0},
		{"leased 4+2, simplified since 2026-07-04", routeCtx{major: 4, minor: 2, loaner: true, simpIns: true}, nil, 40 + 20*4, 0},
		{"nationalization: no second allowance", routeCtx{major: 2, minor: 1, national: true}, nil, 70, 0},
	}
	for _, tc := range tests {
		c := tc.ctx
		c.b = b
		c.colors = []board.Color{board.Yellow}
		ev, err := c.evalRoute(visits, tc.halts)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if ev.revenue != tc.revenue || ev.subsidy != tc.subsidy {
			t.Errorf("%s: revenue %d subsidy %d, want %d %d", tc.name, ev.revenue, ev.subsidy, tc.revenue, tc.subsidy)
		}
	}
	c := routeCtx{b: b, major: 2, minor: 1}
	if _, err := c.evalRoute(visits[1:], nil); err == nil {
		t.Error("route starting at a halt accepted")
	}
	c.major = 1
	if _, err := c.evalRoute(visits, nil); err == nil {
		t.Error("too many cities accepted")
	}
}
