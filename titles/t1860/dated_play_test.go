package t1860_test

import (
	"strings"
	"testing"
	"time"

	"tresham/engine"
	"tresham/titles/t1860"
	"tresham/titles/title"
)

// day is the rules of a day (midnight UTC).
func day(t *testing.T, d string) title.Rules {
	t.Helper()
	at, err := time.Parse(time.DateOnly, d)
	if err != nil {
		t.Fatal(err)
	}
	return title.RulesOf(at)
}

// TestFloatMarkerByDate: C&N and IOW are started at £100, C&N first; IOW
// floats first. In a game created before 2021-09-09 C&N operates first
// (its marker kept its place in the stack); since, IOW does (each
// marker went to the back of the stack when its company floated).
func TestFloatMarkerByDate(t *testing.T) {
	for _, tc := range []struct{ day, first string }{
		{"2021-09-08", "C&N"}, {"2021-09-09", "IOW"}, {"2026-01-01", "IOW"},
	} {
		s := newScriptOf(t, 3, day(t, tc.day))
		s.auction("C&N@100", "IOW@100", "BHC", "YHC", "CMH", "RPSC")
		for _, sh := range []string{"IOW_1", "IOW_2", "IOW_3", "C&N_1", "C&N_2", "C&N_3"} {
			s.buy(sh)
		}
		if !s.g.Corp("IOW").Floated || !s.g.Corp("C&N").Floated {
			t.Fatalf("%s: IOW floated %v, C&N %v", tc.day, s.g.Corp("IOW").Floated, s.g.Corp("C&N").Floated)
		}
		s.passRound()
		if got := s.active(); got != tc.first {
			t.Errorf("%s: %s operates first, want %s", tc.day, got, tc.first)
		}
	}
}

// closeEdge is the market cell from which one step left is the closing
// zone.
func closeEdge(t *testing.T, s *script) *engine.Cell {
	t.Helper()
	for _, c := range s.g.Market.Rows[0] {
		if c.Type != engine.CellClose && s.g.Market.Left(c).Type == engine.CellClose {
			return c
		}
	}
	t.Fatal("no cell beside the closing zone")
	return nil
}

// TestPriorityTiesByDate: C&N goes bankrupt on a sale in a stock round,
// leaving Player 1 (its director) and Player 3 without shares and Player 2
// with IOW's 20%. The priority deal goes to a player with the fewest
// shares; in a game created before 2021-09-09 the tie goes to the first
// counting from the priority deal's holder at that moment (the player
// after the last to deal, Player 3: Player 1), since to the first in
// player order (Player 3, who had the priority deal in this round).
func TestPriorityTiesByDate(t *testing.T) {
	for _, tc := range []struct{ day, want string }{{"2021-09-08", "Player 1"}, {"2021-09-09", "Player 3"}} {
		s := newScriptOf(t, 3, day(t, tc.day))
		s.auction("C&N@100", "IOW@100", "BHC", "YHC", "CMH", "RPSC")
		c := s.g.Corp("C&N")
		if c.President != 1 || s.g.Corp("IOW").President != 2 || s.active() != "3" {
			t.Fatalf("%s: C&N to %d, IOW to %d, %s to deal first", tc.day, c.President, s.g.Corp("IOW").President, s.active())
		}
		s.g.SetCell(c, closeEdge(t, s))
		s.buy("C&N_1") // Player 3
		s.buy("C&N_2") // Player 1
		s.do(engine.Action{Type: "pass", Entity: "2"})
		s.do(engine.Action{Type: "pass", Entity: "3"})
		s.buy("C&N_3") // Player 1
		s.do(engine.Action{Type: "pass", Entity: "2"})
		s.buy("C&N_4")    // Player 3 deals last before the sale
		c.Operated = true // a sale moves its price (two shares: the first is ignored at these prices)
		s.do(engine.Action{Type: "sell_shares", Entity: "1", Shares: []string{"C&N_2", "C&N_3"}, Percent: 20})
		if !c.Bankrupt {
			t.Fatalf("%s: C&N at %d not bankrupt after the sale", tc.day, c.Cell.Price)
		}
		if got := s.g.Player(s.g.PriorityDeal).Name; got != tc.want {
			t.Errorf("%s: priority deal to %s, want %s", tc.day, got, tc.want)
		}
	}
}

