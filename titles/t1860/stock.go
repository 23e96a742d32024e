package t1860

import (
	"strconv"

	"tresham/engine"
	"tresham/engine/step"
)

// stockRound is a stock round (rules 6): sell then buy one certificate per
// turn. Its moves are the shared stock step's (engine/step.Stock),
// configured by stockStep's hooks; the home tile to lay and the exchanges
// of privates are 1860's own.
type stockRound struct {
	step.StockTurns
	parred        string // corporation parred this turn
	boughtCompany string // private bought from the bank this turn
	manual        bool   // some player made a move (even a pass) this round
}

// stockStep is the shared stock-round step with 1860's rules
// (stockHooks). It is set up by init: its round-over hook leads, through
// the operating rounds, to the next stock round, which it starts (a cycle
// for a variable's initialiser); nothing changes it afterwards.
var stockStep *step.Stock[*Game]

func init() { stockStep = &step.Stock[*Game]{Hooks: stockHooks} }

// stockHooks are 1860's rules for the shared stock-round step.
var stockHooks = step.StockHooks[*Game]{
	Engine: func(g *Game) *engine.Game { return g.Game },
	Turns:  func(g *Game) *step.StockTurns { return &g.stock.StockTurns },
	Order:  step.PassFirst,
	// "If a player has more certificates than the certificate limit, then
	// the player must sell shares in excess of the limit at the first
	// available opportunity" (rules 5, Certificate Limit) - while a sale is
	// possible, it is the only move (step.Stock.MustSell).
	Certs:    func(g *Game, p *engine.Player) int { return g.NumCerts(p) },
	SaleUnit: func(*Game, *engine.Corporation) int { return 10 },
	MaySellOf: func(g *Game, p *engine.Player, c *engine.Corporation) bool {
		return g.canSellCorp(p, g.stock, c)
	},
	SellRule: func(g *Game, p *engine.Player, c *engine.Corporation, b []*engine.Share, pct int) string {
		if !g.canSellCorp(p, g.stock, c) {
			return "shares of " + c.Sym + " cannot be sold now (rules 6.2: not after buying, one block a turn)"
		}
		if !g.sellBundleOK(p, c, b, pct) {
			return "the certificates do not match: each is sold whole, but for one share of the director's certificate when a share can be given back for it, and the director's certificate only with all other shares (rules 6.6)"
		}
		return ""
	},
	SalePrice: (*Game).writtenSalePrice,
	Sell: func(g *Game, p *engine.Player, c *engine.Corporation, b []*engine.Share, pct int) {
		g.sellShares(p, c, b, pct)
		g.checkBankBroken()
	},
	BuyRule: func(g *Game, p *engine.Player, c *engine.Corporation, s *engine.Share, a *engine.Action) string {
		if a != nil && s.President && s.Holder == engine.HolderIPO {
			return "the director's certificate is bought by starting " + c.Sym
		}
		return g.buyRule(p, c, s)
	},
	Buy: func(g *Game, p *engine.Player, c *engine.Corporation, s *engine.Share) {
		g.buyShare(p, c, s, g.shareBuyPrice(c, s))
	},
	ParCells:  (*Game).parPrices,
	StartRule: (*Game).startRefusal,
	ParRule:   (*Game).parRefusal,
	Par: func(g *Game, p *engine.Player, c *engine.Corporation, cell *engine.Cell) {
		g.buyShare(p, c, c.Shares[0], 2*cell.Price)
		g.stock.parred = c.Sym
	},
	CompanyRule: func(g *Game, p *engine.Player, co *engine.Company) string {
		if co.Owner != "bank" {
			return "the bank offers no private to " + p.Name + " now"
		}
		return ""
	},
	CompanyBought: (*Game).companyBought,
	SellCompanyRule: func(g *Game, _ *engine.Player, _ *engine.Company) string {
		if g.optVariablePrivates {
			return "variable_private_revenue: private companies may not be sold to the bank"
		}
		return ""
	},
	SaleFee: companySaleFee,
	CompanySold: func(g *Game, p *engine.Player, co *engine.Company, price int) {
		g.Logf("%s sells %s to bank for £%d", p.Name, co.Name, price)
		g.checkBankBroken()
	},
	HasMoves: func(g *Game, p *engine.Player) bool { return g.playerHasStockActions(p, g.stock) },
	Passes:   step.IdleTurnPasses,
	TurnBegun: func(g *Game) {
		g.stock.parred, g.stock.boughtCompany = "", ""
	},
	Passing: func(g *Game, p *engine.Player) {
		if g.playerCanDeal(p, g.stock) {
			g.stock.manual = true
		}
	},
	After: func(g *Game, _ *engine.Player) {
		if g.stock != nil {
			g.stock.manual = true
		}
	},
	// the move ended the game (a sale that left nobody able to act), or
	// a floated corporation lays its home tile first
	Hold:      func(g *Game) bool { return g.stock == nil || len(g.pendingHome) > 0 },
	RoundOver: (*Game).finishStockRound,
}

