package play

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkHashState times the state hash of the longest real game's end
// position (the state built and hashed), which the server computes for
// each move pushed to a game's WebSocket listeners.
func BenchmarkHashState(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "fixtures", "1825", "141331.json"))
	if err != nil {
		b.Skipf("fixture: %v", err)
	}
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
