package route

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"sync"

	"tresham/board"
)

// This file is the title-independent exact route solver: given the board,
// a corporation and its trains, it finds the assignment of routes to
// trains that maximises an objective, under the generic 18xx route rules
// (continuous track, no station twice, no track shared by two trains or
// used twice, optionally no hex re-entry, a station of the corporation on
// every route, tokened-out stations passable only as the rules allow, the
// home-base and intersecting-runs rules). Stop selection and revenue are
// the title's, through Hook.
//
// Method: the corporation's reachable network is flattened to integer
// arrays (nodes, and segments: the track between two nodes with no node
// between); every legal route is enumerated by depth-first search from
// its possible end stations, each once; each train evaluates every route
// it may run (through the hook); a branch and bound over the trains picks
// routes in decreasing value with used track as bitsets, bounded by the
// sum of the remaining trains' best values. The search is exhaustive:
// exact, never cut short by a budget.

// NodeInfo describes one node of the flattened network to the hook.
type NodeInfo struct {
	Ref  board.NodeRef
	Def  *board.NodeDef
	Kind board.NodeKind
	// Token reports a token of the corporation on the node.
	Token bool
	// Blocked reports a city tokened out for the corporation.
	Blocked bool
	// Home reports one of the corporation's home-base cities.
	Home bool
}

// Outcome is one result a train can obtain on a route. Choice is the
// title's option that yields it (1860: the number of halts asked for, or
// -1 for the default).
type Outcome struct {
	Revenue, Subsidy, Choice int
}

// MaxClasses is the number of stop classes the hook may use for its caps.
const MaxClasses = 4

// Hook is the title's part of the solver.
type Hook interface {
	// TrainKey groups trains that behave identically: trains with equal
	// keys get the same candidate routes and values.
	TrainKey(train int) string
	// Class returns the stop class of a node, 0 ≤ class < MaxClasses.
	Class(n *NodeInfo) int
	// CanEnd reports whether a route may begin or end at the node.
	CanEnd(n *NodeInfo) bool
	// Within reports whether a route visiting counts[c] nodes of each
	// class may be legal for the train; it must be monotone (false stays
	// false when a count grows). train -1 asks for any train.
	Within(train int, counts *[MaxClasses]int) bool
	// Evaluate appends to buf the outcomes the train may obtain on a route
	// visiting these nodes in order (nothing if it may not run it).
	Evaluate(train int, visits []*NodeInfo, buf []Outcome) []Outcome
}

// Problem is one corporation's position.
type Problem struct {
	Board *board.Board
	Corp  string
	// Home lists the home-base token cities; when HomeRule is set, one
	// route must visit one of them.
	Home     []board.NodeRef
	HomeRule bool
	// Intersect requires every route to share a station with another so
	// that all routes are connected.
	Intersect bool
	// Trains is the number of trains; the hook knows them by index.
	Trains int
	Hook   Hook
	// ReEnterHexes allows a route to enter a hex it has left.
	ReEnterHexes bool
	// MaxBlockedPass is how many tokened-out stations one route may pass
	// through; MaxBlockedRoutes how many routes of the run may do so.
	MaxBlockedPass, MaxBlockedRoutes int
}

// Objective selects what the solver maximises.
type Objective int

const (
	// MaxRevenue maximises revenue, then subsidy.
	MaxRevenue Objective = iota
	// MaxTotal maximises revenue plus subsidy, then revenue.
	MaxTotal
)

// Planned is the route chosen for one train.
type Planned struct {
	Train int
	// Visits are the nodes in route order (nil: the train does not run).
	Visits []board.NodeRef
	// Connections and Nodes are the route in 18xx.games form.
	Connections [][]string
	Nodes       []string
	Outcome     Outcome
}

// Solution is the best assignment for one objective.
type Solution struct {
	Revenue, Subsidy int
	Routes           []Planned
}

// Result holds both objectives' solutions and search statistics.
type Result struct {
	Best  [2]Solution // indexed by Objective
	Stats Stats
}

// Stats describe a solve.
type Stats struct {
	Nodes, Segments, Candidates, Searched int
}

// --- flattened network ---

type segment struct {
	a, b  int32
	keys  []int32   // track keys
	hexes []int32   // hex sequence from a to b, consecutive duplicates removed
	paths []PathRef // from a to b
}

