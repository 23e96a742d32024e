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
// each component is minimised independently, as there). A Distances is
// immutable: it describes the board as it was when computed.
type Distances struct {
	b    *Board
	corp string
	// Node and path ids are dense: node n of hex h is nodeOff[h]+n, path p
	// is pathOff[h]+p (offsets over the tiles on the map at computation).
	nodeOff []int32
	pathOff []int32
	// node[id] / path[id] are the distances; City < 0 means unreachable.
	node []Dist
	path []Dist
}

// Distances returns the stop distances for corp on the current board. The
// result is memoised until the board next changes.
func (b *Board) Distances(corp string) *Distances {
	c := b.netCache()
	for _, d := range c.dists {
		if d.corp == corp {
			return d
		}
	}
	d := b.computeDistances(corp)
	c.dists = append(c.dists, d)
	return d
}

// distWork is the scratch state of one Distances computation.
type distWork struct {
	b       *Board
	d       *Distances
	nodeHex []int32 // node id -> hex
	// segOff[u] is where node u's segment starts in seg (-1: not yet
	// computed); there: path count, path ids, node count, node ids.
	segOff []int32
	seg    []int32
	seen   []uint32 // per path id: stamp of the last segment walk
	stamp  uint32
	stack  []int32
}

func (b *Board) computeDistances(corp string) *Distances {
	nh := len(b.hexes)
	d := &Distances{b: b, corp: corp}
	offs := make([]int32, 2*(nh+1))
	d.nodeOff, d.pathOff = offs[:nh+1], offs[nh+1:]
	for i := range b.hexes {
		t := b.hexes[i].tile
		d.nodeOff[i+1] = d.nodeOff[i] + int32(len(t.Nodes))
		d.pathOff[i+1] = d.pathOff[i] + int32(len(t.Paths))
	}
	nn, np := int(d.nodeOff[nh]), int(d.pathOff[nh])
	dists := make([]Dist, nn+np)
	d.node, d.path = dists[:nn:nn], dists[nn:]
	for k := range dists {
		dists[k] = Dist{City: -1, Town: -1}
	}
	var starts []int32
	if corp != "" {
		for i := range b.hexes {
			for n, slots := range b.hexes[i].tokens {
				for _, c := range slots {
					if c == corp {
						starts = append(starts, d.nodeOff[i]+int32(n))
					}
				}
			}
		}
	}
	if len(starts) == 0 {
		return d
	}
	ints := make([]int32, 2*nn)
	w := &distWork{b: b, d: d, nodeHex: ints[:nn], segOff: ints[nn:], seen: make([]uint32, np)}
	for i := range b.hexes {
		for k := d.nodeOff[i]; k < d.nodeOff[i+1]; k++ {
			w.nodeHex[k] = int32(i)
		}
	}
	for k := range w.segOff {
		w.segOff[k] = -1
	}
	dist := make([]int32, nn)
	done := make([]bool, nn)
	w.dim(corp, starts, City, dist, done, func(id int32, v int32) { d.node[id].City = int(v) }, func(id int32, v int32) {
		if d.path[id].City < 0 || int(v) < d.path[id].City {
			d.path[id].City = int(v)
		}
	})
	clear(done)
	w.dim(corp, starts, Town, dist, done, func(id int32, v int32) { d.node[id].Town = int(v) }, func(id int32, v int32) {
		if d.path[id].Town < 0 || int(v) < d.path[id].Town {
			d.path[id].Town = int(v)
		}
	})
	return d
}

