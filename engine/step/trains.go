package step

import (
	"math"
	"slices"
	"strconv"

	"tresham/engine"
)

// This file holds the train and money movements both titles' operating
// rounds make: rusting, discards, purchases, private income and payouts.
// Each changes the game and cannot fail; the legality of the move that
// calls it is decided before, in a step's Check.

// Rust retires every train that rusts when the first train named name is
// bought: from the corporations and from the bank pool into the depot's
// rusted list (1860 rules 9, 1825 rule 4.7.3).
func Rust(g *engine.Game, name string) {
	rusts := func(t *engine.Train) bool { return t.RustsOn == name }
	var byOwner []string
	for _, c := range g.Corps {
		if !slices.ContainsFunc(c.Trains, rusts) {
			continue
		}
		kept := c.Trains[:0:0]
		for _, t := range c.Trains {
			if rusts(t) {
				t.Rusted = true
				t.Owner = ""
				g.Depot.Rusted = append(g.Depot.Rusted, t)
				continue
			}
			kept = append(kept, t)
		}
		byOwner = append(byOwner, c.Sym+" loses "+strconv.Itoa(len(c.Trains)-len(kept)))
		c.Trains = kept
	}
	pool := 0
	if slices.ContainsFunc(g.Depot.Pool, rusts) {
		kept := g.Depot.Pool[:0:0]
		for _, t := range g.Depot.Pool {
			if rusts(t) {
				t.Rusted = true
				g.Depot.Rusted = append(g.Depot.Rusted, t)
				pool++
				continue
			}
			kept = append(kept, t)
		}
		g.Depot.Pool = kept
	}
	logRust(g, name, byOwner, pool)
}

// OwnTrain returns c's train with this id, or nil.
func OwnTrain(c *engine.Corporation, id string) *engine.Train {
	for _, t := range c.Trains {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// Discard returns c's train t to the bank pool, where it is for sale again
// (1860 rules 7.8, 1825 rule 4.7.3).
func Discard(g *engine.Game, c *engine.Corporation, t *engine.Train) {
	removeTrain(c, t)
	t.Owner = ""
	t.InPool = true
	g.Depot.Pool = append(g.Depot.Pool, t)
}

// BuyFromDepot moves t, which the bank sells now, to c for price.
func BuyFromDepot(g *engine.Game, c *engine.Corporation, t *engine.Train, price int) {
	g.Depot.Take(t)
	g.PayCorp(c, -price)
	t.Owner = c.Sym
	c.Trains = append(c.Trains, t)
}

// BuyFromCorp moves seller's train t to buyer for price; the money passes
// between the two treasuries, not through the bank.
func BuyFromCorp(buyer, seller *engine.Corporation, t *engine.Train, price int) {
	removeTrain(seller, t)
	buyer.Cash -= price
	seller.Cash += price
	t.Owner = buyer.Sym
	buyer.Trains = append(buyer.Trains, t)
}

func removeTrain(c *engine.Corporation, t *engine.Train) {
	if i := slices.Index(c.Trains, t); i >= 0 {
		c.Trains = append(c.Trains[:i:i], c.Trains[i+1:]...)
	}
}

// Crowded lists the open corporations holding more trains than limit.
func Crowded(g *engine.Game, limit int) []*engine.Corporation {
	var out []*engine.Corporation
	for _, c := range g.Corps {
		if !c.Closed && len(c.Trains) > limit {
			out = append(out, c)
		}
	}
	return out
}

// PayPrivates pays each player the revenue of the private companies they
// own, at the start of an operating round (1860 rules 7.1; 1825: the
// private railways pay their owners). Within a player's holdings the
// companies pay by revenue, then name (as 18xx.games logs them).
func PayPrivates(g *engine.Game) {
	for _, p := range g.Players {
		cos := make([]*engine.Company, 0, len(p.Companies))
		for _, s := range p.Companies {
			cos = append(cos, g.Company(s))
		}
		slices.SortStableFunc(cos, func(a, b *engine.Company) int {
			if a.Revenue != b.Revenue {
				return a.Revenue - b.Revenue
			}
			switch {
			case a.Name < b.Name:
				return -1
			case a.Name > b.Name:
				return 1
			}
			return 0
		})
		for _, co := range cos {
			if co.Revenue > 0 {
				g.PayPlayer(p, co.Revenue)
				g.Logf("%s collects £%d from %s", p.Name, co.Revenue, co.Name)
			}
		}
	}
}

// PayShareholders pays a dividend of revenue on c to its players: each gets
// its shares' part, rounded up, a share being unit percent (the smallest
// certificate). Shares in the bank pool and unsold shares pay no player.
func PayShareholders(g *engine.Game, c *engine.Corporation, revenue, unit int) {
	for _, p := range g.Players {
		if amt := ShareholderPay(c, p, revenue, unit); amt > 0 {
			g.PayPlayer(p, amt)
		}
	}
}

// ShareholderPay is what player p receives of a dividend of revenue on c
// (PayShareholders): its shares' part, rounded up, a share being unit
// percent.
func ShareholderPay(c *engine.Corporation, p *engine.Player, revenue, unit int) int {
	pct := c.PercentOf(engine.Holder(p.ID))
	if pct <= 0 {
		return 0
	}
	per := float64(revenue) / float64(100/unit)
	return int(math.Ceil(float64(pct/unit) * per))
}

// MarkOperated records that c has operated this turn with the run rev:
// the company and each of its trains operated, and rev is its last
// revenue (both titles, before the dividend is paid).
func MarkOperated(c *engine.Corporation, rev engine.Revenue) {
	c.LastRevenue = rev
	c.Runs = append(c.Runs, rev)
	c.HasRevenue = true
	c.Operated = true
	for _, t := range c.Trains {
		t.Operated = true
	}
}

// DividendMoves is how many places right a share price moves for a
// dividend of paid at a share price of price: none below from, one from
// there, and two, three or four once it reaches that many times the price
// (1860 rules 7.6 with from = price; 1825 rules 4.5, 6.3 with from =
// price/2+1, "more than half").
func DividendMoves(paid, price, from int) int {
	if paid <= 0 || paid < from {
		return 0
	}
	n := 1
	for k := 2; k <= 4; k++ {
		if paid >= k*price {
			n = k
		}
	}
	return n
}

// NewPhases moves g on through each phase, from the next one, that the
// first train named name starts (1860 rules 9, 1825 rule 4.7) and returns
// the phases entered, in order (none when the train starts none).
func NewPhases(g *engine.Game, name string) []engine.Phase {
	from := g.PhaseIdx + 1
	for g.PhaseIdx+1 < len(g.Phases) && g.Phases[g.PhaseIdx+1].On == name {
		g.PhaseIdx++
	}
	return g.Phases[from : g.PhaseIdx+1]
}
