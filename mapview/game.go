package mapview

import (
	"fmt"
	"slices"
	"strconv"
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
	// lastTiles is the tile set of the last tileRotations call
	lastTiles struct {
		title string
		names []string
		r     map[string][6]int
	}
	// hexes are hex drawings by title and everything the drawing reads of
	// the hex (most hexes look the same from one position to the next)
	hexes map[string]hexDrawing
	// boards are board drawings (render's parts) by boardKey
	boards map[boardKey]View
	// markets are market charts by marketKey; grid is the key of the
	// last market grid's cells (a Market never changes: the same one, the
	// same key; holding it keeps its address from being reused)
	markets map[string]string
	grid    struct {
		m   *engine.Market
		key []byte
	}
}

// boardKey names a board's drawing: the board (held, so that its address
// is not reused), its version (board.Version: the same board at the same
// version is in the same state) and everything else render reads (the
// title, the phase's colours, the homes still to place).
type boardKey struct {
	b    *board.Board
	ver  uint64
	opts string
}

// maxCachedBoards bounds Cache.boards; past it the cache starts afresh.
const maxCachedBoards = 16

// board is the board's drawing in parts (render), kept by boardKey: a
// move that changes nothing on the board (a share bought, a run, a
// dividend, a pass) answers the drawing of the move before it. Its maps
// and slices are shared with the drawing kept: callers must not change
// them.
func (c *Cache) board(title string, b *board.Board, opt Options) View {
	var sb strings.Builder
	sb.WriteString(title)
	sb.WriteByte('|')
	sb.WriteString(strings.Join(opt.PhaseColors, ","))
	homes := make([]string, 0, len(opt.Homes))
	for hex := range opt.Homes {
		homes = append(homes, hex)
	}
	slices.Sort(homes)
	for _, hex := range homes {
		sb.WriteByte('|')
		sb.WriteString(hex)
		sb.WriteByte(':')
		sb.WriteString(strings.Join(opt.Homes[hex], ","))
	}
	key := boardKey{b: b, ver: b.Version(), opts: sb.String()}
	c.mu.Lock()
	v, ok := c.boards[key]
	c.mu.Unlock()
	if ok && len(opt.Highlight) == 0 {
		return v
	}
	v = render(b, opt, func(key string, draw func() hexDrawing) hexDrawing { return c.hex(title+"|"+key, draw) })
	if len(opt.Highlight) > 0 {
		return v
	}
	c.mu.Lock()
	if c.boards == nil || len(c.boards) >= maxCachedBoards {
		c.boards = map[boardKey]View{}
	}
	c.boards[key] = v
	c.mu.Unlock()
	return v
}

// maxCachedMarkets bounds Cache.markets (a chart is 20-40 KB); past it the
// cache starts afresh.
const maxCachedMarkets = 256

// market is MarketSVG(g), kept by everything it draws: the grid's cells
// and where each open corporation's marker sits on it, in which order.
func (c *Cache) market(g *engine.Game) string {
	if g.Market == nil {
		return ""
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.grid.m != g.Market {
		c.grid.m, c.grid.key = g.Market, marketGridKey(g.Title, g.Market)
	}
	key := append([]byte(nil), c.grid.key...)
	for _, co := range g.Corps {
		if co.Cell == nil || co.Closed {
			continue
		}
		key = append(append(key, co.Sym...), '@')
		key = appendCell(key, co.Cell)
		key = strconv.AppendInt(append(key, '#'), int64(g.CellOrder(co)), 10)
		key = append(key, ';')
	}
	if svg, ok := c.markets[string(key)]; ok {
		return svg
	}
	svg := MarketSVG(g)
	if c.markets == nil || len(c.markets) >= maxCachedMarkets {
		c.markets = map[string]string{}
	}
	c.markets[string(key)] = svg
	return svg
}

// marketGridKey is the part of a market chart's key that the grid makes:
// the title (its printed rows) and every cell.
func marketGridKey(title string, m *engine.Market) []byte {
	key := append([]byte(title), '|')
	for _, row := range m.Rows {
		for _, cell := range row {
			if cell == nil {
				key = append(key, '-')
				continue
			}
			key = appendCell(key, cell)
		}
		key = append(key, '/')
	}
	return append(key, '|')
}

// appendCell appends a cell's price, place and type.
func appendCell(key []byte, c *engine.Cell) []byte {
	key = strconv.AppendInt(key, int64(c.Price), 10)
	key = strconv.AppendInt(append(key, ','), int64(c.Row), 10)
	key = strconv.AppendInt(append(key, ','), int64(c.Col), 10)
	key = strconv.AppendInt(append(key, ','), int64(c.Type), 10)
	return append(key, ';')
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
	names := b.TileNames()
	c.mu.Lock()
	defer c.mu.Unlock()
	// most often the tile set of the last call: no key to build and look up
	if last := c.lastTiles; last.r != nil && last.title == title && slices.Equal(last.names, names) {
		return last.r
	}
	key := title + "\x00" + strings.Join(names, ",")
	r, ok := c.rotations[key]
	if !ok {
		r = tileRotations(b)
		if c.rotations == nil {
			c.rotations = map[string]map[string][6]int{}
		}
		c.rotations[key] = r
	}
	c.lastTiles.title, c.lastTiles.names, c.lastTiles.r = title, names, r
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
	v := c.board(eg.Title, b, GameOptions(eg))
	v.Market = c.market(eg)
	rules := RulesOf(eg)
	rules.TileRotations = c.tileRotations(eg.Title, b)
	for _, c := range eg.Companies {
		row := CompanyRow{Sym: c.Sym, Name: c.Name, Value: c.Value, Revenue: c.Revenue, Ability: g.CompanyAbility(c.Sym)}
		rules.Companies = append(rules.Companies, row)
	}
	if a, ok := g.(title.Auctioneer); ok {
		rules.Auction = a.Auction()
	}
	if r, ok := g.(title.SaleRecorder); ok {
		rules.Sold = r.SoldThisRound()
	}
	if t, ok := g.(title.Turner); ok {
		rules.Turn = t.OperatingTurn()
	}
	if r, ok := g.(title.RoundSetter); ok {
		rules.SetOperatingRounds = r.OperatingRoundsInSet()
	}
	if l, ok := g.(title.Leaser); ok {
		for sym, id := range l.LeasedTrains() {
			for i := range rules.Corporations {
				if rules.Corporations[i].Sym == sym {
					rules.Corporations[i].Leased = id
				}
			}
		}
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
