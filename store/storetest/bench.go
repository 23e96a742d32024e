package storetest

import (
	"context"
	"testing"

	"tresham/store"
)

// BenchAppendAction measures sequential appends spread round-robin over
// many games (each append at its game's next sequence number), reporting
// appends/s.
func BenchAppendAction(b *testing.B, s store.Store) {
	ctx := context.Background()
	const games = 100
	ids := make([]int64, games)
	for i := range ids {
		g, err := s.CreateGame(ctx, store.Game{Title: "1860", Status: store.StatusActive,
			Seats: []store.Seat{{PlayerID: 1, Name: "a"}, {PlayerID: 2, Name: "b"}}}, nil)
		if err != nil {
			b.Fatal(err)
		}
		ids[i] = g.ID
	}
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
