package engine

import (
	"slices"
	"testing"
)

func TestSeatPlayersAndCompanies(t *testing.T) {
	g := &Game{Bank: 1000}
	g.SeatPlayers([]int{7, 3}, []string{"Ann", "Bob"}, 100)
	if len(g.Players) != 2 || g.Players[0].ID != 7 || g.Players[1].Name != "Bob" || !slices.Equal(g.Seating, []int{7, 3}) {
		t.Fatalf("players %v, seating %v", g.Players, g.Seating)
	}
	if g.Players[0].Cash != 100 || g.Players[1].Cash != 100 || g.Bank != 800 {
		t.Errorf("cash %d/%d, bank %d; want 100/100, 800", g.Players[0].Cash, g.Players[1].Cash, g.Bank)
	}
	g.AddCompany("P1", "Private", 40, 5)
	co := g.Company("P1")
	g.BuyCompany(g.Players[1], co, 30)
	if co.Owner != "3" || !slices.Equal(g.Players[1].Companies, []string{"P1"}) || g.Players[1].Cash != 70 || g.Bank != 830 {
		t.Errorf("after BuyCompany: owner %q, companies %v, cash %d, bank %d", co.Owner, g.Players[1].Companies, g.Players[1].Cash, g.Bank)
	}
}

func TestAddCorporation(t *testing.T) {
	for _, tc := range []struct {
		shares, tokens []int
	}{
		{[]int{20, 10, 10, 10, 10, 10, 10, 10, 10}, []int{0, 40, 100}},
		{[]int{40, 20, 20, 20}, []int{0}},
		{[]int{100}, nil},
	} {
		g := &Game{}
		c := g.AddCorporation(&Corporation{Sym: "X", FloatPercent: 60}, tc.shares, tc.tokens)
		if len(g.Corps) != 1 || g.Corps[0] != c || c.FloatPercent != 60 {
			t.Fatalf("%v: corporation not added as given", tc.shares)
		}
		var pcts []int
		for i, s := range c.Shares {
			pcts = append(pcts, s.Percent)
			if s.Index != i || s.President != (i == 0) || s.Holder != HolderIPO || !s.Buyable {
				t.Errorf("%v: share %d is %+v", tc.shares, i, *s)
			}
		}
		if !slices.Equal(pcts, tc.shares) || len(c.Tokens) != len(tc.tokens) {
			t.Errorf("%v: shares %v, %d tokens", tc.shares, pcts, len(c.Tokens))
		}
		for i, tk := range c.Tokens {
			if tk.Price != tc.tokens[i] || tk.Location != "" {
				t.Errorf("%v: token %d is %+v", tc.shares, i, tk)
			}
		}
		if c.PercentOf(HolderIPO) != 100 && tc.shares[0] != 100 {
			t.Errorf("%v: IPO holds %d%%", tc.shares, c.PercentOf(HolderIPO))
		}
	}
}

func TestFloatParFinishBreakBank(t *testing.T) {
	for _, tc := range []struct {
		capital  int
		wantCash int
		wantLog  []string
	}{
		{500, 500, []string{"X floats", "X receives £500"}},
		{0, 0, []string{"X floats"}},
	} {
		g := &Game{Bank: 1000}
		c := &Corporation{Sym: "X"}
		cell := &Cell{Price: 50}
		g.Par(c, cell)
		if c.Par != cell || c.Cell != cell || !c.IPOed {
			t.Errorf("Par: par %v, cell %v, ipoed %v", c.Par, c.Cell, c.IPOed)
		}
		g.Float(c, tc.capital)
		if !c.Floated || c.Cash != tc.wantCash || g.Bank != 1000-tc.wantCash || !slices.Equal(g.Log, tc.wantLog) {
			t.Errorf("Float(%d): floated %v, cash %d, bank %d, log %q", tc.capital, c.Floated, c.Cash, g.Bank, g.Log)
		}
	}
	g := &Game{}
	if !g.Finish("bank") || g.Finish("stock_market") || !g.Finished || g.EndReason != "bank" {
		t.Errorf("Finish: the first reason must stand (finished %v, reason %q)", g.Finished, g.EndReason)
	}
	for _, tc := range []struct {
		left      int
		broken    bool
		wantBreak bool
	}{
		{0, false, false},
		{-1, false, true},
		{-1, true, false},
	} {
		g := &Game{BankBroken: tc.broken}
		if got := g.BreakBank(tc.left); got != tc.wantBreak || g.BankBroken != (tc.broken || tc.wantBreak) {
			t.Errorf("BreakBank(%d) with broken=%v: %v, broken now %v", tc.left, tc.broken, got, g.BankBroken)
		}
		if tc.wantBreak != (len(g.Log) == 1) {
			t.Errorf("BreakBank(%d) with broken=%v: log %q", tc.left, tc.broken, g.Log)
		}
	}
}

