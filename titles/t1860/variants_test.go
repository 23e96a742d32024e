package t1860_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"tresham/engine"
	"tresham/titles/t1860"
)

// openingTwoPlayers plays the auction and first stock round of a two-player
// game: C&N and IOW parred at 100 and floated, the four ferries sold.
func openingTwoPlayers(t *testing.T, opts ...string) *script {
	s := newScript(t, 2, opts...)
	s.auction("C&N@100", "IOW@100", "BHC", "YHC", "CMH", "RPSC")
	for _, sh := range []string{"C&N_1", "IOW_1", "C&N_2", "IOW_2", "C&N_3", "IOW_3"} {
		s.buy(sh)
	}
	s.passRound()
	return s
}

func trainNames(c *engine.Corporation) []string {
	var out []string
	for _, t := range c.Trains {
		out = append(out, t.ID)
	}
	return out
}

// TestNoTrainLimit: train table note * ("it is possible to play the game with
// no limit on the number of trains per company").
func TestNoTrainLimit(t *testing.T) {
	tests := []struct {
		name string
		opts []string
		// want is the refusal of C&N's fifth train in phase 2 ("" = bought)
		want string
	}{
		{"standard: four trains in phase 2", nil, "IOW's turn"},
		{"no_train_limit: a fifth train", []string{"no_train_limit"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := openingTwoPlayers(t, tc.opts...)
			// OR 1: C&N fills the phase 2 limit of 4 and is left with £0.
			s.operate("C&N", 0, "2+1-0", "2+1-1", "2+1-2", "2+1-3")
			s.operate("IOW", 0, "2+1-4")
			s.passRound()
			// OR 2: C&N withholds £2000 and is still at four trains.
			s.passUntil("C&N", "run_routes")
			s.do(engine.Action{Type: "run_routes", Entity: "C&N", Routes: []engine.Route{
				{Train: "2+1-0", Revenue: ptr(500)}, {Train: "2+1-1", Revenue: ptr(500)},
				{Train: "2+1-2", Revenue: ptr(500)}, {Train: "2+1-3", Revenue: ptr(500)}}})
			s.do(engine.Action{Type: "dividend", Entity: "C&N", Kind: "withhold"})
			err := s.try(engine.Action{Type: "buy_train", Entity: "C&N", Train: "3+2-0", Price: 300})
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("fifth train: err %v, want %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			// three more 3+2 and the first 4+2: phase 4 (printed limit 3)
			// rusts the 2+1s and leaves C&N with five trains.
			for _, id := range []string{"3+2-1", "3+2-2", "3+2-3"} {
				s.do(engine.Action{Type: "buy_train", Entity: "C&N", Train: id, Price: 300})
			}
			s.do(engine.Action{Type: "buy_train", Entity: "C&N", Train: "4+2-0", Price: 350})
			c := s.g.Corp("C&N")
			if s.g.Phase().Name != "4" || len(c.Trains) != 5 {
				t.Fatalf("phase %s, C&N trains %v", s.g.Phase().Name, trainNames(c))
			}
			// the phase line, then the rust line
			if l := s.g.Log[len(s.g.Log)-2]; !strings.Contains(l, "Train Limit: none") {
				t.Errorf("phase log %q", l)
			}
			s.do(engine.Action{Type: "pass", Entity: "C&N"})
			s.operate("IOW", 0, "4+2-1")
			s.passRound()
			for s.active() != "C&N" {
				s.operate(s.active(), 0)
			}
			// no discard is due: the train step is never offered, and C&N
			// runs all five trains.
			if err := s.try(engine.Action{Type: "discard_train", Entity: "C&N", Train: "3+2-0"}); err == nil {
				t.Fatal("C&N discarded a train with no train limit")
			}
			s.operate("C&N", 100)
			c = s.g.Corp("C&N") // a refused action rebuilds the game
			if len(c.Trains) != 5 || c.Cash != 450+500 {
				t.Errorf("after running: trains %v cash %d", trainNames(c), c.Cash)
			}
		})
	}
}

func ptr(i int) *int { return &i }

// TestBeginnerTrains: train table note ** ("players new to the game may choose
// to play with two '7+4' trains instead of one").
func TestBeginnerTrains(t *testing.T) {
	upcoming := func(g *t1860.Game, name string) int {
		for _, u := range g.State()["depot"].(map[string]any)["upcoming"].([][]any) {
			if u[0] == name {
				return u[1].(int)
			}
		}
		return 0
	}
	for _, tc := range []struct {
		opts []string
		want int
	}{{nil, 1}, {[]string{"beginner_7_4_trains"}, 2}, {[]string{"beginner_7_4_trains", "original_game"}, 2}} {
		s := newScript(t, 3, tc.opts...)
		if got := upcoming(s.g, "7+4"); got != tc.want {
			t.Errorf("%v: %d 7+4 trains, want %d", tc.opts, got, tc.want)
		}
	}

	// Where C&N bought the 8+4 (the 7+4 being gone), the second 7+4 is
	// for sale instead; it does not start a new phase.
	fx := loadFixture(t, "1860/1860_game_end_bank.json")
	i := fx.index(0, func(a engine.Action) bool { return a.Type == "buy_train" && a.Train == "8+4-0" })
	buy8 := fx.actions[i]
	buy7 := buy8
	buy7.Train, buy7.Price = "7+4-1", 600
	tests := []struct {
		name      string
		opts      []string
		buys      []engine.Action
		want      string // refusal of the last buy
		phase     string
		nextTrain string
	}{
		{"standard: the 8+4", nil, []engine.Action{buy8}, "", "8", "9+5-0"},
		{"beginner: not the 8+4 yet", []string{"beginner_7_4_trains"}, []engine.Action{buy8}, "not yet for sale", "7", "7+4-1"},
		{"beginner: the second 7+4", []string{"beginner_7_4_trains"}, []engine.Action{buy7}, "", "7", "8+4-0"},
		{"standard: no second 7+4", nil, []engine.Action{buy7}, "no train", "7", "8+4-0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := fx.at(t, i, tc.opts...)
			var err error
			for _, b := range tc.buys {
				err = g.Apply(&b)
			}
			if (err != nil) != (tc.want != "") || err != nil && !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
			if g.Phase().Name != tc.phase || g.Depot.MinUpcoming().ID != tc.nextTrain {
				t.Errorf("phase %s next train %s, want %s %s", g.Phase().Name, g.Depot.MinUpcoming().ID, tc.phase, tc.nextTrain)
			}
		})
	}

	// An insolvent company leases the smallest train for sale (rules,
	// Insolvency): with a second 7+4 left that is a 7+4 (7+4-1), so the
	// stored run of the leased 8+4 names a train it cannot run.
	fx = loadFixture(t, "synthetic/1860/1860-base-2p-3.json")
	i = fx.index(0, func(a engine.Action) bool { return a.Type == "run_routes" && a.Routes[0].Train == "8+4-0" })
	for _, tc := range []struct {
		opts []string
		want string
	}{{nil, ""}, {[]string{"beginner_7_4_trains"}, `does not own train "8+4-0"`}} {
		g := fx.at(t, i, tc.opts...)
		a := fx.actions[i]
		err := g.Apply(&a)
		if (err != nil) != (tc.want != "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: leased run: err %v, want %q", tc.opts, err, tc.want)
		}
	}
}

