package step

import "tresham/engine"

// CertPrice is what certificate s of c costs from its holder, a share
// being unit percent (both titles): from the IPO at the par price, else
// at the market price, for each 10%; the director's certificate from the
// pool costs one share, the buyer exchanging a share for it (1860
// Receivership, 1825 rule 6.4.7).
func CertPrice(c *engine.Corporation, s *engine.Share, unit int) int {
	per := c.Price()
	if s.Holder == engine.HolderIPO && c.Par != nil {
		per = c.Par.Price
	}
	return per * BoughtPercent(s, unit) / 10
}

// BoughtPercent is the percentage a purchase of s writes, a share being
// unit percent: the director's certificate from the pool is bought as one
// share (CertPrice; 18xx.games writes it so), any other certificate as its
// size.
func BoughtPercent(s *engine.Share, unit int) int {
	if s.President && s.Holder == engine.HolderMarket {
		return unit
	}
	return s.Percent
}

// buyPercent is the percentage a listed purchase of s writes: the title's
// BuyPercent, else BoughtPercent with the title's share unit (SaleUnit).
func (h *StockHooks[G]) buyPercent(g G, c *engine.Corporation, s *engine.Share) int {
	if h.BuyPercent != nil {
		return h.BuyPercent(g, c, s)
	}
	return BoughtPercent(s, h.SaleUnit(g, c))
}
