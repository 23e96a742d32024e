package board

import (
	"fmt"
	"maps"
)

// CheckReachesNode checks lineReaches and ReachesNode against a freshly
// computed Graph of corp. Asked again and again for a node not yet found,
// lineReaches must find exactly corp's token cities and the nodes at the
// ends of the walk's line states (by walkLines over the whole walk), all
// of them in the network; and ReachesNode asked for each node kind must
// answer as the network's node counts do. It returns how many nodes
// lineReaches found.
func CheckReachesNode(b *Board, corp string) (int, error) {
	fresh := b.computeGraph(corp)
	found := map[NodeRef]bool{}
	if b.s.directed && corp != "" {
		for {
			var last NodeRef
			ok := b.lineReaches(corp, func(r NodeRef, _ NodeKind) bool {
				if found[r] {
					return false
				}
				last = r
				return true
			})
			if !ok {
				break
			}
			if !fresh.NodeConnected(last) {
				return len(found), fmt.Errorf("corp %s: lineReaches finds %v, not in its network", corp, last)
			}
			found[last] = true
		}
		want := b.lineEndNodes(corp)
		if !maps.Equal(found, want) {
			return len(found), fmt.Errorf("corp %s: lineReaches finds %v, walkLines %v", corp, found, want)
		}
		// lineConnects, asked side by side on every hex of the network,
		// answers as the line states' sides say, all of them open in the
		// network.
		sides := b.lineSides(corp)
		for i := range b.hexes {
			x := fresh.hex(i)
			if sides[i]&^x.edges != 0 {
				return len(found), fmt.Errorf("corp %s: line sides %06b of %s, network %06b", corp, sides[i], b.s.ids[i], x.edges)
			}
			if !x.ok {
				continue
			}
			for e := 0; e < 6; e++ {
				if got, want := b.lineConnects(corp, i, 1<<e), sides[i]&(1<<e) != 0; got != want {
					return len(found), fmt.Errorf("corp %s: lineConnects(%s side %d) = %v, line sides %06b", corp, b.s.ids[i], e, got, sides[i])
				}
			}
		}
	}
	for k := range fresh.kinds {
		kind := NodeKind(k)
		b.cache = nil // take the fast path where it applies
		got := b.ReachesNode(corp, func(_ NodeRef, nk NodeKind) bool { return nk == kind })
		if want := fresh.kinds[k] > 0; got != want {
			return len(found), fmt.Errorf("corp %s: ReachesNode(kind %d) = %v, network has %d", corp, k, got, fresh.kinds[k])
		}
	}
	return len(found), nil
}

// lineEndNodes is corp's token cities and the nodes at either end of
// every path its whole directed walk enters along a line.
func (b *Board) lineEndNodes(corp string) map[NodeRef]bool {
	_, w := b.walkDirected(corp, nil)
	defer w.release()
	out := map[NodeRef]bool{}
	for _, t := range w.queue[:w.tokens] {
		out[NodeRef{Hex: b.s.ids[t.h], Node: t.n}] = true
	}
	n := len(b.hexes)
	lines := [2][]uint64{make([]uint64, n), make([]uint64, n)}
	b.walkLines(w, lines)
	for _, s := range w.states {
		if lines[s.from][s.h]&(1<<s.p) == 0 {
			continue
		}
		pd := &b.hexes[s.h].tile.Paths[s.p]
		for _, end := range [2]End{pd.A, pd.B} {
			if end.Kind == EndNode {
				out[NodeRef{Hex: b.s.ids[s.h], Node: end.N}] = true
			}
		}
	}
	return out
}

