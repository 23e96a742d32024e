package bot

import (
	"fmt"
	"path/filepath"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/replay"
)

// BenchmarkHeuristicLay times the heuristic bot's decision at the last
// tile lays of real games (late 1860 and 1825): each candidate tile is
// tried on a copy of the map and the company's run solved on it.
func BenchmarkHeuristicLay(b *testing.B) {
	for _, game := range []string{"1860/1860_game_end_bank.json", "1825/1825_game_end_bank.json"} {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(b, game))
		if err != nil {
			b.Fatalf("%s: %v", game, err)
		}
		idx := g18xx.EffectiveIndices(src.Actions)
		var lays []int // positions in idx of the last lay_tile actions
		for k := len(idx) - 1; k >= 0 && len(lays) < 4; k-- {
			if src.Actions[idx[k]].Type == g18xx.TypeLayTile {
				lays = append(lays, k)
			}
		}
		for _, k := range lays {
			g, err := replay.New(src)
			if err != nil {
				b.Fatal(err)
			}
			for _, i := range idx[:k] {
				if src.Actions[i].Type == g18xx.TypeMessage {
					continue
				}
				ea := replay.Convert(&src.Actions[i])
				if err := g.Apply(&ea); err != nil {
					b.Fatalf("%s: action %d: %v", game, src.Actions[i].ID, err)
				}
			}
			bg, ok := g.(Game)
			if !ok {
				b.Fatalf("%T is not a bot game", g)
			}
			a := &src.Actions[idx[k]]
			entity := replay.Convert(a).Entity
			name := fmt.Sprintf("%s@%d", filepath.Base(game), a.ID)
			b.Run(name, func(b *testing.B) {
				h := NewHeuristic(1)
				for b.Loop() {
					if _, err := h.Choose(bg, entity); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
