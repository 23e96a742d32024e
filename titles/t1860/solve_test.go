package t1860

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tresham/board"
	"tresham/engine"
	"tresham/route"
)

// rotateCode rotates the edges of an 18xx.games tile DSL string by r.
func rotateCode(code string, r int) string {
	re := regexp.MustCompile(`([ab]):([0-5])\b`)
	return re.ReplaceAllStringFunc(code, func(m string) string {
		e, _ := strconv.Atoi(m[2:])
		return m[:2] + strconv.Itoa((e+r)%6)
	})
}

// randomPosition builds a small random 1860-like map: a grid of hexes
// carrying random rotated 1860 tiles, X's home token on one city, other
// companies' tokens filling some cities.
func randomPosition(rng *rand.Rand, cols, rows int) (*board.Board, string, error) {
	var codes []string
	specs, err := tileSpecs(MapOptions{})
	if err != nil {
		return nil, "", err
	}
	for _, t := range specs {
		codes = append(codes, t.Code)
		if strings.Count(t.Code, "path=") >= 3 {
			codes = append(codes, t.Code, t.Code) // favour well-connected tiles
		}
	}
	codes = append(codes, "offboard=revenue:yellow_0|green_20|brown_40;path=a:0,b:_0")
	var spec board.Spec
	spec.Layout = board.Flat
	for x := 0; x < cols; x++ {
		for y := x % 2; y < 2*rows; y += 2 {
			id := string(rune('A'+x)) + strconv.Itoa(y+1)
			code := ""
			if rng.IntN(8) > 0 {
				code = rotateCode(codes[rng.IntN(len(codes))], rng.IntN(6))
			}
			code = strings.ReplaceAll(code, ";label=B", "")
			spec.Hexes = append(spec.Hexes, board.HexSpec{ID: id, Color: board.Yellow, Code: code})
		}
	}
	b, err := board.New(spec)
	if err != nil {
		return nil, "", err
	}
	var cities []board.NodeRef
	for _, id := range b.HexIDs() {
		h, _ := b.Hex(id)
		for n, nd := range h.Tile.Nodes {
			if nd.Kind == board.City {
				cities = append(cities, board.NodeRef{Hex: id, Node: n})
			}
		}
	}
	if len(cities) < 2 {
		return nil, "", fmt.Errorf("too few cities")
	}
	rng.Shuffle(len(cities), func(i, j int) { cities[i], cities[j] = cities[j], cities[i] })
	home := cities[0]
	if _, err := b.PlaceToken(home, "X", board.TokenOptions{SameHexAllowed: true}); err != nil {
		return nil, "", err
	}
	for _, c := range cities[1:] {
		switch rng.IntN(4) {
		case 0:
			_, _ = b.PlaceToken(c, "X", board.TokenOptions{SameHexAllowed: true})
		case 1, 2:
			for {
				if _, err := b.PlaceToken(c, "Y", board.TokenOptions{SameHexAllowed: true}); err != nil {
					break
				}
			}
		}
	}
	return b, home.Hex, nil
}

// bruteChains lists every chain of track between two nodes (no node in
// between), walking path by path, with the paths in order from A.
func bruteChains(b *board.Board) []route.Chain {
	var out []route.Chain
	for _, id := range b.HexIDs() {
		h, _ := b.Hex(id)
		for n := range h.Tile.Nodes {
			start := board.NodeRef{Hex: id, Node: n}
			var walk []route.PathRef
			var rec func(hex string, p int, fromNode int, fromEdge int)
			rec = func(hex string, p int, fromNode int, fromEdge int) {
				pr := route.PathRef{Hex: hex, Path: p}
				if slices.Contains(walk, pr) {
					return
				}
				walk = append(walk, pr)
				defer func() { walk = walk[:len(walk)-1] }()
				v, _ := b.Hex(hex)
				pd := v.Tile.Paths[p]
				for _, e := range [2]board.End{pd.A, pd.B} {
					switch e.Kind {
					case board.EndNode:
						if e.N == fromNode {
							continue
						}
						end := board.NodeRef{Hex: hex, Node: e.N}
						if end != start {
							out = append(out, route.Chain{A: start, B: end, Paths: slices.Clone(walk)})
						}
					case board.EndEdge:
						side := board.RotateEdge(e.N, v.Rotation)
						if side == fromEdge {
							continue
						}
						nb := b.Neighbor(hex, side)
						if nb == "" {
							continue
						}
						nv, _ := b.Hex(nb)
						for _, q := range nv.Tile.PathsAtEdge(board.InvertEdge(side), nv.Rotation) {
							rec(nb, q, -1, board.InvertEdge(side))
						}
					}
				}
			}
			for _, p := range h.Tile.Nodes[n].Paths {
				rec(id, p, n, -1)
			}
		}
	}
	return out
}

