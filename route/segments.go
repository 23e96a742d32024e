package route

import (
	"slices"

	"tresham/board"
)

// Segment is the track between two stops with no stop between them: one
// step of a route as a player draws it, stop to stop.
type Segment struct {
	// A and B are the end stops' signatures ("HEX-PART").
	A, B string
	// Connection is the 18xx.games chain id of the track walked from A to
	// B (a route's connection).
	Connection []string
	// Paths are the paths walked from A to B.
	Paths []PathRef
}

// Segments lists every segment of the track now on b, for every
// corporation, each once (walked from A to B), in a stable order. Walks
// that would use a piece of track twice are left out, as the solver
// leaves them out.
func Segments(b *board.Board) ([]Segment, error) {
	tn, err := trackNetOf(b)
	if err != nil {
		return nil, err
	}
	rs := &resolver{b: b}
	out := make([]Segment, 0, len(tn.segs))
	for _, s := range tn.segs {
		paths := make([]PathRef, 0, s.paths.hi-s.paths.lo)
		for _, hp := range tn.paths[s.paths.lo:s.paths.hi] {
			paths = append(paths, PathRef{Hex: tn.m.ids[hp[0]], Path: int(hp[1])})
		}
		out = append(out, Segment{
			A: b.Signature(tn.nodes[s.a].ref), B: b.Signature(tn.nodes[s.b].ref),
			Connection: slices.Clone(rs.chainID(paths)), Paths: paths,
		})
	}
	return out, nil
}
