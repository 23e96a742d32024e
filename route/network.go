package route

import (
	"tresham/board"
)

// This file flattens the board's track into integer arrays for the solver,
// in two layers memoised on the board (board.MemoByVersion):
//
//   - the track network (trackNet) of the board's tiles: every node with
//     track and every segment (the track between two nodes with no node
//     between), for all corporations; when a tile is laid it is updated
//     from the last one built for the board or its clones, walking again
//     only the track near the changed hexes (network_update.go);
//   - a corporation's network (corpNet): the part of the track network a
//     route of the corporation can use (the nodes reachable from its
//     tokens), renumbered densely, with the corporation's tokens and the
//     cities tokened out for it; rebuilt when tiles, tokens or blocking
//     change.
//
// Both are immutable once built, so the board and its clones share them.

// mapInfo is the static part of the map the solver needs: hex ids and
// which hex lies across each side.
type mapInfo struct {
	ids   []string
	index map[string]int32
	nbr   [][6]int32 // hex across side e that track may cross to, or -1
}

// mapInfoOf returns the board's mapInfo (built once per map).
func mapInfoOf(b *board.Board) (*mapInfo, error) {
	v, err := b.MemoByTiles("route.mapInfo", func() (any, []string, error) {
		ids := b.HexIDs()
		m := &mapInfo{ids: ids, index: make(map[string]int32, len(ids)), nbr: make([][6]int32, len(ids))}
		for i, id := range ids {
			m.index[id] = int32(i)
		}
		for i, id := range ids {
			for e := range 6 {
				m.nbr[i][e] = -1
				if n := b.Neighbor(id, e); n != "" {
					m.nbr[i][e] = m.index[n]
				}
			}
		}
		return m, nil, nil // depends on no tile
	})
	if err != nil {
		return nil, err
	}
	return v.(*mapInfo), nil
}

// tnode is a node of the track network.
type tnode struct {
	ref  board.NodeRef
	def  *board.NodeDef
	kind board.NodeKind
}

// span is a range [lo, hi) of an arena.
type span struct{ lo, hi int32 }

// tseg is a segment of the track network, stored from its lower-numbered
// end a to b.
type tseg struct {
	a, b int32
	// keys are the track units used (raw key numbers, see trackNet);
	// hexes the hexes passed from a to b, consecutive repeats removed;
	// paths the (hex, path) pairs walked from a to b.
	keys, hexes, paths span
	// reenters reports that the segment enters a hex it has left.
	reenters bool
}

// trackNet is the flattened track of one tile state. A track unit (raw
// key) is a hex side of a hex (hex*6+side) or a node-to-node path of a
// hex (6*len(hexes) + pathBase[hex] + path).
type trackNet struct {
	m      *mapInfo
	tiles  []*board.TileDef // per hex
	rots   []int8
	nodes  []tnode
	hexOf  []int32 // per node
	segs   []tseg
	arena  []int32 // keys and hexes of the segments
	paths  [][2]int32
	adj    []int32 // the segments at node n: adj[adjAt[n]:adjAt[n+1]]
	adjAt  []int32
	nraw   int     // number of raw keys
	nodeAt []int32 // nodeBase[hex] + tile node -> node, or -1
	base   []int32 // per hex: offset into nodeAt
	// pathBase[h] numbers the first path of hex h among all paths (raw
	// path keys); pathBase[len(hexes)] is their number.
	pathBase []int32
}

// trackNetKey is the MemoByVersion key of the track network.
type trackNetKey struct{}

