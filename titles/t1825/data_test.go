package t1825

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"testing"
)

// runLength encodes train ids ("2-0", "2-1", "3-0", …) as the trace's
// depot.upcoming: [[name, count], …].
func runLength(ids []string) [][2]any {
	var out [][2]any
	for _, id := range ids {
		name := id[:len(id)-len(id[lastDash(id):])]
		if n := len(out); n > 0 && out[n-1][0] == name {
			out[n-1][1] = out[n-1][1].(float64) + 1
			continue
		}
		out = append(out, [2]any{name, float64(1)})
	}
	return out
}

func lastDash(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '-' {
			return i
		}
	}
	return len(s)
}

// TestFixtureSetup checks the facts of every traced fixture's first line
// that the data decides: each player's cash and certificate after the
// opening deal, the bank, the certificate limit, the trains for sale and
// those set aside for minors, the private companies and the corporations
// (minor or major, station markers, shares, the LNWR's par when dealt).
// Every fixture's options and player count must also be accepted.
func TestFixtureSetup(t *testing.T) {
	checked := 0
	for _, path := range fixtureGames(t) {
		f := loadFixture(t, path)
		n := len(f.game.Players)
		cash, ok := StartingCash(f.opts, n)
		if !ok {
			t.Errorf("%s: no starting cash for %d players", f.name, n)
		}
		if _, ok := CertLimit(f.opts, n); !ok {
			t.Errorf("%s: no certificate limit for %d players", f.name, n)
		}
		if f.trace == nil {
			continue
		}
		checked++
		t.Run(f.name, func(t *testing.T) {
			init := f.trace[0]
			deal := OpeningDeal(f.opts, n)
			seat := map[int]int{}
			for i, p := range f.game.Players {
				seat[p.ID] = i
			}
			total := 0
			dealt := map[string]string{} // cert -> owner id
			for _, p := range init.Players {
				d := deal[seat[p.ID]]
				if p.Cash != cash-d.Price || !reflect.DeepEqual(p.Certs, []string{d.Cert}) {
					t.Errorf("player %d: cash %d certs %v, want %d %v", p.ID, p.Cash, p.Certs, cash-d.Price, []string{d.Cert})
				}
				total += p.Cash
				dealt[d.Cert] = strconv.Itoa(p.ID)
			}
			if got := BankSize(f.opts); got != init.Flags.BankSize || got-total != init.BankCash {
				t.Errorf("bank %d (bank_cash %d), want %d (%d)", got, got-total, init.Flags.BankSize, init.BankCash)
			}
			if got, _ := CertLimit(f.opts, n); got != init.CertLimit {
				t.Errorf("cert limit %d, want %d", got, init.CertLimit)
			}
			upcoming, reserved := startingDepot(f.opts)
			if got := runLength(upcoming); !reflect.DeepEqual(fmt.Sprint(got), fmt.Sprint(init.Depot.Upcoming)) {
				t.Errorf("depot %v, want %v", got, init.Depot.Upcoming)
			}
			if !reflect.DeepEqual(reserved, init.Flags.MinorTrains) && (len(reserved) > 0 || len(init.Flags.MinorTrains) > 0) {
				t.Errorf("minor trains %v, want %v", reserved, init.Flags.MinorTrains)
			}
			var comps []traceCompany
			for _, c := range Companies(f.opts) {
				tc := traceCompany{Sym: c.Sym, Revenue: c.Revenue, Value: c.Value}
				if id, ok := dealt[c.Sym]; ok {
					tc.Owner, _ = strconv.ParseFloat(id, 64)
				}
				comps = append(comps, tc)
			}
			sort.Slice(comps, func(i, j int) bool { return comps[i].Sym < comps[j].Sym })
			if !reflect.DeepEqual(comps, init.Companies) {
				t.Errorf("companies %v, want %v", comps, init.Companies)
			}
			var corps []traceCorp
			for _, c := range Corporations(f.opts) {
				tc := traceCorp{Sym: c.Sym, Minor: c.Minor, TokensPlaced: []string{}, TokensUnplaced: len(c.Tokens), SharesByOwner: map[string]int{}}
				ipo := 100
				for i, pct := range c.Shares() {
					if owner, ok := dealt[c.Sym+"_"+strconv.Itoa(i)]; ok {
						tc.SharesByOwner[owner] += pct
						ipo -= pct
						par := c.Par
						tc.ParPrice = &par
					}
				}
				tc.SharesByOwner["ipo"] = ipo
				corps = append(corps, tc)
			}
			sort.Slice(corps, func(i, j int) bool { return corps[i].Sym < corps[j].Sym })
			if !reflect.DeepEqual(corps, init.Corporations) {
				t.Errorf("corporations\n got %+v\nwant %+v", corps, init.Corporations)
			}
		})
	}
	t.Logf("setup facts checked against %d golden traces", checked)
}

