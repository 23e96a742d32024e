package route

import (
	"fmt"
	"slices"
	"sync"

	"tresham/board"
)

// OrderedPaths returns the route's paths in travel order: each leg's chain
// walked from its Left node to its Right node.
func (r *Route) OrderedPaths() []PathRef {
	var out []PathRef
	for _, l := range r.Legs {
		ps := l.Chain.Paths
		if !l.Reversed {
			out = append(out, ps...)
			continue
		}
		for i := len(ps) - 1; i >= 0; i-- {
			out = append(out, ps[i])
		}
	}
	return out
}

// Ends returns the first and last node of the route (false for an empty
// route).
func (r *Route) Ends() (first, last board.NodeRef, ok bool) {
	if len(r.Legs) == 0 {
		return board.NodeRef{}, board.NodeRef{}, false
	}
	return r.Legs[0].Left(), r.Legs[len(r.Legs)-1].Right(), true
}

// CheckNodes refuses a route that visits the same node twice.
func (r *Route) CheckNodes(b *board.Board) error {
	// The set of nodes seen so far, searched linearly (a route has few).
	var buf [32]board.NodeRef
	seen := buf[:0]
	for _, l := range r.Legs {
		left, right := l.Left(), l.Right()
		// containsNode compares the node numbers before the hex ids
		if !containsNode(seen, left) {
			seen = append(seen, left)
		}
		if containsNode(seen, right) {
			return refusal(VisitsTwice, fmt.Sprintf("the route visits %s twice", b.Signature(right)), right.Hex)
		}
		seen = append(seen, right)
	}
	return nil
}