// trackNetOf returns the track network of b's tiles: updated from the
// network last built for the board or a clone of it when there is one
// (only the track near the hexes whose tile changed is walked again),
// else built afresh.
func trackNetOf(b *board.Board) (*trackNet, error) {
	v, err := b.MemoByVersion(trackNetKey{}, true, func() (any, error) {
		m, err := mapInfoOf(b)
		if err != nil {
			return nil, err
		}
		if prev, ok := b.MemoLatest(trackNetKey{}).(*trackNet); ok && prev.m == m {
			return updateTrackNet(b, prev), nil
		}
		return buildTrackNet(b, m), nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*trackNet), nil
}

// step is one path walked by the segment builder.
type step struct{ h, p int32 }

// netBuilder walks the track from every node to build the segments.
type netBuilder struct {
	tn       *trackNet
	pathBase []int32
	walk     []step
	from     int32 // node the walk started at
	keys     []int32
	// found, when set, collects the nodes walks reach instead of
	// recording segments (updateTrackNet).
	found []bool
}

func buildTrackNet(b *board.Board, m *mapInfo) *trackNet {
	tn, bd := layoutTrackNet(b, m)
	for nid := range tn.nodes {
		bd.walkFrom(int32(nid))
	}
	tn.link()
	return tn
}

// layoutTrackNet reads the board's tiles and numbers the network's nodes
// (by hex, then tile node) and the raw track keys; the segments are left
// to walk.
func layoutTrackNet(b *board.Board, m *mapInfo) (*trackNet, *netBuilder) {
	nh := len(m.ids)
	tn := &trackNet{m: m, tiles: make([]*board.TileDef, nh), rots: make([]int8, nh), base: make([]int32, nh)}
	for h, id := range m.ids {
		t, rot, _ := b.TileOn(id)
		tn.tiles[h], tn.rots[h] = t, int8(rot)
	}
	bd := tn.layout()
	nn := len(tn.nodes)
	tn.arena, tn.paths, tn.segs = make([]int32, 0, 16*nn), make([][2]int32, 0, 8*nn), make([]tseg, 0, 2*nn)
	return tn, bd
}

// layout numbers the nodes and raw keys of tn's tiles (see
// layoutTrackNet); the caller sizes the segment arrays.
func (tn *trackNet) layout() *netBuilder {
	nh := len(tn.m.ids)
	bd := &netBuilder{tn: tn, pathBase: make([]int32, nh+1)}
	nn, nt := 0, 0
	for _, t := range tn.tiles {
		if t != nil {
			nt += len(t.Nodes)
			for n := range t.Nodes {
				if len(t.Nodes[n].Paths) > 0 {
					nn++
				}
			}
		}
	}
	tn.nodes, tn.hexOf, tn.nodeAt = make([]tnode, 0, nn), make([]int32, 0, nn), make([]int32, 0, nt)
	for h, id := range tn.m.ids {
		t := tn.tiles[h]
		tn.base[h] = int32(len(tn.nodeAt))
		bd.pathBase[h+1] = bd.pathBase[h]
		if t == nil {
			continue
		}
		bd.pathBase[h+1] += int32(len(t.Paths))
		for n := range t.Nodes {
			if len(t.Nodes[n].Paths) == 0 {
				tn.nodeAt = append(tn.nodeAt, -1)
				continue
			}
			tn.nodeAt = append(tn.nodeAt, int32(len(tn.nodes)))
			tn.nodes = append(tn.nodes, tnode{ref: board.NodeRef{Hex: id, Node: n}, def: &t.Nodes[n], kind: t.Nodes[n].Kind})
			tn.hexOf = append(tn.hexOf, int32(h))
		}
	}
	tn.nraw = 6*nh + int(bd.pathBase[nh])
	tn.pathBase = bd.pathBase
	return bd
}

// walkFrom records the segments whose lower end is node nid.
func (bd *netBuilder) walkFrom(nid int32) {
	tn := bd.tn
	nd := &tn.nodes[nid]
	h := tn.hexOf[nid]
	t := tn.tiles[h]
	bd.from = nid
	for _, p0 := range nd.def.Paths {
		pd := &t.Paths[p0]
		from := pd.A
		if !(pd.A.Kind == board.EndNode && pd.A.N == nd.ref.Node) {
			from = pd.B
		}
		bd.rec(h, int32(p0), from)
	}
}

// link builds the adjacency lists of the segments.
func (tn *trackNet) link() {
	tn.adjAt = make([]int32, len(tn.nodes)+1)
	for _, s := range tn.segs {
		tn.adjAt[s.a+1]++
		tn.adjAt[s.b+1]++
	}
	for i := range tn.nodes {
		tn.adjAt[i+1] += tn.adjAt[i]
	}
	tn.adj = make([]int32, 2*len(tn.segs))
	fill := append([]int32(nil), tn.adjAt[:len(tn.nodes)]...)
	for i, s := range tn.segs {
		tn.adj[fill[s.a]] = int32(i)
		fill[s.a]++
		tn.adj[fill[s.b]] = int32(i)
		fill[s.b]++
	}
}

// segsAt returns the segments at node n.
func (tn *trackNet) segsAt(n int32) []int32 { return tn.adj[tn.adjAt[n]:tn.adjAt[n+1]] }

// node returns the network node of tile node n on hex h, or -1.
func (tn *trackNet) node(h int32, n int) int32 {
	return tn.nodeAt[tn.base[h]+int32(n)]
}

// rec walks path p of hex h, entered at end from, and on to the next node.
func (bd *netBuilder) rec(h, p int32, from board.End) {
	for _, s := range bd.walk {
		if s.h == h && s.p == p {
			return
		}
	}
	tn := bd.tn
	bd.walk = append(bd.walk, step{h, p})
	defer func() { bd.walk = bd.walk[:len(bd.walk)-1] }()
	t, rot := tn.tiles[h], int(tn.rots[h])
	pd := &t.Paths[p]
	other := pd.B
	if pd.A != from {
		other = pd.A
	}
	switch other.Kind {
	case board.EndNode:
		m := tn.node(h, other.N)
		if bd.found != nil {
			if m >= 0 {
				bd.found[m] = true
			}
			return
		}
		if m < 0 || m <= bd.from {
			return // each segment once, from its lower end
		}
		bd.segment(m)
	case board.EndEdge:
		e := board.RotateEdge(other.N, rot)
		nh := tn.m.nbr[h][e]
		if nh < 0 {
			return
		}
		nt := tn.tiles[nh]
		if nt == nil {
			return
		}
		nrot := int(tn.rots[nh])
		inv := board.InvertEdge(e)
		for _, q := range nt.PathsAtEdge(inv, nrot) {
			qd := &nt.Paths[q]
			from := qd.A
			if !(qd.A.Kind == board.EndEdge && board.RotateEdge(qd.A.N, nrot) == inv) {
				from = qd.B
			}
			bd.rec(nh, int32(q), from)
		}
	case board.EndJunction:
		for q := range t.Paths {
			qd := &t.Paths[q]
			if int32(q) == p || (qd.A.Kind != board.EndJunction && qd.B.Kind != board.EndJunction) {
				continue
			}
			from := qd.A
			if qd.A.Kind != board.EndJunction {
				from = qd.B
			}
			bd.rec(h, int32(q), from)
		}
	}
}

// segment records the walk from bd.from to node m as a segment, unless it
// uses a track unit twice or passes a hex's junction twice.
func (bd *netBuilder) segment(m int32) {
	tn := bd.tn
	if bd.junctionTwice() {
		return
	}
	keys := bd.keys[:0]
	for _, s := range bd.walk {
		pd := &tn.tiles[s.h].Paths[s.p]
		nn := 0
		for _, e := range [2]board.End{pd.A, pd.B} {
			switch e.Kind {
			case board.EndEdge:
				keys = append(keys, s.h*6+int32(board.RotateEdge(e.N, int(tn.rots[s.h]))))
			case board.EndNode:
				nn++
			}
		}
		if nn > 1 {
			keys = append(keys, int32(6*len(tn.tiles))+bd.pathBase[s.h]+s.p)
		}
	}
	bd.keys = keys
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			if keys[i] == keys[j] {
				return
			}
		}
	}
	seg := tseg{a: bd.from, b: m}
	seg.keys.lo = int32(len(tn.arena))
	tn.arena = append(tn.arena, keys...)
	seg.keys.hi = int32(len(tn.arena))
	seg.hexes.lo = seg.keys.hi
	for _, s := range bd.walk {
		if n := len(tn.arena); n == int(seg.hexes.lo) || tn.arena[n-1] != s.h {
			tn.arena = append(tn.arena, s.h)
		}
	}
	seg.hexes.hi = int32(len(tn.arena))
	hexes := tn.arena[seg.hexes.lo:seg.hexes.hi]
	for i := range hexes {
		for j := i + 1; j < len(hexes); j++ {
			seg.reenters = seg.reenters || hexes[i] == hexes[j]
		}
	}
	seg.paths.lo = int32(len(tn.paths))
	for _, s := range bd.walk {
		tn.paths = append(tn.paths, [2]int32{s.h, s.p})
	}
	seg.paths.hi = int32(len(tn.paths))
	tn.segs = append(tn.segs, seg)
}

