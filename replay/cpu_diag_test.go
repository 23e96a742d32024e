//go:build linux

package replay

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"syscall"
	"testing"
	"time"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
)

func threadCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestDiagCPU (run with DIAG=1) prints the solver's CPU time per route
// position of the fixtures (best of 3, thread CPU time after a GC), which
// is robust to a loaded machine, unlike `tresham routes --bench` wall time.
func TestDiagCPU(t *testing.T) {
	if os.Getenv("DIAG") == "" {
		t.Skip("set DIAG=1 to print solver CPU times")
	}
	runtime.LockOSThread()
	files, _ := fixtures.Games("1860/*.json")
	more, _ := fixtures.Games("synthetic/1860/*.json")
	type rec struct {
		name string
		id   int
		d    time.Duration
		c    int
	}
	var all []rec
	for _, f := range append(files, more...) {
		src, _ := g18xx.DecodeBytes(fixtures.MustRead(t, f))
		_ = EachRoutePosition(src, func(pos RoutePosition) error {
			best := time.Hour
			var cands int
			for range 3 {
				runtime.GC()
				s := threadCPU()
				sol, _ := pos.Game.Solve(pos.Action.Entity)
				best = min(best, threadCPU()-s)
				cands = sol.Stats.Candidates
			}
			all = append(all, rec{filepath.Base(f), pos.Action.ID, best, cands})
			return nil
		})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].d > all[j].d })
	for _, r := range all[:12] {
		fmt.Println(r.name, r.id, r.d, r.c)
	}
	fmt.Println("p99", all[len(all)/100].d, "median", all[len(all)/2].d, "max", all[0].d, "n", len(all))
}
