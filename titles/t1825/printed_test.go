package t1825

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"tresham/board"
	"tresham/engine"
)

// TestPrintedRulesTables checks the rulebook's TABLES 1-4 and the phases
// (4.7) under printed_rules against the 18xx.games figures without it.
func TestPrintedRulesTables(t *testing.T) {
	tests := []struct {
		unit    string
		players int
		printed bool
		cash    int
		limit   int
		trains  map[string]int
		phases  int
	}{
		{"unit_3", 2, false, 750, 17, map[string]int{"2": 5, "3": 3, "4": 1, "5": 3, "7": 2, "3T": 1, "U3": 1}, 3},
		{"unit_3", 2, true, 900, 13, map[string]int{"2": 5, "3": 3, "4": 1, "5": 3}, 3},
		{"unit_2", 3, false, 800, 16, map[string]int{"2": 5, "3": 3, "4": 2, "5": 3, "6": 2}, 4},
		{"unit_2", 3, true, 800, 16, map[string]int{"2": 5, "3": 4, "4": 3, "5": 4}, 3},
		{"unit_12", 5, true, 504, 19, map[string]int{"2": 7, "3": 5, "4": 4, "5": 5}, 3},
		{"unit_23", 4, false, 630, 23, map[string]int{"2": 5, "3": 5, "4": 4, "5": 6, "7": 2, "3T": 1, "U3": 1}, 4},
		{"unit_23", 4, true, 630, 19, map[string]int{"2": 5, "3": 5, "4": 4, "5": 5}, 3},
		{"unit_123", 6, true, 420, 20, map[string]int{"2": 7, "3": 6, "4": 5, "5": 5}, 3},
		{"unit_123", 9, true, 280, 14, map[string]int{"2": 7, "3": 6, "4": 5, "5": 5}, 3},
	}
	for _, tc := range tests {
		rules := []string{tc.unit}
		if tc.printed {
			rules = append(rules, "printed_rules")
		}
		t.Run(strings.Join(rules, "+"), func(t *testing.T) {
			o, err := ParseOptions(rules, tc.players)
			if err != nil {
				t.Fatal(err)
			}
			if c, _ := StartingCash(o, tc.players); c != tc.cash {
				t.Errorf("starting cash %d, want %d (TABLE 1)", c, tc.cash)
			}
			if l, _ := CertLimit(o, tc.players); l != tc.limit {
				t.Errorf("certificate limit %d, want %d (TABLE 3)", l, tc.limit)
			}
			got := map[string]int{}
			for _, tr := range Trains(o) {
				if tr.Count != 0 {
					got[tr.Name] = tr.Count
				}
			}
			if len(got) != len(tc.trains) {
				t.Errorf("trains %v, want %v (TABLE 4)", got, tc.trains)
			}
			for k, v := range tc.trains {
				if got[k] != v {
					t.Errorf("%s trains: %d, want %d (TABLE 4)", k, got[k], v)
				}
			}
			if n := len(Phases(o)); n != tc.phases {
				t.Errorf("%d phases, want %d (4.7)", n, tc.phases)
			}
			if got := o.Rules(); tc.printed != (got[len(got)-1] == "printed_rules") {
				t.Errorf("rules %v: printed_rules must be exported exactly when set", got)
			}
		})
	}
}

