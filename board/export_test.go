package board

import "fmt"

// CheckNetworkAgainstReference compares Graph and Distances for corp (the
// memoised results, then freshly computed ones) with the reference
// implementations in ref_test.go.
func CheckNetworkAgainstReference(b *Board, corp string) error {
	for round := 0; round < 2; round++ {
		g := b.Graph(corp)
		if round == 1 {
			g = b.computeGraph(corp)
		}
		rg := b.refGraph(corp)
		kinds := [Offboard + 1]int{}
		for i := range b.hexes {
			x := g.hex(i)
			if x.edges != rg.edges[i] || x.ok != rg.hexOK[i] || x.nodes != rg.nodes[i] || x.paths != rg.paths[i] {
				return fmt.Errorf("graph %s differs on %s: got %+v, want edges %06b ok %v nodes %b paths %b", corp, b.s.ids[i], x, rg.edges[i], rg.hexOK[i], rg.nodes[i], rg.paths[i])
			}
			for n := range b.hexes[i].tile.Nodes {
				if rg.nodes[i]&(1<<n) != 0 {
					kinds[b.hexes[i].tile.Nodes[n].Kind]++
				}
			}
		}
		if kinds != g.kinds {
			return fmt.Errorf("graph %s node kinds %v, want %v", corp, g.kinds, kinds)
		}
		d := b.Distances(corp)
		if round == 1 {
			d = b.computeDistances(corp)
		}
		rd := b.refDistances(corp)
		for i := range b.hexes {
			id := b.s.ids[i]
			t := b.hexes[i].tile
			for n := -1; n <= len(t.Nodes); n++ {
				got, ok := d.Node(NodeRef{Hex: id, Node: n})
				want, wok := rd.nodes[[2]int{i, n}]
				if ok != wok || (ok && got != want) {
					return fmt.Errorf("distance %s node %s/%d: got %v %v, want %v %v", corp, id, n, got, ok, want, wok)
				}
			}
			for p := -1; p <= len(t.Paths); p++ {
				got, ok := d.Path(id, p)
				want, wok := rd.paths[[2]int{i, p}]
				if ok != wok || (ok && got != want) {
					return fmt.Errorf("distance %s path %s/%d: got %v %v, want %v %v", corp, id, p, got, ok, want, wok)
				}
			}
		}
	}
	return nil
}

// ComputeDistancesForBench recomputes corp's Distances without the cache.
func ComputeDistancesForBench(b *Board, corp string) { b.computeDistances(corp) }

// ComputeGraphForBench recomputes corp's Graph without the cache.
func ComputeGraphForBench(b *Board, corp string) { b.computeGraph(corp) }

// CheckDirectedAgainstReference compares the memoised and a freshly
// computed Graph of corp on a Spec.DirectedWalk board with the reference
// walk in ref_directed_test.go.
func CheckDirectedAgainstReference(b *Board, corp string) error {
	want := b.refDirectedGraph(corp)
	for round, g := range []*Graph{b.Graph(corp), b.computeGraph(corp)} {
		for i := range b.hexes {
			if g.hex(i) != want.hex(i) {
				return fmt.Errorf("round %d: graph %s differs on %s: got %+v, want %+v", round, corp, b.s.ids[i], g.hex(i), want.hex(i))
			}
		}
		if g.kinds != want.kinds {
			return fmt.Errorf("round %d: graph %s node kinds %v, want %v", round, corp, g.kinds, want.kinds)
		}
	}
	return nil
}

// CheckWalkLines checks walkLines's verdict on every state of corp's
// directed walk against the reference line check of the state's walk, and
// returns the number of states and of those whose walk is not a line.
func CheckWalkLines(b *Board, corp string) (states, nonLines int, err error) {
	_, w := b.walkDirected(corp, nil)
	defer w.release()
	n := len(b.hexes)
	lines := [2][]uint64{make([]uint64, n), make([]uint64, n)}
	b.walkLines(w, lines)
	lc := &refLineCheck{b: b, sides: make([]int32, 6*n), nodes: make([]int32, 33*n)}
	for i, s := range w.states {
		var chain []walkState
		for k := int32(i); k >= 0; k = w.states[k].par {
			x := w.states[k]
			chain = append(chain, mkState(int(x.h), int(x.p), int(x.from)))
		}
		want := lc.isLine(chain)
		if got := lines[s.from][s.h]&(1<<s.p) != 0; got != want {
			return i, 0, fmt.Errorf("state %d (%s path %d from %d): line %v, want %v", i, b.s.ids[s.h], s.p, s.from, got, want)
		}
	}
	for _, s := range w.states {
		if lines[s.from][s.h]&(1<<s.p) == 0 {
			nonLines++
		}
	}
	return len(w.states), nonLines, nil
}

// CheckStopCounts compares StopCounts for corp (cities and towns counting
// one stop) with the reference in ref_directed_test.go.
func CheckStopCounts(b *Board, corp string) error {
	cost := func(t *TileDef, n int) int {
		if k := t.Nodes[n].Kind; k == City || k == Town {
			return 1
		}
		return 0
	}
	got, want := b.StopCounts(corp, cost), b.refStopCounts(corp, cost)
	gotNodes := map[[2]int]int{}
	for _, c := range got.nodes {
		if _, dup := gotNodes[[2]int{c.h, c.n}]; dup {
			return fmt.Errorf("stop counts of %s: %s/%d counted twice", corp, b.s.ids[c.h], c.n)
		}
		gotNodes[[2]int{c.h, c.n}] = c.d
	}
	if len(gotNodes) != len(want) {
		return fmt.Errorf("stop counts of %s: %d nodes, want %d", corp, len(gotNodes), len(want))
	}
	for k, v := range want {
		if g, ok := gotNodes[k]; !ok || g != v {
			return fmt.Errorf("stop count of %s at %s/%d: %d %v, want %d", corp, b.s.ids[k[0]], k[1], g, ok, v)
		}
	}
	return nil
}