// startRefusal names 1860's rule stopping p from starting c now (its
// layer, ipoRefusal), or "".
func (g *Game) startRefusal(_ *engine.Player, c *engine.Corporation) string { return g.ipoRefusal(c) }

// parRefusal names the rule stopping p from starting c at cell, or "".
func (g *Game) parRefusal(p *engine.Player, c *engine.Corporation, cell *engine.Cell) string {
	if !g.validPar(c, cell) {
		return "par price not allowed for " + c.Sym
	}
	return ""
}

// companyBought follows a private bought from the bank (rules 5.4).
func (g *Game) companyBought(p *engine.Player, co *engine.Company) {
	g.stock.boughtCompany = co.Sym
	if co.Sym == "FFC" {
		if g.optVariablePrivates {
			g.fishbourneBoughtVariable()
		} else {
			g.closeOtherCompanies(co)
		}
	}
}

func (g *Game) startStockRound() {
	if g.SouthernFormed && !g.SRAfterSouthern {
		g.Logf("Stock round after Southern has formed - No track or token building, halts are ignored")
		g.SRAfterSouthern = true
	}
	g.Logf("-- Stock Round %d --", g.Turn)
	g.op = nil
	g.openStockRound()
}

// openStockRound opens a stock round and starts its first turn
// (step.Stock.StartTurn).
func (g *Game) openStockRound() {
	g.stock = &stockRound{StockTurns: step.OpenStock(g.Game)}
	stockStep.StartTurn(g)
}

func (r *stockRound) process(g *Game, a *engine.Action) error {
	// a corporation laying its home tile (rules 6.4: a newly floated company lays its home track)
	if len(g.pendingHome) > 0 {
		c := g.pendingHome[0]
		// these refusals come before any change (engine.Unchanged)
		if a.Entity != c.Sym || (a.Type != "lay_tile" && a.Type != "pass") {
			return engine.Unchanged(engine.Refuse(a, "%s must first lay its home tile", c.Sym))
		}
		// rules 6.4: the director "places an appropriate track tile" on the
		// blank start hex; passing is only for a hex no tile fits
		if a.Type == "pass" && len(g.layChoices(c, c.Home, true)) > 0 {
			return engine.Unchanged(engine.Refuse(a, "%s must lay its home tile on %s", c.Sym, c.Home))
		}
		if a.Type == "lay_tile" {
			if a.Hex != c.Home {
				return engine.Unchanged(engine.Refuse(a, "%s's home tile must go on %s", c.Sym, c.Home))
			}
			if err := g.layTile(c, a, true); err != nil {
				return err
			}
		}
		g.pendingHome = g.pendingHome[1:]
		r.afterAction(g)
		return nil
	}
	if a.EntityType == "company" {
		// both decide everything before they change anything
		if a.Type == "manual_close_company" {
			return engine.Unchanged(r.turnOver(g, a))
		}
		if err := r.exchange(g, a); err != nil {
			return engine.Unchanged(err)
		}
		// issue 21: an exchange may leave the owner nothing but a pass;
		// the turn then passes on at once, as after any other move
		r.afterAction(g)
		return nil
	}
	return step.Apply[*Game](stockStep, g, a)
}