// lineSides is, by hex, the sides open to corp's token cities (all sides
// of their hexes) and the sides at either end of every path its whole
// directed walk enters along a line (on both hexes of the side).
func (b *Board) lineSides(corp string) []uint8 {
	_, w := b.walkDirected(corp, nil)
	defer w.release()
	n := len(b.hexes)
	out := make([]uint8, n)
	for _, t := range w.queue[:w.tokens] {
		out[t.h] |= b.s.sides[t.h]
	}
	lines := [2][]uint64{make([]uint64, n), make([]uint64, n)}
	b.walkLines(w, lines)
	for _, s := range w.states {
		if lines[s.from][s.h]&(1<<s.p) == 0 {
			continue
		}
		hs := &b.hexes[s.h]
		pd := &hs.tile.Paths[s.p]
		for _, end := range [2]End{pd.A, pd.B} {
			if end.Kind != EndEdge {
				continue
			}
			e := RotateEdge(end.N, int(hs.rot))
			out[s.h] |= 1 << e
			if nh := b.s.neighbors[s.h][e]; nh >= 0 {
				out[nh] |= 1 << InvertEdge(e)
			}
		}
	}
	return out
}

// CheckFillStops checks the early-ending flood fill of an undirected
// board against a freshly computed Graph of corp: ReachesNode asked for
// each node kind and NodesAtLeast for 1-4 stops answer as the network's
// node counts do, and lineConnects, asked side by side on every hex (all
// sides at once on a hex outside the network), as its open sides do.
func CheckFillStops(b *Board, corp string) error {
	if b.s.directed {
		return nil
	}
	fresh := b.computeGraph(corp)
	b.cache = nil // take the early-ending paths
	for k := range fresh.kinds {
		kind := NodeKind(k)
		got := b.ReachesNode(corp, func(_ NodeRef, nk NodeKind) bool { return nk == kind })
		if want := fresh.kinds[k] > 0; got != want {
			return fmt.Errorf("corp %q: ReachesNode(kind %d) = %v, network has %d", corp, k, got, fresh.kinds[k])
		}
	}
	stops := func(k NodeKind) bool { return k == City || k == Town || k == Offboard }
	total := fresh.kinds[City] + fresh.kinds[Town] + fresh.kinds[Offboard]
	for n := 1; n <= 4; n++ {
		if got, want := b.NodesAtLeast(corp, n, stops), total >= n; got != want {
			return fmt.Errorf("corp %q: NodesAtLeast(%d) = %v, network has %d stops", corp, n, got, total)
		}
	}
	if corp == "" {
		return nil
	}
	for i := range b.hexes {
		x := fresh.hex(i)
		if !x.ok {
			if b.lineConnects(corp, i, 0x3f) {
				return fmt.Errorf("corp %q: lineConnects(%s) true, hex outside the network", corp, b.s.ids[i])
			}
			continue
		}
		for e := 0; e < 6; e++ {
			if got, want := b.lineConnects(corp, i, 1<<e), x.edges&(1<<e) != 0; got != want {
				return fmt.Errorf("corp %q: lineConnects(%s side %d) = %v, network sides %06b", corp, b.s.ids[i], e, got, x.edges)
			}
		}
	}
	return nil
}

// CheckHexDistances checks HexDistances, searched afresh on every hex,
// against a freshly computed Distances of corp. It returns how many
// nodes and paths it found reachable.
func CheckHexDistances(b *Board, corp string) (int, error) {
	full := b.computeDistances(corp)
	reached := 0
	for i, id := range b.s.ids {
		b.cache = nil // search, rather than read the memoised Distances
		h := b.HexDistances(corp, id)
		t := b.hexes[i].tile
		for n := range t.Nodes {
			got, gok := h.Node(n)
			want, wok := full.Node(NodeRef{Hex: id, Node: n})
			if got != want || gok != wok {
				return reached, fmt.Errorf("corp %q: %s node %d: HexDistances %v %v, Distances %v %v", corp, id, n, got, gok, want, wok)
			}
			if gok {
				reached++
			}
		}
		for p := range t.Paths {
			got, gok := h.Path(p)
			want, wok := full.Path(id, p)
			if got != want || gok != wok {
				return reached, fmt.Errorf("corp %q: %s path %d: HexDistances %v %v, Distances %v %v", corp, id, p, got, gok, want, wok)
			}
			if gok {
				reached++
			}
		}
	}
	return reached, nil
}
