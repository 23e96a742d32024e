package title

import (
	"fmt"

	"tresham/board"
)

// StatedRevenue checks the revenue written on route i of a run (run by
// train) against what the title computes the route is worth: 18xx.games
// exports carry the revenue computed when the move was made (fixtures
// README §5.5), and a proposed run may state one, so both titles'
// recomputation must agree with it. word names where it is written
// ("stored" in an action, "stated" in a run to check); a route without a
// written revenue passes.
func StatedRevenue(i int, train, word string, stated *int, worth int) error {
	if stated != nil && *stated != worth {
		return fmt.Errorf("route %d (%s): %s revenue %d but the route is worth %d", i+1, train, word, *stated, worth)
	}
	return nil
}

// NodeOn is the tile on ref's hex and the node ref names on it, or an
// error when there is none (a resolved route's visits in both titles'
// run checks).
func NodeOn(b *board.Board, ref board.NodeRef) (*board.TileDef, *board.NodeDef, error) {
	tile, _, ok := b.TileOn(ref.Hex)
	if !ok || tile == nil || ref.Node < 0 || ref.Node >= len(tile.Nodes) {
		return nil, nil, fmt.Errorf("no node %s/%d", ref.Hex, ref.Node)
	}
	return tile, &tile.Nodes[ref.Node], nil
}
