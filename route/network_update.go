package route

import (
	"slices"
	"sort"

	"tresham/board"
)

// maxUpdatedHexes is how many hexes may have changed tiles for
// updateTrackNet to update a network rather than build it afresh.
const maxUpdatedHexes = 8

// updateTrackNet returns the track network of b's tiles from prev, the
// network of an earlier tile state of b or of a clone: segments that
// neither touch a hex whose tile changed nor start at a node that may now
// reach one are copied (renumbered), and only the nodes near the changed
// hexes are walked again. The result equals buildTrackNet's, numbering and
// order included (TestUpdateTrackNet).
func updateTrackNet(b *board.Board, prev *trackNet) *trackNet {
	m := prev.m
	nh := len(m.ids)
	tn := &trackNet{m: m, tiles: make([]*board.TileDef, nh), rots: make([]int8, nh), base: make([]int32, nh)}
	changed := make([]bool, nh)
	nchanged := 0
	for h, id := range m.ids {
		t, rot, _ := b.TileOn(id)
		tn.tiles[h], tn.rots[h] = t, int8(rot)
		if t != prev.tiles[h] || int8(rot) != prev.rots[h] {
			changed[h] = true
			nchanged++
		}
	}
	if nchanged == 0 {
		return prev // immutable: shared by both versions
	}
	bd := tn.layout()
	// The segment arrays change little after a lay: sized from prev's.
	tn.arena = make([]int32, 0, len(prev.arena)+len(prev.arena)/8+16)
	tn.paths = make([][2]int32, 0, len(prev.paths)+len(prev.paths)/8+16)
	tn.segs = make([]tseg, 0, len(prev.segs)+len(prev.segs)/8+8)
	if nchanged > maxUpdatedHexes {
		for nid := range tn.nodes {
			bd.walkFrom(int32(nid))
		}
		tn.link()
		return tn
	}
	// Renumbering: nodes on unchanged hexes keep their order.
	newOf := make([]int32, len(prev.nodes))
	for o := range prev.nodes {
		newOf[o] = -1
		if h := prev.hexOf[o]; !changed[h] {
			newOf[o] = tn.node(h, prev.nodes[o].ref.Node)
		}
	}
	// The nodes to walk again: those on changed hexes, the ends of old
	// segments that touched one, and the nodes the track reaches walking
	// out of a changed hex's new track.
	again := make([]bool, len(tn.nodes))
	for nid := range tn.nodes {
		again[nid] = changed[tn.hexOf[nid]]
	}
	for si := range prev.segs {
		s := &prev.segs[si]
		if slices.ContainsFunc(prev.arena[s.hexes.lo:s.hexes.hi], func(h int32) bool { return changed[h] }) {
			for _, o := range [2]int32{s.a, s.b} {
				if n := newOf[o]; n >= 0 {
					again[n] = true
				}
			}
		}
	}
	bd.found = again
	for h := range nh {
		t := tn.tiles[h]
		if !changed[h] || t == nil {
			continue
		}
		for e := range 6 {
			nbh := m.nbr[h][e]
			if nbh < 0 || tn.tiles[nbh] == nil || len(t.PathsAtEdge(e, int(tn.rots[h]))) == 0 {
				continue
			}
			nt, nrot, inv := tn.tiles[nbh], int(tn.rots[nbh]), board.InvertEdge(e)
			for _, q := range nt.PathsAtEdge(inv, nrot) {
				qd := &nt.Paths[q]
				from := qd.A
				if !(qd.A.Kind == board.EndEdge && board.RotateEdge(qd.A.N, nrot) == inv) {
					from = qd.B
				}
				bd.rec(nbh, int32(q), from)
			}
		}
	}
	bd.found = nil
	// Raw path keys move when a changed hex has another number of paths.
	shift := !slices.Equal(prev.pathBase, tn.pathBase)
	rawKey := func(k int32) int32 {
		if !shift || k < int32(6*nh) {
			return k
		}
		p := k - int32(6*nh)
		h := sort.Search(nh, func(i int) bool { return prev.pathBase[i+1] > p })
		return int32(6*nh) + tn.pathBase[h] + p - prev.pathBase[h]
	}
	// Segments in buildTrackNet's order: by lower end, each node's in
	// walk order.
	oldOf := make([]int32, len(tn.nodes))
	for nid := range oldOf {
		oldOf[nid] = -1
	}
	for o, n := range newOf {
		if n >= 0 {
			oldOf[n] = int32(o)
		}
	}
	j := 0
	for nid := range tn.nodes {
		if again[nid] {
			bd.walkFrom(int32(nid))
			continue
		}
		o := oldOf[nid]
		for j < len(prev.segs) && prev.segs[j].a < o {
			j++
		}
		for ; j < len(prev.segs) && prev.segs[j].a == o; j++ {
			ps := &prev.segs[j]
			s := tseg{a: int32(nid), b: newOf[ps.b], reenters: ps.reenters}
			s.keys.lo = int32(len(tn.arena))
			for _, k := range prev.arena[ps.keys.lo:ps.keys.hi] {
				tn.arena = append(tn.arena, rawKey(k))
			}
			s.keys.hi = int32(len(tn.arena))
			s.hexes.lo = s.keys.hi
			tn.arena = append(tn.arena, prev.arena[ps.hexes.lo:ps.hexes.hi]...)
			s.hexes.hi = int32(len(tn.arena))
			s.paths.lo = int32(len(tn.paths))
			tn.paths = append(tn.paths, prev.paths[ps.paths.lo:ps.paths.hi]...)
			s.paths.hi = int32(len(tn.paths))
			tn.segs = append(tn.segs, s)
		}
	}
	tn.link()
	return tn
}