// junctionTwice reports whether the walk uses more than two junction paths
// of one hex: it passes that hex's junction twice, which a line between two
// stops never does (18xx.games's walk, Path#walk, stops at a junction it has
// passed; 1825 rule 4.5.3, no track used twice).
func (bd *netBuilder) junctionTwice() bool {
	tn := bd.tn
	for i, s := range bd.walk {
		if !hasJunction(&tn.tiles[s.h].Paths[s.p]) {
			continue
		}
		n := 1
		for _, u := range bd.walk[i+1:] {
			if u.h == s.h && hasJunction(&tn.tiles[u.h].Paths[u.p]) {
				n++
			}
		}
		if n > 2 {
			return true
		}
	}
	return false
}

// NodeInfo describes one node of a corporation's network to the hook.
type NodeInfo struct {
	Ref  board.NodeRef
	Def  *board.NodeDef
	Kind board.NodeKind
	// Index numbers the nodes of the solve from 0: hooks may keep
	// per-node data in slices indexed by it (Class and CanEnd see every
	// node before Within and Evaluate are called).
	Index int
	// Token reports a token of the corporation on the node.
	Token bool
	// Blocked reports a city tokened out for the corporation.
	Blocked bool
	// Home reports one of the corporation's home-base cities (set per
	// solve from Problem.Home).
	Home bool
}

