package board

import "fmt"

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
	toks := b.tokensOf(i)
	if !opt.SameHexAllowed {
		for _, slots := range toks {
			for _, c := range slots {
				if c == corp {
					return -1, fmt.Errorf("board: %s already has a token on %s", corp, r.Hex)
				}
			}
		}
	}
	slot := -1
	for s, c := range toks[r.Node] {
		if c == "" {
			slot = s
			break
		}
	}
	if slot < 0 {
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

// PlaceToken places a token of corp in city r (first free slot, as
// 18xx.games does whatever slot the action names) and returns the slot.
func (b *Board) PlaceToken(r NodeRef, corp string, opt TokenOptions) (int, error) {
	slot, err := b.CanPlaceToken(r, corp, opt)
	if err != nil {
		return -1, err
	}
	i := b.s.index[r.Hex]
	h := &b.hexes[i]
	if h.tokens == nil {
		h.tokens = emptyTokens(h.tile)
	}
	h.tokens[r.Node][slot] = corp
	b.dropReservations(i, corp)
	return slot, nil
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
			h.tokens[r.Node][s] = ""
			return nil
		}
	}
	return fmt.Errorf("board: no token of %s in %s", corp, r.Hex)
}

// TokenableCities lists the cities on corp's network where it could place
// a token now.
func (b *Board) TokenableCities(corp string) []NodeRef {
	g := b.Graph(corp)
	var out []NodeRef
	for _, r := range g.Nodes() {
		if _, err := b.CanPlaceToken(r, corp, TokenOptions{Graph: g}); err == nil {
			out = append(out, r)
		}
	}
	return out
}
