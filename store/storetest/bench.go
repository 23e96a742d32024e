package storetest

import (
	"context"
	"sync"
	"syscall"
	"testing"
	"time"

	"tresham/store"
)

// BenchAppendAction measures sequential appends spread round-robin over
// many games (each append at its game's next sequence number), reporting
// appends/s.
func BenchAppendAction(b *testing.B, s store.Store) {
	ctx := context.Background()
	const games = 100
	ids := benchGames(ctx, b, s, games)
	data := act(0)
	b.ResetTimer()
	for i := range b.N {
		a := store.Action{GameID: ids[i%games], Seq: i / games, UserID: 0, Data: data}
		if err := s.AppendAction(ctx, a, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "appends/s")
}

// BenchAppendActionConcurrent measures appends from 16 concurrent writers,
// each playing its own game (as a server's players do), reporting
// appends/s: what group commit is for.
func BenchAppendActionConcurrent(b *testing.B, s store.Store) {
	BenchAppendActionWriters(b, s, 16)
}

// BenchAppendActionWriters is BenchAppendActionConcurrent with the given
// number of writers. It also reports the process's CPU time per append
// (cpu-µs/append), which other load on the machine disturbs less than
// appends/s.
func BenchAppendActionWriters(b *testing.B, s store.Store, writers int) {
	ctx := context.Background()
	ids := benchGames(ctx, b, s, writers)
	data := act(0)
	b.ResetTimer()
	cpu0 := cpuTime()
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := 0; seq < b.N/writers+1; seq++ {
				if err := s.AppendAction(ctx, store.Action{GameID: ids[w], Seq: seq, Data: data}, nil); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	close(errs)
	if err := <-errs; err != nil {
		b.Fatal(err)
	}
	n := float64(writers * (b.N/writers + 1))
	b.ReportMetric(n/b.Elapsed().Seconds(), "appends/s")
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/n, "cpu-µs/append")
}

// cpuTime is the CPU time (user and system) this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchGames creates n active two-player games and returns their ids.
func benchGames(ctx context.Context, b *testing.B, s store.Store, n int) []int64 {
	b.Helper()
	ids := make([]int64, n)
	for i := range ids {
		g, err := s.CreateGame(ctx, store.Game{Title: "1860", Status: store.StatusActive,
			Seats: []store.Seat{{PlayerID: 1, Name: "a"}, {PlayerID: 2, Name: "b"}}}, nil)
		if err != nil {
			b.Fatal(err)
		}
		ids[i] = g.ID
	}
	return ids
}
