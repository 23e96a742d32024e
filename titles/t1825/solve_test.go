package t1825

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"tresham/board"
	"tresham/engine"
	"tresham/route"
	"tresham/titles/title"
)

// rotateCode rotates the edges of an 18xx.games tile DSL string by r.
func rotateCode(code string, r int) string {
	re := regexp.MustCompile(`([ab]):([0-5])\b`)
	return re.ReplaceAllStringFunc(code, func(m string) string {
		e, _ := strconv.Atoi(m[2:])
		return m[:2] + strconv.Itoa((e+r)%6)
	})
}

// randomPosition builds a small random map of 1825 tiles (halts and #200
// included): X's base on one city, more X bases and other companies'
// tokens filling some cities.
func randomPosition(rng *rand.Rand, cols, rows int) (*board.Board, error) {
	// the generic tiles 1825's manifests use
	seen := map[string]bool{"887": true, "888": true}
	for _, l := range [][]tileCount{unit1Tiles, unit2Tiles, unit2GrayTiles, unit3Tiles, r1Tiles, r2Tiles, r3Tiles, k1Tiles, k3Tiles, k5Tiles, k6Tiles, d1Tiles, db3Tiles} {
		for _, t := range l {
			if t.Own == nil {
				seen[t.Name] = true
			}
		}
	}
	var names []string
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	var codes []string
	for _, n := range names {
		t, _ := board.GenericTile(n)
		c := t.Code
		if strings.Contains(c, "stripes") || strings.Contains(c, "label=") && !strings.Contains(c, "HALT") {
			if n != "200" {
				continue
			}
		}
		codes = append(codes, c)
	}
	tile200, _ := board.GenericTile("200")
	codes = append(codes, tile11.Code, tile11.Code, tile200.Code)
	var spec board.Spec
	spec.Layout = board.Pointy
	spec.DirectedWalk = true
	for y := 0; y < rows; y++ {
		for x := y % 2; x < 2*cols; x += 2 {
			id := string(rune('A'+y)) + strconv.Itoa(x+1)
			code := ""
			if rng.IntN(7) > 0 {
				code = rotateCode(codes[rng.IntN(len(codes))], rng.IntN(6))
			}
			code = regexp.MustCompile(`stripes=color:\w+;`).ReplaceAllString(code, "")
			spec.Hexes = append(spec.Hexes, board.HexSpec{ID: id, Color: board.Yellow, Code: code})
		}
	}
	b, err := board.New(spec)
	if err != nil {
		return nil, err
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
		return nil, fmt.Errorf("too few cities")
	}
	rng.Shuffle(len(cities), func(i, j int) { cities[i], cities[j] = cities[j], cities[i] })
	if _, err := b.PlaceToken(cities[0], "X", board.TokenOptions{SameHexAllowed: true}); err != nil {
		return nil, err
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
	return b, nil
}

// bruteRoutes lists every route on b (chains of track between nodes, no
// node twice, no path twice), once per pair of directions.
func bruteRoutes(b *board.Board) []*route.Route {
	var chains []route.Chain
	for _, id := range b.HexIDs() {
		h, _ := b.Hex(id)
		for n := range h.Tile.Nodes {
			start := board.NodeRef{Hex: id, Node: n}
			var walk []route.PathRef
			junctions := map[string]int{}
			// fromEdge -2: entered at the tile's junction
			var rec func(hex string, p int, fromNode int, fromEdge int)
			rec = func(hex string, p int, fromNode int, fromEdge int) {
				pr := route.PathRef{Hex: hex, Path: p}
				if slices.Contains(walk, pr) {
					return
				}
				v, _ := b.Hex(hex)
				pd := v.Tile.Paths[p]
				if pd.A.Kind == board.EndJunction || pd.B.Kind == board.EndJunction {
					if junctions[hex] > 1 {
						return // a chain passes a junction once
					}
					junctions[hex]++
					defer func() { junctions[hex]-- }()
				}
				walk = append(walk, pr)
				defer func() { walk = walk[:len(walk)-1] }()
				for _, e := range [2]board.End{pd.A, pd.B} {
					switch e.Kind {
					case board.EndJunction:
						if fromEdge == -2 {
							continue
						}
						for q, qd := range v.Tile.Paths {
							if q != p && (qd.A.Kind == board.EndJunction || qd.B.Kind == board.EndJunction) {
								rec(hex, q, -1, -2)
							}
						}
					case board.EndNode:
						if e.N == fromNode {
							continue
						}
						if end := (board.NodeRef{Hex: hex, Node: e.N}); end != start {
							chains = append(chains, route.Chain{A: start, B: end, Paths: slices.Clone(walk)})
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
	from := map[board.NodeRef][]int{}
	for i, c := range chains {
		from[c.A] = append(from[c.A], i)
	}
	var out []*route.Route
	var legs []route.Leg
	var rec func(cur board.NodeRef, seen map[board.NodeRef]bool, used map[route.PathRef]bool)
	rec = func(cur board.NodeRef, seen map[board.NodeRef]bool, used map[route.PathRef]bool) {
		if len(legs) >= 6 {
			return
		}
		for _, ci := range from[cur] {
			c := chains[ci]
			clash := seen[c.B]
			for _, p := range c.Paths {
				clash = clash || used[p]
			}
			if clash {
				continue
			}
			legs = append(legs, route.NewLeg(cur, &c))
			if b.Signature(legs[0].Left()) < b.Signature(c.B) {
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

// bruteBest tries every assignment of routes to trains that the run check
// accepts and returns the best revenue.
func bruteBest(t *testing.T, g *Game, c *engine.Corporation, trains []*engine.Train, routes []*route.Route) int {
	colors := g.phaseColors()
	stops := make([][]stop, len(routes))
	for i, r := range routes {
		v, err := g.stopsOf(g.Board, c.Sym, r.Visited(), colors)
		if err != nil {
			t.Fatal(err)
		}
		stops[i] = v
	}
	best := 0
	pick := make([]int, len(trains))
	var rec func(i int)
	rec = func(i int) {
		if i == len(trains) {
			var runs []runRoute
			for ti, ri := range pick {
				if ri >= 0 {
					rule, _ := ruleOf(trains[ti].Name)
					runs = append(runs, runRoute{train: trains[ti], rule: rule, res: routes[ri], visits: stops[ri]})
				}
			}
			revs, err := g.checkResolved(c.Sym, runs)
			if err != nil {
				return
			}
			sum := 0
			for _, r := range revs {
				sum += r
			}
			best = max(best, sum)
			return
		}
		pick[i] = -1
		rec(i + 1)
		for ri := range routes {
			pick[i] = ri
			rec(i + 1)
		}
		pick[i] = -1
	}
	rec(0)
	return best
}

// TestSolverMatchesBruteForce compares the 1825 solver with exhaustive
// search on small random positions, over the kinds of train and phases
// (tile #200 pass-through from Phase Three), double-heading included.
func TestSolverMatchesBruteForce(t *testing.T) {
	trainSets := [][]string{{"2"}, {"3"}, {"2", "2"}, {"2", "3"}, {"U3"}, {"3T"}, {"4+4E"}, {"2+2"}, {"4T", "2"}, {"2", "2", "2"}, {"5"}}
	o, _ := ParseOptions([]string{"unit_123", "k3"}, 5)
	var phases []engine.Phase
	for _, p := range Phases(o) {
		phases = append(phases, engine.Phase{Name: p.Name, On: p.On, TrainLimit: p.TrainLimit, Tiles: p.Tiles})
	}
	rng := rand.New(rand.NewPCG(1825, 7))
	n, doubled := 0, 0
	for tries := 0; n < 1000 && tries < 100000; tries++ {
		b, err := randomPosition(rng, 3+rng.IntN(2), 3+rng.IntN(2))
		if err != nil {
			continue
		}
		routes := bruteRoutes(b)
		ts := trainSets[rng.IntN(len(trainSets))]
		limit := map[int]int{1: 4000, 2: 250, 3: 40}[len(ts)]
		if len(routes) < 3 || len(routes) > limit {
			continue
		}
		g := &Game{Game: &engine.Game{Options: map[string]bool{}, Phases: phases, PhaseIdx: rng.IntN(len(phases))}, Board: b, defs: map[string]CorpDef{}}
		c := &engine.Corporation{Sym: "X"}
		g.Corps = []*engine.Corporation{c}
		for i, name := range ts {
			c.Trains = append(c.Trains, &engine.Train{ID: name + "-" + strconv.Itoa(i), Name: name, Owner: "X"})
		}
		want := bruteBest(t, g, c, c.Trains, routes)
		sol, err := g.Solve("X")
		if err != nil {
			t.Fatal(err)
		}
		if sol.Revenue != want {
			for _, id := range b.HexIDs() {
				v, _ := b.Hex(id)
				t.Logf("%s %v %s", id, v.Tokens, v.Tile.Code)
			}
			t.Fatalf("position %d (phase %s, trains %v, %d routes): solver %d, brute force %d\n%+v", n, g.Phase().Name, ts, len(routes), sol.Revenue, want, sol.RevenueRoutes)
		}
		if rev, err := g.BestRevenue("X"); err != nil || rev != want {
			t.Fatalf("position %d: BestRevenue %d (%v), brute force %d", n, rev, err, want)
		}
		if len(sol.RevenueRoutes) > 0 {
			rev, _, err := g.CheckRun("X", sol.RevenueRoutes)
			if err != nil {
				t.Fatalf("position %d: solver run refused: %v\n%+v", n, err, sol.RevenueRoutes)
			}
			if rev != sol.Revenue {
				t.Fatalf("position %d: solver run worth %d, claimed %d", n, rev, sol.Revenue)
			}
		}
		// a run with two '2's paired
		trains, _ := g.runTrains(c, sol.RevenueRoutes)
		res, _ := title.ResolveRun(b, "X", sol.RevenueRoutes, true)
		if len(res) == len(sol.RevenueRoutes) && len(sol.RevenueRoutes) > 1 {
			var runs []runRoute
			for i := range res {
				rule, _ := ruleOf(trains[i].Name)
				v, _ := g.stopsOf(b, "X", res[i].Visited(), g.phaseColors())
				runs = append(runs, runRoute{train: trains[i], rule: rule, res: res[i], visits: v})
			}
			for i, p := range doubleHeaded(runs, func(r board.NodeRef) bool { return b.Blocks(r, "X") }) {
				if p > i {
					doubled++
				}
			}
		}
		n++
	}
	if n < 1000 {
		t.Fatalf("only %d positions generated", n)
	}
	t.Logf("%d positions, %d solver runs double-heading two 2s", n, doubled)
}
