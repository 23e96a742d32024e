package bot

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"tresham/engine"
)

// TestFitEvalRecoversWeights fits samples made by known weights (a
// little noise added) and finds them again.
func TestFitEvalRecoversWeights(t *testing.T) {
	nf := len(evalFeatureNames)
	want := make([]float64, nf)
	for j := range want {
		want[j] = float64(j%5) - 2 + 0.25*float64(j)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var samples []EvalSample
	for range 4000 {
		x := make([]float64, nf)
		x[0] = 1
		y := want[0]
		for j := 1; j < nf; j++ {
			x[j] = rng.NormFloat64()*float64(1+j) + float64(j)
			y += want[j] * x[j]
		}
		worth := rng.Float64() * 1000
		samples = append(samples, EvalSample{X: x, Worth: worth, Final: worth + y + 0.01*rng.NormFloat64()})
	}
	got, err := FitEval(samples, 0)
	if err != nil {
		t.Fatal(err)
	}
	for j := range want {
		if math.Abs(got[j]-want[j]) > 0.01 {
			t.Errorf("weight %d (%s) = %.4f, want %.4f", j, evalFeatureNames[j], got[j], want[j])
		}
	}
	if _, err := FitEval(samples[:3], 0); err == nil {
		t.Error("FitEval accepted 3 samples")
	}
}

// TestEvalModelsEmbedded checks both titles' weights are embedded, fitted
// on this build's features, and that Evaluate, the search's leaf value
// and the features agree on a position of each title.
func TestEvalModelsEmbedded(t *testing.T) {
	for _, title := range []string{"1860", "1825"} {
		m := EvalModelFor(title)
		if m == nil {
			t.Fatalf("%s: no evaluation weights embedded", title)
		}
		g := evalMidGame(t, title)
		pred, ok := Evaluate(g)
		if !ok || len(pred) != 4 {
			t.Fatalf("%s: Evaluate = %v, %v", title, pred, ok)
		}
		ids, xs, worth, err := EvalFeatures(g)
		if err != nil {
			t.Fatal(err)
		}
		s := &Search{Leaf: LeafFitted}
		leaf := s.leafValue(g, g.(resulter).Result())
		for i, id := range ids {
			key := strconv.Itoa(id)
			p := m.Predict(EvalSample{X: xs[i], Worth: worth[i]})
			if math.Abs(p-pred[key]) > 1e-6 || math.Abs(float64(leaf[key])-p) > 0.5 {
				t.Errorf("%s player %s: Predict %.2f, Evaluate %.2f, leaf %d", title, key, p, pred[key], leaf[key])
			}
			if math.IsNaN(p) || p < 0 {
				t.Errorf("%s player %s: predicted final worth %.0f", title, key, p)
			}
		}
	}
}

func TestParseEvalModel(t *testing.T) {
	for _, bad := range []string{`{`, `{"title":"1825","features":["bias"],"weights":[1]}`} {
		if _, err := ParseEvalModel([]byte(bad)); err == nil {
			t.Errorf("ParseEvalModel(%s) accepted", bad)
		}
	}
}

func TestSearchKindOptions(t *testing.T) {
	p, err := New("search:900n:rounds=2:horizon=300:leaf=fit", 1)
	if err != nil {
		t.Fatal(err)
	}
	s := p.(*Search)
	if s.Budget.Nodes != 900 || s.Rounds != 2 || s.Horizon != 300 || s.Leaf != LeafFitted {
		t.Errorf("search options: %+v", s)
	}
	for _, kind := range []string{"search:900n:leaf=magic", "search:900n:rounds=x", "search:900n:depth=3", "search:900n:"} {
		if err := CheckKind(kind); err == nil {
			t.Errorf("CheckKind(%q) accepted", kind)
		}
	}
}

// evalMidGame is a 4-player game of title played by heuristic bots for
// 300 actions.
func evalMidGame(t testing.TB, title string) Game {
	t.Helper()
	g, err := newFour(title)
	if err != nil {
		t.Fatal(err)
	}
	seats := map[int]Player{1: NewHeuristic(1), 2: NewHeuristic(2), 3: NewHeuristic(3), 4: NewHeuristic(4)}
	if _, err := Play(g, seats, PlayOptions{MaxActions: 300, Observe: func(engine.Action) {}}); err != nil {
		t.Fatal(err)
	}
	return g
}

// BenchmarkEvaluate measures the fitted evaluation of a mid-game position
// (the search's leaf value) against the old income valuation.
func BenchmarkEvaluate(b *testing.B) {
	for _, title := range []string{"1860", "1825"} {
		g := evalMidGame(b, title)
		for _, leaf := range []Leaf{LeafIncome, LeafFitted} {
			s := &Search{Leaf: leaf}
			b.Run(title+"/"+leaf.String(), func(b *testing.B) {
				cpu := cpuTime()
				for b.Loop() {
					s.leafValue(g, g.(resulter).Result())
				}
				// the CPU time, which a loaded machine does not inflate
				b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}
