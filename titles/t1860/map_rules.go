package t1860

import (
	"errors"
	"fmt"
	"slices"
	"sort"

	"tresham/board"
	"tresham/engine"
)

// fixedOrientationTiles may only be laid with rotation 0 (Newport N,
// Merstone M and Ryde R tiles whose printed orientation is fixed;
// 18xx.games NO_ROTATION_TILES).
var fixedOrientationTiles = map[string]bool{"758": true, "761": true, "763": true, "773": true, "775": true}

// TrainReach reports a corporation's biggest train as (cities, towns): the
// city allowance of its largest train and the town allowance that applies
// to track-reach checks (1860: the train's town allowance under
// `no_skip_towns`/`original_game`, otherwise effectively unlimited, e.g.
// 9999). A corporation without trains returns (0, 0).
type TrainReach func(corp string) (cities, towns int)

// UnlimitedTowns is the town allowance used when towns may be skipped.
const UnlimitedTowns = 9999

// LayRules returns the 1860 track-laying hooks for board.LayTile /
// board.LegalLays:
//
//   - tiles 758, 761, 763, 773 and 775 only in their printed orientation;
//   - an upgrade (replacing a non-white tile) must be reachable by the
//     corporation's biggest train, counting cities and towns passed;
//   - a lay must use new track reachable by that train or change the
//     revenue of a reachable stop (semi-restrictive rule, 1860 variant).
//
// reach supplies the corporation's biggest train; if nil, upgrades are
// not limited by train size (e.g. while replaying stored games).
func LayRules(reach TrainReach) *board.Rules {
	return &board.Rules{
		RotationAllowed: func(_ *board.Board, l board.Lay) bool {
			return !fixedOrientationTiles[l.Tile.Name] || l.Rotation == 0
		},
		CheckLay: func(before, after *board.Board, l board.Lay) error {
			return checkTrackRestrictions(before, after, l, reach)
		},
		// a lay on a hex without track, or by no corporation, passes
		// checkTrackRestrictions whatever the network: no scratch copy
		PreCheckLay: func(_ *board.Board, l board.Lay) (bool, error) {
			return l.Corp == "" || (l.Old.Color == board.White && len(l.Old.Paths) == 0), nil
		},
	}
}

// layRules are the track rules of the game's lays (LayRules, the reach of
// the corporation's biggest train).
func (g *Game) layRules() *board.Rules { return LayRules(g.trainReach) }

// trainReach is the biggest train's allowance for the track-reach rule.
func (g *Game) trainReach(sym string) (int, int) {
	c := g.Corp(sym)
	if c == nil || len(c.Trains) == 0 {
		return 0, 0
	}
	best := c.Trains[0]
	for _, t := range c.Trains[1:] {
		if t.Major > best.Major {
			best = t
		}
	}
	towns := UnlimitedTowns
	if g.optNoSkipTowns {
		towns = best.Minor
	}
	return best.Major, towns
}

// layOptions are the options of c's lays now: in the stock round a home
// tile, which need not connect (rules 6.4).
func (g *Game) layOptions(c *engine.Corporation) (board.LayOptions, error) {
	cs, err := board.ParseColors(g.Phase().Tiles)
	if err != nil {
		return board.LayOptions{}, err
	}
	return board.LayOptions{Corp: c.Sym, Colors: cs, Rules: g.layRules(), NoConnectivity: g.stock != nil}, nil
}

// ErrNotReachable is returned (wrapped) when an upgrade is beyond the
// reach of the corporation's biggest train.
var ErrNotReachable = errors.New("tile must be reachable with train")

func reachableCity(d board.Dist, c, t int) bool {
	unused := c - d.City - 1
	return d.City < c && d.Town <= t+unused
}

func reachableTown(d board.Dist, c, t int) bool {
	unused := c - d.City
	return d.City <= c && d.Town < t+unused
}

func reachableHalt(d board.Dist, c, t int) bool {
	unused := c - d.City
	return d.City <= c && d.Town <= t+unused
}

func reachableNode(kind board.NodeKind, d board.Dist, c, t int) bool {
	switch kind {
	case board.City, board.Offboard:
		return reachableCity(d, c, t)
	case board.Town:
		return reachableTown(d, c, t)
	default:
		return reachableHalt(d, c, t)
	}
}

// reachableHex implements the 1860 test that a hex's stops (or, for plain
// track, its track) are within reach of the biggest train.
func reachableHex(b *board.Board, dist board.HexDistances, hex string, c, t int) bool {
	tile, _, _ := b.TileOn(hex)
	any := false
	for p := range tile.Paths {
		if _, ok := dist.Path(p); ok {
			any = true
			break
		}
	}
	if !any {
		return false
	}
	if len(tile.Nodes) > 0 {
		for n, nd := range tile.Nodes {
			if d, ok := dist.Node(n); ok && reachableNode(nd.Kind, d, c, t) {
				return true
			}
		}
		return false
	}
	for p := range tile.Paths {
		if d, ok := dist.Path(p); ok && reachableHalt(d, c, t) {
			return true
		}
	}
	return false
}

// reachableRevenues lists the (maximum) revenues of the stops on hex that
// the biggest train can reach, sorted.
func reachableRevenues(b *board.Board, hex string, corp string, c, t int) []int {
	tile, _, _ := b.TileOn(hex)
	if tile.Color == board.White || c == 0 {
		return nil
	}
	return revenuesWithin(tile, b.HexDistances(corp, hex), c, t)
}

