package route_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"tresham/board"
	"tresham/route"
	"tresham/titles/t1860"
)

// TestResolveMatchesReference resolves random routes traced along the track
// of random 1860 boards (and damaged copies of them) with Resolve and with
// the original resolver, and requires identical results and errors. Tiles
// are laid and boards cloned between routes, so memoised chains go stale.
func TestResolveMatchesReference(t *testing.T) {
	checked, resolved := 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 11))
		b := randomTrack(t, rng)
		for range 60 {
			switch rng.IntN(8) {
			case 0, 1:
				layRandom(t, rng, b)
			case 2:
				b = b.Clone()
			}
			conns, nodes, ok := randomRoute(rng, b)
			if !ok {
				continue
			}
			damage(rng, conns)
			opt := route.Options{Corp: "X"}
			for _, n := range nodes {
				if rng.IntN(3) > 0 {
					opt.Nodes = append(opt.Nodes, b.Signature(n))
				}
			}
			if rng.IntN(4) == 0 {
				if r, err := route.Resolve(b, conns[:1], route.Options{Corp: "X"}); err == nil {
					opt.Other = r.Paths()
				}
			}
			got, err := route.Resolve(b, conns, opt)
			want, werr := route.RefResolve(b, conns, opt)
			if fmt.Sprint(got, err) != fmt.Sprint(want, werr) {
				t.Fatalf("seed %d: %q %+v:\n got %v %v\nwant %v %v", seed, conns, opt, got, err, want, werr)
			}
			checked++
			if err == nil {
				resolved++
			}
		}
	}
	if resolved < checked/4 {
		t.Errorf("only %d of %d random routes resolved", resolved, checked)
	}
	t.Logf("%d routes compared, %d resolved", checked, resolved)
}

