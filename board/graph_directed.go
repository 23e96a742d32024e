package board

import (
	"math/bits"
	"sync"
)

// directedGraph is Graph for boards built with Spec.DirectedWalk: track is
// followed the way a train runs along it (18xx.games Path#walk), so a path
// entered across one of its ends is only left by its other end. Two paths
// of a tile meeting at the same hex side are not joined there: a train
// that arrives over that side cannot turn back onto the other path
// without reversing (rule 4.5.3 of 1825: no reversing over junctions or
// changing lines). Likewise a train leaves a station by any line but the
// one it came in on. Graph's plain flood fill joins every path touching a
// reached side or node, which reaches cities only a reversal would.
//
// The walk records, for every path end it enters, the state it came from:
// the states form a tree rooted at corp's token cities, each branch the
// walk that first reached a state, which keepLines then checks for lines.
func (b *Board) directedGraph(corp string) *Graph {
	gw, w := b.walkDirected(corp, nil)
	if corp != "" {
		b.keepLines(gw, w)
	}
	g := new(Graph) // the walk's graph lives in the pooled walk: keep a copy
	*g = *gw
	w.g = Graph{}
	dense := w.dense
	w.dense = nil
	w.release()
	for i := range g.hx {
		for m := g.hx[i].nodes; m != 0; m &= m - 1 {
			g.kinds[b.hexes[i].tile.Nodes[bits.TrailingZeros32(m)].Kind]++
		}
	}
	g.compact(dense)
	return g
}

