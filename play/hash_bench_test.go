package play

import (
	"testing"

	"tresham/internal/fixtures"
)

// BenchmarkHashState times the state hash of the longest real game's end
// position (the state built and hashed), which the server computes for
// each move pushed to a game's WebSocket listeners.
func BenchmarkHashState(b *testing.B) {
	data := fixtures.MustRead(b, "1825/141331.json")
	s, err := Load(data)
	if err != nil {
		b.Fatal(err)
	}
	g := s.Live()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := HashState(g.State()); err != nil {
			b.Fatal(err)
		}
	}
}
