package route

// The route resolver as first written (commit 153cd3c): the oracle for
// TestResolveMatchesReference. Identifiers carry a ref prefix.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tresham/board"
)

type refResolver struct {
	b     *board.Board
	hexes map[string]*refHexInfo
}

type refHexInfo struct {
	id    string
	tile  *board.TileDef
	rot   int
	nodes []int // node indices in 18xx.games tile.nodes order (by paths)
	junc  []int // paths with a junction end
	amb   bool  // more than one path joins two nodes
	// tokens[n] are the slots of city node n.
	tokens [][]string
}

func (rs *refResolver) hex(id string) (*refHexInfo, error) {
	if h, ok := rs.hexes[id]; ok {
		return h, nil
	}
	v, ok := rs.b.Hex(id)
	if !ok || v.Tile == nil {
		return nil, fmt.Errorf("route: no hex %s", id)
	}
	h := &refHexInfo{id: id, tile: v.Tile, rot: v.Rotation, tokens: v.Tokens}
	nn := 0
	for p, pd := range v.Tile.Paths {
		cnt := 0
		for _, e := range [2]board.End{pd.A, pd.B} {
			switch e.Kind {
			case board.EndNode:
				cnt++
				if !slices.Contains(h.nodes, e.N) {
					h.nodes = append(h.nodes, e.N)
				}
			case board.EndJunction:
				h.junc = append(h.junc, p)
			}
		}
		if cnt > 1 {
			nn++
		}
	}
	h.amb = nn > 1
	rs.hexes[id] = h
	return h, nil
}

// refWalker enumerates the chains from one start node (18xx.games Path#walk).
type refWalker struct {
	rs      *refResolver
	end     board.NodeRef
	visited []PathRef
	sides   map[refSideKey]int
	jcount  map[string]int
	found   [][]PathRef
}

// refSideKey names a hex side crossed by a walk.
type refSideKey struct {
	hex  string
	side int
}

func refPathSides(h *refHexInfo, p int) []int {
	pd := &h.tile.Paths[p]
	var out []int
	for _, e := range [2]board.End{pd.A, pd.B} {
		if e.Kind == board.EndEdge {
			out = append(out, board.RotateEdge(e.N, h.rot))
		}
	}
	return out
}

func refHasJunction(pd *board.PathDef) bool {
	return pd.A.Kind == board.EndJunction || pd.B.Kind == board.EndJunction
}

func (w *refWalker) walk(h *refHexInfo, p, skip int, jskip string) {
	pr := PathRef{h.id, p}
	if slices.Contains(w.visited, pr) {
		return
	}
	pd := &h.tile.Paths[p]
	junc := refHasJunction(pd)
	if junc && w.jcount[h.id] > 1 {
		return
	}
	sides := refPathSides(h, p)
	for _, s := range sides {
		if w.sides[refSideKey{h.id, s}] > 0 {
			return
		}
	}
	if junc && pd.Terminal {
		return
	}
	w.visited = append(w.visited, pr)
	if junc {
		w.jcount[h.id]++
	}
	if h.id == w.end.Hex {
		for _, e := range [2]board.End{pd.A, pd.B} {
			if e.Kind == board.EndNode && e.N == w.end.Node {
				w.found = append(w.found, slices.Clone(w.visited))
				break
			}
		}
	}
	if junc && jskip != h.id {
		for _, q := range h.junc {
			w.walk(h, q, -1, h.id)
		}
	}
	for _, s := range sides {
		if s == skip {
			continue
		}
		nid := w.rs.b.Neighbor(h.id, s)
		if nid == "" {
			continue
		}
		nh, err := w.rs.hex(nid)
		if err != nil {
			continue
		}
		key := refSideKey{h.id, s}
		w.sides[key]++
		inv := board.InvertEdge(s)
		for _, q := range nh.tile.PathsAtEdge(inv, nh.rot) {
			w.walk(nh, q, inv, jskip)
		}
		w.sides[key]--
	}
	w.visited = w.visited[:len(w.visited)-1]
	if junc {
		w.jcount[h.id]--
	}
}

// refNodeChains returns all chains from start to end, fewest paths first.
func (rs *refResolver) refNodeChains(sh *refHexInfo, start int, end board.NodeRef) [][]PathRef {
	w := &refWalker{rs: rs, end: end, sides: map[refSideKey]int{}, jcount: map[string]int{}}
	for _, p := range sh.tile.Nodes[start].Paths {
		w.walk(sh, p, -1, "")
	}
	slices.SortStableFunc(w.found, func(a, b []PathRef) int { return len(a) - len(b) })
	return w.found
}