// bruteRoutes lists every route (sequence of chains through distinct
// nodes, no path twice), once per direction pair.
func bruteRoutes(b *board.Board, chains []route.Chain) []*route.Route {
	from := map[board.NodeRef][]int{}
	for i, c := range chains {
		from[c.A] = append(from[c.A], i)
	}
	var out []*route.Route
	var legs []route.Leg
	var rec func(cur board.NodeRef, seen map[board.NodeRef]bool, used map[route.PathRef]bool)
	rec = func(cur board.NodeRef, seen map[board.NodeRef]bool, used map[route.PathRef]bool) {
		for _, ci := range from[cur] {
			c := chains[ci]
			if seen[c.B] {
				continue
			}
			clash := false
			for _, p := range c.Paths {
				clash = clash || used[p]
			}
			if clash {
				continue
			}
			legs = append(legs, route.NewLeg(cur, &c))
			first := legs[0].Left()
			if b.Signature(first) < b.Signature(c.B) {
				out = append(out, &route.Route{Legs: slices.Clone(legs)})
			}
			seen[c.B] = true
			for _, p := range c.Paths {
				used[p] = true
			}
			rec(c.B, seen, used)
			for _, p := range c.Paths {
				delete(used, p)
			}
			delete(seen, c.B)
			legs = legs[:len(legs)-1]
		}
	}
	for n := range from {
		rec(n, map[board.NodeRef]bool{n: true}, map[route.PathRef]bool{})
	}
	slices.SortFunc(out, func(a, b *route.Route) int { return strings.Compare(fmt.Sprint(a.Legs), fmt.Sprint(b.Legs)) })
	return out
}

type bruteBest struct{ rev, sub, tot, totRev int }

// bruteForce tries every assignment of routes to trains, keeping those the
// engine's run validation accepts, and returns the best of each objective.
func bruteForce(t *testing.T, g *Game, b *board.Board, c *engine.Corporation, trains []*engine.Train, routes []*route.Route) bruteBest {
	type val struct{ rev, sub int }
	// per train, per route: the outcomes over every halts request
	outs := make([][][]val, len(trains))
	for ti, tr := range trains {
		ctx, err := g.routeContext(b, c, tr)
		if err != nil {
			t.Fatal(err)
		}
		outs[ti] = make([][]val, len(routes))
		for ri, r := range routes {
			v := r.Visited()
			reqs := []*int{nil}
			for h := 0; h <= len(v); h++ {
				reqs = append(reqs, &h)
			}
			for _, req := range reqs {
				ev, err := ctx.evalRoute(v, req)
				if err == nil {
					outs[ti][ri] = append(outs[ti][ri], val{ev.revenue, ev.subsidy})
				}
			}
		}
	}
	best := bruteBest{}
	a := &engine.Action{ID: 1, Type: "run_routes"}
	pick := make([]int, len(trains))
	var rec func(i int)
	rec = func(i int) {
		if i == len(trains) {
			var runs []runCheck
			var idx []int
			for ti, ri := range pick {
				if ri >= 0 {
					runs = append(runs, runCheck{train: trains[ti], res: routes[ri]})
					idx = append(idx, ti)
				}
			}
			if len(runs) > 0 && g.checkResolvedRun(b, c, a, runs) != nil {
				return
			}
			// each train takes its best outcome for each objective
			r1, s1, t2, r2 := 0, 0, 0, 0
			for _, ti := range idx {
				os := outs[ti][pick[ti]]
				br, bs, bt, btr := -1, -1, -1, -1
				for _, o := range os {
					if o.rev > br || (o.rev == br && o.sub > bs) {
						br, bs = o.rev, o.sub
					}
					if o.rev+o.sub > bt || (o.rev+o.sub == bt && o.rev > btr) {
						bt, btr = o.rev+o.sub, o.rev
					}
				}
				r1, s1, t2, r2 = r1+br, s1+bs, t2+bt, r2+btr
			}
			if r1 > best.rev || (r1 == best.rev && s1 > best.sub) {
				best.rev, best.sub = r1, s1
			}
			if t2 > best.tot || (t2 == best.tot && r2 > best.totRev) {
				best.tot, best.totRev = t2, r2
			}
			return
		}
		pick[i] = -1
		rec(i + 1)
		for ri := range routes {
			if len(outs[i][ri]) == 0 {
				continue
			}
			pick[i] = ri
			rec(i + 1)
		}
		pick[i] = -1
	}
	rec(0)
	return best
}