// arc is one way along a segment of a corporation's network, from the
// node whose adjacency list holds it.
type arc struct {
	seg   int32
	other int32
	fwd   bool // walked from the segment's a to its b
	// keys are the dense track keys of the segment; tail the dense hexes
	// it enters after leaving the current node's hex, in travel order
	// (ranges of corpNet.arena).
	keys, tail span
	// conflicts: the segments sharing track with this one (itself
	// included); tailMask: the tail's hexes (both on small networks).
	conflicts, tailMask uint64
}

// corpSeg is a segment of a corporation's network.
type corpSeg struct {
	a, b int32
	keys span // dense keys (corpNet.arena)
	t    int32
}

// corpNet is the part of the track network a corporation's routes can
// use: the nodes reachable from its tokens passing at most MaxBlockedPass
// tokened-out cities and no off-board, and the segments between them
// (without those that re-enter a hex unless the rules allow it). Nodes,
// track keys and hexes are numbered densely.
type corpNet struct {
	tn    *trackNet
	nodes []NodeInfo // Home unset
	hex   []int32    // per node: dense hex
	segs  []corpSeg
	arcs  []arc // the arcs from node n: arcs[arcAt[n]:arcAt[n+1]]
	arcAt []int32
	// nbr[n] is the set of nodes joined to node n by a segment, and
	// offboard the set of off-boards (routes end there), when the network
	// has at most 64 nodes (else nil).
	nbr      []uint64
	offboard uint64
	// small: at most 64 segments and 64 hexes, so that the enumeration
	// keeps the used track as a set of segments and the hexes entered in
	// one word each (arc.conflicts, arc.tailMask).
	small bool
	arena []int32
	nkeys int
	nhex  int
}

// corpNetKey is the MemoByVersion key of a corporation's network.
type corpNetKey struct {
	corp    string
	pass    int
	reEnter bool
}