// TestDestinations: "Variant: Destinations". Each case is a run from an
// 18xx.games game replayed with the option added; the bonus is the extra
// treasury the run brings over the same run without the option.
func TestDestinations(t *testing.T) {
	tests := []struct {
		name    string
		fixture string
		action  int // action id of the run
		corp    string
		bonus   int
		reached []string
	}{
		{"one train Cowes to Newport", "1860/1860_game_end_bank.json", 71, "C&N", 50, []string{"Newport"}},
		{"paid only once", "1860/1860_game_end_bank.json", 98, "C&N", 0, nil},
		{"Ryde Esplanade to Newport is no IOW destination", "1860/1860_game_end_bank.json", 76, "IOW", 0, nil},
		{"Shide is Newport's lower station", "1860/1860_game_end_bank.json", 180, "IWNJ", 100, []string{"Shide"}},
		{"Yarmouth to Newport", "1860/1860_game_end_bank.json", 187, "FYN", 200, []string{"Newport"}},
		{"a second destination later", "1860/1860_game_end_bank.json", 232, "C&N", 50, []string{"Ryde Esplanade"}},
		{"three routes joined at Newport", "1860/19354.json", 166, "C&N", 50, []string{"Ryde Esplanade"}},
		{"two routes joined at Shanklin", "synthetic/1860/1860-base-4p-21.json", 249, "IWNJ", 100, []string{"Sandown"}},
		{"two destinations on one run", "synthetic/1860/1860-base-2p-6.json", 271, "BHI&R", 200, []string{"Brading", "Ryde Esplanade"}},
		{"insolvent company, in full", "synthetic/1860/1860-base-4p-24.json", 391, "C&N", 50, []string{"Newport"}},
		{"insolvent, original insolvency rules", "synthetic/1860/1860-original_game-3p-42.json", 731, "S&C", 200, []string{"Shanklin"}},
		{"small map", "synthetic/1860/1860-two_player_map-2p-27.json", 422, "BHI&R", 100, []string{"Brading"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fx := loadFixture(t, tc.fixture)
			i := fx.index(0, func(a engine.Action) bool { return a.ID == tc.action })
			gain := func(opts ...string) (int, []string, *t1860.Game) {
				g := fx.at(t, i, opts...)
				before, logs := g.Corp(tc.corp).Cash, len(g.Log)
				apply(t, g, fx.actions[i])
				var reached []string
				for _, l := range g.Log[logs:] {
					if _, rest, ok := strings.Cut(l, tc.corp+" reaches its destination "); ok {
						reached = append(reached, strings.SplitN(rest, " and ", 2)[0])
					}
				}
				return g.Corp(tc.corp).Cash - before, reached, g
			}
			plain, none, _ := gain()
			with, reached, g := gain("destinations")
			if with-plain != tc.bonus || strings.Join(reached, ",") != strings.Join(tc.reached, ",") || none != nil {
				t.Errorf("bonus %d reaching %v (without the option %v), want %d reaching %v", with-plain, reached, none, tc.bonus, tc.reached)
			}
			state := strings.Join(g.State()["destinations_reached"].([]string), ",")
			for _, p := range tc.reached {
				if !strings.Contains(state, tc.corp+":"+p) {
					t.Errorf("state lists %s", state)
				}
			}
		})
	}
}

