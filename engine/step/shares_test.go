package step

import (
	"testing"

	"tresham/engine"
)

func TestCertPrice(t *testing.T) {
	c := &engine.Corporation{Sym: "X", Par: &engine.Cell{Price: 100}, Cell: &engine.Cell{Price: 120}}
	tests := []struct {
		name      string
		s         engine.Share
		unit      int
		price, pc int
	}{
		{"an IPO share at par", engine.Share{Percent: 10, Holder: engine.HolderIPO}, 10, 100, 10},
		{"a pool share at the market", engine.Share{Percent: 10, Holder: engine.HolderMarket}, 10, 120, 10},
		{"the director's from the IPO, whole", engine.Share{Percent: 20, President: true, Holder: engine.HolderIPO}, 10, 200, 20},
		{"the director's from the pool: one share", engine.Share{Percent: 20, President: true, Holder: engine.HolderMarket}, 10, 120, 10},
		{"a minor's director's from the pool: one 20% share", engine.Share{Percent: 40, President: true, Holder: engine.HolderMarket}, 20, 240, 20},
		{"a player's certificate at the market", engine.Share{Percent: 20, Holder: 3}, 10, 240, 20},
	}
	for _, tt := range tests {
		if got := CertPrice(c, &tt.s, tt.unit); got != tt.price {
			t.Errorf("%s: CertPrice = %d, want %d", tt.name, got, tt.price)
		}
		if got := BoughtPercent(&tt.s, tt.unit); got != tt.pc {
			t.Errorf("%s: BoughtPercent = %d, want %d", tt.name, got, tt.pc)
		}
	}
}
