package route

import (
	"fmt"
	"math/bits"
	"slices"
	"sort"

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
	nodes   []int32 // visited nodes in order
	segs    []int32 // segments in order
	fwd     []bool
	track   []uint64 // track keys used
	nodeSet []uint64
	counts  [MaxClasses]int
	blocked bool // passes a tokened-out station
	home    bool
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
	c := candidate{
		nodes:   slices.Clone(e.stack),
		segs:    slices.Clone(e.segStack),
		fwd:     slices.Clone(e.fwdStack),
		track:   slices.Clone(e.used),
		nodeSet: slices.Clone(e.visited),
		counts:  e.counts,
		blocked: e.passes > 0,
	}
	for _, n := range c.nodes {
		if e.nw.nodes[n].Home {
			c.home = true
		}
	}
	e.out = append(e.out, c)
}

// --- branch and bound ---

type option struct {
	cand  int32
	value int64
	out   Outcome
}

type searcher struct {
	p      *Problem
	cands  []candidate
	lists  [][]option // per train, by value desc
	rest   []int64    // rest[i]: sum of the best values of trains i..
	same   []bool     // same[i]: train i has the key of train i-1
	used   []uint64
	pick   []int // per train: index into its list, or -1
	best   int64
	bestAt []int
	nodes  int
}

const tieScale = 1 << 20

func objectiveValue(o Outcome, obj Objective) int64 {
	if obj == MaxRevenue {
		return int64(o.Revenue)*tieScale + int64(o.Subsidy)
	}
	return int64(o.Revenue+o.Subsidy)*tieScale + int64(o.Revenue)
}

func (s *searcher) search(i int, blocked int, value int64) {
	s.nodes++
	if i == len(s.lists) {
		if value > s.best && s.valid() {
			s.best = value
			copy(s.bestAt, s.pick)
		}
		return
	}
	if value+s.rest[i] <= s.best {
		return
	}
	lo := 0
	if s.same[i] {
		if s.pick[i-1] < 0 {
			lo = len(s.lists[i]) // after a train that does not run, identical ones do not either
		} else {
			lo = s.pick[i-1]
		}
	}
	for k := lo; k < len(s.lists[i]); k++ {
		o := &s.lists[i][k]
		if value+o.value+s.rest[i+1] <= s.best {
			break
		}
		c := &s.cands[o.cand]
		if c.blocked && blocked >= s.p.MaxBlockedRoutes {
			continue
		}
		conflict := false
		for w, x := range c.track {
			if x&s.used[w] != 0 {
				conflict = true
				break
			}
		}
		if conflict {
			continue
		}
		for w, x := range c.track {
			s.used[w] |= x
		}
		s.pick[i] = k
		nb := blocked
		if c.blocked {
			nb++
		}
		s.search(i+1, nb, value+o.value)
		for w, x := range c.track {
			s.used[w] &^= x
		}
	}
	s.pick[i] = -1
	s.search(i+1, blocked, value)
}