// afterAction ends the turn when the player has nothing left to do
// (after a home tile or an exchange).
func (r *stockRound) afterAction(g *Game) {
	if len(g.pendingHome) == 0 && g.stock == r {
		stockStep.Moved(g)
	}
}

// finishStockRound ends the stock round (step.StockHooks.RoundOver):
// priority goes to the player after the last to act.
func (g *Game) finishStockRound() {
	if !g.stock.manual && g.stalled() {
		g.Logf("Nobody can act and no company operates or pays: the game cannot go on")
		if g.optPrinted {
			g.endGame("stalled")
			return
		}
		// 18xx.games goes round after empty round, all within the move
		// that ended this one, to its round limit and ends the game there
		// (dnf) at the close of that turn's stock round: the same end,
		// reached at once (nothing changes on the way: no company
		// operates, no private pays)
		g.Turn = engine.RoundLimit
		g.roundLimitReached()
		return
	}
	if g.roundLimitReached() {
		return
	}
	pd := g.stock.Active()
	g.stock = nil
	g.GivePriority(pd)
	g.operatingRounds = g.Phase().OperatingRounds
	if g.checkNationalize() {
		g.triggerNationalization()
	}
	g.startOperatingRound(1)
}

// playerCanDeal reports whether p has any stock-round move but passing
// that Apply would accept (a par counting only for a corporation whose
// layer is open, a private only when affordable), unlike the reference's
// turn rule in playerHasStockActions.
func (g *Game) playerCanDeal(p *engine.Player, r *stockRound) bool {
	return stockStep.CanBuyAny(g, p) || g.stockActions(p, r, true)
}

// stalled reports a game that can never change again: no corporation would
// operate and no player earns from a private, so every stock round would be
// all passes. The rules do not foresee it; Tresham ends such a game rather
// than cycle for ever.
func (g *Game) stalled() bool {
	if len(g.operatingOrder()) > 0 {
		return false
	}
	for _, p := range g.Players {
		for _, sym := range p.Companies {
			if g.Company(sym).Revenue > 0 {
				return false
			}
		}
	}
	return true
}

// playerHasStockActions reports whether the player has a stock-round turn
// (or keeps it): 18xx.games' turn rule, under which a player who can do
// nothing but pass has no turn and passes automatically (with the
// purchases the step adds: step.Stock.CanBuyAny).
func (g *Game) playerHasStockActions(p *engine.Player, r *stockRound) bool {
	return g.stockActions(p, r, false)
}

// stockActions reports whether p may do anything but pass or buy a
// certificate. With dealing, only moves Apply accepts count: pars of
// corporations that may be started now and privates p can afford;
// without, 18xx.games' wider turn rule.
func (g *Game) stockActions(p *engine.Player, r *stockRound, dealing bool) bool {
	return g.canParAny(p, r, dealing) || g.canSellAny(p, r) ||
		g.offersCompany(p, r, dealing) || r.lastChanceToExchange(g, p)
}

// lastChanceToExchange: after parring (or buying a private) a player holding the
// matching private may still exchange it once the 6+3 phase has begun.
func (r *stockRound) lastChanceToExchange(g *Game, p *engine.Player) bool {
	if !g.PhaseAtLeast("6") || g.optVariablePrivates {
		return false
	}
	if r.boughtCompany != "" {
		// buying the Fishbourne Ferry closes the other privates: nothing left to exchange
		return r.boughtCompany != "FFC"
	}
	if r.parred == "" {
		return false
	}
	for _, sym := range p.Companies {
		if exchangeTarget(sym) == r.parred {
			return true
		}
	}
	return false
}

