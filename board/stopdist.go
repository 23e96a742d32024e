package board

// StopCounts holds, for each node a corporation's trains can reach, the
// fewest counted stops a train passes on the way from one of its tokens,
// the token's own city included (18xx.games DistanceGraph with one node
// type): a train of n stops reaches the node when the count is below n.
type StopCounts struct {
	b     *Board
	nodes map[[2]int]int
}

// StopCounts computes stop counts for corp. cost says how much a node
// counts (0 for stops passed free, e.g. halts; a title may count only
// cities). Track is followed as trains run along it: a path is left by
// the end it was not entered at, a station by any line but the one the
// train came in on; cities blocking corp are reached but not passed.
func (b *Board) StopCounts(corp string, cost func(t *TileDef, node int) int) *StopCounts {
	type state struct{ h, n, via int } // a node reached along path via (-1: a token)
	sc := &StopCounts{b: b, nodes: map[[2]int]int{}}
	best := map[state]int{}
	var frontier []state
	push := func(s state, d int) {
		if old, ok := best[s]; ok && old <= d {
			return
		}
		best[s] = d
		if old, ok := sc.nodes[[2]int{s.h, s.n}]; !ok || d < old {
			sc.nodes[[2]int{s.h, s.n}] = d
		}
		frontier = append(frontier, s)
	}
	for i := range b.hexes {
		for n, slots := range b.hexes[i].tokens {
			for _, c := range slots {
				if c == corp && corp != "" {
					push(state{i, n, -1}, 0)
				}
			}
		}
	}
	done := map[state]bool{}
	for len(frontier) > 0 {
		bi := 0
		for k := range frontier {
			if best[frontier[k]] < best[frontier[bi]] {
				bi = k
			}
		}
		u := frontier[bi]
		frontier = append(frontier[:bi], frontier[bi+1:]...)
		if done[u] {
			continue
		}
		done[u] = true
		if u.via >= 0 && b.blocks(u.h, u.n, corp) {
			continue
		}
		t := b.hexes[u.h].tile
		du := best[u] + cost(t, u.n)
		for _, p := range t.Nodes[u.n].Paths {
			if p == u.via {
				continue
			}
			b.walkFrom(u.h, u.n, p, func(h, n, via int) { push(state{h, n, via}, du) })
		}
	}
	return sc
}

// walkFrom follows track from node n of hex h along path p until the next
// nodes, calling reach for each with the path that arrives there; each
// path is left by the end it was not entered at.
func (b *Board) walkFrom(h, n, p int, reach func(h, n, via int)) {
	type step struct{ h, p, from int }
	seen := map[step]bool{}
	var stack []step
	enter := func(h, p int, match func(End) bool) {
		pd := &b.hexes[h].tile.Paths[p]
		for d, e := range [2]End{pd.A, pd.B} {
			if match(e) {
				stack = append(stack, step{h, p, d})
			}
		}
	}
	enter(h, p, func(e End) bool { return e.Kind == EndNode && e.N == n })
	for len(stack) > 0 {
		st := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[st] {
			continue
		}
		seen[st] = true
		hs := &b.hexes[st.h]
		pd := &hs.tile.Paths[st.p]
		end := pd.B
		if st.from == 1 {
			end = pd.A
		}
		switch end.Kind {
		case EndEdge:
			e := RotateEdge(end.N, hs.rot)
			nh := int(b.s.neighbors[st.h][e])
			if nh < 0 {
				continue
			}
			inv := InvertEdge(e)
			nt := &b.hexes[nh]
			for _, q := range nt.tile.PathsAtEdge(inv, nt.rot) {
				enter(nh, q, func(x End) bool { return x.Kind == EndEdge && RotateEdge(x.N, nt.rot) == inv })
			}
		case EndJunction:
			for _, q := range hs.tile.junctionP {
				if q != st.p {
					enter(st.h, q, func(x End) bool { return x.Kind == EndJunction })
				}
			}
		case EndNode:
			if !pd.Terminal && !(st.h == h && end.N == n) {
				reach(st.h, end.N, st.p)
			}
		}
	}
}

// Node returns the stop count of a node and whether a train can reach it.
func (s *StopCounts) Node(r NodeRef) (int, bool) {
	i, ok := s.b.s.index[r.Hex]
	if !ok {
		return 0, false
	}
	v, ok := s.nodes[[2]int{i, r.Node}]
	return v, ok
}
