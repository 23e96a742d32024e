package t1825

import (
	"slices"
	"sort"

	"tresham/board"
	"tresham/engine"
)

// Acting lists the entities that may act now: a player id (decimal text) in
// a share dealing round, a company symbol in an operating round.
func (g *Game) Acting() []string {
	if g.Finished {
		return nil
	}
	var out []string
	for _, e := range g.activeEntities() {
		switch v := e.(type) {
		case int:
			out = append(out, itoa(v))
		case string:
			out = append(out, v)
		}
	}
	return out
}

// Legal lists what entity may do now; each listed action passes the same
// rule checks Apply makes (run_routes still needs its routes: Open
// "routes"). Certificates that are alike are listed once.
func (g *Game) Legal(entity string) []engine.Choice {
	if !slices.Contains(g.Acting(), entity) {
		return nil
	}
	switch {
	case g.stock != nil:
		return g.stock.legal(g, g.Player(g.stock.active()))
	case g.op != nil:
		return g.op.legal(g)
	}
	return nil
}

func playerAction(p *engine.Player, typ string) engine.Action {
	return engine.Action{Type: typ, Entity: itoa(p.ID), EntityType: "player"}
}

func corpAction(c *engine.Corporation, typ string) engine.Action {
	return engine.Action{Type: typ, Entity: c.Sym, EntityType: "corporation"}
}

func (r *opRound) legal(g *Game) []engine.Choice {
	var out []engine.Choice
	add := func(a engine.Action) { out = append(out, engine.Choice{Action: a}) }
	if len(r.pendingHome) > 0 {
		c := r.pendingHome[0]
		h := g.defs[c.Sym].Homes[0]
		v, _ := g.Board.Hex(h)
		for _, n := range v.Tile.CityIndexes() {
			ref := board.NodeRef{Hex: h, Node: n}
			if _, err := g.Board.CanPlaceToken(ref, c.Sym, board.TokenOptions{}); err == nil {
				a := corpAction(c, "place_token")
				a.City = g.Board.CityID(ref)
				add(a)
			}
		}
		return out
	}
	if len(r.discard) > 0 {
		return discardStep.Choices(g, r.discard[0].Sym)
	}
	c := r.current()
	if c == nil {
		return nil
	}
	canLease := c.Receivership && r.leased == nil && len(g.depotTrains()) > 0
	switch r.step {
	case stTrack:
		if g.canLayTile(c) {
			out = append(out, g.layChoices(c)...)
			if canLease {
				out = append(out, g.leaseChoices(c)...)
			}
		}
		if g.canPlaceToken(c) {
			price := c.Tokens[c.NextToken()].Price
			for _, ref := range g.Board.TokenableCities(c.Sym) {
				if !g.canAfford(c, price, nil) {
					break
				}
				if g.creditRefusal(c, price, tokenAt(ref, c.Sym)) != "" {
					continue
				}
				a := corpAction(c, "place_token")
				a.City = g.Board.CityID(ref)
				add(a)
			}
		}
		out = append(out, g.surveyorChoices(c)...)
		if _, owes := g.owesSurveyorMove(c); !owes {
			add(corpAction(c, "pass"))
		}
	case stRoute:
		out = append(out, engine.Choice{Action: corpAction(c, "run_routes"), Open: "routes"})
		if canLease {
			out = append(out, g.leaseChoices(c)...)
		}
	case stDividend:
		out = append(out, dividendStep.Choices(g, c.Sym)...)
	case stBuy:
		out = append(out, buyTrainStep.Choices(g, c.Sym)...)
		if !c.Receivership {
			add(corpAction(c, "pass"))
		}
	}
	return out
}

func (g *Game) leaseChoices(c *engine.Corporation) []engine.Choice {
	var out []engine.Choice
	for _, t := range g.depotTrains() {
		if !g.leaseRepaid(c, t) {
			continue
		}
		a := corpAction(c, "special_buy")
		a.Description, a.Cost = t.Name, leaseCost
		out = append(out, engine.Choice{Action: a})
	}
	return out
}

// leaseRepaid reports whether company c may lease train t: paid from its
// cash, or on credit only while the run it could make with t repays all it
// owes. Rule 6.4.6 lets a Receiver pay from the turn's revenue; a debt the
// run cannot repay is refused at the run (as on 18xx.games, where the
// players must undo), so such a lease is neither offered nor accepted.
func (g *Game) leaseRepaid(c *engine.Corporation, t *engine.Train) bool {
	owed := g.op.loan + leaseCost - c.Cash
	if owed <= 0 {
		return true
	}
	saved := g.op.leased
	g.op.leased = t // the run as it would be with t (restored below)
	defer func() { g.op.leased = saved }()
	sol, err := g.SolveRoutes(c.Sym)
	return err == nil && sol.Revenue >= owed
}

// layChoices lists the tile lays the company may make now, each checked by
// the same rules as Apply's lay_tile.
func (g *Game) layChoices(c *engine.Corporation) []engine.Choice {
	var out []engine.Choice
	cs := []board.Color{}
	for _, n := range g.phaseTiles() {
		if col, err := board.ParseColor(n); err == nil {
			cs = append(cs, col)
		}
	}
	opt := board.LayOptions{Corp: c.Sym, Rules: g.layRules(c), Colors: cs}
	hexes := g.Board.LegalLayHexes(opt)
	d := g.defs[c.Sym]
	if d.Minor && c.Tokens[0].Location == "" && len(d.Homes) > 0 {
		hexes = append(hexes, d.Homes[0])
	}
	if g.surveyorsActive() {
		// new tiles only where a Surveyor has just left (rule 6.6)
		hexes = slices.DeleteFunc(hexes, func(h string) bool { return !IsUpgrade(g.Board, h) })
		hexes = append(hexes, g.op.surveyed...)
	}
	sort.Strings(hexes)
	for _, h := range slices.Compact(hexes) {
		if !g.layAllowedOn(c, h) || g.reservedFor(c, h) != "" {
			continue
		}
		o := opt
		if d.Minor && c.Tokens[0].Location == "" && len(d.Homes) > 0 && d.Homes[0] == h {
			o.NoConnectivity = true
		} else if free, err := g.surveyLay(c, h); err != nil {
			continue
		} else if free {
			o.NoConnectivity = true
		}
		cost := 0
		if v, ok := g.Board.Hex(h); ok {
			cost = v.Tile.Cost()
		}
		if !g.canAfford(c, cost, nil) {
			continue // the terrain cost must be paid (rule 4.2.7)
		}
		for _, l := range g.Board.LegalLays(h, o) {
			td, ok := g.Board.TileDef(l.Tile)
			if !ok || !TileAvailable(td, g.phaseTiles()) {
				continue
			}
			if (l.Tile == "887" || l.Tile == "888") && h == "Q13" && c.Sym != "NS" {
				continue
			}
			a := corpAction(c, "lay_tile")
			a.Hex, a.Tile, a.Rotation = h, l.TileID, l.Rotation
			if g.creditRefusal(c, cost, layOn(a, o)) != "" {
				continue
			}
			out = append(out, engine.Choice{Action: a})
		}
	}
	return out
}

// layAllowedOn applies the turn's limits: one promotion alone, and no two
// tiles in adjacent hexes.
func (g *Game) layAllowedOn(c *engine.Corporation, hex string) bool {
	r := g.op
	if IsUpgrade(g.Board, hex) && len(r.laid) > 0 {
		return false
	}
	for _, h := range r.laid {
		if h == hex || g.adjacent(h, hex) {
			return false
		}
	}
	return true
}