// walkDirected walks corp's network without reversing and returns it
// (without node counts; held by the walk, valid until its release) with
// the walk's states. If stop is not nil, it is called with each state
// once entered, and the walk ends there (incomplete) when it returns
// true.
func (b *Board) walkDirected(corp string, stop func(w *directedWalk, state int32) bool) (*Graph, *directedWalk) {
	n := len(b.hexes)
	w := newDirectedWalk(n)
	w.dense = denseHexes(n)
	w.g = Graph{b: b, Corp: corp, hx: w.dense.hx}
	g := &w.g
	// entered[d][h]: path bits of hex h entered at end A (d=0) or B (d=1);
	// left[d][h]: paths of hex h whose end d is a station the walk has
	// left by them.
	entered := [2][]uint64{w.bits[0:n:n], w.bits[n : 2*n : 2*n]}
	left := [2][]uint64{w.bits[2*n : 3*n : 3*n], w.bits[3*n : 4*n : 4*n]}
	queue := w.queue[:0]
	for i := range b.hexes {
		for nIdx, slots := range b.hexes[i].tokens {
			for _, c := range slots {
				if c == corp && corp != "" {
					g.hx[i].edges |= b.s.sides[i]
					g.hx[i].ok = true
					if g.hx[i].nodes&(1<<nIdx) == 0 {
						g.hx[i].nodes |= 1 << nIdx
						queue = append(queue, nref{i, nIdx, -1, -1})
					}
				}
			}
		}
	}
	w.tokens = len(queue)
	stack := w.stack[:0]
	for qi := 0; qi < len(queue); qi++ {
		cur := queue[qi]
		t := b.hexes[cur.h].tile
		at := End{Kind: EndNode, N: cur.n}
		for _, p := range t.Nodes[cur.n].Paths {
			if p == cur.via {
				continue
			}
			pd := &t.Paths[p]
			bit := uint64(1) << p
			fresh := false
			for d, e := range [2]End{pd.A, pd.B} {
				if e == at && left[d][cur.h]&bit == 0 {
					left[d][cur.h] |= bit
					fresh = true
				}
			}
			if !fresh {
				continue
			}
			for d, e := range [2]End{pd.A, pd.B} {
				if e == at && entered[d][cur.h]&bit == 0 {
					stack = append(stack, step{cur.h, p, d, cur.par})
				}
			}
		}
		for len(stack) > 0 {
			st := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if entered[st.from][st.h]&(1<<st.p) != 0 {
				continue
			}
			entered[st.from][st.h] |= 1 << st.p
			me := int32(len(w.states))
			w.states = append(w.states, walkStep{h: int32(st.h), p: int8(st.p), from: int8(st.from), par: st.par})
			if stop != nil && stop(w, me) {
				w.queue, w.stack = queue, stack
				return g, w
			}
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
					qd := &nt.tile.Paths[q]
					for d, x := range [2]End{qd.A, qd.B} {
						if x.Kind == EndEdge && RotateEdge(x.N, int(nt.rot)) == inv && entered[d][nh]&(1<<q) == 0 {
							stack = append(stack, step{nh, q, d, me})
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
						if x.Kind == EndJunction && entered[d][st.h]&(1<<q) == 0 {
							stack = append(stack, step{st.h, q, d, me})
						}
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
	w.queue, w.stack = queue, stack
	return g, w
}

// directedWalk is the working storage of one directedGraph call, kept in
// a pool between calls (a Board's clones may compute graphs concurrently).
type directedWalk struct {
	// bits holds the per-hex bitmasks: entered, left, lines (two each),
	// keep, and walkLines's station marks.
	bits []uint64
	// sides are walkLines's side marks (all zero between calls).
	sides []uint8
	// states are the path ends the walk entered, in the order entered;
	// each names the state it came from (par, -1 from a token city), so
	// a state's parent always comes before it.
	states []walkStep
	queue  []nref
	// tokens is how many of queue's first entries are corp's token
	// cities (walkDirected's starts).
	tokens int
	stack  []step
	links  []int32
	path   []lineFrame
	// marks is isLine's scratch storage.
	marks []lineMark
	// dense is the storage the graph is built in (see compact).
	dense *graphHexes
	// g is the graph walkDirected builds (copied by directedGraph, which
	// keeps it).
	g Graph
	// search is keepLines's line search (its storage reused; it refers to
	// no board between calls).
	search *lineSearch
}

// nref is a node for the walk to leave by every path but via (-1: every
// path); par is the state that arrived there (-1 for a token).
type nref struct {
	h, n, via int
	par       int32
}

// step is path p of hex h to enter at end from (0 A, 1 B), from state par.
type step struct {
	h, p, from int
	par        int32
}

var directedWalks = sync.Pool{New: func() any { return new(directedWalk) }}

// newDirectedWalk returns cleared working storage for a board of n hexes.
func newDirectedWalk(n int) *directedWalk {
	w := directedWalks.Get().(*directedWalk)
	switch {
	case cap(w.bits) < 8*n:
		w.bits, w.sides = make([]uint64, 8*n), make([]uint8, n)
	case len(w.bits) == 8*n:
		clear(w.bits[:7*n]) // the station marks are clear already
	default:
		// last used for a board of another size: its marks lie elsewhere
		w.bits, w.sides = w.bits[:8*n], w.sides[:n]
		clear(w.bits)
	}
	w.states = w.states[:0]
	return w
}

// release returns w to the pool.
func (w *directedWalk) release() {
	if w.dense != nil {
		clear(w.dense.hx)
		graphScratch.Put(w.dense)
		w.dense = nil
	}
	if s := w.search; s != nil {
		s.b, s.g, s.cost = nil, nil, nil
	}
	w.g = Graph{}
	directedWalks.Put(w)
}

// walkStep is path p of hex h entered at end from (0 A, 1 B).
type walkStep struct {
	h       int32
	par     int32
	p, from int8
}

// keepLines narrows a directed network to the track on lines from corp's
// bases (see LineToBase), as 18xx.games's walk, which never crosses a hex
// side twice in one walk, computes its connected paths, hexes and nodes:
// a path stays when the walk that first reached it is itself a line, or
// a search finds one; the sides open to track and the nodes reached are
// then those of the paths kept, plus every side of a hex holding one of
// corp's tokens, and the token cities. (A search that gives up keeps the
// path.)
func (b *Board) keepLines(g *Graph, w *directedWalk) {
	n := len(b.hexes)
	lines := [2][]uint64{w.bits[4*n : 5*n : 5*n], w.bits[5*n : 6*n : 6*n]}
	keep := w.bits[6*n : 7*n : 7*n]
	b.walkLines(w, lines)
	var search *lineSearch
	for h := 0; h < n; h++ {
		for m := g.hx[h].paths; m != 0; m &= m - 1 {
			p := bits.TrailingZeros64(m)
			ok := (lines[0][h]|lines[1][h])&(1<<p) != 0
			if !ok {
				var found, complete bool
				if search == nil {
					var spare *lineSearch
					if w.search != nil && len(w.search.sides) == n {
						spare = w.search
					}
					search = b.newLineSearch(spare, g, g.Corp, LineBudget)
					w.search = search
				}
				found, complete = b.lineToBase(g, g.Corp, h, p, LineBudget, search)
				ok = found || !complete
			}
			if ok {
				keep[h] |= 1 << p
			}
		}
	}
	hx := g.hx
	clear(hx)
	// the walk started from the token cities
	for _, t := range w.queue[:w.tokens] {
		hx[t.h].edges |= b.s.sides[t.h]
		hx[t.h].ok = true
		hx[t.h].nodes |= 1 << t.n
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
}

// walkLines sets lines[d][h] bit p for every state (path p of hex h
// entered at end d) whose walk from its token city is a line: it crosses
// no hex side twice (a path whose far side the walk has already crossed
// is closed to it) and passes no station or junction twice. The walks
// form a tree (each state's walk is its parent's plus the state), so one
// depth-first pass over it decides every walk, marking what the walk to
// the current state passes and unmarking it on the way back.
func (b *Board) walkLines(w *directedWalk, lines [2][]uint64) {
	states := w.states
	k := len(states)
	if k == 0 {
		return
	}
	n := len(b.hexes)
	// child / next: first child and next sibling of each state (-1: none).
	if cap(w.links) < 2*k {
		w.links = make([]int32, 2*k)
	}
	links := w.links[:2*k]
	child, next := links[:k:k], links[k:]
	for i := range links {
		links[i] = -1
	}
	// roots chain through next too, from a virtual root (rootChild).
	rootChild := int32(-1)
	for i := k - 1; i >= 0; i-- {
		if par := states[i].par; par < 0 {
			next[i], rootChild = rootChild, int32(i)
		} else {
			next[i], child[par] = child[par], int32(i)
		}
	}
	// sides[h]: canonical sides of hex h the walk crosses (a side shared
	// with a lower-indexed hex is marked on that hex); nodes[h]: stations
	// (bits 0-31) and the junction (bit 32) the walk passes on hex h.
	sides := w.sides[:n]
	nodes := w.bits[7*n : 8*n]
	// mark returns the hex and bits state i marks (zero bits: none), and
	// whether it can be added to the walk that reached it.
	markOf := func(i int32) (lineMark, bool) {
		m := b.stateMark(states[i])
		if (m.nh >= 0 && nodes[m.nh]&m.nb != 0) || (m.sh >= 0 && sides[m.sh]&m.sb != 0) {
			return m, false
		}
		return m, true
	}
	// The depth-first pass: path holds the states of the current walk.
	path := w.path[:0]
	defer func() { w.path = path[:0] }()
	cur := rootChild
	for {
		// descend into cur if its walk is a line, else skip its subtree
		if cur >= 0 {
			if m, ok := markOf(cur); ok {
				if m.nh >= 0 {
					nodes[m.nh] |= m.nb
				}
				if m.sh >= 0 {
					sides[m.sh] |= m.sb
				}
				s := states[cur]
				lines[s.from][s.h] |= 1 << s.p
				path = append(path, lineFrame{cur, m})
				cur = child[cur]
				continue
			}
			cur = next[cur]
			continue
		}
		// cur exhausted: climb back, unmarking
		if len(path) == 0 {
			return
		}
		f := path[len(path)-1]
		path = path[:len(path)-1]
		if f.m.nh >= 0 {
			nodes[f.m.nh] &^= f.m.nb
		}
		if f.m.sh >= 0 {
			sides[f.m.sh] &^= f.m.sb
		}
		cur = next[f.i]
	}
}

// lineMark is the side (hex sh, bit sb) and station or junction (hex nh,
// bit nb) a walk state marks; a hex of -1 marks nothing.
type lineMark struct {
	sh, nh int32
	sb     uint8
	nb     uint64
}

// lineFrame is a state on walkLines's current walk and what it marked.
type lineFrame struct {
	i int32
	m lineMark
}