// segment returns (memoised) the paths walkable from node u without
// passing another node, and the nodes at their far ends (non-terminal
// paths only), as slices into w.seg.
func (w *distWork) segment(u int32) (paths, nodes []int32) {
	if o := w.segOff[u]; o >= 0 {
		np := w.seg[o]
		paths = w.seg[o+1 : o+1+np]
		nn := w.seg[o+1+np]
		return paths, w.seg[o+2+np : o+2+np+nn]
	}
	b, d := w.b, w.d
	i := int(w.nodeHex[u])
	n := int(u - d.nodeOff[i])
	w.stamp++
	o := int32(len(w.seg))
	w.segOff[u] = o
	w.seg = append(w.seg, 0)
	stack := w.stack[:0]
	for _, p := range b.hexes[i].tile.Nodes[n].Paths {
		stack = append(stack, d.pathOff[i]+int32(p), int32(i))
	}
	var far []int32
	cnt := int32(0)
	for len(stack) > 0 {
		pid, h := stack[len(stack)-2], int(stack[len(stack)-1])
		stack = stack[:len(stack)-2]
		if w.seen[pid] == w.stamp {
			continue
		}
		w.seen[pid] = w.stamp
		w.seg = append(w.seg, pid)
		cnt++
		hs := &b.hexes[h]
		pd := &hs.tile.Paths[pid-d.pathOff[h]]
		for _, end := range [2]End{pd.A, pd.B} {
			switch end.Kind {
			case EndEdge:
				e := RotateEdge(end.N, hs.rot)
				nb := int(b.s.neighbors[h][e])
				if nb < 0 {
					continue
				}
				nt := &b.hexes[nb]
				for _, q := range nt.tile.PathsAtEdge(InvertEdge(e), nt.rot) {
					stack = append(stack, d.pathOff[nb]+int32(q), int32(nb))
				}
			case EndJunction:
				for _, q := range hs.tile.junctionP {
					stack = append(stack, d.pathOff[h]+int32(q), int32(h))
				}
			case EndNode:
				if h == i && end.N == n {
					continue
				}
				if !pd.Terminal {
					far = append(far, d.nodeOff[h]+int32(end.N))
				}
			}
		}
	}
	w.stack = stack
	w.seg[o] = cnt
	w.seg = append(w.seg, int32(len(far)))
	w.seg = append(w.seg, far...)
	return w.segment(u)
}

// dim computes one distance component (passing a node of kind costs 1)
// by a 0-1 breadth-first search over nodes: setNode receives each reached
// node's final distance, minPath every candidate distance of a path.
func (w *distWork) dim(corp string, starts []int32, costKind NodeKind, dist []int32, done []bool, setNode, minPath func(id, v int32)) {
	b, d := w.b, w.d
	for k := range dist {
		dist[k] = -1
	}
	// Deque of (node, distance when pushed) pairs; entries whose distance
	// was improved since are skipped.
	type entry struct{ u, v int32 }
	dq := make([]entry, 0, 64)
	head := 0
	var front []entry // pushed to the front (cost 0), popped first (LIFO)
	for _, s := range starts {
		if dist[s] < 0 {
			dist[s] = 0
			dq = append(dq, entry{s, 0})
		}
	}
	for {
		var e entry
		if len(front) > 0 {
			e = front[len(front)-1]
			front = front[:len(front)-1]
		} else if head < len(dq) {
			e = dq[head]
			head++
		} else {
			break
		}
		u := e.u
		if done[u] || e.v != dist[u] {
			continue
		}
		done[u] = true
		h := int(w.nodeHex[u])
		kind := b.hexes[h].tile.Nodes[u-d.nodeOff[h]].Kind
		if b.blocks(h, int(u-d.nodeOff[h]), corp) {
			continue
		}
		cost := int32(0)
		if kind == costKind {
			cost = 1
		}
		du := e.v + cost
		ps, ns := w.segment(u)
		for _, p := range ps {
			minPath(p, du)
		}
		for _, v := range ns {
			if dist[v] < 0 || du < dist[v] {
				dist[v] = du
				if cost == 0 {
					front = append(front, entry{v, du})
				} else {
					dq = append(dq, entry{v, du})
				}
			}
		}
	}
	for k, v := range dist {
		if v >= 0 {
			setNode(int32(k), v)
		}
	}
}

// Node returns the distance of a node, and whether it is reachable.
func (d *Distances) Node(r NodeRef) (Dist, bool) {
	i, ok := d.b.s.index[r.Hex]
	if !ok || r.Node < 0 || int32(r.Node) >= d.nodeOff[i+1]-d.nodeOff[i] {
		return Dist{}, false
	}
	v := d.node[d.nodeOff[i]+int32(r.Node)]
	return v, v.City >= 0
}

// Path returns the distance of path p on hex id, and whether it is reachable.
func (d *Distances) Path(id string, p int) (Dist, bool) {
	i, ok := d.b.s.index[id]
	if !ok || p < 0 || int32(p) >= d.pathOff[i+1]-d.pathOff[i] {
		return Dist{}, false
	}
	v := d.path[d.pathOff[i]+int32(p)]
	return v, v.City >= 0
}