// TestAcceleratedTrack: first edition "Variant: Accelerated Track
// Development". Each case follows a first tile lay from an 18xx.games game
// with a second lay by the same company.
func TestAcceleratedTrack(t *testing.T) {
	const (
		upgradeFirst = "synthetic/1860/1860-base-3p-12.json" // #126: C&N upgrades E5 (town) to 752
		yellowFirst  = "synthetic/1860/1860-base-3p-9.json"  // #172: IWNJ lays 745 (towns) on H4
		cityFirst    = "synthetic/1860/1860-base-3p-9.json"  // #60: IOW lays 57 (a large station) on J4
	)
	lay := func(corp, hex, tile string, rot int) engine.Action {
		return engine.Action{Type: "lay_tile", Entity: corp, EntityType: "corporation", Hex: hex, Tile: tile, Rotation: rot}
	}
	accel := []string{"accelerated_track"}
	tests := []struct {
		name    string
		fixture string
		after   int // action id of the first lay
		opts    []string
		second  engine.Action
		want    string // refusal, "" when laid
	}{
		{"standard: nothing after an upgrade", upgradeFirst, 126, nil, lay("C&N", "F4", "741-4", 1), "too late"},
		{"accelerated: a yellow tile after an upgrade", upgradeFirst, 126, accel, lay("C&N", "F4", "741-4", 1), ""},
		{"accelerated: not two upgrades", upgradeFirst, 126, accel, lay("C&N", "H8", "750-0", 2), "only one upgrade"},
		{"accelerated: no large station as the second tile", upgradeFirst, 126, accel, lay("C&N", "F4", "57-0", 1), "city tile"},
		{"standard: no upgrade after a yellow tile", yellowFirst, 172, nil, lay("IWNJ", "H8", "750-0", 2), "cannot lay an upgrade"},
		{"accelerated: an upgrade after a yellow tile", yellowFirst, 172, accel, lay("IWNJ", "H8", "750-0", 2), ""},
		{"accelerated: not the tile just laid", yellowFirst, 172, accel, lay("IWNJ", "H4", "750-0", 2), "same turn"},
		{"accelerated: a large station is the only lay", cityFirst, 60, accel, lay("IOW", "K5", "9-0", 0), "too late"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fx := loadFixture(t, tc.fixture)
			i := fx.index(0, func(a engine.Action) bool { return a.ID == tc.after })
			g := fx.at(t, i+1, tc.opts...)
			a := tc.second
			a.ID = fx.actions[i+1].ID
			err := g.Apply(&a)
			if (err != nil) != (tc.want != "") || err != nil && !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("second lay: err %v, want %q", err, tc.want)
			}
			if err == nil && g.Board.Tiles()[a.Hex] != strings.SplitN(a.Tile, "-", 2)[0]+"@"+strconv.Itoa(a.Rotation) {
				t.Errorf("tiles %v", g.Board.Tiles())
			}
		})
	}
}

