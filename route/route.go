// Package route resolves an 18xx.games route description (the `connections`
// chains and `nodes` signatures of a run_routes action) into the ordered
// nodes it visits and the track paths it uses, on a *board.Board.
//
// A chain is the track between two consecutive nodes, written as one hex id
// per path used (a path leaving a junction already passed adds none), in
// either direction; a one-element "HEX a.b" chain names an ambiguous
// intra-tile path between the nodes with parts a and b. Resolution follows
// the fixtures README §5 items 13–14: every walk from every node of the
// chain's first hex to every node of its last hex whose hex list equals
// the chain is a candidate (shortest first); consecutive chains must share
// exactly one node and no track; ties prefer candidates whose nodes appear in
// `nodes`; a one-chain route takes the first candidate touching a city
// tokened by the corporation.
//
// The package is title independent: stop selection and revenue belong to
// the titles.
package route

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tresham/board"
)

// PathRef names one track path: a hex and the index of the path in the
// tile now on that hex.
type PathRef struct {
	Hex  string
	Path int
}

// Chain is the track between two nodes of a route.
type Chain struct {
	// A and B are the end nodes, A on the chain's first written hex.
	A, B board.NodeRef
	// Paths are the paths walked from A to B, in walking order.
	Paths []PathRef
}

// Leg is one resolved step of a route: the chain and its end nodes in
// route order (Left before Right).
type Leg struct {
	Left, Right board.NodeRef
	Chain       Chain
}

// Route is a resolved route.
type Route struct {
	Legs []Leg
}

