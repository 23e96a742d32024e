package replay

import (
	"path/filepath"
	"testing"
	"time"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
)

// BenchmarkReplay replays real and synthetic fixtures of both titles end to end (decode excluded).
// Reference: the 18xx.games engine needs 0.21–0.46 s per game on this machine.
// Besides wall time it reports cpu-ms/op, the process CPU time per replay
// (garbage collection included), which a loaded machine inflates less.
func BenchmarkReplay(b *testing.B) {
	for _, name := range []string{"1860/1860_game_end_bank.json", "1860/19354.json", "synthetic/1860/1860-base-4p-18.json", "synthetic/1860/1860-original_game-3p-42.json", "1825/1825_game_end_bank.json", "1825/141331.json"} {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(b, name))
		if err != nil {
			b.Fatalf("%s: %v", name, err)
		}
		b.Run(filepath.Base(name), func(b *testing.B) {
			c0, cpuOK := processCPU()
			for i := 0; i < b.N; i++ {
				if _, _, err := Run(src, nil); err != nil {
					b.Fatal(err)
				}
			}
			if c1, ok := processCPU(); cpuOK && ok {
				b.ReportMetric(float64(c1-c0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
			}
		})
	}
}
