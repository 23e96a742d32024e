package board

import (
	"fmt"
	"math"
	"sync"
)

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
	// node[2*id], node[2*id+1] (path likewise) are the city and town
	// distances; -1 means unreachable. (A distance is at most the number
	// of nodes on the map, which fits: see computeDistances.)
	node []int16
	path []int16
	// touched is a bitset of the hexes whose tile or tokens the
	// computation read.
	touched []uint32
}

// touches reports whether computing d read hex i (its tile or tokens).
func (d *Distances) touches(i int) bool { return d.touched[i/32]&(1<<(i%32)) != 0 }

func (d *Distances) touch(i int) { d.touched[i/32] |= 1 << (i % 32) }

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

// distWork is the scratch state of one Distances computation (pooled).
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
	far    []int32
	starts []int32
	dist   []int32
	done   []bool
	dq     []distEntry
	front  []distEntry
	// target is the hex whose distances alone are wanted (-1: all).
	target int
}

// distEntry is a node queued with its distance when queued.
type distEntry struct{ u, v int32 }

var distPool = sync.Pool{New: func() any { return new(distWork) }}

// grow returns s resized to n (contents unspecified).
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

func (b *Board) computeDistances(corp string) *Distances {
	d := &Distances{}
	b.distances(corp, d, -1, nil, nil)
	return d
}

// HexDistances are the stop distances of the nodes and paths of one hex
// (see Distances).
type HexDistances struct {
	// node[2*n], node[2*n+1] (path likewise) are the city and town
	// distances of node n; -1 means unreachable.
	node, path []int16
}

// Node returns the distance of node n of the hex, and whether it is
// reachable.
func (h HexDistances) Node(n int) (Dist, bool) {
	if n < 0 || 2*n >= len(h.node) || h.node[2*n] < 0 {
		return Dist{}, false
	}
	return Dist{City: int(h.node[2*n]), Town: int(h.node[2*n+1])}, true
}

// Path returns the distance of path p of the hex, and whether it is
// reachable.
func (h HexDistances) Path(p int) (Dist, bool) {
	if p < 0 || 2*p >= len(h.path) || h.path[2*p] < 0 {
		return Dist{}, false
	}
	return Dist{City: int(h.path[2*p]), Town: int(h.path[2*p+1])}, true
}

// HexDistances returns the stop distances for corp of the nodes and paths
// of hex id on the current board: those of Distances(corp), taken from it
// when memoised, else found by a search that ends once they are settled
// (nothing is memoised).
func (b *Board) HexDistances(corp, id string) HexDistances {
	i, ok := b.s.lookup(id)
	if !ok {
		return HexDistances{}
	}
	t := b.hexes[i].tile
	nn, np := len(t.Nodes), len(t.Paths)
	out := HexDistances{}
	buf := make([]int16, 2*nn+2*np)
	out.node, out.path = buf[:2*nn:2*nn], buf[2*nn:]
	var d *Distances
	if c := b.cache; c != nil {
		for _, x := range c.dists {
			if x.corp == corp {
				d = x
			}
		}
	}
	if d == nil {
		sc := hexDistPool.Get().(*hexDistScratch)
		defer func() {
			sc.d.b = nil
			hexDistPool.Put(sc)
		}()
		d = &sc.d
		sc.offs, sc.dists = b.distances(corp, d, i, sc.offs, sc.dists)
	}
	copy(out.node, d.node[2*d.nodeOff[i]:2*d.nodeOff[i+1]])
	copy(out.path, d.path[2*d.pathOff[i]:2*d.pathOff[i+1]])
	return out
}

// hexDistScratch is the storage of HexDistances's search (pooled): a
// Distances and the arrays its offsets and distances are cut from.
type hexDistScratch struct {
	d     Distances
	offs  []int32
	dists []int16
}

var hexDistPool = sync.Pool{New: func() any { return new(hexDistScratch) }}

// distances computes corp's stop distances into d, its offsets and
// distances cut from offs and dists (grown as needed, and returned).
// With target >= 0 the search ends once the nodes and paths of hex
// target are settled: only theirs are then right.
func (b *Board) distances(corp string, d *Distances, target int, offs []int32, dists []int16) ([]int32, []int16) {
	nh := len(b.hexes)
	d.b, d.corp = b, corp
	nn, np := 0, 0
	for i := range b.hexes {
		t := b.hexes[i].tile
		nn += len(t.Nodes)
		np += len(t.Paths)
	}
	nw := (nh + 31) / 32
	d.touched = grow(d.touched, nw)
	clear(d.touched)
	if nn > math.MaxInt16 {
		// no map comes near: distances are kept in 16 bits
		panic(fmt.Sprintf("board: %d nodes on the map, more than Distances can count", nn))
	}
	offs = grow(offs, 2*(nh+1))
	d.nodeOff, d.pathOff = offs[:nh+1:nh+1], offs[nh+1:]
	d.nodeOff[0], d.pathOff[0] = 0, 0
	dists = grow(dists, 2*nn+2*np)
	d.node, d.path = dists[:2*nn:2*nn], dists[2*nn:]
	for i := range b.hexes {
		t := b.hexes[i].tile
		d.nodeOff[i+1] = d.nodeOff[i] + int32(len(t.Nodes))
		d.pathOff[i+1] = d.pathOff[i] + int32(len(t.Paths))
	}
	for k := range dists {
		dists[k] = -1
	}
	if corp == "" {
		return offs, dists
	}
	w := distPool.Get().(*distWork)
	defer func() {
		w.b, w.d = nil, nil
		distPool.Put(w)
	}()
	w.b, w.d = b, d
	w.starts = w.starts[:0]
	for i := range b.hexes {
		for n, slots := range b.hexes[i].tokens {
			for _, c := range slots {
				if c == corp {
					w.starts = append(w.starts, d.nodeOff[i]+int32(n))
					d.touch(i)
				}
			}
		}
	}
	if len(w.starts) == 0 {
		return offs, dists
	}
	w.nodeHex = grow(w.nodeHex, nn)
	w.segOff = grow(w.segOff, nn)
	w.dist = grow(w.dist, nn)
	w.done = grow(w.done, nn)
	w.seg = w.seg[:0]
	if cap(w.seen) < np {
		w.seen, w.stamp = make([]uint32, np), 0
	}
	w.seen = w.seen[:np]
	for i := range b.hexes {
		for k := d.nodeOff[i]; k < d.nodeOff[i+1]; k++ {
			w.nodeHex[k] = int32(i)
		}
	}
	for k := range w.segOff {
		w.segOff[k] = -1
	}
	w.target = target
	w.dim(corp, City, 0)
	w.dim(corp, Town, 1)
	return offs, dists
}