// Visited returns the nodes the route visits, in route order, each once
// (18xx.games visited_stops).
func (r *Route) Visited() []board.NodeRef {
	var out []board.NodeRef
	for _, l := range r.Legs {
		for _, n := range [2]board.NodeRef{l.Left, l.Right} {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// Paths returns every path the route uses, in leg order.
func (r *Route) Paths() []PathRef {
	var out []PathRef
	for _, l := range r.Legs {
		out = append(out, l.Chain.Paths...)
	}
	return out
}

// resolver caches hex snapshots for one resolution.
type resolver struct {
	b     *board.Board
	hexes map[string]*hexInfo
}

type hexInfo struct {
	id    string
	tile  *board.TileDef
	rot   int
	nodes []int // node indices in 18xx.games tile.nodes order (by paths)
	junc  []int // paths with a junction end
	amb   bool  // more than one path joins two nodes
	// tokens[n] are the slots of city node n.
	tokens [][]string
}

func (rs *resolver) hex(id string) (*hexInfo, error) {
	if h, ok := rs.hexes[id]; ok {
		return h, nil
	}
	v, ok := rs.b.Hex(id)
	if !ok || v.Tile == nil {
		return nil, fmt.Errorf("route: no hex %s", id)
	}
	h := &hexInfo{id: id, tile: v.Tile, rot: v.Rotation, tokens: v.Tokens}
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

// walker enumerates the chains from one start node (18xx.games Path#walk).
type walker struct {
	rs      *resolver
	end     board.NodeRef
	visited []PathRef
	sides   map[sideKey]int
	jcount  map[string]int
	found   [][]PathRef
}

// sideKey names a hex side crossed by a walk.
type sideKey struct {
	hex  string
	side int
}

func pathSides(h *hexInfo, p int) []int {
	pd := &h.tile.Paths[p]
	var out []int
	for _, e := range [2]board.End{pd.A, pd.B} {
		if e.Kind == board.EndEdge {
			out = append(out, board.RotateEdge(e.N, h.rot))
		}
	}
	return out
}

func hasJunction(pd *board.PathDef) bool {
	return pd.A.Kind == board.EndJunction || pd.B.Kind == board.EndJunction
}

func (w *walker) walk(h *hexInfo, p, skip int, jskip string) {
	pr := PathRef{h.id, p}
	if slices.Contains(w.visited, pr) {
		return
	}
	pd := &h.tile.Paths[p]
	junc := hasJunction(pd)
	if junc && w.jcount[h.id] > 1 {
		return
	}
	sides := pathSides(h, p)
	for _, s := range sides {
		if w.sides[sideKey{h.id, s}] > 0 {
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
		key := sideKey{h.id, s}
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

// nodeChains returns all chains from start to end, fewest paths first.
func (rs *resolver) nodeChains(sh *hexInfo, start int, end board.NodeRef) [][]PathRef {
	w := &walker{rs: rs, end: end, sides: map[sideKey]int{}, jcount: map[string]int{}}
	for _, p := range sh.tile.Nodes[start].Paths {
		w.walk(sh, p, -1, "")
	}
	slices.SortStableFunc(w.found, func(a, b []PathRef) int { return len(a) - len(b) })
	return w.found
}

// chainID is the 18xx.games chain id of a list of paths.
func (rs *resolver) chainID(paths []PathRef) []string {
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
		j := hasJunction(&h.tile.Paths[pr.Path])
		if !(j && seenJ[pr.Hex]) {
			ids = append(ids, pr.Hex)
		}
		if j {
			seenJ[pr.Hex] = true
		}
	}
	return ids
}

// matching returns the chains whose id equals hexIDs.
func (rs *resolver) matching(hexIDs []string) ([]Chain, error) {
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
			for _, ps := range rs.nodeChains(sh, s, end) {
				if slices.Equal(rs.chainID(ps), hexIDs) {
					out = append(out, Chain{A: board.NodeRef{Hex: sh.id, Node: s}, B: end, Paths: ps})
				}
			}
		}
	}
	return out, nil
}

func overlaps(a, b []PathRef) bool {
	for _, p := range a {
		if slices.Contains(b, p) {
			return true
		}
	}
	return false
}

// Options tunes a resolution.
type Options struct {
	// Corp is the corporation running the route (one-chain routes must
	// touch one of its tokens).
	Corp string
	// Nodes are the route's node signatures ("HEX-PART"), used to break ties.
	Nodes []string
	// Other are paths used by the corporation's other routes this turn.
	Other []PathRef
	// Untokened lets a one-chain route that touches no token of Corp take
	// its first candidate clear of Other (1825 double-heading: one of two
	// '2' trains run as a '3' need not reach a station of its own).
	Untokened bool
}

// Resolve resolves the connections of one route.
func Resolve(b *board.Board, connections [][]string, opt Options) (*Route, error) {
	rs := &resolver{b: b, hexes: map[string]*hexInfo{}}
	if len(connections) == 0 {
		return &Route{}, nil
	}
	poss := make([][]Chain, len(connections))
	for i, c := range connections {
		m, err := rs.matching(c)
		if err != nil {
			return nil, err
		}
		poss[i] = m
	}
	other := slices.Clone(opt.Other)
	if len(poss) == 1 {
		for _, ch := range poss[0] {
			if overlaps(ch.Paths, other) {
				continue
			}
			for _, n := range [2]board.NodeRef{ch.A, ch.B} {
				h, _ := rs.hex(n.Hex)
				if n.Node < len(h.tokens) && slices.Contains(h.tokens[n.Node], opt.Corp) && opt.Corp != "" {
					return &Route{Legs: []Leg{{Left: ch.A, Right: ch.B, Chain: ch}}}, nil
				}
			}
		}
		if opt.Untokened {
			for _, ch := range poss[0] {
				if !overlaps(ch.Paths, other) {
					return &Route{Legs: []Leg{{Left: ch.A, Right: ch.B, Chain: ch}}}, nil
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
			if overlaps(a.Paths, other) {
				continue
			}
			for _, bc := range poss[i+1] {
				if overlaps(bc.Paths, other) || overlaps(a.Paths, bc.Paths) {
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
			r.Legs = append(r.Legs, Leg{Left: c.left, Right: c.mid, Chain: c.a})
		}
		r.Legs = append(r.Legs, Leg{Left: c.mid, Right: c.right, Chain: c.b})
		other = append(other, c.a.Paths...)
	}
	return r, nil
}