// TestClosingZoneByDate: C&N withholds into the closing zone. In a game
// created before 2021-02-25 it goes bankrupt at the dividend (and buys
// no train); from then to 2021-03-15 it is not yet bankrupt and may still
// buy a train that turn (it goes bankrupt at the turn's end); from
// 2021-03-16 to 2021-05-01 it buys none and goes bankrupt as its turn
// ends; since 2021-05-02 it goes bankrupt at the dividend again. Where it
// buys nothing, the turn ends with the dividend, so the two places of
// the bankruptcy differ only in whether the train step opens.
func TestClosingZoneByDate(t *testing.T) {
	for _, tc := range []struct {
		day        string
		mayBuy     bool
		atDividend bool
	}{{"2021-02-24", false, true}, {"2021-02-25", true, false}, {"2021-03-15", true, false}, {"2021-03-16", false, false}, {"2021-05-01", false, false}, {"2021-05-02", false, true}} {
		s := newScriptOf(t, 3, day(t, tc.day))
		s.auction("C&N@100", "IOW@100", "BHC", "YHC", "CMH", "RPSC")
		for _, sh := range []string{"C&N_1", "C&N_2", "C&N_3"} {
			s.buy(sh)
		}
		s.passRound()
		s.operate("C&N", 0, "2+1-0")
		for s.active() != "C&N" {
			s.passRound()
		}
		c := s.g.Corp("C&N")
		s.g.SetCell(c, closeEdge(t, s))
		s.passUntil("C&N", "run_routes")
		if len(c.Trains) == 0 {
			t.Fatalf("%s: C&N has no train; round %s, log %v", tc.day, s.g.RoundName(), s.g.LogLines()[len(s.g.LogLines())-10:])
		}
		rev := 10
		s.do(engine.Action{Type: "run_routes", Entity: "C&N", Routes: []engine.Route{{Train: c.Trains[0].ID, Revenue: &rev}}})
		s.do(engine.Action{Type: "dividend", Entity: "C&N", Kind: "withhold"})
		if !c.Bankrupt && c.Cell.Type != engine.CellClose {
			t.Fatalf("%s: C&N at %d after withholding, not in the closing zone", tc.day, c.Cell.Price)
		}
		buys := false
		if s.active() == "C&N" {
			for _, ch := range s.g.Legal("C&N") {
				buys = buys || ch.Action.Type == "buy_train"
			}
		}
		if buys != tc.mayBuy {
			t.Errorf("%s: offered a train in the closing zone: %v, want %v", tc.day, buys, tc.mayBuy)
		}
		if tc.mayBuy {
			if c.Bankrupt {
				t.Errorf("%s: bankrupt before its turn ends", tc.day)
			}
			s.do(engine.Action{Type: "buy_train", Entity: "C&N", Train: "2+1-1", Price: 250})
			s.do(engine.Action{Type: "pass", Entity: "C&N"})
		}
		if !c.Bankrupt {
			t.Errorf("%s: not bankrupt at the end of its turn", tc.day)
		}
	}
}

