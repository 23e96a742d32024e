package mapview

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/replay"
	"tresham/titles/title"
)

// TestAuctionPicks follows 1860's opening auctions (a real two-player game
// and synthetic three- and four-player ones) action by action: the
// auction's view lists as earlier picks exactly what the log says, in
// order: who won the bidding for how much, and what he took for what.
func TestAuctionPicks(t *testing.T) {
	wins := regexp.MustCompile(`^(.+) wins auction for £(\d+)$`)
	buys := regexp.MustCompile(`^(.+) buys (.+) for £(\d+)$`)
	pars := regexp.MustCompile(`^(.+) pars (\S+) at £(\d+)$`)
	for _, fixture := range []string{"1860/19354.json", "synthetic/1860/1860-base-4p-18.json", "synthetic/1860/1860-base-3p-9.json"} {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, fixture))
		if err != nil {
			t.Fatal(err)
		}
		g, err := replay.New(src)
		if err != nil {
			t.Fatal(err)
		}
		ids := map[string]int{}
		for _, p := range g.Engine().Players {
			ids[p.Name] = p.ID
		}
		var want []string // the picks as the log says them
		won := map[string]int{}
		checked := 0
		for _, i := range g18xx.EffectiveIndices(src.Actions) {
			a := &src.Actions[i]
			if a.Type == g18xx.TypeMessage {
				continue
			}
			ea := replay.Convert(a)
			if err := g.Apply(&ea); err != nil {
				t.Fatalf("%s action %d: %v", fixture, a.ID, err)
			}
			for _, l := range g.State()["log"].([]string) {
				if m := wins.FindStringSubmatch(l); m != nil {
					won[m[1]], _ = strconv.Atoi(m[2])
				}
				if m := buys.FindStringSubmatch(l); m != nil {
					want = append(want, fmt.Sprintf("%d bid %d took %s for %s", ids[m[1]], won[m[1]], m[2], m[3]))
				}
				if m := pars.FindStringSubmatch(l); m != nil {
					par, _ := strconv.Atoi(m[3])
					want = append(want, fmt.Sprintf("%d bid %d took %s at %d", ids[m[1]], won[m[1]], m[2], par))
				}
			}
			au := g.(title.Auctioneer).Auction()
			if au == nil {
				break
			}
			var got []string
			for _, p := range au.Picks {
				if p.Par > 0 {
					got = append(got, fmt.Sprintf("%d bid %d took %s at %d", p.Player, p.Bid, p.Sym, p.Par))
					if p.Cost <= 0 || p.Cost > 2*p.Par {
						t.Errorf("%s after %d: %s's director's certificate cost %d at par %d", fixture, a.ID, p.Sym, p.Cost, p.Par)
					}
				} else {
					got = append(got, fmt.Sprintf("%d bid %d took %s for %d", p.Player, p.Bid, p.Name, p.Cost))
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%s after %d: picks %q, the log says %q", fixture, a.ID, got, want)
			}
			checked++
		}
		if len(want) < 5 || checked < 10 {
			t.Errorf("%s: %d picks, %d positions checked", fixture, len(want), checked)
		}
	}
}