type arc struct {
	seg   int32
	other int32
	fwd   bool
}

type network struct {
	b      *board.Board
	nodes  []NodeInfo
	class  []int8
	canEnd []bool
	segs   []segment
	adj    [][]arc
	nkeys  int
	nhex   int
	hexIdx map[string]int32
}

type hexData struct {
	id   string
	view board.HexView
	idx  int32
	node []int32 // node index -> network node id (or -1)
}

func flatten(p *Problem) (*network, error) {
	b := p.Board
	nw := &network{b: b, hexIdx: map[string]int32{}}
	ids := b.HexIDs()
	hexes := make([]*hexData, len(ids))
	for i, id := range ids {
		v, _ := b.Hex(id)
		hexes[i] = &hexData{id: id, view: v, idx: int32(i)}
		nw.hexIdx[id] = int32(i)
	}
	nw.nhex = len(ids)
	home := map[board.NodeRef]bool{}
	for _, h := range p.Home {
		home[h] = true
	}
	for _, h := range hexes {
		t := h.view.Tile
		if t == nil {
			continue
		}
		h.node = make([]int32, len(t.Nodes))
		for n := range t.Nodes {
			h.node[n] = -1
			if len(t.Nodes[n].Paths) == 0 {
				continue
			}
			ref := board.NodeRef{Hex: h.id, Node: n}
			info := NodeInfo{Ref: ref, Def: &t.Nodes[n], Kind: t.Nodes[n].Kind, Home: home[ref]}
			if n < len(h.view.Tokens) {
				for _, c := range h.view.Tokens[n] {
					if c == p.Corp && c != "" {
						info.Token = true
					}
				}
			}
			info.Blocked = info.Kind == board.City && !info.Token && b.Blocks(ref, p.Corp)
			h.node[n] = int32(len(nw.nodes))
			nw.nodes = append(nw.nodes, info)
		}
	}
	// Track keys: a hex side of a hex, and a node-to-node path.
	keyIdx := map[TrackKey]int32{}
	key := func(k TrackKey) int32 {
		if v, ok := keyIdx[k]; ok {
			return v
		}
		v := int32(len(keyIdx))
		keyIdx[k] = v
		return v
	}
	pathKeys := func(h *hexData, p int) []int32 {
		pd := &h.view.Tile.Paths[p]
		var out []int32
		nn := 0
		for _, e := range [2]board.End{pd.A, pd.B} {
			switch e.Kind {
			case board.EndEdge:
				out = append(out, key(TrackKey{Hex: h.id, Edge: board.RotateEdge(e.N, h.view.Rotation), Path: -1}))
			case board.EndNode:
				nn++
			}
		}
		if nn > 1 {
			out = append(out, key(TrackKey{Hex: h.id, Edge: -1, Path: p}))
		}
		return out
	}
	// Segments: walk from every node along each of its paths until a node.
	reEnter := p.ReEnterHexes
	type step struct {
		h *hexData
		p int
	}
	for _, h := range hexes {
		if h.node == nil {
			continue
		}
		t := h.view.Tile
		for n, nid := range h.node {
			if nid < 0 {
				continue
			}
			for _, p0 := range t.Nodes[n].Paths {
				var walk []step
				var rec func(h *hexData, p int, from board.End)
				rec = func(h *hexData, p int, from board.End) {
					for _, s := range walk {
						if s.h == h && s.p == p {
							return
						}
					}
					walk = append(walk, step{h, p})
					defer func() { walk = walk[:len(walk)-1] }()
					pd := &h.view.Tile.Paths[p]
					other := pd.B
					if pd.A != from {
						other = pd.A
					}
					switch other.Kind {
					case board.EndNode:
						m := h.node[other.N]
						if m < 0 || m == nid || nid > m {
							return // each segment once, from its lower end
						}
						seg := segment{a: nid, b: m}
						for _, s := range walk {
							seg.paths = append(seg.paths, PathRef{Hex: s.h.id, Path: s.p})
							seg.keys = append(seg.keys, pathKeys(s.h, s.p)...)
							if len(seg.hexes) == 0 || seg.hexes[len(seg.hexes)-1] != s.h.idx {
								seg.hexes = append(seg.hexes, s.h.idx)
							}
						}
						if (reEnter || noReentry(seg.hexes)) && distinct(seg.keys) {
							nw.segs = append(nw.segs, seg)
						}
					case board.EndEdge:
						e := board.RotateEdge(other.N, h.view.Rotation)
						nbr := b.Neighbor(h.id, e)
						if nbr == "" {
							return
						}
						nh := hexes[nw.hexIdx[nbr]]
						if nh.view.Tile == nil {
							return
						}
						inv := board.InvertEdge(e)
						for _, q := range nh.view.Tile.PathsAtEdge(inv, nh.view.Rotation) {
							qd := &nh.view.Tile.Paths[q]
							from := qd.A
							if !(qd.A.Kind == board.EndEdge && board.RotateEdge(qd.A.N, nh.view.Rotation) == inv) {
								from = qd.B
							}
							rec(nh, q, from)
						}
					case board.EndJunction:
						t := h.view.Tile
						for q := range t.Paths {
							qd := &t.Paths[q]
							if q == p || (qd.A.Kind != board.EndJunction && qd.B.Kind != board.EndJunction) {
								continue
							}
							from := qd.A
							if qd.A.Kind != board.EndJunction {
								from = qd.B
							}
							rec(h, q, from)
						}
					}
				}
				pd := &t.Paths[p0]
				from := pd.A
				if !(pd.A.Kind == board.EndNode && pd.A.N == n) {
					from = pd.B
				}
				rec(h, p0, from)
			}
		}
	}
	nw.nkeys = len(keyIdx)
	nw.adj = make([][]arc, len(nw.nodes))
	for i, s := range nw.segs {
		nw.adj[s.a] = append(nw.adj[s.a], arc{seg: int32(i), other: s.b, fwd: true})
		nw.adj[s.b] = append(nw.adj[s.b], arc{seg: int32(i), other: s.a, fwd: false})
	}
	nw.class = make([]int8, len(nw.nodes))
	nw.canEnd = make([]bool, len(nw.nodes))
	for i := range nw.nodes {
		c := p.Hook.Class(&nw.nodes[i])
		if c < 0 || c >= MaxClasses {
			return nil, fmt.Errorf("route: hook class %d out of range", c)
		}
		nw.class[i] = int8(c)
		nw.canEnd[i] = p.Hook.CanEnd(&nw.nodes[i])
	}
	return nw, nil
}

