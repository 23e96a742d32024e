package board

import "math/bits"

// refDirectedGraph is the straightforward directed walk (Spec.DirectedWalk)
// the memoised Graph is checked against: parents in a map, every walk
// checked for a line from its end back to its base.
func (b *Board) refDirectedGraph(corp string) *Graph {
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
				e := RotateEdge(end.N, int(hs.rot))
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
				for _, q := range nt.tile.PathsAtEdge(inv, int(nt.rot)) {
					enter(nh, q, me, func(x End) bool { return x.Kind == EndEdge && RotateEdge(x.N, int(nt.rot)) == inv })
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
		b.refKeepLines(g, entered, parent)
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

// refKeepLines narrows a directed network to the track on lines from corp's
// bases (see LineToBase), as 18xx.games's walk, which never crosses a hex
// side twice in one walk, computes its connected paths, hexes and nodes:
// a path stays when the walk that first reached it is itself a line, or
// a search finds one; the sides open to track and the nodes reached are
// then those of the paths kept, plus every side of a hex holding one of
// corp's tokens, and the token cities. (A search that gives up keeps the
// path.)
func (b *Board) refKeepLines(g *Graph, entered [2][]uint64, parent map[walkState]walkState) {
	n := len(b.hexes)
	keep := make([]uint64, n)
	var chain []walkState
	lc := &refLineCheck{b: b, sides: make([]int32, 6*n), nodes: make([]int32, 33*n)}
	for h := 0; h < n; h++ {
		for m := g.hx[h].paths; m != 0; m &= m - 1 {
			p := bits.TrailingZeros64(m)
			ok := false
			for d := 0; d < 2 && !ok; d++ {
				if entered[d][h]&(1<<p) != 0 {
					chain = chain[:0]
					for st := mkState(h, p, d); st != noState; st = parent[st] {
						chain = append(chain, st)
					}
					ok = lc.isLine(chain)
				}
			}
			if !ok {
				found, complete := b.refLineToBase(g, g.Corp, h, p, LineBudget)
				ok = found || !complete
			}
			if ok {
				keep[h] |= 1 << p
			}
		}
	}
	hx := make([]graphHex, n)
	for i := range b.hexes {
		for nIdx, slots := range b.hexes[i].tokens {
			for _, c := range slots {
				if c != g.Corp {
					continue
				}
				for e := 0; e < 6; e++ {
					if b.s.neighbors[i][e] >= 0 {
						hx[i].edges |= 1 << e
					}
				}
				hx[i].ok = true
				hx[i].nodes |= 1 << nIdx
			}
		}
	}
	for h := 0; h < n; h++ {
		hs := &b.hexes[h]
		for m := keep[h]; m != 0; m &= m - 1 {
			p := bits.TrailingZeros64(m)
			hx[h].paths |= 1 << p
			pd := &hs.tile.Paths[p]
			for _, end := range [2]End{pd.A, pd.B} {
				switch end.Kind {
				case EndEdge:
					e := RotateEdge(end.N, int(hs.rot))
					hx[h].edges |= 1 << e
					hx[h].ok = true
					if nh := int(b.s.neighbors[h][e]); nh >= 0 {
						hx[nh].edges |= 1 << InvertEdge(e)
						hx[nh].ok = true
					}
				case EndNode:
					hx[h].nodes |= 1 << end.N
				}
			}
		}
	}
	g.hx = hx
}

// refLineCheck holds, per side and per node (32: the junction), the stamp of
// the last isLine call that passed it.
type refLineCheck struct {
	b            *Board
	stamp        int32
	sides, nodes []int32
}

// isLine reports whether a walk, given as its states from the last back to
// the first, is a line: it crosses no hex side twice (a path whose far
// side the walk has already crossed is closed to it) and passes no station
// or junction twice.
func (lc *refLineCheck) isLine(rev []walkState) bool {
	lc.stamp++
	b := lc.b
	for k := len(rev) - 1; k >= 0; k-- {
		h, p, from := rev[k].parts()
		hs := &b.hexes[h]
		pd := &hs.tile.Paths[p]
		in, out := pd.A, pd.B
		if from == 1 {
			in, out = pd.B, pd.A
		}
		switch in.Kind {
		case EndNode, EndJunction:
			x := 33*h + 32
			if in.Kind == EndNode {
				x = 33*h + in.N
			}
			if lc.nodes[x] == lc.stamp {
				return false
			}
			lc.nodes[x] = lc.stamp
		}
		if out.Kind == EndEdge {
			e := RotateEdge(out.N, int(hs.rot))
			x := 6*h + e
			if nh := int(b.s.neighbors[h][e]); nh >= 0 && nh < h {
				x = 6*nh + InvertEdge(e)
			}
			if lc.sides[x] == lc.stamp {
				return false
			}
			lc.sides[x] = lc.stamp
		}
	}
	return true
}

// walkState is a path of a hex entered at one of its ends (0 A, 1 B),
// packed as hex<<7 | path<<1 | end (a tile has at most 64 paths).
type walkState int32

func mkState(h, p, from int) walkState { return walkState(h<<7 | p<<1 | from) }

func (s walkState) parts() (h, p, from int) { return int(s >> 7), int(s>>1) & 63, int(s & 1) }

// noState is the parent of a state entered from a token's city.
const noState walkState = -1

// refLineToBase is the reference LineToBase for path p of hex index h, searching only over
// the paths of g, a network of corp that holds every line from its bases.
func (b *Board) refLineToBase(g *Graph, corp string, h, p, budget int) (found, complete bool) {
	id := b.s.ids[h]
	if !g.PathConnected(id, p) {
		return false, true
	}
	s := &refLineSearch{b: b, g: g, corp: corp, budget: budget,
		sides: make([]uint8, len(b.hexes)), nodes: map[[2]int]bool{}}
	pd := &b.hexes[h].tile.Paths[p]
	// The whole of p is on the line: its sides are taken whichever end
	// the line comes in by.
	s.take(h, pd.A, true)
	s.take(h, pd.B, true)
	for _, in := range [2]End{pd.A, pd.B} {
		if s.beyond(h, p, in) {
			return true, true
		}
		if s.budget < 0 {
			return false, false
		}
	}
	return false, true
}

type refLineSearch struct {
	b      *Board
	g      *Graph
	corp   string
	budget int
	// cost, when set, limits the line to fewer than limit counted stops
	// (StationWithinStops); count is what the line has counted so far.
	cost         func(t *TileDef, node int) int
	limit, count int
	// sides[h] has bit e set when side e of hex h is crossed by the line.
	sides []uint8
	// nodes are the stations (and junctions, node -1) the line visits.
	nodes map[[2]int]bool
}

// side returns the hex side of end e of a path on hex h, or -1.
func (s *refLineSearch) side(h int, e End) int {
	if e.Kind != EndEdge {
		return -1
	}
	return RotateEdge(e.N, int(s.b.hexes[h].rot))
}

// free reports whether end e of a path on hex h lies on no crossed side.
func (s *refLineSearch) free(h int, e End) bool {
	x := s.side(h, e)
	return x < 0 || s.sides[h]&(1<<x) == 0
}

// take marks (on) or clears the side of end e of a path on hex h, on both
// hexes that share it.
func (s *refLineSearch) take(h int, e End, on bool) {
	x := s.side(h, e)
	if x < 0 {
		return
	}
	set := func(h, x int) {
		if on {
			s.sides[h] |= 1 << x
		} else {
			s.sides[h] &^= 1 << x
		}
	}
	set(h, x)
	if nh := int(s.b.s.neighbors[h][x]); nh >= 0 {
		set(nh, InvertEdge(x))
	}
}

// beyond searches on from end e of path p of hex h, the line having come
// (backwards from the new track) along p towards e.
func (s *refLineSearch) beyond(h, p int, e End) bool {
	s.budget--
	if s.budget < 0 {
		return false
	}
	hs := &s.b.hexes[h]
	switch e.Kind {
	case EndEdge:
		x := s.side(h, e)
		nh := int(s.b.s.neighbors[h][x])
		if nh < 0 {
			return false
		}
		inv := InvertEdge(x)
		nt := &s.b.hexes[nh]
		id := s.b.s.ids[nh]
		for _, q := range nt.tile.PathsAtEdge(inv, int(nt.rot)) {
			if !s.g.PathConnected(id, q) {
				continue
			}
			qd := &nt.tile.Paths[q]
			in := qd.A
			if s.side(nh, qd.A) != inv {
				in = qd.B
			}
			if s.step(nh, q, other(qd, in)) {
				return true
			}
		}
	case EndNode:
		var here int
		if s.cost != nil {
			here = s.cost(hs.tile, e.N)
		}
		for _, c := range nodeTokens(hs, e.N) {
			if c == s.corp {
				return s.cost == nil || s.count+here < s.limit
			}
		}
		pd := &hs.tile.Paths[p]
		k := [2]int{h, e.N}
		if pd.Terminal || s.b.blocks(h, e.N, s.corp) || s.nodes[k] {
			return false
		}
		if s.cost != nil {
			if s.count+here >= s.limit {
				return false
			}
			s.count += here
			defer func() { s.count -= here }()
		}
		s.nodes[k] = true
		defer delete(s.nodes, k)
		id := s.b.s.ids[h]
		for _, q := range hs.tile.Nodes[e.N].Paths {
			if q == p || !s.g.PathConnected(id, q) {
				continue
			}
			qd := &hs.tile.Paths[q]
			in := End{Kind: EndNode, N: e.N}
			if s.step(h, q, other(qd, in)) {
				return true
			}
		}
	case EndJunction:
		k := [2]int{h, -1}
		if s.nodes[k] {
			return false
		}
		s.nodes[k] = true
		defer delete(s.nodes, k)
		id := s.b.s.ids[h]
		for _, q := range hs.tile.junctionP {
			if q == p || !s.g.PathConnected(id, q) {
				continue
			}
			qd := &hs.tile.Paths[q]
			if s.step(h, q, other(qd, End{Kind: EndJunction})) {
				return true
			}
		}
	}
	return false
}

// step takes path q of hex h onto the line, to leave it by end out, unless
// out lies on a side already crossed.
func (s *refLineSearch) step(h, q int, out End) bool {
	if !s.free(h, out) {
		return false
	}
	s.take(h, out, true)
	ok := s.beyond(h, q, out)
	s.take(h, out, false)
	return ok
}

// refStopCounts is the reference StopCounts: it computes stop counts for corp. cost says how much a node
// counts (0 for stops passed free, e.g. halts; a title may count only
// cities). Track is followed as trains run along it: a path is left by
// the end it was not entered at, a station by any line but the one the
// train came in on; cities blocking corp are reached but not passed.
func (b *Board) refStopCounts(corp string, cost func(t *TileDef, node int) int) map[[2]int]int {
	type state struct{ h, n, via int } // a node reached along path via (-1: a token)
	sc := struct{ nodes map[[2]int]int }{nodes: map[[2]int]int{}}
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
			b.refWalkFrom(u.h, u.n, p, func(h, n, via int) { push(state{h, n, via}, du) })
		}
	}
	return sc.nodes
}

// refWalkFrom follows track from node n of hex h along path p until the next
// nodes, calling reach for each with the path that arrives there; each
// path is left by the end it was not entered at.
func (b *Board) refWalkFrom(h, n, p int, reach func(h, n, via int)) {
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
			e := RotateEdge(end.N, int(hs.rot))
			nh := int(b.s.neighbors[st.h][e])
			if nh < 0 {
				continue
			}
			inv := InvertEdge(e)
			nt := &b.hexes[nh]
			for _, q := range nt.tile.PathsAtEdge(inv, int(nt.rot)) {
				enter(nh, q, func(x End) bool { return x.Kind == EndEdge && RotateEdge(x.N, int(nt.rot)) == inv })
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
