package t1825

import (
	"sort"
	"tresham/engine"
)

// stockRound is a Share Dealing Round (section 5): in turn, each player may
// sell, buy one certificate, and sell again; the round ends when every
// player has declined to buy in succession.
type stockRound struct {
	entities  []int
	index     int
	passed    map[int]bool
	sold      map[int]map[string]int // 1: sold earlier this round, 2: sold this turn
	current   []*engine.Action       // this turn's buys, pars, sales
	lastToAct int
	finished  bool
}

const (
	soldPrev = 1
	soldNow  = 2
)

func (g *Game) startStockRound() {
	g.RoundKind = "Stock"
	g.RoundNum = 1
	r := &stockRound{passed: map[int]bool{}, sold: map[int]map[string]int{}}
	for _, p := range g.Players {
		if !p.Bankrupt {
			r.entities = append(r.entities, p.ID)
		}
	}
	g.stock = r
	r.startTurn(g)
}

func (r *stockRound) active() int { return r.entities[r.index] }

// startTurn begins the active player's turn; a player with nothing to do
// passes.
func (r *stockRound) startTurn(g *Game) {
	for _, m := range r.sold {
		for k, v := range m {
			if v == soldNow {
				m[k] = soldPrev
			}
		}
	}
	r.current = nil
	for !r.finished {
		p := g.Player(r.active())
		if g.hasStockActions(p, r) {
			return
		}
		g.Logf("%s has no valid actions and passes", p.Name)
		r.endTurn(g)
	}
}

// endTurn closes the active player's turn: a player who bought is in the
// round again, one who did not has passed (rule 5: the round stops when
// every player has declined to buy in succession).
func (r *stockRound) endTurn(g *Game) {
	p := r.active()
	r.passed[p] = !r.bought()
	all := true
	for _, id := range r.entities {
		if !r.passed[id] {
			all = false
		}
	}
	r.index = (r.index + 1) % len(r.entities)
	if all {
		r.finished = true
		return
	}
	r.startTurn(g)
}

// reorder gives the priority deal to the player after the last to pass
// (18xx.games after_last_to_act: the player who would act next).
func (r *stockRound) reorder(g *Game) {
	id := r.entities[r.index]
	i := g.PlayerIndex(id)
	if i > 0 {
		g.Players = append(g.Players[i:], g.Players[:i]...)
	}
	g.PriorityDeal = g.Players[0].ID
	g.Logf("%s has priority deal", g.Players[0].Name)
}

func (r *stockRound) bought() bool {
	for _, a := range r.current {
		if a.Type == "buy_shares" || a.Type == "par" || a.Type == "buy_company" {
			return true
		}
	}
	return false
}

func (r *stockRound) soldState(p int, sym string) int { return r.sold[p][sym] }

func (r *stockRound) markSold(p int, sym string) {
	if r.sold[p] == nil {
		r.sold[p] = map[string]int{}
	}
	r.sold[p][sym] = soldNow
}

// hasStockActions reports whether the player has any move but passing now.
func (g *Game) hasStockActions(p *engine.Player, r *stockRound) bool {
	if g.mustSell(p, r) {
		return true
	}
	return g.canBuyAny(p, r) || g.canParAny(p, r) || g.canBuyAnyCompany(p, r) || g.canSellAny(p, r) || g.canSellAnyCompany(p, r)
}

// mustSell: a player over the certificate limit must sell (rules 5.3.2, 6.3.2).
func (g *Game) mustSell(p *engine.Player, r *stockRound) bool {
	return g.numCerts(p) > g.CertLimit && g.canSellAny(p, r)
}

