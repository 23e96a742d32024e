package t1825

import "tresham/board"

// StationWithinBoth returns stationWithin's answer for a station tile as
// it lies on hex of g's board, for corp's trains of limit stops (the U3's
// cities when cities), and that of stationWithinWalkFirst, the former
// order of its two searches kept as the oracle.
func StationWithinBoth(g *Game, corp, hex string, limit int, cities bool) (got, want bool) {
	t, rot, ok := g.Board.TileOn(hex)
	if !ok || t == nil {
		return false, false
	}
	l := board.Lay{Corp: corp, Hex: hex, Tile: t, Rotation: rot}
	cost := stopCost
	if cities {
		cost = cityCost
	}
	return stationWithin(g.Board, corp, l, cost, limit), stationWithinWalkFirst(g.Board, corp, l, cost, limit)
}

// stationWithinWalkFirst is stationWithin asking the network walk's
// lower bound before the line search (the check as first written; the
// tests compare the two).
func stationWithinWalkFirst(after *board.Board, corp string, l board.Lay, cost func(*board.TileDef, int) int, limit int) bool {
	sc := after.StopCounts(corp, cost)
	for n := range l.Tile.Nodes {
		if k, ok := sc.Node(board.NodeRef{Hex: l.Hex, Node: n}); !ok || k >= limit {
			continue
		}
		if found, complete := after.StationWithinStops(corp, l.Hex, n, cost, limit, board.LineBudget); found || !complete {
			return true
		}
	}
	return false
}
