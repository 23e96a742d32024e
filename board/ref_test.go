package board

// Reference implementations of Graph and Distances as they were before the
// dense, cached rewrite (straightforward maps, recomputed on every call).
// The equivalence tests compare the optimised code against them.

type refDist struct {
	nodes map[[2]int]Dist
	paths map[[2]int]Dist
}

func (b *Board) refDistances(corp string) refDist {
	d := refDist{nodes: map[[2]int]Dist{}, paths: map[[2]int]Dist{}}
	var starts [][2]int
	for i := range b.hexes {
		for n, slots := range b.hexes[i].tokens {
			for _, c := range slots {
				if c == corp && corp != "" {
					starts = append(starts, [2]int{i, n})
				}
			}
		}
	}
	city := b.refDistanceDim(corp, starts, func(k NodeKind) int {
		if k == City {
			return 1
		}
		return 0
	})
	town := b.refDistanceDim(corp, starts, func(k NodeKind) int {
		if k == Town {
			return 1
		}
		return 0
	})
	for k, v := range city.nodes {
		d.nodes[k] = Dist{City: v, Town: town.nodes[k]}
	}
	for k, v := range city.paths {
		d.paths[k] = Dist{City: v, Town: town.paths[k]}
	}
	return d
}

type refDimResult struct {
	nodes map[[2]int]int
	paths map[[2]int]int
}

func (b *Board) refSegment(i, n int) (paths [][2]int, nodes [][2]int) {
	seen := map[[2]int]bool{}
	var stack [][2]int
	t := b.hexes[i].tile
	for _, p := range t.Nodes[n].Paths {
		stack = append(stack, [2]int{i, p})
	}
	for len(stack) > 0 {
		pr := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pr] {
			continue
		}
		seen[pr] = true
		paths = append(paths, pr)
		hs := &b.hexes[pr[0]]
		pd := &hs.tile.Paths[pr[1]]
		for _, end := range [2]End{pd.A, pd.B} {
			switch end.Kind {
			case EndEdge:
				e := RotateEdge(end.N, int(hs.rot))
				nh := int(b.s.neighbors[pr[0]][e])
				if nh < 0 {
					continue
				}
				nt := &b.hexes[nh]
				for _, q := range nt.tile.PathsAtEdge(InvertEdge(e), int(nt.rot)) {
					stack = append(stack, [2]int{nh, q})
				}
			case EndJunction:
				for _, q := range hs.tile.junctionP {
					stack = append(stack, [2]int{pr[0], q})
				}
			case EndNode:
				if pr[0] == i && end.N == n {
					continue
				}
				if !pd.Terminal {
					nodes = append(nodes, [2]int{pr[0], end.N})
				}
			}
		}
	}
	return paths, nodes
}

func (b *Board) refDistanceDim(corp string, starts [][2]int, cost func(NodeKind) int) refDimResult {
	r := refDimResult{nodes: map[[2]int]int{}, paths: map[[2]int]int{}}
	var dq [][2]int
	for _, s := range starts {
		if _, ok := r.nodes[s]; !ok {
			r.nodes[s] = 0
			dq = append(dq, s)
		}
	}
	done := map[[2]int]bool{}
	for len(dq) > 0 {
		bi := 0
		for k := range dq {
			if r.nodes[dq[k]] < r.nodes[dq[bi]] {
				bi = k
			}
		}
		u := dq[bi]
		dq = append(dq[:bi], dq[bi+1:]...)
		if done[u] {
			continue
		}
		done[u] = true
		if b.refBlocks(u[0], u[1], corp) {
			continue
		}
		du := r.nodes[u] + cost(b.hexes[u[0]].tile.Nodes[u[1]].Kind)
		ps, ns := b.refSegment(u[0], u[1])
		for _, p := range ps {
			if old, ok := r.paths[p]; !ok || du < old {
				r.paths[p] = du
			}
		}
		for _, v := range ns {
			if old, ok := r.nodes[v]; !ok || du < old {
				r.nodes[v] = du
				dq = append(dq, v)
				delete(done, v)
			}
		}
	}
	return r
}

type refGraphT struct {
	edges []uint8
	hexOK []bool
	nodes []uint32
	paths []uint64
}

func (b *Board) refGraph(corp string) refGraphT {
	n := len(b.hexes)
	g := refGraphT{edges: make([]uint8, n), hexOK: make([]bool, n), nodes: make([]uint32, n), paths: make([]uint64, n)}
	type nref struct{ h, n int }
	var queue []nref
	for i := range b.hexes {
		for nIdx, slots := range b.hexes[i].tokens {
			for _, c := range slots {
				if c == corp && corp != "" {
					for e := 0; e < 6; e++ {
						if b.s.neighbors[i][e] >= 0 {
							g.edges[i] |= 1 << e
						}
					}
					g.hexOK[i] = true
					if g.nodes[i]&(1<<nIdx) == 0 {
						g.nodes[i] |= 1 << nIdx
						queue = append(queue, nref{i, nIdx})
					}
				}
			}
		}
	}
	var stack []pathRef
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		t := b.hexes[cur.h].tile
		for _, p := range t.Nodes[cur.n].Paths {
			stack = append(stack, pathRef{cur.h, p})
		}
		for len(stack) > 0 {
			pr := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if g.paths[pr.h]&(1<<pr.p) != 0 {
				continue
			}
			g.paths[pr.h] |= 1 << pr.p
			hs := &b.hexes[pr.h]
			pd := &hs.tile.Paths[pr.p]
			for _, end := range [2]End{pd.A, pd.B} {
				switch end.Kind {
				case EndEdge:
					e := RotateEdge(end.N, int(hs.rot))
					g.edges[pr.h] |= 1 << e
					g.hexOK[pr.h] = true
					nh := int(b.s.neighbors[pr.h][e])
					if nh < 0 {
						continue
					}
					inv := InvertEdge(e)
					g.edges[nh] |= 1 << inv
					g.hexOK[nh] = true
					nt := &b.hexes[nh]
					for _, q := range nt.tile.PathsAtEdge(inv, int(nt.rot)) {
						if g.paths[nh]&(1<<q) == 0 {
							stack = append(stack, pathRef{nh, q})
						}
					}
				case EndJunction:
					for _, q := range hs.tile.junctionP {
						if g.paths[pr.h]&(1<<q) == 0 {
							stack = append(stack, pathRef{pr.h, q})
						}
					}
				case EndNode:
					bit := uint32(1) << end.N
					if g.nodes[pr.h]&bit != 0 {
						continue
					}
					g.nodes[pr.h] |= bit
					if pd.Terminal || b.refBlocks(pr.h, end.N, corp) {
						continue
					}
					queue = append(queue, nref{pr.h, end.N})
				}
			}
		}
	}
	return g
}

// refTokensOf returns the token slots of hex i, creating empty slot lists
// lazily (read-only callers get a fresh view).
func (b *Board) refTokensOf(i int) [][]string {
	h := &b.hexes[i]
	if h.tokens != nil {
		return h.tokens
	}
	return emptyTokens(h.tile)
}

// refBlocks is blocks as it was (through refTokensOf).
func (b *Board) refBlocks(i, n int, corp string) bool {
	nd := &b.hexes[i].tile.Nodes[n]
	switch nd.Kind {
	case Offboard:
		return true
	case City:
	default:
		return false
	}
	if corp == "" {
		return false
	}
	slots := b.refTokensOf(i)[n]
	for _, c := range slots {
		if c == "" || c == corp || b.isNonBlocking(c) {
			return false
		}
	}
	return true
}
