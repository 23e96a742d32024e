package sqlite

import (
	"fmt"
	"testing"

	"tresham/store/storetest"
)

// BenchmarkLobby measures lobby pages at 1,000 and 10,000 stored games
// (go test ./store/sqlite -run '^$' -bench Lobby).
func BenchmarkLobby(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			s := openTemp(b)
			storetest.BenchLobby(b, s, n, nil)
		})
	}
}