// buyRefusal names the rule stopping p from buying s now, or "".
func (g *Game) buyRefusal(p *engine.Player, r *stockRound, c *engine.Corporation, s *engine.Share) string {
	if why := g.certRefusal(p, r, c, s); why != "" {
		return why
	}
	if s.President && s.Holder == engine.HolderMarket && !g.canBuyAny(p, r) {
		// 18xx.games offers a purchase only when the smallest certificate
		// of some holding is affordable at its full size, the director's
		// certificate in the pool counting as two shares though it costs
		// one (rule 6.4.7); followed, as games written there depend on it
		return "18xx.games offers no purchase: the director's certificate is priced there as two shares"
	}
	return ""
}

// certRefusal is buyRefusal without the 18xx.games purchase gate.
func (g *Game) certRefusal(p *engine.Player, r *stockRound, c *engine.Corporation, s *engine.Share) string {
	switch {
	case c.Closed || !c.IPOed:
		return c.Sym + " has not been started"
	case s.Holder != engine.HolderIPO && s.Holder != engine.HolderMarket:
		return "the certificate is not for sale"
	case r.bought():
		return "only one certificate may be bought per turn (rule 5.2.1)"
	case r.soldState(p.ID, c.Sym) != 0:
		return "shares of " + c.Sym + " were sold by " + p.Name + " this round (rule 5.2.8)"
	case g.mustSell(p, r):
		return p.Name + " is over the certificate limit and must sell"
	}
	price := g.unitPrice(c, s.Holder) * s.Percent / 10
	if s.President && s.Holder == engine.HolderMarket {
		price = g.unitPrice(c, s.Holder) * g.sharePercent(c) / 10 // one ordinary share (20% for the minors)
		if c.PercentOf(engine.Holder(p.ID)) == 0 {
			return "the director's certificate is exchanged for a share the buyer holds (rule 6.4.7)"
		}
	}
	if p.Cash < price {
		return p.Name + " cannot afford it"
	}
	if c.PercentOf(engine.Holder(p.ID))+s.Percent > 100 {
		return "holding limit"
	}
	if g.countsForLimit(c) && g.numCerts(p) >= g.CertLimit {
		return "certificate limit reached (rule 5.1.7)"
	}
	return ""
}

// cheapestShare is the smallest certificate of c held by h.
func cheapestShare(c *engine.Corporation, h engine.Holder) *engine.Share {
	var min *engine.Share
	for _, s := range c.SharesOf(h) {
		if min == nil || s.Percent < min.Percent {
			min = s
		}
	}
	return min
}

func (g *Game) canBuyAny(p *engine.Player, r *stockRound) bool {
	if r.bought() {
		return false
	}
	for _, c := range g.Corps {
		if c.Closed || !c.IPOed {
			continue
		}
		for _, h := range []engine.Holder{engine.HolderIPO, engine.HolderMarket} {
			s := cheapestShare(c, h)
			if s == nil || g.certRefusal(p, r, c, s) != "" {
				continue
			}
			if s.President && s.Holder == engine.HolderMarket && p.Cash < g.unitPrice(c, s.Holder)*s.Percent/10 {
				continue // see buyRefusal
			}
			return true
		}
	}
	return false
}

func (g *Game) parRefusal(p *engine.Player, r *stockRound, c *engine.Corporation, cell *engine.Cell) string {
	switch {
	case c.Closed || c.IPOed:
		return c.Sym + " has already been started"
	case !g.canIPO(c):
		return c.Sym + "'s band is not yet on sale (rule 5.1.3)"
	case r.bought():
		return "only one certificate may be bought per turn (rule 5.2.1)"
	case r.soldState(p.ID, c.Sym) != 0:
		return "shares of " + c.Sym + " were sold this round"
	case g.numCerts(p) >= g.CertLimit:
		return "certificate limit reached (rule 5.1.7)"
	}
	ok := false
	for _, pc := range g.parCells(c) {
		if pc == cell {
			ok = true
		}
	}
	if !ok {
		return "not a par value of " + c.Sym
	}
	if p.Cash < cell.Price*c.Shares[0].Percent/10 {
		return p.Name + " cannot afford the director's certificate"
	}
	return ""
}

