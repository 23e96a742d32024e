package board

import (
	"fmt"
	"slices"
	"strings"
)

// RotationClasses says which of the six rotations of t draw the same track:
// out[r] is the smallest rotation whose laid tile is identical to rotation r
// (same edges joined, to the same kind of stop with the same revenue and
// slots). A tile with no symmetry answers 0..5; a straight track answers
// 0,1,2,0,1,2. The UI offers one rotation of each class.
func (t *TileDef) RotationClasses() [6]int {
	var sigs [6]string
	for r := 0; r < 6; r++ {
		sigs[r] = t.rotationSignature(r)
	}
	var out [6]int
	for r := 0; r < 6; r++ {
		out[r] = r
		for q := 0; q < r; q++ {
			if sigs[q] == sigs[r] {
				out[r] = q
				break
			}
		}
	}
	return out
}

// rotationSignature describes the tile laid at rotation r independently of
// how its parts are numbered: each path as its two ends, an edge by its
// rotated number, a stop by its kind, revenue, slots and the rotated edges
// it is joined to.
func (t *TileDef) rotationSignature(r int) string {
	nodeSig := make([]string, len(t.Nodes))
	for i, n := range t.Nodes {
		var edges []int
		for _, p := range n.Paths {
			if p < 0 || p >= len(t.Paths) {
				continue
			}
			for _, e := range []End{t.Paths[p].A, t.Paths[p].B} {
				if e.Kind == EndEdge {
					edges = append(edges, (e.N+r)%6)
				}
			}
		}
		slices.Sort(edges)
		// A stop joined to no edge is placed by its location, which turns
		// with the tile.
		loc := ""
		if len(edges) == 0 && n.Loc != "" && n.Loc != "center" {
			loc = fmt.Sprintf("@%s+%d", n.Loc, r)
		}
		nodeSig[i] = fmt.Sprintf("%s/%d/%d/%v/%v%s", n.Kind, n.Revenue, n.Slots, n.Phased, edges, loc)
	}
	end := func(e End) string {
		switch e.Kind {
		case EndEdge:
			return fmt.Sprintf("e%d", (e.N+r)%6)
		case EndNode:
			if e.N >= 0 && e.N < len(nodeSig) {
				return "n(" + nodeSig[e.N] + ")"
			}
			return "n?"
		default:
			return "j"
		}
	}
	parts := make([]string, 0, len(t.Paths)+len(nodeSig))
	for _, p := range t.Paths {
		a, b := end(p.A), end(p.B)
		if b < a {
			a, b = b, a
		}
		parts = append(parts, fmt.Sprintf("%s-%s:%s:%v", a, b, p.Track, p.Terminal))
	}
	for _, s := range nodeSig {
		parts = append(parts, "node "+s)
	}
	slices.Sort(parts)
	return strings.Join(parts, ";")
}