// TestSolverMatchesBruteForce compares the solver with exhaustive search on
// small random positions, over the 1860 rule variants.
func TestSolverMatchesBruteForce(t *testing.T) {
	trainSets := [][]string{{"2+1"}, {"3+2"}, {"2+1", "2+1"}, {"2+1", "3+2"}, {"4+2"}, {"3+2", "3+2"}, {"2+1", "2+1", "3+2"}}
	allow := map[string][2]int{"2+1": {2, 1}, "3+2": {3, 2}, "4+2": {4, 2}}
	rng := rand.New(rand.NewPCG(1860, 42))
	n, routesSeen, paying, multi := 0, 0, 0, 0
	for n < 600 {
		b, home, err := randomPosition(rng, 3+rng.IntN(3), 3+rng.IntN(2))
		if err != nil {
			continue
		}
		routes := bruteRoutes(b, bruteChains(b))
		ts := trainSets[rng.IntN(len(trainSets))]
		limit := map[int]int{1: 3000, 2: 400, 3: 60}[len(ts)]
		if len(routes) < 4 || len(routes) > limit {
			continue
		}
		variant := rng.IntN(6)
		g := &Game{Game: &engine.Game{Options: map[string]bool{}, Phases: phases, PhaseIdx: rng.IntN(len(phases))}}
		switch variant {
		case 1:
			g.Options["re_enter_hexes"] = true
		case 2:
			g.optNoSkipTowns = true
		case 3:
			g.Nationalization = true
		case 4:
			g.SRAfterSouthern = true
		}
		c := &engine.Corporation{Sym: "X", Home: home}
		var trains []*engine.Train
		for i, name := range ts {
			al := allow[name]
			owner := "X"
			if variant == 5 && i == 0 {
				owner = "" // a leased train
				g.optOriginalInsolvency = rng.IntN(2) == 0
			}
			trains = append(trains, &engine.Train{ID: name + "-" + strconv.Itoa(i), Name: name, Major: al[0], Minor: al[1], Owner: owner})
		}
		want := bruteForce(t, g, b, c, trains, routes)
		sol, err := g.solveFor(b, c, trains)
		if err != nil {
			t.Fatal(err)
		}
		got := bruteBest{sol.Revenue, sol.Subsidy, sol.TotalRevenue + sol.TotalSubsidy, sol.TotalRevenue}
		if got != want {
			t.Fatalf("position %d (variant %d, trains %v, %d routes): solver %+v, brute force %+v", n, variant, ts, len(routes), got, want)
		}
		// The solver's runs are accepted by the run validation as worth
		// what it claims.
		for _, plan := range []struct {
			Revenue, Subsidy int
			Routes           []engine.Route
		}{{sol.Revenue, sol.Subsidy, sol.RevenueRoutes}, {sol.TotalRevenue, sol.TotalSubsidy, sol.TotalRoutes}} {
			a := &engine.Action{ID: 1, Type: "run_routes", Routes: plan.Routes}
			var runTrains []*engine.Train
			rev, sub := 0, 0
			for i := range plan.Routes {
				r := &plan.Routes[i]
				var tr *engine.Train
				for _, x := range trains {
					if x.ID == r.Train {
						tr = x
					}
				}
				runTrains = append(runTrains, tr)
				ev, err := g.evaluateRoute(b, c, tr, r)
				if err != nil {
					t.Fatalf("position %d: solver route %v refused: %v", n, r.Connections, err)
				}
				rev += ev.revenue
				sub += ev.subsidy
			}
			if len(plan.Routes) > 0 {
				if err := g.checkRun(b, c, a, runTrains); err != nil {
					t.Fatalf("position %d: solver run refused: %v", n, err)
				}
			}
			if rev != plan.Revenue || sub != plan.Subsidy {
				t.Fatalf("position %d: solver run worth %d+%d, claimed %d+%d", n, rev, sub, plan.Revenue, plan.Subsidy)
			}
		}
		n++
		routesSeen += len(routes)
		if want.rev > 0 {
			paying++
		}
		if len(sol.RevenueRoutes) > 1 {
			multi++
		}
	}
	t.Logf("%d positions, %d routes, %d paying, %d with several trains running", n, routesSeen, paying, multi)
}

