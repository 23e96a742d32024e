package t1860_test

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tresham/engine"
	"tresham/titles/t1860"
)

// TestPrintedRulesOption: printed_rules is an option of 1860, listed with
// a description, and refused with an option the rulebook contradicts, in
// an error naming both.
func TestPrintedRulesOption(t *testing.T) {
	if !slices.Contains(t1860.Options, "printed_rules") {
		t.Fatalf("printed_rules is not among the options %v", t1860.Options)
	}
	found := false
	for _, o := range t1860.Descriptor().Options {
		found = found || o.Name == "printed_rules" && o.Description != ""
	}
	if !found {
		t.Errorf("printed_rules has no description in the title's option list")
	}
	tests := []struct {
		opts []string
		want string // "" = accepted
	}{
		{[]string{"printed_rules"}, ""},
		{[]string{"printed_rules", "original_game", "original_insolvency", "destinations", "non_operated_full_value"}, ""},
		{[]string{"printed_rules", "simplified_insolvency", "two_player_map", "no_skip_towns"}, ""},
		{[]string{"printed_rules", "re_enter_hexes"}, `"re_enter_hexes" cannot be combined with printed_rules`},
		{[]string{"re_enter_hexes"}, ""},
	}
	for _, tc := range tests {
		_, err := t1860.New([]int{1, 2, 3}, []string{"A", "B", "C"}, tc.opts, t1860.NewBoard)
		if (err != nil) != (tc.want != "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err %v, want %q", tc.opts, err, tc.want)
		}
	}
}

// auctionOffers lists the auction moves Legal offers entity, as "bid SYM"
// for a private and "par SYM PRICE" for a director's certificate.
func auctionOffers(g *t1860.Game, entity string) []string {
	var out []string
	for _, ch := range g.Legal(entity) {
		switch a := ch.Action; a.Type {
		case "bid":
			out = append(out, "bid "+a.Company)
		case "par":
			price, _, _ := strings.Cut(a.SharePrice, ",")
			out = append(out, "par "+a.Corporation+" "+price)
		default:
			out = append(out, a.Type)
		}
	}
	slices.Sort(out)
	return out
}

// TestAuctionAffordable: "The winning bidder may only choose a certificate
// if he/she can afford to pay for it after paying the amount he/she bid"
// (Private Companies and the Initial Auction). On 18xx.games (the
// default) any par is accepted for the cash left; under printed_rules only
// the pars whose director's certificate (twice the par) the winner can pay.
func TestAuctionAffordable(t *testing.T) {
	all := []string{"bid BHC", "bid CMH", "bid RPSC", "bid YHC",
		"par C&N 100", "par C&N 74", "par C&N 82", "par C&N 90",
		"par IOW 100", "par IOW 74", "par IOW 82", "par IOW 90"}
	printed := slices.DeleteFunc(slices.Clone(all), func(s string) bool { return strings.HasSuffix(s, " 100") })
	for _, tc := range []struct {
		opts    []string
		want    []string
		par100  bool // par C&N at 100 accepted
		cashEnd int
	}{
		{nil, all, true, 0},
		{[]string{"printed_rules"}, printed, false, 0},
	} {
		s := newScript(t, 4, tc.opts...)
		for range 3 {
			s.do(engine.Action{Type: "pass", Entity: s.active()})
		}
		s.do(engine.Action{Type: "bid", Entity: "4", Price: 320}) // £180 left
		if got := auctionOffers(s.g, "4"); !slices.Equal(got, tc.want) {
			t.Errorf("%v: offered %v, want %v", tc.opts, got, tc.want)
		}
		before := s.g.State()
		err := s.try(engine.Action{Type: "par", Entity: "4", Corporation: "C&N", SharePrice: parCell(100)})
		if (err == nil) != tc.par100 {
			t.Fatalf("%v: par C&N at 100 with £180: err %v, want accepted %v", tc.opts, err, tc.par100)
		}
		if err != nil {
			if !strings.Contains(err.Error(), "cannot afford C&N at par £100") {
				t.Errorf("%v: refusal %q does not say why", tc.opts, err)
			}
			if !reflect.DeepEqual(before, s.g.State()) {
				t.Errorf("%v: the refused par changed the game", tc.opts)
			}
			s.do(engine.Action{Type: "par", Entity: "4", Corporation: "C&N", SharePrice: parCell(90)})
		}
		if got := s.g.Player(4).Cash; got != tc.cashEnd {
			t.Errorf("%v: player 4 has £%d after the par, want £%d", tc.opts, got, tc.cashEnd)
		}
	}
}

