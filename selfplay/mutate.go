package selfplay

import (
	"math/rand/v2"
	"strconv"

	"tresham/engine"
)

// maxMutations bounds the mutations tried per action: every refusal
// rebuilds the game by replay, so each costs as much as a replay.
const maxMutations = 4

// Mutations returns up to a few near neighbours of a (an action about to be
// applied to g): another mover, price, certificate, hex, tile, city, train,
// company, par cell or dividend kind, or broken routes. Some may be legal;
// the caller decides with engine.Covers which must be refused.
func Mutations(g *engine.Game, a engine.Action, rng *rand.Rand) []engine.Action {
	var out []engine.Action
	add := func(f func(m *engine.Action) bool) {
		m := a
		m.Shares = append([]string(nil), a.Shares...)
		m.Routes = append([]engine.Route(nil), a.Routes...)
		m.Auto = nil
		if f(&m) {
			out = append(out, m)
		}
	}
	// another mover of the same kind
	add(func(m *engine.Action) bool {
		switch a.EntityType {
		case "player":
			p := g.Players[rng.IntN(len(g.Players))]
			m.Entity = strconv.Itoa(p.ID)
		case "corporation":
			c := g.Corps[rng.IntN(len(g.Corps))]
			m.Entity = c.Sym
		default:
			return false
		}
		return m.Entity != a.Entity
	})
	// a mover that does not exist
	add(func(m *engine.Action) bool {
		if a.EntityType == "player" {
			m.Entity = "999999"
		} else {
			m.Entity = "NOSUCH"
		}
		return true
	})
	add(func(m *engine.Action) bool {
		switch a.Type {
		case "bid", "buy_train", "buy_company", "sell_company":
			m.Price = []int{a.Price + 1, a.Price - 10, -a.Price - 1, a.Price*3 + 10000}[rng.IntN(4)]
			return true
		}
		return false
	})
	add(func(m *engine.Action) bool {
		switch a.Type {
		case "buy_shares", "sell_shares":
			switch rng.IntN(4) {
			case 0: // a certificate of another corporation
				c := g.Corps[rng.IntN(len(g.Corps))]
				m.Shares = []string{c.ShareID(rng.IntN(len(c.Shares)))}
			case 1: // no such certificate
				m.Shares = []string{"NOSUCH_1"}
				if len(a.Shares) > 0 {
					if c, _, err := g.ShareByID(a.Shares[0]); err == nil {
						m.Shares = []string{c.ShareID(len(c.Shares) + 3)}
					}
				}
			case 2: // the same certificate twice
				if len(a.Shares) == 0 {
					return false
				}
				m.Shares = append(m.Shares, a.Shares[0])
			default: // another percentage
				m.Percent = a.Percent + 10
			}
			return true
		case "par":
			if rng.IntN(2) == 0 {
				m.SharePrice = "1,0,0"
			} else {
				c := g.Corps[rng.IntN(len(g.Corps))]
				m.Corporation = c.Sym
			}
			return true
		case "lay_tile":
			switch rng.IntN(4) {
			case 0:
				m.Rotation = (a.Rotation + 1 + rng.IntN(5)) % 6
			case 1:
				m.Rotation = 6 + rng.IntN(3)
			case 2:
				m.Hex = "Z99"
			default:
				m.Tile = "NOSUCH-0"
			}
			return true
		case "place_token":
			m.City = "NOSUCH-0-0"
			return true
		case "buy_train", "discard_train":
			if rng.IntN(2) == 0 {
				m.Train = "NOSUCH-0"
			} else if len(g.Depot.Rusted) > 0 {
				m.Train = g.Depot.Rusted[rng.IntN(len(g.Depot.Rusted))].ID
			} else {
				m.Train = g.Depot.Upcoming[len(g.Depot.Upcoming)-1].ID
			}
			return true
		case "bid", "buy_company", "sell_company":
			if len(g.Companies) == 0 {
				return false
			}
			if rng.IntN(2) == 0 {
				m.Company = "NOSUCH"
			} else {
				m.Company = g.Companies[rng.IntN(len(g.Companies))].Sym
			}
			return m.Company != a.Company
		case "dividend":
			m.Kind = "bogus"
			return true
		case "run_routes":
			if len(a.Routes) == 0 {
				return false
			}
			if rng.IntN(2) == 0 {
				m.Routes[0].Train = "NOSUCH-0"
			} else {
				m.Routes = append(m.Routes, a.Routes[0]) // one train run twice
			}
			return true
		}
		return false
	})
	// another kind of move with the same fields
	add(func(m *engine.Action) bool {
		switch a.Type {
		case "buy_shares":
			m.Type = "sell_shares"
		case "sell_shares":
			m.Type = "buy_shares"
		case "pass":
			m.Type = "dividend"
			m.Kind = "payout"
		default:
			m.Type = "pass"
		}
		return true
	})
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	if len(out) > maxMutations {
		out = out[:maxMutations]
	}
	return out
}
