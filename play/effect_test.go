package play

import (
	"testing"

	"tresham/compat/g18xx"
	"tresham/replay"
)

// TestLegalCarriesEffects: every listed sale and dividend of every fixture
// position carries its effect from the title (cash, and a price move from
// the corporation's current price), and no other choice does.
func TestLegalCarriesEffects(t *testing.T) {
	for _, path := range fixtures(t) {
		src := loadSrc(t, path)
		g, err := replay.New(src)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		for _, ga := range g18xx.Effective(src.Actions) {
			if ga.Type == g18xx.TypeMessage {
				continue
			}
			for _, ent := range g.Acting() {
				for _, c := range Legal(g, ent) {
					switch c.Action.Type {
					case "sell_shares", "dividend":
						seen[c.Action.Type]++
						if c.Effect == nil {
							t.Fatalf("%s before action %d: %s %v lists no effect", path, ga.ID, c.Action.Type, c.Action)
						}
						if p := c.Effect.Price; p != nil {
							if corp := g.Engine().Corp(p.Corporation); corp == nil || corp.Cell == nil || corp.Cell.Price != p.From.Price {
								t.Fatalf("%s before action %d: effect %+v does not start at %s's price", path, ga.ID, p, p.Corporation)
							}
						}
					default:
						if c.Effect != nil {
							t.Fatalf("%s: %s carries an effect", path, c.Action.Type)
						}
					}
				}
			}
			a := replay.Convert(&ga)
			if err := g.Apply(&a); err != nil {
				t.Fatal(err)
			}
		}
		if seen["sell_shares"] == 0 || seen["dividend"] == 0 {
			t.Errorf("%s: listed %v", path, seen)
		}
	}
}
