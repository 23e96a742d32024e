package t1825

import (
	"testing"
	"time"

	"tresham/board"
	"tresham/titles/title"
)

// rulesOn is the rules of a day (YYYY-MM-DD).
func rulesOn(t *testing.T, day string) title.Rules {
	t.Helper()
	at, err := time.Parse(time.DateOnly, day)
	if err != nil {
		t.Fatal(err)
	}
	return title.RulesOf(at)
}

// TestUnit2WithKit3ByDate: with Kit 3, a Unit 2 game created before
// 2025-09-27 keeps Unit 2's two 6-trains and its gray tiles 49, 50 and 51;
// one created since has Kit 3's in their place. Units 1+2 keep their
// 6-trains either way (the change touched Unit 2 alone), and lose the
// gray tiles only since.
func TestUnit2WithKit3ByDate(t *testing.T) {
	for _, tc := range []struct {
		units, day   string
		sixes, grays int
	}{
		{"unit_2", "2025-09-26", 2, 4},
		{"unit_2", "2025-09-27", 0, 0},
		{"unit_12", "2025-09-26", -1, 4},
		{"unit_12", "2025-09-27", -1, 0},
	} {
		g, err := NewOf([]int{1, 2, 3}, []string{"A", "B", "C"}, []string{tc.units, "k3"}, rulesOn(t, tc.day))
		if err != nil {
			t.Fatal(err)
		}
		today, err := New([]int{1, 2, 3}, []string{"A", "B", "C"}, []string{tc.units, "k3"})
		if err != nil {
			t.Fatal(err)
		}
		sixes := func(o Options) int {
			for _, d := range Trains(o) {
				if d.Name == "6" {
					return d.Count
				}
			}
			return 0
		}
		if tc.sixes >= 0 && sixes(g.Opts)-sixes(today.Opts) != tc.sixes {
			t.Errorf("%s on %s: %d 6-trains, today %d, want %d more", tc.units, tc.day, sixes(g.Opts), sixes(today.Opts), tc.sixes)
		}
		if tc.sixes < 0 && sixes(g.Opts) != sixes(today.Opts) {
			t.Errorf("%s on %s: %d 6-trains, today %d", tc.units, tc.day, sixes(g.Opts), sixes(today.Opts))
		}
		grays := func(o Options) int {
			specs, err := TileSpecs(o)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, s := range specs {
				if s.Name == "49" || s.Name == "50" || s.Name == "51" {
					n += s.Count
				}
			}
			return n
		}
		if got := grays(g.Opts) - grays(today.Opts); got != tc.grays {
			t.Errorf("%s on %s: %d more of tiles 49-51 than today, want %d", tc.units, tc.day, got, tc.grays)
		}
	}
}

// TestTeeStopsInOneHexByDate: a 3T of a game created before 2025-12-06
// may call at two large stations of one hex (London twice, as the 2022
// game's 3T does); since, only several small ones. Other trains never.
func TestTeeStopsInOneHexByDate(t *testing.T) {
	city := func(hex string, i int) stop {
		return stop{ref: board.NodeRef{Hex: hex, Node: i}, city: true, value: 40, token: true}
	}
	town := func(hex string, i int) stop { return stop{ref: board.NodeRef{Hex: hex, Node: i}, value: 10} }
	twoCities := []stop{city("V20", 0), city("W19", 0), city("V20", 1)}
	twoTowns := []stop{city("V20", 0), town("W21", 0), town("W21", 1)}
	for _, tc := range []struct {
		day, train string
		v          []stop
		ok         bool
	}{
		{"2025-12-05", "3T", twoCities, true},
		{"2025-12-06", "3T", twoCities, false},
		{"2025-12-05", "3T", twoTowns, true},
		{"2025-12-06", "3T", twoTowns, true},
		{"2025-12-05", "3", twoCities, false},
	} {
		g, err := NewOf([]int{1, 2, 3, 4}, []string{"A", "B", "C", "D"}, []string{"unit_1", "r1"}, rulesOn(t, tc.day))
		if err != nil {
			t.Fatal(err)
		}
		r, err := g.ruleOf(tc.train)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = r.evaluate(tc.v, true, false, nil)
		if (err == nil) != tc.ok {
			t.Errorf("%s on %s: %v, want accepted %v", tc.train, tc.day, err, tc.ok)
		}
	}
}

// TestPrintedRulesIgnoreDates: printed_rules games follow the rulebook
// whatever their date.
func TestPrintedRulesIgnoreDates(t *testing.T) {
	g, err := NewOf([]int{1, 2, 3, 4}, []string{"A", "B", "C", "D"}, []string{"unit_1", "printed_rules"}, rulesOn(t, "2022-01-01"))
	if err != nil {
		t.Fatal(err)
	}
	if g.Opts.era != (era{}) || g.tradePriceStep() != 10 {
		t.Errorf("printed_rules game of 2022: era %+v, price step %d", g.Opts.era, g.tradePriceStep())
	}
}

// TestF8TownsByDate: with Unit 3, F8 (Dunfermline & Kirkaldy) is printed
// with one town in a game created before 2022-04-16 (18xx.games's map had
// a typo that read as one) and with two since, as in the rulebook; so a
// single-town tile fits it before and a double-town tile after.
func TestF8TownsByDate(t *testing.T) {
	for _, tc := range []struct {
		day   string
		towns int
	}{{"2022-04-15", 1}, {"2022-04-16", 2}, {"2026-01-01", 2}} {
		g, err := NewOf([]int{1, 2}, []string{"A", "B"}, []string{"unit_3"}, rulesOn(t, tc.day))
		if err != nil {
			t.Fatal(err)
		}
		tile, _, ok := g.Board.TileOn("F8")
		if !ok {
			t.Fatal("no hex F8 with Unit 3")
		}
		if tile.NumTowns() != tc.towns {
			t.Errorf("%s: F8 has %d towns, want %d", tc.day, tile.NumTowns(), tc.towns)
		}
	}
	// printed_rules follows the rulebook's map whatever the date
	g, err := NewOf([]int{1, 2}, []string{"A", "B"}, []string{"unit_3", "printed_rules"}, rulesOn(t, "2022-04-15"))
	if err != nil {
		t.Fatal(err)
	}
	if tile, _, _ := g.Board.TileOn("F8"); tile.NumTowns() != 2 {
		t.Errorf("printed_rules: F8 has %d towns, want 2", tile.NumTowns())
	}
}

// TestChosenStopsBaseByDate: a 4+4E pays its four best cities; in a game
// created before 2022-01-31 they need not include the company's base (the
// four best of C10* C30 C40 C50 C60 pay 2 x 180), since they do (2 x 160).
func TestChosenStopsBaseByDate(t *testing.T) {
	for _, tc := range []struct {
		day     string
		revenue int
	}{{"2022-01-30", 2 * 180}, {"2022-01-31", 2 * 160}} {
		g, err := NewOf([]int{1, 2, 3}, []string{"A", "B", "C"}, []string{"unit_1", "k7"}, rulesOn(t, tc.day))
		if err != nil {
			t.Fatal(err)
		}
		r, err := g.ruleOf("4+4E")
		if err != nil {
			t.Fatal(err)
		}
		rev, _, err := r.evaluate(stops("C10* C30 C40 C50 C60"), false, false, nil)
		if err != nil || rev != tc.revenue {
			t.Errorf("%s: revenue %d (%v), want %d", tc.day, rev, err, tc.revenue)
		}
	}
}