// TestPrintedRulesUnit3Companies checks TABLE 2 for Unit 3: the CR, the NBR
// starting in Edinburgh and the G&SW, no minors; and that a game sets up.
func TestPrintedRulesUnit3Companies(t *testing.T) {
	o, err := ParseOptions([]string{"unit_3", "printed_rules"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	var syms []string
	for _, c := range Corporations(o) {
		syms = append(syms, c.Sym)
		if c.Minor {
			t.Errorf("minor %s in a printed Unit 3 game", c.Sym)
		}
		if c.Sym == "NBR" && (len(c.Homes) != 1 || c.Homes[0] != "G9") {
			t.Errorf("NBR starts in %v, want Edinburgh (G9)", c.Homes)
		}
	}
	if strings.Join(syms, ",") != "CR,NBR,GSWR" {
		t.Errorf("companies %v, want CR, NBR, GSWR", syms)
	}
	g, err := New([]int{1, 2}, []string{"A", "B"}, []string{"unit_3", "printed_rules"})
	if err != nil {
		t.Fatal(err)
	}
	// each player has £900 less the privates dealt to them (section 3)
	total := 0
	for _, p := range g.Players {
		total += p.Cash
	}
	for _, co := range g.Companies {
		if co.Owner == "1" || co.Owner == "2" {
			total += co.Value
		}
	}
	if total != 2*900 || g.CertLimit != 13 {
		t.Errorf("players' cash and privates £%d, limit %d; want £1800 and 13", total, g.CertLimit)
	}
}

// TestPrintedRulesRefusesKits: kits and 18xx.games variants are not in the
// rulebook; the error names the option and printed_rules.
func TestPrintedRulesRefusesKits(t *testing.T) {
	for _, opt := range []string{"k3", "r1", "d1", "u3p", "big_bank", "db1", "unit_4"} {
		_, err := ParseOptions([]string{"unit_123", opt, "printed_rules"}, 5)
		if err == nil || !strings.Contains(err.Error(), opt) || !strings.Contains(err.Error(), "printed_rules") {
			t.Errorf("%s with printed_rules: err = %v, want a refusal naming both", opt, err)
		}
	}
	if _, err := ParseOptions([]string{"unit_1", "surveyors", "printed_rules"}, 4); err != nil {
		t.Errorf("Surveyors (rule 6.6) with printed_rules refused: %v", err)
	}
}

// sameTurnPosition is a share dealing turn (after the first round) in
// which the active player may buy a share of company a from the pool and
// holds an ordinary share of company b, with money to spare and nothing
// sold yet this round. The shares are moved there from other players.
func sameTurnPosition(t *testing.T, rules ...string) (g *Game, p *engine.Player, a, b *engine.Corporation) {
	t.Helper()
	g = stockPosition(t, rules...)
	p = g.Player(g.stock.Active())
	ordinary := func(c *engine.Corporation, not engine.Holder) *engine.Share {
		for _, s := range c.Shares {
			if !s.President && s.Holder != not && s.Holder != engine.NoHolder {
				return s
			}
		}
		return nil
	}
	var started []*engine.Corporation
	for _, c := range g.Corps {
		if c.IPOed && !c.Closed {
			started = append(started, c)
		}
	}
	if len(started) < 2 {
		t.Fatalf("fewer than two started companies: %d", len(started))
	}
	a, b = started[0], started[1]
	if ordinary(a, engine.HolderMarket).Holder != engine.HolderMarket {
		s := ordinary(a, engine.Holder(p.ID))
		s.Holder = engine.HolderMarket
	}
	if len(b.SharesOf(engine.Holder(p.ID))) == 0 || b.SharesOf(engine.Holder(p.ID))[0].President {
		ordinary(b, engine.Holder(p.ID)).Holder = engine.Holder(p.ID)
	}
	for _, c := range []*engine.Corporation{a, b} {
		g.ResetIPOOrder(c)
	}
	p.Cash += 1000
	delete(g.stock.Sold, p.ID)
	g.stock.BeginTurn()
	return g, p, a, b
}

// listedSale reports whether Legal lists a sale of c by p.
func listedSale(g *Game, p *engine.Player, c *engine.Corporation) bool {
	for _, ch := range g.Legal(itoa(p.ID)) {
		if ch.Action.Type == "sell_shares" && strings.HasPrefix(ch.Action.Shares[0], c.Sym+"_") {
			return true
		}
	}
	return false
}

// TestPrintedRulesBuyThenSell: rule 5.2.7 forbids buying and selling
// shares of one company in one turn. 18xx.games checks only the move just
// made: buy A, sell B, sell A is accepted there; printed_rules refuses the
// last sale (listed and applied alike).
func TestPrintedRulesBuyThenSell(t *testing.T) {
	for _, printed := range []bool{false, true} {
		rules := []string{"unit_1"}
		if printed {
			rules = append(rules, "printed_rules")
		}
		t.Run(strings.Join(rules, "+"), func(t *testing.T) {
			g, p, a, b := sameTurnPosition(t, rules...)
			buy := engine.PlayerAction(p, "buy_shares")
			var s *engine.Share
			for _, h := range []engine.Holder{engine.HolderMarket, engine.HolderIPO} {
				for _, x := range a.SharesOf(h) {
					if !x.President {
						s = x
					}
				}
			}
			buy.Shares, buy.Percent = []string{a.ShareID(s.Index)}, s.Percent
			if err := g.Apply(&buy); err != nil {
				t.Fatalf("buy %s: %v", a.Sym, err)
			}
			if listedSale(g, p, a) {
				t.Errorf("a sale of %s is listed just after buying it", a.Sym)
			}
			sell := func(c *engine.Corporation) error {
				h := c.SharesOf(engine.Holder(p.ID))
				x := engine.PlayerAction(p, "sell_shares")
				x.Shares, x.Percent = []string{c.ShareID(h[len(h)-1].Index)}, 10
				return g.Apply(&x)
			}
			if err := sell(b); err != nil {
				t.Fatalf("sell %s: %v", b.Sym, err)
			}
			if listed := listedSale(g, p, a); listed == printed {
				t.Errorf("after buy %s, sell %s: a sale of %s listed %v", a.Sym, b.Sym, a.Sym, listed)
			}
			err := sell(a)
			if printed && (err == nil || !strings.Contains(err.Error(), "5.2.7")) {
				t.Errorf("sell %s after buying it this turn: err %v, want a refusal citing rule 5.2.7", a.Sym, err)
			}
			if !printed && err != nil {
				t.Errorf("sell %s (18xx.games checks only the last move): %v", a.Sym, err)
			}
		})
	}
}

// reservedLay finds, in g's operating round, a listed lay of the
// operating company on a hex named for another company (rule 4.2.8).
func reservedLay(g *Game) (engine.Action, string, bool) {
	if g.op == nil || g.IsFinished() {
		return engine.Action{}, "", false
	}
	c := g.op.Current()
	if c == nil {
		return engine.Action{}, "", false
	}
	for _, ch := range g.Legal(c.Sym) {
		if ch.Action.Type != "lay_tile" {
			continue
		}
		for sym, hexes := range g.blocks {
			if sym != c.Sym && slices.Contains(hexes, ch.Action.Hex) {
				return ch.Action, sym, true
			}
		}
	}
	return engine.Action{}, "", false
}

// TestPrintedRulesReservedHexes: rule 4.2.8 reserves new tiles on the
// hexes named on the board for that company. 18xx.games does not enforce
// it; printed_rules neither lists nor accepts such a lay, and changes
// nothing when refusing it. The position (a lay listed on another
// company's hex) is reached by play, then judged in each mode.
func TestPrintedRulesReservedHexes(t *testing.T) {
	g := reachPlay(t, 3, []string{"unit_1"}, nil, func(g *Game) bool {
		_, _, ok := reservedLay(g)
		return ok
	})
	a, owner, _ := reservedLay(g)
	t.Logf("%s may lay %s on %s, named for the %s", a.Entity, a.Tile, a.Hex, owner)
	g.Opts.PrintedRules = true
	for _, ch := range g.Legal(a.Entity) {
		if ch.Action.Type == "lay_tile" && ch.Action.Hex == a.Hex {
			t.Fatalf("printed_rules lists %s laying on %s, reserved for the %s", a.Entity, a.Hex, owner)
		}
	}
	before := stateJSON(t, g)
	x := a
	err := g.Apply(&x)
	if err == nil || !strings.Contains(err.Error(), "4.2.8") || !strings.Contains(err.Error(), owner) {
		t.Fatalf("printed_rules: lay on %s by %s: err %v, want a refusal naming the %s and rule 4.2.8", a.Hex, a.Entity, err, owner)
	}
	if stateJSON(t, g) != before {
		t.Fatal("the refusal changed the game")
	}
	g.Opts.PrintedRules = false
	if err := g.Apply(&a); err != nil {
		t.Fatalf("18xx.games mode: lay on %s by %s refused: %v", a.Hex, a.Entity, err)
	}
}

// TestPrintedRulesBankruptTrains: rule 6.3.4 returns a bankrupt company's
// trains to the bank, for sale at full price without payment to anyone;
// 18xx.games removes them from the game. The same position (a company
// buying trains while another owns some) is reached in two games, the
// other company goes bankrupt, and the buyer's listed trains are checked.
func TestPrintedRulesBankruptTrains(t *testing.T) {
	at := func(g *Game) bool {
		if g.op == nil || g.IsFinished() || g.op.step != stBuy || len(g.op.discard) > 0 {
			return false
		}
		c := g.op.Current()
		if c == nil || !g.room(c) {
			return false
		}
		for _, o := range g.Corps {
			if o != c && len(o.Trains) > 0 {
				return true
			}
		}
		return false
	}
	for _, printed := range []bool{false, true} {
		t.Run(map[bool]string{false: "18xx.games", true: "printed_rules"}[printed], func(t *testing.T) {
			g := reachPlay(t, 3, []string{"unit_2"}, nil, at)
			closeCell := g.Market.CellsOfType(engine.CellClose)[0]
			g.Opts.PrintedRules = printed
			c := g.op.Current()
			var y *engine.Corporation
			for _, o := range g.Corps {
				if o != c && len(o.Trains) > 0 {
					y = o
					break
				}
			}
			returned := slices.Clone(y.Trains)
			pool, cash := len(g.Depot.Pool), g.TotalCash()
			g.SetCell(y, closeCell)
			g.checkBankrupt(y)
			if !y.Closed {
				t.Fatalf("%s not bankrupt at the close cell", y.Sym)
			}
			if g.TotalCash() != cash {
				t.Errorf("money changed: nothing is paid for returned trains")
			}
			wantPool := pool
			if printed {
				wantPool += len(returned)
			}
			if len(g.Depot.Pool) != wantPool {
				t.Errorf("bank pool holds %d trains, want %d", len(g.Depot.Pool), wantPool)
			}
			g.PayCorp(c, 2000) // money enough for any train
			var buy *engine.Action
			for _, ch := range g.Legal(c.Sym) {
				for _, tr := range returned {
					if ch.Action.Type == "buy_train" && ch.Action.Train == tr.ID {
						buy = &ch.Action
					}
				}
			}
			if (buy != nil) != printed {
				t.Fatalf("%s's returned trains listed for sale to %s: %v, want %v", y.Sym, c.Sym, buy != nil, printed)
			}
			if !printed {
				return
			}
			i := slices.IndexFunc(returned, func(tr *engine.Train) bool { return tr.ID == buy.Train })
			tr := returned[i]
			if buy.Price != tr.Price {
				t.Errorf("returned %s train sold for £%d, want its full price £%d", tr.Name, buy.Price, tr.Price)
			}
			if err := g.Apply(buy); err != nil {
				t.Fatalf("buying a returned train: %v", err)
			}
		})
	}
}

// TestPrintedRulesReceiverRunsMaximum: rule 6.4.1, a company in
// receivership must earn the maximum possible. The position: a company
// about to run with a positive best run, put in receivership. Under
// printed_rules a run below the solver's optimum (no run; the best run
// less a route) is refused naming the rule and changes nothing, and the
// best run is accepted; 18xx.games accepts any legal run.
func TestPrintedRulesReceiverRunsMaximum(t *testing.T) {
	at := func(routes int) func(g *Game) bool {
		return func(g *Game) bool {
			if g.op == nil || g.IsFinished() || g.op.step != stRoute {
				return false
			}
			best, err := g.BestRoutes(g.op.Current().Sym)
			return err == nil && len(best) >= routes
		}
	}
	for _, printed := range []bool{false, true} {
		for _, short := range []string{"no run", "a route fewer"} {
			t.Run(fmt.Sprintf("printed=%v/%s", printed, short), func(t *testing.T) {
				routes := 1
				if short == "a route fewer" {
					routes = 2
				}
				g := reachPlay(t, 3, []string{"unit_1"}, nil, at(routes))
				g.Opts.PrintedRules = printed
				c := g.op.Current()
				c.Receivership = true
				best, err := g.BestRoutes(c.Sym)
				if err != nil {
					t.Fatal(err)
				}
				a := engine.CorpAction(c, "run_routes")
				a.Routes = slices.Clone(best[:routes-1])
				before := stateJSON(t, g)
				x := a
				err = g.Apply(&x)
				if !printed {
					if err != nil {
						t.Fatalf("%s by %s in receivership refused: %v", short, c.Sym, err)
					}
					return
				}
				if err == nil || !strings.Contains(err.Error(), "6.4.1") {
					t.Fatalf("%s by %s in receivership: err %v, want a refusal citing rule 6.4.1", short, c.Sym, err)
				}
				if stateJSON(t, g) != before {
					t.Fatal("the refusal changed the game")
				}
				a.Routes = best
				if err := g.Apply(&a); err != nil {
					t.Fatalf("the best run refused: %v", err)
				}
			})
		}
	}
}

// bestWith is c's best revenue with the move after made on a copy of
// the board.
func bestWith(t testing.TB, g *Game, c *engine.Corporation, after func(*board.Board) error) int {
	t.Helper()
	b := g.Board.Clone()
	if err := after(b); err != nil {
		t.Fatal(err)
	}
	saved := g.Board
	g.Board = b
	defer func() { g.Board = saved }()
	rev, err := g.BestRevenue(c.Sym)
	if err != nil {
		t.Fatal(err)
	}
	return rev
}

// creditLay finds a costly lay (terrain) of the operating company that
// raises its best revenue, at a cost no more than that revenue: the
// position of a receiver laying on credit that only the lay's own
// earnings repay.
func creditLay(t testing.TB, g *Game) (engine.Action, int, bool) {
	if g.op == nil || g.IsFinished() || g.op.step != stTrack || len(g.op.laid) > 0 {
		return engine.Action{}, 0, false
	}
	c := g.op.Current()
	if c == nil || c.Receivership || len(c.Trains) == 0 {
		return engine.Action{}, 0, false
	}
	rev, err := g.BestRevenue(c.Sym)
	if err != nil || rev == 0 {
		return engine.Action{}, 0, false
	}
	opt := board.LayOptions{Corp: c.Sym, Rules: g.layRules(c)}
	for _, ch := range g.Legal(c.Sym) {
		a := ch.Action
		v, ok := g.Board.Hex(a.Hex)
		if a.Type != "lay_tile" || !ok || v.Tile.Cost() == 0 || v.Tile.Cost() > rev+1 {
			continue
		}
		if bestWith(t, g, c, layOn(a, opt)) > rev {
			return a, v.Tile.Cost(), true
		}
	}
	return engine.Action{}, 0, false
}

// TestPrintedRulesReceiverCredit: rule 6.4.6 defers a receiver's payments
// to the end of the turn. The position: a company about to lay a tile
// whose terrain cost it cannot pay now, put in receivership with no cash
// and a debt. When only the earnings the lay itself adds repay the debt
// by the end of the turn, 18xx.games (£200 of credit, listed only while
// the run it can already make repays it) does not list the lay but
// accepts it; printed_rules lists and accepts it. When even the run with
// the lay cannot repay it, 18xx.games still accepts it (its run is then
// refused: players undo), and printed_rules refuses it at once, changing
// nothing.
func TestPrintedRulesReceiverCredit(t *testing.T) {
	for _, printed := range []bool{false, true} {
		for _, repaid := range []bool{true, false} {
			t.Run(fmt.Sprintf("printed=%v/repaid=%v", printed, repaid), func(t *testing.T) {
				g := reachPlay(t, 3, []string{"unit_1"}, nil, func(g *Game) bool {
					_, _, ok := creditLay(t, g)
					return ok
				})
				a, cost, _ := creditLay(t, g)
				c := g.op.Current()
				rev, _ := g.BestRevenue(c.Sym)
				after := bestWith(t, g, c, layOn(a, board.LayOptions{Corp: c.Sym, Rules: g.layRules(c)}))
				g.Opts.PrintedRules = printed
				c.Receivership = true
				g.PayCorp(c, -c.Cash)
				// the debt after the lay: one more than the run earns now,
				// or than the run with the lay earns
				g.op.loan = rev + 1 - cost
				if !repaid {
					g.op.loan = after + 1 - cost
				}
				listed := false
				for _, ch := range g.Legal(c.Sym) {
					x := ch.Action
					listed = listed || x.Type == "lay_tile" && x.Hex == a.Hex && x.Tile == a.Tile && x.Rotation == a.Rotation
				}
				if want := printed && repaid; listed != want {
					t.Fatalf("the lay on %s (£%d; run now £%d, with it £%d; owing £%d) listed %v, want %v", a.Hex, cost, rev, after, g.op.loan+cost, listed, want)
				}
				before := stateJSON(t, g)
				err := g.Apply(&a)
				if printed && !repaid {
					if err == nil || !strings.Contains(err.Error(), "6.4.6") {
						t.Fatalf("a lay on credit no run repays: err %v, want a refusal citing rule 6.4.6", err)
					}
					if stateJSON(t, g) != before {
						t.Fatal("the refusal changed the game")
					}
					return
				}
				if err != nil {
					t.Fatalf("the lay on %s refused: %v", a.Hex, err)
				}
				if !printed {
					return
				}
				// the turn ends paying what it owes from the best run
				if g.op.step == stTrack {
					pass := engine.CorpAction(c, "pass")
					if err := g.Apply(&pass); err != nil {
						t.Fatal(err)
					}
				}
				run := engine.CorpAction(c, "run_routes")
				if run.Routes, err = g.BestRoutes(c.Sym); err != nil {
					t.Fatal(err)
				}
				if err := g.Apply(&run); err != nil {
					t.Fatalf("the best run after the lay on credit refused: %v", err)
				}
				if g.op.loan != 0 || c.Cash != after-(rev+1) {
					t.Errorf("after the run: owing £%d and holding £%d, want nothing owed and £%d", g.op.loan, c.Cash, after-(rev+1))
				}
			})
		}
	}
}

// BenchmarkReceiverCreditLegal times the listing of a company in
// receivership laying on credit (the position of
// TestPrintedRulesReceiverCredit, its debt repaid only by the lay's own
// earnings): under printed_rules each lay on credit is solved with the lay
// made; 18xx.games' rule solves the run as it is once per hex.
func BenchmarkReceiverCreditLegal(b *testing.B) {
	for _, printed := range []bool{false, true} {
		b.Run(fmt.Sprintf("printed=%v", printed), func(b *testing.B) {
			var g *Game
			for seed := uint64(1); g == nil && seed <= 8; seed++ {
				g = newKitGame(b, 3, "unit_1")
				if !drive(b, g, newBuilder(seed), func(g *Game) bool { _, _, ok := creditLay(b, g); return ok }) {
					g = nil
				}
			}
			if g == nil {
				b.Fatal("position not reached")
			}
			_, cost, _ := creditLay(b, g)
			c := g.op.Current()
			rev, _ := g.BestRevenue(c.Sym)
			g.Opts.PrintedRules = printed
			c.Receivership = true
			g.PayCorp(c, -c.Cash)
			g.op.loan = rev + 1 - cost
			b.ResetTimer()
			for range b.N {
				g.Legal(c.Sym)
			}
		})
	}
}

// TestPrintedRulesReceiverTokenStepSkips: under printed_rules a company in
// receivership places a base on credit only where the best run with it
// repays what it would owe (rule 6.4.6 with 6.5.2). Where no base may be
// placed so, the token step has nothing to offer and skips itself instead
// of offering only a pass; paid in cash, the base is offered.
func TestPrintedRulesReceiverTokenStepSkips(t *testing.T) {
	g := reachPlay(t, 3, []string{"unit_1"}, nil, func(g *Game) bool {
		if g.op == nil || g.IsFinished() || g.op.step != stTrack {
			return false
		}
		c := g.op.Current()
		return c != nil && !c.Receivership && len(c.Trains) > 0 && g.canPlaceToken(c)
	})
	c := g.op.Current()
	g.Opts.PrintedRules = true
	c.Receivership = true
	price := c.Tokens[c.NextToken()].Price
	g.PayCorp(c, price-c.Cash) // the base paid in cash: offered
	if !g.canPlaceToken(c) || !listsBase(g, c) {
		t.Fatalf("%s with £%d: a base for £%d not offered", c.Sym, c.Cash, price)
	}
	g.PayCorp(c, -c.Cash)
	g.op.loan = 1 << 20 // no run repays it
	if g.canPlaceToken(c) || listsBase(g, c) {
		t.Fatalf("%s owing £%d: a base on credit offered", c.Sym, g.op.loan)
	}
	if !g.canLayTile(c) && !g.canMoveSurveyor(c) {
		g.op.advance(g)
		if g.op.Current() == c && g.op.step == stTrack {
			t.Errorf("the track and token step stays open with nothing to offer")
		}
	}
}

// listsBase reports whether Legal offers c a base.
func listsBase(g *Game, c *engine.Corporation) bool {
	for _, ch := range g.Legal(c.Sym) {
		if ch.Action.Type == "place_token" {
			return true
		}
	}
	return false
}
