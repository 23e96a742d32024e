package t1825

import (
	"errors"
	"fmt"
	"slices"

	"tresham/board"
	"tresham/engine"
)

// ErrNoTrain and ErrNotReachable refuse promotions of laid stations (rule
// 4.3.2: "A Station can only be promoted if it can be reached by one of
// the Company's existing Trains").
var (
	ErrNoTrain      = errors.New("a station tile cannot be promoted without a train to reach it (rule 4.3.2)")
	ErrNotReachable = errors.New("no train of the company can reach a station of the promoted tile (rule 4.3.2)")
	ErrNoNewTrack   = errors.New("none of the promoted tile's new track leads to a base of the company (rule 4.3.2)")
)

// layRules are the tile rules for a lay by c: the map rules and the reach
// check of promotions.
func (g *Game) layRules(c *engine.Corporation) *board.Rules {
	r := *g.rules
	r.CheckLay = func(before, after *board.Board, l board.Lay) error { return g.checkReach(c, after, l) }
	r.PreCheckLay = func(before *board.Board, l board.Lay) (bool, error) { return g.reachDecided(c, before, l) }
	up := r.Upgrade
	var awaiting []string // homesAwaitingBase, once asked (a listing asks often)
	asked := false
	r.Upgrade = func(hex string, old, t *board.TileDef) board.UpgradeVerdict {
		// a station a company still needs for its home base stays one
		if old.NumCities() > 0 && t.NumCities() == 0 {
			if !asked {
				awaiting, asked = g.homesAwaitingBase(), true
			}
			if slices.Contains(awaiting, hex) {
				return board.UpgradeRefused
			}
		}
		if up == nil {
			return board.UpgradeDefault
		}
		return up(hex, old, t)
	}
	return &r
}

// homesAwaitingBase are the home hexags of the major companies that have
// not yet placed their first base there. Such a hexag keeps its large
// station: the site's data lets a yellow #115 be replaced by the
// city-less #2 or #20 (see extraUpgrades), which rule 4.3.4 never allows
// ("A promotion may not change ... a Station" into track); on a home
// hexag it would leave the company no city for the base it must put there
// when formed (rule 4.4), and 18xx.games then fails.
func (g *Game) homesAwaitingBase() []string {
	var out []string
	for _, c := range g.Corps {
		d := g.defs[c.Sym]
		if d.Minor || c.Closed || len(c.Tokens) == 0 || c.Tokens[0].Location != "" {
			continue
		}
		out = append(out, d.Homes...)
	}
	return out
}

// reach is how far a company's trains reach: in stops of any kind, or
// (the U3) in cities; all reports a train that visits any number of
// stations (the 4+4E).
type reach struct {
	nodes, cities int
	all           bool
}

// trainReach is the reach of c's trains, or of the train it has leased,
// which then is the only one counted (as 18xx.games counts it). Rule 4.3.2
// asks for a station "reached by one of the Company's existing Trains": two
// '2' trains that could run double-headed (4.5.5) still reach only as far
// as a '2' each, as 18xx.games rules when a move is made.
func (g *Game) trainReach(c *engine.Corporation) reach {
	trains := c.Trains
	if g.op != nil && g.op.leased != nil && g.op.Current() == c {
		trains = []*engine.Train{g.op.leased}
	}
	var r reach
	for _, t := range trains {
		tr, err := ruleOf(t.Name)
		if err != nil {
			continue
		}
		switch {
		case tr.name == "U3":
			r.cities = max(r.cities, tr.cityVisit)
		case tr.distance == 0:
			r.all = true
		default:
			r.nodes = max(r.nodes, tr.distance)
		}
	}
	return r
}

// checkReach applies rule 4.3.2 to a lay by c: promoting a tile laid
// earlier (not a printed one) that carries stations needs a train, and one
// of the new tile's stations must be within reach of a train: fewer
// counted stops before it than the train's number (halts are free; the
// U3 counts cities only). A minor laying the track of its home before
// its base is exempt.
func (g *Game) checkReach(c *engine.Corporation, after *board.Board, l board.Lay) error {
	if decided, err := g.reachDecided(c, after, l); decided {
		return err
	}
	if len(l.Tile.Nodes) == 0 {
		return checkNewTrack(c, after, l)
	}
	r := g.trainReach(c)
	if r.nodes > 0 && stationWithin(after, c.Sym, l, stopCost, r.nodes) {
		return nil
	}
	if r.cities > 0 && stationWithin(after, c.Sym, l, cityCost, r.cities) {
		return nil
	}
	return fmt.Errorf("%s: %w", l.Hex, ErrNotReachable)
}