// TestIgnoreHistoricalOrder: "Variant: Ignoring historical order of
// companies". In the game below C&N has sold out of the IPO and IOW has
// neither operated nor sold out when player 3 starts FYN (#43); player 1
// then starts IWNJ (#45).
func TestIgnoreHistoricalOrder(t *testing.T) {
	fx := loadFixture(t, "synthetic/1860/1860-base-3p-9.json")
	par := func(player, corp string, price int) engine.Action {
		return engine.Action{Type: "par", Entity: player, EntityType: "player", Corporation: corp, SharePrice: parCell(price)}
	}
	ignore := []string{"ignore_historical_order"}
	tests := []struct {
		name   string
		before int // action id the pars replace
		opts   []string
		pars   []engine.Action
		want   string // refusal of the last par, "" when started
	}{
		{"standard: layer 4 is not open", 43, nil, []engine.Action{par("3", "S&C", 54)}, "layer 4 is not yet available"},
		{"standard: layer 2 is open", 43, nil, []engine.Action{par("3", "FYN", 68)}, ""},
		{"ignoring: any company, one other waiting", 43, ignore, []engine.Action{par("3", "S&C", 54)}, ""},
		{"ignoring: a layer 3 company at its own par", 43, ignore, []engine.Action{par("3", "NGStL", 58)}, ""},
		{"ignoring: not above its own par range", 43, ignore, []engine.Action{par("3", "S&C", 68)}, "not allowed"},
		{"standard: IWNJ after FYN", 45, nil, []engine.Action{par("1", "IWNJ", 62)}, ""},
		{"ignoring: not while FYN and IOW wait", 45, ignore, []engine.Action{par("1", "IWNJ", 62)}, "FYN and IOW have started but neither operated nor sold out"},
		{"ignoring: not while S&C and IOW wait", 43, ignore, []engine.Action{par("3", "S&C", 54), par("1", "IWNJ", 62)}, "IOW and S&C"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			i := fx.index(0, func(a engine.Action) bool { return a.ID == tc.before })
			g := fx.at(t, i, tc.opts...)
			var err error
			for k, a := range tc.pars {
				a.ID = fx.actions[i].ID + k
				if err = g.Apply(&a); err != nil && k < len(tc.pars)-1 {
					t.Fatal(err)
				}
			}
			if (err != nil) != (tc.want != "") || err != nil && !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
			last := tc.pars[len(tc.pars)-1]
			if started := g.Corp(last.Corporation).IPOed; started != (tc.want == "") {
				t.Errorf("%s started: %v", last.Corporation, started)
			}
		})
	}
}

