package t1860_test

import (
	"testing"
	"time"

	"tresham/engine"
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
// created before 2021-03-16 it is not yet bankrupt and may still buy a
// train that turn (it goes bankrupt at the turn's end); from then to
// 2021-05-01 it buys none and goes bankrupt as its turn ends; since
// 2021-05-02 it goes bankrupt at the dividend itself.
func TestClosingZoneByDate(t *testing.T) {
	for _, tc := range []struct {
		day        string
		mayBuy     bool
		atDividend bool
	}{{"2021-03-15", true, false}, {"2021-03-16", false, false}, {"2021-05-01", false, false}, {"2021-05-02", false, true}} {
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
