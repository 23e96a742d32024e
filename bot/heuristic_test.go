package bot

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"tresham/engine"
)

// findPosition plays random moves in a 3-player game of title (seeds
// 1..20) until the first acting entity's position satisfies want, and
// returns the game and that entity.
func findPosition(t *testing.T, title string, want func(p *position, entity string, choices []engine.Choice) bool) (Game, string) {
	t.Helper()
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := newThreePlayer(title)
		if err != nil {
			t.Fatal(err)
		}
		r := &Random{Rand: rand.New(rand.NewPCG(seed, 7)), PassWeight: 0.3}
		for n := 0; n < maxActions && !g.IsFinished(); n++ {
			p, err := positionOf(g)
			if err != nil {
				t.Fatal(err)
			}
			e := g.Acting()[0]
			if want(p, e, g.Legal(e)) {
				return g, e
			}
			a, err := r.Move(g)
			if err != nil {
				t.Fatal(err)
			}
			_ = g.Apply(&a) // a refused move leaves the game as it was
		}
	}
	t.Fatalf("%s: no such position in 20 random games", title)
	return nil, ""
}

func hasType(choices []engine.Choice, typ string) bool {
	for _, c := range choices {
		if c.Action.Type == typ {
			return true
		}
	}
	return false
}

// TestHeuristicDecisions checks single decisions on positions reached by
// random play: each case finds a position and checks the move.
func TestHeuristicDecisions(t *testing.T) {
	type check func(t *testing.T, p *position, entity string, a engine.Action)
	tests := []struct {
		name  string
		title string
		want  func(p *position, entity string, choices []engine.Choice) bool
		check check
	}{
		{
			name: "pays out with a lasting train and cash", title: "1860",
			want: func(p *position, e string, cs []engine.Choice) bool {
				c := p.eg.Corp(e)
				return c != nil && hasType(cs, "dividend") && p.lastingTrains(c) > 0
			},
			check: func(t *testing.T, p *position, e string, a engine.Action) {
				if a.Type != "dividend" || a.Kind != "payout" {
					t.Errorf("%s: got %s %s, want a payout", e, a.Type, a.Kind)
				}
			},
		},
		{
			name: "pays out with a lasting train and cash", title: "1825",
			want: func(p *position, e string, cs []engine.Choice) bool {
				c := p.eg.Corp(e)
				return c != nil && hasType(cs, "dividend") && p.lastingTrains(c) > 0
			},
			check: func(t *testing.T, p *position, e string, a engine.Action) {
				if a.Type != "dividend" || a.Kind != "payout" {
					t.Errorf("%s: got %s %s, want a payout", e, a.Type, a.Kind)
				}
			},
		},
		{
			name: "withholds to afford its next train", title: "1860",
			want: func(p *position, e string, cs []engine.Choice) bool {
				c := p.eg.Corp(e)
				return c != nil && hasType(cs, "dividend") && p.lastingTrains(c) == 0 && c.Cash < p.minTrainPrice() && !p.endNear()
			},
			check: func(t *testing.T, p *position, e string, a engine.Action) {
				if a.Kind != "withhold" {
					t.Errorf("%s: got %s %s, want withhold", e, a.Type, a.Kind)
				}
			},
		},
		{
			name: "buys a train when it has none", title: "1860",
			want: func(p *position, e string, cs []engine.Choice) bool {
				c := p.eg.Corp(e)
				return c != nil && len(c.Trains) == 0 && !hasType(cs, "lay_tile") && !hasType(cs, "place_token") &&
					hasType(cs, "buy_train") && c.Cash >= p.minTrainPrice()
			},
			check: func(t *testing.T, p *position, e string, a engine.Action) {
				if a.Type != "buy_train" {
					t.Errorf("%s: got %s, want buy_train", e, a.Type)
				}
			},
		},
		{
			name: "buys a train when it has none", title: "1825",
			want: func(p *position, e string, cs []engine.Choice) bool {
				c := p.eg.Corp(e)
				return c != nil && len(c.Trains) == 0 && hasType(cs, "buy_train") && c.Cash >= p.minTrainPrice()
			},
			check: func(t *testing.T, p *position, e string, a engine.Action) {
				if a.Type != "buy_train" {
					t.Errorf("%s: got %s, want buy_train", e, a.Type)
				}
			},
		},
		{
			name: "lays the tile that raises revenue most", title: "1860",
			want: func(p *position, e string, cs []engine.Choice) bool {
				c := p.eg.Corp(e)
				return c != nil && len(c.Trains) > 0 && p.eg.RoundKind == "Operating" && bestLayGain(p, c, cs) > 0
			},
			check: func(t *testing.T, p *position, e string, a engine.Action) {
				c := p.eg.Corp(e)
				if a.Type != "lay_tile" {
					t.Fatalf("%s: got %s, want lay_tile", e, a.Type)
				}
				best := bestLayGain(p, c, p.g.Legal(e))
				if got := layGain(p, c, &a); got != best {
					t.Errorf("%s: lay %s %s@%d adds %d, the best lay adds %d", e, a.Hex, a.Tile, a.Rotation, got, best)
				}
			},
		},
		{
			name: "lays the tile that raises revenue most", title: "1825",
			want: func(p *position, e string, cs []engine.Choice) bool {
				c := p.eg.Corp(e)
				return c != nil && len(c.Trains) > 0 && bestLayGain(p, c, cs) > 0
			},
			check: func(t *testing.T, p *position, e string, a engine.Action) {
				c := p.eg.Corp(e)
				if a.Type != "lay_tile" {
					t.Fatalf("%s: got %s, want lay_tile", e, a.Type)
				}
				best := bestLayGain(p, c, p.g.Legal(e))
				if got := layGain(p, c, &a); got != best {
					t.Errorf("%s: lay %s %s@%d adds %d, the best lay adds %d", e, a.Hex, a.Tile, a.Rotation, got, best)
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.title+"/"+tc.name, func(t *testing.T) {
			g, e := findPosition(t, tc.title, tc.want)
			a, err := NewHeuristic(1).Choose(g, e)
			if err != nil {
				t.Fatal(err)
			}
			p, _ := positionOf(g)
			tc.check(t, p, e, a)
			if err := g.Apply(&a); err != nil {
				t.Errorf("the move is refused: %v", err)
			}
		})
	}
}

// layGain is what a lay adds to the company's estimated run, or -1 when
// the company cannot pay for it.
func layGain(p *position, c *engine.Corporation, a *engine.Action) int {
	if v, ok := p.b.Hex(a.Hex); ok && v.Tile != nil && v.Tile.Cost() > c.Cash {
		return -1
	}
	nb, err := afterLay(p.b, a)
	if err != nil {
		return -1
	}
	return p.revenue(nb, c) - p.revenue(p.b, c)
}

// bestLayGain is the most any listed lay adds (0 with no lay, or when
// there are more lays than the bot evaluates).
func bestLayGain(p *position, c *engine.Corporation, cs []engine.Choice) int {
	n := 0
	for _, ch := range cs {
		if ch.Action.Type == "lay_tile" {
			n++
		}
	}
	if n == 0 || n > NewHeuristic(1).maxLays() {
		return 0
	}
	best := 0
	for _, ch := range cs {
		if ch.Action.Type == "lay_tile" {
			best = max(best, layGain(p, c, &ch.Action))
		}
	}
	return best
}

// TestHeuristicSelfPlay plays whole games between three heuristic bots:
// every move is accepted, bids and share purchases stay within the
// player's cash, and the games end.
func TestHeuristicSelfPlay(t *testing.T) {
	for _, title := range []string{"1860", "1825"} {
		t.Run(title, func(t *testing.T) {
			g, err := newThreePlayer(title)
			if err != nil {
				t.Fatal(err)
			}
			bots := map[int]*Heuristic{}
			for i := 1; i <= 3; i++ {
				bots[i] = NewHeuristic(uint64(i))
			}
			n := 0
			for ; n < maxActions && !g.IsFinished(); n++ {
				p, err := positionOf(g)
				if err != nil {
					t.Fatal(err)
				}
				who := playerOf(p.eg, g.Acting()[0])
				a, err := bots[max(who, 1)].Move(g)
				if err != nil {
					t.Fatalf("move %d: %v", n, err)
				}
				if a.EntityType == "player" {
					id, _ := strconv.Atoi(a.Entity)
					cash := p.eg.Player(id).Cash
					_, cost, _ := p.shareCost(a)
					if a.Type == "bid" && a.Price > cash || a.Type == "buy_shares" && cost > cash {
						t.Fatalf("move %d: %s for £%d (£%d) with £%d", n, a.Type, a.Price, cost, cash)
					}
				}
				a.ID = n + 1
				if err := g.Apply(&a); err != nil {
					t.Fatalf("move %d: %v", n, err)
				}
			}
			p, _ := positionOf(g)
			if !g.IsFinished() || p.eg.EndReason == "dnf" {
				t.Fatalf("not finished after %d moves (%s)", n, p.eg.EndReason)
			}
			t.Logf("%d moves, ended by %s, result %v", n, p.eg.EndReason, g.(interface{ Result() map[string]int }).Result())
		})
	}
}
