package bot

import (
	"encoding/json"
	"math"
	"os"
	"strconv"
	"testing"
	"time"

	"tresham/engine"
)

// TestDeviationStudy measures how often the search is right to leave the
// heuristic's move. It plays 4-player games with one search:250ms bot
// (its seat rotated) against heuristic bots; at every searched decision
// where another move measured ahead of the heuristic's after at least two
// rollouts, it plays TRESHAM_STUDY_ROLLOUTS (default 60) more rollouts of
// both moves from that position (margins and wins) and writes one JSON line with what the
// decision saw (each move's rollouts, mean margin and spread) and what
// the long measurement found, to TRESHAM_STUDY_OUT. It runs only when
// TRESHAM_DEVIATION_STUDY names a title, for TRESHAM_STUDY_MINUTES
// (default 10), from seed TRESHAM_BOT_SEED0.
func TestDeviationStudy(t *testing.T) {
	title := os.Getenv("TRESHAM_DEVIATION_STUDY")
	if title == "" {
		t.Skip("TRESHAM_DEVIATION_STUDY not set")
	}
	envInt := func(k string, def int) int {
		if n, err := strconv.Atoi(os.Getenv(k)); err == nil && n > 0 {
			return n
		}
		return def
	}
	seed0, deep, minutes := envInt("TRESHAM_BOT_SEED0", 1), envInt("TRESHAM_STUDY_ROLLOUTS", 60), envInt("TRESHAM_STUDY_MINUTES", 10)
	f, err := os.Create(os.Getenv("TRESHAM_STUDY_OUT"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := json.NewEncoder(f)
	stop := time.Now().Add(time.Duration(minutes) * time.Minute)
	for seed := uint64(seed0); time.Now().Before(stop); seed++ {
		g, err := newFour(title)
		if err != nil {
			t.Fatal(err)
		}
		seat := int(seed%4) + 1
		st := &studySeat{s: NewSearch(Budget{Time: 250 * time.Millisecond}, seed), deep: deep, out: out, seed: seed, stop: stop}
		seats := map[int]Player{}
		for id := 1; id <= 4; id++ {
			seats[id] = NewHeuristic(seed*131 + uint64(id))
		}
		seats[seat] = st
		if _, err := Play(g, seats, PlayOptions{MaxActions: maxActions}); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		t.Logf("seed %d seat %d: %d decisions studied", seed, seat, st.n)
	}
}

type studySeat struct {
	s    *Search
	deep int
	out  *json.Encoder
	seed uint64
	stop time.Time
	n    int
}

type studyMove struct {
	Rollouts int     `json:"n"`
	Margin   float64 `json:"margin"`
	Spread   float64 `json:"spread"`
}

func (st *studySeat) Choose(g Game, entity string) (engine.Action, error) {
	return st.s.Choose(g, entity)
}
func (st *studySeat) Agree(g Game, seller string, a engine.Action) bool {
	return st.s.Agree(g, seller, a)
}

func (st *studySeat) Move(g Game) (engine.Action, error) {
	a, err := st.s.Move(g)
	an := st.s.Last
	if err != nil || an == nil || len(an.Moves) < 2 || time.Now().After(st.stop) {
		return a, err
	}
	h, alt := an.Moves[0], an.Moves[1]
	if an.Heuristic != 0 {
		h, alt = an.Moves[an.Heuristic], an.Moves[0]
	}
	if alt.Rollouts < 2 || h.Rollouts < 1 || alt.Margin <= h.Margin {
		return a, nil
	}
	root, err := Fork(g)
	if err != nil {
		return a, err
	}
	me := strconv.Itoa(an.Player)
	kind := Engine(g).RoundKind
	never := func() bool { return false }
	var diffs, wins []float64
	for k := 0; k < st.deep; k++ {
		var m, won [2]float64
		for j, mv := range []engine.Action{h.Action, alt.Action} {
			w, err := st.s.rollout(root, mv, kind, uint64(1000+k), &Analysis{cands: an.cands}, never)
			if err != nil {
				return a, nil
			}
			if m[j] = marginOf(w, me); m[j] > 0 {
				won[j] = 1
			}
		}
		diffs = append(diffs, m[1]-m[0])
		wins = append(wins, won[1]-won[0])
	}
	mean, sd := meanSD(diffs)
	winGap, _ := meanSD(wins)
	st.n++
	return a, st.out.Encode(map[string]any{
		"seed": st.seed, "round": kind, "cands": len(an.Moves), "deviated": an.Heuristic != 0,
		"type": alt.Action.Type, "htype": h.Action.Type,
		"h": studyMove{h.Rollouts, h.Margin, h.Spread}, "alt": studyMove{alt.Rollouts, alt.Margin, alt.Spread},
		"deep_gap": mean, "deep_se": sd / math.Sqrt(float64(len(diffs))), "deep_n": len(diffs), "deep_win": winGap,
	})
}

func meanSD(xs []float64) (float64, float64) {
	mean := 0.0
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(v / float64(max(len(xs)-1, 1)))
}