// revenuesWithin is reachableRevenues of tile, given the hex's distances.
func revenuesWithin(tile *board.TileDef, dist board.HexDistances, c, t int) []int {
	if tile.Color == board.White || c == 0 {
		return nil
	}
	var out []int
	for n, nd := range tile.Nodes {
		if d, ok := dist.Node(n); ok && reachableNode(nd.Kind, d, c, t) {
			out = append(out, nd.Revenue)
		}
	}
	sort.Ints(out)
	return out
}

func pathRevenues(t *board.TileDef, p int) []int {
	var out []int
	for _, e := range [2]board.End{t.Paths[p].A, t.Paths[p].B} {
		if e.Kind == board.EndNode {
			out = append(out, t.Nodes[e.N].Revenue)
		}
	}
	sort.Ints(out)
	return out
}

func checkTrackRestrictions(before, after *board.Board, l board.Lay, reach TrainReach) error {
	if l.Corp == "" {
		return nil
	}
	c, t := 1<<20, 1<<20
	if reach != nil {
		c, t = reach(l.Corp)
	}
	upgrade := l.Old.Color != board.White
	changedCity := false
	var dist board.HexDistances // only upgrades need distances
	if upgrade {
		if c > 0 {
			dist = after.HexDistances(l.Corp, l.Hex)
		}
		if c == 0 || !reachableHex(after, dist, l.Hex, c, t) {
			return fmt.Errorf("t1860: %s: %w", l.Hex, ErrNotReachable)
		}
		// whether the reachable revenues changed matters only when the
		// upgrade uses no new track (below)
	}
	usedNew := len(l.Old.Paths) == 0
	if !upgrade && usedNew {
		// a lay on a hex without track uses new track whatever the
		// network reaches
		return nil
	}
	var g *board.Graph // built once a path could change the answer
	for np := range l.Tile.Paths {
		op := -1
		for p := range l.Old.Paths {
			if board.PathWithin(l.Tile, np, l.Rotation, l.Old, p, l.OldRot) {
				op = p
				break
			}
		}
		// an upgrade's old paths, and a lay's paths that keep their
		// revenues, change nothing: the network need not be asked
		if upgrade && (op >= 0 || usedNew) {
			continue
		}
		if !upgrade && op >= 0 && slices.Equal(pathRevenues(l.Old, op), pathRevenues(l.Tile, np)) {
			continue
		}
		if g == nil {
			g = after.Graph(l.Corp)
		}
		if !g.PathConnected(l.Hex, np) {
			continue
		}
		if upgrade {
			d, ok := dist.Path(np)
			if c == 0 || !ok || d.City > c || d.Town > t {
				continue
			}
		}
		if op < 0 {
			usedNew = true
		}
		if !upgrade {
			changedCity = true
		}
	}
	if upgrade && !usedNew {
		saved := reachableRevenues(before, l.Hex, l.Corp, c, t)
		// after the lay: dist, found above on the same board
		tile, _, _ := after.TileOn(l.Hex)
		now := revenuesWithin(tile, dist, c, t)
		changedCity = !slices.Equal(saved, now)
	}
	if !usedNew && !changedCity {
		return fmt.Errorf("t1860: %s: must use new track or change city value", l.Hex)
	}
	return nil
}

// LayStep tracks the 1860 per-turn tile-lay allowance (rules "Laying
// track"): one yellow tile with a large station, two yellow tiles without, or
// (once green is available) one upgrade instead; so a second lay is yellow,
// without a large station, and only after such a lay (18xx.games TILE_LAYS
// and G1860::Tracker). The zero value is the start of a turn.
//
// Accelerated selects the first edition's "Variant: Accelerated Track
// Development" (option accelerated_track): "a company may lay or upgrade one
// tile containing a large station, lay two yellow tiles without large
// stations, or may lay one yellow and upgrade one other tile where neither of
// the two tiles contains a large station", the tile laid not being upgraded
// in the same turn.
type LayStep struct {
	Laid        int
	Upgraded    bool
	City        bool
	Accelerated bool
	Hex         string // hex of the first lay
}

// Check reports whether the next lay of tile t is allowed.
func (s LayStep) Check(t *board.TileDef) error {
	return s.check("", t.Color != board.Yellow, t.NumCities() > 0)
}

// Next returns the allowance after laying tile t.
func (s LayStep) Next(t *board.TileDef) LayStep {
	return s.next("", t.Color != board.Yellow, t.NumCities() > 0)
}

// More reports whether a further lay may still be allowed this turn.
func (s LayStep) More() bool {
	switch s.Laid {
	case 0:
		return true
	case 1:
		return !s.City && (s.Accelerated || !s.Upgraded)
	}
	return false
}

// check reports whether a lay on hex (an upgrade, a tile with a large
// station) is allowed next; hex may be empty when unknown.
func (s LayStep) check(hex string, upgrade, city bool) error {
	switch {
	case s.Laid == 0:
		return nil
	case s.Laid > 1:
		return errors.New("t1860: no more tile lays this turn")
	case s.City:
		return errors.New("t1860: cannot lay a second tile after a city tile")
	case city:
		return errors.New("t1860: cannot lay a city tile now")
	case !s.Accelerated && s.Upgraded:
		return errors.New("t1860: cannot lay a second tile after an upgrade")
	case !s.Accelerated && upgrade:
		return errors.New("t1860: cannot lay an upgrade now")
	case s.Upgraded && upgrade:
		return errors.New("t1860: accelerated_track: only one upgrade per turn")
	case upgrade && hex != "" && hex == s.Hex:
		return errors.New("t1860: accelerated_track: the tile laid this turn may not be upgraded in the same turn")
	}
	return nil
}

func (s LayStep) next(hex string, upgrade, city bool) LayStep {
	if s.Laid == 0 {
		s.Hex = hex
	}
	s.Laid++
	s.Upgraded = s.Upgraded || upgrade
	s.City = s.City || city
	return s
}