// shareBuyPrice is the price of one certificate from its current holder
// (step.CertPrice). Receivership: the director's share is not bought from
// the pool; the buyer of a second share takes it "in exchange for the two
// shares he/she holds" - one share's price.
func (g *Game) shareBuyPrice(c *engine.Corporation, s *engine.Share) int {
	return step.CertPrice(c, s, 10)
}

// sellPricePerShare is what the bank pays per 10% (half for a trainless company, rules 6.6).
func (g *Game) sellPricePerShare(c *engine.Corporation) int {
	per := c.Price()
	if g.Options["non_operated_full_value"] && !c.HasRevenue && !c.Operated {
		return per
	}
	if len(c.Trains) == 0 {
		return per / 2
	}
	return per
}

// writtenSalePrice is the per-share price a sale of c carries in its action
// ("" for none): 18xx.games writes it where the price is not simply the
// market's - a trainless company's half price (rules 5, Buying and Selling
// Shares) or, with the variant, an unoperated company's full one - and
// pays what is written.
func (g *Game) writtenSalePrice(c *engine.Corporation) string {
	unoperated := !c.HasRevenue && !c.Operated
	if (g.Options["non_operated_full_value"] && unoperated) || len(c.Trains) == 0 {
		return strconv.Itoa(g.sellPricePerShare(c))
	}
	return ""
}

// buyRule names 1860's rule that stops p buying certificate s now, or ""
// (the step's rules come first: step.StockHooks.BuyRule).
func (g *Game) buyRule(p *engine.Player, c *engine.Corporation, s *engine.Share) string {
	switch {
	case !s.Buyable:
		return "the certificate is reserved for the exchange of a private company (rules 5.3)"
	case p.Cash < g.shareBuyPrice(c, s):
		return "not enough cash for it"
	case c.PercentOf(engine.Holder(p.ID))+10 > 100:
		return "holding limit"
	case g.NumCerts(p) >= g.CertLimit:
		return "certificate limit reached (rules 6.2)"
	}
	if s.President && s.Holder == engine.HolderMarket && c.PercentOf(engine.Holder(p.ID)) < 20 {
		// the director's certificate from the pool needs a share to swap (rules 6.5)
		if c.PercentOf(engine.Holder(p.ID)) <= (s.Percent-10)/10*10-10 {
			return "the director's certificate needs a share to swap"
		}
	}
	return ""
}

func (g *Game) canParAny(p *engine.Player, r *stockRound, openLayers bool) bool {
	// 18xx.games lists "par" for any unstarted corporation, whatever its
	// layer (the layer is enforced when the par is made); openLayers asks
	// for the layers open now
	return r.ParOffered(g.Game, p, func() int { return g.NumCerts(p) }, g.CertLimit, func(c *engine.Corporation) int {
		if min := g.minParPrice(c); min > 0 && (!openLayers || g.canIPO(c)) {
			return 2 * min
		}
		return -1
	})
}

// canSellCorp reports whether the player can sell some shares of c now.
func (g *Game) canSellCorp(p *engine.Player, r *stockRound, c *engine.Corporation) bool {
	if !c.IPOed || r.Bought() || r.SoldOf(p.ID, c.Sym) == step.SoldThisTurn {
		return false
	}
	// any holding may go to the pool, the director's certificate included
	// (rules 6.6: the pool may hold it; the company then enters receivership)
	return c.PercentOf(engine.Holder(p.ID)) > 0
}

func (g *Game) canSellAny(p *engine.Player, r *stockRound) bool {
	for _, c := range g.Corps {
		if g.canSellCorp(p, r, c) {
			return true
		}
	}
	return false
}

// offersCompany reports whether the bank offers p a private this turn.
// 18xx.games (BuySellParSharesCompanies#can_buy_any_companies?) offers one
// - and so gives the player a stock-round turn, to be passed explicitly -
// while the player has some cash, is under the certificate limit, has
// bought nothing this turn and the bank owns a private the player did not
// sell this round, whether or not the player can afford it; with
// affordable, only a private p can pay for counts (rules 5.4: the bank
// sells at face value).
func (g *Game) offersCompany(p *engine.Player, r *stockRound, affordable bool) bool {
	return r.BankOffersPrivate(g.Game, p, g.NumCerts(p), g.CertLimit, func(co *engine.Company) bool {
		return co.Owner == "bank" && (!affordable || p.Cash >= co.Value)
	})
}

