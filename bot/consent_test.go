package bot

import (
	"math/rand/v2"
	"testing"

	"tresham/engine"
)

// recorder is a seat that remembers the train sales it agreed to.
type recorder struct {
	Player
	agreed map[string]bool // train ids
	asked  int
}

func (r *recorder) Agree(g Game, seller string, a engine.Action) bool {
	r.asked++
	ok := r.Player.(Consenter).Agree(g, seller, a)
	if ok {
		r.agreed[a.Train] = true
	}
	return ok
}

// checkedGame fails the test when a train purchase that needs consent is
// applied without the seller's director having agreed.
type checkedGame struct {
	Game
	t     *testing.T
	seats map[int]*recorder
	sales int
}

func (c *checkedGame) Unwrap() Game { return c.Game }

func (c *checkedGame) Apply(a *engine.Action) error {
	if seller, dir, ok := NeedsConsent(c.Game, *a); ok {
		c.sales++
		if dir == 0 || !c.seats[dir].agreed[a.Train] {
			c.t.Errorf("action %d: %s buys %s from %s (director %d) without agreement", a.ID, a.Entity, a.Train, seller, dir)
		}
	}
	return c.Game.Apply(a)
}

// TestPlayAsksConsent plays random games through Play and checks that every
// train bought from another director's company was agreed to, that such
// sales are proposed and asked about, and that refusals are counted.
func TestPlayAsksConsent(t *testing.T) {
	for _, title := range []string{"1860", "1825"} {
		t.Run(title, func(t *testing.T) {
			asked, refused, sales := 0, 0, 0
			for seed := uint64(1); seed <= 3; seed++ {
				g, err := newThreePlayer(title)
				if err != nil {
					t.Fatal(err)
				}
				cg := &checkedGame{Game: g, t: t, seats: map[int]*recorder{}}
				seats := map[int]Player{}
				for i := 1; i <= 3; i++ {
					r := &recorder{Player: &Random{Rand: rand.New(rand.NewPCG(seed, uint64(i))), PassWeight: 0.3}, agreed: map[string]bool{}}
					cg.seats[i], seats[i] = r, r
				}
				st, err := Play(cg, seats, PlayOptions{MaxActions: maxActions})
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if !g.IsFinished() {
					t.Fatalf("seed %d: not finished after %d actions", seed, st.Actions)
				}
				for _, r := range cg.seats {
					asked += r.asked
				}
				refused += st.Refusals
				sales += cg.sales
			}
			t.Logf("%s: %d sales asked about, %d refused, %d applied", title, asked, refused, sales)
			if asked == 0 || refused == 0 || sales == 0 {
				t.Errorf("want some sales asked about (%d), refused (%d) and applied (%d)", asked, refused, sales)
			}
		})
	}
}

// TestHeuristicAgree checks the heuristic's answers to offers for a train
// of a company it directs: below face value no, at face value yes while
// the company keeps a lasting train or can buy one.
func TestHeuristicAgree(t *testing.T) {
	for _, title := range []string{"1860", "1825"} {
		t.Run(title, func(t *testing.T) {
			var seller *engine.Corporation
			var buyer string
			g, _ := findPosition(t, title, func(p *position, e string, cs []engine.Choice) bool {
				for _, ch := range cs {
					if ch.Action.Type != "buy_train" {
						continue
					}
					if o, _ := trainOwner(p.eg, ch.Action.Train); o != nil && o.President != 0 && o.Sym != e && len(o.Trains) >= 2 {
						seller, buyer = o, e
						return true
					}
				}
				return false
			})
			h := NewHeuristic(1)
			t.Logf("%s offered a train of %s (%d trains, £%d)", buyer, seller.Sym, len(seller.Trains), seller.Cash)
			train := seller.Trains[0]
			a := engine.Action{Type: "buy_train", Entity: buyer, EntityType: "corporation", Train: train.ID, Price: 10}
			if h.Agree(g, seller.Sym, a) {
				t.Errorf("agrees to sell %s's %s for £10", seller.Sym, train.Name)
			}
			a.Price = train.Price - 10
			if h.Agree(g, seller.Sym, a) {
				t.Errorf("agrees to sell %s's %s below face value", seller.Sym, train.Name)
			}
			p, _ := positionOf(g)
			a.Price = train.Price
			lasting := 0
			for _, u := range seller.Trains[1:] {
				if !p.rustsSoon(u) {
					lasting++
				}
			}
			if want := lasting > 0 || seller.Cash+a.Price >= p.minTrainPrice(); h.Agree(g, seller.Sym, a) != want {
				t.Errorf("at face value with %d other lasting trains: agree %v, want %v", lasting, !want, want)
			}
		})
	}
}

// TestHide checks that a hidden move is not listed again at any price.
func TestHide(t *testing.T) {
	g, err := newThreePlayer("1825")
	if err != nil {
		t.Fatal(err)
	}
	e := g.Acting()[0]
	cs := g.Legal(e)
	if len(cs) < 2 {
		t.Fatalf("%s has %d choices", e, len(cs))
	}
	h := cs[0].Action
	h.Price += 10
	got := Hide(g, h).Legal(e)
	if len(got) != len(cs)-1 {
		t.Errorf("hiding one of %d choices leaves %d", len(cs), len(got))
	}
	for _, ch := range got {
		if sameMove(ch.Action, h) {
			t.Errorf("hidden move %+v still listed", h)
		}
	}
	if Hide(g) != g {
		t.Errorf("Hide with nothing hidden should return g")
	}
}
