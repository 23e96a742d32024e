package route

import (
	"cmp"
	"fmt"
	"slices"
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
// Method (Solve, phase by phase):
//  1. network: the corporation's network — the nodes its routes can reach
//     from its tokens and the segments (track between two nodes with no
//     node between) joining them — as integer arrays, memoised on the
//     board per board version, the track part updated incrementally
//     after tile lays (network.go, network_update.go);
//  2. classify: the hook's stop class and route-end permission per node;
//  3. enumerate: every legal route, each once, by depth-first search from
//     its possible ends, cutting walks that can no longer reach a
//     higher-numbered end (enumerate.go);
//  4. evaluate: each distinct train's best outcome on every route, per
//     objective (through the hook);
//  5. search, per objective: a greedy run gives a lower bound, then a
//     branch and bound over the trains picks routes in decreasing value
//     with used track as bitsets, bounded by the sum of the remaining
//     trains' best values (search.go);
//  6. describe: the chosen routes in 18xx.games form.
//
// The search is exhaustive: exact, never cut short by a budget.

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
	// RevenueOnly asks for the maximum-revenue run alone, undescribed:
	// Best[MaxTotal] is left empty and each Planned has only its Train
	// and Outcome (for callers that rank boards by revenue, like the bot).
	RevenueOnly bool
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

// workspace holds the buffers of a solve, reused by later solves (pooled):
// once they have grown, enumeration and evaluation allocate nothing.
type workspace struct {
	e      enumerator
	scores []scored
	runs   []bool
	visits []*NodeInfo
	counts [MaxClasses]int // the hook's view of a candidate's class counts
	buf    []Outcome
	opts   []option
	keys   []uint64
	// slab is bump-allocated by words for the search's bitsets.
	slab []uint64
	used int
}

var pool = sync.Pool{New: func() any { return new(workspace) }}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// words returns n zeroed words of the slab (valid until the next solve).
func (ws *workspace) words(n int) []uint64 {
	if ws.used+n > len(ws.slab) {
		// Slices already handed out keep the old slab alive.
		ws.slab = make([]uint64, max(2*len(ws.slab), ws.used+n, 1024))
		ws.used = 0
	}
	s := ws.slab[ws.used : ws.used+n : ws.used+n]
	ws.used += n
	clear(s)
	return s
}

// sortOptions sorts a list by decreasing value, then increasing
// candidate: as packed integer keys when they fit in 64 bits (much faster
// than a comparison function), else with one.
func (ws *workspace) sortOptions(l []option) {
	if len(l) == 0 {
		return
	}
	lo, hi := l[0].value, l[0].value
	for _, o := range l {
		lo, hi = min(lo, o.value), max(hi, o.value)
	}
	const candBits = 24
	if lo < 0 || uint64(hi-lo) >= 1<<(64-candBits) || len(ws.e.out) >= 1<<candBits {
		slices.SortFunc(l, func(a, b option) int {
			if a.value != b.value {
				return cmp.Compare(b.value, a.value)
			}
			return cmp.Compare(a.cand, b.cand)
		})
		return
	}
	keys := resize(ws.keys, len(l))
	for i, o := range l {
		keys[i] = uint64(hi-o.value)<<candBits | uint64(o.cand)
	}
	slices.Sort(keys)
	for i, k := range keys {
		l[i] = option{value: hi - int64(k>>candBits), cand: int32(k & (1<<candBits - 1))}
	}
	ws.keys = keys
}

// solver is one Solve in progress.
type solver struct {
	p  *Problem
	cn *corpNet
	ws *workspace
	e  *enumerator
	// trainKey[t] is the index of train t's key among the distinct keys;
	// firstTrain[k] the first train with key k.
	trainKey, firstTrain []int
}

// Solve finds the best routes for both objectives.
func Solve(p *Problem) (*Result, error) {
	if p.Hook == nil || p.Board == nil {
		return nil, fmt.Errorf("route: solve needs a board and a hook")
	}
	cn, err := corpNetOf(p)
	if err != nil {
		return nil, err
	}
	ws := pool.Get().(*workspace)
	defer pool.Put(ws)
	s := &solver{p: p, cn: cn, ws: ws, e: &ws.e}
	if err := s.classify(); err != nil {
		return nil, err
	}
	s.e.run()
	s.evaluate()
	res := &Result{Stats: Stats{Nodes: len(cn.nodes), Segments: len(cn.segs), Candidates: len(s.e.out)}}
	for obj := MaxRevenue; obj <= MaxTotal && !(p.RevenueOnly && obj == MaxTotal); obj++ {
		res.Best[obj] = s.search(obj, &res.Stats)
	}
	s.release()
	return res, nil
}

// classify prepares the enumeration: the solve's nodes (the network's,
// with the home-base cities marked) and the hook's class and route-end
// permission for each.
func (s *solver) classify() error {
	p, cn, e, ws := s.p, s.cn, s.e, s.ws
	*e = enumerator{
		p: p, cn: cn,
		nodes:  append(e.nodes[:0], cn.nodes...),
		class:  resize(e.class, len(cn.nodes)),
		canEnd: resize(e.canEnd, len(cn.nodes)),
		used:   e.used, visited: e.visited, hexes: e.hexes, stack: e.stack, segStack: e.segStack,
		out: e.out[:0], pathArena: e.pathArena[:0], bitArena: e.bitArena[:0], nodeBuf: e.nodeBuf,
		tw: words(cn.nkeys), nwds: words(len(cn.nodes)),
	}
	ws.used = 0
	for i := range e.nodes {
		n := &e.nodes[i]
		for _, h := range p.Home {
			n.Home = n.Home || h == n.Ref
		}
		c := p.Hook.Class(n)
		if c < 0 || c >= MaxClasses {
			return fmt.Errorf("route: hook class %d out of range", c)
		}
		e.class[i] = int8(c)
		e.canEnd[i] = p.Hook.CanEnd(n)
	}
	return nil
}

// release drops the solve's references to the problem from the pooled
// workspace.
func (s *solver) release() {
	s.e.p, s.e.cn = nil, nil
	clear(s.ws.visits)
}

// evaluate scores every candidate once for each distinct train key: its
// best outcome for each objective (ws.scores) and whether the train may
// run it at all (ws.runs).
func (s *solver) evaluate() {
	p, e, ws := s.p, s.e, s.ws
	nc := len(e.out)
	s.trainKey = make([]int, p.Trains)
	keyIdx := map[string]int{}
	for t := 0; t < p.Trains; t++ {
		key := p.Hook.TrainKey(t)
		k, ok := keyIdx[key]
		if !ok {
			k = len(s.firstTrain)
			keyIdx[key] = k
			s.firstTrain = append(s.firstTrain, t)
		}
		s.trainKey[t] = k
	}
	nk := len(s.firstTrain)
	ws.scores = resize(ws.scores, 2*nk*nc)
	ws.runs = resize(ws.runs, nk*nc)
	for ci := range e.out {
		c := &e.out[ci]
		// The counts live in the workspace: a local passed to the hook
		// would escape, one allocation per candidate.
		ws.counts = countsOf(c)
		ws.visits = ws.visits[:0]
		for k, t := range s.firstTrain {
			ws.runs[k*nc+ci] = false
			if !p.Hook.Within(t, &ws.counts) {
				continue
			}
			if len(ws.visits) == 0 { // the route's nodes, once for all trains
				ws.visits = e.candVisits(c, ws.visits)
			}
			ws.buf = p.Hook.Evaluate(t, ws.visits, ws.buf[:0])
			if len(ws.buf) == 0 {
				continue
			}
			ws.runs[k*nc+ci] = true
			for obj := MaxRevenue; obj <= MaxTotal; obj++ {
				best := scored{objectiveValue(ws.buf[0], obj), ws.buf[0]}
				for _, o := range ws.buf[1:] {
					if v := objectiveValue(o, obj); v > best.value {
						best = scored{v, o}
					}
				}
				ws.scores[(int(obj)*nk+k)*nc+ci] = best
			}
		}
	}
}

// search finds the best run for one objective: trains ordered strongest
// first, a greedy run as lower bound, each train's list of the routes
// that could beat it, then the branch and bound.
func (s *solver) search(obj Objective, stats *Stats) Solution {
	p, e, ws := s.p, s.e, s.ws
	nc, nk := len(e.out), len(s.firstTrain)
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
	order := make([]int, p.Trains)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ka, kb := s.trainKey[a], s.trainKey[b]
		if tops[ka] != tops[kb] {
			return cmp.Compare(tops[kb], tops[ka])
		}
		return cmp.Compare(ka, kb)
	})
	posKey := make([]int, p.Trains)
	for i, t := range order {
		posKey[i] = s.trainKey[t]
	}
	lb, lbRun := greedy(p, ws, e, scores, runs, order, posKey)
	sr := &searcher{ws: ws, p: p, e: e}
	sr.lists = make([][]option, p.Trains)
	sr.same = make([]bool, p.Trains)
	sr.rest = make([]int64, p.Trains+1)
	sr.pick = make([]int, p.Trains)
	sr.bestAt = lbRun
	for i := p.Trains - 1; i >= 0; i-- {
		sr.rest[i] = sr.rest[i+1] + tops[posKey[i]]
	}
	// A route can only improve on the greedy run if its value plus the
	// other trains' best values exceeds the greedy value.
	lists := make([][]option, nk)
	ws.opts = resize(ws.opts, nk*nc)[:0] // capacity for every list: no reallocation below
	for i := range order {
		k := posKey[i]
		if lists[k] == nil {
			floor := lb - (sr.rest[0] - tops[k])
			lo := len(ws.opts)
			for ci, sc := range scores[k] {
				if sc.value <= floor || !runs[k][ci] {
					continue
				}
				e.bitsOf(int32(ci))
				ws.opts = append(ws.opts, option{cand: int32(ci), value: sc.value})
			}
			l := ws.opts[lo:len(ws.opts):len(ws.opts)]
			ws.sortOptions(l)
			lists[k] = l
		}
		sr.lists[i] = lists[k]
		sr.same[i] = i > 0 && posKey[i-1] == posKey[i]
		sr.pick[i] = -1
	}
	sr.best = lb
	sr.prepare(s.cn.nkeys)
	sr.search(0, 0, 0)
	stats.Searched += sr.nodes
	sol := Solution{Routes: make([]Planned, p.Trains)}
	for i, t := range order {
		pl := Planned{Train: t}
		if o := sr.bestAt[i]; o != nil {
			out := scores[posKey[i]][o.cand].out
			pl.Outcome = out
			if !p.RevenueOnly {
				s.describe(&e.out[o.cand], &pl)
			}
			sol.Revenue += out.Revenue
			sol.Subsidy += out.Subsidy
		}
		sol.Routes[t] = pl
	}
	return sol
}

// describe fills the route's nodes and its 18xx.games connections.
func (s *solver) describe(c *candidate, pl *Planned) {
	b, e, tn := s.p.Board, s.e, s.cn.tn
	rs := &resolver{b: b}
	for _, n := range e.candNodes(c) {
		pl.Visits = append(pl.Visits, e.nodes[n].Ref)
		pl.Nodes = append(pl.Nodes, b.Signature(e.nodes[n].Ref))
	}
	for _, si := range e.candSegs(c) {
		fwd := si >= 0
		if !fwd {
			si = ^si
		}
		ts := &tn.segs[s.cn.segs[si].t]
		paths := make([]PathRef, 0, ts.paths.hi-ts.paths.lo)
		for _, hp := range tn.paths[ts.paths.lo:ts.paths.hi] {
			paths = append(paths, PathRef{Hex: tn.m.ids[hp[0]], Path: int(hp[1])})
		}
		if !fwd {
			slices.Reverse(paths)
		}
		pl.Connections = append(pl.Connections, rs.chainID(paths))
	}
}
