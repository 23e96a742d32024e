package board

import (
	"slices"
	"sync"
)

// StopCounts holds, for each node a corporation's trains can reach, the
// fewest counted stops a train passes on the way from one of its tokens,
// the token's own city included (18xx.games DistanceGraph with one node
// type): a train of n stops reaches the node when the count is below n.
type StopCounts struct {
	b     *Board
	nodes []nodeCount
}

// nodeCount is the stop count d of node n of hex h.
type nodeCount struct{ h, n, d int }

// StopCounts computes stop counts for corp. cost says how much a node
// counts (0 for stops passed free, e.g. halts; a title may count only
// cities). Track is followed as trains run along it: a path is left by
// the end it was not entered at, a station by any line but the one the
// train came in on; cities blocking corp are reached but not passed.
func (b *Board) StopCounts(corp string, cost func(t *TileDef, node int) int) *StopCounts {
	sc := &StopCounts{b: b, nodes: make([]nodeCount, 0, 16)}
	// st are the states (a node reached along path via, -1 from a token)
	// with their best count, each once (a network has few: they are
	// searched linearly, as the lowest open one is).
	sw := stopWorks.Get().(*stopWork)
	defer stopWorks.Put(sw)
	st := sw.st[:0]
	defer func() { sw.st = st[:0] }()
	push := func(h, n, via, d int) {
		i := slices.IndexFunc(st, func(e stopEntry) bool { return e.h == h && e.n == n && e.via == via })
		if i >= 0 {
			if st[i].d <= d {
				return
			}
			st[i].d, st[i].done = d, false
		} else {
			st = append(st, stopEntry{h: h, n: n, via: via, d: d})
		}
		if j := slices.IndexFunc(sc.nodes, func(c nodeCount) bool { return c.h == h && c.n == n }); j < 0 {
			sc.nodes = append(sc.nodes, nodeCount{h, n, d})
		} else if d < sc.nodes[j].d {
			sc.nodes[j].d = d
		}
	}
	for i := range b.hexes {
		for n, slots := range b.hexes[i].tokens {
			for _, c := range slots {
				if c == corp && corp != "" {
					push(i, n, -1, 0)
				}
			}
		}
	}
	w := &sw.walk
	for {
		// the open state with the lowest count (the first of equals)
		bi := -1
		for k := range st {
			if !st[k].done && (bi < 0 || st[k].d < st[bi].d) {
				bi = k
			}
		}
		if bi < 0 {
			break
		}
		st[bi].done = true
		u := st[bi]
		if u.via >= 0 && b.blocks(u.h, u.n, corp) {
			continue
		}
		t := b.hexes[u.h].tile
		du := u.d + cost(t, u.n)
		for _, p := range t.Nodes[u.n].Paths {
			if p == u.via {
				continue
			}
			for _, r := range b.walkNodes(w, u.h, u.n, p) {
				push(r.h, r.n, r.via, du)
			}
		}
	}
	return sc
}

// stopEntry is a StopCounts state: node n of hex h reached along path
// via (-1 from a token) with d counted stops; done once expanded.
type stopEntry struct {
	h, n, via int
	d         int
	done      bool
}

// stopWork is StopCounts's working storage (pooled).
type stopWork struct {
	st   []stopEntry
	walk nodeWalk
}

var stopWorks = sync.Pool{New: func() any { return new(stopWork) }}

// nodeWalk is walkNodes's working storage, reused between calls.
type nodeWalk struct {
	seen, stack []walkEnd
	out         []nodeReach
}

// walkEnd is path p of hex h entered at end from (0 A, 1 B).
type walkEnd struct{ h, p, from int }

// nodeReach is node n of hex h reached along path via.
type nodeReach struct{ h, n, via int }

// walkNodes follows track from node n of hex h along path p until the
// next nodes and returns them, each with the path that arrives there
// (the list is w's, valid until its next use); each path is left by the
// end it was not entered at.
func (b *Board) walkNodes(w *nodeWalk, h, n, p int) []nodeReach {
	w.seen, w.stack, w.out = w.seen[:0], w.stack[:0], w.out[:0]
	pd := &b.hexes[h].tile.Paths[p]
	for d, e := range [2]End{pd.A, pd.B} {
		if e.Kind == EndNode && e.N == n {
			w.stack = append(w.stack, walkEnd{h, p, d})
		}
	}
	for len(w.stack) > 0 {
		st := w.stack[len(w.stack)-1]
		w.stack = w.stack[:len(w.stack)-1]
		if slices.Contains(w.seen, st) {
			continue
		}
		w.seen = append(w.seen, st)
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
				qd := &nt.tile.Paths[q]
				for d, x := range [2]End{qd.A, qd.B} {
					if x.Kind == EndEdge && RotateEdge(x.N, int(nt.rot)) == inv {
						w.stack = append(w.stack, walkEnd{nh, q, d})
					}
				}
			}
		case EndJunction:
			for _, q := range hs.tile.junctionP {
				if q == st.p {
					continue
				}
				qd := &hs.tile.Paths[q]
				for d, x := range [2]End{qd.A, qd.B} {
					if x.Kind == EndJunction {
						w.stack = append(w.stack, walkEnd{st.h, q, d})
					}
				}
			}
		case EndNode:
			if !pd.Terminal && !(st.h == h && end.N == n) {
				w.out = append(w.out, nodeReach{st.h, end.N, st.p})
			}
		}
	}
	return w.out
}

// Node returns the stop count of a node and whether a train can reach it.
func (s *StopCounts) Node(r NodeRef) (int, bool) {
	i, ok := s.b.s.lookup(r.Hex)
	if !ok {
		return 0, false
	}
	for _, c := range s.nodes {
		if c.h == i && c.n == r.Node {
			return c.d, true
		}
	}
	return 0, false
}
