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
	"sync"
	"unicode"

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
	// Paths are the paths walked from A to B, in walking order. A
	// resolved route's are shared with the board's memo of its chains:
	// read only.
	Paths []PathRef
}

// Leg is one resolved step of a route: the chain, walked from Left to
// Right (route order): from Chain.A to Chain.B unless Reversed.
type Leg struct {
	// Chain is shared with the board's memo of the chains (or the
	// route's maker): read only.
	Chain *Chain
	// Reversed says the leg runs from Chain.B to Chain.A.
	Reversed bool
}

// NewLeg returns the leg of chain c from left (one of its ends) to its
// other end.
func NewLeg(left board.NodeRef, c *Chain) Leg {
	return Leg{Chain: c, Reversed: left != c.A}
}

// String prints the leg as fmt's %v printed it when it held its chain by
// value ("{{A B [paths]} reversed}"), not the chain's address.
func (l Leg) String() string {
	if l.Chain == nil {
		return fmt.Sprintf("{<nil> %v}", l.Reversed)
	}
	return fmt.Sprintf("{%v %v}", *l.Chain, l.Reversed)
}

// Left is the node the leg starts from.
func (l Leg) Left() board.NodeRef {
	if l.Reversed {
		return l.Chain.B
	}
	return l.Chain.A
}

// Right is the node the leg ends at.
func (l Leg) Right() board.NodeRef {
	if l.Reversed {
		return l.Chain.A
	}
	return l.Chain.B
}

// Route is a resolved route.
type Route struct {
	Legs []Leg
}

// Visited returns the nodes the route visits, in route order, each once
// (18xx.games visited_stops).
func (r *Route) Visited() []board.NodeRef {
	if len(r.Legs) == 0 {
		return nil
	}
	return r.appendVisited(make([]board.NodeRef, 0, len(r.Legs)+1))
}

// AppendVisited appends the nodes of Visited to out and returns it (a
// caller's reused storage; the nodes are looked for only among those
// appended).
func (r *Route) AppendVisited(out []board.NodeRef) []board.NodeRef {
	return r.appendVisited(out)
}

