package board

import (
	"math/bits"
	"sort"
	"sync"
)

// Graph is the track network a corporation can trace from its tokens
// (18xx.games Graph semantics): it starts at every city holding one of the
// corporation's tokens, follows track across hex sides, passes through
// towns, halts and cities that do not block it, and stops at blocking
// cities (all slots filled, none by the corporation or a non-blocking
// token) and at off-boards. A Graph is immutable: it describes the board
// as it was when computed.
type Graph struct {
	b    *Board
	Corp string
	// hx is what the network covers per hex: indexed by hex while the
	// graph is built (at nil), then compacted to the (fewer than 256) hexes it covers,
	// hex i's entry being hx[at[i]-1] (at[i] 0: nothing on hex i).
	hx []graphHex
	at []uint8
	// kinds[k] counts the reached nodes of kind k.
	kinds [Offboard + 1]int
}

// graphHex is what the network covers on one hex.
type graphHex struct {
	// edges is the bitmask of sides the corporation may build to
	// (18xx.games connected_hexes); ok is true when the hex appears in
	// connected_hexes at all.
	edges uint8
	ok    bool
	// nodes / paths: bitmasks of reached nodes / walked paths.
	nodes uint32
	paths uint64
}

// hex returns what g covers on hex i.
func (g *Graph) hex(i int) graphHex {
	if g.at == nil {
		return g.hx[i]
	}
	if k := g.at[i]; k != 0 {
		return g.hx[k-1]
	}
	return graphHex{}
}

// touches reports whether computing g read hex i (its tile or tokens).
func (g *Graph) touches(i int) bool {
	x := g.hex(i)
	return x.ok || x.nodes != 0 || x.paths != 0
}

// graphHexes is the per-hex storage a Graph is built in (pooled; all
// zero between uses).
type graphHexes struct {
	hx []graphHex
	// idx lists the covered hexes (compact's scratch).
	idx []int32
	// queue and stack are computeGraph's work lists.
	queue []graphNode
	stack []pathRef
}

// graphNode is node n of hex h.
type graphNode struct{ h, n int }

var graphScratch = sync.Pool{New: func() any { return new(graphHexes) }}

// denseHexes returns zeroed per-hex storage for building a graph of a
// board of n hexes; compact gives it back.
func denseHexes(n int) *graphHexes {
	s := graphScratch.Get().(*graphHexes)
	if cap(s.hx) < n {
		s.hx = make([]graphHex, n)
	}
	s.hx = s.hx[:n]
	return s
}

// compact moves g's per-hex entries, built in s (g.hx is s.hx), to
// storage of g's own holding only the hexes g covers (indexed by a byte
// per hex), and returns s to the pool cleared. (A network covers a
// fraction of the map, and a graph is kept while the board does not
// change near it.)
func (g *Graph) compact(s *graphHexes) {
	dense := s.hx
	idx := s.idx[:0]
	for i := range dense {
		if x := &dense[i]; x.ok || x.edges != 0 || x.nodes != 0 || x.paths != 0 {
			idx = append(idx, int32(i))
		}
	}
	s.idx = idx
	if len(idx) >= 1<<8 {
		// too many hexes to index compactly: keep a dense copy
		g.hx = append([]graphHex(nil), dense...)
		clear(dense)
		graphScratch.Put(s)
		return
	}
	at := make([]uint8, len(dense))
	hx := make([]graphHex, len(idx))
	for k, i := range idx {
		hx[k] = dense[i]
		at[i] = uint8(k + 1)
		dense[i] = graphHex{}
	}
	g.hx, g.at = hx, at
	graphScratch.Put(s)
}

// blocks reports whether node n of hex i stops corp from tracing through.
func (b *Board) blocks(i, n int, corp string) bool {
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
	toks := b.hexes[i].tokens
	if toks == nil {
		// No token on the hex: blocked only if the city has no slot.
		return nd.Slots == 0
	}
	for _, c := range toks[n] {
		if c == "" || c == corp || b.isNonBlocking(c) {
			return false
		}
	}
	return true
}

// Blocks reports whether the node blocks corp from tracing through it.
func (b *Board) Blocks(r NodeRef, corp string) bool {
	i, ok := b.s.lookup(r.Hex)
	if !ok || r.Node < 0 || r.Node >= len(b.hexes[i].tile.Nodes) {
		return false
	}
	return b.blocks(i, r.Node, corp)
}

type pathRef struct{ h, p int }

// Graph returns the connectivity of corp's network. The result is
// memoised until the board next changes.
func (b *Board) Graph(corp string) *Graph {
	c := b.netCache()
	for _, g := range c.graphs {
		if g.Corp == corp {
			return g
		}
	}
	g := b.computeGraph(corp)
	c.graphs = append(c.graphs, g)
	return g
}

func (b *Board) computeGraph(corp string) *Graph {
	if b.s.directed {
		return b.directedGraph(corp)
	}
	dense := denseHexes(len(b.hexes))
	g := &Graph{b: b, Corp: corp, hx: dense.hx}
	b.fill(g, dense, nil)
	g.compact(dense)
	return g
}

// fillStop is an early end of fill: node is called with each node the
// fill reaches (hex, node), once, and side with each hex side it opens
// (hex, side), possibly more than once; the fill ends when either returns
// true. A nil function is not called.
type fillStop struct {
	node func(h, n int) bool
	side func(h, e int) bool
}

