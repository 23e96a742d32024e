package t1860

import (
	"slices"
	"sort"
	"strconv"

	"tresham/engine"
	"tresham/titles/title"
)

// auctionRound is the opening "bid for the turn" auction (rules 5.1): players bid
// for the right to buy the cheapest-or-chosen item among the four ferry
// privates and the C&N / IOW director's certificates.
type auctionRound struct {
	items []string // company symbols or corporation symbols (corporations last)
	index int      // current player index into g.Players
	// bids in player order starting from the current player; negative values
	// are placeholders keeping that order for players who have not bid.
	bidders []int
	bids    map[int]int
	first   int
	winner  int // player who won the right to buy, 0 while bidding
	wonFor  int // what the winner bid for the turn (0: nobody bid)
	// picks are the earlier picks, for the auction's view
	picks []title.AuctionPick
}

func (g *Game) startAuction() {
	r := &auctionRound{bids: map[int]int{}}
	for _, d := range companyDefs {
		if d.exchange != "" {
			r.items = append(r.items, d.sym)
		}
	}
	for _, c := range g.Corps {
		if c.Layer == 1 {
			r.items = append(r.items, c.Sym)
		}
	}
	g.auction = r
	g.RoundKind = "Auction"
	r.setup(g)
}

func (r *auctionRound) setup(g *Game) {
	r.bids = map[int]int{}
	r.bidders = r.bidders[:0]
	r.winner = 0
	n := len(g.Players)
	r.first = g.Players[r.index].ID
	for i := 0; i < n; i++ {
		p := g.Players[(r.index+i)%n]
		r.bidders = append(r.bidders, p.ID)
		r.bids[p.ID] = -n + i
	}
}

func (r *auctionRound) highest() int {
	h := 0
	for _, id := range r.bidders {
		if r.bids[id] > h {
			h = r.bids[id]
		}
	}
	return h
}

// Active returns the player whose move it is.
func (r *auctionRound) Active() int {
	if r.winner != 0 {
		return r.winner
	}
	best, who := 0, 0
	for i, id := range r.bidders {
		if i == 0 || r.bids[id] < best {
			best, who = r.bids[id], id
		}
	}
	return who
}

func (r *auctionRound) itemCost(g *Game, item string) int {
	if co := g.Company(item); co != nil {
		return co.Value
	}
	return g.minParPrice(g.Corp(item)) * 2
}

func (r *auctionRound) cheapest(g *Game) (string, int) {
	best, cost := "", 0
	for _, it := range r.items {
		c := r.itemCost(g, it)
		if best == "" || c < cost {
			best, cost = it, c
		}
	}
	return best, cost
}

func (r *auctionRound) process(g *Game, a *engine.Action) error {
	p, err := g.ActionPlayer(a)
	if err != nil {
		return err
	}
	if p.ID != r.Active() {
		return engine.Refuse(a, "it is not %s's turn", p.Name)
	}
	_, cheapest := r.cheapest(g)
	if r.winner == 0 {
		switch a.Type {
		case "bid":
			if a.Company != "" {
				return engine.Refuse(a, "the auction for the turn is still open: bid a price without a company")
			}
			min := r.highest() + 5
			if a.Price < min {
				return engine.Refuse(a, "must bid at least £%d", min)
			}
			if a.Price > p.Cash-cheapest {
				return engine.Refuse(a, "cannot afford bid; maximum possible bid is £%d", p.Cash-cheapest)
			}
			r.bids[p.ID] = a.Price
			g.Logf("%s bids £%d", p.Name, a.Price)
		case "pass":
			g.Logf("%s passes bidding", p.Name)
			delete(r.bids, p.ID)
			for i, id := range r.bidders {
				if id == p.ID {
					r.bidders = append(r.bidders[:i:i], r.bidders[i+1:]...)
					break
				}
			}
		default:
			return engine.Refuse(a, "only bid or pass during the auction for the turn")
		}
		r.resolve(g)
		return nil
	}
	switch a.Type {
	case "bid":
		co := g.Company(a.Company)
		if co == nil || !slices.Contains(r.items, a.Company) {
			return engine.Refuse(a, "company %q is not for sale", a.Company)
		}
		if !r.choosable(g, p, co.Sym, 0) {
			return engine.Refuse(a, "cannot afford %s", co.Name)
		}
		price := min(co.Value, p.Cash)
		g.BuyCompany(p, co, price)
		g.Logf("%s buys %s for £%d", p.Name, co.Name, price)
		r.remove(co.Sym)
		r.picks = append(r.picks, title.AuctionPick{Player: p.ID, Bid: r.wonFor, Sym: co.Sym, Name: co.Name, Cost: price})
	case "par":
		c := g.Corp(a.Corporation)
		if c == nil || !slices.Contains(r.items, c.Sym) {
			return engine.Refuse(a, "corporation %q cannot be parred now", a.Corporation)
		}
		cell, err := g.Market.CellByID(a.SharePrice)
		if err != nil {
			return engine.Refuse(a, "%v", err)
		}
		if !g.validPar(c, cell) {
			return engine.Refuse(a, "par price £%d not allowed for %s", cell.Price, c.Sym)
		}
		if !r.choosable(g, p, c.Sym, cell.Price) {
			return engine.Refuse(a, "cannot afford %s at par £%d: £%d for the director's certificate, %s has £%d (printed_rules: the winner may only choose a certificate he can pay for)", c.Sym, cell.Price, 2*cell.Price, p.Name, p.Cash)
		}
		price := 2 * cell.Price
		if price > p.Cash {
			price = p.Cash
		}
		g.Par(c, cell)
		g.Logf("%s pars %s at £%d", p.Name, c.Sym, cell.Price)
		g.PayPlayer(p, -price)
		g.Transfer(c, []*engine.Share{c.Shares[0]}, engine.Holder(p.ID))
		r.remove(c.Sym)
		r.picks = append(r.picks, title.AuctionPick{Player: p.ID, Bid: r.wonFor, Sym: c.Sym, Name: c.Name, Cost: price, Par: cell.Price})
	default:
		return engine.Refuse(a, "%s must buy a company or start a corporation", p.Name)
	}
	r.index = (g.PlayerIndex(p.ID) + 1) % len(g.Players)
	if len(r.items) == 0 {
		g.finishAuction()
		return nil
	}
	r.setup(g)
	return nil
}

