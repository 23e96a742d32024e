package board

import "sync"

// LineBudget is the default number of search steps LineToBase may take.
const LineBudget = 1 << 18

// LineToBase reports whether path p of the tile on hex id is part of a
// line that leads to a city holding one of corp's tokens: track a train
// could run along from that base over p (1825 rule 4.3.2, "some of the new
// track on the Tile is part of a line leading to a Base"), under the route
// rules of 1825 4.5.2-4.5.3 and 4.5.7 as 18xx.games's graph walk applies
// them: no reversing (a path entered at one end is left by the other; a
// station is left by any line but the one it came in on), no hex side
// crossed twice (lines converging at a side meet it as a single line, so a
// path touching a side the line has already crossed is closed to it), no
// station visited twice, and never through a city that blocks corp or an
// off-board.
//
// Graph (with Spec.DirectedWalk) forbids reversing only, so it may count p
// as connected when every way to it crosses some side twice; LineToBase
// searches for an actual line. It searches backwards from p, only over
// paths of corp's Graph (every path of a line from a base is in it), and
// gives up after budget steps: complete is then false and found
// meaningless.
func (b *Board) LineToBase(corp, id string, p, budget int) (found, complete bool) {
	h, ok := b.s.lookup(id)
	if !ok || p < 0 || p >= len(b.hexes[h].tile.Paths) || corp == "" {
		return false, true
	}
	s := b.pooledLineSearch()
	defer s.release()
	return b.lineToBase(b.Graph(corp), corp, h, p, budget, s)
}

// quickLineBudget bounds the search over all track that PathOnLine and
// StationWithinStops try before building corp's network: enough for the
// lines of a listing's promotions (a search that finds its line, or
// proves there is none, near the new tile), little against building a
// network.
const quickLineBudget = 1 << 12

// PathOnLine reports whether path p of the tile on hex id is in corp's
// network (Graph.PathConnected) and LineToBase finds a line from one of
// corp's bases to it or gives up (LineBudget): 1825's test of "new track
// ... part of a line leading to a Base" (rule 4.3.2).
//
// When corp's network is not at hand it first searches over every path
// of the map instead (at most quickLineBudget steps), which needs no
// network; a search that completes gives the same answer. Every path of
// a line from a base is in the network (see LineToBase), so a line found
// over all track is one the search over the network finds too, with p in
// the network: that search takes the same steps in the same order, less
// those off the network, and completes within its larger budget. A search
// over all track that completes without a line proves there is none: the
// network's search (and keepLines' over the walk, which decides whether p
// is in it) finds none either, and gives up no sooner than this one.
func (b *Board) PathOnLine(corp, id string, p int) bool {
	h, ok := b.s.lookup(id)
	if !ok || p < 0 || p >= len(b.hexes[h].tile.Paths) || corp == "" {
		return false
	}
	if !b.graphCached(corp) {
		s := b.pooledLineSearch()
		found, complete := b.lineToBase(b.s.allTrack(), corp, h, p, quickLineBudget, s)
		s.release()
		if complete {
			return found
		}
	}
	g := b.Graph(corp)
	if g.hex(h).paths&(1<<p) == 0 {
		return false
	}
	s := b.pooledLineSearch()
	defer s.release()
	found, complete := b.lineToBase(g, corp, h, p, LineBudget, s)
	return found || !complete
}

// allTrack is a network holding every path of every hex (for searches
// that need no network: see PathOnLine).
func (s *static) allTrack() *Graph {
	s.allTrackOnce.Do(func() {
		hx := make([]graphHex, len(s.ids))
		for i := range hx {
			hx[i].paths = ^uint64(0)
		}
		s.allTrackGraph = &Graph{hx: hx}
	})
	return s.allTrackGraph
}

// lineSearches holds spare lineSearch storage between searches.
var lineSearches = sync.Pool{New: func() any { return new(lineSearch) }}

// pooledLineSearch returns a lineSearch from the pool for newLineSearch to
// reuse (nil storage when it was last used for a board of another size,
// for newLineSearch to allocate); release returns it.
func (b *Board) pooledLineSearch() *lineSearch {
	s := lineSearches.Get().(*lineSearch)
	if n := len(b.hexes); len(s.sides) != n {
		s.sides, s.nodes = make([]uint8, n), make([]uint64, n)
	}
	return s
}