// corpNetOf returns corporation p.Corp's network on p.Board.
func corpNetOf(p *Problem) (*corpNet, error) {
	tn, err := trackNetOf(p.Board)
	if err != nil {
		return nil, err
	}
	key := corpNetKey{p.Corp, p.MaxBlockedPass, p.ReEnterHexes}
	v, err := p.Board.MemoByVersion(key, false, func() (any, error) {
		return buildCorpNet(p.Board, tn, key), nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*corpNet), nil
}

func buildCorpNet(b *board.Board, tn *trackNet, key corpNetKey) *corpNet {
	n := len(tn.nodes)
	token := make([]bool, n)
	for _, r := range b.TokenNodes(key.corp) {
		if h, ok := tn.m.index[r.Hex]; ok {
			if m := tn.node(h, r.Node); m >= 0 {
				token[m] = true
			}
		}
	}
	usable := func(s *tseg) bool { return key.reEnter || !s.reenters }
	// Reach: fewest tokened-out cities passed from a token city.
	const far = 1 << 30
	best := make([]int, n)
	blocked := make([]bool, n)
	var queue []int32
	for i := range best {
		best[i] = far
		nd := &tn.nodes[i]
		blocked[i] = nd.kind == board.City && !token[i] && b.Blocks(nd.ref, key.corp)
		if token[i] {
			best[i] = 0
			queue = append(queue, int32(i))
		}
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		d := best[u]
		if !token[u] {
			if tn.nodes[u].kind == board.Offboard {
				continue
			}
			if blocked[u] {
				d++
			}
		}
		if d > key.pass {
			continue
		}
		for _, si := range tn.segsAt(u) {
			s := &tn.segs[si]
			if !usable(s) {
				continue
			}
			o := s.a
			if o == u {
				o = s.b
			}
			if d < best[o] {
				best[o] = d
				queue = append(queue, o)
			}
		}
	}
	// Renumber the reached nodes, their hexes and the keys of the
	// segments between them.
	reached := 0
	for _, d := range best {
		if d < far {
			reached++
		}
	}
	cn := &corpNet{tn: tn, nodes: make([]NodeInfo, 0, reached), hex: make([]int32, 0, reached)}
	dense := make([]int32, n)
	hexDense := make([]int32, len(tn.tiles))
	for i := range hexDense {
		hexDense[i] = -1
	}
	for i := range tn.nodes {
		dense[i] = -1
		if best[i] == far {
			continue
		}
		dense[i] = int32(len(cn.nodes))
		nd := &tn.nodes[i]
		cn.nodes = append(cn.nodes, NodeInfo{Ref: nd.ref, Def: nd.def, Kind: nd.kind, Index: len(cn.nodes), Token: token[i], Blocked: blocked[i]})
		h := tn.hexOf[i]
		if hexDense[h] < 0 {
			hexDense[h] = int32(cn.nhex)
			cn.nhex++
		}
		cn.hex = append(cn.hex, hexDense[h])
	}
	keyDense := make([]int32, tn.nraw)
	for i := range keyDense {
		keyDense[i] = -1
	}
	cn.arcAt = make([]int32, len(cn.nodes)+1)
	for si := range tn.segs {
		s := &tn.segs[si]
		if a, bb := dense[s.a], dense[s.b]; a >= 0 && bb >= 0 && usable(s) {
			cn.arcAt[a+1]++
			cn.arcAt[bb+1]++
		}
	}
	for i := range cn.nodes {
		cn.arcAt[i+1] += cn.arcAt[i]
	}
	cn.arcs = make([]arc, cn.arcAt[len(cn.nodes)])
	fill := append([]int32(nil), cn.arcAt[:len(cn.nodes)]...)
	for si := range tn.segs {
		s := &tn.segs[si]
		a, bb := dense[s.a], dense[s.b]
		if a < 0 || bb < 0 || !usable(s) {
			continue
		}
		cs := corpSeg{a: a, b: bb, t: int32(si)}
		cs.keys.lo = int32(len(cn.arena))
		for _, k := range tn.arena[s.keys.lo:s.keys.hi] {
			if keyDense[k] < 0 {
				keyDense[k] = int32(cn.nkeys)
				cn.nkeys++
			}
			cn.arena = append(cn.arena, keyDense[k])
		}
		cs.keys.hi = int32(len(cn.arena))
		seg := int32(len(cn.segs))
		cn.segs = append(cn.segs, cs)
		hexes := tn.arena[s.hexes.lo:s.hexes.hi]
		for _, fwd := range [2]bool{true, false} {
			ar := arc{seg: seg, other: bb, fwd: fwd, keys: cs.keys}
			from := a
			if !fwd {
				ar.other, from = a, bb
			}
			// The hexes entered after the current node's hex, in
			// travel order. A hex of the segment not yet densely
			// numbered holds no reached node: it gets a number too.
			ar.tail.lo = int32(len(cn.arena))
			for i := 1; i < len(hexes); i++ {
				h := hexes[i]
				if !fwd {
					h = hexes[len(hexes)-1-i]
				}
				if hexDense[h] < 0 {
					hexDense[h] = int32(cn.nhex)
					cn.nhex++
				}
				cn.arena = append(cn.arena, hexDense[h])
			}
			ar.tail.hi = int32(len(cn.arena))
			cn.arcs[fill[from]] = ar
			fill[from]++
		}
	}
	if cn.small = len(cn.segs) <= 64 && cn.nhex <= 64; cn.small {
		// segments by track key, then each segment's conflicts
		bySeg := make([]uint64, cn.nkeys)
		for si, s := range cn.segs {
			for _, k := range cn.arena[s.keys.lo:s.keys.hi] {
				bySeg[k] |= 1 << uint(si)
			}
		}
		for i := range cn.arcs {
			ar := &cn.arcs[i]
			for _, k := range cn.arena[ar.keys.lo:ar.keys.hi] {
				ar.conflicts |= bySeg[k]
			}
			for _, h := range cn.arena[ar.tail.lo:ar.tail.hi] {
				ar.tailMask |= 1 << uint(h)
			}
		}
	}
	if len(cn.nodes) <= 64 {
		cn.nbr = make([]uint64, len(cn.nodes))
		for _, s := range cn.segs {
			cn.nbr[s.a] |= 1 << uint(s.b)
			cn.nbr[s.b] |= 1 << uint(s.a)
		}
		for i := range cn.nodes {
			if cn.nodes[i].Kind == board.Offboard {
				cn.offboard |= 1 << uint(i)
			}
		}
	}
	return cn
}