// noReentry reports whether a hex sequence (consecutive duplicates
// removed) is free of re-entries.
func noReentry(hexes []int32) bool {
	for i := range hexes {
		for j := i + 1; j < len(hexes); j++ {
			if hexes[i] == hexes[j] {
				return false
			}
		}
	}
	return true
}

func distinct(keys []int32) bool {
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			if keys[i] == keys[j] {
				return false
			}
		}
	}
	return true
}

// --- candidate enumeration ---

type candidate struct {
	nodes, segs [2]int32 // ranges into the enumerator's node and segment arenas
	bits        int32    // offset of the track and node bitsets in the bit arena
	counts      [MaxClasses]int
	blocked     bool // passes a tokened-out station
	home        bool
}

type enumerator struct {
	p        *Problem
	nw       *network
	reach    []bool
	used     []uint64
	visited  []uint64
	hexSeen  []int32 // count per hex
	lastHex  int32
	stack    []int32
	segStack []int32
	fwdStack []bool
	counts   [MaxClasses]int
	tokens   int
	passes   int
	start    int32
	out      []candidate
	// arenas of the recorded candidates
	nodeArena []int32
	segArena  []int32 // segment index, negated-and-minus-one when walked backwards
	bitArena  []uint64
	tw, nwds  int // words of a track and of a node bitset
}

func (e *enumerator) candNodes(c *candidate) []int32 { return e.nodeArena[c.nodes[0]:c.nodes[1]] }
func (e *enumerator) candSegs(c *candidate) []int32  { return e.segArena[c.segs[0]:c.segs[1]] }
func (e *enumerator) candTrack(c *candidate) []uint64 {
	return e.bitArena[c.bits : int(c.bits)+e.tw]
}
func (e *enumerator) track(ci int32) []uint64 { return e.candTrack(&e.out[ci]) }
func (e *enumerator) nodeSet(ci int32) []uint64 {
	return e.candNodeSet(&e.out[ci])
}
func (e *enumerator) candNodeSet(c *candidate) []uint64 {
	return e.bitArena[int(c.bits)+e.tw : int(c.bits)+e.tw+e.nwds]
}

