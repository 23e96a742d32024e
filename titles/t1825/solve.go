package t1825

import (
	"fmt"

	"tresham/board"
	"tresham/engine"
	"tresham/route"
	"tresham/titles/title"
)

// solveTrain is one train of a solve: a real train, or two '2' trains run
// together as a '3' (rule 4.5.5).
type solveTrain struct {
	rule    trainRule
	trains  []*engine.Train // one, or the two double-headed '2's
	doubled bool
}

// solveHook is the 1825 stop counting and revenue for route.Solve: the
// same trainRule.evaluate the run_routes step uses.
type solveHook struct {
	b      *board.Board
	corp   string
	late   bool
	colors []board.Color
	trains []solveTrain
	// n200 is how many tile #200 stations hold a base of the company (the
	// most a route may pass without counting).
	n200  int
	stops map[board.NodeRef]stop
	// byIndex[i] is the stop of the solve's node of Index i (stopOf
	// fills it; Class sees every node first).
	byIndex []stop
	known   []bool
	buf     []stop
	sc      scorer
	paid    []board.NodeRef
	// townEnds: some train may begin or end a route at a small station.
	townEnds bool
}

func (h *solveHook) TrainKey(t int) string {
	if h.trains[t].doubled {
		return "2x2"
	}
	return h.trains[t].rule.name
}

// Class: 0 large stations, 1 small stations, 2 halts (free to pass).
func (h *solveHook) Class(n *route.NodeInfo) int {
	s := h.stopOf(n)
	switch {
	case s.city:
		return 0
	case s.halt:
		return 2
	}
	return 1
}

func (h *solveHook) CanEnd(n *route.NodeInfo) bool {
	return h.townEnds || h.stopOf(n).city
}

func (h *solveHook) stopOf(n *route.NodeInfo) stop {
	if n.Index < len(h.known) && h.known[n.Index] {
		return h.byIndex[n.Index]
	}
	for len(h.known) <= n.Index {
		h.known, h.byIndex = append(h.known, false), append(h.byIndex, stop{})
	}
	if s, ok := h.stops[n.Ref]; ok {
		h.byIndex[n.Index], h.known[n.Index] = s, true
		return s
	}
	tile, _, _ := h.b.TileOn(n.Ref.Hex)
	s := newStop(tile, n.Ref, n.Def, h.colors, n.Token)
	h.stops[n.Ref] = s
	h.byIndex[n.Index], h.known[n.Index] = s, true
	return s
}

func (h *solveHook) Within(t int, counts *[route.MaxClasses]int) bool {
	return route.AnyTrain(len(h.trains), t, func(i int) bool { return h.within(&h.trains[i], counts) })
}

func (h *solveHook) within(st *solveTrain, counts *[route.MaxClasses]int) bool {
	if st.doubled {
		return counts[0]+counts[1] <= 3 && counts[2] == 0
	}
	extra := 0
	if h.late && st.rule.passes200() {
		extra = h.n200
	}
	return st.rule.fits(counts[0], counts[1], extra) == refusedNone
}

func (h *solveHook) Evaluate(t int, visits []*route.NodeInfo, buf []route.Outcome) []route.Outcome {
	st := &h.trains[t]
	v := h.buf[:0]
	for _, n := range visits {
		v = append(v, h.stopOf(n))
	}
	h.buf = v
	if st.doubled {
		rev, ok := h.doubledRevenue(st, v, visits)
		if ok {
			buf = append(buf, route.Outcome{Revenue: rev, Choice: -1})
		}
		return buf
	}
	rev, _, why := h.sc.score(st.rule, v, h.late, false, nil)
	if why != refusedNone {
		return buf
	}
	return append(buf, route.Outcome{Revenue: rev, Choice: -1})
}

// doubledRevenue evaluates a route of three stations A-B-C as two '2'
// trains running A-B and B-C together (rule 4.5.5).
func (h *solveHook) doubledRevenue(st *solveTrain, v []stop, visits []*route.NodeInfo) (int, bool) {
	if len(v) != 3 {
		return 0, false
	}
	a, b := v[0:2], v[1:3]
	if !pairable(a, b, func(board.NodeRef) bool { return visits[1].Blocked }) {
		return 0, false
	}
	ra, sa, why := h.sc.score(st.rule, a, h.late, true, nil)
	if why != refusedNone {
		return 0, false
	}
	h.paid = h.paid[:0]
	for _, i := range sa {
		h.paid = append(h.paid, a[i].ref)
	}
	rb, _, why := h.sc.score(st.rule, b, h.late, true, h.paid)
	if why != refusedNone {
		return 0, false
	}
	return ra + rb, true
}

// runnable lists the trains company c may run now: its own that have not
// run this turn and a leased one.
func (g *Game) runnable(c *engine.Corporation) []*engine.Train {
	var out []*engine.Train
	for _, t := range c.Trains {
		if !t.Operated {
			out = append(out, t)
		}
	}
	if g.op != nil && g.op.leased != nil && g.op.Current() == c {
		out = append(out, g.op.leased)
	}
	return out
}

