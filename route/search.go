package route

import (
	"math/bits"
	"sort"
)

// This file is the branch and bound over the trains: each train position
// picks a route from its list (in decreasing value) or none; routes of a
// run must not share track (conflict masks per track key), and a branch
// is cut when its value plus the remaining trains' best values cannot
// beat the best run found.

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
	ws    *workspace
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
		m := s.ws.words(nkeys * w)
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
			s.forb[l][j] = s.ws.words(s.mw[j])
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
func greedy(p *Problem, ws *workspace, e *enumerator, scores [][]scored, runs [][]bool, order []int, trainScores []int) (int64, []*option) {
	used := ws.words(e.tw)
	met := ws.words(e.nwds)
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
