package engine

import (
	"cmp"
	"slices"
)

// SellToPool moves a player's bundle of c to the market and, when percent
// is less than the bundle (a director's certificate sold in part), gives
// the seller back the difference as ordinary shares of unit percent from
// the pool: the seller keeps part of the certificate's worth (1860 rules
// 6.6, 1825 rule 6.4.7; 18xx.games' partial bundle). The money and the
// price are the caller's.
func (g *Game) SellToPool(p *Player, c *Corporation, bundle []*Share, percent, unit int) {
	total := SumPercent(bundle)
	g.Transfer(c, bundle, HolderMarket)
	back := (total - percent) / unit
	for _, s := range c.SharesOf(HolderMarket) {
		if back <= 0 {
			break
		}
		if !s.President {
			g.MoveShare(s, Holder(p.ID))
			back--
		}
	}
}

// SumPercent is the total percentage of certificates.
func SumPercent(shares []*Share) int {
	t := 0
	for _, s := range shares {
		t += s.Percent
	}
	return t
}

// TakeCertificate moves certificate s of c to player p (Transfer, with
// the director-change rules). The director's certificate from the pool is
// exchanged for one of p's ordinary shares, which goes to the pool (1860
// rules 6.5, 1825 rule 6.4.7). The money is the caller's.
func (g *Game) TakeCertificate(p *Player, c *Corporation, s *Share) {
	fromPool := s.President && s.Holder == HolderMarket
	g.Transfer(c, []*Share{s}, Holder(p.ID))
	if !fromPool {
		return
	}
	for _, o := range c.SharesOf(Holder(p.ID)) {
		if !o.President {
			g.MoveShare(o, HolderMarket)
			return
		}
	}
}

// Sale is one sale a holder can name: certificates of one corporation and
// the percentage sold (less than their sum for a director's certificate
// sold in part).
type Sale struct {
	Shares  []*Share
	Percent int
}

// SaleForms lists the distinct sales a holder of held (certificates of
// one corporation) can name, in steps of unit percent: any number of
// ordinary shares (alike certificates once, smallest first), then all of
// them with the director's certificate, whole and less one unit at a time
// down to keeping just under the certificate. The director's certificate
// goes only with all the holder's other shares: 18xx.games offers only
// such bundles (ordinary shares first, the certificate last). Whether each
// is allowed now is the title's rule to say.
func SaleForms(held []*Share, unit int) []Sale {
	var pres *Share
	n := len(held)
	for _, s := range held {
		if s.President {
			pres = s
			n--
		}
	}
	if n == 0 && pres == nil {
		return nil
	}
	// the ordinary shares and (last) the director's certificate, in one block
	all := make([]*Share, 0, len(held))
	for _, s := range held {
		if !s.President {
			all = append(all, s)
		}
	}
	ordinary := all[:n:n]
	slices.SortStableFunc(ordinary, func(a, b *Share) int { return cmp.Compare(a.Percent, b.Percent) })
	forms := n
	if pres != nil && unit > 0 {
		forms += (pres.Percent + unit - 1) / unit
	}
	out := make([]Sale, 0, forms)
	total := 0
	for k := 1; k <= len(ordinary); k++ {
		total += ordinary[k-1].Percent
		out = append(out, Sale{Shares: ordinary[:k:k], Percent: total})
	}
	if pres != nil {
		shares := append(all[:n], pres)
		for pct := total + pres.Percent; pct > total; pct -= unit {
			out = append(out, Sale{Shares: shares, Percent: pct})
		}
	}
	return out
}

// SharesWithDirector reports whether a sale naming bundle, which holds
// the director's certificate, names all of the seller's certificates of c
// (the only bundles with the certificate that 18xx.games offers, and so
// the only ones both titles accept).
func SharesWithDirector(c *Corporation, seller Holder, bundle []*Share) bool {
	return len(bundle) == len(c.SharesOf(seller))
}