// fill floods corp's undirected network into g (whose hexes are
// dense.hx), node counts included. It reports whether stop ended it
// early (g is then incomplete).
func (b *Board) fill(g *Graph, dense *graphHexes, stop *fillStop) bool {
	corp := g.Corp
	queue := dense.queue[:0]
	if corp != "" {
		for i := range b.hexes {
			for nIdx, slots := range b.hexes[i].tokens {
				for _, c := range slots {
					if c != corp {
						continue
					}
					x := &g.hx[i]
					x.edges |= b.s.sides[i]
					x.ok = true
					if stop != nil && stop.side != nil {
						for m := b.s.sides[i]; m != 0; m &= m - 1 {
							if stop.side(i, bits.TrailingZeros8(m)) {
								dense.queue = queue
								return true
							}
						}
					}
					if x.nodes&(1<<nIdx) == 0 {
						x.nodes |= 1 << nIdx
						g.kinds[b.hexes[i].tile.Nodes[nIdx].Kind]++
						if stop != nil && stop.node != nil && stop.node(i, nIdx) {
							dense.queue = queue
							return true
						}
						queue = append(queue, graphNode{i, nIdx})
					}
				}
			}
		}
	}
	stack := dense.stack[:0]
	for q := 0; q < len(queue); q++ {
		cur := queue[q]
		t := b.hexes[cur.h].tile
		for _, p := range t.Nodes[cur.n].Paths {
			stack = append(stack, pathRef{cur.h, p})
		}
		for len(stack) > 0 {
			pr := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x := &g.hx[pr.h]
			if x.paths&(1<<pr.p) != 0 {
				continue
			}
			x.paths |= 1 << pr.p
			hs := &b.hexes[pr.h]
			pd := &hs.tile.Paths[pr.p]
			for _, end := range [2]End{pd.A, pd.B} {
				switch end.Kind {
				case EndEdge:
					e := RotateEdge(end.N, int(hs.rot))
					x.edges |= 1 << e
					x.ok = true
					nh := int(b.s.neighbors[pr.h][e])
					if nh < 0 {
						if stop != nil && stop.side != nil && stop.side(pr.h, e) {
							dense.queue, dense.stack = queue, stack
							return true
						}
						continue
					}
					inv := InvertEdge(e)
					y := &g.hx[nh]
					y.edges |= 1 << inv
					y.ok = true
					if stop != nil && stop.side != nil && (stop.side(pr.h, e) || stop.side(nh, inv)) {
						dense.queue, dense.stack = queue, stack
						return true
					}
					nt := &b.hexes[nh]
					for _, q := range nt.tile.PathsAtEdge(inv, int(nt.rot)) {
						if y.paths&(1<<q) == 0 {
							stack = append(stack, pathRef{nh, q})
						}
					}
				case EndJunction:
					for _, q := range hs.tile.junctionP {
						if x.paths&(1<<q) == 0 {
							stack = append(stack, pathRef{pr.h, q})
						}
					}
				case EndNode:
					bit := uint32(1) << end.N
					if x.nodes&bit != 0 {
						continue
					}
					x.nodes |= bit
					g.kinds[hs.tile.Nodes[end.N].Kind]++
					if stop != nil && stop.node != nil && stop.node(pr.h, end.N) {
						dense.queue, dense.stack = queue, stack
						return true
					}
					if pd.Terminal || b.blocks(pr.h, end.N, corp) {
						continue
					}
					queue = append(queue, graphNode{pr.h, end.N})
				}
			}
		}
	}
	dense.queue, dense.stack = queue, stack
	return false
}

// ConnectedEdges returns the bitmask of sides of hex id from which the
// corporation's network can be extended (18xx.games connected_hexes), and
// whether the hex is connected at all.
func (g *Graph) ConnectedEdges(id string) (uint8, bool) {
	i, ok := g.b.s.lookup(id)
	if !ok {
		return 0, false
	}
	x := g.hex(i)
	return x.edges, x.ok
}

// NodeConnected reports whether the node is reachable by the network
// (18xx.games connected_nodes); it may still block further tracing.
func (g *Graph) NodeConnected(r NodeRef) bool {
	i, ok := g.b.s.lookup(r.Hex)
	return ok && r.Node >= 0 && r.Node < 32 && g.hex(i).nodes&(1<<r.Node) != 0
}

// PathConnected reports whether path p of the tile on hex id is part of
// the network.
func (g *Graph) PathConnected(id string, p int) bool {
	i, ok := g.b.s.lookup(id)
	return ok && p >= 0 && p < 64 && g.hex(i).paths&(1<<p) != 0
}

// Nodes returns all reached nodes, in map order.
func (g *Graph) Nodes() []NodeRef {
	n := 0
	for _, k := range g.kinds {
		n += k
	}
	var out []NodeRef
	if n > 0 {
		out = make([]NodeRef, 0, n)
	}
	for i := range g.b.s.ids {
		for m := g.hex(i).nodes; m != 0; m &= m - 1 {
			out = append(out, NodeRef{Hex: g.b.s.ids[i], Node: bits.TrailingZeros32(m)})
		}
	}
	return out
}

// NodeCount returns the number of reached nodes of kind k.
func (g *Graph) NodeCount(k NodeKind) int {
	if k < 0 || int(k) >= len(g.kinds) {
		return 0
	}
	return g.kinds[k]
}

// ConnectedHexes returns the ids of hexes where the corporation may lay
// track (sorted).
func (g *Graph) ConnectedHexes() []string {
	var out []string
	for i := range g.b.s.ids {
		if g.hex(i).ok {
			out = append(out, g.b.s.ids[i])
		}
	}
	sort.Strings(out)
	return out
}

// ReachableHexes returns the ids of hexes that contain walked track
// (18xx.games reachable_hexes), sorted.
func (g *Graph) ReachableHexes() []string {
	var out []string
	for i := range g.b.s.ids {
		if g.hex(i).paths != 0 {
			out = append(out, g.b.s.ids[i])
		}
	}
	sort.Strings(out)
	return out
}
