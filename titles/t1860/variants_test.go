package t1860_test

import (
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
	// Insolvency): with a second 7+4 left that is a 7+4, paying 40 + 20 a
	// station for seven stations where the 8+4 paid for eight.
	fx = loadFixture(t, "synthetic/1860/1860-base-2p-3.json")
	i = fx.index(0, func(a engine.Action) bool { return a.Type == "run_routes" && a.Routes[0].Train == "8+4-0" })
	for _, tc := range []struct {
		opts []string
		want string
	}{{nil, ""}, {[]string{"beginner_7_4_trains"}, "stored revenue 200 but the route is worth 180"}} {
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
			gain := func(opts ...string) (int, []string) {
				g := fx.at(t, i, opts...)
				before, logs := g.Corp(tc.corp).Cash, len(g.Log)
				apply(t, g, fx.actions[i])
				var reached []string
				for _, l := range g.Log[logs:] {
					if _, rest, ok := strings.Cut(l, tc.corp+" reaches its destination "); ok {
						reached = append(reached, strings.SplitN(rest, " and ", 2)[0])
					}
				}
				return g.Corp(tc.corp).Cash - before, reached
			}
			plain, none := gain()
			with, reached := gain("destinations")
			if with-plain != tc.bonus || strings.Join(reached, ",") != strings.Join(tc.reached, ",") || none != nil {
				t.Errorf("bonus %d reaching %v (without the option %v), want %d reaching %v", with-plain, reached, none, tc.bonus, tc.reached)
			}
		})
	}
}
