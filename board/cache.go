package board

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
func (b *Board) invalidate() { b.cache = nil }

// invalidateHex drops the memoised results a change confined to hex i (its
// tile, or corp's tokens on it; corp "" for a tile change) may affect:
// corp's, and every result whose computation read hex i. A result that
// never read hex i stays valid: its search never reached the hex, so
// neither the hex's track nor its tokens can change it (and its per-hex
// data for hex i is "unreached" whatever tile lies there).
func (b *Board) invalidateHex(i int, corp string) {
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
