package bot

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestHeuristicStudy measures the heuristic bot over many games and lists
// the games it does not win. It runs only when TRESHAM_BOT_STUDY names a
// title ("1860" or "1825"); TRESHAM_BOT_SEED0 is the first seed (default
// 1), TRESHAM_BOT_GAMES the number of games (default 200), and
// TRESHAM_BOT_ENGINE=1 drops consent.
func TestHeuristicStudy(t *testing.T) {
	title := os.Getenv("TRESHAM_BOT_STUDY")
	if title == "" {
		t.Skip("TRESHAM_BOT_STUDY not set")
	}
	seed0, games := 1, 200
	if n, err := strconv.Atoi(os.Getenv("TRESHAM_BOT_SEED0")); err == nil {
		seed0 = n
	}
	if n, err := strconv.Atoi(os.Getenv("TRESHAM_BOT_GAMES")); err == nil && n > 0 {
		games = n
	}
	consent := os.Getenv("TRESHAM_BOT_ENGINE") != "1"
	wins, h2h, refused := 0, 0, 0
	var total time.Duration
	for i := 0; i < games; i++ {
		seed, seat := uint64(seed0+i), (seed0+i)%3
		m, g, err := playMatchGame(title, seed, seat, consent)
		if err != nil {
			t.Errorf("seed %d seat %d: %v", seed, seat, err)
			continue
		}
		total += m.stats.Total
		refused += m.stats.Refusals
		for id := range m.result {
			if id != m.heuristic && m.beats(id) {
				h2h++
			}
		}
		if m.wins() {
			wins++
			continue
		}
		eg := Engine(g)
		var corps []string
		for _, c := range eg.Corps {
			if c.President != 0 || c.Floated {
				corps = append(corps, c.Sym+":"+strconv.Itoa(c.President)+"@"+strconv.Itoa(c.Price())+"/"+strconv.Itoa(len(c.Trains))+"t")
			}
		}
		t.Logf("lost seed %d heur %s result %v end %s phase %d actions %d refusals %d corps %s",
			seed, m.heuristic, m.result, eg.EndReason, eg.PhaseIdx, m.stats.Actions, m.stats.Refusals, strings.Join(corps, " "))
	}
	t.Logf("%s consent=%v seeds %d..%d: top %d/%d (%.1f%%), h2h %d/%d (%.1f%%), %.0f ms/game, %d refusals",
		title, consent, seed0, seed0+games-1, wins, games, 100*float64(wins)/float64(games), h2h, 2*games,
		100*float64(h2h)/float64(2*games), float64(total.Milliseconds())/float64(games), refused)
}