func TestParseOptions(t *testing.T) {
	tests := []struct {
		rules   []string
		players int
		want    string // UnitKey, or "error"
	}{
		{nil, 2, "3"},
		{nil, 3, "2"},
		{nil, 4, "1"},
		{nil, 5, "1"},
		{nil, 6, "12"},
		{nil, 7, "12"},
		{nil, 8, "123"},
		{[]string{"unit_1", "unit_2"}, 4, "12"},
		{[]string{"unit_2", "unit_3"}, 4, "23"},
		{[]string{"unit_1", "unit_2", "unit_3"}, 4, "123"},
		{[]string{"unit_123", "r1", "r2", "r3"}, 9, "123"},
		{[]string{"unit_123"}, 9, "error"},
		{[]string{"unit_3"}, 3, "error"},
		{[]string{"unit_1", "unit_3"}, 4, "error"},
		{[]string{"unit_2", "r1"}, 3, "error"},
		{[]string{"unit_1", "k2"}, 3, "error"},
		{[]string{"unit_1", "k1", "d1"}, 3, "error"},
		{[]string{"unit_2", "db2"}, 3, "error"},
		{[]string{"unit_1", "big_bank", "strict_bank"}, 3, "error"},
		{[]string{"unit_3", "unit_4"}, 2, "3"},
		{[]string{"unit_2", "unit_4"}, 2, "error"},
		{[]string{"k1"}, 3, "error"},
		{[]string{"no_such_rule"}, 3, "error"},
	}
	for _, tc := range tests {
		o, err := ParseOptions(tc.rules, tc.players)
		got := o.UnitKey()
		if err != nil {
			got = "error"
		}
		if got != tc.want {
			t.Errorf("ParseOptions(%v, %d) = %s (%v), want %s", tc.rules, tc.players, got, err, tc.want)
		}
	}
	o, _ := ParseOptions(nil, 9)
	if !o.Regionals[1] || !o.Regionals[2] || !o.Regionals[3] {
		t.Error("nine players should bring the three Regional Kits")
	}
	o, _ = ParseOptions([]string{"unit_123", "r1", "k3", "k5", "u3p", "db1"}, 6)
	if got := o.Rules(); !reflect.DeepEqual(got, []string{"unit_123", "r1", "k3", "k5", "u3p", "db1"}) {
		t.Errorf("Rules() = %v", got)
	}
}

