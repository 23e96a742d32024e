package board

// Dist counts the stops passed before reaching a node or path from one of
// the corporation's tokens: cities (off-boards never pass traffic) and
// towns (halts are free).
type Dist struct {
	City, Town int
}

// Distances holds, per node and per path, the minimum number of cities and
// (separately) of towns passed through on the way from any of a
// corporation's tokens (18xx.games DistanceGraph with separate node types;
// each component is minimised independently, as there).
type Distances struct {
	b     *Board
	nodes map[[2]int]Dist
	paths map[[2]int]Dist
}

// Distances computes stop distances for corp on the current board.
func (b *Board) Distances(corp string) *Distances {
	d := &Distances{b: b, nodes: map[[2]int]Dist{}, paths: map[[2]int]Dist{}}
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
	city := b.distanceDim(corp, starts, func(k NodeKind) int {
		if k == City {
			return 1
		}
		return 0
	})
	town := b.distanceDim(corp, starts, func(k NodeKind) int {
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

type dimResult struct {
	nodes map[[2]int]int
	paths map[[2]int]int
}

// segment returns the paths walkable from node (i,n) without passing
// another node, and the nodes at their far ends.
func (b *Board) segment(i, n int) (paths [][2]int, nodes [][2]int) {
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
				e := RotateEdge(end.N, hs.rot)
				nh := int(b.s.neighbors[pr[0]][e])
				if nh < 0 {
					continue
				}
				nt := &b.hexes[nh]
				for _, q := range nt.tile.PathsAtEdge(InvertEdge(e), nt.rot) {
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

func (b *Board) distanceDim(corp string, starts [][2]int, cost func(NodeKind) int) dimResult {
	r := dimResult{nodes: map[[2]int]int{}, paths: map[[2]int]int{}}
	// 0-1 BFS over nodes with a deque.
	var dq [][2]int
	for _, s := range starts {
		if _, ok := r.nodes[s]; !ok {
			r.nodes[s] = 0
			dq = append(dq, s)
		}
	}
	done := map[[2]int]bool{}
	for len(dq) > 0 {
		// pick the minimum (small graphs: linear scan is fine)
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
		if b.blocks(u[0], u[1], corp) {
			continue
		}
		du := r.nodes[u] + cost(b.hexes[u[0]].tile.Nodes[u[1]].Kind)
		ps, ns := b.segment(u[0], u[1])
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

// Node returns the distance of a node, and whether it is reachable.
func (d *Distances) Node(r NodeRef) (Dist, bool) {
	i, ok := d.b.s.index[r.Hex]
	if !ok {
		return Dist{}, false
	}
	v, ok := d.nodes[[2]int{i, r.Node}]
	return v, ok
}

// Path returns the distance of path p on hex id, and whether it is reachable.
func (d *Distances) Path(id string, p int) (Dist, bool) {
	i, ok := d.b.s.index[id]
	if !ok {
		return Dist{}, false
	}
	v, ok := d.paths[[2]int{i, p}]
	return v, ok
}
