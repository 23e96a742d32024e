package route

import (
	"fmt"
	"reflect"

	"tresham/board"
)

// RefResolve is the original resolver (ref_test.go), for external tests.
var RefResolve = refResolve

// ChainIDForTest is the 18xx.games chain id of paths on b.
func ChainIDForTest(b *board.Board, paths []PathRef) []string {
	return (&resolver{b: b}).chainID(paths)
}

// BuildNetworks builds corp's track and corporation networks on b afresh
// (without the memo), for benchmarks.
func BuildNetworks(b *board.Board, corp string) (nodes, segs int) {
	m, _ := mapInfoOf(b)
	tn := buildTrackNet(b, m)
	cn := buildCorpNet(b, tn, corpNetKey{corp: corp, pass: 1})
	return len(cn.nodes), len(cn.segs)
}

// TrackNetChecker compares, over successive boards, the track network
// updated from an earlier board's with the one built afresh.
type TrackNetChecker struct{ prev []*trackNet }

// Check builds b's network afresh and by updating the networks of the
// last boards checked, and reports the first difference.
func (c *TrackNetChecker) Check(b *board.Board) error {
	m, err := mapInfoOf(b)
	if err != nil {
		return err
	}
	fresh := buildTrackNet(b, m)
	for i, p := range c.prev {
		if up := updateTrackNet(b, p); !reflect.DeepEqual(up, fresh) {
			return fmt.Errorf("updated from %d boards back: %d nodes %d segments, built afresh: %d nodes %d segments",
				len(c.prev)-i, len(up.nodes), len(up.segs), len(fresh.nodes), len(fresh.segs))
		}
	}
	c.prev = append(c.prev, fresh)
	if len(c.prev) > 3 {
		c.prev = c.prev[1:]
	}
	return nil
}

// TrackNetBuilds returns functions building b's track network afresh and
// by updating the network of prev (an earlier tile state), for
// benchmarks.
func TrackNetBuilds(prev, b *board.Board) (fresh, update func()) {
	m, _ := mapInfoOf(b)
	old := buildTrackNet(prev, m)
	return func() { buildTrackNet(b, m) }, func() { updateTrackNet(b, old) }
}

// OverlapMap is Overlap's map-based search (used above its linear bound),
// for external tests.
var OverlapMap = overlapMap
