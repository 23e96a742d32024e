package t1825

import (
	"encoding/json"
	"errors"
	"testing"

	"tresham/engine"
	"tresham/engine/step"
)

// stockPosition plays to a share dealing round after the first where the
// active player holds shares.
func stockPosition(t testing.TB, rules ...string) *Game {
	t.Helper()
	at := func(g *Game) bool {
		if g.stock == nil || g.IsFinished() || g.Turn < 2 {
			return false
		}
		p := g.Player(g.stock.Active())
		return len(g.CertIDs(p)) > 1 && len(g.Legal(itoa(p.ID))) > 2
	}
	for seed := uint64(1); seed <= 12; seed++ {
		g := newKitGame(t, 3, rules...)
		if drive(t, g, newBuilder(seed), at) {
			return g
		}
	}
	t.Fatal("no game reached a share dealing round with shares held")
	return nil
}

// refusedStockMoves are moves the active player may not make: a purchase
// of another player's certificate, a sale of the wrong percentage or of
// certificates not held, a par of a started company or off the SPI, a
// private not the bank's.
func refusedStockMoves(g *Game) []engine.Action {
	p := g.Player(g.stock.Active())
	base := engine.PlayerAction(p, "")
	var out []engine.Action
	add := func(typ string, f func(*engine.Action)) {
		a := base
		a.Type = typ
		f(&a)
		out = append(out, a)
	}
	for _, c := range g.Corps {
		for _, s := range c.Shares {
			id := c.ShareID(s.Index)
			switch {
			case s.Holder == engine.Holder(p.ID):
				add("sell_shares", func(a *engine.Action) { a.Shares, a.Percent = []string{id}, s.Percent+10 })
				add("sell_shares", func(a *engine.Action) { a.Shares, a.Percent = []string{id, id}, 2*s.Percent })
			case s.Holder > 0:
				add("buy_shares", func(a *engine.Action) { a.Shares, a.Percent = []string{id}, s.Percent })
				add("sell_shares", func(a *engine.Action) { a.Shares, a.Percent = []string{id}, s.Percent })
			}
		}
		if c.IPOed {
			add("par", func(a *engine.Action) { a.Corporation, a.SharePrice = c.Sym, c.Par.ID() })
		} else {
			add("par", func(a *engine.Action) { a.Corporation, a.SharePrice = c.Sym, "0,0" })
		}
	}
	for _, co := range g.Companies {
		if co.Owner != "bank" && co.Owner != "" {
			add("buy_company", func(a *engine.Action) { a.Company, a.Price = co.Sym, co.Value })
		}
	}
	add("buy_shares", func(a *engine.Action) { a.Shares = []string{"NOPE_1"} })
	return out
}

func stateJSON(t testing.TB, g *Game) string {
	b, err := json.Marshal(g.State())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRefusedStockMoveChangesNothing: a refused buy, sell or par leaves
// the game as it was without the journal's replay: the state, the listed
// moves and every pointer a caller holds (the engine state, the first
// company, the round) are the live ones still.
func TestRefusedStockMoveChangesNothing(t *testing.T) {
	g := stockPosition(t, "unit_1")
	entity := itoa(g.stock.Active())
	moves := refusedStockMoves(g)
	if len(moves) < 5 {
		t.Fatalf("only %d probe moves", len(moves))
	}
	for _, a := range moves {
		t.Run(a.Type+a.Brief(), func(t *testing.T) {
			before, legal := stateJSON(t, g), len(g.Legal(entity))
			eg, corp, round, count := g.Game, g.Corps[0], g.stock, g.journal.Count
			err := g.Apply(&a)
			var re *engine.RuleError
			if !errors.As(err, &re) || !re.Untouched {
				t.Fatalf("err %v, want a refusal that touched nothing", err)
			}
			if g.Game != eg || g.Corps[0] != corp || g.stock != round {
				t.Error("the refusal replaced the game's state (a restore ran)")
			}
			if after := stateJSON(t, g); after != before || len(g.Legal(entity)) != legal || g.journal.Count != count {
				t.Error("the refusal changed the game")
			}
		})
	}
}

// TestStockStepExact: at share dealing positions, every move the stock
// step lists passes its Check and every probe it accepts is listed (the
// probes: near misses of the listing, every certificate and par cell, and
// every sale form of the player's holdings).
func TestStockStepExact(t *testing.T) {
	for _, rules := range [][]string{{"unit_1"}, {"unit_1", "r1"}, {"unit_2"}, {"unit_2", "printed_rules"}} {
		for seed := uint64(1); seed <= 3; seed++ {
			g := newKitGame(t, 4, rules...)
			checked := 0
			drive(t, g, newBuilder(seed), func(g *Game) bool {
				if g.stock != nil && !g.IsFinished() {
					p := g.Player(g.stock.Active())
					if err := step.Exact[*Game](g.Game, g, stockStep, itoa(p.ID), saleProbes(g, p)...); err != nil {
						t.Fatalf("%v seed %d, round %d: %v", rules, seed, g.Turn, err)
					}
					checked++
				}
				return g.Turn > 5 || g.IsFinished()
			})
			if checked == 0 {
				t.Errorf("%v seed %d: no share dealing position checked", rules, seed)
			}
		}
	}
}

// saleProbes names every subset of p's certificates of each company (up
// to 6) at every percentage in 10% steps up to their sum.
func saleProbes(g *Game, p *engine.Player) []engine.Action {
	var out []engine.Action
	for _, c := range g.Corps {
		held := c.SharesOf(engine.Holder(p.ID))
		if len(held) > 6 {
			held = held[:6]
		}
		for mask := 1; mask < 1<<len(held); mask++ {
			var ids []string
			total := 0
			for i, s := range held {
				if mask&(1<<i) != 0 {
					ids = append(ids, c.ShareID(s.Index))
					total += s.Percent
				}
			}
			for pct := 10; pct <= total; pct += 10 {
				a := engine.PlayerAction(p, "sell_shares")
				a.Shares, a.Percent = ids, pct
				out = append(out, a)
			}
		}
	}
	return out
}

// BenchmarkRefusedStockMove times Apply of a refused sale (a percentage
// the certificates do not hold): a refusal costs a Check, not a replay.
func BenchmarkRefusedStockMove(b *testing.B) {
	g := stockPosition(b, "unit_1")
	var bad engine.Action
	for _, a := range refusedStockMoves(g) {
		if a.Type == "sell_shares" {
			bad = a
			break
		}
	}
	for range b.N {
		a := bad
		if g.Apply(&a) == nil {
			b.Fatal("accepted")
		}
	}
}
