package replay

import (
	"slices"
	"strings"
	"testing"

	"tresham/board"
	"tresham/engine"
	"tresham/titles/title"
)

// probeGame is a title game with round names (1860's).
type probeGame interface {
	title.Full
	RoundName() string
}

// scan replays a fixture and, before each action, asks probe for an illegal
// action to try there; it returns the first one found, with its position.
func scan(t *testing.T, file string, probe func(g probeGame, next engine.Action) (engine.Action, bool)) (int, engine.Action) {
	t.Helper()
	gg, all := position(t, file, 0)
	g := gg.(probeGame)
	for i, a := range all {
		if bad, ok := probe(g, a); ok {
			bad.ID = a.ID
			return i, bad
		}
		if err := g.Apply(&all[i]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("%s: no position for this case", file)
	return 0, engine.Action{}
}

// TestMoreIllegalActions covers the remaining rules of the table:
// certificate limit, unreachable and mis-rotated tiles, upgrading without a
// train. Each is found in a real position and must be refused with the rule
// named and the game unchanged.
func TestMoreIllegalActions(t *testing.T) {
	const file = "synthetic/1860/1860-base-3p-9.json"
	tests := []struct {
		name  string
		probe func(g probeGame, next engine.Action) (engine.Action, bool)
		want  string
	}{
		{"buying over the certificate limit", func(g probeGame, next engine.Action) (engine.Action, bool) {
			if g.RoundName() != "Stock" || next.EntityType != "player" {
				return engine.Action{}, false
			}
			id, _ := next.PlayerID()
			p := g.Engine().Player(id)
			if g.Engine().NumCerts(p) < g.Engine().CertLimit {
				return engine.Action{}, false
			}
			for _, c := range g.Engine().Corps {
				for _, s := range c.SharesOf(engine.HolderIPO) {
					if c.IPOed && s.Buyable && !s.President && p.Cash >= c.Par.Price {
						return engine.Action{Type: "buy_shares", Entity: next.Entity, EntityType: "player", Shares: []string{c.ShareID(s.Index)}, Percent: 10}, true
					}
				}
			}
			return engine.Action{}, false
		}, "certificate limit"},
		{"laying a mis-rotated tile", func(g probeGame, next engine.Action) (engine.Action, bool) {
			if next.Type != "lay_tile" || g.RoundName() != "Operating" {
				return engine.Action{}, false
			}
			legal := map[int]bool{}
			for _, ch := range g.Legal(next.Entity) {
				if ch.Action.Hex == next.Hex && engine.TileName(ch.Action.Tile) == engine.TileName(next.Tile) {
					legal[ch.Action.Rotation] = true
				}
			}
			for r := 0; r < 6; r++ {
				if !legal[r] {
					bad := next
					bad.Rotation = r
					return bad, true
				}
			}
			return engine.Action{}, false
		}, "board"},
		{"laying an unreachable tile", func(g probeGame, next engine.Action) (engine.Action, bool) {
			if next.Type != "lay_tile" || g.RoundName() != "Operating" || !strings.HasPrefix(next.Tile, "7") && !strings.HasPrefix(next.Tile, "8") && !strings.HasPrefix(next.Tile, "9") {
				return engine.Action{}, false
			}
			b := g.Map()
			reach := map[string]bool{}
			for _, h := range b.Graph(next.Entity).ConnectedHexes() {
				reach[h] = true
			}
			for _, h := range b.HexIDs() {
				v, _ := b.Hex(h)
				if reach[h] || v.Tile == nil || v.Tile.Color != board.White || len(v.Tile.Nodes) > 0 || v.Tile.Cost() > 0 {
					continue
				}
				// shape-legal there if connectivity were ignored
				for _, l := range b.LegalLays(h, board.LayOptions{Corp: next.Entity, NoConnectivity: true}) {
					if engine.TileName(l.TileID) == engine.TileName(next.Tile) {
						bad := next
						bad.Hex, bad.Rotation = h, l.Rotation
						return bad, true
					}
				}
			}
			return engine.Action{}, false
		}, "connect"},
		{"upgrading without a train", func(g probeGame, next engine.Action) (engine.Action, bool) {
			if g.RoundName() != "Operating" || next.EntityType != "corporation" {
				return engine.Action{}, false
			}
			c := g.Engine().Corp(next.Entity)
			if !slices.Contains(g.Engine().Phase().Tiles, "green") {
				return engine.Action{}, false
			}
			if c == nil || len(c.Trains) > 0 || len(g.Acting()) != 1 || g.Acting()[0] != c.Sym {
				return engine.Action{}, false
			}
			laying := false
			for _, ch := range g.Legal(c.Sym) {
				laying = laying || ch.Action.Type == "lay_tile"
			}
			if !laying {
				return engine.Action{}, false
			}
			b := g.Map()
			for _, h := range b.Graph(c.Sym).ConnectedHexes() {
				v, _ := b.Hex(h)
				if v.Tile == nil || v.Tile.Color != board.Yellow {
					continue
				}
				// shape-legal (colours of the phase, connected) but for the train rule
				for _, l := range b.LegalLays(h, board.LayOptions{Corp: c.Sym, Colors: []board.Color{board.Yellow, board.Green}}) {
					if l.Tile != v.Tile.Name {
						return engine.Action{Type: "lay_tile", Entity: c.Sym, EntityType: "corporation", Hex: h, Tile: l.TileID, Rotation: l.Rotation}, true
					}
				}
			}
			return engine.Action{}, false
		}, "train"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			i, bad := scan(t, file, tc.probe)
			g, _ := position(t, file, i)
			before := stateJSON(g)
			err := g.Apply(&bad)
			if err == nil {
				t.Fatalf("illegal action %s %v was accepted", bad.Type, bad.Brief())
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not name the rule (%q)", err, tc.want)
			}
			if stateJSON(g) != before {
				t.Errorf("refused action changed the game")
			}
			t.Logf("refused: %v", err)
		})
	}
}
