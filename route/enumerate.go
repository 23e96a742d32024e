package route

import (
	"math/bits"

	"tresham/board"
)

// This file enumerates the candidate routes of a corporation's network:
// every legal route, each once, by depth-first search from each node a
// route may end at, recording a route when it reaches a higher-numbered
// end (so each route is found from its lower end only). A walk is not
// extended when no higher-numbered end is left within reach of it (on
// networks of up to 64 nodes: a breadth-first search over node bitsets
// that ignores the track rules, so it never cuts a route that could be
// recorded). The search keeps
// its state in bitsets and stacks of the workspace and records routes in
// its arenas: nothing is allocated per route once the arenas have grown.

// candidate is one enumerated route.
type candidate struct {
	// path is the range of the path arena holding the route: its first
	// node, then its segments (^seg when walked from b to a).
	path span
	// bits is the offset of the route's track and node bitsets in the bit
	// arena, or -1 until bitsOf builds them.
	bits    int32
	counts  [MaxClasses]int16 // nodes of each class
	blocked bool              // passes a tokened-out station
	home    bool              // visits a home-base city
}

// enumerator is the state of the depth-first search (in the workspace).
type enumerator struct {
	p      *Problem
	cn     *corpNet
	nodes  []NodeInfo // the solve's nodes (Home set)
	class  []int8
	canEnd []bool
	// used: track keys of the route so far; visited: its nodes; hexes:
	// the hexes it has entered (kept only when re-entry is forbidden).
	used, visited, hexes []uint64
	stack                []int32 // nodes of the route so far
	segStack             []int32 // its segments, ^seg when walked b to a
	counts               [MaxClasses]int
	tokens, passes       int
	homes                int // home-base cities on the route so far
	// usedSegs and hexMask are used and hexes on small networks
	// (corpNet.small): segments by number, dense hexes by number.
	usedSegs, hexMask uint64
	start             int32
	// higher: the nodes a route from start may end at and be recorded
	// (ends numbered above start), as a bitset when the network has at
	// most 64 nodes.
	higher uint64
	out    []candidate
	// arenas of the recorded candidates
	pathArena []int32
	bitArena  []uint64
	nodeBuf   []int32 // candNodes' result
	tw, nwds  int     // words of a track and of a node bitset
}

func hasBit(s []uint64, i int32) bool { return s[i>>6]&(1<<(uint(i)&63)) != 0 }
func setBit(s []uint64, i int32)      { s[i>>6] |= 1 << (uint(i) & 63) }
func clrBit(s []uint64, i int32)      { s[i>>6] &^= 1 << (uint(i) & 63) }

// anyBit reports whether one of the bits is set in s.
func anyBit(s []uint64, bits []int32) bool {
	for _, i := range bits {
		if s[i>>6]&(1<<(uint(i)&63)) != 0 {
			return true
		}
	}
	return false
}

func setBits(s []uint64, bits []int32) {
	for _, i := range bits {
		s[i>>6] |= 1 << (uint(i) & 63)
	}
}

func clrBits(s []uint64, bits []int32) {
	for _, i := range bits {
		s[i>>6] &^= 1 << (uint(i) & 63)
	}
}

func words(n int) int { return (n + 63) / 64 }

// zeroed returns s resized to n zero words.
func zeroed(s []uint64, n int) []uint64 {
	s = resize(s, n)
	clear(s)
	return s
}

// candSegs returns the segments of a candidate, ^seg when walked b to a.
func (e *enumerator) candSegs(c *candidate) []int32 { return e.pathArena[c.path.lo+1 : c.path.hi] }

// candNodes returns the nodes of a candidate in route order (in a buffer
// reused by the next call).
func (e *enumerator) candNodes(c *candidate) []int32 {
	n := e.pathArena[c.path.lo]
	out := append(e.nodeBuf[:0], n)
	for _, si := range e.candSegs(c) {
		if si >= 0 {
			n = e.cn.segs[si].b
		} else {
			n = e.cn.segs[^si].a
		}
		out = append(out, n)
	}
	e.nodeBuf = out
	return out
}

// candVisits appends the nodes of a candidate in route order to v.
func (e *enumerator) candVisits(c *candidate, v []*NodeInfo) []*NodeInfo {
	segs := e.cn.segs
	n := e.pathArena[c.path.lo]
	v = append(v, &e.nodes[n])
	for _, si := range e.candSegs(c) {
		if si >= 0 {
			n = segs[si].b
		} else {
			n = segs[^si].a
		}
		v = append(v, &e.nodes[n])
	}
	return v
}

// countsOf returns a candidate's class counts as the hook takes them.
func countsOf(c *candidate) [MaxClasses]int {
	var out [MaxClasses]int
	for i, x := range c.counts {
		out[i] = int(x)
	}
	return out
}

// track returns the track bitset of candidate ci (bitsOf must have built
// it).
func (e *enumerator) track(ci int32) []uint64 {
	b := int(e.out[ci].bits)
	return e.bitArena[b : b+e.tw]
}

// nodeSet returns the node bitset of candidate ci (bitsOf must have built
// it).
func (e *enumerator) nodeSet(ci int32) []uint64 {
	b := int(e.out[ci].bits) + e.tw
	return e.bitArena[b : b+e.nwds]
}