func (r *auctionRound) cheapestItem(g *Game) string { s, _ := r.cheapest(g); return s }

// choosable reports whether the auction's winner p may take item: a
// private company (par 0) or a director's certificate at par par.
//
// 18xx.games (BuyCert): a company the winner can pay for, or the cheapest
// item at whatever cash is left; a director's certificate at any par, also
// for the cash left.
//
// printed_rules (Private Companies and the Initial Auction): "The winning
// bidder may only choose a certificate if he/she can afford to pay for it
// after paying the amount he/she bid" (a director's certificate costs
// twice the par). A winner who bid can always pay for the cheapest item
// (the bid limit); the first to pass when nobody bid may not: he "must pay
// the cost, or failing that all he can; if it is a company, it starts at
// the lowest par allowed" (the French summary), so then he takes one of
// the cheapest items, a corporation at its lowest par.
func (r *auctionRound) choosable(g *Game, p *engine.Player, item string, par int) bool {
	co := g.Company(item)
	if !g.optPrinted {
		return co == nil || p.Cash >= co.Value || item == r.cheapestItem(g)
	}
	cost := 2 * par
	if co != nil {
		cost = co.Value
	}
	if p.Cash >= cost {
		return true
	}
	for _, it := range r.items {
		if p.Cash >= r.itemCost(g, it) {
			return false // he can afford another certificate
		}
	}
	_, cheapest := r.cheapest(g)
	return r.itemCost(g, item) == cheapest && (co != nil || par == g.minParPrice(g.Corp(item)))
}

func (r *auctionRound) remove(sym string) {
	for i, it := range r.items {
		if it == sym {
			r.items = append(r.items[:i:i], r.items[i+1:]...)
			return
		}
	}
}

// resolve ends the auction for the turn once one bidder is left.
func (r *auctionRound) resolve(g *Game) {
	if len(r.bidders) > 1 {
		return
	}
	if len(r.bidders) == 1 && r.bids[r.bidders[0]] < 0 {
		return
	}
	winner, price := r.first, 0
	if len(r.bidders) == 1 {
		winner, price = r.bidders[0], r.bids[r.bidders[0]]
		if price > 0 {
			g.PayPlayer(g.Player(winner), -price)
		}
	}
	g.Logf("%s wins auction for £%d", g.Player(winner).Name, price)
	r.bidders = nil
	r.bids = map[int]int{}
	r.winner = winner
	r.wonFor = price
	r.index = g.PlayerIndex(winner)
}

// finishAuction orders players: most cash first; on a tie, the player with the
// least face value of private companies (rules 5.1).
func (g *Game) finishAuction() {
	g.auction = nil
	var best *engine.Player
	top := append([]*engine.Player(nil), g.Players...)
	sort.SliceStable(top, func(i, j int) bool { return top[i].Cash > top[j].Cash })
	tie := top[0].Cash == top[1].Cash
	if tie {
		var pick *engine.Player
		least := 0
		for _, p := range g.Players {
			if len(p.Companies) == 0 {
				continue
			}
			v := 0
			for _, s := range p.Companies {
				v += g.Company(s).Value
			}
			if pick == nil || v < least {
				pick, least = p, v
			}
		}
		best = pick
		g.Logf("%s has least value of private companies", best.Name)
	} else {
		best = top[0]
		g.Logf("%s has most cash", best.Name)
	}
	g.GivePriority(best.ID)
	g.startStockRound()
}

// validPar reports whether cell is one of c's par prices: a par cell in
// its layer's band, or for a bankrupt corporation a par or re-par cell in
// its re-par band.
func (g *Game) validPar(c *engine.Corporation, cell *engine.Cell) bool {
	return inParBand(c, cell, parBand(c.Layer, c.Bankrupt))
}

// inParBand is validPar with c's band (parBand) given.
func inParBand(c *engine.Corporation, cell *engine.Cell, band [2]int) bool {
	if cell.Type != engine.CellPar && !(c.Bankrupt && cell.Type == engine.CellRepar) {
		return false
	}
	return cell.Price >= band[0] && cell.Price <= band[1]
}

func itoa(i int) string { return strconv.Itoa(i) }
