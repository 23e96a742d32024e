package route

import "tresham/board"

// RefResolve is the original resolver (ref_test.go), for external tests.
var RefResolve = refResolve

// ChainIDForTest is the 18xx.games chain id of paths on b.
func ChainIDForTest(b *board.Board, paths []PathRef) []string {
	return (&resolver{b: b}).chainID(paths)
}
