package t1860

import (
	"fmt"

	"tresham/board"
	"tresham/engine"
)

// mapBoard adapts the board package to the rules' Board interface.
type mapBoard struct {
	b     *board.Board
	rules *board.Rules
	game  *Game
}

// NewBoard builds the 1860 map for the given options.
func NewBoard(opts map[string]bool) (Board, error) {
	var rules []string
	for k := range opts {
		rules = append(rules, k)
	}
	b, err := Map(MapOptionsFromRules(rules))
	if err != nil {
		return nil, err
	}
	return &mapBoard{b: b}, nil
}

func (m *mapBoard) bind(g *Game) {
	m.game = g
	m.rules = LayRules(func(corp string) (int, int) { return g.trainReach(corp) })
}

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

func (m *mapBoard) LayTile(corp *engine.Corporation, hex, tileID string, rotation int, phaseColors []string) (int, error) {
	opt, err := m.layOptions(corp, phaseColors)
	if err != nil {
		return 0, err
	}
	res, err := m.b.LayTile(hex, tileID, rotation, opt)
	if err != nil {
		return 0, err
	}
	return res.Cost, nil
}

// ClassifyLay tells whether laying tileID is an upgrade (not yellow) or a city tile (rules 7.2: either ends track laying).
func (m *mapBoard) ClassifyLay(hex, tileID string) (bool, bool, error) {
	name, _, err := board.ParseTileID(tileID)
	if err != nil {
		return false, false, err
	}
	t, ok := m.b.TileDef(name)
	if !ok {
		return false, false, fmt.Errorf("unknown tile %s", tileID)
	}
	return t.Color != board.Yellow, t.NumCities() > 0, nil
}

func (m *mapBoard) PlaceToken(corp *engine.Corporation, city string, slot int, home bool) (string, error) {
	var r board.NodeRef
	var err error
	if home {
		n := m.homeNode(corp)
		if n < 0 {
			return "", nil
		}
		r = board.NodeRef{Hex: corp.Home, Node: n}
	} else {
		r, err = m.b.ResolveCity(city)
		if err != nil {
			return "", err
		}
		if m.reservedAgainst(r, corp) {
			return "", fmt.Errorf("the free slot of %s is reserved for a home token", city)
		}
	}
	if _, err := m.b.PlaceToken(r, corp.Sym, board.TokenOptions{CheckConnected: !home}); err != nil {
		return "", err
	}
	return m.b.Signature(r), nil
}

func (m *mapBoard) HomeIsBlank(corp *engine.Corporation) bool {
	tile, _, ok := m.b.TileOn(corp.Home)
	return ok && (tile == nil || tile.Color == board.White)
}

func (m *mapBoard) RemoveTokens(corp *engine.Corporation) {
	for _, r := range m.b.TokenNodes(corp.Sym) {
		_ = m.b.RemoveToken(r, corp.Sym)
	}
}

func (m *mapBoard) Tiles() map[string]string { return m.b.Tiles() }

func (m *mapBoard) TokenLocations(sym string) []string { return m.b.TokenLocations(sym) }

// CanToken reports whether corp has a reachable city with a slot it may use.
func (m *mapBoard) CanToken(corp *engine.Corporation) bool {
	for _, r := range m.b.TokenableCities(corp.Sym) {
		if !m.reservedAgainst(r, corp) {
			return true
		}
	}
	return false
}

// reservedAgainst reports whether the only free slots of city r are held for
// another corporation's home token (a home city is reserved until its
// corporation places its first token).
func (m *mapBoard) reservedAgainst(r board.NodeRef, corp *engine.Corporation) bool {
	t, _, ok := m.b.TileOn(r.Hex)
	if !ok || r.Node >= len(t.Nodes) {
		return false
	}
	reserved := 0
	if m.game != nil {
		for _, o := range m.game.Corps {
			if o == corp || o.Home != r.Hex || o.Closed || o.Tokens[0].Location != "" {
				continue
			}
			if m.homeNode(o) == r.Node {
				reserved++
			}
		}
	}
	return reserved > 0 && m.b.FreeSlots(r) <= reserved
}

// homeNode is the city node of a corporation's home hex that its home token takes.
func (m *mapBoard) homeNode(c *engine.Corporation) int {
	t, _, ok := m.b.TileOn(c.Home)
	if !ok || t == nil {
		return -1
	}
	for i, n := range t.Nodes {
		if n.Kind == board.City {
			return i
		}
	}
	return -1
}

// HasRoute reports whether corp can run any train: its network reaches at
// least two stops that are not halts (18xx.games route_train_purchase).
// A corporation without tokens has an empty network.
func (m *mapBoard) HasRoute(corp *engine.Corporation) bool {
	return m.b.NodesAtLeast(corp.Sym, 2, func(k board.NodeKind) bool {
		return k == board.City || k == board.Town || k == board.Offboard
	})
}
