package step

import (
	"slices"
	"strconv"

	"tresham/engine"
)

// Sold is what a player sold of a corporation or private this round.
type Sold uint8

const (
	// NotSold: nothing sold this round.
	NotSold Sold = iota
	// SoldEarlier: sold in an earlier turn of this round (no buying back).
	SoldEarlier
	// SoldThisTurn: sold in the current turn.
	SoldThisTurn
)

// StockTurns is the state a stock round keeps: the players in turn order,
// whose turn it is, who passed, what each sold, and the current turn's
// moves.
type StockTurns struct {
	Players   []int // player ids in turn order
	Index     int   // the active player's index in Players
	Passed    map[int]bool
	Sold      map[int]map[string]Sold
	Current   []engine.Action // the current turn's moves but passes
	LastToAct int
}

// NewStockTurns starts a round for g's players who are not bankrupt.
func NewStockTurns(g *engine.Game) StockTurns {
	t := StockTurns{Passed: map[int]bool{}, Sold: map[int]map[string]Sold{}}
	for _, p := range g.Players {
		if !p.Bankrupt {
			t.Players = append(t.Players, p.ID)
		}
	}
	return t
}

// Active is the id of the player whose turn it is.
func (t *StockTurns) Active() int { return t.Players[t.Index] }

// AfterLastToAct is the player after the last one who made a move this
// round (who has the priority deal if the round ended now), or 0 when
// nobody has.
func (t *StockTurns) AfterLastToAct() int {
	if t.LastToAct == 0 {
		return 0
	}
	for i, id := range t.Players {
		if id == t.LastToAct {
			return t.Players[(i+1)%len(t.Players)]
		}
	}
	return 0
}

// BeginTurn forgets the last turn's moves; its sales become earlier ones.
func (t *StockTurns) BeginTurn() {
	for _, m := range t.Sold {
		for k, v := range m {
			if v == SoldThisTurn {
				m[k] = SoldEarlier
			}
		}
	}
	t.Current = t.Current[:0]
}

// Advance gives the turn to the next player.
func (t *StockTurns) Advance() { t.Index = (t.Index + 1) % len(t.Players) }

// AllPassed reports whether every player has passed.
func (t *StockTurns) AllPassed() bool {
	for _, id := range t.Players {
		if !t.Passed[id] {
			return false
		}
	}
	return true
}

// Bought reports whether the active player bought this turn (a
// certificate, a par or a private: one purchase a turn).
func (t *StockTurns) Bought() bool {
	for i := range t.Current {
		switch t.Current[i].Type {
		case "buy_shares", "par", "buy_company":
			return true
		}
	}
	return false
}

// SoldOf is what player p sold of sym this round.
func (t *StockTurns) SoldOf(p int, sym string) Sold { return t.Sold[p][sym] }

// MarkSold records that p sold sym this turn.
func (t *StockTurns) MarkSold(p int, sym string) {
	if t.Sold[p] == nil {
		t.Sold[p] = map[string]Sold{}
	}
	t.Sold[p][sym] = SoldThisTurn
}

// ListOrder is the order in which a stock step lists its choices (bots
// pick by position, so each title keeps its own).
type ListOrder int

const (
	// PassFirst: pass, sales (by percent), purchases, pars, privates
	// bought, privates sold.
	PassFirst ListOrder = iota
	// PassLast: per corporation its purchases and pars, privates bought,
	// sales, privates sold, pass.
	PassLast
)

