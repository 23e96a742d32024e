package mapview

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/replay"
	"tresham/titles/title"
)

// TestSoldThisRound follows real games of both titles action by action:
// in every stock round what the view says each player sold this round is
// what the log's sale lines since the round's heading say (shares and
// privates), and outside stock rounds nothing.
func TestSoldThisRound(t *testing.T) {
	sells := regexp.MustCompile(`^(.+?) sells (?:an? \d+% share|\d+%|a \d+% director's certificate|\d+ shares?)?.*? of (\S+) and receives|^(.+?) sells (.+) to (?:the )?bank for `)
	for _, fixture := range []string{"1860/19354.json", "1825/141331.json"} {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, fixture))
		if err != nil {
			t.Fatal(err)
		}
		g, err := replay.New(src)
		if err != nil {
			t.Fatal(err)
		}
		eg := g.Engine()
		names := map[string]int{}
		for _, p := range eg.Players {
			names[p.Name] = p.ID
		}
		privates := map[string]string{}
		for _, c := range eg.Companies {
			privates[c.Name] = c.Sym
		}
		seen := map[int][]string{}
		withSales := 0
		for _, i := range g18xx.EffectiveIndices(src.Actions) {
			a := &src.Actions[i]
			if a.Type == g18xx.TypeMessage {
				continue
			}
			ea := replay.Convert(a)
			if err := g.Apply(&ea); err != nil {
				t.Fatalf("%s action %d: %v", fixture, a.ID, err)
			}
			st := g.State()
			for _, l := range st["log"].([]string) {
				if strings.HasPrefix(l, "-- Stock Round") || strings.HasPrefix(l, "-- Operating Round") {
					seen = map[int][]string{}
				}
				m := sells.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				who, sym := m[1], m[2]
				if who == "" {
					who, sym = m[3], privates[m[4]]
				}
				id, ok := names[who]
				if !ok || sym == "" {
					t.Fatalf("%s after %d: a sale line %q not understood", fixture, a.ID, l)
				}
				if !slices.Contains(seen[id], sym) {
					seen[id] = append(seen[id], sym)
					slices.Sort(seen[id])
				}
			}
			got := g.(title.SaleRecorder).SoldThisRound()
			if st["round"] != "Stock" {
				if got != nil {
					t.Fatalf("%s after %d (%v): sales %v outside a stock round", fixture, a.ID, st["round"], got)
				}
				continue
			}
			want := map[int][]string{}
			for id, syms := range seen {
				if len(syms) > 0 {
					want[id] = syms
				}
			}
			if len(got) != len(want) {
				t.Fatalf("%s after %d: sold %v, the log says %v", fixture, a.ID, got, want)
			}
			for id, syms := range want {
				if !slices.Equal(got[id], syms) {
					t.Fatalf("%s after %d: player %d sold %v, the log says %v", fixture, a.ID, id, got[id], syms)
				}
			}
			if len(want) > 0 {
				withSales++
			}
		}
		if withSales < 20 {
			t.Errorf("%s: %d positions in stock rounds with sales checked", fixture, withSales)
		}
	}
}