// TestProgramsOnRestartByDate: Player 2 programs an unconditional pass;
// C&N's bankruptcy on a sale then restarts the stock round. In a game
// created before 2021-04-29 the program stays set; since, it is cleared.
func TestProgramsOnRestartByDate(t *testing.T) {
	for _, tc := range []struct {
		day  string
		kept bool
	}{{"2021-04-28", true}, {"2021-04-29", false}} {
		s := newScriptOf(t, 3, day(t, tc.day))
		s.auction("C&N@100", "IOW@100", "BHC", "YHC", "CMH", "RPSC")
		c := s.g.Corp("C&N")
		s.g.SetCell(c, closeEdge(t, s))
		s.do(engine.Action{Type: engine.ProgramSharePass, Entity: "2", Program: &engine.ProgramSpec{Unconditional: true}})
		passed := func() { // Player 2's turn (its program's pass, made by hand here)
			t.Helper()
			s.do(engine.Action{Type: "pass", Entity: "2"})
		}
		s.buy("C&N_1") // Player 3
		s.buy("C&N_2") // Player 1
		passed()
		s.buy("C&N_3") // Player 3
		s.buy("C&N_4") // Player 1
		passed()
		c.Operated = true
		s.do(engine.Action{Type: "sell_shares", Entity: "3", Shares: []string{"C&N_1", "C&N_3"}, Percent: 20})
		if !c.Bankrupt {
			t.Fatalf("%s: C&N not bankrupt after the sale", tc.day)
		}
		if kept := len(s.g.Programs) == 1; kept != tc.kept {
			t.Errorf("%s: Player 2's program kept through the restart: %v, want %v", tc.day, kept, tc.kept)
		}
	}
}

// TestMustBuyByCash: a company without trains and with exactly the price
// of the cheapest train may pass its train step as on 18xx.games (its
// must_buy_train? asks for more cash than the price); under printed_rules
// it can afford the train and must buy it (rules 7.8).
func TestMustBuyByCash(t *testing.T) {
	for _, tc := range []struct {
		opts    []string
		mayPass bool
	}{{nil, true}, {[]string{"printed_rules"}, false}} {
		s := newScript(t, 3, tc.opts...)
		s.auction("C&N@100", "IOW@100", "BHC", "YHC", "CMH", "RPSC")
		for _, sh := range []string{"C&N_1", "C&N_2", "C&N_3"} {
			s.buy(sh)
		}
		s.passRound()
		c := s.g.Corp("C&N")
		s.passUntil("C&N", "buy_train")
		c.Cash = 250 // the 2+1's price
		passes := false
		for _, ch := range s.g.Legal("C&N") {
			passes = passes || ch.Action.Type == "pass"
		}
		err := s.try(engine.Action{Type: "pass", Entity: "C&N"})
		if passes != tc.mayPass || (err == nil) != tc.mayPass {
			t.Errorf("%v: pass listed %v, accepted %v (%v); want %v", tc.opts, passes, err == nil, err, tc.mayPass)
		}
	}
}

// TestMustBuyWithoutRouteByDate: on the map, each company in turn (all
// started at £100 by the auction's two winners, floated in the stock
// round) reaches its train step in the first operating round with no
// train and £1000. One with a route for a train must buy either way; one
// without may pass in a game created before 2021-06-30, and must buy
// since.
func TestMustBuyWithoutRouteByDate(t *testing.T) {
	found := map[bool]bool{}
	for _, tc := range []struct {
		day       string
		routeOnly bool
	}{{"2021-06-29", true}, {"2021-06-30", false}} {
		s := newScriptOn(t, 3, t1860.NewBoard, day(t, tc.day))
		s.auction("C&N@100", "IOW@100", "BHC", "YHC", "CMH", "RPSC")
		for _, sh := range []string{"C&N_1", "C&N_2", "C&N_3", "IOW_1", "IOW_2", "IOW_3"} {
			for s.g.Corp(s.active()) != nil { // a home track lay
				s.do(s.g.Legal(s.active())[0].Action)
			}
			s.buy(sh)
		}
		for s.g.RoundName() == "Stock" {
			act := s.active()
			if s.g.Corp(act) != nil { // a home track lay
				s.do(s.g.Legal(act)[0].Action)
				continue
			}
			s.do(engine.Action{Type: "pass", Entity: act})
		}
		for _, sym := range []string{s.active(), ""} {
			if sym == "" {
				sym = s.active()
			}
			s.passUntil(sym, "buy_train")
			route := s.g.HasRoute(s.g.Corp(sym))
			found[route] = true
			err := s.try(engine.Action{Type: "pass", Entity: sym})
			if want := tc.routeOnly && !route; (err == nil) != want {
				t.Errorf("%s: %s (route %v) passes its train step: %v, want accepted %v", tc.day, sym, route, err, want)
			}
			if err != nil {
				for _, ch := range s.g.Legal(sym) {
					if ch.Action.Type == "buy_train" {
						s.do(ch.Action)
						break
					}
				}
				for s.active() == sym {
					s.do(engine.Action{Type: "pass", Entity: sym})
				}
			}
		}
	}
	if !found[false] {
		t.Errorf("no company without a route: the position does not test the change (routes seen %v)", found)
	}
}

