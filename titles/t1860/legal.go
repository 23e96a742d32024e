package t1860

import (
	"slices"
	"sort"

	"tresham/board"
	"tresham/engine"
)

// Acting lists the entities that may act now: player ids (decimal text),
// corporation symbols (operating, or laying a home tile) and company symbols
// (a private its owner may exchange for a share).
func (g *Game) Acting() []string {
	if g.Finished {
		return nil
	}
	switch {
	case g.auction != nil:
		return []string{itoa(g.auction.Active())}
	case g.stock != nil:
		if len(g.pendingHome) > 0 {
			return []string{g.pendingHome[0].Sym}
		}
		p := g.Player(g.stock.active())
		out := []string{itoa(p.ID)}
		for _, sym := range p.Companies {
			if len(g.companyChoices(g.Company(sym))) > 0 {
				out = append(out, sym)
			}
		}
		return out
	case g.op != nil:
		if c := g.op.current(); c != nil {
			return []string{c.Sym}
		}
	}
	return nil
}

// Legal lists what entity may do now. Every listed action is accepted by
// Apply (a price within the choice's range; routes still to be supplied for
// run_routes); anything else is refused. Certificates that are alike (same
// corporation, holder and size) are listed once.
func (g *Game) Legal(entity string) []engine.Choice {
	if !slices.Contains(g.Acting(), entity) {
		return nil
	}
	switch {
	case g.auction != nil:
		return g.auction.legal(g, g.Player(g.auction.Active()))
	case g.stock != nil:
		if len(g.pendingHome) > 0 {
			c := g.pendingHome[0]
			out := g.layChoices(c, c.Home, true)
			if len(out) > 0 {
				return out
			}
			return []engine.Choice{{Action: corpAction(c, "pass")}}
		}
		if co := g.Company(entity); co != nil {
			return g.companyChoices(co)
		}
		return g.stock.legal(g, g.Player(g.stock.active()))
	case g.op != nil:
		return g.op.legal(g, g.op.current())
	}
	return nil
}

func playerAction(p *engine.Player, typ string) engine.Action {
	return engine.Action{Type: typ, Entity: itoa(p.ID), EntityType: "player"}
}

func corpAction(c *engine.Corporation, typ string) engine.Action {
	return engine.Action{Type: typ, Entity: c.Sym, EntityType: "corporation"}
}

func (r *auctionRound) legal(g *Game, p *engine.Player) []engine.Choice {
	var out []engine.Choice
	cheapestItem, cheapest := r.cheapest(g)
	if r.winner == 0 {
		min, max := r.highest()+5, p.Cash-cheapest
		if min <= max {
			a := playerAction(p, "bid")
			a.Price = min
			out = append(out, engine.Choice{Action: a, MaxPrice: max, PriceStep: 1})
		}
		return append(out, engine.Choice{Action: playerAction(p, "pass")})
	}
	for _, it := range r.items {
		if co := g.Company(it); co != nil {
			if p.Cash < co.Value && it != cheapestItem {
				continue
			}
			a := playerAction(p, "bid")
			a.Company, a.Price = co.Sym, min(co.Value, p.Cash)
			out = append(out, engine.Choice{Action: a})
			continue
		}
		c := g.Corp(it)
		for _, cell := range g.parPrices(c) {
			a := playerAction(p, "par")
			a.Corporation, a.SharePrice = c.Sym, cell.ID()
			out = append(out, engine.Choice{Action: a})
		}
	}
	return out
}

