package t1860

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"tresham/engine"
)

// playUntil plays listed moves at random (buying shares and trains
// favoured, selling rare; trains run their best routes) until done holds
// for the game; it reports false when the game ends first.
func playUntil(t testing.TB, g *Game, seed uint64, done func(*Game) bool) bool {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 11))
	for n := 0; n < 6000; n++ {
		if done(g) {
			return true
		}
		if g.Finished {
			return false
		}
		who := g.Acting()[0]
		choices := g.Legal(who)
		if len(choices) == 0 {
			t.Fatalf("move %d: %s has no legal move", n, who)
		}
		var pool []engine.Choice
		for _, ch := range choices {
			switch ch.Action.Type {
			case "buy_shares", "par", "buy_train", "run_routes", "dividend", "lay_tile":
				pool = append(pool, ch, ch, ch)
			case "sell_shares", "sell_company":
				if rng.IntN(40) == 0 {
					pool = append(pool, ch)
				}
			default:
				pool = append(pool, ch)
			}
		}
		if len(pool) == 0 {
			pool = choices
		}
		a := pool[rng.IntN(len(pool))].Action
		if a.Type == "run_routes" {
			routes, err := g.BestRoutes(who)
			if err != nil {
				t.Fatal(err)
			}
			a.Routes = routes
		}
		if err := g.Apply(&a); err != nil {
			t.Fatalf("move %d: listed %s refused: %v", n, a.Type, err)
		}
	}
	return false
}

// TestOverCertLimitMustSell: rules 5, Certificate Limit - "If a player has
// more certificates than the certificate limit, then the player must sell
// shares in excess of the limit at the first available opportunity": at the
// start of such a turn no pass or purchase is listed or accepted, a sale is.
func TestOverCertLimitMustSell(t *testing.T) {
	over := func(g *Game) bool {
		if g.stock == nil || len(g.pendingHome) > 0 {
			return false
		}
		p := g.Player(g.stock.Active())
		return g.NumCerts(p) > g.CertLimit && stockStep.MustSell(g, p)
	}
	for _, players := range []int{3} {
		t.Run(strconv.Itoa(players)+"p", func(t *testing.T) {
			var g *Game
			for seed := uint64(1); seed <= 40 && g == nil; seed++ {
				var ids []int
				var names []string
				for i := 1; i <= players; i++ {
					ids = append(ids, i)
					names = append(names, "Player "+strconv.Itoa(i))
				}
				cand, err := New(ids, names, nil, NewBoard)
				if err != nil {
					t.Fatal(err)
				}
				if playUntil(t, cand, seed, over) {
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
				if ch.Action.Type != "sell_shares" {
					t.Errorf("Legal offers %s over the limit (%d > %d)", ch.Action.Type, g.NumCerts(p), g.CertLimit)
					continue
				}
				a := ch.Action
				sale = &a
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

// TestSalePriceWritten: rules 5, Buying and Selling Shares - a trainless
// company's shares sell at half the market price (rounded down). 18xx.games
// pays the price written with the action, so Legal writes that half price,
// and nothing for a company with a train (sold at the market price).
func TestSalePriceWritten(t *testing.T) {
	sale := func(trainless bool) func(*Game) bool {
		return func(g *Game) bool {
			if g.stock == nil || len(g.pendingHome) > 0 {
				return false
			}
			for _, ch := range g.Legal(itoa(g.stock.Active())) {
				if ch.Action.Type == "sell_shares" {
					c, _, _ := g.ShareByID(ch.Action.Shares[0])
					if (len(c.Trains) == 0) == trainless {
						return true
					}
				}
			}
			return false
		}
	}
	for _, trainless := range []bool{true, false} {
		t.Run("trainless "+strconv.FormatBool(trainless), func(t *testing.T) {
			var g *Game
			for seed := uint64(1); seed <= 10 && g == nil; seed++ {
				cand, err := New([]int{1, 2, 3}, []string{"A", "B", "C"}, nil, NewBoard)
				if err != nil {
					t.Fatal(err)
				}
				if playUntil(t, cand, seed, sale(trainless)) {
					g = cand
				}
			}
			if g == nil {
				t.Fatal("position not reached")
			}
			for _, ch := range g.Legal(itoa(g.stock.Active())) {
				if ch.Action.Type != "sell_shares" {
					continue
				}
				c, _, _ := g.ShareByID(ch.Action.Shares[0])
				want := ""
				if len(c.Trains) == 0 {
					want = strconv.Itoa(c.Price() / 2)
				}
				if ch.Action.SharePrice != want {
					t.Errorf("%s (%d trains, £%d) sale written at %q, want %q", c.Sym, len(c.Trains), c.Price(), ch.Action.SharePrice, want)
				}
			}
		})
	}
}