// Table checks of the figures that no traced fixture covers.
func TestUnitTables(t *testing.T) {
	opts := func(rules ...string) Options {
		o, err := ParseOptions(rules, 0)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	tests := []struct {
		o                 Options
		players           int
		cash, certs, bank int
		market            string // last cell
		lastPhase         string
	}{
		{opts("unit_1"), 5, 504, 10, 5000, "340e", "3"},
		{opts("unit_2"), 4, 600, 12, 5000, "500e", "3a"},
		{opts("unit_3"), 2, 750, 17, 4000, "340e", "3"},
		{opts("unit_12"), 7, 360, 14, 5000, "500e", "3a"},
		{opts("unit_23"), 5, 504, 18, 5000, "500e", "3a"},
		{opts("unit_123"), 8, 315, 17, 5000, "500e", "3a"},
		{opts("unit_123", "big_bank"), 4, 630, 33, 14000, "500e", "3a"},
		{opts("unit_12", "k3", "k5"), 3, 840, 31 + 2, 5000 + 2000 + 2000, "500e", "4a"},
		{opts("unit_1", "r1", "r2", "strict_bank"), 5, 504, 10 + 2, 5000, "340e", "3"},
	}
	for i, tc := range tests {
		cash, _ := StartingCash(tc.o, tc.players)
		certs, _ := CertLimit(tc.o, tc.players)
		m := Market(tc.o)
		ph := Phases(tc.o)
		if cash != tc.cash || certs != tc.certs || BankSize(tc.o) != tc.bank || m[len(m)-1] != tc.market || ph[len(ph)-1].Name != tc.lastPhase {
			t.Errorf("case %d (%v, %d players): cash %d certs %d bank %d market …%s last phase %s", i, tc.o.Rules(), tc.players,
				cash, certs, BankSize(tc.o), m[len(m)-1], ph[len(ph)-1].Name)
		}
	}
	// Units 1+2 share one LNWR with both homes and seven markers; S&M
	// (£30) keeps its place and L&MI (also £30) is left out.
	o := opts("unit_12")
	for _, c := range Corporations(o) {
		if c.Sym == "LNWR" && (!reflect.DeepEqual(c.Homes, []string{"T16", "Q11"}) || len(c.Tokens) != 7) {
			t.Errorf("LNWR with Units 1+2: %+v", c)
		}
	}
	var syms []string
	for _, c := range Companies(o) {
		syms = append(syms, c.Sym)
	}
	if !reflect.DeepEqual(syms, []string{"S&M", "C&HP", "C&W", "L&M", "S&D"}) {
		t.Errorf("Units 1+2 companies %v", syms)
	}
	// Five players of Unit 1 outnumber its four companies: the fifth gets
	// the LNWR director's certificate; with Units 1+2 and seven players the
	// sixth gets it and the seventh a share.
	if d := OpeningDeal(opts("unit_1"), 5); d[4] != (Deal{"LNWR_0", 200}) {
		t.Errorf("unit 1, 5 players: %v", d)
	}
	if d := OpeningDeal(o, 7); d[5] != (Deal{"LNWR_0", 200}) || d[6] != (Deal{"LNWR_1", 100}) {
		t.Errorf("units 1+2, 7 players: %v", d)
	}
	// K3 makes the 3-trains rust on the first 7 and drops one 5-train.
	for _, tr := range Trains(opts("unit_1", "k3")) {
		if (tr.Name == "3" && tr.RustsOn != "7") || (tr.Name == "5" && tr.Count != 3) || (tr.Name == "6" && tr.Count != 3) {
			t.Errorf("unit 1 + K3 train %+v", tr)
		}
	}
}

// startingDepot returns the ids ("NAME-i") of the trains for sale at the
// start, in sale order, and the trains set aside for the minors, in the
// order of Corporations (each minor takes the lowest-numbered copy of its
// train, which 18xx.games removes from the depot at setup): the depot as
// the data says it starts, to check against the traces (New builds the
// game's own from Trains and Corporations).
func startingDepot(o Options) (upcoming, reserved []string) {
	taken := map[string]int{} // copies of each train set aside
	for _, c := range Corporations(o) {
		if c.Minor && c.Train != "" {
			reserved = append(reserved, c.Train+"-"+strconv.Itoa(taken[c.Train]))
			taken[c.Train]++
		}
	}
	for _, t := range Trains(o) {
		for i := taken[t.Name]; i < t.Count; i++ {
			upcoming = append(upcoming, t.Name+"-"+strconv.Itoa(i))
		}
	}
	return upcoming, reserved
}
