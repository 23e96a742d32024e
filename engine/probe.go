package engine

import (
	"fmt"
	"slices"
	"strings"
)

// Engine returns the title-independent state itself. Title games embed
// *Game, so they all have this method: code that drives any title can reach
// the common state through it.
func (g *Game) Engine() *Game { return g }

// shareClass names what makes certificates alike: corporation, holder, size
// and whether it is the director's.
func shareClass(g *Game, id string) string {
	c, s, err := g.ShareByID(id)
	if err != nil {
		return "?" + id
	}
	return fmt.Sprintf("%s/%d/%d/%v/%v", c.Sym, s.Holder, s.Percent, s.President, s.Buyable)
}

func bundleClass(g *Game, ids []string) string {
	var cs []string
	for _, id := range ids {
		cs = append(cs, shareClass(g, id))
	}
	slices.Sort(cs)
	return strings.Join(cs, "+")
}

// trainClass names what makes trains alike: type and seller.
func trainClass(g *Game, id string) string {
	for _, c := range g.Corps {
		for _, t := range c.Trains {
			if t.ID == id {
				return t.Name + "@" + c.Sym
			}
		}
	}
	for _, t := range g.Depot.Pool {
		if t.ID == id {
			return t.Name + "@pool"
		}
	}
	name, _, _ := strings.Cut(id, "-")
	return name + "@depot"
}

// TileName is a tile id without its copy number.
func TileName(id string) string {
	if i := strings.LastIndexByte(id, '-'); i > 0 {
		return id[:i]
	}
	return id
}

// Covers reports whether choice ch allows action a: the same type, mover
// and object, a price within the choice's range, with alike certificates
// and trains, copies of one tile and the slots of one city counted as the
// same. It is how tests and tools decide whether an action was listed by
// Legal.
func Covers(g *Game, ch Choice, a Action) bool {
	c := ch.Action
	if c.Type != a.Type || c.Entity != a.Entity {
		return false
	}
	priceOK := a.Price == c.Price || (ch.MaxPrice > c.Price && a.Price >= c.Price && a.Price <= ch.MaxPrice && (a.Price-c.Price)%max(ch.PriceStep, 1) == 0)
	switch a.Type {
	case "bid":
		return c.Company == a.Company && (a.Company != "" || priceOK)
	case "par":
		return c.Corporation == a.Corporation && c.SharePrice == a.SharePrice
	case "buy_shares":
		if g.Company(a.Entity) != nil {
			// an exchange unlocks the reserved certificate: all IPO shares are alike
			strip := func(s string) string {
				if i := strings.LastIndexByte(s, '/'); i >= 0 {
					return s[:i]
				}
				return s
			}
			return strip(bundleClass(g, c.Shares)) == strip(bundleClass(g, a.Shares))
		}
		return bundleClass(g, c.Shares) == bundleClass(g, a.Shares)
	case "sell_shares":
		pa := a.Percent
		if pa == 0 {
			for _, id := range a.Shares {
				_, s, _ := g.ShareByID(id)
				if s != nil {
					pa += s.Percent
				}
			}
		}
		return bundleClass(g, c.Shares) == bundleClass(g, a.Shares) && c.Percent == pa
	case "buy_company", "sell_company":
		return c.Company == a.Company && c.Price == a.Price
	case "lay_tile":
		return c.Hex == a.Hex && TileName(c.Tile) == TileName(a.Tile) && c.Rotation == a.Rotation
	case "place_token":
		return c.City == a.City
	case "buy_train":
		return trainClass(g, c.Train) == trainClass(g, a.Train) && priceOK
	case "discard_train":
		return c.Train == a.Train
	case "dividend":
		return c.Kind == a.Kind
	case "special_buy":
		return c.Description == a.Description
	}
	return true
}

// CoveredBy reports whether any of choices covers a.
func CoveredBy(g *Game, choices []Choice, a Action) bool {
	for _, ch := range choices {
		if Covers(g, ch, a) {
			return true
		}
	}
	return false
}

// Brief is a short text of an action's type-specific fields, for messages
// and for telling probe actions apart.
func (a Action) Brief() string {
	var parts []string
	add := func(k string, v any, zero bool) {
		if !zero {
			parts = append(parts, fmt.Sprintf("%s=%v", k, v))
		}
	}
	add("price", a.Price, a.Price == 0)
	add("company", a.Company, a.Company == "")
	add("corp", a.Corporation, a.Corporation == "")
	add("par", a.SharePrice, a.SharePrice == "")
	add("shares", a.Shares, len(a.Shares) == 0)
	add("percent", a.Percent, a.Percent == 0)
	add("hex", a.Hex, a.Hex == "")
	add("tile", a.Tile, a.Tile == "")
	add("rot", a.Rotation, a.Hex == "")
	add("city", a.City, a.City == "")
	add("train", a.Train, a.Train == "")
	add("kind", a.Kind, a.Kind == "")
	var trains []string
	for _, r := range a.Routes {
		trains = append(trains, r.Train)
	}
	add("routes", trains, len(trains) == 0)
	return "{" + strings.Join(parts, " ") + "}"
}

// NearMisses builds probe actions around a position for entity: every
// listed choice that is complete (no Open part), plus near misses: other
// rotations of listed tiles, prices just past a listed range, every
// certificate of every corporation, every par cell, other corporations'
// trains. Whether each is legal is for Covers to say.
func NearMisses(g *Game, entity string, choices []Choice) []Action {
	var out []Action
	seen := map[string]bool{}
	add := func(a Action) {
		k := a.Type + a.Entity + a.Brief()
		if !seen[k] {
			seen[k] = true
			out = append(out, a)
		}
	}
	for _, ch := range choices {
		if ch.Open != "" {
			continue
		}
		a := ch.Action
		add(a)
		switch a.Type {
		case "lay_tile":
			for r := 0; r < 6; r++ {
				b := a
				b.Rotation = r
				add(b)
			}
		case "bid", "buy_train":
			if ch.MaxPrice > a.Price {
				b := a
				b.Price = ch.MaxPrice
				add(b)
				b.Price = ch.MaxPrice + max(ch.PriceStep, 1)
				add(b)
			}
			if a.Price > 0 {
				b := a
				b.Price = a.Price - 1
				add(b)
			}
		}
	}
	base := Action{Entity: entity, EntityType: "player"}
	if g.Corp(entity) != nil {
		base.EntityType = "corporation"
	}
	if g.Company(entity) != nil {
		base.EntityType = "company"
	}
	for _, c := range g.Corps {
		for _, s := range c.Shares {
			a := base
			a.Type, a.Shares, a.Percent = "buy_shares", []string{c.ShareID(s.Index)}, s.Percent
			add(a)
		}
		for _, cell := range g.Market.ParCells() {
			a := base
			a.Type, a.Corporation, a.SharePrice = "par", c.Sym, cell.ID()
			add(a)
		}
		for _, t := range c.Trains {
			a := base
			a.Type, a.Train, a.Price = "buy_train", t.ID, 10
			add(a)
		}
	}
	return out
}
