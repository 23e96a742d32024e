package t1825

import (
	"tresham/board"
	"tresham/engine"
)

// CanRunRouteBoth returns canRunRoute's answer for c and that of
// canRunRouteOld, the former implementation kept as the oracle.
func CanRunRouteBoth(g *Game, c *engine.Corporation) (got, want bool) {
	got = g.canRunRoute(c)
	want = g.canRunRouteOld(c)
	return got, want
}

// canRunRouteOld is canRunRoute as it was before ReachesNode: it builds
// corp's whole network and lists its nodes.
func (g *Game) canRunRouteOld(c *engine.Corporation) bool {
	if g.silentReceivership(c) || len(g.Board.TokenNodes(c.Sym)) == 0 {
		return false
	}
	own := map[board.NodeRef]bool{}
	for _, r := range g.Board.TokenNodes(c.Sym) {
		own[r] = true
	}
	for _, r := range g.Board.Graph(c.Sym).Nodes() {
		t, _, _ := g.Board.TileOn(r.Hex)
		if !own[r] && t.Nodes[r.Node].Kind != board.Halt {
			return true
		}
	}
	if len(own) < 2 {
		return false
	}
	for start := range own {
		b := g.Board.Clone()
		for r := range own {
			if r != start {
				_ = b.RemoveToken(r, c.Sym)
			}
		}
		for _, r := range b.Graph(c.Sym).Nodes() {
			if r != start && own[r] {
				return true
			}
		}
	}
	return false
}