func (r *stockRound) legal(g *Game, p *engine.Player) []engine.Choice {
	mustSell := g.mustSell(p, r)
	var out []engine.Choice
	if !mustSell {
		out = append(out, engine.Choice{Action: playerAction(p, "pass")})
	}
	for _, c := range g.Corps {
		if g.canSellCorp(p, r, c) {
			for _, b := range sellBundles(c, c.SharesOf(engine.Holder(p.ID))) {
				if g.sellBundleOK(p, c, b.shares, b.percent) {
					a := playerAction(p, "sell_shares")
					a.Shares, a.Percent = b.ids(), b.percent
					a.SharePrice = g.writtenSalePrice(c)
					out = append(out, engine.Choice{Action: a})
				}
			}
		}
	}
	if mustSell {
		return out
	}
	for _, c := range g.Corps {
		if !c.IPOed {
			continue
		}
		for _, h := range []engine.Holder{engine.HolderIPO, engine.HolderMarket} {
			seen := map[[2]int]bool{}
			for _, s := range c.SharesOf(h) {
				k := [2]int{s.Percent, boolInt(s.President)}
				if seen[k] || !g.canBuyShare(p, r, c, s) || (h == engine.HolderIPO && s.President) {
					continue
				}
				seen[k] = true
				a := playerAction(p, "buy_shares")
				a.Shares, a.Percent = []string{c.ShareID(s.Index)}, s.Percent
				if s.President && h == engine.HolderMarket {
					a.Percent = 10 // one share is bought (see shareBuyPrice); 18xx.games prices it so
				}
				out = append(out, engine.Choice{Action: a})
			}
		}
	}
	if !r.bought() {
		for _, c := range g.Corps {
			if c.IPOed || c.Closed || !g.canIPO(c) || r.soldState(p.ID, c.Sym) != soldNone || !g.canGain(p, c, false) {
				continue
			}
			for _, cell := range g.parPrices(c) {
				if p.Cash >= 2*cell.Price {
					a := playerAction(p, "par")
					a.Corporation, a.SharePrice = c.Sym, cell.ID()
					out = append(out, engine.Choice{Action: a})
				}
			}
		}
	}
	if g.canBuyAnyCompany(p, r) {
		for _, co := range g.Companies {
			if co.Owner == "bank" && !co.Closed && r.soldState(p.ID, co.Sym) == soldNone && p.Cash >= co.Value {
				a := playerAction(p, "buy_company")
				a.Company, a.Price = co.Sym, co.Value
				out = append(out, engine.Choice{Action: a})
			}
		}
	}
	if g.canSellAnyCompany(p, r) {
		for _, sym := range p.Companies {
			co := g.Company(sym)
			a := playerAction(p, "sell_company")
			a.Company, a.Price = co.Sym, co.Value-companySaleFee
			out = append(out, engine.Choice{Action: a})
		}
	}
	return out
}

// bundle is a set of one player's certificates of one corporation and the
// percentage sold from it (less than their sum when only part of the
// director's certificate is sold).
type bundle struct {
	corp    *engine.Corporation
	shares  []*engine.Share
	percent int
}

func (b bundle) ids() []string {
	out := make([]string, len(b.shares))
	for i, s := range b.shares {
		out[i] = b.corp.ShareID(s.Index)
	}
	return out
}

// sellBundles lists the distinct sales a holder can name: any number of
// ordinary shares (alike certificates are listed once, smallest first),
// and all of them with the director's certificate, whole or in part
// (rules 6.6: one of the two shares it represents may be sold). Whether
// each is allowed now is sellBundleOK's to say.
func sellBundles(c *engine.Corporation, held []*engine.Share) []bundle {
	var ordinary []*engine.Share
	var pres *engine.Share
	for _, s := range held {
		if s.President {
			pres = s
		} else {
			ordinary = append(ordinary, s)
		}
	}
	sort.SliceStable(ordinary, func(i, j int) bool { return ordinary[i].Percent < ordinary[j].Percent })
	var out []bundle
	total := 0
	for k := 1; k <= len(ordinary); k++ {
		total += ordinary[k-1].Percent
		out = append(out, bundle{corp: c, shares: ordinary[:k:k], percent: total})
	}
	if pres != nil {
		shares := append(append([]*engine.Share(nil), ordinary...), pres)
		for part := 0; part < pres.Percent; part += 10 {
			out = append(out, bundle{corp: c, shares: shares, percent: total + pres.Percent - part})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].percent < out[j].percent })
	return out
}

// sellBundleOK checks a sale's certificates against its percentage, for
// Legal and Apply alike: the whole of each certificate is sold, except the
// director's, of which one share may be kept (rules 6.6) when a share can
// be given back for it - from the pool (the bundle's own ordinary shares
// land there first) or from a player holding enough to become director
// and swap two shares in. 18xx.games refuses the same sales (can_dump?: a
// part of the director's certificate alone needs a pool share or another
// holder of more than one share). The certificate is sold only with all the
// seller's other shares.
func (g *Game) sellBundleOK(p *engine.Player, c *engine.Corporation, shares []*engine.Share, percent int) bool {
	total := 0
	var pres *engine.Share
	ordinary := 0
	for _, s := range shares {
		total += s.Percent
		if s.President {
			pres = s
		} else {
			ordinary++
		}
	}
	if percent <= 0 || percent > total || percent%10 != 0 {
		return false
	}
	// the director's certificate goes only with all the seller's other
	// shares: 18xx.games offers only such bundles (ordinary shares first,
	// the certificate last), and its engine turns others into different
	// certificates or a director without the certificate
	if pres != nil && ordinary != len(c.SharesOf(engine.Holder(p.ID)))-1 {
		return false
	}
	if total == percent {
		return true
	}
	if pres == nil || total-percent >= pres.Percent {
		return false
	}
	back := (total - percent) / 10
	pool := ordinary
	for _, s := range c.SharesOf(engine.HolderMarket) {
		if !s.President {
			pool++
		}
	}
	for id, pct := range g.PlayerHolders(c) {
		if id != p.ID && pct >= pres.Percent {
			pool += pres.Percent / 10
			break
		}
	}
	return pool >= back
}

