package t1860

import (
	"testing"
	"time"

	"tresham/engine"
	"tresham/titles/title"
)

func rulesOn(t *testing.T, day string) title.Rules {
	t.Helper()
	at, err := time.Parse(time.DateOnly, day)
	if err != nil {
		t.Fatal(err)
	}
	return title.RulesOf(at)
}

// TestSimplifiedInsolvencyByDate: a simplified_insolvency game created
// before 2026-07-04 leases its train as 18xx.games then ran it (the
// card's value, halt subsidies); one created since, or played by the
// printed rules, does not.
func TestSimplifiedInsolvencyByDate(t *testing.T) {
	for _, tc := range []struct {
		day     string
		options []string
		old     bool
	}{
		{"2026-07-03", []string{"simplified_insolvency"}, true},
		{"2026-07-04", []string{"simplified_insolvency"}, false},
		{"2026-07-03", []string{"simplified_insolvency", "printed_rules"}, false},
		{"2024-07-01", nil, false}, // the option's rule only
	} {
		g, err := NewOf([]int{1, 2, 3}, []string{"A", "B", "C"}, tc.options, NewBoard, rulesOn(t, tc.day))
		if err != nil {
			t.Fatal(err)
		}
		c := g.Corps[0]
		leased := &engine.Train{ID: "3-0", Name: "3", Major: 3, Minor: 2, Owner: "depot"}
		ctx, err := g.routeContext(g.Board, c, leased)
		if err != nil {
			t.Fatal(err)
		}
		if ctx.simpLease != tc.old || ctx.loanerNew() == tc.old {
			t.Errorf("%v on %s: simplified lease %v, newer insolvency rules %v; want the earlier lease %v", tc.options, tc.day, ctx.simpLease, ctx.loanerNew(), tc.old)
		}
	}
}

// TestFullValueWorthByDate: with non_operated_full_value, a player's
// worth in a game created before 2025-02-09 leaves out the shares of a
// company with trains; since, they count at their price.
func TestFullValueWorthByDate(t *testing.T) {
	for _, tc := range []struct {
		day    string
		shares int // value of the share held
	}{{"2025-02-08", 0}, {"2025-02-09", 100}} {
		g, err := NewOf([]int{1, 2, 3}, []string{"A", "B", "C"}, []string{"non_operated_full_value"}, NewBoard, rulesOn(t, tc.day))
		if err != nil {
			t.Fatal(err)
		}
		p := g.Players[0]
		before := g.playerValue(p)
		c := g.Corps[0]
		c.Cell = &engine.Cell{Price: 100}
		c.Operated = true
		c.Trains = []*engine.Train{{ID: "2-0", Name: "2", Owner: c.Sym}}
		c.Shares[1].Holder = engine.Holder(p.ID)
		if got := g.playerValue(p) - before; got != tc.shares {
			t.Errorf("%s: a 10%% share at 100 of a company with a train adds %d, want %d", tc.day, got, tc.shares)
		}
		c.Trains = nil // trainless and operated: half, on either side
		if got := g.playerValue(p) - before; got != 50 {
			t.Errorf("%s: trainless: adds %d, want 50", tc.day, got)
		}
	}
}

// TestZigZagStopShortByDate: in a game created from 2023-03-04 to
// 2023-03-06, a dividend's two-cell move that would pass an end of the
// market does not move the price; before and after, it stops at the end.
func TestZigZagStopShortByDate(t *testing.T) {
	for _, tc := range []struct {
		day   string
		short bool
	}{{"2023-03-03", false}, {"2023-03-04", true}, {"2023-03-06", true}, {"2023-03-07", false}, {"2026-01-01", false}} {
		g, err := NewOf([]int{1, 2}, []string{"A", "B"}, nil, NewBoard, rulesOn(t, tc.day))
		if err != nil {
			t.Fatal(err)
		}
		row := g.Market.Rows[0]
		top, low := row[len(row)-2], row[1]
		wantTop, wantLow := row[len(row)-1], row[0]
		if tc.short {
			wantTop, wantLow = top, low
		}
		if got := g.Market.Right(top); got != wantTop {
			t.Errorf("%s: a payout from %d moves to %d, want %d", tc.day, top.Price, got.Price, wantTop.Price)
		}
		if got := g.Market.Left(low); got != wantLow {
			t.Errorf("%s: a withheld dividend from %d moves to %d, want %d", tc.day, low.Price, got.Price, wantLow.Price)
		}
		if mid := row[5]; g.Market.Right(mid) != row[7] || g.Market.Left(mid) != row[3] {
			t.Errorf("%s: moves inside the market changed", tc.day)
		}
	}
}
