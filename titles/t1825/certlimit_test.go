package t1825

import (
	"strings"
	"testing"

	"tresham/engine"
)

// overLimit reports whether the stock round's active player holds more
// certificates than the limit while able to sell some.
func overLimit(g *Game) bool {
	if g.stock == nil || g.IsFinished() {
		return false
	}
	return stockStep.MustSell(g, g.Player(g.stock.Active()))
}

// TestOverCertLimitMustSell: rule 5.3.2 - a player left over the
// certificate limit (a directorship lost, a smaller limit) "must sell
// certificates as necessary in his or her next turn": until back within the
// limit no pass is listed or accepted, and nothing may be bought; a sale is.
func TestOverCertLimitMustSell(t *testing.T) {
	for _, cfg := range []struct {
		players int
		rules   []string
	}{
		{4, []string{"unit_2"}},
		{3, []string{"unit_1"}},
	} {
		t.Run(strings.Join(cfg.rules, "+"), func(t *testing.T) {
			var g *Game
			for seed := uint64(1); seed <= 12 && g == nil; seed++ {
				cand := newKitGame(t, cfg.players, cfg.rules...)
				if drive(t, cand, newBuilder(seed), overLimit) {
					g = cand
				}
			}
			if g == nil {
				t.Skip("no game reached a player over the limit")
			}
			p := g.Player(g.stock.Active())
			entity := itoa(p.ID)
			var sale *engine.Action
			for _, ch := range g.Legal(entity) {
				switch ch.Action.Type {
				case "pass", "buy_shares", "par", "buy_company":
					t.Errorf("Legal offers %s over the limit (%d > %d)", ch.Action.Type, g.numCerts(p), g.CertLimit)
				case "sell_shares":
					a := ch.Action
					sale = &a
				}
			}
			pass := engine.Action{Type: "pass", Entity: entity, EntityType: "player"}
			if err := g.Apply(&pass); err == nil || !strings.Contains(err.Error(), "must sell first") {
				t.Fatalf("pass over the limit: err %v", err)
			}
			if sale == nil {
				t.Fatal("no sale listed")
			}
			if err := g.Apply(sale); err != nil {
				t.Fatalf("sale: %v", err)
			}
		})
	}
}

// poolDirector finds, in a stock round, a director's certificate in the
// pool that the active player may take (rule 6.4.7).
func poolDirector(g *Game) *engine.Choice {
	if g.stock == nil || g.IsFinished() {
		return nil
	}
	for _, ch := range g.Legal(itoa(g.stock.Active())) {
		if ch.Action.Type != "buy_shares" {
			continue
		}
		if c, s, err := g.ShareByID(ch.Action.Shares[0]); err == nil && s.President && s.Holder == engine.HolderMarket && c != nil {
			return &ch
		}
	}
	return nil
}

// TestDirectorFromPool: rule 6.4.7 - the director's certificate is not
// bought from the pool but exchanged for two ordinary shares: the buyer pays
// for one share and gives one back. The move is listed, and written, as a
// share's percentage; as the certificate's 20% it is taken only from a
// buyer who could pay for 20% (as 18xx.games has it).
func TestDirectorFromPool(t *testing.T) {
	reached := func(g *Game) bool { return poolDirector(g) != nil }
	position := func(seed uint64) *Game {
		g := newKitGame(t, 4, "unit_2")
		if !drive(t, g, newSeller(seed), reached) {
			return nil
		}
		return g
	}
	var g *Game
	var seed uint64
	for seed = 1; seed <= 40 && g == nil; seed++ {
		g = position(seed)
	}
	seed--
	if g == nil {
		t.Skip("no game put a director's certificate in the pool")
	}
	ch := poolDirector(g)
	c, s, _ := g.ShareByID(ch.Action.Shares[0])
	p := g.Player(g.stock.Active())
	if ch.Action.Percent != g.sharePercent(c) {
		t.Errorf("listed as %d%%", ch.Action.Percent)
	}
	unit := g.unitPrice(c, engine.HolderMarket)
	tests := []struct {
		name    string
		percent int
		cash    int // the buyer's cash for the try
		want    string
	}{
		{"as a share", 10, unit, ""},
		{"as 20%, able to pay for 20%", 20, 2 * unit, ""},
		{"as 20%, able to pay for one share only", 20, unit, "write it as 10%"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g2 := position(seed)
			p2 := g2.Player(p.ID)
			// move money between the buyer and the bank to set the cash
			g2.PayPlayer(p2, tc.cash-p2.Cash)
			before := p2.Cash
			held := len(c.SharesOf(engine.Holder(p.ID)))
			a := ch.Action
			a.Percent = tc.percent
			err := g2.Apply(&a)
			if (err != nil) != (tc.want != "") || err != nil && !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
			if err != nil {
				return
			}
			c2 := g2.Corp(c.Sym)
			if paid := before - g2.Player(p.ID).Cash; paid != unit {
				t.Errorf("paid £%d, want £%d", paid, unit)
			}
			if n := len(c2.SharesOf(engine.Holder(p.ID))); n != held || !c2.Shares[s.Index].President || c2.Shares[s.Index].Holder != engine.Holder(p.ID) {
				t.Errorf("certificates %d (had %d), director's with %v", n, held, c2.Shares[s.Index].Holder)
			}
		})
	}
}
