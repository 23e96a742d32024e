package main

import (
	"path/filepath"
	"testing"

	"tresham/internal/fixtures"
)

// TestReadExportsDefault: loadtest --populate's default --exports, the
// repository's gzip-compressed games, gives every real and synthetic game
// and none of the reported ones.
func TestReadExportsDefault(t *testing.T) {
	var want []string
	for _, pat := range []string{"*/*.json", "synthetic/*/*.json", "dated/*/*.json"} {
		m, err := fixtures.Games(pat)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, m...)
	}
	srcs, err := readExports(filepath.Join("..", "..", "internal", "fixtures", "data"))
	if err != nil {
		t.Fatal(err)
	}
	if len(srcs) != len(want) {
		t.Errorf("read %d exports, the fixtures hold %d real, synthetic and dated games", len(srcs), len(want))
	}
	for _, s := range srcs {
		if (s.h.Title != "1860" && s.h.Title != "1825") || len(s.h.Seats) == 0 || len(s.actions) < 2 {
			t.Errorf("export %s with %d seats, %d actions", s.h.Title, len(s.h.Seats), len(s.actions))
		}
	}
}
