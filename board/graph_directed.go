package board

// directedGraph is Graph for boards built with Spec.DirectedWalk: track is
// followed the way a train runs along it (18xx.games Path#walk), so a path
// entered across one of its ends is only left by its other end. Two paths
// of a tile meeting at the same hex side are not joined there: a train
// that arrives over that side cannot turn back onto the other path
// without reversing (rule 4.5.3 of 1825: no reversing over junctions or
// changing lines). Likewise a train leaves a station by any line but the
// one it came in on. Graph's plain flood fill joins every path touching a
// reached side or node, which reaches cities only a reversal would.
func (b *Board) directedGraph(corp string) *Graph {
	n := len(b.hexes)
	g := &Graph{b: b, Corp: corp, hx: make([]graphHex, n)}
	// entered[d][h]: path bits of hex h entered at end A (d=0) or B (d=1).
	var entered [2][]uint64
	entered[0], entered[1] = make([]uint64, n), make([]uint64, n)
	// nref is a node to leave by every path but via (-1: every path);
	// par is the state that arrived there (noState for a token).
	type nref struct {
		h, n, via int
		par       walkState
	}
	type step struct {
		h, p, from int // from: the end entered (0 A, 1 B)
		par        walkState
	}
	// parent[s] is the state a state was first entered from: the walk to
	// each state, kept to tell lines from walks that cross a side twice.
	parent := map[walkState]walkState{}
	var queue []nref
	// left[node] are the paths a node has been left by.
	left := map[[2]int]uint64{}
	for i := range b.hexes {
		for nIdx, slots := range b.hexes[i].tokens {
			for _, c := range slots {
				if c == corp && corp != "" {
					for e := 0; e < 6; e++ {
						if b.s.neighbors[i][e] >= 0 {
							g.hx[i].edges |= 1 << e
						}
					}
					g.hx[i].ok = true
					if g.hx[i].nodes&(1<<nIdx) == 0 {
						g.hx[i].nodes |= 1 << nIdx
						queue = append(queue, nref{i, nIdx, -1, noState})
					}
				}
			}
		}
	}
	var stack []step
	// enter pushes path p of hex h entered at its end matching match.
	enter := func(h, p int, par walkState, match func(End) bool) {
		pd := &b.hexes[h].tile.Paths[p]
		for d, e := range [2]End{pd.A, pd.B} {
			if match(e) && entered[d][h]&(1<<p) == 0 {
				stack = append(stack, step{h, p, d, par})
			}
		}
	}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		t := b.hexes[cur.h].tile
		k := [2]int{cur.h, cur.n}
		for _, p := range t.Nodes[cur.n].Paths {
			if p == cur.via || left[k]&(1<<p) != 0 {
				continue
			}
			left[k] |= 1 << p
			enter(cur.h, p, cur.par, func(e End) bool { return e.Kind == EndNode && e.N == cur.n })
		}
		for len(stack) > 0 {
			st := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if entered[st.from][st.h]&(1<<st.p) != 0 {
				continue
			}
			entered[st.from][st.h] |= 1 << st.p
			me := mkState(st.h, st.p, st.from)
			parent[me] = st.par
			g.hx[st.h].paths |= 1 << st.p
			hs := &b.hexes[st.h]
			pd := &hs.tile.Paths[st.p]
			end := pd.B
			if st.from == 1 {
				end = pd.A
			}
			switch end.Kind {
			case EndEdge:
				e := RotateEdge(end.N, hs.rot)
				g.hx[st.h].edges |= 1 << e
				g.hx[st.h].ok = true
				nh := int(b.s.neighbors[st.h][e])
				if nh < 0 {
					continue
				}
				inv := InvertEdge(e)
				g.hx[nh].edges |= 1 << inv
				g.hx[nh].ok = true
				nt := &b.hexes[nh]
				for _, q := range nt.tile.PathsAtEdge(inv, nt.rot) {
					enter(nh, q, me, func(x End) bool { return x.Kind == EndEdge && RotateEdge(x.N, nt.rot) == inv })
				}
			case EndJunction:
				for _, q := range hs.tile.junctionP {
					if q != st.p {
						enter(st.h, q, me, func(x End) bool { return x.Kind == EndJunction })
					}
				}
			case EndNode:
				g.hx[st.h].nodes |= uint32(1) << end.N
				if pd.Terminal || b.blocks(st.h, end.N, corp) {
					continue
				}
				queue = append(queue, nref{st.h, end.N, st.p, me})
			}
		}
	}
	if corp != "" {
		b.keepLines(g, entered, parent)
	}
	for i := range g.hx {
		for nIdx := range b.hexes[i].tile.Nodes {
			if g.hx[i].nodes&(1<<nIdx) != 0 {
				g.kinds[b.hexes[i].tile.Nodes[nIdx].Kind]++
			}
		}
	}
	return g
}