// canParAny keeps a player's turn open while some company is unstarted
// and the player could pay the lowest par on the SPI for a director's
// certificate: 18xx.games offers "par" then whatever the band (the band is
// checked when the par is made), so such a player must pass explicitly.
func (g *Game) canParAny(p *engine.Player, r *stockRound) bool {
	if r.bought() || g.numCerts(p) >= g.CertLimit {
		return false
	}
	min := 0
	if cells := g.Market.ParCells(); len(cells) > 0 {
		min = cells[0].Price
	}
	for _, c := range g.Corps {
		if !c.IPOed && !c.Closed && r.soldState(p.ID, c.Sym) == 0 && p.Cash >= 2*min {
			return true
		}
	}
	return false
}

// canBuyAnyCompany (18xx.games G1825): a private is for sale by the bank
// and the player has money and room.
func (g *Game) canBuyAnyCompany(p *engine.Player, r *stockRound) bool {
	if r.bought() || p.Cash <= 0 || g.numCerts(p) >= g.CertLimit {
		return false
	}
	for _, co := range g.Companies {
		if !co.Closed && (co.Owner == "" || co.Owner == "bank") && r.soldState(p.ID, co.Sym) == 0 {
			return true
		}
	}
	return false
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

func (g *Game) canSellAnyCompany(p *engine.Player, r *stockRound) bool {
	return !r.bought() && g.Turn > 1 && len(p.Companies) > 0
}

// sellRefusal names the rule stopping the sale of bundle (percent of it), or "".
func (g *Game) sellRefusal(p *engine.Player, r *stockRound, c *engine.Corporation, bundle []*engine.Share, percent int) string {
	if g.Turn == 1 {
		return "no shares may be sold in the first share dealing round (section 5)"
	}
	if n := len(r.current); n > 0 {
		last := r.current[n-1]
		if (last.Type == "par" && last.Corporation == c.Sym) || (last.Type == "buy_shares" && shareCorp(last) == c.Sym) {
			return "a share of " + c.Sym + " was just bought (rule 5.2.7)"
		}
	}
	if c.PercentOf(engine.HolderMarket)+percent > 100 {
		return "the pool cannot hold them"
	}
	hasPres := false
	for _, s := range bundle {
		hasPres = hasPres || s.President
	}
	if hasPres && len(bundle) != len(c.SharesOf(engine.Holder(p.ID))) {
		// 18xx.games offers only bundles that grow ordinary shares first,
		// the certificate last; its engine turns others into different
		// certificates or a director without the certificate
		return "the director's certificate is sold only together with all other shares"
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

func sumPercent(b []*engine.Share) int {
	t := 0
	for _, s := range b {
		t += s.Percent
	}
	return t
}

func shareCorp(a *engine.Action) string {
	if len(a.Shares) == 0 {
		return ""
	}
	id := a.Shares[0]
	for i := len(id) - 1; i > 0; i-- {
		if id[i] == '_' {
			return id[:i]
		}
	}
	return ""
}

// sellBundles lists the bundles of c a player could name in a sale: any
// number of ordinary shares (alike ones listed once, smallest first), and
// all of them with the director's certificate last.
func (g *Game) sellBundles(p *engine.Player, c *engine.Corporation) [][]*engine.Share {
	held := c.SharesOf(engine.Holder(p.ID))
	if len(held) == 0 || !c.IPOed {
		return nil
	}
	var norm []*engine.Share
	var pres *engine.Share
	for _, s := range held {
		if s.President {
			pres = s
		} else {
			norm = append(norm, s)
		}
	}
	sort.SliceStable(norm, func(i, j int) bool { return norm[i].Percent < norm[j].Percent })
	var out [][]*engine.Share
	for i := range norm {
		out = append(out, append([]*engine.Share(nil), norm[:i+1]...))
	}
	if pres != nil {
		out = append(out, append(append([]*engine.Share(nil), norm...), pres))
	}
	return out
}

func (g *Game) canSellAny(p *engine.Player, r *stockRound) bool {
	if g.Turn == 1 {
		return false
	}
	for _, c := range g.Corps {
		if c.Closed {
			continue
		}
		for _, b := range g.sellBundles(p, c) {
			if g.sellRefusal(p, r, c, b, sumPercent(b)) == "" {
				return true
			}
		}
	}
	return false
}

func (r *stockRound) process(g *Game, a *engine.Action) error {
	p, err := g.playerEntity(a)
	if err != nil {
		return err
	}
	if p.ID != r.active() {
		return engine.Refuse(a, "it is not %s's turn", p.Name)
	}
	// rule 5.3.2: over the limit, the player "must sell certificates as
	// necessary in his or her next turn" - passing is no way out
	if a.Type != "sell_shares" && a.Type != "sell_company" && g.mustSell(p, r) {
		return engine.Refuse(a, "%s is over the certificate limit and must sell first", p.Name)
	}
	switch a.Type {
	case "pass":
		if len(r.current) == 0 {
			g.Logf("%s passes", p.Name)
		}
		r.endTurn(g)
		return nil
	case "buy_shares":
		err = r.buy(g, p, a)
	case "par":
		err = r.parCorp(g, p, a)
	case "sell_shares":
		err = r.sell(g, p, a)
	case "buy_company":
		err = r.buyCompany(g, p, a)
	case "sell_company":
		err = r.sellCompany(g, p, a)
	default:
		return engine.Refuse(a, "%s is not a share dealing round action", a.Type)
	}
	if err != nil {
		return err
	}
	cp := *a
	r.current = append(r.current, &cp)
	r.lastToAct = p.ID
	if !g.hasStockActions(p, r) {
		r.endTurn(g)
	}
	return nil
}

func (r *stockRound) buy(g *Game, p *engine.Player, a *engine.Action) error {
	if len(a.Shares) != 1 {
		return engine.Refuse(a, "buy exactly one certificate (rule 5.2.1)")
	}
	c, s, err := g.ShareByID(a.Shares[0])
	if err != nil {
		return engine.Refuse(a, "%v", err)
	}
	if why := g.buyRefusal(p, r, c, s); why != "" {
		return engine.Refuse(a, "%s cannot buy %s: %s", p.Name, a.Shares[0], why)
	}
	// the director's certificate from the pool costs one share (rule
	// 6.4.7), written as a share's percentage; 18xx.games also takes it
	// written as the certificate's 20%, from a buyer who could pay for that
	if s.President && s.Holder == engine.HolderMarket && a.Percent > g.sharePercent(c) &&
		p.Cash < g.unitPrice(c, s.Holder)*a.Percent/10 {
		return engine.Refuse(a, "%s cannot buy %s as %d%%: write it as %d%% (rule 6.4.7)", p.Name, a.Shares[0], a.Percent, g.sharePercent(c))
	}
	g.Logf("%s buys a %d%% share of %s", p.Name, s.Percent, c.Sym)
	g.buyShare(p, c, s, true)
	g.checkNewLayer()
	g.checkFormation(c)
	return nil
}

func (r *stockRound) parCorp(g *Game, p *engine.Player, a *engine.Action) error {
	c := g.Corp(a.Corporation)
	if c == nil {
		return engine.Refuse(a, "unknown corporation %q", a.Corporation)
	}
	cell, err := g.Market.CellByID(a.SharePrice)
	if err != nil {
		return engine.Refuse(a, "%v", err)
	}
	if why := g.parRefusal(p, r, c, cell); why != "" {
		return engine.Refuse(a, "%s cannot start %s at £%d: %s", p.Name, c.Sym, cell.Price, why)
	}
	g.par(c, cell)
	g.Logf("%s pars %s at £%d", p.Name, c.Sym, cell.Price)
	g.buyShare(p, c, c.Shares[0], true)
	g.checkFormation(c)
	return nil
}

func (r *stockRound) sell(g *Game, p *engine.Player, a *engine.Action) error {
	c, bundle, total, err := g.PlayerBundle(p, a.Shares)
	if err != nil {
		return engine.Refuse(a, "%v", err)
	}
	// a part of the director's certificate is sold in whole shares: 20%
	// steps for the R1 minors (Cambrian, Taff Vale: a 40% certificate and
	// 20% shares; rule 1.5: the certificate is two ordinary Shares);
	// 18xx.games lists the same partial bundles
	unit := g.sharePercent(c)
	percent, err := engine.SalePercent(a.Percent, bundle, total, unit)
	if err != nil {
		return engine.Refuse(a, "%v", err)
	}
	if why := g.sellRefusal(p, r, c, bundle, percent); why != "" {
		return engine.Refuse(a, "%s cannot sell %s now: %s", p.Name, c.Sym, why)
	}
	r.markSold(p.ID, c.Sym)
	price := c.Price() * percent / 10
	g.Logf("%s sells %d%% of %s and receives £%d", p.Name, percent, c.Sym, price)
	g.PayPlayer(p, price)
	g.Transfer(c, bundle, engine.HolderMarket)
	if back := (total - percent) / unit; back > 0 {
		// part of the director's certificate: the seller keeps the rest
		for _, s := range c.SharesOf(engine.HolderMarket) {
			if back == 0 {
				break
			}
			if !s.President {
				g.MoveShare(s, engine.Holder(p.ID))
				back--
			}
		}
	}
	// selling does not move the share price (rule 6.3)
	g.checkBankBroken()
	return nil
}

func (r *stockRound) buyCompany(g *Game, p *engine.Player, a *engine.Action) error {
	co := g.Company(a.Company)
	if co == nil || co.Closed {
		return engine.Refuse(a, "unknown company %q", a.Company)
	}
	ok := false
	for _, b := range g.buyableCompanies() {
		ok = ok || b == co
	}
	switch {
	case !ok:
		return engine.Refuse(a, "%s is not for sale now (rule 5.1.2)", co.Name)
	case r.bought():
		return engine.Refuse(a, "only one certificate may be bought per turn")
	case r.soldState(p.ID, co.Sym) != 0:
		return engine.Refuse(a, "%s sold %s this round", p.Name, co.Name)
	case g.numCerts(p) >= g.CertLimit:
		return engine.Refuse(a, "certificate limit reached")
	case a.Price != co.Value:
		return engine.Refuse(a, "the bank sells %s at its face value £%d (rule 5.2.9)", co.Name, co.Value)
	case p.Cash < a.Price:
		return engine.Refuse(a, "%s cannot pay £%d", p.Name, a.Price)
	}
	co.Owner = itoa(p.ID)
	p.Companies = append(p.Companies, co.Sym)
	g.PayPlayer(p, -a.Price)
	g.Logf("%s buys %s from the bank for £%d", p.Name, co.Name, a.Price)
	g.checkNewLayer()
	return nil
}

func (r *stockRound) sellCompany(g *Game, p *engine.Player, a *engine.Action) error {
	co := g.Company(a.Company)
	if co == nil || co.Owner != itoa(p.ID) {
		return engine.Refuse(a, "%s does not own %q", p.Name, a.Company)
	}
	if !g.canSellAnyCompany(p, r) {
		return engine.Refuse(a, "private railways cannot be sold now")
	}
	price := co.Value - CompanySaleFee
	if a.Price != price {
		return engine.Refuse(a, "the bank pays £%d for %s (rule 5.2.9)", price, co.Name)
	}
	p.Companies = removeString(p.Companies, co.Sym)
	co.Owner = "bank"
	g.PayPlayer(p, price)
	g.Logf("%s sells %s to the bank for £%d", p.Name, co.Name, price)
	r.markSold(p.ID, co.Sym)
	g.checkBankBroken()
	return nil
}
