package t1825

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tresham/engine"
)

// newKitGame sets up a game of n players with 18xx.games option names.
func newKitGame(t testing.TB, n int, rules ...string) *Game {
	t.Helper()
	var ids []int
	var names []string
	for i := 1; i <= n; i++ {
		ids = append(ids, i)
		names = append(names, fmt.Sprintf("Player %d", i))
	}
	g, err := New(ids, names, rules)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// builder is a player that develops the railways: it starts and buys into
// companies (those named in favour first), lays track, runs its best
// routes, pays out, and buys every train it can; it never sells. Ties are
// broken at random, so different seeds reach different positions.
type builder struct {
	rand   *rand.Rand
	favour map[string]bool
	sells  bool // sells when it has nothing to buy (newSeller)
}

// newSeller is a builder that sells shares rather than pass.
func newSeller(seed uint64) *builder {
	b := newBuilder(seed)
	b.sells = true
	return b
}

func newBuilder(seed uint64, favour ...string) *builder {
	b := &builder{rand: rand.New(rand.NewPCG(seed, 7)), favour: map[string]bool{}}
	for _, f := range favour {
		b.favour[f] = true
	}
	return b
}

func (b *builder) choose(g *Game, entity string) (engine.Action, error) {
	choices := g.Legal(entity)
	if len(choices) == 0 {
		return engine.Action{}, fmt.Errorf("%s has no legal move", entity)
	}
	rank := func(ch engine.Choice) int {
		a := ch.Action
		corp := a.Corporation
		switch a.Type {
		case "buy_train":
			if ch.MaxPrice > 0 {
				return 1 // trains from other companies: rarely
			}
			return 9
		case "par", "buy_shares":
			if corp == "" && len(a.Shares) > 0 {
				if c, _, err := g.ShareByID(a.Shares[0]); err == nil {
					corp = c.Sym
				}
			}
			if b.favour[corp] {
				return 10
			}
			return 6
		case "run_routes", "place_token", "discard_train":
			return 8
		case "lay_tile":
			return 7
		case "dividend":
			return 8 // paid or withheld at random
		case "bid", "buy_company":
			return 5
		case "pass":
			return 2
		case "sell_shares", "sell_company":
			if b.sells && a.Type == "sell_shares" {
				return 4
			}
			return -1
		}
		return 3
	}
	best := -2
	var pool []engine.Choice
	for _, ch := range choices {
		switch r := rank(ch); {
		case r > best:
			best, pool = r, []engine.Choice{ch}
		case r == best:
			pool = append(pool, ch)
		}
	}
	a := pool[b.rand.IntN(len(pool))].Action
	if a.Type == "run_routes" {
		routes, err := g.BestRoutes(entity)
		if err != nil {
			return engine.Action{}, err
		}
		a.Routes = routes
	}
	return a, nil
}

// drive plays the game with the builder until done reports true after a
// move (or before any); it reports false when the game ends first, and
// fails if a listed move is refused, money is made or lost, or play stalls.
func drive(t testing.TB, g *Game, b *builder, done func(*Game) bool) bool {
	t.Helper()
	total := g.TotalCash()
	for n := 0; n < 20000; n++ {
		if done(g) {
			return true
		}
		if g.IsFinished() {
			return false
		}
		acting := g.Acting()
		if len(acting) == 0 {
			t.Fatalf("move %d: nobody may act", n)
		}
		a, err := b.choose(g, acting[0])
		if err != nil {
			t.Fatalf("move %d: %v", n, err)
		}
		if err := g.Apply(&a); err != nil {
			t.Fatalf("move %d (%s by %s): listed action refused: %v", n, a.Type, a.Entity, err)
		}
		if g.TotalCash() != total {
			t.Fatalf("move %d: money changed", n)
		}
	}
	t.Fatal("position not reached in 20000 moves")
	return false
}

// reachPlay plays new games of the options, one seed after another, until one
// reaches the position.
func reachPlay(t *testing.T, players int, rules []string, favour []string, done func(*Game) bool) *Game {
	t.Helper()
	for seed := uint64(1); seed <= 8; seed++ {
		g := newKitGame(t, players, rules...)
		if drive(t, g, newBuilder(seed, favour...), done) {
			return g
		}
	}
	t.Fatalf("no game of %v reached the position", rules)
	return nil
}

// homed reports whether corp has formed and holds its (first) home.
func homed(sym string) func(*Game) bool {
	return func(g *Game) bool {
		c := g.Corp(sym)
		return c != nil && g.isFormed(c) && strings.HasPrefix(c.Tokens[0].Location, g.defs[sym].Homes[0]+"-")
	}
}

// TestMinorKitsInPlay plays each kit's minor companies into operation: a
// minor forms when its treasury can pay for the train set aside for it
// (18xx.games; rule 5 of the kits), takes that train, lays its home track
// and base (on an empty hexag it lays the track first), and operates after
// the majors.
func TestMinorKitsInPlay(t *testing.T) {
	tests := []struct {
		kit     string
		players int
		rules   []string
		minor   string
		train   string
		home    string
	}{
		{"k5", 3, []string{"unit_2", "k5"}, "FR", "5", "M9"},
		{"k5", 3, []string{"unit_2", "k5"}, "NS", "3T", "Q13"},
		{"r1", 4, []string{"unit_1", "r1"}, "Cam", "U3", "R8"},
		{"r1", 4, []string{"unit_1", "r1"}, "TV", "4T", "V8"},
		{"r2", 4, []string{"unit_1", "r2"}, "S&DR", "5", "W9"},
		{"r3", 4, []string{"unit_1", "r3"}, "M&GN", "4T", "Q23"},
		{"k7", 3, []string{"unit_1", "k7"}, "LT&S", "2+2", "V22"},
		{"unit_4", 2, []string{"unit_3", "unit_4"}, "HR", "U3", "A5"},
		{"k5 with Units 1+2", 4, []string{"unit_12", "k5", "k3"}, "NS", "3T", "Q13"},
	}
	for _, tc := range tests {
		t.Run(tc.kit+"/"+tc.minor, func(t *testing.T) {
			g0 := newKitGame(t, tc.players, tc.rules...)
			if d := g0.defs[tc.minor]; !d.Minor || d.Train != tc.train || d.Homes[0] != tc.home {
				t.Fatalf("%s: %+v", tc.minor, d)
			}
			reservedIn := func(g *Game) int {
				n := 0
				for _, tr := range g.minorTrains {
					if tr.Name == tc.train {
						n++
					}
				}
				return n
			}
			before := reservedIn(g0)
			if before == 0 {
				t.Fatalf("no %s train set aside for %s", tc.train, tc.minor)
			}
			g := reachPlay(t, tc.players, tc.rules, []string{tc.minor}, homed(tc.minor))
			c := g.Corp(tc.minor)
			var names []string
			for _, tr := range c.Trains {
				names = append(names, tr.Name)
			}
			if !slices.Contains(names, tc.train) {
				t.Errorf("%s formed with trains %v, want its %s", tc.minor, names, tc.train)
			}
			if reservedIn(g) != before-1 {
				t.Errorf("%s train still set aside after %s formed", tc.train, tc.minor)
			}
			order := g.operatingOrder()
			seenMinor := false
			for _, o := range order {
				if g.isMinor(o) {
					seenMinor = true
				} else if seenMinor {
					t.Errorf("major %s operates after a minor: %v", o.Sym, order)
				}
			}
		})
	}
}

// TestPhaseKitsInPlay plays the train kits into their phases: K3's Phase
// Four on the first 6-train (gray tiles, no train limit to speak of) and
// 4a on the first 7, which rusts the 3-trains; K2's trains wait for their
// phases (2+2 and 4T for Four, 4+4E for 4a); without K3, K7's 2+2 is for
// sale from the start.
func TestPhaseKitsInPlay(t *testing.T) {
	type seen map[string]string // train name -> phase first offered
	tests := []struct {
		name    string
		players int
		rules   []string
		until   string
		check   func(t *testing.T, g *Game, offered seen)
	}{
		{"k3 phase four", 3, []string{"unit_1", "k3"}, "4", func(t *testing.T, g *Game, _ seen) {
			if p := g.Phase(); !slices.Contains(p.Tiles, "gray") || p.TrainLimit != 99 {
				t.Errorf("phase 4: %+v", p)
			}
		}},
		{"k3 phase 4a rusts 3s", 3, []string{"unit_1", "k3"}, "4a", func(t *testing.T, g *Game, _ seen) {
			for _, c := range g.Corps {
				for _, tr := range c.Trains {
					if tr.Name == "3" || tr.Name == "2" {
						t.Errorf("%s still runs a %s-train in phase 4a", c.Sym, tr.Name)
					}
				}
			}
		}},
		{"k2 trains wait for their phases", 3, []string{"unit_1", "k2", "k3"}, "4a", func(t *testing.T, g *Game, offered seen) {
			for name, want := range map[string][]string{"3T": {"3", "4", "4a"}, "2+2": {"4", "4a"}, "4T": {"4", "4a"}} {
				if p, ok := offered[name]; ok && !slices.Contains(want, p) {
					t.Errorf("%s first offered in phase %s, want one of %v", name, p, want)
				}
			}
			if _, ok := offered["2+2"]; !ok {
				t.Error("2+2 never offered")
			}
		}},
		{"k7 2+2 from the start without k3", 3, []string{"unit_1", "k7"}, "2", func(t *testing.T, g *Game, _ seen) {
			lts := g.Corp("LT&S")
			if len(g.minorTrains) != 1 || g.minorTrains[0].Name != "2+2" {
				if len(lts.Trains) == 0 || lts.Trains[0].Name != "2+2" {
					t.Errorf("LT&S's 2+2 neither set aside nor owned")
				}
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var g *Game
			var offered seen
			for seed := uint64(1); seed <= 6; seed++ {
				g = newKitGame(t, tc.players, tc.rules...)
				offered = seen{}
				reached := func(g *Game) bool {
					for _, e := range g.Acting() {
						for _, ch := range g.Legal(e) {
							if ch.Action.Type == "buy_train" && ch.MaxPrice == 0 {
								name, _, _ := strings.Cut(ch.Action.Train, "-")
								if _, ok := offered[name]; !ok {
									offered[name] = g.Phase().Name
								}
							}
						}
					}
					return g.Phase().Name == tc.until || g.IsFinished()
				}
				if drive(t, g, newBuilder(seed), reached) && !g.IsFinished() {
					break
				}
			}
			if g.Phase().Name != tc.until {
				t.Fatalf("phase %s not reached (game ended in %s)", tc.until, g.Phase().Name)
			}
			tc.check(t, g, offered)
		})
	}
}

// TestBankKitsInPlay plays to the broken bank: big_bank adds the units'
// banks, strict_bank leaves out the kits' and minors' additions, and the
// bank breaks exactly when the players hold more than it (rule 6.2).
func TestBankKitsInPlay(t *testing.T) {
	tests := []struct {
		players int
		rules   []string
		bank    int
	}{
		{4, []string{"unit_12", "big_bank"}, 10000},
		{4, []string{"unit_123", "big_bank", "k3"}, 14000 + 2000},
		{4, []string{"unit_1", "r1", "strict_bank"}, 5000},
		{4, []string{"unit_1", "r1"}, 5000 + 2000},
		{3, []string{"unit_2", "k5", "k3", "k2", "strict_bank"}, 5000},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.rules, "+"), func(t *testing.T) {
			g := newKitGame(t, tc.players, tc.rules...)
			if got := BankSize(g.Opts); got != tc.bank {
				t.Fatalf("bank %d, want %d", got, tc.bank)
			}
			broke := false
			drive(t, g, newBuilder(2), func(g *Game) bool {
				cash := 0
				for _, p := range g.Players {
					cash += p.Cash
				}
				if !broke && cash > tc.bank {
					broke = true
				}
				// the bank is found broken at the next dividend or sale
				// (18xx.games check_bank_broken!), never before
				if g.BankBroken && !broke {
					t.Fatalf("bank broken with players holding %d of %d", cash, tc.bank)
				}
				return g.IsFinished()
			})
			if !broke || g.EndReason != "bank" {
				t.Errorf("game ended by %s, want bank", g.EndReason)
			}
		})
	}
}

// TestDB2InPlay: with DB2 the SECR pars at £67 and keeps others off W21.
func TestDB2InPlay(t *testing.T) {
	g := newKitGame(t, 3, "unit_1", "db2")
	if b := g.blocks["SECR"]; !slices.Contains(b, "W21") || len(g.blocks["LBSC"]) != 0 {
		t.Fatalf("blocks: SECR %v LBSC %v", b, g.blocks["LBSC"])
	}
	g = reachPlay(t, 3, []string{"unit_1", "db2"}, []string{"SECR"}, func(g *Game) bool { return g.Corp("SECR").Par != nil })
	if p := g.Corp("SECR").Par.Price; p != 67 {
		t.Errorf("SECR par %d, want 67", p)
	}
}
