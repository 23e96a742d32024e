package replay

import (
	"path/filepath"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/titles/title"
)

// orPositions replays fixture name and forks the game at every operating
// round position where an acting entity may lay a tile (its Legal lists a
// lay_tile), every step-th such position.
func orPositions(tb testing.TB, name string, step int) []title.Full {
	tb.Helper()
	src, err := g18xx.DecodeBytes(fixtures.MustRead(tb, name))
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	g, err := New(src)
	if err != nil {
		tb.Fatal(err)
	}
	var out []title.Full
	seen := 0
	for _, i := range g18xx.EffectiveIndices(src.Actions) {
		a := &src.Actions[i]
		if a.Type == g18xx.TypeMessage {
			continue
		}
		if engineOf(g).RoundName() == "Operating" && !g.IsFinished() {
			lays := false
			for _, e := range g.Acting() {
				for _, ch := range g.Legal(e) {
					lays = lays || ch.Action.Type == "lay_tile"
				}
			}
			if lays {
				if seen%step == 0 {
					f, err := g.(title.Forker).ForkGame()
					if err != nil {
						tb.Fatal(err)
					}
					out = append(out, f)
				}
				seen++
			}
		}
		ea := Convert(a)
		if err := g.Apply(&ea); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// BenchmarkORLegal lists the legal moves of the acting entities at
// operating round positions of real games where a tile may be laid (the
// track step's listing: every lay and base), one op a sweep over all the
// positions of a game. Each position is a fork of its own, listed afresh
// (its board's networks recomputed) at every op: the first listing at a
// position, as a page's move or a bot's rollout asks it. cpu-ns/op is
// the process's CPU time a sweep (the setup's excluded).
func BenchmarkORLegal(b *testing.B) {
	for _, name := range []string{"1860/19354.json", "1825/141331.json", "1825/1825_game_end_bank.json"} {
		b.Run(filepath.Base(name), func(b *testing.B) {
			pos := orPositions(b, name, 4)
			c0, cpuOK := processCPU()
			n := 0
			for b.Loop() {
				for _, g := range pos {
					g.Map().DropMemos()
					for _, e := range g.Acting() {
						_ = g.Legal(e)
					}
				}
				n++
			}
			// the CPU time of a sweep (the garbage collector's included):
			// on a shared machine the wall time per op is not to be trusted
			if c1, ok := processCPU(); ok && cpuOK && n > 0 {
				b.ReportMetric(float64((c1-c0).Nanoseconds())/float64(n), "cpu-ns/op")
			}
			b.ReportMetric(float64(len(pos)), "positions")
		})
	}
}
