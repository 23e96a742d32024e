package t1825

import (
	"slices"

	"tresham/engine"
	"tresham/engine/step"
)

// stockRound is a Share Dealing Round (section 5): in turn, each player may
// sell, buy one certificate, and sell again; the round ends when every
// player has declined to buy in succession. Its moves are the shared
// stock step's (engine/step.Stock), configured by stockHooks.
type stockRound struct {
	step.StockTurns
	finished bool
}

// stockStep is the shared stock-round step with 1825's rules.
var stockStep = &step.Stock[*Game]{Hooks: step.StockHooks[*Game]{
	Engine: func(g *Game) *engine.Game { return g.Game },
	Turns:  func(g *Game) *step.StockTurns { return &g.stock.StockTurns },
	Order:  step.PassLast,
	// a player over the certificate limit must sell (rules 5.3.2, 6.3.2;
	// step.Stock.MustSell)
	Certs:          func(g *Game, p *engine.Player) int { return g.numCerts(p) },
	WholeSales:     true,
	OverLimitTypes: []string{"sell_company"}, // rule 5.3.2: over the limit, any sale helps
	SaleUnit:       func(g *Game, c *engine.Corporation) int { return g.sharePercent(c) },
	SellRule: func(g *Game, p *engine.Player, c *engine.Corporation, b []*engine.Share, pct int) string {
		return g.sellRefusal(p, g.stock, c, b, pct)
	},
	Sell: (*Game).sell,
	BuyRule: func(g *Game, p *engine.Player, c *engine.Corporation, s *engine.Share, a *engine.Action) string {
		if why := g.buyRefusal(p, c, s); why != "" || a == nil {
			return why
		}
		// the director's certificate from the pool costs one share (rule
		// 6.4.7), written as a share's percentage; 18xx.games also takes it
		// written as the certificate's 20%, from a buyer who could pay for that
		if s.President && s.Holder == engine.HolderMarket && a.Percent > g.sharePercent(c) &&
			p.Cash < g.unitPrice(c, s.Holder)*a.Percent/10 {
			return "write it as " + itoa(g.sharePercent(c)) + "% (rule 6.4.7)"
		}
		return ""
	},
	Buy: func(g *Game, p *engine.Player, c *engine.Corporation, s *engine.Share) {
		g.Logf("%s buys a %d%% share of %s", p.Name, s.Percent, c.Sym)
		g.buyShare(p, c, s, true)
		g.checkNewLayer()
		g.checkFormation(c)
	},
	ParCells:  func(g *Game, c *engine.Corporation) []*engine.Cell { return g.parCells(c) },
	StartRule: (*Game).startRefusal,
	ParRule:   (*Game).parRefusal,
	Par: func(g *Game, p *engine.Player, c *engine.Corporation, cell *engine.Cell) {
		g.buyShare(p, c, c.Shares[0], true)
		g.checkFormation(c)
	},
	CompanyRule:   (*Game).companyRefusal,
	CompanyBought: func(g *Game, _ *engine.Player, _ *engine.Company) { g.checkNewLayer() },
	SaleFee:       CompanySaleFee,
	Refusals: step.StockRefusals{
		OnePurchase: "only one certificate may be bought per turn (rule 5.2.1)",
		SoldBack:    "shares sold this round may not be bought back in it (rule 5.2.8)",
		CertLimit:   "certificate limit reached (rule 5.1.7)",
		PrivateSale: "private railways cannot be sold now: not in the first stock round, nor after buying (rule 5.2.9)",
	},
	CompanySold: func(g *Game, p *engine.Player, co *engine.Company, price int) {
		g.Logf("%s sells %s to the bank for £%d", p.Name, co.Name, price)
		g.checkBankBroken()
	},
	HasMoves:  func(g *Game, p *engine.Player) bool { return g.hasStockActions(p, g.stock) },
	Passes:    step.NoPurchasePasses,
	RoundOver: func(g *Game) { g.stock.finished = true },
}}

func (g *Game) startStockRound() {
	g.stock = &stockRound{StockTurns: step.OpenStock(g.Game)}
	stockStep.StartTurn(g)
}

// reorder gives the priority deal to the player after the last to pass
// (18xx.games after_last_to_act: the player who would act next).
func (r *stockRound) reorder(g *Game) { g.GivePriority(r.Active()) }

// process applies a player's share dealing move: the shared stock step
// decides it (a refusal changes nothing) and applies it.
func (r *stockRound) process(g *Game, a *engine.Action) error {
	return step.Apply[*Game](stockStep, g, a)
}

// hasStockActions reports whether the player has any move but passing
// or buying or selling certificates (the step adds those:
// step.Stock.CanBuyAny, SaleOpen) now.
func (g *Game) hasStockActions(p *engine.Player, r *stockRound) bool {
	return g.canParAny(p, r) || g.canBuyAnyCompany(p, r)
}

// buyRefusal names 1825's rule stopping p from buying s now, or "" (the
// step's rules come first, 18xx.games' purchase gate after:
// step.StockHooks.BuyRule).
func (g *Game) buyRefusal(p *engine.Player, c *engine.Corporation, s *engine.Share) string {
	price := step.CertPrice(c, s, g.sharePercent(c)) // the director's from the pool: one ordinary share (20% for the minors)
	if s.President && s.Holder == engine.HolderMarket {
		if c.PercentOf(engine.Holder(p.ID)) == 0 {
			return "the director's certificate is exchanged for a share the buyer holds (rule 6.4.7)"
		}
	}
	if p.Cash < price {
		return "not enough cash for it"
	}
	if c.PercentOf(engine.Holder(p.ID))+s.Percent > 100 {
		return "holding limit"
	}
	if g.countsForLimit(c) && g.numCerts(p) >= g.CertLimit {
		return "certificate limit reached (rule 5.1.7)"
	}
	return ""
}