// run enumerates every route from every node a route may end at.
func (e *enumerator) run() {
	cn := e.cn
	e.used = zeroed(e.used, words(cn.nkeys))
	e.visited = zeroed(e.visited, words(len(cn.nodes)))
	e.hexes = zeroed(e.hexes, words(cn.nhex))
	e.stack, e.segStack = e.stack[:0], e.segStack[:0]
	e.counts, e.tokens, e.passes, e.homes = [MaxClasses]int{}, 0, 0, 0
	e.usedSegs = 0
	var ends uint64
	if cn.nbr != nil {
		for s := range cn.nodes {
			if e.canEnd[s] {
				ends |= 1 << uint(s)
			}
		}
	}
	for s := range cn.nodes {
		if !e.canEnd[s] {
			continue
		}
		if cn.nbr != nil {
			e.higher = ends &^ (1<<uint(s+1) - 1)
			if e.higher == 0 {
				break // no end is numbered above s or any later start
			}
		}
		e.start = int32(s)
		e.counts[e.class[s]]++
		e.enter(int32(s))
		setBit(e.hexes, cn.hex[s])
		e.hexMask = 0
		if cn.small {
			e.hexMask = 1 << uint(cn.hex[s])
		}
		e.dfs(int32(s))
		clrBit(e.hexes, cn.hex[s])
		e.leave(int32(s))
		e.counts[e.class[s]]--
	}
}

// enter adds node n to the route (its class is counted by the caller).
func (e *enumerator) enter(n int32) {
	setBit(e.visited, n)
	e.stack = append(e.stack, n)
	if e.nodes[n].Token {
		e.tokens++
	}
	if e.nodes[n].Home {
		e.homes++
	}
}

func (e *enumerator) leave(n int32) {
	clrBit(e.visited, n)
	e.stack = e.stack[:len(e.stack)-1]
	if e.nodes[n].Token {
		e.tokens--
	}
	if e.nodes[n].Home {
		e.homes--
	}
}

// dfs extends the route, which ends at cur, along every segment at cur.
func (e *enumerator) dfs(cur int32) {
	cn := e.cn
	passed := false
	if cur != e.start {
		n := &e.nodes[cur]
		if n.Kind == board.Offboard {
			return // a route ends at an off-board
		}
		if n.Blocked {
			if e.passes >= e.p.MaxBlockedPass {
				return
			}
			e.passes++
			passed = true
		}
	}
	reEnter := e.p.ReEnterHexes
	arcs := cn.arcs[cn.arcAt[cur]:cn.arcAt[cur+1]]
	for i := range arcs {
		a := &arcs[i]
		m := a.other
		if hasBit(e.visited, m) {
			continue
		}
		// Track and hexes: as single words on small networks, else as
		// bitsets of track keys and hexes.
		var keys, tail []int32
		if cn.small {
			if e.usedSegs&a.conflicts != 0 || (!reEnter && e.hexMask&a.tailMask != 0) {
				continue
			}
		} else {
			keys = cn.arena[a.keys.lo:a.keys.hi]
			if anyBit(e.used, keys) {
				continue
			}
			if !reEnter {
				tail = cn.arena[a.tail.lo:a.tail.hi]
				if anyBit(e.hexes, tail) {
					continue
				}
			}
		}
		e.counts[e.class[m]]++
		if e.p.Hook.Within(-1, &e.counts) {
			usedSegs, hexMask := e.usedSegs, e.hexMask
			if cn.small {
				e.usedSegs |= 1 << uint(a.seg)
				if !reEnter {
					e.hexMask |= a.tailMask
				}
			} else {
				setBits(e.used, keys)
				setBits(e.hexes, tail)
			}
			e.enter(m)
			seg := a.seg
			if !a.fwd {
				seg = ^seg
			}
			e.segStack = append(e.segStack, seg)
			if e.canEnd[m] && e.tokens > 0 && e.start < m {
				e.record()
			}
			if cn.nbr == nil || e.mayRecord(m) {
				e.dfs(m)
			}
			e.segStack = e.segStack[:len(e.segStack)-1]
			e.leave(m)
			if cn.small {
				e.usedSegs, e.hexMask = usedSegs, hexMask
			} else {
				clrBits(e.hexes, tail)
				clrBits(e.used, keys)
			}
		}
		e.counts[e.class[m]]--
	}
	if passed {
		e.passes--
	}
}

// mayRecord reports whether a walk that has reached node m may still be
// extended to an end numbered above the start: whether such an end can be
// reached from m through nodes the walk has not visited, passing no
// off-board (the track rules are ignored: an over-estimate).
func (e *enumerator) mayRecord(m int32) bool {
	cn := e.cn
	if cn.nodes[m].Kind == board.Offboard {
		return false // dfs stops there
	}
	seen := e.visited[0]
	reach := cn.nbr[m] &^ seen
	for {
		if reach&e.higher != 0 {
			return true
		}
		seen |= reach
		todo := reach &^ cn.offboard
		if todo == 0 {
			return false
		}
		reach = 0
		for todo != 0 {
			v := bits.TrailingZeros64(todo)
			todo &= todo - 1
			reach |= cn.nbr[v]
		}
		reach &^= seen
	}
}

// record adds the route on the stack to the candidates.
func (e *enumerator) record() {
	c := candidate{blocked: e.passes > 0, home: e.homes > 0, bits: -1}
	for i, x := range e.counts {
		c.counts[i] = int16(x)
	}
	c.path.lo = int32(len(e.pathArena))
	e.pathArena = append(e.pathArena, e.start)
	e.pathArena = append(e.pathArena, e.segStack...)
	c.path.hi = int32(len(e.pathArena))
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
		t := e.track(ci)
		for _, si := range e.candSegs(c) {
			if si < 0 {
				si = ^si
			}
			s := &e.cn.segs[si]
			setBits(t, e.cn.arena[s.keys.lo:s.keys.hi])
		}
		ns := e.nodeSet(ci)
		for _, n := range e.candNodes(c) {
			setBit(ns, n)
		}
	}
	return e.track(ci), e.nodeSet(ci)
}
