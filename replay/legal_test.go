package replay

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/titles/t1825"
	"tresham/titles/t1860"
)

// shareClass names what makes certificates alike: corporation, holder, size
// and whether it is the director's.
func shareClass(g *engine.Game, id string) string {
	c, s, err := g.ShareByID(id)
	if err != nil {
		return "?" + id
	}
	return fmt.Sprintf("%s/%d/%d/%v/%v", c.Sym, s.Holder, s.Percent, s.President, s.Buyable)
}

func bundleClass(g *engine.Game, ids []string) string {
	var cs []string
	for _, id := range ids {
		cs = append(cs, shareClass(g, id))
	}
	slices.Sort(cs)
	return strings.Join(cs, "+")
}

// trainClass names what makes trains alike: type and seller.
func trainClass(g *engine.Game, id string) string {
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

func tileName(id string) string {
	if i := strings.LastIndexByte(id, '-'); i > 0 {
		return id[:i]
	}
	return id
}

// covers reports whether choice ch allows action a (alike certificates and
// trains, tile copies and token slots being interchangeable).
func covers(g *engine.Game, ch engine.Choice, a engine.Action) bool {
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
			strip := func(s string) string { return s[:strings.LastIndexByte(s, '/')] }
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
		return c.Hex == a.Hex && tileName(c.Tile) == tileName(a.Tile) && c.Rotation == a.Rotation
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

// engineOf returns the title-independent state of a title game.
func engineOf(g Game) *engine.Game {
	switch tg := g.(type) {
	case *t1860.Game:
		return tg.Game
	case *t1825.Game:
		return tg.Game
	}
	panic(fmt.Sprintf("unknown title game %T", g))
}

// TestLegalCoversFixtureActions checks, before every action of every 1860
// and 1825 fixture, that the mover is among Acting() and that Legal lists
// the move.
func TestLegalCoversFixtureActions(t *testing.T) {
	files := fixtureFiles(t, "*.json")
	for _, f := range files {
		src, err := g18xx.ReadFile(f)
		if err != nil || (src.Title != "1860" && src.Title != "1825") {
			continue
		}
		t.Run(f, func(t *testing.T) {
			g, err := New(src)
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			for _, ga := range g18xx.Effective(src.Actions) {
				a := Convert(&ga)
				switch {
				case a.Type == "message", strings.HasPrefix(a.Type, "program_"), a.Type == "end_game":
				default:
					acting := g.Acting()
					if !slices.Contains(acting, a.Entity) {
						t.Fatalf("action %d (%s by %s): mover not among acting entities %v", a.ID, a.Type, a.Entity, acting)
					}
					choices := g.Legal(a.Entity)
					ok := false
					for _, ch := range choices {
						if covers(engineOf(g), ch, a) {
							ok = true
							break
						}
					}
					if !ok {
						var list []string
						for _, ch := range choices {
							list = append(list, fmt.Sprintf("%s%v", ch.Action.Type, compact(ch.Action)))
						}
						t.Fatalf("action %d (%s by %s %v) not listed by Legal; listed: %s", a.ID, a.Type, a.Entity, compact(a), strings.Join(list, " "))
					}
					checked++
				}
				if err := g.Apply(&a); err != nil {
					t.Fatalf("action %d: %v", a.ID, err)
				}
			}
			if checked == 0 {
				t.Fatal("no actions checked")
			}
		})
	}
}

func compact(a engine.Action) string {
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
	return "{" + strings.Join(parts, " ") + "}"
}

// candidates builds probe actions around a position: every listed choice,
// plus near misses (other rotations of listed tiles, every certificate of
// every corporation, every par cell, other trains).
func candidates(g *engine.Game, entity string, choices []engine.Choice) []engine.Action {
	var out []engine.Action
	seen := map[string]bool{}
	add := func(a engine.Action) {
		k := fmt.Sprintf("%s%s%v", a.Type, a.Entity, compact(a))
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
	base := engine.Action{Entity: entity, EntityType: "player"}
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

// TestLegalIsExact probes positions of real games: every listed choice is
// accepted (and undone exactly), every near miss not listed is refused and
// changes nothing.
func TestLegalIsExact(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	for _, name := range []string{"1860/19354.json", "synthetic/1860/1860-base-3p-9.json",
		"1825/1825_game_end_bank.json", "synthetic/1825/1825-unit_12-4p-39.json"} {
		t.Run(name, func(t *testing.T) {
			g, rest := position(t, name, 0)
			probes, accepted, refused := 0, 0, 0
			for i, a := range rest {
				if i%47 == 5 && !g.IsFinished() {
					for _, ent := range g.Acting() {
						choices := g.Legal(ent)
						before := stateJSON(g)
						// (Undo rebuilds the game: take its state afresh)
						for _, p := range candidates(engineOf(g), ent, choices) {
							listed := false
							for _, ch := range choices {
								if covers(engineOf(g), ch, p) {
									listed = true
								}
							}
							probes++
							err := g.Apply(&p)
							switch {
							case listed && err != nil:
								t.Fatalf("before action %d: listed %s %v refused: %v", a.ID, p.Type, compact(p), err)
							case !listed && err == nil:
								t.Fatalf("before action %d: unlisted %s by %s %v accepted", a.ID, p.Type, ent, compact(p))
							case err == nil:
								accepted++
								if err := g.Undo(); err != nil {
									t.Fatal(err)
								}
							default:
								refused++
							}
							if stateJSON(g) != before {
								t.Fatalf("before action %d: probe %s %v left the game changed", a.ID, p.Type, compact(p))
							}
						}
					}
				}
				if err := g.Apply(&a); err != nil {
					t.Fatalf("action %d: %v", a.ID, err)
				}
			}
			t.Logf("%d probes: %d listed and accepted, %d unlisted and refused", probes, accepted, refused)
		})
	}
}
