package bot

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"tresham/titles"
	"tresham/titles/title"
)

// maxActions caps a test game; a game that has not ended by then stalls.
const maxActions = 20000

// newThreePlayer sets up a 3-player game of the title ("1860", or "1825"
// with Unit 2).
func newThreePlayer(name string) (Game, error) {
	d, ok := titles.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("unknown title %q", name)
	}
	var options []string
	if name == "1825" {
		options = []string{"unit_2"}
	}
	return d.New([]title.Player{{ID: 1, Name: "Player 1"}, {ID: 2, Name: "Player 2"}, {ID: 3, Name: "Player 3"}}, options)
}

// match is the outcome of one game between one heuristic and two random
// bots.
type match struct {
	heuristic string         // the heuristic bot's player id
	result    map[string]int // final values by player id
	stats     PlayStats
}

// wins reports whether the heuristic bot has the strictly highest value.
func (m match) wins() bool {
	for id, v := range m.result {
		if id != m.heuristic && v >= m.result[m.heuristic] {
			return false
		}
	}
	return true
}

// playMatch plays one game of title with the heuristic bot in seat (0-2)
// and random bots elsewhere, all seeded from seed, driven by Play.
//
// With consent a train bought from a company another player directs
// changes hands only when that director agrees (the rules' agreed price,
// 1860 and 1825 4.6.5); without, the titles' own rule applies, where a
// random bot's company takes the heuristic's trains for next to nothing.
func playMatch(title string, seed uint64, seat int, consent bool) (match, error) {
	m, _, err := playMatchGame(title, seed, seat, consent)
	return m, err
}

// playMatchGame is playMatch that also returns the game played.
func playMatchGame(title string, seed uint64, seat int, consent bool) (match, Game, error) {
	g, err := newThreePlayer(title)
	if err != nil {
		return match{}, nil, err
	}
	seats := map[int]Player{}
	for i := 1; i <= 3; i++ {
		seats[i] = &Random{Rand: rand.New(rand.NewPCG(seed, uint64(i))), PassWeight: 0.3}
	}
	seats[seat+1] = NewHeuristic(seed)
	m := match{heuristic: strconv.Itoa(seat + 1)}
	m.stats, err = Play(g, seats, PlayOptions{MaxActions: maxActions, IgnoreConsent: !consent})
	if err != nil {
		return m, g, err
	}
	if !g.IsFinished() {
		return m, g, fmt.Errorf("not finished after %d actions", m.stats.Actions)
	}
	m.result = g.(interface{ Result() map[string]int }).Result()
	return m, g, nil
}

// beats reports whether the heuristic bot ended above player id.
func (m match) beats(id string) bool { return m.result[m.heuristic] > m.result[id] }

// TestHeuristicBeatsRandom plays one heuristic bot against two random bots
// in 3-player 1860 and 1825 (Unit 2), rotating the heuristic bot's seat
// (seed s puts it in seat s mod 3), and reports how often it has the top
// value and how often it ends above each random bot. Every game must
// finish within maxActions.
//
// Two settings, both driven by Play: "consent", where a train bought from
// a company another player directs needs that director's agreement (the
// rules' agreed price, 1860 and 1825 4.6.5), and "engine", the titles'
// own rule, where the random bots' companies take the heuristic's trains
// for next to nothing. The win rate is asserted in the consent setting
// only: at least 90% in 1825 over 100 games (97% on seeds 1-200, 95% on
// 1001-1200) and 80% in 1860 over 12 (95.5% on seeds 1-200), whose games
// are ten times slower; with fewer games (-short) 60%.
//
// TRESHAM_BOT_GAMES sets the number of games per title and setting (seeds
// 1..n); the defaults keep the test near half a minute, less with -short.
// TestHeuristicStudy measures many games.
func TestHeuristicBeatsRandom(t *testing.T) {
	override := 0
	if n, err := strconv.Atoi(os.Getenv("TRESHAM_BOT_GAMES")); err == nil && n > 0 {
		override = n
	}
	tests := []struct {
		title        string
		consent      bool
		games, short int
		minWins      float64 // asserted share of top-value finishes (0: report only)
	}{
		{"1860", false, 3, 1, 0},
		{"1825", false, 10, 3, 0},
		{"1860", true, 12, 3, 0.8},
		{"1825", true, 100, 10, 0.9},
	}
	for _, tc := range tests {
		setting := "engine"
		if tc.consent {
			setting = "consent"
		}
		games := tc.games
		if testing.Short() {
			games = tc.short
		}
		if override > 0 {
			games = override
		}
		t.Run(tc.title+"/"+setting, func(t *testing.T) {
			wins, h2h := 0, 0
			var heurTime, total time.Duration
			moves, refused, rejected := 0, 0, 0
			for i := 0; i < games; i++ {
				seed, seat := uint64(i+1), (i+1)%3
				m, err := playMatch(tc.title, seed, seat, tc.consent)
				if err != nil {
					t.Fatalf("seed %d seat %d: %v", seed, seat, err)
				}
				if m.wins() {
					wins++
				}
				for id := range m.result {
					if id != m.heuristic && m.beats(id) {
						h2h++
					}
				}
				id := seat + 1
				heurTime += m.stats.Time[id]
				total += m.stats.Total
				moves += m.stats.Moves[id]
				refused += m.stats.Refusals
				rejected += m.stats.Rejected
			}
			rate := float64(wins) / float64(games)
			t.Logf("%s %s: top value in %d/%d games (%.0f%%), above a random bot in %d/%d pairings (%.0f%%); %.0f ms per game, %.2f ms per heuristic move; %d train sales refused, %d moves rejected by Apply",
				tc.title, setting, wins, games, 100*rate, h2h, 2*games, 100*float64(h2h)/float64(2*games),
				float64(total.Milliseconds())/float64(games), float64(heurTime.Microseconds())/1000/float64(max(moves, 1)), refused, rejected)
			want := tc.minWins
			if want > 0 && games < 12 {
				want = 0.6 // a loss or two in a handful of games is noise
			}
			if want > 0 && rate < want {
				t.Errorf("%s %s: heuristic won %d/%d games, want at least %.0f%%", tc.title, setting, wins, games, 100*want)
			}
		})
	}
}