// StockHooks configure the shared stock-round step for a title. Each
// rule hook returns "" when the move is allowed and otherwise the rule
// that refuses it; each move hook applies an allowed move and cannot fail.
type StockHooks[G any] struct {
	Engine func(G) *engine.Game
	Turns  func(G) *StockTurns
	Order  ListOrder

	// MustSell reports whether p is over the certificate limit with a
	// sale open: only sales, and the types in OverLimitTypes, are taken.
	MustSell       func(G, *engine.Player) bool
	OverLimitTypes []string

	// SaleUnit is c's ordinary share, the step of a sale's percentage.
	SaleUnit func(G, *engine.Corporation) int
	// SellRule decides a sale of bundle (percent of it) that names only
	// p's certificates of c in a well-formed percentage.
	SellRule func(G, *engine.Player, *engine.Corporation, []*engine.Share, int) string
	// SalePrice is the share price a listed sale writes ("" for none).
	SalePrice func(G, *engine.Corporation) string
	// Sell pays for the bundle and moves it (engine.Game.SellToPool).
	Sell func(G, *engine.Player, *engine.Corporation, []*engine.Share, int)

	// BuyRule decides the purchase a of certificate s (from the IPO or
	// the pool).
	BuyRule func(G, *engine.Player, *engine.Corporation, *engine.Share, *engine.Action) string
	// BuyPercent is the percentage a listed purchase of s writes.
	BuyPercent func(G, *engine.Corporation, *engine.Share) int
	Buy        func(G, *engine.Player, *engine.Corporation, *engine.Share)

	// ParCells are the cells c may be started at (listing candidates).
	ParCells func(G, *engine.Corporation) []*engine.Cell
	ParRule  func(G, *engine.Player, *engine.Corporation, *engine.Cell) string
	Par      func(G, *engine.Player, *engine.Corporation, *engine.Cell)

	// CompanyRule decides whether the bank sells co to p now (at its
	// face value, which the step checks).
	CompanyRule func(G, *engine.Player, *engine.Company) string
	// CompanyBought follows a private bought from the bank (the step has
	// moved it and the money).
	CompanyBought func(G, *engine.Player, *engine.Company)
	// SellCompanyRule decides whether p may sell its private co to the
	// bank now, for its face value less SaleFee.
	SellCompanyRule func(G, *engine.Player, *engine.Company) string
	SaleFee         int
	// CompanySold follows a private sold to the bank (moved and paid).
	CompanySold func(G, *engine.Player, *engine.Company, int)

	// Pass ends p's turn or passes it.
	Pass func(G, *engine.Player)
	// After follows every move but a pass (recorded in Turns().Current):
	// the title ends the turn when nothing is left to do.
	After func(G, *engine.Player)
}

// Stock is the stock-round turn of a player: sell, buy one certificate
// or private, start a corporation, sell privates, pass. One Check per
// action type decides; Choices lists the candidates Check accepts.
type Stock[G any] struct {
	Hooks StockHooks[G]
}

var stockTypes = []string{"sell_shares", "buy_shares", "par", "buy_company", "sell_company", "pass"}

// Types implements Step.
func (s *Stock[G]) Types() []string { return stockTypes }

// Active implements Step.
func (s *Stock[G]) Active(g G) bool { return s.Hooks.Turns(g) != nil }

// Blocking implements Step.
func (s *Stock[G]) Blocking(G) bool { return true }

// player is the player a (from a player) names.
func (s *Stock[G]) player(g G, a *engine.Action) (*engine.Player, error) {
	if a.EntityType != "" && a.EntityType != "player" {
		return nil, engine.Refuse(a, "%s is a player's move in a stock round, not a %s's", a.Type, a.EntityType)
	}
	id, err := a.PlayerID()
	if err != nil {
		return nil, err
	}
	p := s.Hooks.Engine(g).Player(id)
	if p == nil {
		return nil, engine.Refuse(a, "unknown player %d", id)
	}
	return p, nil
}

// Check implements Step: it decides a and changes nothing.
func (s *Stock[G]) Check(g G, a *engine.Action) error {
	h := &s.Hooks
	t := h.Turns(g)
	p, err := s.player(g, a)
	if err != nil {
		return err
	}
	if p.ID != t.Active() {
		return engine.Refuse(a, "it is not %s's turn", p.Name)
	}
	if a.Type != "sell_shares" && !slices.Contains(h.OverLimitTypes, a.Type) && h.MustSell(g, p) {
		return engine.Refuse(a, "%s is over the certificate limit and must sell first", p.Name)
	}
	switch a.Type {
	case "pass":
		return nil
	case "sell_shares":
		_, _, _, err := s.sale(g, p, a)
		return err
	case "buy_shares":
		_, _, err := s.purchase(g, p, a)
		return err
	case "par":
		_, _, err := s.par(g, p, a)
		return err
	case "buy_company":
		_, err := s.companyPurchase(g, p, a)
		return err
	case "sell_company":
		_, err := s.companySale(g, p, a)
		return err
	}
	return engine.Refuse(a, "%s is not a stock round action", a.Type)
}

// sale resolves and decides a sell_shares.
func (s *Stock[G]) sale(g G, p *engine.Player, a *engine.Action) (*engine.Corporation, []*engine.Share, int, error) {
	eg := s.Hooks.Engine(g)
	c, bundle, total, err := eg.PlayerBundle(p, a.Shares)
	if err != nil {
		return nil, nil, 0, engine.Refuse(a, "%v", err)
	}
	percent, err := engine.SalePercent(a.Percent, bundle, total, s.Hooks.SaleUnit(g, c))
	if err != nil {
		return nil, nil, 0, engine.Refuse(a, "%v", err)
	}
	if why := s.Hooks.SellRule(g, p, c, bundle, percent); why != "" {
		return nil, nil, 0, engine.Refuse(a, "%s cannot sell %d%% of %s now: %s", p.Name, percent, c.Sym, why)
	}
	return c, bundle, percent, nil
}

