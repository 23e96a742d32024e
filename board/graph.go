package board

import "sort"

// Graph is the track network a corporation can trace from its tokens
// (18xx.games Graph semantics): it starts at every city holding one of the
// corporation's tokens, follows track across hex sides, passes through
// towns, halts and cities that do not block it, and stops at blocking
// cities (all slots filled, none by the corporation or a non-blocking
// token) and at off-boards.
type Graph struct {
	b    *Board
	Corp string
	// edges[h] is the bitmask of sides of hex h that the corporation may
	// build to (18xx.games connected_hexes).
	edges []uint8
	// hexOK[h] is true when h appears in connected_hexes at all.
	hexOK []bool
	// nodes[h] / paths[h]: bitmasks of reached nodes / walked paths.
	nodes []uint32
	paths []uint64
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
	slots := b.tokensOf(i)[n]
	for _, c := range slots {
		if c == "" || c == corp || b.isNonBlocking(c) {
			return false
		}
	}
	return true
}

// Blocks reports whether the node blocks corp from tracing through it.
func (b *Board) Blocks(r NodeRef, corp string) bool {
	i, ok := b.s.index[r.Hex]
	if !ok || r.Node < 0 || r.Node >= len(b.hexes[i].tile.Nodes) {
		return false
	}
	return b.blocks(i, r.Node, corp)
}

type pathRef struct{ h, p int }

// Graph computes the connectivity of corp's network.
func (b *Board) Graph(corp string) *Graph {
	if b.s.directed {
		return b.directedGraph(corp)
	}
	n := len(b.hexes)
	g := &Graph{b: b, Corp: corp, edges: make([]uint8, n), hexOK: make([]bool, n), nodes: make([]uint32, n), paths: make([]uint64, n)}
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
					e := RotateEdge(end.N, hs.rot)
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
					for _, q := range nt.tile.PathsAtEdge(inv, nt.rot) {
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
					if pd.Terminal || b.blocks(pr.h, end.N, corp) {
						continue
					}
					queue = append(queue, nref{pr.h, end.N})
				}
			}
		}
	}
	return g
}

// ConnectedEdges returns the bitmask of sides of hex id from which the
// corporation's network can be extended (18xx.games connected_hexes), and
// whether the hex is connected at all.
func (g *Graph) ConnectedEdges(id string) (uint8, bool) {
	i, ok := g.b.s.index[id]
	if !ok {
		return 0, false
	}
	return g.edges[i], g.hexOK[i]
}

// NodeConnected reports whether the node is reachable by the network
// (18xx.games connected_nodes); it may still block further tracing.
func (g *Graph) NodeConnected(r NodeRef) bool {
	i, ok := g.b.s.index[r.Hex]
	return ok && r.Node >= 0 && r.Node < 32 && g.nodes[i]&(1<<r.Node) != 0
}

// PathConnected reports whether path p of the tile on hex id is part of
// the network.
func (g *Graph) PathConnected(id string, p int) bool {
	i, ok := g.b.s.index[id]
	return ok && p >= 0 && p < 64 && g.paths[i]&(1<<p) != 0
}

// Nodes returns all reached nodes, in map order.
func (g *Graph) Nodes() []NodeRef {
	var out []NodeRef
	for i, m := range g.nodes {
		for n := 0; n < 32; n++ {
			if m&(1<<n) != 0 {
				out = append(out, NodeRef{Hex: g.b.s.ids[i], Node: n})
			}
		}
	}
	return out
}

// ConnectedHexes returns the ids of hexes where the corporation may lay
// track (sorted).
func (g *Graph) ConnectedHexes() []string {
	var out []string
	for i, ok := range g.hexOK {
		if ok {
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
	for i, m := range g.paths {
		if m != 0 {
			out = append(out, g.b.s.ids[i])
		}
	}
	sort.Strings(out)
	return out
}