// TestDiscardByDate: C&N holds a 4+2, a 4+2 and a 5+3 in phase 5 (given
// it directly, the earlier trains sold off); IOW buys the first 6+3, and
// phase 6's limit of two leaves C&N a train over. In a game created
// before 2021-08-30 C&N discards at once, in IOW's turn, and IOW goes on
// after; since, IOW goes on and C&N discards when its next turn begins.
func TestDiscardByDate(t *testing.T) {
	for _, tc := range []struct {
		day    string
		atOnce bool
	}{{"2021-08-29", true}, {"2021-08-30", false}} {
		s := newScriptOf(t, 3, day(t, tc.day))
		s.auction("C&N@100", "IOW@100", "BHC", "YHC", "CMH", "RPSC")
		for _, sh := range []string{"C&N_1", "C&N_2", "C&N_3", "IOW_1", "IOW_2", "IOW_3"} {
			s.buy(sh)
		}
		s.passRound()
		cn := s.g.Corp("C&N")
		var keep []*engine.Train
		for _, tr := range s.g.Depot.Upcoming {
			switch tr.ID {
			case "4+2-0", "4+2-1", "5+3-0":
				tr.Owner = cn.Sym
				cn.Trains = append(cn.Trains, tr)
			case "2+1-0", "2+1-1", "2+1-2", "2+1-3", "2+1-4", "3+2-0", "3+2-1", "3+2-2", "3+2-3", "4+2-2", "5+3-1":
			default:
				keep = append(keep, tr)
			}
		}
		s.g.Depot.Upcoming = keep
		for i, ph := range s.g.Phases {
			if ph.Name == "5" {
				s.g.PhaseIdx = i
			}
		}
		s.operate("C&N", 10)
		s.passUntil("IOW", "buy_train")
		s.do(engine.Action{Type: "buy_train", Entity: "IOW", Train: "6+3-0", Price: 500})
		if tc.atOnce {
			if got := s.active(); got != "C&N" {
				t.Fatalf("%s: %s to act after the 6+3, want C&N to discard", tc.day, got)
			}
			if err := s.try(engine.Action{Type: "pass", Entity: "IOW"}); err == nil || !strings.Contains(err.Error(), "C&N must first discard") {
				t.Errorf("%s: IOW's pass before C&N discards: %v", tc.day, err)
			}
			listed := 0
			for _, ch := range s.g.Legal("C&N") {
				if ch.Action.Type == "discard_train" {
					listed++
				}
			}
			if listed != 3 {
				t.Errorf("%s: C&N offered %d trains to discard, want 3", tc.day, listed)
			}
			s.do(engine.Action{Type: "discard_train", Entity: "C&N", Train: "4+2-0"})
			if got := s.active(); got != "IOW" || len(cn.Trains) != 2 {
				t.Errorf("%s: after the discard %s acts and C&N has %d trains, want IOW and 2", tc.day, got, len(cn.Trains))
			}
			continue
		}
		if got := s.active(); got != "IOW" || len(cn.Trains) != 3 {
			t.Fatalf("%s: %s to act after the 6+3 and C&N has %d trains, want IOW and 3", tc.day, got, len(cn.Trains))
		}
		for s.active() == "IOW" {
			s.do(engine.Action{Type: "pass", Entity: "IOW"})
		}
		for s.active() != "C&N" {
			s.passRound()
		}
		discard := false
		for _, ch := range s.g.Legal("C&N") {
			discard = discard || ch.Action.Type == "discard_train"
		}
		if !discard {
			t.Errorf("%s: C&N does not discard at the start of its turn", tc.day)
		}
	}
}