// TestAuctionNobodyBids: when nobody bids, the first to pass wins and pays
// the certificate's value (Private Companies and the Initial Auction);
// one who cannot pay for any "must pay the cost, or failing that all he
// can; if it is a company, it starts at the lowest par allowed (74)" (the
// French summary). On 18xx.games any par is accepted for the cash left.
func TestAuctionNobodyBids(t *testing.T) {
	for _, tc := range []struct {
		opts []string
		want []string
	}{
		{nil, []string{"par C&N 100", "par C&N 74", "par C&N 82", "par C&N 90", "par IOW 100", "par IOW 74", "par IOW 82", "par IOW 90"}},
		{[]string{"printed_rules"}, []string{"par C&N 74", "par IOW 74"}},
	} {
		s := newScript(t, 4, tc.opts...)
		pass := func() { s.do(engine.Action{Type: "pass", Entity: s.active()}) }
		// player 4 bids all but the cheapest item's price and takes it: £10 left
		for range 3 {
			pass()
		}
		s.do(engine.Action{Type: "bid", Entity: "4", Price: 460})
		s.do(engine.Action{Type: "bid", Entity: "4", Company: "BHC"})
		// nobody bids in the next three auctions: the first to pass wins
		for _, item := range []string{"YHC", "CMH", "RPSC"} {
			for range 4 {
				pass()
			}
			s.do(engine.Action{Type: "bid", Entity: s.active(), Company: item})
		}
		// player 4 passes first, nobody bids: he wins with £10
		if got := s.active(); got != "4" {
			t.Fatalf("%v: player %s starts the fifth auction, want 4", tc.opts, got)
		}
		for range 4 {
			pass()
		}
		if got := auctionOffers(s.g, "4"); !slices.Equal(got, tc.want) {
			t.Errorf("%v: offered %v, want %v", tc.opts, got, tc.want)
		}
		err := s.try(engine.Action{Type: "par", Entity: "4", Corporation: "IOW", SharePrice: parCell(82)})
		if (err == nil) != (tc.opts == nil) {
			t.Errorf("%v: par IOW at 82 with £10: err %v", tc.opts, err)
		}
		if err != nil {
			s.do(engine.Action{Type: "par", Entity: "4", Corporation: "IOW", SharePrice: parCell(74)})
		}
		if got := s.g.Player(4).Cash; got != 0 {
			t.Errorf("%v: player 4 has £%d, want all his £10 paid", tc.opts, got)
		}
	}
}

// TestAuctionViewBids: the auction's view lists each standing bid of the
// pick being bid for (who, how much, in turn order), leaves out a bidder
// who has not bid and one who passed, and starts afresh at the next pick.
func TestAuctionViewBids(t *testing.T) {
	s := newScript(t, 3)
	bids := func() []string {
		var out []string
		for _, b := range s.g.Auction().Bids {
			out = append(out, s.g.Player(b.Player).Name+" "+strconv.Itoa(b.Price))
		}
		return out
	}
	if got := bids(); len(got) != 0 {
		t.Fatalf("no bid yet: bids %v", got)
	}
	first := s.active()
	s.do(engine.Action{Type: "bid", Entity: first, Price: 20})
	second := s.active()
	s.do(engine.Action{Type: "bid", Entity: second, Price: 25})
	third := s.active()
	s.do(engine.Action{Type: "pass", Entity: third})
	name := func(id string) string { n, _ := strconv.Atoi(id); return s.g.Player(n).Name }
	if got, want := bids(), []string{name(first) + " 20", name(second) + " 25"}; !slices.Equal(got, want) {
		t.Errorf("after two bids and a pass: bids %v, want %v", got, want)
	}
	if v := s.g.Auction(); v.HighBid != 25 || slices.Contains(v.Bidders, mustAtoi(t, third)) {
		t.Errorf("high bid %d (want 25), bidders %v (want without %s)", v.HighBid, v.Bidders, third)
	}
	s.do(engine.Action{Type: "pass", Entity: first})
	s.do(engine.Action{Type: "bid", Entity: second, Company: "BHC"})
	if got := bids(); len(got) != 0 {
		t.Errorf("the next pick: bids %v, want none", got)
	}
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