// TestVariablePrivateRevenue: first edition "Variant: Variable revenue for
// private companies" on a map-less two-player game (player 1 holds BHC and
// CMH, player 2 YHC and RPSC).
func TestVariablePrivateRevenue(t *testing.T) {
	variable := "variable_private_revenue"
	t.Run("no exchange, no sale to the bank; turning over", func(t *testing.T) {
		tests := []struct {
			opts []string
			// refusals of: exchanging RPSC, selling BHC, turning YHC over
			// out of turn, turning CMH over ("" = done)
			exchange, sell, outOfTurn, turnOver string
		}{
			{nil, "", "", "only be closed with variable_private_revenue", "only be closed with variable_private_revenue"},
			{[]string{variable}, "may not be exchanged", "may not be sold", "only on his or her turn", ""},
		}
		for _, tc := range tests {
			s := newScript(t, 2, tc.opts...)
			s.auction("C&N@100", "IOW@100", "BHC", "YHC", "CMH", "RPSC")
			s.buy("C&N_1")
			check := func(what string, err error, want string) {
				t.Helper()
				if (err != nil) != (want != "") || err != nil && !strings.Contains(err.Error(), want) {
					t.Errorf("%v: %s: err %v, want %q", tc.opts, what, err, want)
				}
			}
			// player 2's turn: exchange the Ryde private for an IOW share
			check("exchange", s.try(engine.Action{Type: "buy_shares", Entity: "RPSC", Shares: []string{"IOW_8"}, Percent: 10}), tc.exchange)
			s.buy("IOW_1")
			for _, sh := range []string{"C&N_2", "IOW_2", "C&N_3", "IOW_3"} {
				s.buy(sh)
			}
			s.passRound()
			for s.g.RoundName() == "Operating" {
				s.operate(s.active(), 0)
			}
			// stock round 2, player 1 to act (most cash)
			if s.active() != "1" {
				t.Fatalf("player %s to act", s.active())
			}
			certs, value := s.g.NumCerts(s.g.Player(1)), s.g.Value(s.g.Player(1))
			check("turn over out of turn", s.try(engine.Action{Type: "manual_close_company", Entity: "YHC"}), tc.outOfTurn)
			check("buy the reserved C&N share", s.try(engine.Action{Type: "buy_shares", Entity: "1", Shares: []string{"C&N_8"}, Percent: 10}), "cannot buy")
			check("turn over", s.try(engine.Action{Type: "manual_close_company", Entity: "CMH"}), tc.turnOver)
			check("sell", s.try(engine.Action{Type: "sell_company", Entity: "1", Company: "BHC", Price: 0}), tc.sell)
			if tc.turnOver != "" {
				continue
			}
			// turned over, CMH no longer counts as a certificate but keeps
			// its face value; the C&N share reserved for it is released
			p := s.g.Player(1)
			if got := s.g.NumCerts(p); got != certs-1 {
				t.Errorf("certificates %d after turning over, want %d", got, certs-1)
			}
			if got := s.g.Value(p); got != value {
				t.Errorf("value %d after turning over, want %d", got, value)
			}
			s.buy("C&N_8")
			cash := s.g.Player(1).Cash
			s.passRound()
			if got := s.g.Player(1).Cash - cash; got != 5 {
				t.Errorf("player 1 collected £%d, want £5 (BHC only)", got)
			}
		}
	})

	t.Run("Brading doubles when the BHI&R floats", func(t *testing.T) {
		s := openingTwoPlayers(t, variable, "ignore_historical_order")
		for s.g.RoundName() == "Operating" {
			s.operate(s.active(), 0)
		}
		if s.g.Company("BHC").Revenue != 5 {
			t.Fatalf("BHC revenue %d before the BHI&R floats", s.g.Company("BHC").Revenue)
		}
		s.do(engine.Action{Type: "par", Entity: s.active(), Corporation: "BHI&R", SharePrice: parCell(58)})
		for _, sh := range []string{"BHI&R_1", "BHI&R_2", "BHI&R_3"} {
			if s.active() != "1" {
				s.do(engine.Action{Type: "pass", Entity: s.active()})
			}
			s.buy(sh)
		}
		if !s.g.Corp("BHI&R").Floated || s.g.Company("BHC").Revenue != 10 {
			t.Fatalf("BHI&R floated %v, BHC revenue %d", s.g.Corp("BHI&R").Floated, s.g.Company("BHC").Revenue)
		}
		cash := s.g.Player(1).Cash
		s.passRound()
		if got := s.g.Player(1).Cash - cash; got != 10+20 {
			t.Errorf("player 1 collected £%d, want £30", got)
		}
	})

	t.Run("buying the Fishbourne Ferry", func(t *testing.T) {
		tests := []struct {
			opts        []string
			closed      bool // the other privates close
			ryde, cowes int  // their revenue afterwards
		}{
			{[]string{"no_train_limit"}, true, 30, 20},
			{[]string{"no_train_limit", variable}, false, 15, 10},
		}
		for _, tc := range tests {
			s := openingTwoPlayers(t, tc.opts...)
			s.operate("C&N", 0, "2+1-0", "2+1-1", "2+1-2", "2+1-3")
			s.operate("IOW", 0, "2+1-4")
			s.passRound()
			// C&N withholds £4000 and buys every train up to the first 6+3
			s.operate("C&N", 1000, "3+2-0", "3+2-1", "3+2-2", "3+2-3", "4+2-0", "4+2-1", "4+2-2", "5+3-0", "5+3-1", "6+3-0")
			s.operate("IOW", 0)
			if s.g.Company("FFC").Owner != "bank" {
				t.Fatalf("%v: the Fishbourne Ferry is not for sale", tc.opts)
			}
			s.do(engine.Action{Type: "buy_company", Entity: s.active(), Company: "FFC", Price: 200})
			for _, sym := range []string{"BHC", "YHC", "CMH", "RPSC"} {
				if s.g.Company(sym).Closed != tc.closed {
					t.Errorf("%v: %s closed %v", tc.opts, sym, s.g.Company(sym).Closed)
				}
			}
			if r, c := s.g.Company("RPSC").Revenue, s.g.Company("CMH").Revenue; r != tc.ryde || c != tc.cowes {
				t.Errorf("%v: RPSC £%d CMH £%d, want £%d £%d", tc.opts, r, c, tc.ryde, tc.cowes)
			}
		}
	})
}