// release returns s to the pool, referring to no board.
func (s *lineSearch) release() {
	s.b, s.g, s.cost = nil, nil, nil
	lineSearches.Put(s)
}

// lineToBase is LineToBase for path p of hex index h, searching only over
// the paths of g, a network of corp that holds every line from its bases.
// s, when not nil, is an earlier search whose storage is reused.
func (b *Board) lineToBase(g *Graph, corp string, h, p, budget int, s *lineSearch) (found, complete bool) {
	if g.hex(h).paths&(1<<p) == 0 {
		return false, true
	}
	s = b.newLineSearch(s, g, corp, budget)
	pd := &b.hexes[h].tile.Paths[p]
	// The whole of p is on the line: its sides are taken whichever end
	// the line comes in by.
	s.take(h, pd.A, true)
	s.take(h, pd.B, true)
	for _, in := range [2]End{pd.A, pd.B} {
		if s.beyond(h, p, in) {
			return true, true
		}
		if s.budget < 0 {
			return false, false
		}
	}
	return false, true
}

// StationWithinStops reports whether node n of hex id can be reached from
// one of corp's bases by a line (the route rules of LineToBase) that counts
// fewer than limit stops before it, the base's own city included: cost
// says how much each station counts. This is 1825 rule 4.3.2's "A Station
// can only be promoted if it can be reached by one of the Company's
// existing Trains": a train of limit stops reaches the station along
// track it could run, never crossing a hex side twice. StopCounts is the
// quick lower bound (it forbids reversing only); this searches for an
// actual line, backwards from the station, and gives up after budget
// steps: complete is then false and found meaningless.
func (b *Board) StationWithinStops(corp, id string, n int, cost func(t *TileDef, node int) int, limit, budget int) (found, complete bool) {
	h, ok := b.s.lookup(id)
	if !ok || corp == "" || n < 0 || n >= len(b.hexes[h].tile.Nodes) || limit <= 0 {
		return false, true
	}
	hs := &b.hexes[h]
	for _, c := range nodeTokens(hs, n) {
		if c == corp {
			return true, true
		}
	}
	if !b.graphCached(corp) && budget >= quickLineBudget {
		// over all track first, as PathOnLine: a search that completes
		// answers as the one over corp's network
		if found, complete := b.stationWithin(b.s.allTrack(), corp, h, n, cost, limit, quickLineBudget); complete {
			return found, true
		}
	}
	return b.stationWithin(b.Graph(corp), corp, h, n, cost, limit, budget)
}

// stationWithin is StationWithinStops for node n of hex index h, searching
// only over the paths of g.
func (b *Board) stationWithin(g *Graph, corp string, h, n int, cost func(t *TileDef, node int) int, limit, budget int) (found, complete bool) {
	hs := &b.hexes[h]
	s := b.newLineSearch(b.pooledLineSearch(), g, corp, budget)
	defer s.release()
	s.cost, s.limit = cost, limit
	s.nodes[h] |= 1 << n
	for _, q := range hs.tile.Nodes[n].Paths {
		if g.hex(h).paths&(1<<q) == 0 {
			continue
		}
		qd := &hs.tile.Paths[q]
		if s.step(h, q, other(qd, End{Kind: EndNode, N: n})) {
			return true, true
		}
		if s.budget < 0 {
			return false, false
		}
	}
	return false, true
}

type lineSearch struct {
	b      *Board
	g      *Graph
	corp   string
	budget int
	// cost, when set, limits the line to fewer than limit counted stops
	// (StationWithinStops); count is what the line has counted so far.
	cost         func(t *TileDef, node int) int
	limit, count int
	// sides[h] has bit e set when side e of hex h is crossed by the line.
	sides []uint8
	// nodes[h] has bit n set when the line visits station n of hex h, bit
	// junctionBit when it passes the hex's junction.
	nodes []uint64
}

// junctionBit marks a hex's junction in lineSearch.nodes.
const junctionBit = 1 << 32

// newLineSearch returns a fresh search over g, reusing the storage of s
// when s is not nil.
func (b *Board) newLineSearch(s *lineSearch, g *Graph, corp string, budget int) *lineSearch {
	n := len(b.hexes)
	if s == nil {
		s = &lineSearch{sides: make([]uint8, n), nodes: make([]uint64, n)}
	} else {
		clear(s.sides)
		clear(s.nodes)
	}
	s.b, s.g, s.corp, s.budget = b, g, corp, budget
	s.cost, s.limit, s.count = nil, 0, 0
	return s
}

