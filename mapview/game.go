package mapview

import (
	"fmt"
	"strings"
	"sync"

	"tresham/board"
	"tresham/engine"
	"tresham/titles/title"
)

// boardOf returns the board and the engine game of a title game.
func boardOf(game any) (title.Full, *board.Board, *engine.Game, error) {
	g, ok := game.(title.Full)
	if !ok {
		return nil, nil, nil, fmt.Errorf("mapview: no map for %T", game)
	}
	b := g.Map()
	if b == nil {
		return nil, nil, nil, fmt.Errorf("mapview: this %s game has no map", g.Engine().Title)
	}
	return g, b, g.Engine(), nil
}

// ForGame renders the board of a title game (a title.Full)
// at its current state, with the current phase's revenues marked and the
// home stations still to be placed drawn faintly. Its signature fits the
// server's map hook; the result is a View.
func ForGame(game any) (any, error) {
	v, err := RenderGame(game)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// RenderGame is ForGame with a typed result.
func RenderGame(game any) (View, error) { return new(Cache).RenderGame(game) }

// Cache keeps what drawing a game's board computes the same at every
// position: the rotation classes of its tiles (a third of drawing the 1825
// board), by title and tile set. A history step or a move draws the board
// again; with a Cache it computes only what the position changes. The zero
// value is ready to use; a Cache is safe for concurrent use.
type Cache struct {
	mu        sync.Mutex
	rotations map[string]map[string][6]int
	// hexes are hex drawings by title and everything the drawing reads of
	// the hex (most hexes look the same from one position to the next)
	hexes map[string]hexDrawing
}

// maxCachedHexes bounds Cache.hexes (about 1 KB each); past it the cache
// starts afresh.
const maxCachedHexes = 20000

// hex answers the drawing kept under key, or draws and keeps it.
func (c *Cache) hex(key string, draw func() hexDrawing) hexDrawing {
	c.mu.Lock()
	d, ok := c.hexes[key]
	c.mu.Unlock()
	if ok {
		return d
	}
	d = draw()
	c.mu.Lock()
	if c.hexes == nil || len(c.hexes) >= maxCachedHexes {
		c.hexes = map[string]hexDrawing{}
	}
	c.hexes[key] = d
	c.mu.Unlock()
	return d
}

// ForGame is the package's ForGame through the cache.
func (c *Cache) ForGame(game any) (any, error) {
	v, err := c.RenderGame(game)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// tileRotations is tileRotations(b) for title, computed once per tile set.
// The answer is shared: callers must not change it.
func (c *Cache) tileRotations(title string, b *board.Board) map[string][6]int {
	key := title + "\x00" + strings.Join(b.TileNames(), ",")
	c.mu.Lock()
	defer c.mu.Unlock()
	if r, ok := c.rotations[key]; ok {
		return r
	}
	r := tileRotations(b)
	if c.rotations == nil {
		c.rotations = map[string]map[string][6]int{}
	}
	c.rotations[key] = r
	return r
}

// RenderGame is the package's RenderGame through the cache.
func (c *Cache) RenderGame(game any) (View, error) {
	v, err := c.RenderGameParts(game)
	if err == nil {
		v.JoinSVG()
	}
	return v, err
}

// RenderGameParts is RenderGame with SVG left empty (JoinSVG makes it
// from Head and HexSVG): for a caller that may answer only some hexes.
func (c *Cache) RenderGameParts(game any) (View, error) {
	g, b, eg, err := boardOf(game)
	if err != nil {
		return View{}, err
	}
	v := render(b, GameOptions(eg), func(key string, draw func() hexDrawing) hexDrawing { return c.hex(eg.Title+"|"+key, draw) })
	v.Market = MarketSVG(eg)
	rules := RulesOf(eg)
	rules.TileRotations = c.tileRotations(eg.Title, b)
	for _, c := range eg.Companies {
		row := CompanyRow{Sym: c.Sym, Name: c.Name, Value: c.Value, Revenue: c.Revenue, Ability: g.CompanyAbility(c.Sym)}
		rules.Companies = append(rules.Companies, row)
	}
	if a, ok := g.(title.Auctioneer); ok {
		rules.Auction = a.Auction()
	}
	if l, ok := g.(title.Liquid); ok {
		for _, p := range eg.Players {
			rules.Players = append(rules.Players, PlayerRow{ID: p.ID, Liquidity: l.Liquidity(p.ID)})
		}
	}
	v.Rules = &rules
	if eg.Market != nil {
		for _, c := range eg.Market.ParCells() {
			v.Par = append(v.Par, c.Price)
		}
	}
	return v, nil
}

// GameOptions collects the phase colours and the unplaced home stations of
// an engine game.
func GameOptions(g *engine.Game) Options {
	opt := Options{PhaseColors: g.Phase().Tiles, Homes: map[string][]string{}}
	for _, c := range g.Corps {
		if c.Home == "" || c.Closed {
			continue
		}
		placed := false
		for _, t := range c.Tokens {
			if strings.HasPrefix(t.Location, c.Home+"-") {
				placed = true
			}
		}
		if !placed {
			opt.Homes[c.Home] = append(opt.Homes[c.Home], c.Sym)
		}
	}
	return opt
}