// TestOptionCombinations: every optional rule is known, and only clashing
// rules are refused, naming the options.
func TestOptionCombinations(t *testing.T) {
	tests := []struct {
		opts []string
		want string // "" = accepted
	}{
		{[]string{"destinations", "accelerated_track", "ignore_historical_order", "variable_private_revenue", "beginner_7_4_trains", "no_train_limit"}, ""},
		{[]string{"original_game", "destinations", "accelerated_track", "ignore_historical_order", "variable_private_revenue", "beginner_7_4_trains", "no_train_limit", "non_operated_full_value", "re_enter_hexes"}, ""},
		{[]string{"two_player_map", "simplified_insolvency", "destinations", "no_train_limit"}, ""},
		{[]string{"simplified_insolvency", "original_insolvency"}, "simplified_insolvency with original_insolvency"},
		{[]string{"simplified_insolvency", "original_game", "destinations"}, "simplified_insolvency with original_game"},
		{[]string{"destination"}, `unknown option "destination"`},
	}
	for _, tc := range tests {
		_, err := t1860.New([]int{1, 2, 3}, []string{"A", "B", "C"}, tc.opts, t1860.NewBoard)
		if (err != nil) != (tc.want != "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err %v, want %q", tc.opts, err, tc.want)
		}
	}
}