// refChainID is the 18xx.games chain id of a list of paths.
func (rs *refResolver) refChainID(paths []PathRef) []string {
	if len(paths) == 1 {
		h, _ := rs.hex(paths[0].Hex)
		if h != nil && h.amb {
			pd := &h.tile.Paths[paths[0].Path]
			var parts []int
			for _, e := range [2]board.End{pd.A, pd.B} {
				if e.Kind == board.EndNode {
					parts = append(parts, h.tile.Nodes[e.N].Part)
				}
			}
			slices.Sort(parts)
			if len(parts) == 2 {
				return []string{h.id + " " + strconv.Itoa(parts[0]) + "." + strconv.Itoa(parts[1])}
			}
		}
	}
	var ids []string
	seenJ := map[string]bool{}
	for _, pr := range paths {
		h, _ := rs.hex(pr.Hex)
		j := refHasJunction(&h.tile.Paths[pr.Path])
		if !(j && seenJ[pr.Hex]) {
			ids = append(ids, pr.Hex)
		}
		if j {
			seenJ[pr.Hex] = true
		}
	}
	return ids
}

// refMatching returns the chains whose id equals hexIDs.
func (rs *refResolver) refMatching(hexIDs []string) ([]Chain, error) {
	if len(hexIDs) == 0 {
		return nil, fmt.Errorf("route: empty chain")
	}
	first := strings.Fields(hexIDs[0])
	last := strings.Fields(hexIDs[len(hexIDs)-1])
	if len(first) == 0 || len(last) == 0 {
		return nil, fmt.Errorf("route: bad chain %v", hexIDs)
	}
	sh, err := rs.hex(first[0])
	if err != nil {
		return nil, err
	}
	eh, err := rs.hex(last[0])
	if err != nil {
		return nil, err
	}
	var out []Chain
	for _, s := range sh.nodes {
		for _, e := range eh.nodes {
			if sh.id == eh.id && s == e {
				continue
			}
			end := board.NodeRef{Hex: eh.id, Node: e}
			for _, ps := range rs.refNodeChains(sh, s, end) {
				if slices.Equal(rs.refChainID(ps), hexIDs) {
					out = append(out, Chain{A: board.NodeRef{Hex: sh.id, Node: s}, B: end, Paths: ps})
				}
			}
		}
	}
	return out, nil
}

func refOverlaps(a, b []PathRef) bool {
	for _, p := range a {
		if slices.Contains(b, p) {
			return true
		}
	}
	return false
}

// refResolve is Resolve as first written.
func refResolve(b *board.Board, connections [][]string, opt Options) (*Route, error) {
	rs := &refResolver{b: b, hexes: map[string]*refHexInfo{}}
	if len(connections) == 0 {
		return &Route{}, nil
	}
	poss := make([][]Chain, len(connections))
	for i, c := range connections {
		m, err := rs.refMatching(c)
		if err != nil {
			return nil, err
		}
		poss[i] = m
	}
	other := slices.Clone(opt.Other)
	if len(poss) == 1 {
		for _, ch := range poss[0] {
			if refOverlaps(ch.Paths, other) {
				continue
			}
			for _, n := range [2]board.NodeRef{ch.A, ch.B} {
				h, _ := rs.hex(n.Hex)
				if n.Node < len(h.tokens) && slices.Contains(h.tokens[n.Node], opt.Corp) && opt.Corp != "" {
					return &Route{Legs: []Leg{{Chain: &ch}}}, nil
				}
			}
		}
		return nil, fmt.Errorf("route: chain %v does not touch a %s token", connections[0], opt.Corp)
	}
	sig := func(n board.NodeRef) string { return b.Signature(n) }
	r := &Route{}
	for i := 0; i+1 < len(poss); i++ {
		type cand struct {
			a, b             Chain
			left, right, mid board.NodeRef
		}
		var cands []cand
		for _, a := range poss[i] {
			if refOverlaps(a.Paths, other) {
				continue
			}
			for _, bc := range poss[i+1] {
				if refOverlaps(bc.Paths, other) || refOverlaps(a.Paths, bc.Paths) {
					continue
				}
				an := []board.NodeRef{a.A, a.B}
				bn := []board.NodeRef{bc.A, bc.B}
				var mid []board.NodeRef
				for _, n := range an {
					if slices.Contains(bn, n) && !slices.Contains(mid, n) {
						mid = append(mid, n)
					}
				}
				if len(mid) != 1 {
					continue
				}
				m := mid[0]
				left := a.A
				if left == m {
					left = a.B
				}
				right := bc.A
				if right == m {
					right = bc.B
				}
				cands = append(cands, cand{a, bc, left, right, m})
			}
		}
		if len(cands) == 0 {
			return nil, fmt.Errorf("route: chains %v and %v do not join", connections[i], connections[i+1])
		}
		best := 0
		if len(cands) > 1 && len(opt.Nodes) > 0 {
			bestN := -1
			for k, c := range cands {
				n := 0
				for _, x := range [3]board.NodeRef{c.left, c.right, c.mid} {
					if slices.Contains(opt.Nodes, sig(x)) {
						n++
					}
				}
				if n > bestN {
					best, bestN = k, n
				}
			}
		}
		c := cands[best]
		if i == 0 {
			r.Legs = append(r.Legs, NewLeg(c.left, &c.a))
		}
		r.Legs = append(r.Legs, NewLeg(c.mid, &c.b))
		other = append(other, c.a.Paths...)
	}
	return r, nil
}
