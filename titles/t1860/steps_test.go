package t1860_test

import (
	"strconv"
	"strings"
	"testing"

	"tresham/engine"
	"tresham/titles/t1860"
)

// offers reports whether Legal offers entity an action of type typ.
func offers(g *t1860.Game, entity, typ string) bool {
	for _, ch := range g.Legal(entity) {
		if ch.Action.Type == typ {
			return true
		}
	}
	return false
}

// TestOperatingStepsInOrder: rules 7 - a company's turn is track, token,
// routes, dividend, trains, in that order; a step with something to do ends
// by doing it or passing, so a later step's action is refused until then.
// In OR 1 of the two-player opening (no map) C&N has £1000 and no train:
// its track and token steps are open, its route and dividend steps empty.
func TestOperatingStepsInOrder(t *testing.T) {
	buy := engine.Action{Type: "buy_train", Entity: "C&N", Train: "2+1-0", Price: 250}
	pass := engine.Action{Type: "pass", Entity: "C&N"}
	tests := []struct {
		name   string
		before []engine.Action // accepted first
		try    engine.Action
		want   string // refusal, "" when accepted
	}{
		{"no train bought in the track step", nil, buy, "must first finish its track step"},
		{"no train bought in the token step", []engine.Action{pass}, buy, "must first finish its token step"},
		{"a train after passing track and token", []engine.Action{pass, pass}, buy, ""},
		{"no track after the token step began", []engine.Action{pass, pass}, engine.Action{Type: "lay_tile", Entity: "C&N", Hex: "F2", Tile: "7-0"}, "too late"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := openingTwoPlayers(t)
			for _, a := range tc.before {
				s.do(a)
			}
			// Legal offers exactly what Apply accepts
			if got := offers(s.g, "C&N", tc.try.Type); got != (tc.want == "") {
				t.Errorf("Legal offers %s: %v", tc.try.Type, got)
			}
			err := s.try(tc.try)
			if (err != nil) != (tc.want != "") || err != nil && !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("%s: err %v, want %q", tc.try.Type, err, tc.want)
			}
		})
	}
}

// TestMustBuyTrain: rules 7.8, Insolvency - "If a company doesn't have any
// trains at the end of its turn, then it MUST buy one ... if it can afford
// one": a trainless company that can pay for the bank's cheapest train may
// not pass its train step; with a train, or without the money, it may.
func TestMustBuyTrain(t *testing.T) {
	tests := []struct {
		name     string
		buys     []string // bought first from the bank (at £250)
		passable bool
	}{
		{"no train, £1000: must buy", nil, false},
		{"one train: may stop buying", []string{"2+1-0"}, true},
		{"four trains bought, none left to buy", []string{"2+1-0", "2+1-1", "2+1-2", "2+1-3"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := openingTwoPlayers(t)
			s.passUntil("C&N", "buy_train")
			for _, id := range tc.buys {
				s.do(engine.Action{Type: "buy_train", Entity: "C&N", Train: id, Price: 250})
			}
			if s.active() != "C&N" {
				// the train limit closed the step and ended the turn
				if !tc.passable {
					t.Fatalf("C&N's turn ended")
				}
				return
			}
			if got := offers(s.g, "C&N", "pass"); got != tc.passable {
				t.Errorf("Legal offers pass: %v, want %v", got, tc.passable)
			}
			err := s.try(engine.Action{Type: "pass", Entity: "C&N"})
			if (err == nil) != tc.passable || err != nil && !strings.Contains(err.Error(), "can afford one") {
				t.Fatalf("pass: err %v, passable %v", err, tc.passable)
			}
		})
	}
}

// TestHomeTrackMustBeLaid: rules 6.4 - a company whose start hex has no
// track "places an appropriate track tile on the start hex" when it floats;
// the director may not pass while a tile fits.
func TestHomeTrackMustBeLaid(t *testing.T) {
	tests := []struct {
		name string
		try  func(g *t1860.Game) engine.Action
		want string
	}{
		{"pass refused", func(*t1860.Game) engine.Action { return engine.Action{Type: "pass", Entity: "C&N"} }, "must lay its home tile"},
		{"a listed home tile", func(g *t1860.Game) engine.Action { return g.Legal("C&N")[0].Action }, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &script{t: t}
			g, err := t1860.New([]int{1, 2}, []string{"Player 1", "Player 2"}, nil, t1860.NewBoard)
			if err != nil {
				t.Fatal(err)
			}
			s.g = g
			s.auction("C&N@100", "IOW@100", "BHC", "YHC", "CMH", "RPSC")
			for _, sh := range []string{"C&N_1", "IOW_1", "C&N_2", "IOW_2", "C&N_3"} {
				s.buy(sh)
			}
			if s.active() != "C&N" {
				t.Fatalf("%s to act after C&N floats, want C&N", s.active())
			}
			legal := g.Legal("C&N")
			for _, ch := range legal {
				if ch.Action.Type != "lay_tile" || ch.Action.Hex != "F2" {
					t.Fatalf("Legal offers %s on %s", ch.Action.Type, ch.Action.Hex)
				}
			}
			if len(legal) == 0 {
				t.Fatal("no home tile offered")
			}
			err = s.try(tc.try(g))
			if (err != nil) != (tc.want != "") || err != nil && !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
			if err == nil && !strings.HasPrefix(g.Board.Tiles()["F2"], strings.SplitN(legal[0].Action.Tile, "-", 2)[0]+"@"+strconv.Itoa(legal[0].Action.Rotation)) {
				t.Errorf("F2 has %q", g.Board.Tiles()["F2"])
			}
		})
	}
}
