package board

import "math/bits"

// ReachesNode reports whether corp's network (Graph(corp)) holds a node
// for which want is true; want gets the node and its kind. On boards
// with a directed walk it answers without building the network when it
// can: a path the walk reaches along a line from a token city is always
// part of the network (keepLines keeps it), so the walk stops at the
// first wanted node such a path ends at. Otherwise it asks Graph.
func (b *Board) ReachesNode(corp string, want func(r NodeRef, k NodeKind) bool) bool {
	if !b.s.directed && !b.graphCached(corp) {
		// the flood fill offers every node of the network once: it
		// answers alone, stopping at the first node wanted
		return b.fillStopped(corp, &fillStop{node: func(h, n int) bool {
			return want(NodeRef{Hex: b.s.ids[h], Node: n}, b.hexes[h].tile.Nodes[n].Kind)
		}})
	}
	if corp != "" && b.s.directed && !b.graphCached(corp) && b.lineReaches(corp, want) {
		return true
	}
	g := b.Graph(corp)
	for i := range b.s.ids {
		for m := g.hex(i).nodes; m != 0; m &= m - 1 {
			n := bits.TrailingZeros32(m)
			if want(NodeRef{Hex: b.s.ids[i], Node: n}, b.hexes[i].tile.Nodes[n].Kind) {
				return true
			}
		}
	}
	return false
}

// NodesAtLeast reports whether corp's network (Graph(corp)) holds at
// least n nodes of the kinds counted; on an undirected board without the
// network memoised, by a flood fill that stops at the n-th.
func (b *Board) NodesAtLeast(corp string, n int, counted func(NodeKind) bool) bool {
	if !b.s.directed && !b.graphCached(corp) {
		k := 0
		return b.fillStopped(corp, &fillStop{node: func(h, nd int) bool {
			if counted(b.hexes[h].tile.Nodes[nd].Kind) {
				k++
			}
			return k >= n
		}})
	}
	g := b.Graph(corp)
	k := 0
	for kind, c := range g.kinds {
		if counted(NodeKind(kind)) {
			k += c
		}
	}
	return k >= n
}

// fillStopped runs fill for corp's undirected network with stop, without
// keeping the network, and reports whether stop ended it.
func (b *Board) fillStopped(corp string, stop *fillStop) bool {
	dense := denseHexes(len(b.hexes))
	g := Graph{b: b, Corp: corp, hx: dense.hx}
	stopped := b.fill(&g, dense, stop)
	clear(dense.hx)
	graphScratch.Put(dense)
	return stopped
}

// graphCached reports whether Graph(corp) is memoised.
func (b *Board) graphCached(corp string) bool {
	if b.cache == nil {
		return false
	}
	for _, g := range b.cache.graphs {
		if g.Corp == corp {
			return true
		}
	}
	return false
}

// lineReaches reports whether one of corp's token cities, or a node
// corp's directed walk reaches along a line (see walkLines) from one,
// is wanted. Every node it offers want is in Graph(corp); a false
// answer says nothing.
func (b *Board) lineReaches(corp string, want func(r NodeRef, k NodeKind) bool) bool {
	for i := range b.hexes {
		for n, slots := range b.hexes[i].tokens {
			for _, c := range slots {
				if c == corp && want(NodeRef{Hex: b.s.ids[i], Node: n}, b.hexes[i].tile.Nodes[n].Kind) {
					return true
				}
			}
		}
	}
	found := false
	_, w := b.walkDirected(corp, func(w *directedWalk, i int32) bool {
		s := w.states[i]
		hs := &b.hexes[s.h]
		pd := &hs.tile.Paths[s.p]
		end := pd.B
		if s.from == 1 {
			end = pd.A
		}
		if end.Kind != EndNode || !want(NodeRef{Hex: b.s.ids[s.h], Node: end.N}, hs.tile.Nodes[end.N].Kind) {
			return false
		}
		found, w.marks = b.isLine(w.states, i, w.marks[:0])
		return found
	})
	w.release()
	return found
}

// isLine reports whether the walk to state i (its chain of parents up to
// a token city) is a line, as walkLines decides: no state of it enters
// by a station or junction, or leaves across a side, that an earlier
// state of it marked. marks is scratch storage, returned for reuse.
func (b *Board) isLine(states []walkStep, i int32, marks []lineMark) (bool, []lineMark) {
	for k := i; k >= 0; k = states[k].par {
		marks = append(marks, b.stateMark(states[k]))
	}
	for x := range marks {
		for y := x + 1; y < len(marks); y++ {
			mx, my := marks[x], marks[y]
			if (mx.nh >= 0 && mx.nh == my.nh && mx.nb&my.nb != 0) || (mx.sh >= 0 && mx.sh == my.sh && mx.sb&my.sb != 0) {
				return false, marks
			}
		}
	}
	return true, marks
}

// stateMark is the station or junction a walk state enters by and the
// side it leaves across, as walkLines marks them.
func (b *Board) stateMark(s walkStep) lineMark {
	h := int(s.h)
	hs := &b.hexes[h]
	pd := &hs.tile.Paths[s.p]
	in, out := pd.A, pd.B
	if s.from == 1 {
		in, out = pd.B, pd.A
	}
	m := lineMark{sh: -1, nh: -1}
	switch in.Kind {
	case EndNode:
		m.nh, m.nb = int32(h), 1<<in.N
	case EndJunction:
		m.nh, m.nb = int32(h), 1<<32
	}
	if out.Kind == EndEdge {
		e := RotateEdge(out.N, int(hs.rot))
		m.sh, m.sb = int32(h), 1<<e
		if nh := int(b.s.neighbors[h][e]); nh >= 0 && nh < h {
			m.sh, m.sb = int32(nh), 1<<InvertEdge(e)
		}
	}
	return m
}

// lineConnects reports whether corp's network (Graph(corp)) is open at
// one of the sides in exits of hex i, found without building the network:
// on an undirected board by a flood fill that stops there; on a directed
// one, hex i holds one of corp's token cities (every side of it is
// open), or a path with an end at one of those sides (on hex i, or on
// the neighbour across it) is entered by a walk from a token city that
// is a line (see walkLines), which keepLines keeps. A false answer says
// nothing.
func (b *Board) lineConnects(corp string, i int, exits uint8) bool {
	if !b.s.directed {
		// every side the flood fill opens is open in the network
		return b.fillStopped(corp, &fillStop{side: func(h, e int) bool {
			return h == i && exits&(1<<e) != 0
		}})
	}
	for _, slots := range b.hexes[i].tokens {
		for _, c := range slots {
			if c == corp && exits&b.s.sides[i] != 0 {
				return true
			}
		}
	}
	found := false
	_, w := b.walkDirected(corp, func(w *directedWalk, k int32) bool {
		s := w.states[k]
		hs := &b.hexes[s.h]
		pd := &hs.tile.Paths[s.p]
		at := false
		for _, end := range [2]End{pd.A, pd.B} {
			if end.Kind != EndEdge {
				continue
			}
			e := RotateEdge(end.N, int(hs.rot))
			if int(s.h) == i && exits&(1<<e) != 0 {
				at = true
			} else if nh := int(b.s.neighbors[s.h][e]); nh == i && exits&(1<<InvertEdge(e)) != 0 {
				at = true
			}
		}
		if !at {
			return false
		}
		found, w.marks = b.isLine(w.states, k, w.marks[:0])
		return found
	})
	w.release()
	return found
}