func hasBit(s []uint64, i int32) bool { return s[i>>6]&(1<<(uint(i)&63)) != 0 }
func setBit(s []uint64, i int32)      { s[i>>6] |= 1 << (uint(i) & 63) }
func clrBit(s []uint64, i int32)      { s[i>>6] &^= 1 << (uint(i) & 63) }

func words(n int) int { return (n + 63) / 64 }

// reachable marks the nodes a route containing one of the corporation's
// tokens can visit: reachable from a token city passing at most
// MaxBlockedPass tokened-out stations and no off-board.
func (e *enumerator) reachable() {
	nw := e.nw
	best := make([]int, len(nw.nodes))
	for i := range best {
		best[i] = 1 << 30
	}
	var queue []int32
	for i, n := range nw.nodes {
		if n.Token {
			best[i] = 0
			queue = append(queue, int32(i))
		}
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		n := &nw.nodes[u]
		d := best[u]
		if !n.Token {
			if n.Kind == board.Offboard {
				continue
			}
			if n.Blocked {
				d++
			}
		}
		if d > e.p.MaxBlockedPass {
			continue
		}
		for _, a := range nw.adj[u] {
			if d < best[a.other] {
				best[a.other] = d
				queue = append(queue, a.other)
			}
		}
	}
	e.reach = make([]bool, len(nw.nodes))
	for i := range best {
		e.reach[i] = best[i] < 1<<30
	}
}

func (e *enumerator) run() {
	nw := e.nw
	e.used = make([]uint64, words(nw.nkeys))
	e.visited = make([]uint64, words(len(nw.nodes)))
	e.hexSeen = make([]int32, nw.nhex)
	for s := range nw.nodes {
		if !e.reach[s] || !nw.canEnd[s] {
			continue
		}
		e.start = int32(s)
		e.enter(int32(s))
		e.dfs(int32(s))
		e.leave(int32(s))
	}
}

func (e *enumerator) enter(n int32) {
	setBit(e.visited, n)
	e.stack = append(e.stack, n)
	e.counts[e.nw.class[n]]++
	if e.nw.nodes[n].Token {
		e.tokens++
	}
}

func (e *enumerator) leave(n int32) {
	clrBit(e.visited, n)
	e.stack = e.stack[:len(e.stack)-1]
	e.counts[e.nw.class[n]]--
	if e.nw.nodes[n].Token {
		e.tokens--
	}
}

