package postgres

import (
	"context"
	"fmt"
	"testing"

	"tresham/store/postgres/pgtest"
	"tresham/store/storetest"
)

// BenchmarkLobby measures lobby pages at 1,000 and 10,000 stored games
// (TRESHAM_TEST_POSTGRES=… go test ./store/postgres -run '^$' -bench Lobby).
func BenchmarkLobby(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			s := open(b, pgtest.FreshDSN(b))
			storetest.BenchLobby(b, s, n, func() error {
				_, err := s.pool.Exec(context.Background(), `ANALYZE`)
				return err
			})
		})
	}
}