// randomTrack lays random legal tiles on an 1860 map and puts X tokens in
// some cities.
func randomTrack(t *testing.T, rng *rand.Rand) *board.Board {
	b, err := t1860.Map(t1860.MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for range 150 {
		layRandom(t, rng, b)
	}
	for _, hex := range b.HexIDs() {
		tile, _, _ := b.TileOn(hex)
		for n, nd := range tile.Nodes {
			if nd.Kind == board.City && rng.IntN(3) == 0 {
				_, _ = b.PlaceToken(board.NodeRef{Hex: hex, Node: n}, "X", board.TokenOptions{SameHexAllowed: true})
			}
		}
	}
	return b
}

// layRandom lays a random legal tile on a random hex (if it can).
func layRandom(t *testing.T, rng *rand.Rand, b *board.Board) {
	ids := b.HexIDs()
	hex := ids[rng.IntN(len(ids))]
	lays := b.LegalLays(hex, board.LayOptions{NoConnectivity: true})
	if len(lays) == 0 {
		return
	}
	l := lays[rng.IntN(len(lays))]
	if _, err := b.LayTile(hex, l.TileID, l.Rotation, board.LayOptions{NoConnectivity: true}); err != nil {
		t.Fatal(err)
	}
}

// randomRoute follows track from a random node through up to five nodes and
// writes each stretch between nodes as an 18xx.games chain (hex ids, or
// "HEX a.b" for a one-path stretch, in either direction).
func randomRoute(rng *rand.Rand, b *board.Board) ([][]string, []board.NodeRef, bool) {
	var cur board.NodeRef
	if ts := b.TokenNodes("X"); len(ts) > 0 && rng.IntN(2) == 0 {
		cur = ts[rng.IntN(len(ts))]
	} else {
		ids := b.HexIDs()
		hex := ids[rng.IntN(len(ids))]
		tile, _, _ := b.TileOn(hex)
		if len(tile.Nodes) == 0 {
			return nil, nil, false
		}
		cur = board.NodeRef{Hex: hex, Node: rng.IntN(len(tile.Nodes))}
	}
	nodes := []board.NodeRef{cur}
	var conns [][]string
	var used []route.PathRef
	for range 1 + rng.IntN(5) {
		paths, end, ok := randomStretch(rng, b, cur, used)
		if !ok {
			break
		}
		c := route.ChainIDForTest(b, paths)
		if len(paths) == 1 && len(c) == 1 && rng.IntN(3) == 0 {
			c = []string{hex1(b, paths[0])}
		}
		if rng.IntN(2) == 0 {
			slices.Reverse(c)
		}
		conns = append(conns, c)
		used = append(used, paths...)
		nodes = append(nodes, end)
		cur = end
	}
	return conns, nodes, len(conns) > 0
}

// hex1 writes a one-path stretch as "HEX a.b" when it joins two nodes.
func hex1(b *board.Board, p route.PathRef) string {
	tile, _, _ := b.TileOn(p.Hex)
	pd := tile.Paths[p.Path]
	if pd.A.Kind != board.EndNode || pd.B.Kind != board.EndNode {
		return p.Hex
	}
	x, y := tile.Nodes[pd.A.N].Part, tile.Nodes[pd.B.N].Part
	return p.Hex + " " + strconv.Itoa(min(x, y)) + "." + strconv.Itoa(max(x, y))
}

// pick returns a random path of ps on hex that is not in used, or -1.
func pick(rng *rand.Rand, hex string, ps []int, used []route.PathRef) int {
	var free []int
	for _, p := range ps {
		if !slices.Contains(used, route.PathRef{Hex: hex, Path: p}) {
			free = append(free, p)
		}
	}
	if len(free) == 0 {
		return -1
	}
	return free[rng.IntN(len(free))]
}

// randomStretch walks from node n along random unused track to the next
// node.
func randomStretch(rng *rand.Rand, b *board.Board, n board.NodeRef, used []route.PathRef) ([]route.PathRef, board.NodeRef, bool) {
	hex := n.Hex
	tile, rot, _ := b.TileOn(hex)
	p := pick(rng, hex, tile.Nodes[n.Node].Paths, used)
	if p < 0 {
		return nil, board.NodeRef{}, false
	}
	in := board.End{Kind: board.EndNode, N: n.Node}
	var out []route.PathRef
	for range 12 {
		out = append(out, route.PathRef{Hex: hex, Path: p})
		pd := tile.Paths[p]
		exit := pd.B
		if pd.B == in {
			exit = pd.A
		}
		switch exit.Kind {
		case board.EndNode:
			return out, board.NodeRef{Hex: hex, Node: exit.N}, true
		case board.EndJunction:
			var js []int
			for q, qd := range tile.Paths {
				if q != p && (qd.A.Kind == board.EndJunction || qd.B.Kind == board.EndJunction) {
					js = append(js, q)
				}
			}
			if p = pick(rng, hex, js, used); p < 0 {
				return nil, board.NodeRef{}, false
			}
			in = board.End{Kind: board.EndJunction}
		case board.EndEdge:
			e := board.RotateEdge(exit.N, rot)
			nh := b.Neighbor(hex, e)
			if nh == "" {
				return nil, board.NodeRef{}, false
			}
			hex = nh
			tile, rot, _ = b.TileOn(hex)
			if p = pick(rng, hex, tile.PathsAtEdge(board.InvertEdge(e), rot), used); p < 0 {
				return nil, board.NodeRef{}, false
			}
			qd := tile.Paths[p]
			in = qd.A
			if qd.A.Kind != board.EndEdge || board.RotateEdge(qd.A.N, rot) != board.InvertEdge(e) {
				in = qd.B
			}
		}
	}
	return nil, board.NodeRef{}, false
}

// damage sometimes breaks a route: drops, duplicates or swaps hexes.
func damage(rng *rand.Rand, conns [][]string) {
	if rng.IntN(5) != 0 {
		return
	}
	c := conns[rng.IntN(len(conns))]
	switch k := rng.IntN(3); {
	case k == 0 && len(c) > 1:
		copy(c[1:], c[:len(c)-1])
	case k == 1:
		c[0] = c[len(c)-1]
	default:
		slices.Reverse(conns)
	}
}

// TestResolveClonesConcurrently resolves the same routes on clones of one
// board from several goroutines (clones share the chain memo); run with
// -race.
func TestResolveClonesConcurrently(t *testing.T) {
	rng := rand.New(rand.NewPCG(99, 11))
	b := randomTrack(t, rng)
	var routes [][][]string
	for len(routes) < 40 {
		if conns, _, ok := randomRoute(rng, b); ok {
			routes = append(routes, conns)
		}
	}
	want := make([]string, len(routes))
	for i, c := range routes {
		r, err := route.RefResolve(b, c, route.Options{Corp: "X"})
		want[i] = fmt.Sprint(r, err)
	}
	errs := make(chan error, 4)
	for g := range 4 {
		c := b.Clone()
		go func() {
			for k := range 3 * len(routes) {
				i := (k + g*7) % len(routes)
				r, err := route.Resolve(c, routes[i], route.Options{Corp: "X"})
				if got := fmt.Sprint(r, err); got != want[i] {
					errs <- fmt.Errorf("route %q: got %s, want %s", routes[i], got, want[i])
					return
				}
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
