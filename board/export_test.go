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
			x := g.hx[i]
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

// ComputeNetworkForBench recomputes (without the cache) corp's Graph and
// Distances.
func ComputeNetworkForBench(b *Board, corp string) {
	b.computeGraph(corp)
	b.computeDistances(corp)
}

// ComputeDistancesForBench recomputes corp's Distances without the cache.
func ComputeDistancesForBench(b *Board, corp string) { b.computeDistances(corp) }

// ComputeGraphForBench recomputes corp's Graph without the cache.
func ComputeGraphForBench(b *Board, corp string) { b.computeGraph(corp) }