// side returns the hex side of end e of a path on hex h, or -1.
func (s *lineSearch) side(h int, e End) int {
	if e.Kind != EndEdge {
		return -1
	}
	return RotateEdge(e.N, int(s.b.hexes[h].rot))
}

// free reports whether end e of a path on hex h lies on no crossed side.
func (s *lineSearch) free(h int, e End) bool {
	x := s.side(h, e)
	return x < 0 || s.sides[h]&(1<<x) == 0
}

// take marks (on) or clears the side of end e of a path on hex h, on both
// hexes that share it.
func (s *lineSearch) take(h int, e End, on bool) {
	x := s.side(h, e)
	if x < 0 {
		return
	}
	set := func(h, x int) {
		if on {
			s.sides[h] |= 1 << x
		} else {
			s.sides[h] &^= 1 << x
		}
	}
	set(h, x)
	if nh := int(s.b.s.neighbors[h][x]); nh >= 0 {
		set(nh, InvertEdge(x))
	}
}

// other returns the end of path pd that is not end e (pd.B when both
// ends are alike).
func other(pd *PathDef, e End) End {
	if pd.A == e {
		return pd.B
	}
	return pd.A
}

// beyond searches on from end e of path p of hex h, the line having come
// (backwards from the new track) along p towards e.
func (s *lineSearch) beyond(h, p int, e End) bool {
	s.budget--
	if s.budget < 0 {
		return false
	}
	hs := &s.b.hexes[h]
	switch e.Kind {
	case EndEdge:
		x := s.side(h, e)
		nh := int(s.b.s.neighbors[h][x])
		if nh < 0 {
			return false
		}
		inv := InvertEdge(x)
		nt := &s.b.hexes[nh]
		for _, q := range nt.tile.PathsAtEdge(inv, int(nt.rot)) {
			if s.g.hex(nh).paths&(1<<q) == 0 {
				continue
			}
			qd := &nt.tile.Paths[q]
			in := qd.A
			if s.side(nh, qd.A) != inv {
				in = qd.B
			}
			if s.step(nh, q, other(qd, in)) {
				return true
			}
		}
	case EndNode:
		var here int
		if s.cost != nil {
			here = s.cost(hs.tile, e.N)
		}
		for _, c := range nodeTokens(hs, e.N) {
			if c == s.corp {
				return s.cost == nil || s.count+here < s.limit
			}
		}
		pd := &hs.tile.Paths[p]
		bit := uint64(1) << e.N
		if pd.Terminal || s.b.blocks(h, e.N, s.corp) || s.nodes[h]&bit != 0 {
			return false
		}
		if s.cost != nil {
			if s.count+here >= s.limit {
				return false
			}
			s.count += here
			defer func() { s.count -= here }()
		}
		s.nodes[h] |= bit
		defer func() { s.nodes[h] &^= bit }()
		for _, q := range hs.tile.Nodes[e.N].Paths {
			if q == p || s.g.hex(h).paths&(1<<q) == 0 {
				continue
			}
			qd := &hs.tile.Paths[q]
			in := End{Kind: EndNode, N: e.N}
			if s.step(h, q, other(qd, in)) {
				return true
			}
		}
	case EndJunction:
		if s.nodes[h]&junctionBit != 0 {
			return false
		}
		s.nodes[h] |= junctionBit
		defer func() { s.nodes[h] &^= junctionBit }()
		for _, q := range hs.tile.junctionP {
			if q == p || s.g.hex(h).paths&(1<<q) == 0 {
				continue
			}
			qd := &hs.tile.Paths[q]
			if s.step(h, q, other(qd, End{Kind: EndJunction})) {
				return true
			}
		}
	}
	return false
}

// step takes path q of hex h onto the line, to leave it by end out, unless
// out lies on a side already crossed.
func (s *lineSearch) step(h, q int, out End) bool {
	if !s.free(h, out) {
		return false
	}
	s.take(h, out, true)
	ok := s.beyond(h, q, out)
	s.take(h, out, false)
	return ok
}

// nodeTokens returns the token slots of node n of a hex (nil when none).
func nodeTokens(hs *hexState, n int) []string {
	if hs.tokens == nil || n >= len(hs.tokens) {
		return nil
	}
	return hs.tokens[n]
}