// startRefusal names 1825's rule stopping p from starting c now (its
// band), or "".
func (g *Game) startRefusal(_ *engine.Player, c *engine.Corporation) string {
	if !g.canIPO(c) {
		return c.Sym + "'s band is not yet on sale (rule 5.1.3)"
	}
	return ""
}

// parRefusal names the rule stopping p from starting c at cell, or "".
func (g *Game) parRefusal(_ *engine.Player, c *engine.Corporation, cell *engine.Cell) string {
	if !slices.Contains(g.parCells(c), cell) {
		return "not a par value of " + c.Sym
	}
	return ""
}

// canParAny keeps a player's turn open while some company is unstarted
// and the player could pay the lowest par on the SPI for a director's
// certificate: 18xx.games offers "par" then whatever the band (the band is
// checked when the par is made), so such a player must pass explicitly.
func (g *Game) canParAny(p *engine.Player, r *stockRound) bool {
	min := 0
	if cells := g.Market.ParCells(); len(cells) > 0 {
		min = cells[0].Price
	}
	return r.ParOffered(g.Game, p, func() int { return g.numCerts(p) }, g.CertLimit, func(*engine.Corporation) int { return 2 * min })
}

// canBuyAnyCompany (18xx.games G1825): a private is for sale by the bank
// and the player has money and room.
func (g *Game) canBuyAnyCompany(p *engine.Player, r *stockRound) bool {
	return r.BankOffersPrivate(g.Game, p, g.numCerts(p), g.CertLimit, func(co *engine.Company) bool {
		return co.Owner == "" || co.Owner == "bank"
	})
}

// buyableCompanies are the privates the bank sells now: the cheapest unsold
// one (rule 5.1.2), or once all have been sold, those sold back to it.
func (g *Game) buyableCompanies() []*engine.Company {
	unbought := g.unboughtCompanies()
	if len(unbought) > 0 {
		min := unbought[0]
		for _, co := range unbought {
			if co.Value < min.Value {
				min = co
			}
		}
		return []*engine.Company{min}
	}
	var out []*engine.Company
	for _, co := range g.Companies {
		if !co.Closed && co.Owner == "bank" {
			out = append(out, co)
		}
	}
	return out
}

// sellRefusal names the rule stopping the sale of bundle (percent of it), or "".
func (g *Game) sellRefusal(p *engine.Player, r *stockRound, c *engine.Corporation, bundle []*engine.Share, percent int) string {
	if g.Turn == 1 {
		return "no shares may be sold in the first share dealing round (section 5)"
	}
	if c.Closed || !c.IPOed {
		return c.Sym + " is not open"
	}
	if g.boughtThisTurn(r, c) {
		return "a share of " + c.Sym + " was bought this turn (rule 5.2.7)"
	}
	if c.PercentOf(engine.HolderMarket)+percent > 100 {
		return "the pool cannot hold them"
	}
	hasPres := false
	for _, s := range bundle {
		hasPres = hasPres || s.President
	}
	if hasPres && percent < c.Shares[0].Percent {
		// part of the director's certificate: someone must take it over or
		// the pool must hold a share to swap (18xx.games can_dump?)
		max := 0
		for id, pct := range g.PlayerHolders(c) {
			if id != p.ID && pct > max {
				max = pct
			}
		}
		if max < c.Shares[0].Percent && c.PercentOf(engine.HolderMarket) == 0 {
			return "the director's certificate cannot be split"
		}
	}
	return ""
}

// companyRefusal names 1825's rule stopping p from buying co from the
// bank now, or "" (the step checks the rest: step.StockHooks.CompanyRule).
func (g *Game) companyRefusal(_ *engine.Player, co *engine.Company) string {
	if !slices.Contains(g.buyableCompanies(), co) {
		return co.Name + " is not for sale now (rule 5.1.2)"
	}
	return ""
}

// sell pays for a sale and moves the bundle to the pool; selling does not
// move the share price (rule 6.3).
func (g *Game) sell(p *engine.Player, c *engine.Corporation, bundle []*engine.Share, percent int) {
	price := c.Price() * percent / 10
	g.Logf("%s sells %d%% of %s and receives £%d", p.Name, percent, c.Sym, price)
	g.PayPlayer(p, price)
	// a part of the director's certificate is sold in whole shares: 20%
	// steps for the R1 minors (Cambrian, Taff Vale: a 40% certificate and
	// 20% shares; rule 1.5: the certificate is two ordinary Shares)
	g.SellToPool(p, c, bundle, percent, g.sharePercent(c))
	g.checkBankBroken()
}

// Liquidity is what player id could raise now (title.Liquid): cash and,
// for each open company, the largest holding the sale rules let go at the
// market price (sellRefusal, as on a turn with nothing bought yet: none in
// the first round, the director's certificate only when someone can take
// it over).
func (g *Game) Liquidity(id int) int {
	p := g.Player(id)
	if p == nil {
		return 0
	}
	fresh := &stockRound{}
	return step.Liquidity(g.Game, p, g.sharePercent,
		func(c *engine.Corporation, b []*engine.Share, pct int) bool {
			// whole certificates only (step.StockHooks.WholeSales)
			return pct == engine.SumPercent(b) && g.sellRefusal(p, fresh, c, b, pct) == ""
		},
		func(c *engine.Corporation, pct int) int { return c.Price() * pct / 10 })
}
