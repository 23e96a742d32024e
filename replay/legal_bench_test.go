package replay

import (
	"path/filepath"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
)

// BenchmarkLegal replays each real game and lists the legal moves of every
// acting entity at every position (the server's and the bots' hot path);
// "replay" is the replay alone, so the difference over the positions is the
// listing's cost.
func BenchmarkLegal(b *testing.B) {
	for _, name := range []string{"1860/19354.json", "1860/1860_game_end_bank.json", "1825/141331.json", "1825/1825_game_end_bank.json"} {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(b, name))
		if err != nil {
			b.Fatalf("%s: %v", name, err)
		}
		for _, list := range []bool{false, true} {
			label := "replay"
			if list {
				label = "replay+legal"
			}
			b.Run(filepath.Base(name)+"/"+label, func(b *testing.B) {
				for b.Loop() {
					g, err := New(src)
					if err != nil {
						b.Fatal(err)
					}
					for _, i := range g18xx.EffectiveIndices(src.Actions) {
						a := &src.Actions[i]
						if a.Type == g18xx.TypeMessage {
							continue
						}
						if list {
							for _, e := range g.Acting() {
								_ = g.Legal(e)
							}
						}
						ea := Convert(a)
						if err := g.Apply(&ea); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}