// settled reports whether the nodes and paths of hex w.target have their
// final distance k once the search has reached distance level: each is
// known and at most level (a later node is at least level away, so it
// improves none).
func (w *distWork) settled(k int, level int32) bool {
	d := w.d
	for u := d.nodeOff[w.target]; u < d.nodeOff[w.target+1]; u++ {
		if v := w.dist[u]; v < 0 || v > level {
			return false
		}
	}
	for p := d.pathOff[w.target]; p < d.pathOff[w.target+1]; p++ {
		if v := d.path[2*p+int32(k)]; v < 0 || int32(v) > level {
			return false
		}
	}
	return true
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
	far := w.far[:0]
	cnt := int32(0)
	for len(stack) > 0 {
		pid, h := stack[len(stack)-2], int(stack[len(stack)-1])
		stack = stack[:len(stack)-2]
		if w.seen[pid] == w.stamp {
			continue
		}
		w.seen[pid] = w.stamp
		d.touch(h)
		w.seg = append(w.seg, pid)
		cnt++
		hs := &b.hexes[h]
		pd := &hs.tile.Paths[pid-d.pathOff[h]]
		for _, end := range [2]End{pd.A, pd.B} {
			switch end.Kind {
			case EndEdge:
				e := RotateEdge(end.N, int(hs.rot))
				nb := int(b.s.neighbors[h][e])
				if nb < 0 {
					continue
				}
				d.touch(nb)
				nt := &b.hexes[nb]
				for _, q := range nt.tile.PathsAtEdge(InvertEdge(e), int(nt.rot)) {
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
	w.stack, w.far = stack, far
	w.seg[o] = cnt
	w.seg = append(w.seg, int32(len(far)))
	w.seg = append(w.seg, far...)
	return w.segment(u)
}

// dim computes distance component k (0 cities, 1 towns; passing a node
// of kind costKind costs 1) by a 0-1 breadth-first search over nodes.
func (w *distWork) dim(corp string, costKind NodeKind, k int) {
	b, d := w.b, w.d
	dist, done := w.dist, w.done
	for i := range dist {
		dist[i] = -1
	}
	clear(done)
	// A deque of (node, distance when queued): front (cost 0 pushes,
	// popped last-in first) before dq[head:] (cost 1 pushes). Entries
	// whose node got a better distance since are skipped.
	dq, front := w.dq[:0], w.front[:0]
	head := 0
	level := int32(0) // the distance of the last node taken (HexDistances)
	for _, s := range w.starts {
		if dist[s] < 0 {
			dist[s] = 0
			dq = append(dq, distEntry{s, 0})
		}
	}
	for {
		var e distEntry
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
		if w.target >= 0 && e.v > level {
			level = e.v
			if w.settled(k, level) {
				break
			}
		}
		done[u] = true
		h := int(w.nodeHex[u])
		n := int(u - d.nodeOff[h])
		if b.blocks(h, n, corp) {
			continue
		}
		cost := int32(0)
		if b.hexes[h].tile.Nodes[n].Kind == costKind {
			cost = 1
		}
		du := e.v + cost
		ps, ns := w.segment(u)
		for _, p := range ps {
			if old := d.path[2*p+int32(k)]; old < 0 || int16(du) < old {
				d.path[2*p+int32(k)] = int16(du)
			}
		}
		for _, v := range ns {
			if dist[v] < 0 || du < dist[v] {
				dist[v] = du
				if cost == 0 {
					front = append(front, distEntry{v, du})
				} else {
					dq = append(dq, distEntry{v, du})
				}
			}
		}
	}
	w.dq, w.front = dq, front
	for i, v := range dist {
		d.node[2*i+k] = int16(v)
	}
}

// Node returns the distance of a node, and whether it is reachable.
func (d *Distances) Node(r NodeRef) (Dist, bool) {
	i, ok := d.b.s.lookup(r.Hex)
	if !ok || r.Node < 0 || int32(r.Node) >= d.nodeOff[i+1]-d.nodeOff[i] {
		return Dist{}, false
	}
	id := d.nodeOff[i] + int32(r.Node)
	if d.node[2*id] < 0 {
		return Dist{}, false
	}
	return Dist{City: int(d.node[2*id]), Town: int(d.node[2*id+1])}, true
}

// Path returns the distance of path p on hex id, and whether it is reachable.
func (d *Distances) Path(id string, p int) (Dist, bool) {
	i, ok := d.b.s.lookup(id)
	if !ok || p < 0 || int32(p) >= d.pathOff[i+1]-d.pathOff[i] {
		return Dist{}, false
	}
	k := d.pathOff[i] + int32(p)
	if d.path[2*k] < 0 {
		return Dist{}, false
	}
	return Dist{City: int(d.path[2*k]), Town: int(d.path[2*k+1])}, true
}