// reachDecided is the part of checkReach that needs no network: decided
// reports whether the lay l by c on b (the board before or after the lay:
// only its printed tiles are read) is settled without one, err then
// being checkReach's answer. It is the PreCheckLay of the lay rules, which
// spares a scratch copy of the board for a lay on an empty hex.
func (g *Game) reachDecided(c *engine.Corporation, b *board.Board, l board.Lay) (bool, error) {
	if c == nil {
		return true, nil
	}
	d := g.defs[c.Sym]
	if d.Minor && c.Tokens[0].Location == "" && len(d.Homes) > 0 && d.Homes[0] == l.Hex {
		return true, nil
	}
	if len(l.Tile.Nodes) == 0 {
		// a lay on an empty hex: all its track is new (checkNewTrack)
		return l.Old == nil || len(l.Old.Paths) == 0, nil
	}
	v, ok := b.Hex(l.Hex)
	if !ok || l.Old == v.Printed || l.Old.Color == board.White {
		return true, nil
	}
	r := g.trainReach(c)
	if !r.all && r.nodes == 0 && r.cities == 0 {
		return true, fmt.Errorf("%s: %w", l.Hex, ErrNoTrain)
	}
	return r.all, nil
}

// stopCost counts node n of t as a stop of a train's reach: halts are free.
func stopCost(t *board.TileDef, n int) int {
	k := t.Nodes[n].Kind
	if k == board.Halt || (k == board.Town && t.Label() == "HALT") {
		return 0
	}
	return 1
}

// cityCost counts the cities only (the U3's reach).
func cityCost(t *board.TileDef, n int) int {
	if t.Nodes[n].Kind == board.City {
		return 1
	}
	return 0
}

// stationWithin reports whether a station of the laid tile is reached
// from a base of corp with fewer than limit counted stops before it, along
// a line a train could run (4.5.3: never over the same piece of track
// twice). The stop counts of the network walk are a quick lower bound;
// a station they put within reach is confirmed by searching for a line.
// Should that search give up (board.LineBudget steps), the walk's answer
// stands.
//
// The line search runs first: a line it finds counts no fewer stops than
// the walk's lower bound, so the walk is asked only when the search gives
// up (the tests compare it with the walk asked first, as before).
func stationWithin(after *board.Board, corp string, l board.Lay, cost func(*board.TileDef, int) int, limit int) bool {
	var sc *board.StopCounts
	for n := range l.Tile.Nodes {
		found, complete := after.StationWithinStops(corp, l.Hex, n, cost, limit, board.LineBudget)
		if found {
			return true
		}
		if complete {
			continue
		}
		if sc == nil {
			sc = after.StopCounts(corp, cost)
		}
		if k, ok := sc.Node(board.NodeRef{Hex: l.Hex, Node: n}); ok && k < limit {
			return true
		}
	}
	return false
}

// checkNewTrack applies the first half of rule 4.3.2 to a promotion of
// track without stations: "some of the new track on the Tile" must be
// part of a line leading to a base of the company - a path of the new
// tile whose exits no path of the old tile already joined, on a line from
// a base that uses no piece of track twice (4.5.3; converging tracks meet
// a hex side as a single line, 4.5.7), so not one reached only by coming
// back over a side the line already crossed. 18xx.games checks this for
// tiles without stations only ("Must use new track"); a station promotion
// is covered by the train's reach. Should the search for such a line give
// up (board.LineBudget steps, far beyond any position met in play), the
// path counts as reached, as the network walk alone would say.
func checkNewTrack(c *engine.Corporation, after *board.Board, l board.Lay) error {
	exits := func(p board.PathDef, rot int) (out uint8) {
		for _, e := range []board.End{p.A, p.B} {
			if e.Kind == board.EndEdge {
				out |= 1 << board.RotateEdge(e.N, rot)
			}
		}
		return out
	}
	for i, np := range l.Tile.Paths {
		ne := exits(np, l.Rotation)
		old := false
		for _, op := range l.Old.Paths {
			oe := exits(op, l.OldRot)
			old = old || ne&^oe == 0
		}
		// a new path in the network on a line from a base (or one whose
		// search gave up)
		if !old && after.PathOnLine(c.Sym, l.Hex, i) {
			return nil
		}
	}
	return fmt.Errorf("%s: %w", l.Hex, ErrNoNewTrack)
}
