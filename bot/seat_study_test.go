package bot

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tresham/titles"
	"tresham/titles/title"
)

// TestSeatStudy plays four heuristic bots and logs the wins by seat, the
// ends (by the winner's seat), the final phases and the game lengths;
// with TRESHAM_SEAT_VERBOSE set also, per game, every company's director,
// price, trains, treasury and holders (and with TRESHAM_SEAT_ROUTES what
// one more train would add to its run): the material for explaining a
// seat bias. It runs only when TRESHAM_SEAT_STUDY names a title;
// TRESHAM_BOT_SEED0 and TRESHAM_BOT_GAMES set the seeds (default 1 and
// 20).
func TestSeatStudy(t *testing.T) {
	name := os.Getenv("TRESHAM_SEAT_STUDY")
	if name == "" {
		t.Skip("TRESHAM_SEAT_STUDY not set")
	}
	seed0, games := 1, 20
	if n, err := strconv.Atoi(os.Getenv("TRESHAM_BOT_SEED0")); err == nil {
		seed0 = n
	}
	if n, err := strconv.Atoi(os.Getenv("TRESHAM_BOT_GAMES")); err == nil && n > 0 {
		games = n
	}
	d, ok := titles.Lookup(name)
	if !ok {
		t.Fatalf("no title %q", name)
	}
	wins := make([]int, 5)
	ends := map[string]int{}
	phases := map[int]int{}
	var lengths []int
	total := 0
	verbose := os.Getenv("TRESHAM_SEAT_VERBOSE") != ""
	for i := 0; i < games; i++ {
		seed := uint64(seed0 + i)
		var players []title.Player
		seats := map[int]Player{}
		for id := 1; id <= 4; id++ {
			players = append(players, title.Player{ID: id, Name: "Player " + strconv.Itoa(id)})
			seats[id] = NewHeuristic(seed*131 + uint64(id))
		}
		g, err := d.New(players, nil)
		if err != nil {
			t.Fatal(err)
		}
		st, err := Play(g, seats, PlayOptions{MaxActions: maxActions})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		res := g.(interface{ Result() map[string]int }).Result()
		best, bestV := 0, -1
		for id := 1; id <= 4; id++ {
			if v := res[strconv.Itoa(id)]; v > bestV {
				best, bestV = id, v
			}
		}
		wins[best]++
		lengths = append(lengths, st.Actions)
		total += bestV
		eg := Engine(g)
		var corps []string
		for _, c := range eg.Corps {
			if c.President == 0 && !c.Floated {
				continue
			}
			var hs []string
			for id, pct := range eg.PlayerHolders(c) {
				hs = append(hs, fmt.Sprintf("%d:%d", id, pct))
			}
			extra := ""
			if os.Getenv("TRESHAM_SEAT_ROUTES") != "" {
				if p, err := positionOf(g); err == nil {
					var own []trainAllowance
					for _, tr := range c.Trains {
						own = append(own, trainAllowance{tr.Major, tr.Minor})
					}
					extra = fmt.Sprintf(" rev %d +2:%d +3:%d +4:%d st%d", p.approxRevenue(p.b, c, own),
						p.approxRevenue(p.b, c, append(own[:len(own):len(own)], trainAllowance{2, 0})),
						p.approxRevenue(p.b, c, append(own[:len(own):len(own)], trainAllowance{3, 0})),
						p.approxRevenue(p.b, c, append(own[:len(own):len(own)], trainAllowance{4, 0})), stationCount(p.b, c.Sym))
				}
			}
			var tn []string
			for _, tr := range c.Trains {
				tn = append(tn, tr.Name)
			}
			corps = append(corps, fmt.Sprintf("%s(p%d $%d t%s c%d %s%s)", c.Sym, c.President, c.Price(), strings.Join(tn, ""), c.Cash, strings.Join(hs, ","), extra))
		}
		var cash []string
		for _, p := range eg.Players {
			cash = append(cash, fmt.Sprintf("%d:%d/%d c%d", p.ID, p.Cash, res[strconv.Itoa(p.ID)], eg.NumCerts(p)))
		}
		ends[eg.EndReason]++
		ends[fmt.Sprintf("%s-seat%d", eg.EndReason, best)]++
		phases[eg.PhaseIdx]++
		if !verbose {
			continue
		}
		t.Logf("seed %d win %d end %s actions %d phase %d | %s | %s", seed, best, eg.EndReason, st.Actions, eg.PhaseIdx, strings.Join(cash, " "), strings.Join(corps, " "))
	}
	slices.Sort(lengths)
	t.Logf("wins by seat %v ends %v final phases %v actions min %d median %d max %d, mean winner score %d",
		wins[1:], ends, phases, lengths[0], lengths[len(lengths)/2], lengths[len(lengths)-1], total/games)
}
