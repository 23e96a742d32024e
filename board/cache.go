package board

import "sync"

// netCache memoises the per-corporation Graph and Distances of one board
// state. Every mutation of a Board drops the cached results it may affect
// (invalidate, invalidateHex), so a cached result always describes the
// board as it is now. Graph and Distances values are immutable once built,
// so they can be handed out (and shared between a board and its clones)
// freely.
type netCache struct {
	graphs []*Graph
	dists  []*Distances
}

// invalidate drops all memoised network results; every method that changes
// tiles, tokens or blocking must call it or invalidateHex.
func (b *Board) invalidate() {
	b.cache = nil
	b.bump(false)
}

// invalidateHex drops the memoised results a change confined to hex i (its
// tile, or corp's tokens on it; corp "" for a tile change) may affect:
// corp's, and every result whose computation read hex i. A result that
// never read hex i stays valid: its search never reached the hex, so
// neither the hex's track nor its tokens can change it (and its per-hex
// data for hex i is "unreached" whatever tile lies there).
func (b *Board) invalidateHex(i int, corp string) {
	b.bump(corp == "")
	c := b.cache
	if c == nil {
		return
	}
	gs := c.graphs[:0]
	for _, g := range c.graphs {
		if g.Corp != corp && !g.touches(i) {
			gs = append(gs, g)
		}
	}
	clear(c.graphs[len(gs):])
	c.graphs = gs
	ds := c.dists[:0]
	for _, d := range c.dists {
		if d.corp != corp && !d.touches(i) {
			ds = append(ds, d)
		}
	}
	clear(c.dists[len(ds):])
	c.dists = ds
}

func (b *Board) netCache() *netCache {
	if b.cache == nil {
		b.cache = &netCache{}
	}
	return b.cache
}

// cloneCache gives a clone its own cache holding the same (immutable)
// results: the clone starts in the same state as b.
func (c *netCache) clone() *netCache {
	if c == nil {
		return nil
	}
	return &netCache{graphs: append([]*Graph(nil), c.graphs...), dists: append([]*Distances(nil), c.dists...)}
}

// tileMemo holds MemoByTiles values; a board and all its clones share it.
type tileMemo struct {
	mu sync.Mutex
	m  map[string]*tileMemoEntry
}

// tileMemoEntry is a memoised value and the tiles it was computed from:
// hex k of n is hexes[k] with tile tiles[k] at rotation rots[k], in the
// entry for values depending on few hexes, else in more.
type tileMemoEntry struct {
	val   any
	n     int32
	hexes [tileMemoInline]int32
	rots  [tileMemoInline]int8
	tiles [tileMemoInline]*TileDef
	more  *tileMemoDeps
}

// tileMemoDeps lists the tiles of a value depending on many hexes.
type tileMemoDeps struct {
	hexes []int32
	tiles []*TileDef
	rots  []int8
}

const tileMemoInline = 6

// MemoByTiles returns the value memoised under key if the tiles (and
// rotations) now on the hexes it was computed from are those it was
// computed with; otherwise it calls compute, which returns the value, the
// ids of the hexes whose tiles it depends on, and an error (a value
// computed with an error, or naming an unknown hex, is not memoised). The
// memo is shared by a board and its clones, and is safe for concurrent use
// by them. Values must be immutable and depend on nothing but the map and
// the tiles on the hexes named.
func (b *Board) MemoByTiles(key string, compute func() (any, []string, error)) (any, error) {
	s := b.memo
	s.mu.Lock()
	e := s.m[key]
	s.mu.Unlock()
	if e != nil && b.tilesAre(e) {
		return e.val, nil
	}
	return b.memoCompute(key, compute)
}

// MemoByTilesBytes is MemoByTiles with the key given as bytes (the key is
// copied only when a value is memoised).
func (b *Board) MemoByTilesBytes(key []byte, compute func() (any, []string, error)) (any, error) {
	s := b.memo
	s.mu.Lock()
	e := s.m[string(key)]
	s.mu.Unlock()
	if e != nil && b.tilesAre(e) {
		return e.val, nil
	}
	return b.memoCompute(string(key), compute)
}

// memoCompute computes and memoises the value of key (MemoByTiles).
func (b *Board) memoCompute(key string, compute func() (any, []string, error)) (any, error) {
	s := b.s
	v, hexes, err := compute()
	if err != nil {
		return v, err
	}
	n := len(hexes)
	e := &tileMemoEntry{val: v, n: int32(n)}
	hs, ts, rs := e.hexes[:], e.tiles[:], e.rots[:]
	if n > tileMemoInline {
		e.more = &tileMemoDeps{hexes: make([]int32, n), tiles: make([]*TileDef, n), rots: make([]int8, n)}
		hs, ts, rs = e.more.hexes, e.more.tiles, e.more.rots
	}
	for k, id := range hexes {
		i, ok := s.lookup(id)
		if !ok {
			return v, nil
		}
		hs[k], ts[k], rs[k] = int32(i), b.hexes[i].tile, b.hexes[i].rot
	}
	b.memo.mu.Lock()
	if b.memo.m == nil {
		b.memo.m = map[string]*tileMemoEntry{}
	}
	b.memo.m[key] = e
	b.memo.mu.Unlock()
	return v, nil
}

// tilesAre reports whether b has the tiles e was computed with.
func (b *Board) tilesAre(e *tileMemoEntry) bool {
	var hs []int32
	var ts []*TileDef
	var rs []int8
	if e.more != nil {
		hs, ts, rs = e.more.hexes, e.more.tiles, e.more.rots
	} else {
		hs, ts, rs = e.hexes[:e.n], e.tiles[:e.n], e.rots[:e.n]
	}
	for k, i := range hs {
		if h := &b.hexes[i]; h.tile != ts[k] || h.rot != rs[k] {
			return false
		}
	}
	return true
}

// DropMemos forgets every memoised result (network graphs, distances,
// MemoByTiles values, shared with clones) and spare scratch storage, to
// save memory while a board sits idle. Results are recomputed, the same,
// when next asked for. On a nil board (a game without a map) it does
// nothing.
func (b *Board) DropMemos() {
	if b == nil {
		return
	}
	b.cache = nil
	b.spareHexes, b.spareUsed = nil, nil
	b.memo.mu.Lock()
	b.memo.m = nil
	b.memo.mu.Unlock()
}