// appendVisited appends the nodes of Visited to out (which must not hold
// any of them).
func (r *Route) appendVisited(out []board.NodeRef) []board.NodeRef {
	n0 := len(out)
	for _, l := range r.Legs {
		for _, n := range [2]board.NodeRef{l.Left(), l.Right()} {
			// Legs usually continue from the last node: test it first.
			if (len(out) == n0 || !sameNode(out[len(out)-1], n)) && !containsNode(out[n0:], n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// Paths returns every path the route uses, in leg order.
func (r *Route) Paths() []PathRef {
	n := 0
	for _, l := range r.Legs {
		n += len(l.Chain.Paths)
	}
	if n == 0 {
		return nil
	}
	out := make([]PathRef, 0, n)
	for _, l := range r.Legs {
		out = append(out, l.Chain.Paths...)
	}
	return out
}

// AppendPaths appends the paths of Paths to out and returns it.
func (r *Route) AppendPaths(out []PathRef) []PathRef {
	n := 0
	for _, l := range r.Legs {
		n += len(l.Chain.Paths)
	}
	out = slices.Grow(out, n)
	for _, l := range r.Legs {
		out = append(out, l.Chain.Paths...)
	}
	return out
}

// resolver caches hex snapshots for one resolution. Resolvers are pooled:
// nothing of theirs may escape Resolve.
type resolver struct {
	b *board.Board
	// hexes[:n] are the hexes read so far (searched linearly: a route
	// touches few); hexes[n:] are spare records from earlier resolutions.
	hexes []*hexInfo
	n     int
	w     walker // reused by every walk of the resolution
	// Scratch for Resolve (nothing here is part of its result).
	poss  [][]Chain
	other []PathRef
	cands []cand
	free  []bool
	// masks[i] is chainMasks of poss[i]; maskBuf holds their storage.
	masks   [][]uint64
	maskBuf [][]uint64
	// listedMemo memoises listed for the resolution's Options.Nodes.
	listedMemo []listedNode
	// key is the memo key being looked up (scratch).
	key []byte
	// paths is where found walks are copied to (part of the result, so
	// never written again: a fresh block is taken when it is full).
	paths []PathRef
}

// cand is a way to join two consecutive chains at their one shared node.
type cand struct {
	a, b             int // indices into poss[i] and poss[i+1]
	left, right, mid board.NodeRef
}

var resolvers = sync.Pool{New: func() any { return new(resolver) }}

type hexInfo struct {
	id    string
	tile  *board.TileDef
	rot   int
	nodes []int // node indices in 18xx.games tile.nodes order (by paths)
	junc  []int // paths with a junction end
	amb   bool  // more than one path joins two nodes
}

func (rs *resolver) hex(id string) (*hexInfo, error) {
	for _, h := range rs.hexes[:rs.n] {
		if h.id == id {
			return h, nil
		}
	}
	tile, rot, ok := rs.b.TileOn(id)
	if !ok || tile == nil {
		return nil, fmt.Errorf("route: no hex %s", id)
	}
	if rs.n == len(rs.hexes) {
		rs.hexes = append(rs.hexes, new(hexInfo))
	}
	h := rs.hexes[rs.n]
	*h = hexInfo{id: id, tile: tile, rot: rot, nodes: h.nodes[:0], junc: h.junc[:0]}
	nn := 0
	for p, pd := range tile.Paths {
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
	rs.n++
	return h, nil
}

// walker enumerates the chains from one start node (18xx.games Path#walk).
// Only walks that can still produce the wanted chain id are followed: the
// hex ids a walk has written so far (chainID without the one-path special
// case) must be a prefix of want.
type walker struct {
	rs      *resolver
	endHex  string // walks are recorded when they touch a node of endHex
	want    []string
	written int // hex ids of the current walk matched against want
	visited []PathRef
	// sides holds the hex sides the current walk crossed; juncs the hex of
	// every junction path it uses (small stacks, searched linearly).
	sides []sideKey
	juncs []string
	found []foundWalk
}

// foundWalk is a walk that ends on node end of the end hex.
type foundWalk struct {
	end   int
	paths []PathRef
}

// jcount is the number of junction paths on hex id the walk uses.
func (w *walker) jcount(id string) int {
	n := 0
	for _, j := range w.juncs {
		if j == id {
			n++
		}
	}
	return n
}

// sideKey names a hex side crossed by a walk.
type sideKey struct {
	hex  string
	side int
}

func pathSides(out []int, h *hexInfo, p int) []int {
	pd := &h.tile.Paths[p]
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
	if containsPath(w.visited, pr) {
		return
	}
	pd := &h.tile.Paths[p]
	junc := hasJunction(pd)
	jc := 0
	if junc {
		jc = w.jcount(h.id)
	}
	if jc > 1 {
		return
	}
	var sbuf [2]int
	sides := pathSides(sbuf[:0], h, p)
	for _, s := range sides {
		if slices.Contains(w.sides, sideKey{h.id, s}) {
			return
		}
	}
	if junc && pd.Terminal {
		return
	}
	// chainID writes the hex of this path unless it is a junction path
	// on a hex whose junction the walk already passed.
	writes := !(junc && jc > 0)
	prefix := true
	if writes {
		prefix = w.written < len(w.want) && w.want[w.written] == h.id
		if !prefix && len(w.visited) > 0 {
			// No extension of this walk has the wanted chain id (only a
			// one-path walk may have the special "HEX a.b" id).
			return
		}
		w.written++
	}
	w.visited = append(w.visited, pr)
	if junc {
		w.juncs = append(w.juncs, h.id)
	}
	if h.id == w.endHex && (pd.A.Kind == board.EndNode || pd.B.Kind == board.EndNode) && w.complete() {
		for _, e := range [2]board.End{pd.A, pd.B} {
			if e.Kind == board.EndNode {
				w.found = append(w.found, foundWalk{e.N, w.rs.keep(w.visited)})
			}
		}
	}
	if prefix {
		w.extend(h, pd, junc, sides, skip, jskip)
	}
	w.visited = w.visited[:len(w.visited)-1]
	if junc {
		w.juncs = w.juncs[:len(w.juncs)-1]
	}
	if writes {
		w.written--
	}
}

// complete reports whether the current walk's chain id is want. A walk of
// two or more paths only exists while its written hex ids are a prefix of
// want, so it is complete when it has written them all.
func (w *walker) complete() bool {
	if len(w.visited) == 1 {
		return w.rs.chainIDIs(w.visited, w.want)
	}
	return w.written == len(w.want)
}

// extend continues the walk past path pd of h: through the hex's junction
// and across the path's sides (except skip, where it came in).
func (w *walker) extend(h *hexInfo, pd *board.PathDef, junc bool, sides []int, skip int, jskip string) {
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
		if (w.written >= len(w.want) || w.want[w.written] != nid) && w.jcount(nid) == 0 {
			// Every path of nid would write a hex id that is not wanted.
			continue
		}
		nh, err := w.rs.hex(nid)
		if err != nil {
			continue
		}
		w.sides = append(w.sides, sideKey{h.id, s})
		inv := board.InvertEdge(s)
		for _, q := range nh.tile.PathsAtEdge(inv, nh.rot) {
			w.walk(nh, q, inv, jskip)
		}
		w.sides = w.sides[:len(w.sides)-1]
	}
}

// keep returns a copy of ps that is part of the result.
func (rs *resolver) keep(ps []PathRef) []PathRef {
	if len(rs.paths)+len(ps) > cap(rs.paths) {
		rs.paths = make([]PathRef, 0, max(32, len(ps)))
	}
	n := len(rs.paths)
	rs.paths = append(rs.paths, ps...)
	return rs.paths[n:len(rs.paths):len(rs.paths)]
}

// nodeChains appends to w.found the walks from node start of sh whose
// chain id is want and that end on a node of the end hex, in walking order.
func (rs *resolver) nodeChains(sh *hexInfo, start int, endHex string, want []string) []foundWalk {
	w := &rs.w
	*w = walker{rs: rs, endHex: endHex, want: want, visited: w.visited[:0], sides: w.sides[:0], juncs: w.juncs[:0], found: w.found[:0]}
	for _, p := range sh.tile.Nodes[start].Paths {
		w.walk(sh, p, -1, "")
	}
	return w.found
}

// chainID builds the 18xx.games chain id of a list of paths (see chainIDIs).
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

// chainIDIs reports whether the 18xx.games chain id of paths equals want.
// The id lists the hex of each path in order, leaving out a junction path
// on a hex whose junction an earlier path used; a single path joining two
// nodes of a hex with several such paths has the id "HEX a.b" instead (a
// <= b the parts of its nodes). It is chainID without building the id.
func (rs *resolver) chainIDIs(paths []PathRef, want []string) bool {
	if len(paths) == 1 {
		if h, _ := rs.hex(paths[0].Hex); h != nil && h.amb {
			pd := &h.tile.Paths[paths[0].Path]
			if pd.A.Kind == board.EndNode && pd.B.Kind == board.EndNode {
				// chainID is {"HEX a.b"}, a <= b the parts of the two nodes.
				a, b := h.tile.Nodes[pd.A.N].Part, h.tile.Nodes[pd.B.N].Part
				if a > b {
					a, b = b, a
				}
				if len(want) != 1 {
					return false
				}
				w := want[0]
				if len(w) <= len(h.id) || w[:len(h.id)] != h.id || w[len(h.id)] != ' ' {
					return false
				}
				x, y, ok := strings.Cut(w[len(h.id)+1:], ".")
				return ok && x == strconv.Itoa(a) && y == strconv.Itoa(b)
			}
		}
	}
	n := 0
	for i, pr := range paths {
		h, _ := rs.hex(pr.Hex)
		j := hasJunction(&h.tile.Paths[pr.Path])
		if j {
			// chainID skips a junction path on a hex whose junction an
			// earlier path of the chain used.
			seen := false
			for _, q := range paths[:i] {
				if q.Hex == pr.Hex {
					if qh, _ := rs.hex(q.Hex); hasJunction(&qh.tile.Paths[q.Path]) {
						seen = true
						break
					}
				}
			}
			if seen {
				continue
			}
		}
		if n >= len(want) || want[n] != pr.Hex {
			return false
		}
		n++
	}
	return n == len(want)
}

// matching returns the chains whose id equals hexIDs. They depend only on
// the tiles on those hexes, so they are memoised on the board (shared: the
// result must not be modified).
func (rs *resolver) matching(hexIDs []string) ([]Chain, error) {
	rs.key = appendMemoKey(rs.key[:0], hexIDs)
	v, err := rs.b.MemoByTilesBytes(rs.key, func() (any, []string, error) {
		out, err := rs.match(hexIDs)
		if err != nil {
			return nil, nil, err
		}
		deps := hexIDs // read only by the memo: plain ids are their own first field
		for _, id := range hexIDs {
			if !plainID(id) {
				deps = make([]string, len(hexIDs))
				for k, id := range hexIDs {
					deps[k] = firstField(id)
				}
				break
			}
		}
		return out, deps, nil
	})
	if err != nil {
		return nil, err
	}
	return v.([]Chain), nil
}

// appendMemoKey appends the MemoByTiles key of a chain to k.
func appendMemoKey(k []byte, hexIDs []string) []byte {
	k = append(k, "route.matching"...)
	for _, id := range hexIDs {
		k = append(k, 0)
		k = append(k, id...)
	}
	return k
}

// match computes matching. Walks only enter hexes of the chain (see
// walker), so only their tiles are read.
func (rs *resolver) match(hexIDs []string) ([]Chain, error) {
	if len(hexIDs) == 0 {
		return nil, fmt.Errorf("route: empty chain")
	}
	first, last := firstField(hexIDs[0]), firstField(hexIDs[len(hexIDs)-1])
	if first == "" || last == "" {
		return nil, fmt.Errorf("route: bad chain %v", hexIDs)
	}
	sh, err := rs.hex(first)
	if err != nil {
		return nil, err
	}
	eh, err := rs.hex(last)
	if err != nil {
		return nil, err
	}
	var out []Chain
	for _, s := range sh.nodes {
		found := rs.nodeChains(sh, s, eh.id, hexIDs)
		for _, e := range eh.nodes {
			if sh.id == eh.id && s == e {
				continue
			}
			// The walks to e, fewest paths first (stable).
			n0 := len(out)
			for _, f := range found {
				if f.end == e {
					out = append(out, Chain{A: board.NodeRef{Hex: sh.id, Node: s}, B: board.NodeRef{Hex: eh.id, Node: e}, Paths: f.paths})
				}
			}
			slices.SortStableFunc(out[n0:], func(a, b Chain) int { return len(a.Paths) - len(b.Paths) })
		}
	}
	return out, nil
}

// plainID reports whether s is all printable ASCII without spaces (so
// firstField(s) is s).
func plainID(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] >= 0x7f {
			return false
		}
	}
	return s != ""
}

// firstField returns strings.Fields(s)[0], or "" when s has no field.
func firstField(s string) string {
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		s = s[:i]
	}
	return s
}

// pathBit is the bit of p in a pathsMask: paths with disjoint masks
// share no path (equal paths have equal bits).
func pathBit(p PathRef) uint64 {
	h := uint(len(p.Hex))*131 + uint(p.Path)*17
	if n := len(p.Hex); n > 0 {
		h += uint(p.Hex[n-1])*7 + uint(p.Hex[0])*31
		if n > 1 {
			h += uint(p.Hex[n-2]) * 3
		}
	}
	return 1 << (h & 63)
}

// pathsMask is the union of the bits of ps: overlaps(a, b) is false
// when pathsMask(a)&pathsMask(b) is zero.
func pathsMask(ps []PathRef) uint64 {
	var m uint64
	for i := range ps {
		m |= pathBit(ps[i])
	}
	return m
}

func overlaps(a, b []PathRef) bool {
	for _, p := range a {
		if containsPath(b, p) {
			return true
		}
	}
	return false
}

// sameNode is a == b, comparing the node index before the hex id.
func sameNode(a, b board.NodeRef) bool { return a.Node == b.Node && a.Hex == b.Hex }

// containsNode is slices.Contains(ns, n), comparing as sameNode.
func containsNode(ns []board.NodeRef, n board.NodeRef) bool {
	for i := range ns {
		if sameNode(ns[i], n) {
			return true
		}
	}
	return false
}

// containsPath is slices.Contains(ps, p), comparing the path index before
// the hex id.
func containsPath(ps []PathRef, p PathRef) bool {
	for i := range ps {
		if ps[i].Path == p.Path && ps[i].Hex == p.Hex {
			return true
		}
	}
	return false
}

// ContainsPath reports whether p is in ps (slices.Contains, faster).
func ContainsPath(ps []PathRef, p PathRef) bool { return containsPath(ps, p) }

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

// listed reports whether the signature of node x (board.Signature) is in
// sigs, without building it; answers are memoised for the resolution.
func (rs *resolver) listed(sigs []string, x board.NodeRef) bool {
	for _, l := range rs.listedMemo {
		if sameNode(l.n, x) {
			return l.in
		}
	}
	in := rs.isListed(sigs, x)
	rs.listedMemo = append(rs.listedMemo, listedNode{x, in})
	return in
}

type listedNode struct {
	n  board.NodeRef
	in bool
}

func (rs *resolver) isListed(sigs []string, x board.NodeRef) bool {
	// the tile alone (rs.hex would also order its nodes)
	var tile *board.TileDef
	for _, h := range rs.hexes[:rs.n] {
		if h.id == x.Hex {
			tile = h.tile
			break
		}
	}
	if tile == nil {
		tile, _, _ = rs.b.TileOn(x.Hex)
	}
	if tile == nil || x.Node < 0 || x.Node >= len(tile.Nodes) {
		return slices.Contains(sigs, "")
	}
	part := tile.Nodes[x.Node].Part
	for _, s := range sigs {
		if len(s) > len(x.Hex)+1 && s[len(x.Hex)] == '-' && s[:len(x.Hex)] == x.Hex && s[len(x.Hex)+1:] == strconv.Itoa(part) {
			return true
		}
	}
	return false
}

// Resolve resolves the connections of one route.
func Resolve(b *board.Board, connections [][]string, opt Options) (*Route, error) {
	rs := resolvers.Get().(*resolver)
	rs.b, rs.n, rs.listedMemo = b, 0, rs.listedMemo[:0]
	defer func() {
		// rs.paths is kept: its unused tail serves the next resolution
		// (what was kept of it is capped, so never written again).
		rs.b, rs.w.rs, rs.w.want = nil, nil, nil
		clear(rs.w.found)
		clear(rs.poss)
		clear(rs.other)
		clear(rs.cands)
		clear(rs.listedMemo)
		resolvers.Put(rs)
	}()
	return rs.resolve(b, connections, opt)
}

// resolve is Resolve with the pooled resolver rs (one deferred call in
// each, so both are open-coded).
func (rs *resolver) resolve(b *board.Board, connections [][]string, opt Options) (*Route, error) {
	// the scratch lists, handed back to rs for the next resolution
	other, cands, free, masks := rs.other[:0], rs.cands[:0], rs.free[:0], rs.masks[:0]
	defer func() { rs.other, rs.cands, rs.free, rs.masks = other, cands, free, masks }()
	if len(connections) == 0 {
		return &Route{}, nil
	}
	rs.poss = rs.poss[:0]
	for _, c := range connections {
		m, err := rs.matching(c)
		if err != nil {
			return nil, err
		}
		rs.poss = append(rs.poss, m)
	}
	poss := rs.poss
	other = append(other, opt.Other...)
	otherMask := pathsMask(other)
	if len(poss) == 1 {
		for k := range poss[0] {
			ch := &poss[0][k]
			if pathsMask(ch.Paths)&otherMask != 0 && overlaps(ch.Paths, other) {
				continue
			}
			for _, n := range [2]board.NodeRef{ch.A, ch.B} {
				if opt.Corp != "" && b.HasToken(n, opt.Corp) {
					return &Route{Legs: []Leg{{Chain: ch}}}, nil
				}
			}
		}
		if opt.Untokened {
			for k := range poss[0] {
				ch := &poss[0][k]
				if pathsMask(ch.Paths)&otherMask == 0 || !overlaps(ch.Paths, other) {
					return &Route{Legs: []Leg{{Chain: ch}}}, nil
				}
			}
		}
		reason := NoToken
		if len(poss[0]) == 0 {
			reason = NoTrack
		}
		return nil, refusal(reason, fmt.Sprintf("route: chain %v does not touch a %s token", connections[0], opt.Corp), chainHexes(connections[0])...)
	}
	r := &Route{Legs: make([]Leg, 0, len(poss))}
	// masks[i][k] is the pathsMask of chain k of connection i (computed
	// as connection i is first joined to its successor).
	for i := 0; i+1 < len(poss); i++ {
		cands = cands[:0]
		if i == 0 {
			masks = append(masks, rs.chainMasks(0, poss[0]))
		}
		masks = append(masks, rs.chainMasks(i+1, poss[i+1]))
		ma, mb := masks[i], masks[i+1]
		// free[bi]: chain bi of the next connection uses no other track
		free = free[:0]
		for bi := range poss[i+1] {
			free = append(free, mb[bi]&otherMask == 0 || !overlaps(poss[i+1][bi].Paths, other))
		}
		for ai := range poss[i] {
			a := &poss[i][ai]
			if ma[ai]&otherMask != 0 && overlaps(a.Paths, other) {
				continue
			}
			for bi := range poss[i+1] {
				bc := &poss[i+1][bi]
				if !free[bi] {
					continue
				}
				// The chains must share exactly one end node, and no track.
				an := [2]board.NodeRef{a.A, a.B}
				bn := [2]board.NodeRef{bc.A, bc.B}
				var mid [2]board.NodeRef
				nm := 0
				for _, n := range an {
					if containsNode(bn[:], n) && !containsNode(mid[:nm], n) {
						mid[nm] = n
						nm++
					}
				}
				if nm != 1 || (ma[ai]&mb[bi] != 0 && overlaps(a.Paths, bc.Paths)) {
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
				cands = append(cands, cand{ai, bi, left, right, m})
			}
		}
		if len(cands) == 0 {
			reason := NotJoined
			if len(poss[i]) == 0 || len(poss[i+1]) == 0 {
				reason = NoTrack
			}
			return nil, refusal(reason, fmt.Sprintf("route: chains %v and %v do not join", connections[i], connections[i+1]), append(chainHexes(connections[i]), chainHexes(connections[i+1])...)...)
		}
		best := 0
		if len(cands) > 1 && len(opt.Nodes) > 0 {
			bestN := -1
			for k, c := range cands {
				n := 0
				for _, x := range [3]board.NodeRef{c.left, c.right, c.mid} {
					if rs.listed(opt.Nodes, x) {
						n++
					}
				}
				if n > bestN {
					best, bestN = k, n
				}
			}
		}
		c := cands[best]
		ca, cb := &poss[i][c.a], &poss[i+1][c.b]
		if i == 0 {
			r.Legs = append(r.Legs, NewLeg(c.left, ca))
		}
		r.Legs = append(r.Legs, NewLeg(c.mid, cb))
		other = append(other, ca.Paths...)
		otherMask |= ma[c.a]
	}
	// The legs' paths are the memoised ones (capped, never written again),
	// shared with the route.
	return r, nil
}

// chainMasks returns the pathsMask of each chain of connection i, in
// the resolver's storage for that connection.
func (rs *resolver) chainMasks(i int, chains []Chain) []uint64 {
	for len(rs.maskBuf) <= i {
		rs.maskBuf = append(rs.maskBuf, nil)
	}
	out := rs.maskBuf[i][:0]
	for k := range chains {
		out = append(out, pathsMask(chains[k].Paths))
	}
	rs.maskBuf[i] = out
	return out
}

// chainHexes returns the hex ids of a chain id ("F2 0.1" is hex F2).
func chainHexes(c []string) []string {
	out := make([]string, 0, len(c))
	for _, s := range c {
		if h := firstField(s); h != "" {
			out = append(out, h)
		}
	}
	return out
}
