package t1860

import "testing"

// TestMinParPriceMatchesParPrices: the lowest par read once from the market
// is the lowest of the cells validPar lists, for every corporation, started
// afresh and restarted after bankruptcy.
func TestMinParPriceMatchesParPrices(t *testing.T) {
	g, err := New([]int{1, 2, 3, 4}, []string{"a", "b", "c", "d"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range g.Corps {
		for _, bankrupt := range []bool{false, true} {
			saved := c.Bankrupt
			c.Bankrupt = bankrupt
			want := 0
			for _, cell := range g.parPrices(c) {
				if want == 0 || cell.Price < want {
					want = cell.Price
				}
			}
			if got := g.minParPrice(c); got != want || got == 0 {
				t.Errorf("%s (layer %d, bankrupt %v): minParPrice %d, lowest of parPrices %d", c.Sym, c.Layer, bankrupt, got, want)
			}
			c.Bankrupt = saved
		}
	}
}
