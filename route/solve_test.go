package route

import (
	"testing"

	"tresham/board"
)

// sumHook is a toy title: every node is a stop paying its revenue, a
// train visits at most cap[t] nodes, halts (none here) could not end.
type sumHook struct{ caps []int }

func (h *sumHook) TrainKey(t int) string   { return string(rune('a' + h.caps[t])) }
func (h *sumHook) Class(n *NodeInfo) int   { return 0 }
func (h *sumHook) CanEnd(n *NodeInfo) bool { return n.Kind != board.Halt }
func (h *sumHook) Evaluate(t int, v []*NodeInfo, buf []Outcome) []Outcome {
	sum := 0
	for _, n := range v {
		sum += n.Def.Revenue
	}
	return append(buf, Outcome{Revenue: sum, Subsidy: len(v), Choice: -1})
}
func (h *sumHook) Within(t int, c *[MaxClasses]int) bool {
	if t < 0 {
		m := 0
		for _, x := range h.caps {
			m = max(m, x)
		}
		return c[0] <= m
	}
	return c[0] <= h.caps[t]
}

func TestSolveLine(t *testing.T) {
	b := testBoard(t)
	home := []board.NodeRef{{Hex: "G3", Node: 0}}
	tests := []struct {
		name string
		caps []int
		want int
	}{
		{"one train, whole line", []int{3}, 60},
		{"one short train", []int{2}, 30},
		{"two trains: the second has no tokened route left", []int{2, 2}, 30},
		{"a long and a short train", []int{3, 2}, 60},
	}
	for _, tc := range tests {
		p := &Problem{Board: b, Corp: "X", Home: home, HomeRule: true, Intersect: true,
			Trains: len(tc.caps), Hook: &sumHook{tc.caps}, MaxBlockedPass: 1, MaxBlockedRoutes: 1}
		res, err := Solve(p)
		if err != nil {
			t.Fatal(err)
		}
		got := res.Best[MaxRevenue]
		if got.Revenue != tc.want {
			t.Errorf("%s: revenue %d, want %d (%+v)", tc.name, got.Revenue, tc.want, got.Routes)
		}
		// the routes resolve back to themselves
		var other []PathRef
		for _, pl := range got.Routes {
			if pl.Visits == nil {
				continue
			}
			r, err := Resolve(b, pl.Connections, Options{Corp: "X", Nodes: pl.Nodes, Other: other})
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if sigs(b, r.Visited()) != sigs(b, pl.Visits) {
				t.Errorf("%s: resolved %s, planned %s", tc.name, sigs(b, r.Visited()), sigs(b, pl.Visits))
			}
			other = append(other, r.Paths()...)
		}
		// asked for the revenue alone, the same revenue, undescribed
		p.RevenueOnly = true
		ro, err := Solve(p)
		if err != nil {
			t.Fatal(err)
		}
		if r := ro.Best[MaxRevenue]; r.Revenue != got.Revenue || r.Subsidy != got.Subsidy {
			t.Errorf("%s: revenue only: %d/%d, want %d/%d", tc.name, r.Revenue, r.Subsidy, got.Revenue, got.Subsidy)
		}
		for _, pl := range ro.Best[MaxRevenue].Routes {
			if pl.Visits != nil || pl.Connections != nil {
				t.Errorf("%s: revenue only: route described: %+v", tc.name, pl)
			}
		}
		if ro.Best[MaxTotal].Routes != nil {
			t.Errorf("%s: revenue only: a max-total run", tc.name)
		}
	}
}
