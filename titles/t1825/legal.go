package t1825

import (
	"slices"

	"tresham/engine"
)

// Acting lists the entities that may act now.
func (g *Game) Acting() []string {
	var out []string
	for _, e := range g.activeEntities() {
		switch v := e.(type) {
		case int:
			out = append(out, itoa(v))
		case string:
			out = append(out, v)
		}
	}
	return out
}

// Legal lists what entity may do now.
func (g *Game) Legal(entity string) []engine.Choice {
	if !slices.Contains(g.Acting(), entity) {
		return nil
	}
	return nil
}