// purchase resolves and decides a buy_shares.
func (s *Stock[G]) purchase(g G, p *engine.Player, a *engine.Action) (*engine.Corporation, *engine.Share, error) {
	if len(a.Shares) != 1 {
		return nil, nil, engine.Refuse(a, "buy exactly one certificate")
	}
	c, sh, err := s.Hooks.Engine(g).ShareByID(a.Shares[0])
	if err != nil {
		return nil, nil, engine.Refuse(a, "%v", err)
	}
	if sh.Holder != engine.HolderIPO && sh.Holder != engine.HolderMarket {
		return nil, nil, engine.Refuse(a, "share %s is not for sale", a.Shares[0])
	}
	if why := s.Hooks.BuyRule(g, p, c, sh, a); why != "" {
		return nil, nil, engine.Refuse(a, "%s cannot buy %s: %s", p.Name, a.Shares[0], why)
	}
	return c, sh, nil
}

// par resolves and decides a par.
func (s *Stock[G]) par(g G, p *engine.Player, a *engine.Action) (*engine.Corporation, *engine.Cell, error) {
	eg := s.Hooks.Engine(g)
	c := eg.Corp(a.Corporation)
	if c == nil {
		return nil, nil, engine.Refuse(a, "unknown corporation %q", a.Corporation)
	}
	cell, err := eg.Market.CellByID(a.SharePrice)
	if err != nil {
		return nil, nil, engine.Refuse(a, "%v", err)
	}
	if why := s.Hooks.ParRule(g, p, c, cell); why != "" {
		return nil, nil, engine.Refuse(a, "%s cannot start %s at £%d: %s", p.Name, c.Sym, cell.Price, why)
	}
	return c, cell, nil
}

// companyPurchase decides a buy_company from the bank.
func (s *Stock[G]) companyPurchase(g G, p *engine.Player, a *engine.Action) (*engine.Company, error) {
	co := s.Hooks.Engine(g).Company(a.Company)
	if co == nil || co.Closed || (co.Owner != "bank" && co.Owner != "") {
		return nil, engine.Refuse(a, "company %q is not for sale by the bank", a.Company)
	}
	if why := s.Hooks.CompanyRule(g, p, co); why != "" {
		return nil, engine.Refuse(a, "%s cannot buy %s now: %s", p.Name, co.Name, why)
	}
	// the bank sells at face value (1860 rules 5.4, 1825 rule 5.2.9)
	if a.Price != co.Value {
		return nil, engine.Refuse(a, "the bank sells %s for its face value £%d, not £%d", co.Name, co.Value, a.Price)
	}
	if a.Price > p.Cash {
		return nil, engine.Refuse(a, "%s cannot pay £%d", p.Name, a.Price)
	}
	return co, nil
}

// companySale decides a sell_company to the bank.
func (s *Stock[G]) companySale(g G, p *engine.Player, a *engine.Action) (*engine.Company, error) {
	co := s.Hooks.Engine(g).Company(a.Company)
	if co == nil || co.Owner != strconv.Itoa(p.ID) {
		return nil, engine.Refuse(a, "%s does not own %q", p.Name, a.Company)
	}
	if why := s.Hooks.SellCompanyRule(g, p, co); why != "" {
		return nil, engine.Refuse(a, "%s cannot sell %s now: %s", p.Name, co.Name, why)
	}
	if price := co.Value - s.Hooks.SaleFee; a.Price != price {
		return nil, engine.Refuse(a, "the bank pays £%d for %s", price, co.Name)
	}
	return co, nil
}

