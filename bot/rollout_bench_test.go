package bot

import (
	"syscall"
	"testing"
	"time"
)

// BenchmarkRollout times one whole rollout as the search plays it: a fork
// of a mid-game position (the first stock round after 150 heuristic
// actions of a 4-player game), the heuristic's move, then heuristic bots
// in every seat to the end of the game. ns/op is the cost of a rollout;
// nodes/op the actions it applied; cpu-ms/op the process's CPU time per
// rollout (user and system, garbage collection included), which a loaded
// machine disturbs less than the wall time.
func BenchmarkRollout(b *testing.B) {
	for _, title := range []string{"1860", "1825"} {
		g, _ := midGame(b, title)
		entity := g.Acting()[0]
		b.Run(title, func(b *testing.B) {
			s := NewSearch(Budget{Nodes: 1 << 30}, 1)
			s.Horizon = 2000
			ha, err := s.h.Choose(g, entity)
			if err != nil {
				b.Fatal(err)
			}
			nodes := 0
			cpu0 := cpuTime()
			for b.Loop() {
				an := &Analysis{cands: 1}
				if _, err := s.rollout(g, ha, Engine(g).RoundKind, 0, an, func() bool { return false }); err != nil {
					b.Fatal(err)
				}
				nodes += an.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		})
	}
}

// cpuTime is the CPU time the process has used (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