func TestListingGlue(t *testing.T) {
	if got := ActingIDs([]any{3, "LNWR", 12}); !slices.Equal(got, []string{"3", "LNWR", "12"}) {
		t.Errorf("ActingIDs: %q", got)
	}
	if got := ActingIDs([]any{}); got != nil {
		t.Errorf("ActingIDs of nobody: %q, want nil", got)
	}
	g := &Game{}
	g.SeatPlayers([]int{2, 1}, []string{"B", "A"}, 0)
	a, b := &Corporation{Sym: "A", Layer: 1}, &Corporation{Sym: "B", Layer: 2}
	for _, tc := range []struct {
		entity string
		want   int
	}{{"1", 1}, {"9", 0}, {"LNWR", 0}} {
		p, err := g.ActionPlayer(&Action{Type: "pass", Entity: tc.entity})
		if tc.want == 0 && err == nil || tc.want != 0 && (err != nil || p.ID != tc.want) {
			t.Errorf("ActionPlayer(%q) = %v, %v", tc.entity, p, err)
		}
	}
	if got := g.PlayerOrder(); !slices.Equal(got, []any{2, 1}) {
		t.Errorf("PlayerOrder: %v", got)
	}
	if got := CorpOrder([]*Corporation{b, a}); !slices.Equal(got, []any{"B", "A"}) {
		t.Errorf("CorpOrder: %v", got)
	}
	layer := func(done ...*Corporation) func(*Corporation) (int, bool) {
		return func(c *Corporation) (int, bool) { return c.Layer, slices.Contains(done, c) }
	}
	for _, tc := range []struct {
		done []*Corporation
		max  int
		want int
	}{
		{nil, 4, 1},
		{[]*Corporation{a}, 4, 2},
		{[]*Corporation{a, b}, 4, 3},
		{[]*Corporation{b}, 2, 2},
	} {
		if got := NextLayer([]*Corporation{a, b}, layer(tc.done...), tc.max); got != tc.want {
			t.Errorf("NextLayer(done %d, max %d) = %d, want %d", len(tc.done), tc.max, got, tc.want)
		}
	}
	p := g.Players[0]
	p.Companies = []string{"P1"}
	a.Shares = []*Share{{Percent: 20, Holder: Holder(p.ID)}, {Percent: 10, Holder: Holder(p.ID)}, {Percent: 10, Holder: HolderIPO}}
	b.Shares = []*Share{{Percent: 20, Holder: Holder(p.ID)}}
	g.Corps = []*Corporation{a, b}
	for _, tc := range []struct {
		counts func(*Corporation) bool
		want   int
	}{
		{func(*Corporation) bool { return true }, 4},
		{func(c *Corporation) bool { return c != b }, 3},
		{func(*Corporation) bool { return false }, 1},
	} {
		if got := g.NumCertsWhere(p, tc.counts); got != tc.want {
			t.Errorf("NumCertsWhere = %d, want %d", got, tc.want)
		}
	}
}

func TestTokensView(t *testing.T) {
	c := &Corporation{Tokens: []Token{{Location: "B2-0"}, {}, {Location: "A1-0"}, {}}}
	for _, tc := range []struct {
		placed []string
		want   []string
	}{
		{[]string{"B2-0", "A1-0"}, []string{"A1-0", "B2-0"}},
		{nil, []string{}},
	} {
		m := map[string]any{}
		TokensView(m, c, tc.placed)
		if got := m["tokens_placed"].([]string); !slices.Equal(got, tc.want) || got == nil || m["tokens_unplaced"] != 2 {
			t.Errorf("TokensView(%q): %v", tc.placed, m)
		}
	}
	placed := []string{"B2-0", "A1-0"}
	TokensView(map[string]any{}, c, placed)
	if placed[0] != "B2-0" {
		t.Errorf("TokensView sorted the caller's list: %q", placed)
	}
}