// sellShares moves a bundle to the pool, pays the seller and moves the price
// (rules 6.6: one step down per share for a company that has operated; the
// first share in a red-letter cell is ignored; no drop after the 8+4).
func (g *Game) sellShares(p *engine.Player, c *engine.Corporation, bundle []*engine.Share, percent int) {
	per := g.sellPricePerShare(c)
	n := percent / 10
	price := per * n
	if n == 1 {
		g.Logf("%s sells a %d%% share of %s and receives £%d", p.Name, percent, c.Sym, price)
	} else {
		g.Logf("%s sells %d shares of %s and receives £%d", p.Name, n, c.Sym, price)
	}
	g.PayPlayer(p, price)
	// a partial director's certificate: the seller keeps the difference as shares from the pool
	g.SellToPool(p, c, bundle, percent, 10)
	if c.Operated && !g.NoPriceDropOnSale {
		moves := n
		if c.Cell.Type == engine.CellIgnoreOneSale {
			moves--
		}
		old := c.Cell
		for i := 0; i < moves; i++ {
			g.SetCell(c, g.Market.Down(c.Cell))
		}
		step.LogPriceMove(g.Game, c, old)
	}
	g.checkBankruptcy(c)
}

func (g *Game) buyShare(p *engine.Player, c *engine.Corporation, s *engine.Share, price int) {
	from := "the IPO"
	if s.Holder == engine.HolderMarket {
		from = "the market"
	}
	l := engine.NewLogBuilder("%s buys a %d%% share of %s from %s for £%d")
	l.Str(p.Name)
	l.Text(" buys a ")
	l.Int(s.Percent)
	l.Text("% share of ")
	l.Str(c.Sym)
	l.Text(" from ")
	l.Str(from)
	l.Text(" for £")
	l.Int(price)
	g.AddLog(&l)
	g.PayPlayer(p, -price)
	g.TakeCertificate(p, c, s)
	g.afterGain(c)
}

// afterGain floats the corporation when its players hold half (rules 6.3).
func (g *Game) afterGain(c *engine.Corporation) {
	if !c.Floated && c.PercentOf(engine.HolderIPO)+c.PercentOf(engine.HolderMarket) <= 100-c.FloatPercent {
		g.float(c)
	}
	g.checkNewLayer()
}

func (g *Game) float(c *engine.Corporation) {
	c.Bankrupt = false
	for i := range c.Tokens {
		c.Tokens[i].Flipped = false
	}
	// the marker goes to the back of its cell (since 2021-09-09:
	// changeFloatMarkerBack)
	if !g.era.floatMarkerStays {
		g.SetCell(c, g.Market.Down(c.Cell))
		g.SetCell(c, g.Market.Up(c.Cell))
	}
	g.Float(c, c.Par.Price*10)
	g.privatesOnFloat(c)
	if g.SRAfterSouthern {
		return
	}
	g.placeHomeToken(c)
	if g.Board != nil && homeIsBlank(g.Board, c) {
		g.pendingHome = append(g.pendingHome, c)
	}
}

// placeHomeToken places c's first token on its home city (the city held
// for it), once the hex has one.
func (g *Game) placeHomeToken(c *engine.Corporation) {
	if g.Board == nil || len(c.Tokens) == 0 || c.Tokens[0].Location != "" {
		return
	}
	step.PlaceHomeTokens(g.Board, c, c.Home)
}

// exchangeTarget is the corporation whose share the ferry private sym is
// exchanged for (rules 5.3), or "".
func exchangeTarget(sym string) string {
	for _, d := range companyDefs {
		if d.sym == sym {
			return d.exchange
		}
	}
	return ""
}