// TestLegalUnderVariants: Legal lists what the optional rules allow, and
// every listed move is accepted.
func TestLegalUnderVariants(t *testing.T) {
	listed := func(g *t1860.Game, ent, typ string) []engine.Action {
		var out []engine.Action
		for _, ch := range g.Legal(ent) {
			if ch.Action.Type == typ {
				out = append(out, ch.Action)
			}
		}
		return out
	}
	accepted := func(t *testing.T, g *t1860.Game, as []engine.Action) {
		t.Helper()
		for _, a := range as {
			if err := g.Apply(&a); err != nil {
				t.Errorf("listed %s %s %s@%d %s refused: %v", a.Type, a.Hex, a.Tile, a.Rotation, a.Corporation, err)
				continue
			}
			if err := g.Undo(); err != nil {
				t.Fatal(err)
			}
		}
	}
	has := func(as []engine.Action, f func(engine.Action) bool) bool {
		for _, a := range as {
			if f(a) {
				return true
			}
		}
		return false
	}
	accel := []string{"accelerated_track"}

	t.Run("accelerated track", func(t *testing.T) {
		tests := []struct {
			fixture string
			after   int
			corp    string
			opts    []string
			want    func(engine.Action) bool // a lay that must be listed, nil = no lay listed
			never   func(engine.Action) bool
		}{
			{"synthetic/1860/1860-base-3p-12.json", 126, "C&N", nil, nil, nil},
			{"synthetic/1860/1860-base-3p-12.json", 126, "C&N", accel,
				func(a engine.Action) bool {
					return a.Hex == "F4" && strings.HasPrefix(a.Tile, "741-") && a.Rotation == 1
				},
				func(a engine.Action) bool { return a.Hex == "E5" }},
			{"synthetic/1860/1860-base-3p-9.json", 172, "IWNJ", accel,
				func(a engine.Action) bool {
					return a.Hex == "H8" && strings.HasPrefix(a.Tile, "750-") && a.Rotation == 2
				},
				func(a engine.Action) bool { return a.Hex == "H4" }},
		}
		for _, tc := range tests {
			fx := loadFixture(t, tc.fixture)
			i := fx.index(0, func(a engine.Action) bool { return a.ID == tc.after })
			g := fx.at(t, i+1, tc.opts...)
			lays := listed(g, tc.corp, "lay_tile")
			if tc.want == nil {
				if len(lays) > 0 {
					t.Errorf("%v after #%d: %d lays listed", tc.opts, tc.after, len(lays))
				}
				continue
			}
			if !has(lays, tc.want) || has(lays, tc.never) {
				t.Errorf("%v after #%d: lays %v", tc.opts, tc.after, lays)
			}
			accepted(t, g, lays)
		}
	})

	t.Run("ignoring the historical order", func(t *testing.T) {
		fx := loadFixture(t, "synthetic/1860/1860-base-3p-9.json")
		i := fx.index(0, func(a engine.Action) bool { return a.ID == 43 })
		for _, tc := range []struct {
			opts []string
			want string // the corporations that may be started
		}{
			{nil, "FYN,IWNJ"},
			{[]string{"ignore_historical_order"}, "BHI&R,FYN,IWNJ,NGStL,S&C,VYSC"},
		} {
			g := fx.at(t, i, tc.opts...)
			pars := listed(g, "3", "par")
			seen := map[string]bool{}
			var corps []string
			for _, a := range pars {
				if !seen[a.Corporation] {
					seen[a.Corporation] = true
					corps = append(corps, a.Corporation)
				}
			}
			slices.Sort(corps)
			if strings.Join(corps, ",") != tc.want {
				t.Errorf("%v: may start %v, want %s", tc.opts, corps, tc.want)
			}
			accepted(t, g, pars)
		}
	})

	t.Run("no train limit", func(t *testing.T) {
		fx := loadFixture(t, "1860/1860_game_end_bank.json")
		// IOW has bought its fourth train (the phase 3 limit) with £20 left
		i := fx.index(0, func(a engine.Action) bool { return a.ID == 173 })
		g := fx.at(t, i, "no_train_limit")
		buys := listed(g, "IOW", "buy_train")
		if len(g.Corp("IOW").Trains) != 4 || len(buys) == 0 {
			t.Fatalf("IOW trains %v, buys listed %v", trainNames(g.Corp("IOW")), buys)
		}
		accepted(t, g, buys)
	})

	t.Run("variable private revenue", func(t *testing.T) {
		for _, tc := range []struct {
			opts      []string
			company   string // what RPSC may do in player 2's turn
			sellTypes bool   // sell_company listed later
		}{
			{nil, "buy_shares", true},
			{[]string{"variable_private_revenue"}, "manual_close_company", false},
		} {
			s := newScript(t, 2, tc.opts...)
			s.auction("C&N@100", "IOW@100", "BHC", "YHC", "CMH", "RPSC")
			s.buy("C&N_1")
			if !slices.Contains(s.g.Acting(), "RPSC") {
				t.Fatalf("%v: acting %v", tc.opts, s.g.Acting())
			}
			acts := s.g.Legal("RPSC")
			if len(acts) != 1 || acts[0].Action.Type != tc.company {
				t.Errorf("%v: RPSC may %v", tc.opts, acts)
			}
			accepted(t, s.g, []engine.Action{acts[0].Action})
			for _, sh := range []string{"IOW_1", "C&N_2", "IOW_2", "C&N_3", "IOW_3"} {
				s.buy(sh)
			}
			s.passRound()
			for s.g.RoundName() == "Operating" {
				s.operate(s.active(), 0)
			}
			if got := len(listed(s.g, s.active(), "sell_company")) > 0; got != tc.sellTypes {
				t.Errorf("%v: sell_company listed %v", tc.opts, got)
			}
		}
	})
}

// TestIgnoreHistoricalOrderReservedShare: a company whose only IPO
// certificate is the one reserved for a private's exchange has no shares
// "available for purchase from the IPO" and holds up no start.
func TestIgnoreHistoricalOrderReservedShare(t *testing.T) {
	for _, tc := range []struct {
		opts []string
		want string
	}{
		{nil, "layer 2 is not yet available"},
		{[]string{"ignore_historical_order"}, ""},
	} {
		s := newScript(t, 2, tc.opts...)
		// player 2 keeps the Cowes private, so C&N_8 stays reserved
		s.auction("C&N@74", "IOW@74", "BHC", "CMH", "YHC", "RPSC")
		for k := 1; k <= 7; k++ {
			if s.active() != "1" {
				s.do(engine.Action{Type: "pass", Entity: s.active()})
			}
			s.buy("C&N_" + strconv.Itoa(k))
		}
		if s.active() != "2" {
			t.Fatalf("%v: player %s to act", tc.opts, s.active())
		}
		err := s.try(engine.Action{Type: "par", Entity: "2", Corporation: "FYN", SharePrice: parCell(68)})
		if (err != nil) != (tc.want != "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: par FYN: err %v, want %q", tc.opts, err, tc.want)
		}
	}
}