// valid checks the home-base and intersecting-runs rules.
func (s *searcher) valid() bool {
	var run []*candidate
	for i, k := range s.pick {
		if k >= 0 {
			run = append(run, &s.cands[s.lists[i][k].cand])
		}
	}
	if len(run) == 0 {
		return true
	}
	if s.p.HomeRule {
		ok := false
		for _, c := range run {
			ok = ok || c.home
		}
		if !ok {
			return false
		}
	}
	if s.p.Intersect && len(run) > 1 {
		reached := uint64(1)
		for grew := true; grew; {
			grew = false
			for i := range run {
				if reached&(1<<i) != 0 {
					continue
				}
				for j := range run {
					if reached&(1<<j) != 0 && meets(run[i].nodeSet, run[j].nodeSet) {
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

// Solve finds the best routes for both objectives.
func Solve(p *Problem) (*Result, error) {
	if p.Hook == nil || p.Board == nil {
		return nil, fmt.Errorf("route: solve needs a board and a hook")
	}
	nw, err := flatten(p)
	if err != nil {
		return nil, err
	}
	e := &enumerator{p: p, nw: nw, lastHex: -1}
	e.reachable()
	e.run()
	res := &Result{Stats: Stats{Nodes: len(nw.nodes), Segments: len(nw.segs), Candidates: len(e.out)}}

	// Evaluate every candidate for each distinct train.
	keys := make([]string, p.Trains)
	evals := map[string][][]Outcome{}
	var visits []*NodeInfo
	var buf []Outcome
	for t := 0; t < p.Trains; t++ {
		keys[t] = p.Hook.TrainKey(t)
		if _, ok := evals[keys[t]]; ok {
			continue
		}
		outs := make([][]Outcome, len(e.out))
		for ci := range e.out {
			c := &e.out[ci]
			if !p.Hook.Within(t, &c.counts) {
				continue
			}
			visits = visits[:0]
			for _, n := range c.nodes {
				visits = append(visits, &nw.nodes[n])
			}
			buf = p.Hook.Evaluate(t, visits, buf[:0])
			if len(buf) > 0 {
				outs[ci] = slices.Clone(buf)
			}
		}
		evals[keys[t]] = outs
	}
	// Order trains: identical trains adjacent, stronger first.
	order := make([]int, p.Trains)
	for i := range order {
		order[i] = i
	}
	for obj := MaxRevenue; obj <= MaxTotal; obj++ {
		lists := map[string][]option{}
		for _, k := range keys {
			if _, ok := lists[k]; ok {
				continue
			}
			var l []option
			for ci, outs := range evals[k] {
				if len(outs) == 0 {
					continue
				}
				bo := outs[0]
				bv := objectiveValue(bo, obj)
				for _, o := range outs[1:] {
					if v := objectiveValue(o, obj); v > bv {
						bo, bv = o, v
					}
				}
				l = append(l, option{cand: int32(ci), value: bv, out: bo})
			}
			sort.SliceStable(l, func(a, b int) bool { return l[a].value > l[b].value })
			lists[k] = l
		}
		top := func(k string) int64 {
			if l := lists[k]; len(l) > 0 {
				return l[0].value
			}
			return 0
		}
		sort.SliceStable(order, func(a, b int) bool {
			ka, kb := keys[order[a]], keys[order[b]]
			if top(ka) != top(kb) {
				return top(ka) > top(kb)
			}
			return ka < kb
		})
		s := &searcher{p: p, cands: e.out, used: make([]uint64, words(nw.nkeys))}
		s.lists = make([][]option, p.Trains)
		s.same = make([]bool, p.Trains)
		s.rest = make([]int64, p.Trains+1)
		s.pick = make([]int, p.Trains)
		s.bestAt = make([]int, p.Trains)
		for i, t := range order {
			s.lists[i] = lists[keys[t]]
			s.same[i] = i > 0 && keys[order[i-1]] == keys[t]
			s.pick[i], s.bestAt[i] = -1, -1
		}
		for i := p.Trains - 1; i >= 0; i-- {
			s.rest[i] = s.rest[i+1] + top(keys[order[i]])
		}
		s.best = 0
		s.search(0, 0, 0)
		res.Stats.Searched += s.nodes
		sol := Solution{Routes: make([]Planned, p.Trains)}
		for i, t := range order {
			pl := Planned{Train: t}
			if k := s.bestAt[i]; k >= 0 {
				o := s.lists[i][k]
				pl.Outcome = o.out
				nw.describe(&e.out[o.cand], &pl)
				sol.Revenue += o.out.Revenue
				sol.Subsidy += o.out.Subsidy
			}
			sol.Routes[t] = pl
		}
		res.Best[obj] = sol
	}
	return res, nil
}

// describe fills the route's nodes and its 18xx.games connections.
func (nw *network) describe(c *candidate, pl *Planned) {
	rs := &resolver{b: nw.b, hexes: map[string]*hexInfo{}}
	for _, n := range c.nodes {
		pl.Visits = append(pl.Visits, nw.nodes[n].Ref)
		pl.Nodes = append(pl.Nodes, nw.b.Signature(nw.nodes[n].Ref))
	}
	for i, si := range c.segs {
		s := &nw.segs[si]
		paths := slices.Clone(s.paths)
		if !c.fwd[i] {
			slices.Reverse(paths)
		}
		pl.Connections = append(pl.Connections, rs.chainID(paths))
	}
}
