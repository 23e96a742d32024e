package titles_test

import (
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/internal/fixtures"
	"tresham/replay"
	"tresham/titles"
	"tresham/titles/title"
)

// TestLiquidityCoversSales replays the real games of both titles and,
// before every sale of shares, checks the seller's liquidity (title.Liquid)
// against what the sale itself pays: a sale the rules accept is one the
// liquidity counts, so liquidity is at least the cash after it; and never
// more than cash plus every share held at the market price.
func TestLiquidityCoversSales(t *testing.T) {
	for _, f := range []string{"1860/19354.json", "1825/141331.json", "1860/1860_game_end_bank.json", "1825/1825_game_end_bank.json"} {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, f))
		if err != nil {
			t.Fatal(err)
		}
		d, _ := titles.Lookup(src.Title)
		var players []title.Player
		for _, p := range src.Players {
			players = append(players, title.Player{ID: p.ID, Name: p.Name})
		}
		g, err := d.New(players, src.Settings.OptionalRules)
		if err != nil {
			t.Fatal(err)
		}
		lq, ok := g.(title.Liquid)
		if !ok {
			t.Fatalf("%s: no liquidity", d.Name)
		}
		sales := 0
		for _, ga := range g18xx.Effective(src.Actions) {
			if ga.Type == g18xx.TypeMessage {
				continue
			}
			a := replay.Convert(&ga)
			eg := g.Engine()
			for _, p := range eg.Players {
				l := lq.Liquidity(p.ID)
				held := p.Cash
				for _, c := range eg.Corps {
					if c.Cell != nil && !c.Closed {
						held += c.Price() * c.PercentOf(engine.Holder(p.ID)) / 10
					}
				}
				if l < p.Cash || l > held {
					t.Fatalf("%s before action %d: %s's liquidity %d, cash %d, shares at market %d", f, a.ID, p.Name, l, p.Cash, held)
				}
			}
			var seller *engine.Player
			before := 0
			if a.Type == "sell_shares" && len(a.Auto) == 0 {
				if id, err := a.PlayerID(); err == nil {
					seller = eg.Player(id)
					before = lq.Liquidity(id)
				}
			}
			if err := g.Apply(&a); err != nil {
				t.Fatalf("%s action %d: %v", f, a.ID, err)
			}
			if seller != nil {
				sales++
				if after := g.Engine().Player(seller.ID).Cash; before < after {
					t.Errorf("%s action %d: %s's liquidity was %d, the sale left them %d in cash", f, a.ID, seller.Name, before, after)
				}
			}
		}
		if sales == 0 {
			t.Errorf("%s: no sale checked", f)
		}
	}
}