// TestQuickOutcomesMatchSelectStops checks the solver's counting stop
// selection against the run_routes step's selectStops on random routes
// under every rule variant.
func TestQuickOutcomesMatchSelectStops(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	kinds := []board.NodeKind{board.City, board.Town, board.Halt, board.Offboard}
	for i := 0; i < 20000; i++ {
		c := routeCtx{
			major: 1 + rng.IntN(9), minor: rng.IntN(6),
			loaner: rng.IntN(4) == 0, origIns: rng.IntN(2) == 0, noSkip: rng.IntN(3) == 0,
			simpIns: rng.IntN(3) == 0, printed: rng.IntN(2) == 0,
			national: rng.IntN(4) == 0, ignoreHalts: rng.IntN(4) == 0,
		}
		n := 2 + rng.IntN(9)
		ks := make([]board.NodeKind, n)
		revs := make([]int, n)
		q := quickRoute{prefix: []int{0}}
		var towns []int
		for j := range ks {
			ks[j] = kinds[rng.IntN(len(kinds))]
			if j == 0 || j == n-1 {
				ks[j] = kinds[[]int{0, 1, 3}[rng.IntN(3)]]
			}
			if ks[j] != board.Halt {
				revs[j] = 10 * rng.IntN(6)
			}
			switch ks[j] {
			case board.City, board.Offboard:
				q.nc++
				q.sumC += revs[j]
			case board.Town:
				towns = append(towns, revs[j])
			case board.Halt:
				q.nh++
			}
		}
		slices.SortFunc(towns, func(a, b int) int { return b - a })
		for _, r := range towns {
			q.prefix = append(q.prefix, q.prefix[len(q.prefix)-1]+r)
		}
		got := c.quickOutcomes(&q, nil)
		var sel stopSel
		var want []route.Outcome
		for req := -1; req <= q.nh; req++ {
			var rp *int
			if req >= 0 {
				r := req
				rp = &r
			}
			if err := c.selectStops(ks, revs, rp, &sel); err != nil {
				break
			}
			o := route.Outcome{Revenue: sel.revenue, Subsidy: sel.subsidy}
			if !slices.Contains(want, o) {
				want = append(want, o)
			}
		}
		var gotSet []route.Outcome
		for _, o := range got {
			o.Choice = 0
			if !slices.Contains(gotSet, o) {
				gotSet = append(gotSet, o)
			}
		}
		slices.SortFunc(want, func(a, b route.Outcome) int { return a.Revenue*1000 + a.Subsidy - b.Revenue*1000 - b.Subsidy })
		slices.SortFunc(gotSet, func(a, b route.Outcome) int { return a.Revenue*1000 + a.Subsidy - b.Revenue*1000 - b.Subsidy })
		if !slices.Equal(want, gotSet) {
			t.Fatalf("ctx %+v kinds %v revs %v: quick %v, selectStops %v", c, ks, revs, got, want)
		}
		// each outcome's choice reproduces it through selectStops
		for _, o := range got {
			var rp *int
			if o.Choice >= 0 {
				r := o.Choice
				rp = &r
			}
			if err := c.selectStops(ks, revs, rp, &sel); err != nil || sel.revenue != o.Revenue || sel.subsidy != o.Subsidy {
				t.Fatalf("ctx %+v kinds %v: choice %d gives %d+%d (%v), quick says %d+%d", c, ks, o.Choice, sel.revenue, sel.subsidy, err, o.Revenue, o.Subsidy)
			}
		}
	}
}