// Solve finds the best run of company sym on the current board, exactly,
// under the 1825 rules: every way of pairing its '2' trains as
// double-headed '3's is solved and the best kept (the trains that may run
// include a leased one). 1825 pays no subsidies, so the run of most
// revenue is also the run of most revenue plus subsidy.
func (g *Game) Solve(sym string) (*title.Solved, error) {
	sol, err := g.solveRoutes(sym, false)
	if err != nil {
		return nil, err
	}
	sol.OnlyRevenue()
	return sol, nil
}

// BestRevenue is the revenue of Solve's run alone (the routes are not
// described): for ranking boards, as the bot does.
func (g *Game) BestRevenue(sym string) (int, error) {
	sol, err := g.solveRoutes(sym, true)
	if err != nil {
		return 0, err
	}
	return sol.Revenue, nil
}

// solveRoutes is Solve's run of most revenue, without the routes when
// revenueOnly is set.
func (g *Game) solveRoutes(sym string, revenueOnly bool) (*title.Solved, error) {
	c := g.Corp(sym)
	if c == nil {
		return nil, fmt.Errorf("1825: no company %s", sym)
	}
	trains := g.runnable(c)
	sol := &title.Solved{}
	var twos, others []*engine.Train
	for _, t := range trains {
		sol.Trains = append(sol.Trains, t.ID)
		if t.Name == "2" {
			twos = append(twos, t)
		} else {
			others = append(others, t)
		}
	}
	if len(trains) == 0 {
		return sol, nil
	}
	best := -1
	for pairs := 0; 2*pairs <= len(twos); pairs++ {
		var sts []solveTrain
		for k := 0; k < pairs; k++ {
			r, _ := g.ruleOf("2")
			sts = append(sts, solveTrain{rule: r, trains: twos[2*k : 2*k+2], doubled: true})
		}
		for _, t := range append(append([]*engine.Train(nil), twos[2*pairs:]...), others...) {
			r, err := g.ruleOf(t.Name)
			if err != nil {
				return nil, err
			}
			sts = append(sts, solveTrain{rule: r, trains: []*engine.Train{t}})
		}
		rev, routes, stats, err := g.solveWith(c, sts, revenueOnly)
		if err != nil {
			return nil, err
		}
		sol.Stats.Nodes = stats.Nodes
		sol.Stats.Segments = stats.Segments
		sol.Stats.Candidates += stats.Candidates
		sol.Stats.Searched += stats.Searched
		if rev > best {
			best, sol.Revenue, sol.RevenueRoutes = rev, rev, routes
		}
	}
	return sol, nil
}

func (g *Game) solveWith(c *engine.Corporation, sts []solveTrain, revenueOnly bool) (int, []engine.Route, route.Stats, error) {
	b := g.Board
	h := &solveHook{b: b, corp: c.Sym, late: lateRules(g.Phase().Name), colors: g.phaseColors(), trains: sts, stops: map[board.NodeRef]stop{}}
	for _, st := range sts {
		if st.doubled || st.rule.townEnds() {
			h.townEnds = true
		}
	}
	for _, n := range b.TokenNodes(c.Sym) {
		if v, ok := b.Hex(n.Hex); ok && v.Tile.Name == "200" {
			h.n200++
		}
	}
	p := &route.Problem{Board: b, Corp: c.Sym, Trains: len(sts), Hook: h, ReEnterHexes: true, RevenueOnly: revenueOnly}
	res, err := route.Solve(p)
	if err != nil {
		return 0, nil, route.Stats{}, err
	}
	s := res.Best[route.MaxRevenue]
	var first, rest []engine.Route
	for _, pl := range s.Routes {
		if pl.Visits == nil {
			continue
		}
		st := &sts[pl.Train]
		if !st.doubled {
			rest = append(rest, title.PlannedRoute(pl, st.trains[0].ID, false))
			continue
		}
		// split A-B-C into A-B and B-C, the first paying both its stations
		v := make([]stop, len(pl.Visits))
		for i, n := range pl.Visits {
			v[i] = h.stops[n]
		}
		ra, _, _ := st.rule.evaluate(v[0:2], h.late, true, nil)
		rb := pl.Outcome.Revenue - ra
		first = append(first,
			engine.Route{Train: st.trains[0].ID, Connections: pl.Connections[0:1], Nodes: pl.Nodes[0:2], Revenue: &ra},
			engine.Route{Train: st.trains[1].ID, Connections: pl.Connections[1:2], Nodes: pl.Nodes[1:3], Revenue: &rb})
	}
	return s.Revenue, append(first, rest...), res.Stats, nil
}

// BestRoutes returns the maximum-revenue run of company sym now (the
// routes a run_routes action needs), from the exact solver.
func (g *Game) BestRoutes(sym string) ([]engine.Route, error) { return title.BestRoutes(g.Solve(sym)) }
