package engine

import (
	"sort"
	"strconv"
)

// The glue of a title's listing and view that every title writes alike.

// ActingIDs words the entities to act (player ids as int, corporation and
// company symbols as string) as a title's Acting lists them: decimal ids
// and symbols; nil for none.
func ActingIDs(active []any) []string {
	var out []string
	for _, e := range active {
		switch v := e.(type) {
		case int:
			out = append(out, strconv.Itoa(v))
		case string:
			out = append(out, v)
		}
	}
	return out
}

// NumCertsWhere counts p's certificates towards the certificate limit:
// privates, and the shares of the corporations counts accepts.
func (g *Game) NumCertsWhere(p *Player, counts func(*Corporation) bool) int {
	n := len(p.Companies)
	h := Holder(p.ID)
	for _, c := range g.Corps {
		// counted in place (SharesOf would build and sort a list), and
		// counts asked only of a corporation p holds shares of
		k := 0
		for _, s := range c.Shares {
			if s.Holder == h {
				k++
			}
		}
		if k > 0 && counts(c) {
			n += k
		}
	}
	return n
}

// ActionPlayer is the player action a names as its mover (a refusal for
// none known).
func (g *Game) ActionPlayer(a *Action) (*Player, error) {
	id, err := a.PlayerID()
	if err != nil {
		return nil, err
	}
	p := g.Player(id)
	if p == nil {
		return nil, Refuse(a, "unknown player %d", id)
	}
	return p, nil
}

// RoundName is the kind of the round in progress ("Auction", "Stock",
// "Operating": each title sets RoundKind as it starts a round), or of the
// last one once the game is over.
func (g *Game) RoundName() string { return g.RoundKind }

// TokensView adds c's tokens to its view m (CorporationView):
// "tokens_placed", the cities placed (as the map lists them), sorted, and
// "tokens_unplaced", how many are still on its charter.
func TokensView(m map[string]any, c *Corporation, placed []string) {
	unplaced := 0
	for _, t := range c.Tokens {
		if t.Location == "" {
			unplaced++
		}
	}
	placed = append([]string{}, placed...)
	sort.Strings(placed)
	m["tokens_placed"], m["tokens_unplaced"] = placed, unplaced
}

// PlayerOrder is a round's order of the players, by id in seating order
// (StateParts.Order).
func (g *Game) PlayerOrder() []any {
	out := make([]any, 0, len(g.Players))
	for _, p := range g.Players {
		out = append(out, p.ID)
	}
	return out
}

// CorpOrder is a round's order of corporations, by symbol
// (StateParts.Order).
func CorpOrder(cs []*Corporation) []any {
	out := make([]any, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.Sym)
	}
	return out
}

// NextLayer is the highest layer (or band) of corporations open to be
// started: the one after the highest layer of a corporation done with
// (layer's ok), 1 when there is none, and at most max.
func NextLayer(corps []*Corporation, layer func(*Corporation) (int, bool), max int) int {
	top := 0
	for _, c := range corps {
		if l, ok := layer(c); ok && l > top {
			top = l
		}
	}
	return min(top+1, max)
}

// OpenLayer records l as the highest layer (or band) open, *highest, as
// both titles do after a purchase: a layer higher than before is
// announced in the log ("-- Layer 2 corporations now available --", word
// naming a layer) unless announce is false.
func (g *Game) OpenLayer(highest *int, l int, word string, announce bool) {
	if l > *highest && announce {
		g.Logf("-- %s %d corporations now available --", word, l)
	}
	*highest = l
}
