package step

import (
	"tresham/board"
	"tresham/engine"
)

// TokenChoices lists the tokens c may place now, the token step's
// candidates: one in each city of its network with a slot it may take
// (board.TokenableCities: a free slot not held for another's home token,
// none of its own on the hex), naming the slot when slots is set. The
// network is what c reaches from its bases without passing a city full of
// others' tokens (1860 rules 7.3 "Building Bases"; 1825 rules 4.4.1,
// 4.4.2, 4.4.5).
func TokenChoices(b *board.Board, c *engine.Corporation, slots bool) []engine.Choice {
	var out []engine.Choice
	for _, r := range b.TokenableCities(c.Sym) {
		a := engine.CorpAction(c, "place_token")
		a.City = b.CityID(r)
		if slots {
			a.Slot, _ = b.CanPlaceToken(r, c.Sym, board.TokenOptions{})
		}
		out = append(out, engine.Choice{Action: a})
	}
	return out
}

// CanToken reports whether c may place a token now as far as its charter,
// its money and the map go: a token left, its price within budget and a
// city on its network with a slot for it (on no map, b nil, any city).
// The tokens are limited and priced on the charter (1860 rules 7.3: the
// second base 40, each further one 100; 1825 rules 4.4.4, 4.4.6).
func CanToken(b *board.Board, c *engine.Corporation, budget int) bool {
	i := c.NextToken()
	if i < 0 || c.Tokens[i].Price > budget {
		return false
	}
	return b == nil || b.HasTokenableCity(c.Sym)
}

// CheckToken decides c's token in city (a "TILE-PART" city id) on b with
// opt, changing nothing, and returns the city's node.
func CheckToken(b *board.Board, c *engine.Corporation, city string, opt board.TokenOptions) (board.NodeRef, error) {
	r, err := b.ResolveCity(city)
	if err != nil {
		return r, err
	}
	_, err = b.CanPlaceToken(r, c.Sym, opt)
	return r, err
}

// PlaceToken places c's next token in city r of b with opt and records it
// on the token: the node's signature, which it returns. A token stays
// where it is placed, through upgrades too (1860 rules 7.3, 1825 rule
// 4.4.3).
func PlaceToken(b *board.Board, c *engine.Corporation, r board.NodeRef, opt board.TokenOptions) (string, error) {
	if _, err := b.PlaceToken(r, c.Sym, opt); err != nil {
		return "", err
	}
	loc := b.Signature(r)
	if i := c.NextToken(); i >= 0 {
		c.Tokens[i].Location = loc
	}
	return loc, nil
}

// PlaceHomeTokens places c's home tokens, one on the home city of each of
// hexes that has a city (board.HomeCity: the city held for c, else the
// first), and returns the hexes where it placed one. Home bases are free
// (1860 rules 7.3: placed as soon as the company floats; 1825 rules 1.13,
// 4.4: on its initial Base when it is first formed).
func PlaceHomeTokens(b *board.Board, c *engine.Corporation, hexes ...string) []string {
	var placed []string
	for _, h := range hexes {
		if r, ok := b.HomeCity(c.Sym, h); ok {
			if _, err := PlaceToken(b, c, r, board.TokenOptions{}); err == nil {
				placed = append(placed, h)
			}
		}
	}
	return placed
}