// exchangeChoices lists the share a ferry private may be exchanged for now
// (rules 5.3: during its owner's stock-round turn).
func (g *Game) exchangeChoices(co *engine.Company) []engine.Choice {
	if co == nil || co.Closed || g.stock == nil || len(g.pendingHome) > 0 {
		return nil
	}
	p := g.companyOwnerPlayer(co)
	if p == nil || p.ID != g.stock.active() {
		return nil
	}
	var target string
	for _, d := range companyDefs {
		if d.sym == co.Sym {
			target = d.exchange
		}
	}
	c := g.Corp(target)
	if c == nil || !c.IPOed || c.PercentOf(engine.Holder(p.ID))+10 > 100 {
		return nil
	}
	for _, s := range c.SharesOf(engine.HolderIPO) {
		if !s.President {
			a := engine.Action{Type: "buy_shares", Entity: co.Sym, EntityType: "company", Shares: []string{c.ShareID(s.Index)}, Percent: s.Percent}
			return []engine.Choice{{Action: a}}
		}
	}
	return nil
}

func (g *Game) stepChoices(r *operatingRound, c *engine.Corporation, s int) []engine.Choice {
	var out []engine.Choice
	switch s {
	case stepTrack:
		for _, ch := range g.layChoices(c, "", false) {
			if r.lay.Laid > 0 {
				up, city, err := g.layTileCheck(c, &ch.Action)
				if err != nil || r.lay.check(ch.Action.Hex, up, city) != nil {
					continue
				}
			}
			out = append(out, ch)
		}
	case stepToken:
		if mb, ok := g.Board.(*mapBoard); ok {
			for _, t := range mb.tokenChoices(c) {
				a := corpAction(c, "place_token")
				a.City, a.Slot = t.city, t.slot
				out = append(out, engine.Choice{Action: a})
			}
		}
	case stepRoute:
		out = append(out, engine.Choice{Action: corpAction(c, "run_routes"), Open: "routes"})
	}
	return out
}

// layChoices lists the tile lays open to c: on hex only (its home tile) or
// anywhere on its network, that it can pay for.
func (g *Game) layChoices(c *engine.Corporation, hex string, home bool) []engine.Choice {
	mb, ok := g.Board.(*mapBoard)
	if !ok {
		return nil
	}
	cs, err := colors(g.Phase().Tiles)
	if err != nil {
		return nil
	}
	opt := board.LayOptions{Corp: c.Sym, Colors: cs, Rules: mb.rules, NoConnectivity: home}
	hexes := []string{hex}
	if hex == "" {
		opt.Graph = mb.b.Graph(c.Sym)
		hexes = mb.b.LegalLayHexes(opt)
	}
	var out []engine.Choice
	for _, h := range hexes {
		view, _ := mb.b.Hex(h)
		cost := 0
		if !home && view.Tile != nil {
			cost = view.Tile.Cost()
		}
		if cost > c.Cash || cost > 0 && c.Insolvent {
			continue // Insolvency: no track that costs
		}
		for _, l := range mb.b.LegalLays(h, opt) {
			a := corpAction(c, "lay_tile")
			a.Hex, a.Tile, a.Rotation = l.Hex, l.TileID, l.Rotation
			out = append(out, engine.Choice{Action: a})
		}
	}
	return out
}

type tokenChoice struct {
	city string
	slot int
}

// tokenChoices lists the cities where corp may place its next token.
func (m *mapBoard) tokenChoices(corp *engine.Corporation) []tokenChoice {
	g := m.b.Graph(corp.Sym)
	var out []tokenChoice
	for _, r := range g.Nodes() {
		slot, err := m.b.CanPlaceToken(r, corp.Sym, board.TokenOptions{CheckConnected: true, Graph: g})
		if err != nil || m.reservedAgainst(r, corp) {
			continue
		}
		out = append(out, tokenChoice{city: m.b.CityID(r), slot: slot})
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Map is the game's board, for reading (rendering, probing); nil without a map.
func (g *Game) Map() *board.Board {
	if mb, ok := g.Board.(*mapBoard); ok {
		return mb.b
	}
	return nil
}
