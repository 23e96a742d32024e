package bot

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"tresham/engine"
	"tresham/titles/t1825"
	"tresham/titles/t1860"
)

// maxActions caps a test game; a game that has not ended by then stalls.
const maxActions = 20000

// newThreePlayer sets up a 3-player game of the title ("1860", or "1825"
// with Unit 2).
func newThreePlayer(title string) (Game, error) {
	ids := []int{1, 2, 3}
	names := []string{"Player 1", "Player 2", "Player 3"}
	switch title {
	case "1860":
		return t1860.New(ids, names, nil, t1860.NewBoard)
	case "1825":
		return t1825.New(ids, names, []string{"unit_2"})
	}
	return nil, fmt.Errorf("unknown title %q", title)
}

// match is the outcome of one game between one heuristic and two random
// bots.
type match struct {
	heuristic string         // the heuristic bot's player id
	result    map[string]int // final values by player id
	actions   int
	heurMoves int
	heurTime  time.Duration
	refused   int // listed moves of the random bots that Apply refused
	total     time.Duration
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
// and random bots elsewhere, all seeded from seed.
func playMatch(title string, seed uint64, seat int) (match, error) {
	m, _, err := playMatchGame(title, seed, seat)
	return m, err
}

// playMatchGame is playMatch that also returns the game played.
func playMatchGame(title string, seed uint64, seat int) (match, Game, error) {
	g, err := newThreePlayer(title)
	if err != nil {
		return match{}, nil, err
	}
	p, err := positionOf(g)
	if err != nil {
		return match{}, nil, err
	}
	heur := NewHeuristic(seed)
	rnd := map[int]*Random{}
	for i := 1; i <= 3; i++ {
		rnd[i] = &Random{Rand: rand.New(rand.NewPCG(seed, uint64(i))), PassWeight: 0.3}
	}
	m := match{heuristic: strconv.Itoa(seat + 1)}
	start := time.Now()
	for ; m.actions < maxActions && !g.IsFinished(); m.actions++ {
		acting := g.Acting()
		if len(acting) == 0 {
			return m, g, fmt.Errorf("action %d: nobody may act", m.actions)
		}
		who := playerOf(p.eg, acting[0])
		var a engine.Action
		var err error
		if who == seat+1 {
			t0 := time.Now()
			a, err = heur.Move(g)
			m.heurTime += time.Since(t0)
			m.heurMoves++
			if err == nil {
				a.ID = m.actions + 1
				err = g.Apply(&a)
			}
		} else {
			// a company in receivership has no president: a random bot
			// decides for it. The title may list a move Apply refuses
			// (1825 lists lays whose terrain the company cannot pay):
			// those are counted and the random bot draws again.
			r := rnd[max(who, 1)]
			for try := 0; try < 50; try++ {
				if a, err = r.Move(g); err != nil {
					break
				}
				a.ID = m.actions + 1
				if err = g.Apply(&a); err == nil {
					break
				}
				m.refused++
			}
		}
		if err != nil {
			return m, g, fmt.Errorf("action %d (%s by %s): %w", m.actions, a.Type, a.Entity, err)
		}
		p, _ = positionOf(g) // a refused action would rebuild the game
	}
	m.total = time.Since(start)
	if !g.IsFinished() {
		return m, g, fmt.Errorf("not finished after %d actions", m.actions)
	}
	m.result = g.(interface{ Result() map[string]int }).Result()
	return m, g, nil
}

// TestTmpMatch is a scratch run.
func TestTmpMatch(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("N"))
	for _, title := range []string{"1860", "1825"} {
		for i := 0; i < max(n, 1); i++ {
			m, err := playMatch(title, uint64(i+1), i%3)
			if err != nil {
				t.Fatalf("%s seed %d: %v", title, i+1, err)
			}
			t.Logf("%s seed %d seat %d: %v win=%v actions=%d heur %d moves %v total %v", title, i+1, i%3, m.result, m.wins(), m.actions, m.heurMoves, m.heurTime, m.total)
		}
	}
}

func TestTmpTrace(t *testing.T) {
	seed, _ := strconv.Atoi(os.Getenv("SEED"))
	seat, _ := strconv.Atoi(os.Getenv("SEAT"))
	m, g, err := playMatchGame(os.Getenv("TITLE"), uint64(seed), seat)
	p, _ := positionOf(g)
	for _, l := range p.eg.Log {
		fmt.Println(l)
	}
	fmt.Println(m.result, err)
}