// checkExchange decides the swap of a ferry private for a share of its
// corporation (rules 5.3), changing nothing; both the stock round and
// exchangeChoices go through it. It returns the private's owner and the
// share taken.
func (g *Game) checkExchange(a *engine.Action) (*engine.Player, *engine.Corporation, *engine.Share, error) {
	co := g.Company(a.Entity)
	if co == nil || co.Closed {
		return nil, nil, nil, engine.Refuse(a, "company %q cannot act", a.Entity)
	}
	target := exchangeTarget(co.Sym)
	p := g.companyOwnerPlayer(co)
	if g.optVariablePrivates {
		return nil, nil, nil, engine.Refuse(a, "variable_private_revenue: private companies may not be exchanged for shares")
	}
	if target == "" || p == nil || a.Type != "buy_shares" || len(a.Shares) != 1 {
		return nil, nil, nil, engine.Refuse(a, "%s cannot be exchanged", co.Sym)
	}
	// rules 5.3: exchanges happen during the owning player's turn
	if p.ID != g.stock.Active() {
		return nil, nil, nil, engine.Refuse(a, "%s can be exchanged only during %s's turn", co.Sym, p.Name)
	}
	c, s, err := g.ShareByID(a.Shares[0])
	if err != nil {
		return nil, nil, nil, engine.Refuse(a, "%v", err)
	}
	if c.Sym != target || !c.IPOed || s.Holder != engine.HolderIPO {
		return nil, nil, nil, engine.Refuse(a, "%s exchanges only for an IPO share of %s", co.Sym, target)
	}
	if c.PercentOf(engine.Holder(p.ID))+10 > 100 {
		return nil, nil, nil, engine.Refuse(a, "holding limit")
	}
	return p, c, s, nil
}

// exchange swaps a ferry private for a share of its corporation (rules 5.3).
func (r *stockRound) exchange(g *Game, a *engine.Action) error {
	p, c, s, err := g.checkExchange(a)
	if err != nil {
		return err
	}
	co := g.Company(a.Entity)
	for _, sh := range c.Shares {
		sh.Buyable = true
	}
	g.Logf("%s exchanges %s for a %d%% share of %s from the IPO", p.Name, co.Name, s.Percent, c.Sym)
	g.Transfer(c, []*engine.Share{s}, engine.Holder(p.ID))
	g.closeCompany(co)
	g.afterGain(c)
	return nil
}

func (g *Game) closeCompany(co *engine.Company) {
	if p := g.companyOwnerPlayer(co); p != nil {
		p.Companies = engine.Without(p.Companies, co.Sym)
	}
	for _, c := range g.Corps {
		c.Companies = engine.Without(c.Companies, co.Sym)
	}
	co.Owner = ""
	co.Closed = true
}

// closeOtherCompanies: buying the Fishbourne Ferry closes the other privates (rules 5.4).
func (g *Game) closeOtherCompanies(keep *engine.Company) {
	for _, c := range g.Corps {
		for _, s := range c.Shares {
			s.Buyable = true
		}
	}
	for _, co := range g.Companies {
		if co != keep && !co.Closed {
			g.closeCompany(co)
		}
	}
	g.Logf("-- Event: starting private companies close --")
}

// Liquidity is what player id could raise now (title.Liquid): cash and,
// for each company floated on the market, the largest holding the sale
// rules let go (any holding, the director's certificate included: rules
// 6.6) at the sale price of one share (a trainless company's half price).
func (g *Game) Liquidity(id int) int {
	p := g.Player(id)
	if p == nil {
		return 0
	}
	return step.Liquidity(g.Game, p, func(*engine.Corporation) int { return 10 },
		func(c *engine.Corporation, b []*engine.Share, pct int) bool {
			return c.IPOed && g.sellBundleOK(p, c, b, pct)
		},
		func(c *engine.Corporation, pct int) int { return g.sellPricePerShare(c) * pct / 10 })
}
