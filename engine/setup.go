package engine

import (
	"slices"
	"strconv"
)

// Building a game from a title's data, and the plain moves every title
// makes alike.

// SeatPlayers seats the players (id and name, in seating order), each
// paid cash from the bank.
func (g *Game) SeatPlayers(ids []int, names []string, cash int) {
	for i, id := range ids {
		p := &Player{ID: id, Name: names[i]}
		g.Players = append(g.Players, p)
		g.Seating = append(g.Seating, id)
		g.PayPlayer(p, cash)
	}
}

// AddCorporation adds c with its certificates in the IPO, given as
// percentages (the first is the director's), and its tokens, given as
// their prices; it returns c.
func (g *Game) AddCorporation(c *Corporation, shares, tokens []int) *Corporation {
	// the certificates in one allocation (each is still its own *Share)
	certs := make([]Share, len(shares))
	c.Shares = slices.Grow(c.Shares, len(shares))
	for i, pct := range shares {
		certs[i] = Share{Index: i, Percent: pct, President: i == 0, Holder: HolderIPO, Buyable: true}
		c.Shares = append(c.Shares, &certs[i])
	}
	c.Tokens = slices.Grow(c.Tokens, len(tokens))
	for _, p := range tokens {
		c.Tokens = append(c.Tokens, Token{Price: p})
	}
	g.Corps = append(g.Corps, c)
	g.ResetIPOOrder(c)
	return c
}

// AddCompany adds a private company, owned by nobody yet.
func (g *Game) AddCompany(sym, name string, value, revenue int) {
	g.Companies = append(g.Companies, &Company{Sym: sym, Name: name, Value: value, Revenue: revenue})
}

// Par starts c at par cell: its par price and its marker's place.
func (g *Game) Par(c *Corporation, cell *Cell) {
	c.Par = cell
	c.IPOed = true
	g.SetCell(c, cell)
}

// BuyCompany gives private company co to player p, who pays price to
// the bank.
func (g *Game) BuyCompany(p *Player, co *Company, price int) {
	co.Owner = strconv.Itoa(p.ID)
	p.Companies = append(p.Companies, co.Sym)
	g.PayPlayer(p, -price)
}

// BreakBank marks the bank broken, and logs it, the first time left (the
// bank as the title's rules count it) falls below zero; it says whether
// the bank broke now.
func (g *Game) BreakBank(left int) bool {
	if g.BankBroken || left >= 0 {
		return false
	}
	g.BankBroken = true
	g.Logf("-- The bank has broken --")
	return true
}

// Float floats c, logging it, and pays it capital from the bank (none
// for 0).
func (g *Game) Float(c *Corporation, capital int) {
	c.Floated = true
	g.Logf("%s floats", c.Sym)
	if capital > 0 {
		g.PayCorp(c, capital)
		g.Logf("%s receives £%d", c.Sym, capital)
	}
}

// Finish ends the game for reason unless it has ended already, and says
// whether it did.
func (g *Game) Finish(reason string) bool {
	if g.Finished {
		return false
	}
	g.Finished = true
	g.EndReason = reason
	return true
}
