package board_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"tresham/board"
	"tresham/titles/t1860"
)

// TestNetworkMatchesReference grows random 1860 boards (random legal tile
// lays, token placements and removals, non-blocking marks, clones) and
// checks after every change that the memoised Graph and Distances of every
// corporation equal those of the straightforward reference implementation,
// and that the flood fill's early ends and HexDistances answer as the
// network and Distances do.
func TestNetworkMatchesReference(t *testing.T) {
	reached := 0
	for seed := uint64(1); seed <= 12; seed++ {
		randomBoard(t, seed, 160, func(b *board.Board, step int) {
			for _, c := range []string{"A", "B", "C", "D", ""} {
				if err := board.CheckNetworkAgainstReference(b, c); err != nil {
					t.Fatalf("seed %d step %d: %v", seed, step, err)
				}
				if err := board.CheckFillStops(b, c); err != nil {
					t.Fatalf("seed %d step %d: %v", seed, step, err)
				}
				n, err := board.CheckHexDistances(b, c)
				if err != nil {
					t.Fatalf("seed %d step %d: %v", seed, step, err)
				}
				reached += n
				checkTokenHelpers(t, b, c)
			}
		})
	}
	if reached == 0 {
		t.Error("HexDistances found nothing reachable: the check is vacuous")
	}
}

// checkTokenHelpers compares TokenableCities (and HasTokenableCity), Graph.NodeCount, FreeSlots,
// HasToken and TileOn with their definitions through Graph.Nodes,
// CanPlaceToken and Hex.
func checkTokenHelpers(t *testing.T, b *board.Board, corp string) {
	t.Helper()
	g := b.Graph(corp)
	var want []board.NodeRef
	for _, r := range g.Nodes() {
		if _, err := b.CanPlaceToken(r, corp, board.TokenOptions{Graph: g}); err == nil {
			want = append(want, r)
		}
	}
	if got := b.TokenableCities(corp); !slices.Equal(got, want) {
		t.Fatalf("TokenableCities(%q) = %v, want %v", corp, got, want)
	}
	fresh := b.Clone()
	fresh.DropMemos() // take HasTokenableCity's early-ending walk
	if got := fresh.HasTokenableCity(corp); got != (len(want) > 0) {
		t.Fatalf("HasTokenableCity(%q) = %v, TokenableCities %v", corp, got, want)
	}
	kinds := map[board.NodeKind]int{}
	for _, r := range g.Nodes() {
		tile, _, _ := b.TileOn(r.Hex)
		kinds[tile.Nodes[r.Node].Kind]++
	}
	for _, k := range []board.NodeKind{board.City, board.Town, board.Halt, board.Offboard} {
		if g.NodeCount(k) != kinds[k] {
			t.Fatalf("NodeCount(%v) = %d, want %d", k, g.NodeCount(k), kinds[k])
		}
	}
	for _, id := range b.HexIDs() {
		h, _ := b.Hex(id)
		tile, rot, _ := b.TileOn(id)
		if tile != h.Tile || rot != h.Rotation {
			t.Fatalf("TileOn(%s) = %s@%d, Hex has %s@%d", id, tile.Name, rot, h.Tile.Name, h.Rotation)
		}
		for n := range h.Tile.Nodes {
			r := board.NodeRef{Hex: id, Node: n}
			free := 0
			for _, c := range h.Tokens[n] {
				if c == "" {
					free++
				}
			}
			if got := b.FreeSlots(r); got != free {
				t.Fatalf("FreeSlots(%v) = %d, want %d", r, got, free)
			}
			if got, want := b.HasToken(r, corp), corp != "" && slices.Contains(h.Tokens[n], corp); corp != "" && got != want {
				t.Fatalf("HasToken(%v, %q) = %v, want %v", r, corp, got, want)
			}
		}
	}
}

// BenchmarkNetwork measures computing a corporation's Graph and Distances
// (without the memo) on a random, well-developed 1860 board.
func BenchmarkNetwork(b *testing.B) {
	var bd *board.Board
	randomBoard(b, 3, 300, func(x *board.Board, _ int) { bd = x })
	for _, kind := range []string{"graph", "distances"} {
		b.Run(kind, func(b *testing.B) {
			for b.Loop() {
				for _, c := range []string{"A", "B", "C", "D"} {
					if kind == "graph" {
						board.ComputeGraphForBench(bd, c)
					} else {
						board.ComputeDistancesForBench(bd, c)
					}
				}
			}
		})
	}
}

// randomBoard grows a random 1860 board by steps random changes (legal tile
// lays, token placements and removals, non-blocking marks, reservations,
// clones), calling check after each.
func randomBoard(t testing.TB, seed uint64, steps int, check func(b *board.Board, step int)) {
	opt := t1860.MapOptions{}
	if seed%2 == 0 {
		opt = t1860.MapOptionsFromRules([]string{"two_player_map"})
	}
	b, err := t1860.Map(opt)
	if err != nil {
		t.Fatal(err)
	}
	growBoard(t, b, seed, steps, check)
}

// growBoard changes b at random steps times (as randomBoard), calling
// check after each step.
func growBoard(t testing.TB, b *board.Board, seed uint64, steps int, check func(b *board.Board, step int)) {
	corps := []string{"A", "B", "C", "D"}
	{
		rng := rand.New(rand.NewPCG(seed, 7))
		ids := b.HexIDs()
		for step := 0; step < steps; step++ {
			switch k := rng.IntN(10); {
			case k < 6:
				hex := ids[rng.IntN(len(ids))]
				lays := b.LegalLays(hex, board.LayOptions{NoConnectivity: true})
				if len(lays) == 0 {
					continue
				}
				l := lays[rng.IntN(len(lays))]
				if _, err := b.LayTile(hex, l.TileID, l.Rotation, board.LayOptions{NoConnectivity: true}); err != nil {
					t.Fatalf("seed %d: legal lay %v refused: %v", seed, l, err)
				}
			case k < 8:
				hex := ids[rng.IntN(len(ids))]
				h, _ := b.Hex(hex)
				for n, nd := range h.Tile.Nodes {
					if nd.Kind == board.City {
						_, _ = b.PlaceToken(board.NodeRef{Hex: hex, Node: n}, corps[rng.IntN(4)], board.TokenOptions{})
						break
					}
				}
			case k == 8:
				c := corps[rng.IntN(4)]
				if ns := b.TokenNodes(c); len(ns) > 0 {
					if err := b.RemoveToken(ns[rng.IntN(len(ns))], c); err != nil {
						t.Fatal(err)
					}
				}
			default:
				switch rng.IntN(4) {
				case 0:
					b = b.Clone()
				case 1:
					b.SetNonBlocking(corps[rng.IntN(4)], rng.IntN(2) == 0)
				case 2:
					_ = b.Reserve(ids[rng.IntN(len(ids))], rng.IntN(3)-1, corps[rng.IntN(4)])
				default:
					b.Unreserve(ids[rng.IntN(len(ids))], corps[rng.IntN(4)])
				}
			}
			check(b, step)
		}
	}
}
