package memstore

import (
	"fmt"
	"testing"

	"tresham/store/storetest"
)

// BenchmarkLobby measures lobby pages at 1,000 and 10,000 stored games.
// The in-memory store scans every game, so its cost grows with them: it
// is the reference the SQL stores' flat cost is compared against.
func BenchmarkLobby(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			storetest.BenchLobby(b, New(), n, nil)
		})
	}
}
