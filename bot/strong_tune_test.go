package bot_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"tresham/selfplay"
)

// TestTuneStrong screens variants of the strong policy against three
// opponents (three medium bots unless TRESHAM_TUNE_OPP names another
// kind), every variant on the same seeds with its seat rotated over all
// four, and prints each variant's wins, mean margin over the best other
// player and mean share of the table's worth, with its paired difference
// from the first variant (common random seeds: the games a variant does
// not change are the same games). Off unless TRESHAM_TUNE_STRONG names the
// title; the variants are TRESHAM_TUNE_VARIANTS, strong options separated
// by ";" (one variant's options joined by ":", "-" for the tuning as kept),
// on TRESHAM_TUNE_SEEDS seeds (default 25) from TRESHAM_TUNE_SEED
// (default 600000), TRESHAM_TUNE_PAR games at once (default 2). See
// docs/bots.md (the 2026-11-29 tune42 entry) for how it was used.
func TestTuneStrong(t *testing.T) {
	title := os.Getenv("TRESHAM_TUNE_STRONG")
	if title == "" {
		t.Skip("set TRESHAM_TUNE_STRONG=1860 or 1825 to screen strong-policy variants")
	}
	variants := strings.Split(os.Getenv("TRESHAM_TUNE_VARIANTS"), ";")
	seeds := envInt("TRESHAM_TUNE_SEEDS", 25)
	seed0 := uint64(envInt("TRESHAM_TUNE_SEED", 600000))
	par := envInt("TRESHAM_TUNE_PAR", 2)
	opp := os.Getenv("TRESHAM_TUNE_OPP")
	if opp == "" {
		opp = "heuristic"
	}
	type job struct{ v, s, rot int }
	type out struct{ win, margin, share float64 }
	res := make([][]out, len(variants))
	var jobs []job
	for v := range variants {
		res[v] = make([]out, seeds*4)
		for s := range seeds {
			for rot := range 4 {
				jobs = append(jobs, job{v, s, rot})
			}
		}
	}
	queue := make(chan job, len(jobs))
	for _, j := range jobs {
		queue <- j
	}
	close(queue)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	done := make([]int, len(variants))
	for range par {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range queue {
				kind := "strong"
				if o := strings.TrimSpace(variants[j.v]); o != "" && o != "-" {
					kind += ":" + o
				}
				bots := []string{opp, opp, opp, opp}
				bots[j.rot] = kind
				rec, err := selfplay.Play(context.Background(), selfplay.Config{Title: title, Players: 4, Bots: bots,
					Seed: seed0 + uint64(j.s), Checks: selfplay.Checks{RoundTripEvery: 1 << 30}})
				if err == nil && !rec.Finished {
					err = fmt.Errorf("%s: not finished", kind)
				}
				if err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
					continue
				}
				mine := float64(rec.Result[strconv.Itoa(j.rot+1)])
				best, sum := math.Inf(-1), 0.0
				for s := range 4 {
					w := float64(rec.Result[strconv.Itoa(s+1)])
					sum += w
					if s != j.rot {
						best = max(best, w)
					}
				}
				o := out{margin: (mine - best) / (sum / 4), share: mine / (sum / 4)}
				for _, w := range rec.Winners {
					if w == j.rot {
						o.win = 1 / float64(len(rec.Winners))
					}
				}
				res[j.v][j.s*4+j.rot] = o
				mu.Lock()
				done[j.v]++
				if done[j.v] == seeds*4 {
					var w float64
					for _, r := range res[j.v] {
						w += r.win
					}
					fmt.Printf("done: %s: %.1f of %d\n", variants[j.v], w, seeds*4)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		t.Fatal(firstErr)
	}
	n := float64(seeds * 4)
	fmt.Printf("%s, seeds %d-%d, %d games a variant, against three %s\n", title, seed0, seed0+uint64(seeds)-1, seeds*4, opp)
	fmt.Printf("%-50s %6s %14s %8s %8s %18s %14s\n", "variant", "wins", "95% interval", "margin", "share", "dwins (se)", "dmargin (se)")
	for v, rs := range res {
		var w, m, sh float64
		var dw, dw2, dm, dm2 float64
		for i, r := range rs {
			w += r.win
			m += r.margin
			sh += r.share
			a, b := r.win-res[0][i].win, r.margin-res[0][i].margin
			dw += a
			dw2 += a * a
			dm += b
			dm2 += b * b
		}
		lo, hi := wilson(w, n)
		sew := math.Sqrt(max(dw2/n-(dw/n)*(dw/n), 0) / n)
		sem := math.Sqrt(max(dm2/n-(dm/n)*(dm/n), 0) / n)
		fmt.Printf("%-50s %6.1f %5.1f-%5.1f%% %8.3f %8.3f %+8.1f (%4.1f) %+7.3f (%.3f)\n", variants[v], w,
			100*lo, 100*hi, m/n, sh/n, dw, sew*n, dm/n, sem)
	}
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n float64) (float64, float64) {
	const z = 1.96
	p := k / n
	d := 1 + z*z/n
	c := (p + z*z/(2*n)) / d
	h := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / d
	return c - h, c + h
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}
