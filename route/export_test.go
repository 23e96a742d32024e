package route

import "tresham/board"

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