// Process implements Step: it applies a, which Check accepted.
func (s *Stock[G]) Process(g G, a *engine.Action) {
	h := &s.Hooks
	t := h.Turns(g)
	eg := h.Engine(g)
	p, _ := s.player(g, a)
	switch a.Type {
	case "pass":
		h.Pass(g, p)
		return
	case "sell_shares":
		c, bundle, percent, _ := s.sale(g, p, a)
		t.MarkSold(p.ID, c.Sym)
		h.Sell(g, p, c, bundle, percent)
	case "buy_shares":
		c, sh, _ := s.purchase(g, p, a)
		h.Buy(g, p, c, sh)
	case "par":
		c, cell, _ := s.par(g, p, a)
		h.Par(g, p, c, cell)
	case "buy_company":
		co, _ := s.companyPurchase(g, p, a)
		co.Owner = strconv.Itoa(p.ID)
		p.Companies = append(p.Companies, co.Sym)
		eg.PayPlayer(p, -a.Price)
		h.CompanyBought(g, p, co)
	case "sell_company":
		co, _ := s.companySale(g, p, a)
		p.Companies = slices.DeleteFunc(p.Companies, func(sym string) bool { return sym == co.Sym })
		co.Owner = "bank"
		eg.PayPlayer(p, a.Price)
		t.MarkSold(p.ID, co.Sym)
		h.CompanySold(g, p, co, a.Price)
	}
	t.Current = append(t.Current, *a)
	t.LastToAct = p.ID
	h.After(g, p)
}

// Choices implements Step: the candidate moves of the active player that
// Check accepts, in the title's order.
func (s *Stock[G]) Choices(g G, entity string) []engine.Choice {
	h := &s.Hooks
	t := h.Turns(g)
	eg := h.Engine(g)
	if t == nil || entity != strconv.Itoa(t.Active()) {
		return nil
	}
	p := eg.Player(t.Active())
	var out []engine.Choice
	add := func(a engine.Action) {
		if s.Check(g, &a) == nil {
			out = append(out, engine.Choice{Action: a})
		}
	}
	base := engine.Action{Entity: entity, EntityType: "player"}
	pass := func() {
		a := base
		a.Type = "pass"
		add(a)
	}
	buys := func(c *engine.Corporation) {
		if !c.IPOed {
			return
		}
		for _, holder := range []engine.Holder{engine.HolderIPO, engine.HolderMarket} {
			var seen [][3]int
			for _, sh := range c.SharesOf(holder) {
				k := [3]int{sh.Percent, boolInt(sh.President), boolInt(sh.Buyable)}
				if slices.Contains(seen, k) {
					continue
				}
				a := base
				a.Type, a.Shares, a.Percent = "buy_shares", []string{c.ShareID(sh.Index)}, h.BuyPercent(g, c, sh)
				if s.Check(g, &a) == nil {
					seen = append(seen, k)
					out = append(out, engine.Choice{Action: a})
				}
			}
		}
	}
	pars := func(c *engine.Corporation) {
		if c.IPOed {
			return
		}
		for _, cell := range h.ParCells(g, c) {
			a := base
			a.Type, a.Corporation, a.SharePrice = "par", c.Sym, cell.ID()
			add(a)
		}
	}
	sales := func() {
		for _, c := range eg.Corps {
			held := c.SharesOf(engine.Holder(p.ID))
			if len(held) == 0 {
				continue
			}
			forms := engine.SaleForms(held, h.SaleUnit(g, c))
			if h.Order == PassFirst {
				slices.SortStableFunc(forms, func(x, y engine.Sale) int { return x.Percent - y.Percent })
			}
			price := ""
			if h.SalePrice != nil {
				price = h.SalePrice(g, c)
			}
			for _, f := range forms {
				a := base
				a.Type, a.Percent, a.SharePrice = "sell_shares", f.Percent, price
				for _, sh := range f.Shares {
					a.Shares = append(a.Shares, c.ShareID(sh.Index))
				}
				add(a)
			}
		}
	}
	companiesBought := func() {
		for _, co := range eg.Companies {
			a := base
			a.Type, a.Company, a.Price = "buy_company", co.Sym, co.Value
			add(a)
		}
	}
	companiesSold := func() {
		for _, sym := range p.Companies {
			a := base
			a.Type, a.Company, a.Price = "sell_company", sym, eg.Company(sym).Value-h.SaleFee
			add(a)
		}
	}
	switch h.Order {
	case PassFirst:
		pass()
		sales()
		for _, c := range eg.Corps {
			buys(c)
		}
		for _, c := range eg.Corps {
			pars(c)
		}
		companiesBought()
		companiesSold()
	default:
		for _, c := range eg.Corps {
			buys(c)
			pars(c)
		}
		companiesBought()
		sales()
		companiesSold()
		pass()
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Apply checks a with s and, when it is accepted, processes it. A refusal
// is marked engine.Unchanged: nothing was touched.
func Apply[G any](s Step[G], g G, a *engine.Action) error {
	if err := s.Check(g, a); err != nil {
		return engine.Unchanged(err)
	}
	s.Process(g, a)
	return nil
}
