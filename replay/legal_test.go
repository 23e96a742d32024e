package replay

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/internal/fixtures"
)

// engineOf returns the title-independent state of a title game.
func engineOf(g Game) *engine.Game {
	return g.(interface{ Engine() *engine.Game }).Engine()
}

// TestLegalCoversFixtureActions checks, before every action of every 1860
// and 1825 fixture, that the mover is among Acting() and that Legal lists
// the move.
func TestLegalCoversFixtureActions(t *testing.T) {
	files := fixtureFiles(t, "*.json")
	for _, f := range files {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, f))
		if err != nil || (src.Title != "1860" && src.Title != "1825") {
			continue
		}
		t.Run(f, func(t *testing.T) {
			g, err := New(src)
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			for _, ga := range g18xx.Effective(src.Actions) {
				a := Convert(&ga)
				switch {
				case a.Type == "message", strings.HasPrefix(a.Type, "program_"), a.Type == "end_game":
				default:
					acting := g.Acting()
					if !slices.Contains(acting, a.Entity) {
						t.Fatalf("action %d (%s by %s): mover not among acting entities %v", a.ID, a.Type, a.Entity, acting)
					}
					choices := g.Legal(a.Entity)
					ok := false
					for _, ch := range choices {
						if engine.Covers(engineOf(g), ch, a) {
							ok = true
							break
						}
					}
					if !ok {
						var list []string
						for _, ch := range choices {
							list = append(list, fmt.Sprintf("%s%v", ch.Action.Type, ch.Action.Brief()))
						}
						t.Fatalf("action %d (%s by %s %v) not listed by Legal; listed: %s", a.ID, a.Type, a.Entity, a.Brief(), strings.Join(list, " "))
					}
					checked++
				}
				if err := g.Apply(&a); err != nil {
					t.Fatalf("action %d: %v", a.ID, err)
				}
			}
			if checked == 0 {
				t.Fatal("no actions checked")
			}
		})
	}
}

// TestLegalIsExact probes positions of real games: every listed choice is
// accepted (and undone exactly), every near miss not listed is refused and
// changes nothing.
func TestLegalIsExact(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	for _, name := range []string{"1860/19354.json", "synthetic/1860/1860-base-3p-9.json",
		"1825/1825_game_end_bank.json", "synthetic/1825/1825-unit_12-4p-39.json"} {
		t.Run(name, func(t *testing.T) {
			g, rest := position(t, name, 0)
			probes, accepted, refused := 0, 0, 0
			for i, a := range rest {
				if i%47 == 5 && !g.IsFinished() {
					for _, ent := range g.Acting() {
						choices := g.Legal(ent)
						before := stateJSON(g)
						// (Undo rebuilds the game: take its state afresh)
						for _, p := range engine.NearMisses(engineOf(g), ent, choices) {
							listed := false
							for _, ch := range choices {
								if engine.Covers(engineOf(g), ch, p) {
									listed = true
								}
							}
							probes++
							err := g.Apply(&p)
							switch {
							case listed && err != nil:
								t.Fatalf("before action %d: listed %s %v refused: %v", a.ID, p.Type, p.Brief(), err)
							case !listed && err == nil:
								t.Fatalf("before action %d: unlisted %s by %s %v accepted", a.ID, p.Type, ent, p.Brief())
							case err == nil:
								accepted++
								if err := g.Undo(); err != nil {
									t.Fatal(err)
								}
							default:
								refused++
							}
							if stateJSON(g) != before {
								t.Fatalf("before action %d: probe %s %v left the game changed", a.ID, p.Type, p.Brief())
							}
						}
					}
				}
				if err := g.Apply(&a); err != nil {
					t.Fatalf("action %d: %v", a.ID, err)
				}
			}
			t.Logf("%d probes: %d listed and accepted, %d unlisted and refused", probes, accepted, refused)
		})
	}
}
