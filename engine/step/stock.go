package step

import (
	"slices"
	"strconv"
	"strings"

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
	Current   []Move // the current turn's moves but passes
	LastToAct int
	// History holds, by player, the moves but passes each made since
	// that player's turn last began (18xx.games' players_history, which
	// programmed moves read).
	History map[int][]Tracked
}

// Tracked is a move in StockTurns.History: its type, the corporation or
// private it was about, and the id of the action it was (or followed).
type Tracked struct {
	Type string
	Sym  string
	ID   int
}

// Move is a move made this turn: its action type and the corporation it
// was about ("" for a private).
type Move struct {
	Type string
	Corp string
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

// PriorityDeal is the player who would act first if everyone passed from
// now on: the one after the last player to deal (AfterLastToAct), or
// before anyone has, fallback.
func (t *StockTurns) PriorityDeal(fallback int) int {
	if id := t.AfterLastToAct(); id != 0 {
		return id
	}
	return fallback
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
	delete(t.History, t.Active())
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

// SoldThisRound lists, by player id, the corporations and privates each
// player sold this round (sorted; nil when nobody sold): what the round's
// rules forbid buying back in it.
func (t *StockTurns) SoldThisRound() map[int][]string {
	var out map[int][]string
	for p, m := range t.Sold {
		for sym, s := range m {
			if s == NotSold {
				continue
			}
			if out == nil {
				out = map[int][]string{}
			}
			out[p] = append(out[p], sym)
		}
	}
	for _, syms := range out {
		slices.Sort(syms)
	}
	return out
}

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

	// Certs counts p's certificates towards the certificate limit
	// (engine.Game.CertLimit). A player over the limit with a sale open
	// must sell (MustSell): only sales, and the types in OverLimitTypes,
	// are taken. With WholeSales, only a sale of whole certificates counts
	// as open (1825).
	Certs          func(G, *engine.Player) int
	WholeSales     bool
	OverLimitTypes []string

	// SaleUnit is c's ordinary share, the step of a sale's percentage.
	SaleUnit func(G, *engine.Corporation) int
	// SellRule decides a sale of bundle (percent of it) that names only
	// p's certificates of c in a well-formed percentage.
	SellRule func(G, *engine.Player, *engine.Corporation, []*engine.Share, int) string
	// MaySellOf, when set, is a quick test whether p may sell any of c
	// now at all (SaleOpen asks it before building sales); SellRule must
	// refuse every sale of c when it reports false.
	MaySellOf func(G, *engine.Player, *engine.Corporation) bool
	// SalePrice is the share price a listed sale writes ("" for none).
	SalePrice func(G, *engine.Corporation) string
	// Sell pays for the bundle and moves it (engine.Game.SellToPool).
	Sell func(G, *engine.Player, *engine.Corporation, []*engine.Share, int)

	// BuyRule decides the purchase a of certificate s (from the IPO or
	// the pool) after the step's rules (c started and not closed, nothing
	// bought this turn, none of c sold this round); of a, only the
	// percentage written is to be read. With a
	// nil, it says whether s may be bought at all (the purchase gate,
	// CanBuyAny). The step adds 18xx.games' gate on the director's
	// certificate in the pool.
	BuyRule func(G, *engine.Player, *engine.Corporation, *engine.Share, *engine.Action) string
	// BuyPercent is the percentage a listed purchase of s writes; nil:
	// BoughtPercent with SaleUnit's share.
	BuyPercent func(G, *engine.Corporation, *engine.Share) int
	Buy        func(G, *engine.Player, *engine.Corporation, *engine.Share)

	// ParCells are the cells c may be started at (listing candidates).
	ParCells func(G, *engine.Corporation) []*engine.Cell
	// StartRule decides whether p may start c now at all, after the
	// step's rules (c neither started nor closed, nothing bought this
	// turn, none of c sold this round, room under the certificate limit):
	// the title's layers or bands. ParRule then decides the par cell
	// (the step adds that p pays for the director's certificate).
	StartRule func(G, *engine.Player, *engine.Corporation) string
	ParRule   func(G, *engine.Player, *engine.Corporation, *engine.Cell) string
	// Par follows a par: the step has set c's par price (engine.Game.Par)
	// and logged it; the title sells the director's certificate.
	Par func(G, *engine.Player, *engine.Corporation, *engine.Cell)

	// CompanyRule decides whether the bank sells co to p now, after the
	// step's rules (nothing bought this turn, co not sold by p this round,
	// room under the certificate limit; at its face value, which p can
	// pay).
	CompanyRule func(G, *engine.Player, *engine.Company) string
	// CompanyBought follows a private bought from the bank (the step has
	// moved it and the money, and logged the purchase).
	CompanyBought func(G, *engine.Player, *engine.Company)
	// SellCompanyRule, when set, decides whether p may sell its private
	// co to the bank now, for its face value less SaleFee, after the
	// step's rule (StockTurns.MaySellPrivates).
	SellCompanyRule func(G, *engine.Player, *engine.Company) string
	SaleFee         int
	// CompanySold follows a private sold to the bank (moved and paid).
	CompanySold func(G, *engine.Player, *engine.Company, int)

	// Refusals words the step's own refusals with the title's rule
	// numbers; an empty text keeps the step's plain wording.
	Refusals StockRefusals

	// HasMoves is the turn rule: whether p has a move but passing other
	// than a purchase or a sale of certificates or privates (the step adds
	// CanBuyAny, SaleOpen and privateSaleOpen). A
	// player without one passes at once when the turn comes (SkipIdle),
	// and a turn ends by itself after a move that leaves none.
	HasMoves func(G, *engine.Player) bool
	// Passes says which ended turns count as passes towards the round's
	// end (every player passing in succession).
	Passes PassRule
	// TurnBegun, when set, follows the start of each turn (the title's
	// own state of a turn).
	TurnBegun func(G)
	// Passing, when set, precedes a pass by p.
	Passing func(G, *engine.Player)
	// After, when set, follows every move but a pass (recorded in
	// Turns().Current), before the turn is ended or kept.
	After func(G, *engine.Player)
	// Hold, when set and true after a move, keeps the turn where it is
	// (1860: a home tile to lay first; the move ended the game).
	Hold func(G) bool
	// RoundOver follows the last pass: every player has passed in
	// succession, and the turn has moved on to the player after the last
	// to pass (who has the priority deal).
	RoundOver func(G)
}

// PassRule says which ended turns count as passes towards the end of a
// stock round.
type PassRule int

const (
	// IdleTurnPasses: a turn passed without any move (1860 rules 6: the
	// round ends when all players pass in succession).
	IdleTurnPasses PassRule = iota
	// NoPurchasePasses: a turn without a purchase (1825 section 5: the
	// round ends when every player has declined to buy in succession).
	NoPurchasePasses
)

// StartTurn begins the active player's turn: the last turn's moves are
// forgotten and a player with no move but passing passes at once, in turn
// order, until one has a move; when all have passed the round is over
// (RoundOver).
func (s *Stock[G]) StartTurn(g G) {
	h := &s.Hooks
	t := h.Turns(g)
	eg := h.Engine(g)
	t.BeginTurn()
	if h.TurnBegun != nil {
		h.TurnBegun(g)
	}
	if eg.Finished {
		return
	}
	has := func(id int) bool { return s.hasMoves(g, eg.Player(id)) }
	if t.SkipIdle(has, func(id int) { eg.LogStrs("%s has no valid actions and passes", eg.Player(id).Name) }) {
		t.Advance()
		h.RoundOver(g)
	}
}

// EndTurn closes the active player's turn, a pass or not as the title's
// PassRule says (moved: the turn ends after a move, not by passing), and
// gives the turn to the next player, or ends the round when all have
// passed.
func (s *Stock[G]) EndTurn(g G, moved bool) {
	h := &s.Hooks
	t := h.Turns(g)
	switch h.Passes {
	case NoPurchasePasses:
		t.Passed[t.Active()] = !t.Bought()
	default:
		t.Passed[t.Active()] = !moved && len(t.Current) == 0
	}
	t.Advance()
	if t.AllPassed() {
		h.RoundOver(g)
		return
	}
	s.StartTurn(g)
}

// Moved ends the active player's turn after a move when the player has
// no move left but passing.
func (s *Stock[G]) Moved(g G) {
	h := &s.Hooks
	if s.hasMoves(g, h.Engine(g).Player(h.Turns(g).Active())) {
		return
	}
	s.EndTurn(g, true)
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
	return s.Hooks.Engine(g).ActionPlayer(a)
}

// stockMove is an action resolved: its mover and what it names.
type stockMove struct {
	p       *engine.Player
	c       *engine.Corporation
	shares  []*engine.Share // sold
	share   *engine.Share   // bought
	percent int
	cell    *engine.Cell
	co      *engine.Company
}

// mover resolves a's player and holds it to the turn and the certificate
// limit; mustSell is MustSell's answer for that player.
func (s *Stock[G]) mover(g G, a *engine.Action) (*engine.Player, bool, error) {
	p, err := s.player(g, a)
	if err != nil {
		return nil, false, err
	}
	if p.ID != s.Hooks.Turns(g).Active() {
		return nil, false, engine.Refuse(a, "it is not %s's turn", p.Name)
	}
	return p, s.MustSell(g, p), nil
}

// decide is the one decision on a by p (the active player; mustSell as
// MustSell says): the move resolved, or "" and the rule that refuses it.
// It changes nothing.
func (s *Stock[G]) decide(g G, a *engine.Action, p *engine.Player, mustSell bool) (stockMove, string) {
	h := &s.Hooks
	eg := h.Engine(g)
	m := stockMove{p: p}
	if mustSell && a.Type != "sell_shares" && !slices.Contains(h.OverLimitTypes, a.Type) {
		return m, "over the certificate limit: must sell first"
	}
	switch a.Type {
	case "pass":
		return m, ""
	case "sell_shares":
		c, bundle, total, err := eg.PlayerBundle(p, a.Shares)
		if err != nil {
			return m, err.Error()
		}
		percent, err := engine.SalePercent(a.Percent, bundle, total, h.SaleUnit(g, c))
		if err != nil {
			return m, err.Error()
		}
		m.c, m.shares, m.percent = c, bundle, percent
		return m, s.sellRule(g, p, c, bundle, percent)
	case "buy_shares":
		if len(a.Shares) != 1 {
			return m, "buy exactly one certificate"
		}
		c, sh, err := eg.ShareByID(a.Shares[0])
		if err != nil {
			return m, err.Error()
		}
		if sh.Holder != engine.HolderIPO && sh.Holder != engine.HolderMarket {
			return m, "the certificate is not for sale"
		}
		m.c, m.share = c, sh
		return m, s.buyRule(g, p, c, sh, a)
	case "par":
		c := eg.Corp(a.Corporation)
		if c == nil {
			return m, "unknown corporation"
		}
		cell, err := eg.Market.CellByID(a.SharePrice)
		if err != nil {
			return m, err.Error()
		}
		m.c, m.cell = c, cell
		if why := s.startRule(g, p, c); why != "" {
			return m, why
		}
		return m, s.parRule(g, p, c, cell)
	case "buy_company":
		co := eg.Company(a.Company)
		if co == nil || co.Closed || (co.Owner != "bank" && co.Owner != "") {
			return m, "not for sale by the bank"
		}
		m.co = co
		t := h.Turns(g)
		switch {
		case t.Bought():
			return m, h.Refusals.onePurchase()
		case t.SoldOf(p.ID, co.Sym) != NotSold:
			return m, p.Name + " sold " + co.Name + " this round"
		case h.Certs(g, p) >= eg.CertLimit:
			return m, h.Refusals.certLimit()
		}
		if why := h.CompanyRule(g, p, co); why != "" {
			return m, why
		}
		// the bank sells at face value (1860 rules 5.4, 1825 rule 5.2.9)
		if a.Price != co.Value {
			return m, "the bank sells " + co.Name + " for its face value £" + strconv.Itoa(co.Value)
		}
		if a.Price > p.Cash {
			return m, p.Name + " cannot pay £" + strconv.Itoa(a.Price)
		}
		return m, ""
	case "sell_company":
		co := eg.Company(a.Company)
		if co == nil || co.Owner != strconv.Itoa(p.ID) {
			return m, p.Name + " does not own it"
		}
		m.co = co
		if why := s.sellCompanyRule(g, p, co); why != "" {
			return m, why
		}
		if price := co.Value - h.SaleFee; a.Price != price {
			return m, "the bank pays £" + strconv.Itoa(price) + " for " + co.Name
		}
		return m, ""
	}
	return m, "not a stock round action"
}

// sellRule decides a sale of bundle (percent of it), which names only
// p's certificates of c in a well-formed percentage: the director's
// certificate goes only with all the seller's other shares (18xx.games
// offers only such bundles, ordinary shares first and the certificate
// last; its engine turns others into different certificates or a
// director without the certificate), then the title's SellRule.
func (s *Stock[G]) sellRule(g G, p *engine.Player, c *engine.Corporation, bundle []*engine.Share, percent int) string {
	if slices.ContainsFunc(bundle, func(sh *engine.Share) bool { return sh.President }) &&
		!engine.SharesWithDirector(c, engine.Holder(p.ID), bundle) {
		return "the director's certificate is sold only together with all other shares"
	}
	return s.Hooks.SellRule(g, p, c, bundle, percent)
}

// SaleOpen reports whether p may sell some certificates now (with
// WholeSales, whole certificates).
func (s *Stock[G]) SaleOpen(g G, p *engine.Player) bool {
	h := &s.Hooks
	for _, c := range h.Engine(g).Corps {
		if c.PercentOf(engine.Holder(p.ID)) == 0 || (h.MaySellOf != nil && !h.MaySellOf(g, p, c)) {
			continue
		}
		for _, f := range engine.SaleForms(c.SharesOf(engine.Holder(p.ID)), h.SaleUnit(g, c)) {
			if h.WholeSales && f.Percent != engine.SumPercent(f.Shares) {
				continue
			}
			if s.sellRule(g, p, c, f.Shares, f.Percent) == "" {
				return true
			}
		}
	}
	return false
}

// MustSell reports whether p is over the certificate limit with a sale
// open: then p must sell (1860 rules 5, Certificate Limit: "at the first
// available opportunity"; 1825 rules 5.3.2, 6.3.2).
func (s *Stock[G]) MustSell(g G, p *engine.Player) bool {
	return s.Hooks.Certs(g, p) > s.Hooks.Engine(g).CertLimit && s.SaleOpen(g, p)
}

// soldThisRound refuses buying back what the player sold this round.
const soldThisRound = "shares sold this round may not be bought back in it"

// StockRefusals are a title's wordings of the refusals every stock round
// has, each naming the title's rule (whole texts, so that a refusal asked
// often builds no string).
type StockRefusals struct {
	OnePurchase string // one certificate bought per turn
	SoldBack    string // nothing bought back that was sold this round
	CertLimit   string // no purchase at the certificate limit
	PrivateSale string // privates sold only after the first round, before buying
}

func (r *StockRefusals) privateSale() string {
	if r.PrivateSale != "" {
		return r.PrivateSale
	}
	return "private companies cannot be sold now (not in the first stock round, nor after buying)"
}

func (r *StockRefusals) onePurchase() string {
	if r.OnePurchase != "" {
		return r.OnePurchase
	}
	return "only one certificate may be bought per turn"
}

func (r *StockRefusals) soldBack() string {
	if r.SoldBack != "" {
		return r.SoldBack
	}
	return soldThisRound
}

func (r *StockRefusals) certLimit() string {
	if r.CertLimit != "" {
		return r.CertLimit
	}
	return "certificate limit reached"
}

// startRule decides whether p may start c now (StartRule, after the
// rules every stock round has).
func (s *Stock[G]) startRule(g G, p *engine.Player, c *engine.Corporation) string {
	h := &s.Hooks
	t := h.Turns(g)
	switch {
	case c.IPOed:
		return c.Sym + " has already been started"
	case c.Closed:
		return c.Sym + " is closed"
	case t.Bought():
		return h.Refusals.onePurchase()
	case t.SoldOf(p.ID, c.Sym) != NotSold:
		return h.Refusals.soldBack()
	case h.Certs(g, p) >= h.Engine(g).CertLimit:
		return h.Refusals.certLimit()
	}
	return h.StartRule(g, p, c)
}

// parRule decides the par cell (ParRule) and that p can pay for the
// director's certificate at it.
func (s *Stock[G]) parRule(g G, p *engine.Player, c *engine.Corporation, cell *engine.Cell) string {
	if why := s.Hooks.ParRule(g, p, c, cell); why != "" {
		return why
	}
	if cost := cell.Price * c.Shares[0].Percent / 10; p.Cash < cost {
		return p.Name + " cannot afford £" + strconv.Itoa(cost)
	}
	return ""
}

// buyRule is BuyRule with 18xx.games' purchase gate, which Tresham
// follows as games written there depend on it: the director's
// certificate in the pool is offered only while some purchase is
// (CanBuyAny: the smallest certificate of some holding affordable at its
// full size, the director's certificate in the pool counting as its whole
// percentage though it costs one share).
func (s *Stock[G]) buyRule(g G, p *engine.Player, c *engine.Corporation, sh *engine.Share, a *engine.Action) string {
	if why := s.certRule(g, p, c, sh, a); why != "" {
		return why
	}
	if sh.President && sh.Holder == engine.HolderMarket && !s.CanBuyAny(g, p) {
		return "18xx.games offers no purchase: the director's certificate is priced there as two shares"
	}
	return ""
}

// CanBuyAny reports whether p may buy some certificate now: nothing
// bought this turn, and 18xx.games' purchase gate (OffersPurchase) over
// BuyRule.
func (s *Stock[G]) CanBuyAny(g G, p *engine.Player) bool {
	h := &s.Hooks
	return !h.Turns(g).Bought() && OffersPurchase(h.Engine(g), p, func(c *engine.Corporation, sh *engine.Share) bool {
		return s.certRule(g, p, c, sh, nil) == ""
	})
}

// certRule decides the purchase a of certificate sh (nil: whether sh may
// be bought at all): the rules every stock round has (c started and not
// closed, nothing bought this turn, none of c sold this round), then
// BuyRule.
func (s *Stock[G]) certRule(g G, p *engine.Player, c *engine.Corporation, sh *engine.Share, a *engine.Action) string {
	t := s.Hooks.Turns(g)
	switch {
	case !c.IPOed || c.Closed:
		return c.Sym + " has not been started"
	case t.Bought():
		return s.Hooks.Refusals.onePurchase()
	case t.SoldOf(p.ID, c.Sym) != NotSold:
		return s.Hooks.Refusals.soldBack() // no string built: CanBuyAny asks this often
	}
	return s.Hooks.BuyRule(g, p, c, sh, a)
}

// hasMoves is the turn rule: a purchase (CanBuyAny), a sale (SaleOpen),
// a private sold (privateSaleOpen) or any other move but passing
// (HasMoves).
func (s *Stock[G]) hasMoves(g G, p *engine.Player) bool {
	return s.Hooks.HasMoves(g, p) || s.privateSaleOpen(g, p) || s.CanBuyAny(g, p) || s.SaleOpen(g, p)
}

// sellCompanyRule decides whether p may sell its private co to the bank
// now: StockTurns.MaySellPrivates, then SellCompanyRule.
func (s *Stock[G]) sellCompanyRule(g G, p *engine.Player, co *engine.Company) string {
	h := &s.Hooks
	if !h.Turns(g).MaySellPrivates(h.Engine(g), p) {
		return h.Refusals.privateSale()
	}
	if h.SellCompanyRule != nil {
		return h.SellCompanyRule(g, p, co)
	}
	return ""
}

// privateSaleOpen reports whether p may sell some private to the bank now.
func (s *Stock[G]) privateSaleOpen(g G, p *engine.Player) bool {
	eg := s.Hooks.Engine(g)
	return slices.ContainsFunc(p.Companies, func(sym string) bool { return s.sellCompanyRule(g, p, eg.Company(sym)) == "" })
}

// refusal words a refusal of a by p.
func refusal(a *engine.Action, p *engine.Player, why string) error {
	what := a.Type
	switch a.Type {
	case "sell_shares", "buy_shares":
		what += " " + strings.Join(a.Shares, " ")
	case "par":
		what += " " + a.Corporation + " at " + a.SharePrice
	case "buy_company", "sell_company":
		what += " " + a.Company
	}
	return engine.Refuse(a, "%s cannot %s now: %v", p.Name, what, why)
}

// Check implements Step: it decides a and changes nothing.
func (s *Stock[G]) Check(g G, a *engine.Action) error {
	_, err := s.check(g, a)
	return err
}

func (s *Stock[G]) check(g G, a *engine.Action) (stockMove, error) {
	p, mustSell, err := s.mover(g, a)
	if err != nil {
		return stockMove{}, err
	}
	m, why := s.decide(g, a, p, mustSell)
	if why != "" {
		return m, refusal(a, p, why)
	}
	return m, nil
}

// Process implements Step: it applies a, which Check accepted.
func (s *Stock[G]) Process(g G, a *engine.Action) {
	m, _ := s.check(g, a)
	s.do(g, a, m)
}

// Apply decides a once and, when it is accepted, applies it. A refusal is
// marked engine.Unchanged: nothing was touched.
func (s *Stock[G]) Apply(g G, a *engine.Action) error {
	m, err := s.check(g, a)
	if err != nil {
		return engine.Unchanged(err)
	}
	s.do(g, a, m)
	return nil
}

// do applies the accepted move m (a resolved).
func (s *Stock[G]) do(g G, a *engine.Action, m stockMove) {
	h := &s.Hooks
	t := h.Turns(g)
	eg := h.Engine(g)
	p := m.p
	switch a.Type {
	case "pass":
		if h.Passing != nil {
			h.Passing(g, p)
		}
		if len(t.Current) == 0 {
			eg.LogStrs("%s passes", p.Name)
		}
		s.EndTurn(g, false)
		return
	case "sell_shares":
		t.MarkSold(p.ID, m.c.Sym)
		h.Sell(g, p, m.c, m.shares, m.percent)
	case "buy_shares":
		h.Buy(g, p, m.c, m.share)
	case "par":
		eg.Par(m.c, m.cell)
		eg.Logf("%s pars %s at £%d", p.Name, m.c.Sym, m.cell.Price)
		h.Par(g, p, m.c, m.cell)
	case "buy_company":
		eg.BuyCompany(p, m.co, a.Price)
		eg.Logf("%s buys %s from the bank for £%d", p.Name, m.co.Name, m.co.Value)
		h.CompanyBought(g, p, m.co)
	case "sell_company":
		p.Companies = slices.DeleteFunc(p.Companies, func(sym string) bool { return sym == m.co.Sym })
		m.co.Owner = "bank"
		eg.PayPlayer(p, a.Price)
		t.MarkSold(p.ID, m.co.Sym)
		h.CompanySold(g, p, m.co, a.Price)
	}
	corp := ""
	if m.c != nil {
		corp = m.c.Sym
	}
	t.Current = append(t.Current, Move{Type: a.Type, Corp: corp})
	sym := corp
	if m.co != nil {
		sym = m.co.Sym
	}
	if t.History == nil {
		t.History = map[int][]Tracked{}
	}
	t.History[p.ID] = append(t.History[p.ID], Tracked{Type: a.Type, Sym: sym, ID: eg.ActionID})
	t.LastToAct = p.ID
	if h.After != nil {
		h.After(g, p)
	}
	if h.Hold != nil && h.Hold(g) {
		return
	}
	s.Moved(g)
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
	mustSell := s.MustSell(g, p)
	var out []engine.Choice
	ok := func(a *engine.Action) bool {
		_, why := s.decide(g, a, p, mustSell)
		return why == ""
	}
	add := func(a engine.Action) {
		if ok(&a) {
			out = append(out, engine.Choice{Action: a})
		}
	}
	base := engine.Action{Entity: entity, EntityType: "player"}
	pass := func() {
		a := base
		a.Type = "pass"
		if ok(&a) {
			ch := engine.Choice{Action: a}
			if len(t.Current) > 0 {
				ch.Ends = engine.PassTurn // the rest of a turn in which the player acted
			}
			out = append(out, ch)
		}
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
				// decide's purchase, the certificate resolved from its id
				// (from the IPO or the pool): the same rules
				a := base
				a.Type, a.Percent = "buy_shares", h.buyPercent(g, c, sh)
				if mustSell || s.buyRule(g, p, c, sh, &a) != "" {
					continue
				}
				a.Shares = []string{c.ShareID(sh.Index)}
				seen = append(seen, k)
				out = append(out, engine.Choice{Action: a})
			}
		}
	}
	pars := func(c *engine.Corporation) {
		if c.IPOed || (mustSell && !slices.Contains(h.OverLimitTypes, "par")) {
			return // as decide says
		}
		if s.startRule(g, p, c) != "" {
			return
		}
		for _, cell := range h.ParCells(g, c) {
			// decide's par, the cell resolved from its id: the same rules
			if s.parRule(g, p, c, cell) == "" {
				a := base
				a.Type, a.Corporation, a.SharePrice = "par", c.Sym, cell.ID()
				out = append(out, engine.Choice{Action: a})
			}
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
			unit := h.SaleUnit(g, c)
			for _, f := range forms {
				// decide's sale, the certificates resolved from their ids
				// (p's, each once): the same rules
				total := 0
				for _, sh := range f.Shares {
					total += sh.Percent
				}
				if pct, err := engine.SalePercent(f.Percent, f.Shares, total, unit); err != nil || pct != f.Percent || s.sellRule(g, p, c, f.Shares, f.Percent) != "" {
					continue
				}
				a := base
				a.Type, a.Percent, a.SharePrice = "sell_shares", f.Percent, price
				for _, sh := range f.Shares {
					a.Shares = append(a.Shares, c.ShareID(sh.Index))
				}
				out = append(out, engine.Choice{Action: a})
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

// Apply checks a with s and, when it is accepted, processes it (through
// the step's own Apply when it has one, deciding once). A refusal is
// marked engine.Unchanged: nothing was touched.
func Apply[G any](s Step[G], g G, a *engine.Action) error {
	if ap, ok := s.(interface {
		Apply(G, *engine.Action) error
	}); ok {
		return ap.Apply(g, a)
	}
	if err := s.Check(g, a); err != nil {
		return engine.Unchanged(err)
	}
	s.Process(g, a)
	return nil
}

// OffersPurchase is 18xx.games' purchase gate (can_buy_any?), which gives
// a player a turn and which both titles follow: some holding, in the IPO
// or the pool, of a started corporation whose smallest buyable
// certificate p may buy (ok) and could pay for at its full size, the
// director's certificate in the pool counting as its whole percentage
// though it costs one share. Whether p already bought this turn is the
// caller's to ask.
func OffersPurchase(eg *engine.Game, p *engine.Player, ok func(*engine.Corporation, *engine.Share) bool) bool {
	for _, c := range eg.Corps {
		if !c.IPOed || c.Closed {
			continue
		}
		for _, h := range [2]engine.Holder{engine.HolderIPO, engine.HolderMarket} {
			// a smallest buyable certificate h holds (which one does not
			// matter: alike ones differ only in acquisition order)
			var min *engine.Share
			for _, s := range c.Shares {
				if s.Holder == h && s.Buyable && (min == nil || s.Percent < min.Percent) {
					min = s
				}
			}
			if min == nil || !ok(c, min) {
				continue
			}
			if min.President && h == engine.HolderMarket && p.Cash < c.Price()*min.Percent/10 {
				continue
			}
			return true
		}
	}
	return false
}

// BankOffersPrivate is 18xx.games' can_buy_any_companies?: p has some
// cash, holds fewer than limit certificates (certs), bought nothing this
// turn, and the bank holds a private (forSale) that p did not sell this
// round, whether or not p can afford it.
func (t *StockTurns) BankOffersPrivate(eg *engine.Game, p *engine.Player, certs, limit int, forSale func(*engine.Company) bool) bool {
	if t.Bought() || p.Cash <= 0 || certs >= limit {
		return false
	}
	for _, co := range eg.Companies {
		if !co.Closed && t.SoldOf(p.ID, co.Sym) == NotSold && forSale(co) {
			return true
		}
	}
	return false
}

// ParOffered is the turn rule's part for starting a corporation (which
// 18xx.games offers whatever the corporation's layer or band, so that a
// player who could start one keeps the turn and must pass explicitly):
// nothing bought this turn, some corporation neither started nor closed
// nor sold by p this round whose start p could pay (cost: the least it
// costs, negative for one that cannot be started), and fewer than limit
// certificates (certs, asked last).
func (t *StockTurns) ParOffered(eg *engine.Game, p *engine.Player, certs func() int, limit int, cost func(*engine.Corporation) int) bool {
	if t.Bought() {
		return false
	}
	for _, c := range eg.Corps {
		if c.IPOed || c.Closed || t.SoldOf(p.ID, c.Sym) != NotSold {
			continue
		}
		if k := cost(c); k >= 0 && p.Cash >= k {
			return certs() < limit
		}
	}
	return false
}

// MaySellPrivates reports whether p may sell privates to the bank now:
// after the first stock round, before buying this turn, holding one
// (1860 rules 5.4, 1825 rule 5.2.9).
func (t *StockTurns) MaySellPrivates(eg *engine.Game, p *engine.Player) bool {
	return !t.Bought() && eg.Turn > 1 && len(p.Companies) > 0
}

// SkipIdle passes, in turn order, each player who has no move but to pass
// (has reports false; logPass writes the log line), until one has a move
// or all have passed, which it reports; the turn is then still with the
// last to pass.
func (t *StockTurns) SkipIdle(has func(id int) bool, logPass func(id int)) (allPassed bool) {
	for range t.Players {
		id := t.Active()
		delete(t.History, id) // its turn began
		if has(id) {
			return false
		}
		logPass(id)
		t.Passed[id] = true
		if t.AllPassed() {
			return true
		}
		t.Advance()
	}
	return t.AllPassed()
}