// CheckHexReentry refuses a route that leaves a hex and later enters it
// again.
func (r *Route) CheckHexReentry() error {
	// The hexes entered so far, searched linearly; the paths are those of
	// OrderedPaths, walked without building the list.
	var buf [32]string
	seen := buf[:0]
	last := ""
	visit := func(p PathRef) error {
		if p.Hex != last {
			if slices.Contains(seen, p.Hex) {
				return refusal(ReentersHex, fmt.Sprintf("the route re-enters hex %s", p.Hex), p.Hex)
			}
			seen = append(seen, p.Hex)
		}
		last = p.Hex
		return nil
	}
	for _, l := range r.Legs {
		ps := l.Chain.Paths
		if !l.Reversed {
			for _, p := range ps {
				if err := visit(p); err != nil {
					return err
				}
			}
			continue
		}
		for i := len(ps) - 1; i >= 0; i-- {
			if err := visit(ps[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// TrackKey is one unit of track that two routes of a run (or one route
// twice) may not use: a hex side of a hex (the track reaching it), or an
// intra-tile path between two nodes.
type TrackKey struct {
	Hex  string
	Edge int // hex side, or -1 for a node-to-node path
	Path int // path index for a node-to-node path, else -1
}

// appendTrackKeys appends the track units of path p to out.
func appendTrackKeys(out []TrackKey, b *board.Board, p PathRef) []TrackKey {
	tile, rot, ok := b.TileOn(p.Hex)
	if !ok {
		return out
	}
	return appendTileTrackKeys(out, tile, rot, p)
}

// appendTileTrackKeys is appendTrackKeys with the tile on p.Hex and its
// rotation given.
func appendTileTrackKeys(out []TrackKey, tile *board.TileDef, rot int, p PathRef) []TrackKey {
	if tile == nil || p.Path < 0 || p.Path >= len(tile.Paths) {
		return out
	}
	pd := &tile.Paths[p.Path]
	nodes := 0
	for _, e := range [2]board.End{pd.A, pd.B} {
		switch e.Kind {
		case board.EndEdge:
			out = append(out, TrackKey{Hex: p.Hex, Edge: board.RotateEdge(e.N, rot), Path: -1})
		case board.EndNode:
			nodes++
		}
	}
	if nodes > 1 {
		out = append(out, TrackKey{Hex: p.Hex, Edge: -1, Path: p.Path})
	}
	return out
}

// Overlap reports the first track unit used twice by the routes (a route
// with itself included): the indices of the two routes and the hex.
func Overlap(b *board.Board, routes []*Route) (i, j int, hex string, found bool) {
	n := 0
	for _, r := range routes {
		if r != nil {
			for _, l := range r.Legs {
				n += len(l.Chain.Paths)
			}
		}
	}
	if n > overlapLinearMax {
		return overlapMap(b, routes)
	}
	// A path has at most three track units; few routes have many paths,
	// so the units seen so far are searched linearly, each packed in a
	// number (the hex by its index on the board).
	sc := overlapScratches.Get().(*overlapScratch)
	defer overlapScratches.Put(sc)
	keys, owners := sc.keys[:0], sc.owners[:0]
	defer func() { sc.keys, sc.owners = keys[:0], owners[:0] }()
	var buf [3]uint64
	// consecutive paths are often on one hex: its tile is looked up once
	lastHex, looked, lastOK := "", false, false
	var lastTile *board.TileDef
	lastRot, lastIdx := 0, 0
	for ri, r := range routes {
		if r == nil {
			continue
		}
		for _, l := range r.Legs {
			for _, p := range l.Chain.Paths {
				if !looked || p.Hex != lastHex {
					lastHex, looked = p.Hex, true
					lastIdx, lastTile, lastRot, lastOK = b.HexTile(p.Hex)
				}
				ks := buf[:0]
				if lastOK {
					ks = appendPackedTrackKeys(ks, lastIdx, lastTile, lastRot, p.Path)
				}
				for _, k := range ks {
					for x, q := range keys {
						if q == k {
							return owners[x], ri, p.Hex, true
						}
					}
					keys, owners = append(keys, k), append(owners, ri)
				}
			}
		}
	}
	return 0, 0, "", false
}

// appendPackedTrackKeys appends the track units of path p of tile t (at
// rotation rot) on the hex of index hi, as appendTileTrackKeys, each
// packed as hi<<16 | (side+1)<<8 | (path+1) (side or path -1 as there).
func appendPackedTrackKeys(out []uint64, hi int, t *board.TileDef, rot, p int) []uint64 {
	if t == nil || p < 0 || p >= len(t.Paths) {
		return out
	}
	pd := &t.Paths[p]
	nodes := 0
	for _, e := range [2]board.End{pd.A, pd.B} {
		switch e.Kind {
		case board.EndEdge:
			out = append(out, uint64(hi)<<16|uint64(board.RotateEdge(e.N, rot)+1)<<8)
		case board.EndNode:
			nodes++
		}
	}
	if nodes > 1 {
		out = append(out, uint64(hi)<<16|uint64(p+1))
	}
	return out
}

// overlapLinearMax is the most paths Overlap checks without a map.
const overlapLinearMax = 64

// overlapScratch is Overlap's (pooled) list of the track units seen.
type overlapScratch struct {
	keys   []uint64 // see appendPackedTrackKeys
	owners []int
}

var overlapScratches = sync.Pool{New: func() any {
	return &overlapScratch{keys: make([]uint64, 0, 3*overlapLinearMax), owners: make([]int, 0, 3*overlapLinearMax)}
}}

func overlapMap(b *board.Board, routes []*Route) (i, j int, hex string, found bool) {
	owner := map[TrackKey]int{}
	var buf [4]TrackKey
	for ri, r := range routes {
		if r == nil {
			continue
		}
		for _, l := range r.Legs {
			for _, p := range l.Chain.Paths {
				for _, k := range appendTrackKeys(buf[:0], b, p) {
					if o, ok := owner[k]; ok {
						return o, ri, k.Hex, true
					}
					owner[k] = ri
				}
			}
		}
	}
	return 0, 0, "", false
}

// PassedBlocked returns the cities the route passes through (not its ends)
// that block corp: every slot filled, none by corp or a non-blocking token.
func (r *Route) PassedBlocked(b *board.Board, corp string) []board.NodeRef {
	var vbuf [16]board.NodeRef
	return PassedBlockedNodes(b, corp, r.appendVisited(vbuf[:0]))
}

// PassedBlockedNodes is PassedBlocked for a route visiting the nodes v
// (its Visited()).
func PassedBlockedNodes(b *board.Board, corp string, v []board.NodeRef) []board.NodeRef {
	var out []board.NodeRef
	for i := 1; i+1 < len(v); i++ {
		tile, _, ok := b.TileOn(v[i].Hex)
		if !ok || v[i].Node >= len(tile.Nodes) || tile.Nodes[v[i].Node].Kind != board.City {
			continue
		}
		if b.Blocks(v[i], corp) {
			out = append(out, v[i])
		}
	}
	return out
}

// HasToken reports whether the route visits a city holding a token of corp.
func (r *Route) HasToken(b *board.Board, corp string) bool {
	if corp == "" {
		return false
	}
	for _, l := range r.Legs {
		for _, n := range [2]board.NodeRef{l.Left(), l.Right()} {
			if b.HasToken(n, corp) {
				return true
			}
		}
	}
	return false
}
