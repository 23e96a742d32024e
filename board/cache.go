package board

// netCache memoises the per-corporation Graph and Distances of one board
// state. Every mutation of a Board drops its cache (invalidate), so a
// cached result always describes the board as it is now. Graph and
// Distances values are immutable once built, so they can be handed out
// (and shared between a board and its clones) freely.
type netCache struct {
	graphs []*Graph
	dists  []*Distances
}

// invalidate drops memoised network results; every method that changes
// tiles, tokens or blocking must call it.
func (b *Board) invalidate() { b.cache = nil }

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