func (e *enumerator) dfs(cur int32) {
	nw := e.nw
	if cur != e.start {
		n := &nw.nodes[cur]
		if n.Kind == board.Offboard {
			return
		}
		if n.Blocked {
			if e.passes >= e.p.MaxBlockedPass {
				return
			}
			e.passes++
			defer func() { e.passes-- }()
		}
	}
	for _, a := range nw.adj[cur] {
		m := a.other
		if !e.reach[m] || hasBit(e.visited, m) {
			continue
		}
		s := &nw.segs[a.seg]
		ok := true
		for _, k := range s.keys {
			if hasBit(e.used, k) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		// hexes in travel order
		var marked [16]int32
		nm := 0
		var extra []int32
		savedLast := e.lastHex
		reok := true
		if !e.p.ReEnterHexes {
			for i := range s.hexes {
				h := s.hexes[i]
				if !a.fwd {
					h = s.hexes[len(s.hexes)-1-i]
				}
				if h == e.lastHex {
					continue
				}
				if e.hexSeen[h] > 0 {
					reok = false
					break
				}
				e.hexSeen[h]++
				if nm < len(marked) {
					marked[nm] = h
					nm++
				} else {
					extra = append(extra, h)
				}
				e.lastHex = h
			}
		}
		if reok {
			e.enter(m)
			if e.p.Hook.Within(-1, &e.counts) {
				for _, k := range s.keys {
					setBit(e.used, k)
				}
				e.segStack = append(e.segStack, a.seg)
				e.fwdStack = append(e.fwdStack, a.fwd)
				if nw.canEnd[m] && e.tokens > 0 && e.start < m {
					e.record()
				}
				e.dfs(m)
				e.segStack = e.segStack[:len(e.segStack)-1]
				e.fwdStack = e.fwdStack[:len(e.fwdStack)-1]
				for _, k := range s.keys {
					clrBit(e.used, k)
				}
			}
			e.leave(m)
		}
		for i := 0; i < nm; i++ {
			e.hexSeen[marked[i]]--
		}
		for _, h := range extra {
			e.hexSeen[h]--
		}
		e.lastHex = savedLast
	}
}

func (e *enumerator) record() {
	c := candidate{blocked: e.passes > 0, counts: e.counts, bits: -1}
	c.nodes[0] = int32(len(e.nodeArena))
	e.nodeArena = append(e.nodeArena, e.stack...)
	c.nodes[1] = int32(len(e.nodeArena))
	c.segs[0] = int32(len(e.segArena))
	for i, s := range e.segStack {
		if !e.fwdStack[i] {
			s = -s - 1
		}
		e.segArena = append(e.segArena, s)
	}
	c.segs[1] = int32(len(e.segArena))
	for _, n := range e.stack {
		if e.nw.nodes[n].Home {
			c.home = true
		}
	}
	e.out = append(e.out, c)
}

// bitsOf returns the track and node bitsets of a candidate, building them
// in the bit arena on first use.
func (e *enumerator) bitsOf(ci int32) (track, nodes []uint64) {
	c := &e.out[ci]
	if c.bits < 0 {
		c.bits = int32(len(e.bitArena))
		for range e.tw + e.nwds {
			e.bitArena = append(e.bitArena, 0)
		}
		t := e.bitArena[c.bits : int(c.bits)+e.tw]
		for _, si := range e.candSegs(c) {
			if si < 0 {
				si = -si - 1
			}
			for _, k := range e.nw.segs[si].keys {
				setBit(t, k)
			}
		}
		ns := e.bitArena[int(c.bits)+e.tw : int(c.bits)+e.tw+e.nwds]
		for _, n := range e.candNodes(c) {
			setBit(ns, n)
		}
	}
	return e.candTrack(c), e.candNodeSet(c)
}

// workspace holds buffers reused between solves.
type workspace struct {
	nodeArena, segArena []int32
	bitArena            []uint64
	out                 []candidate
	scores              []scored
	runs                []bool
}

var pool = sync.Pool{New: func() any { return new(workspace) }}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// --- branch and bound ---

type option struct {
	value int64
	cand  int32
}

// scored is a candidate's best outcome for one train and objective.
type scored struct {
	value int64
	out   Outcome
}

type searcher struct {
	p     *Problem
	e     *enumerator
	lists [][]option // per train position, by value desc
	rest  []int64    // rest[i]: sum of the best values of trains i..
	same  []bool     // same[i]: train i has the key of train i-1
	// sameRun[i] counts the positions after i with the same train key:
	// they choose from the same list at or after i's choice, so their
	// values are at most i's.
	sameRun []int
	// masks[i][key*mw[i]+w]: bitset over list i of the options using
	// track key `key`; forb[l][j]: options of list j excluded at level l.
	masks  [][]uint64
	mw     []int
	forb   [][][]uint64
	pick   []int // per train: index into its list, or -1
	best   int64
	bestAt []*option // the best run found, per train position (nil: no route)
	nodes  int
}

const tieScale = 1 << 20

func objectiveValue(o Outcome, obj Objective) int64 {
	if obj == MaxRevenue {
		return int64(o.Revenue)*tieScale + int64(o.Subsidy)
	}
	return int64(o.Revenue+o.Subsidy)*tieScale + int64(o.Revenue)
}

// prepare builds the conflict masks and the per-level exclusion sets.
func (s *searcher) prepare(nkeys int) {
	n := len(s.lists)
	s.masks = make([][]uint64, n)
	s.mw = make([]int, n)
	s.sameRun = make([]int, n)
	for i := n - 1; i >= 0; i-- {
		if i+1 < n && s.same[i+1] {
			s.sameRun[i] = s.sameRun[i+1] + 1
		}
	}
	for i := range s.lists {
		s.mw[i] = words(len(s.lists[i]))
		if i == 0 {
			continue
		}
		if s.same[i] && i > 1 {
			s.masks[i] = s.masks[i-1]
			continue
		}
		w := s.mw[i]
		m := make([]uint64, nkeys*w)
		for k := range s.lists[i] {
			for wi, x := range s.e.track(s.lists[i][k].cand) {
				for x != 0 {
					b := bits.TrailingZeros64(x)
					x &= x - 1
					key := wi*64 + b
					m[key*w+k>>6] |= 1 << (uint(k) & 63)
				}
			}
		}
		s.masks[i] = m
	}
	s.forb = make([][][]uint64, n+1)
	for l := 0; l <= n; l++ {
		s.forb[l] = make([][]uint64, n)
		for j := l; j < n; j++ {
			s.forb[l][j] = make([]uint64, s.mw[j])
		}
	}
}

// nextFree returns the first index ≥ k whose bit is clear in f.
func nextFree(f []uint64, k, n int) int {
	for k < n {
		w := k >> 6
		x := ^f[w] >> (uint(k) & 63)
		if x != 0 {
			return k + bits.TrailingZeros64(x)
		}
		k = (w + 1) << 6
	}
	return n
}

func (s *searcher) search(i int, blocked int, value int64) {
	s.nodes++
	if i == len(s.lists) {
		if value > s.best && s.valid() {
			s.best = value
			for j, k := range s.pick {
				s.bestAt[j] = nil
				if k >= 0 {
					s.bestAt[j] = &s.lists[j][k]
				}
			}
		}
		return
	}
	if value+s.rest[i] <= s.best {
		return
	}
	list := s.lists[i]
	n := len(list)
	lo := 0
	if s.same[i] {
		if s.pick[i-1] < 0 {
			lo = n // after a train that does not run, identical ones do not either
		} else {
			lo = s.pick[i-1]
		}
	}
	run := s.sameRun[i]
	after := s.rest[i+1+run]
	f := s.forb[i][i]
	for k := nextFree(f, lo, n); k < n; k = nextFree(f, k+1, n) {
		o := &list[k]
		if value+o.value*int64(1+run)+after <= s.best {
			break
		}
		c := &s.e.out[o.cand]
		if c.blocked && blocked >= s.p.MaxBlockedRoutes {
			continue
		}
		for j := i + 1; j < len(s.lists); j++ {
			// Only options of list j that could still improve on the
			// best run matter: a window of it.
			lj := s.lists[j]
			floor := s.best - value - o.value - (s.rest[i+1] - s.rest[j] + s.rest[j+1])
			hi := sort.Search(len(lj), func(q int) bool { return lj[q].value <= floor })
			lo := 0
			if s.same[j] && j == i+1 {
				lo = k
			}
			if hi <= lo {
				continue
			}
			w0, w1 := lo>>6, (hi+63)>>6
			dst, src, m, w := s.forb[i+1][j][w0:w1], s.forb[i][j][w0:w1], s.masks[j], s.mw[j]
			copy(dst, src)
			for wi, x := range s.e.track(o.cand) {
				for x != 0 {
					b := bits.TrailingZeros64(x)
					x &= x - 1
					row := m[(wi*64+b)*w+w0 : (wi*64+b)*w+w1]
					for q := range dst {
						dst[q] |= row[q]
					}
				}
			}
		}
		s.pick[i] = k
		nb := blocked
		if c.blocked {
			nb++
		}
		s.search(i+1, nb, value+o.value)
	}
	s.pick[i] = -1
	for j := i + 1; j < len(s.lists); j++ {
		copy(s.forb[i+1][j], s.forb[i][j])
	}
	s.search(i+1, blocked, value)
}

// valid checks the home-base and intersecting-runs rules.
func (s *searcher) valid() bool {
	var run [64]*option
	n := 0
	for i, k := range s.pick {
		if k >= 0 && n < len(run) {
			run[n] = &s.lists[i][k]
			n++
		}
	}
	return validRun(s.p, s.e, run[:n])
}

func validRun(p *Problem, e *enumerator, run []*option) bool {
	if len(run) == 0 {
		return true
	}
	if p.HomeRule {
		ok := false
		for _, o := range run {
			ok = ok || e.out[o.cand].home
		}
		if !ok {
			return false
		}
	}
	if p.Intersect && len(run) > 1 {
		reached := uint64(1)
		for grew := true; grew; {
			grew = false
			for i := range run {
				if reached&(1<<i) != 0 {
					continue
				}
				for j := range run {
					if reached&(1<<j) != 0 && meets(e.nodeSet(run[i].cand), e.nodeSet(run[j].cand)) {
						reached |= 1 << i
						grew = true
						break
					}
				}
			}
		}
		if bits.OnesCount64(reached) != len(run) {
			return false
		}
	}
	return true
}

func meets(a, b []uint64) bool {
	for w := range a {
		if a[w]&b[w] != 0 {
			return true
		}
	}
	return false
}

// greedy builds a legal run quickly: each train in turn takes its best
// route that keeps the run legal (the first must include the home base,
// the others must meet a route already taken). Its value is a lower bound
// for the branch and bound.
func greedy(p *Problem, e *enumerator, scores [][]scored, runs [][]bool, order []int, trainScores []int) (int64, []*option) {
	used := make([]uint64, e.tw)
	met := make([]uint64, e.nwds)
	var run []*option
	picks := make([]*option, len(order))
	blocked := 0
	var total int64
	for i := range order {
		sc, rn := scores[trainScores[i]], runs[trainScores[i]]
		bestC, bestV := int32(-1), int64(0)
		for ci := range sc {
			v := sc[ci].value
			if v <= bestV || !rn[ci] {
				continue
			}
			c := &e.out[ci]
			if c.blocked && blocked >= p.MaxBlockedRoutes {
				continue
			}
			if len(run) == 0 && p.HomeRule && !c.home {
				continue
			}
			tr, ns := e.bitsOf(int32(ci))
			if meets(tr, used) || (len(run) > 0 && p.Intersect && !meets(ns, met)) {
				continue
			}
			bestC, bestV = int32(ci), v
		}
		if bestC < 0 {
			continue
		}
		tr, ns := e.bitsOf(bestC)
		o := &option{cand: bestC, value: bestV}
		for w, x := range tr {
			used[w] |= x
		}
		for w, x := range ns {
			met[w] |= x
		}
		if e.out[bestC].blocked {
			blocked++
		}
		run = append(run, o)
		picks[i] = o
		total += bestV
	}
	if !validRun(p, e, run) {
		return 0, make([]*option, len(order))
	}
	return total, picks
}

// Solve finds the best routes for both objectives.
func Solve(p *Problem) (*Result, error) {
	if p.Hook == nil || p.Board == nil {
		return nil, fmt.Errorf("route: solve needs a board and a hook")
	}
	nw, err := flatten(p)
	if err != nil {
		return nil, err
	}
	ws := pool.Get().(*workspace)
	defer pool.Put(ws)
	e := &enumerator{p: p, nw: nw, lastHex: -1, tw: words(nw.nkeys), nwds: words(len(nw.nodes))}
	e.nodeArena, e.segArena, e.bitArena, e.out = ws.nodeArena[:0], ws.segArena[:0], ws.bitArena[:0], ws.out[:0]
	defer func() {
		ws.nodeArena, ws.segArena, ws.bitArena, ws.out = e.nodeArena, e.segArena, e.bitArena, e.out
	}()
	e.reachable()
	e.run()
	res := &Result{Stats: Stats{Nodes: len(nw.nodes), Segments: len(nw.segs), Candidates: len(e.out)}}

	// Evaluate every candidate once for each distinct train, keeping its
	// best outcome for each objective.
	nc := len(e.out)
	keys := make([]string, p.Trains)
	keyIdx := map[string]int{}
	trainKey := make([]int, p.Trains)
	var firstTrain []int
	for t := 0; t < p.Trains; t++ {
		keys[t] = p.Hook.TrainKey(t)
		k, ok := keyIdx[keys[t]]
		if !ok {
			k = len(firstTrain)
			keyIdx[keys[t]] = k
			firstTrain = append(firstTrain, t)
		}
		trainKey[t] = k
	}
	nk := len(firstTrain)
	ws.scores = resize(ws.scores, 2*nk*nc)
	ws.runs = resize(ws.runs, nk*nc)
	var visits []*NodeInfo
	var buf []Outcome
	for k, t := range firstTrain {
		for ci := range e.out {
			c := &e.out[ci]
			ws.runs[k*nc+ci] = false
			if !p.Hook.Within(t, &c.counts) {
				continue
			}
			visits = visits[:0]
			for _, n := range e.candNodes(c) {
				visits = append(visits, &nw.nodes[n])
			}
			buf = p.Hook.Evaluate(t, visits, buf[:0])
			if len(buf) == 0 {
				continue
			}
			ws.runs[k*nc+ci] = true
			for obj := MaxRevenue; obj <= MaxTotal; obj++ {
				best := scored{objectiveValue(buf[0], obj), buf[0]}
				for _, o := range buf[1:] {
					if v := objectiveValue(o, obj); v > best.value {
						best = scored{v, o}
					}
				}
				ws.scores[(int(obj)*nk+k)*nc+ci] = best
			}
		}
	}
	order := make([]int, p.Trains)
	for obj := MaxRevenue; obj <= MaxTotal; obj++ {
		scores := make([][]scored, nk)
		runs := make([][]bool, nk)
		tops := make([]int64, nk)
		for k := range nk {
			scores[k] = ws.scores[(int(obj)*nk+k)*nc : (int(obj)*nk+k+1)*nc]
			runs[k] = ws.runs[k*nc : (k+1)*nc]
			for ci, sc := range scores[k] {
				if runs[k][ci] {
					tops[k] = max(tops[k], sc.value)
				}
			}
		}
		// Order trains: stronger first, identical trains adjacent.
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int {
			ka, kb := trainKey[a], trainKey[b]
			if tops[ka] != tops[kb] {
				return cmp.Compare(tops[kb], tops[ka])
			}
			return cmp.Compare(ka, kb)
		})
		posKey := make([]int, p.Trains)
		for i, t := range order {
			posKey[i] = trainKey[t]
		}
		lb, lbRun := greedy(p, e, scores, runs, order, posKey)
		s := &searcher{p: p, e: e}
		s.lists = make([][]option, p.Trains)
		s.same = make([]bool, p.Trains)
		s.rest = make([]int64, p.Trains+1)
		s.pick = make([]int, p.Trains)
		s.bestAt = lbRun
		for i := p.Trains - 1; i >= 0; i-- {
			s.rest[i] = s.rest[i+1] + tops[posKey[i]]
		}
		// A route can only improve on the greedy run if its value plus
		// the other trains' best values exceeds the greedy value.
		lists := map[int][]option{}
		for i := range order {
			k := posKey[i]
			if l, ok := lists[k]; ok {
				s.lists[i] = l
			} else {
				floor := lb - (s.rest[0] - tops[k])
				var l []option
				for ci, sc := range scores[k] {
					if sc.value <= floor || !runs[k][ci] {
						continue
					}
					e.bitsOf(int32(ci))
					l = append(l, option{cand: int32(ci), value: sc.value})
				}
				slices.SortFunc(l, func(a, b option) int {
					if a.value != b.value {
						return cmp.Compare(b.value, a.value)
					}
					return cmp.Compare(a.cand, b.cand)
				})
				lists[k] = l
				s.lists[i] = l
			}
			s.same[i] = i > 0 && posKey[i-1] == posKey[i]
			s.pick[i] = -1
		}
		s.best = lb
		s.prepare(nw.nkeys)
		s.search(0, 0, 0)
		res.Stats.Searched += s.nodes
		sol := Solution{Routes: make([]Planned, p.Trains)}
		for i, t := range order {
			pl := Planned{Train: t}
			if o := s.bestAt[i]; o != nil {
				out := scores[posKey[i]][o.cand].out
				pl.Outcome = out
				nw.describe(e, &e.out[o.cand], &pl)
				sol.Revenue += out.Revenue
				sol.Subsidy += out.Subsidy
			}
			sol.Routes[t] = pl
		}
		res.Best[obj] = sol
	}
	return res, nil
}

// describe fills the route's nodes and its 18xx.games connections.
func (nw *network) describe(e *enumerator, c *candidate, pl *Planned) {
	rs := &resolver{b: nw.b}
	for _, n := range e.candNodes(c) {
		pl.Visits = append(pl.Visits, nw.nodes[n].Ref)
		pl.Nodes = append(pl.Nodes, nw.b.Signature(nw.nodes[n].Ref))
	}
	for _, si := range e.candSegs(c) {
		fwd := si >= 0
		if !fwd {
			si = -si - 1
		}
		paths := slices.Clone(nw.segs[si].paths)
		if !fwd {
			slices.Reverse(paths)
		}
		pl.Connections = append(pl.Connections, rs.chainID(paths))
	}
}
