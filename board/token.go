package board

import (
	"fmt"
	"math/bits"
	"slices"
)

// TokenOptions parameterise PlaceToken.
type TokenOptions struct {
	// CheckConnected requires the city to be on the corporation's network
	// (18xx.games check_connected); home tokens skip it.
	CheckConnected bool
	// SameHexAllowed allows a second token of the corporation on the same
	// tile (another city of it).
	SameHexAllowed bool
	// Graph optionally supplies a precomputed network for the corporation.
	Graph *Graph
}

// CanPlaceToken checks whether corp may place a token in city r. It returns
// the slot the token would occupy.
func (b *Board) CanPlaceToken(r NodeRef, corp string, opt TokenOptions) (int, error) {
	i, err := b.hexIndex(r.Hex)
	if err != nil {
		return -1, err
	}
	h := &b.hexes[i]
	if r.Node < 0 || r.Node >= len(h.tile.Nodes) || h.tile.Nodes[r.Node].Kind != City {
		return -1, fmt.Errorf("board: %s node %d is not a city", r.Hex, r.Node)
	}
	slot, why := b.tokenSlot(i, r.Node, corp, opt.SameHexAllowed)
	switch why {
	case slotSameHex:
		return -1, fmt.Errorf("board: %s already has a token on %s", corp, r.Hex)
	case slotFull:
		return -1, fmt.Errorf("board: no free token slot in %s", b.CityID(r))
	}
	if err := b.reservationBlocks(i, r.Node, corp); err != nil {
		return -1, err
	}
	if opt.CheckConnected {
		g := opt.Graph
		if g == nil || g.Corp != corp {
			g = b.Graph(corp)
		}
		if !g.NodeConnected(r) {
			return -1, fmt.Errorf("board: %s is not connected to %s's network", b.CityID(r), corp)
		}
	}
	return slot, nil
}

// Reasons tokenSlot finds no slot.
const (
	slotOK = iota
	slotSameHex
	slotFull
)

// tokenSlot returns the first free slot of city node n of hex i for corp,
// or -1 and why not (the node must be a city).
func (b *Board) tokenSlot(i, n int, corp string, sameHexAllowed bool) (int, int) {
	h := &b.hexes[i]
	if h.tokens == nil {
		if h.tile.Nodes[n].Slots > 0 {
			return 0, slotOK
		}
		return -1, slotFull
	}
	if !sameHexAllowed {
		for _, slots := range h.tokens {
			for _, c := range slots {
				if c == corp {
					return -1, slotSameHex
				}
			}
		}
	}
	for s, c := range h.tokens[n] {
		if c == "" {
			return s, slotOK
		}
	}
	return -1, slotFull
}

// FreeSlots returns the number of empty token slots of node r (0 for
// anything but a city).
func (b *Board) FreeSlots(r NodeRef) int {
	i, ok := b.s.lookup(r.Hex)
	if !ok || r.Node < 0 || r.Node >= len(b.hexes[i].tile.Nodes) {
		return 0
	}
	if b.hexes[i].tile.Nodes[r.Node].Kind != City {
		return 0
	}
	return b.freeSlots(i, r.Node)
}

// HasToken reports whether corp has a token in node r.
func (b *Board) HasToken(r NodeRef, corp string) bool {
	i, ok := b.s.lookup(r.Hex)
	if !ok || r.Node < 0 {
		return false
	}
	toks := b.hexes[i].tokens
	return r.Node < len(toks) && slices.Contains(toks[r.Node], corp)
}

// PlaceToken places a token of corp in city r (first free slot, as
// 18xx.games does whatever slot the action names) and returns the slot.
func (b *Board) PlaceToken(r NodeRef, corp string, opt TokenOptions) (int, error) {
	slot, err := b.CanPlaceToken(r, corp, opt)
	if err != nil {
		return -1, err
	}
	i, _ := b.s.lookup(r.Hex)
	b.writableTokens(i)[r.Node][slot] = corp
	b.dropReservations(i, corp)
	b.invalidateHex(i, corp)
	return slot, nil
}

// writableTokens gives hex i token slot lists of its own (clones share
// them) and returns them for writing.
func (b *Board) writableTokens(i int) [][]string {
	h := &b.hexes[i]
	if h.tokens == nil {
		h.tokens = emptyTokens(h.tile)
	} else {
		h.tokens = cloneTokens(h.tokens)
	}
	return h.tokens
}

// RemoveToken removes corp's token from city r.
func (b *Board) RemoveToken(r NodeRef, corp string) error {
	i, err := b.hexIndex(r.Hex)
	if err != nil {
		return err
	}
	h := &b.hexes[i]
	if h.tokens == nil || r.Node < 0 || r.Node >= len(h.tokens) {
		return fmt.Errorf("board: no token of %s in %s", corp, r.Hex)
	}
	for s, c := range h.tokens[r.Node] {
		if c == corp {
			b.writableTokens(i)[r.Node][s] = ""
			b.invalidateHex(i, corp)
			return nil
		}
	}
	return fmt.Errorf("board: no token of %s in %s", corp, r.Hex)
}

// HasTokenableCity reports whether TokenableCities(corp) is not empty,
// stopping at the first such city (see ReachesNode).
func (b *Board) HasTokenableCity(corp string) bool {
	return b.ReachesNode(corp, func(r NodeRef, k NodeKind) bool {
		if k != City {
			return false
		}
		i, ok := b.s.lookup(r.Hex)
		if !ok {
			return false
		}
		_, why := b.tokenSlot(i, r.Node, corp, false)
		return why == slotOK && !b.reservedOut(i, r.Node, corp)
	})
}

// TokenableCities lists the cities on corp's network where it could place
// a token now, in map order.
func (b *Board) TokenableCities(corp string) []NodeRef {
	g := b.Graph(corp)
	var out []NodeRef
	for i := range b.hexes {
		for m := g.hex(i).nodes; m != 0; m &= m - 1 {
			n := bits.TrailingZeros32(m)
			if b.hexes[i].tile.Nodes[n].Kind != City {
				continue
			}
			if _, why := b.tokenSlot(i, n, corp, false); why == slotOK && !b.reservedOut(i, n, corp) {
				out = append(out, NodeRef{Hex: b.s.ids[i], Node: n})
			}
		}
	}
	return out
}
