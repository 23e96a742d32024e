package bot

import (
	"fmt"
	"hash/maphash"
	"slices"
	"strconv"

	"tresham/board"
	"tresham/engine"
	"tresham/route"
	"tresham/titles"
	"tresham/titles/title"
)

// position is the read-only view of a title game the heuristic bot plays
// from: the shared engine state, the map, and a way to estimate what a
// corporation's trains would earn on a board the bot has changed.
type position struct {
	g     Game
	eg    *engine.Game
	title string
	// rules are the title's route rules for the generic solver.
	rules title.RouteRules
	b     *board.Board
	// exact solves the title's own route problem on board b (nil when the
	// title cannot be asked about a board other than its own).
	exact func(b *board.Board, sym string) (int, error)
	// est caches estimate by corporation.
	est map[string]int
	// memo, when set, keeps approxRevenue's runs by board content.
	memo *revenueMemo
}

// estimate is what c would earn on the map as it stands (revenue on p.b),
// computed once per position.
func (p *position) estimate(c *engine.Corporation) int {
	if r, ok := p.est[c.Sym]; ok {
		return r
	}
	if p.est == nil {
		p.est = map[string]int{}
	}
	r := p.revenue(p.b, c)
	p.est[c.Sym] = r
	return r
}

// positionOf inspects the title game behind g (and behind any view of
// it; p.g stays the view, so hidden moves stay hidden).
func positionOf(g Game) (*position, error) { return newPosition(g, nil) }

// newPosition is positionOf keeping the titles' route rules in rules
// (when not nil) for the next position of the same title: the registry
// builds every title's descriptor on each lookup.
func newPosition(g Game, rules map[string]title.RouteRules) (*position, error) {
	x, ok := unwrap(g).(title.Full)
	if !ok {
		return nil, fmt.Errorf("bot: the heuristic bot plays title games, not %T", g)
	}
	eg := x.Engine()
	r, ok := rules[eg.Title]
	if !ok {
		d, found := titles.Lookup(eg.Title)
		if !found {
			return nil, fmt.Errorf("bot: no title %q", eg.Title)
		}
		r = d.Routes
		if rules != nil {
			rules[eg.Title] = r
		}
	}
	p := &position{g: g, eg: eg, title: eg.Title, rules: r, b: x.Map()}
	if br, ok := x.(title.BoardRevenue); ok {
		p.exact = br.RevenueOn
	}
	return p, nil
}

// phaseColors are the tile colours of the current phase (which select
// phase-dependent revenues).
func (p *position) phaseColors() []board.Color {
	var out []board.Color
	for _, n := range p.eg.Phase().Tiles {
		if c, err := board.ParseColor(n); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// trainAllowance is a train reduced to the stops it may count.
type trainAllowance struct{ major, minor int }

// evalTrains are the trains a corporation's revenue is estimated with: its
// own, or when it has none the next train the bank sells (the train it is
// about to buy).
func (p *position) evalTrains(c *engine.Corporation) []trainAllowance {
	var out []trainAllowance
	for _, t := range c.Trains {
		out = append(out, trainAllowance{t.Major, t.Minor})
	}
	if len(out) == 0 {
		if t := p.eg.Depot.MinUpcoming(); t != nil {
			out = append(out, trainAllowance{t.Major, t.Minor})
		}
	}
	return out
}

// revenue estimates what corporation c earns on board b. With real trains
// in 1825 it is the title's exact solver; otherwise it is the generic
// solver with simplified stop rules (approxHook), which is enough to rank
// tile lays and token places.
func (p *position) revenue(b *board.Board, c *engine.Corporation) int {
	if b == nil {
		return 0
	}
	if p.exact != nil && len(c.Trains) > 0 {
		if r, err := p.exact(b, c.Sym); err == nil {
			return r
		}
	}
	return p.approxRevenue(b, c, p.evalTrains(c))
}

// approxRevenue is what corporation c would earn on board b with trains,
// by the generic solver's simplified stop rules.
func (p *position) approxRevenue(b *board.Board, c *engine.Corporation, trains []trainAllowance) int {
	if b == nil || len(trains) == 0 || len(b.TokenNodes(c.Sym)) == 0 {
		return 0
	}
	colors := p.phaseColors()
	key := approxKey{corp: c.Sym, rules: p.rules}
	kb := make([]byte, 0, 32)
	for _, t := range trains {
		kb = strconv.AppendInt(kb, int64(t.major), 10)
		kb = append(kb, '+')
		kb = strconv.AppendInt(kb, int64(t.minor), 10)
		kb = append(kb, ',')
	}
	key.trains = string(kb)
	kb = kb[:0]
	for _, col := range colors {
		kb = strconv.AppendInt(kb, int64(col), 10)
		kb = append(kb, ',')
	}
	key.colors = string(kb)
	solve := func() (any, error) {
		if p.memo != nil {
			return p.memo.revenue(b, key, func() (int, error) { return p.solveApprox(b, c, trains, colors) })
		}
		return p.solveApprox(b, c, trains, colors)
	}
	if b != p.b {
		// a board tried once (a lay or a token on a copy): not memoised
		// by version, so that it does not push the position's own board
		// out (but by content, when the position has a memo)
		r, err := solve()
		if err != nil {
			return 0
		}
		return r.(int)
	}
	// the run depends on nothing but the board and the key: memoised per
	// board version (a board keeps its version through the decisions that
	// leave the map alone: stock rounds, runs, dividends, trains)
	v, err := b.MemoByVersion(key, false, solve)
	if err != nil {
		return 0
	}
	return v.(int)
}

// approxKey is the board memo key of approxRevenue's run: the company,
// its trains' allowances ("major+minor," each), the phase's colours and
// the title's route rules.
type approxKey struct {
	corp, trains, colors string
	rules                title.RouteRules
}

// revenueMemo keeps approxRevenue's runs by the content of the board
// (board.AppendState) and the key, for the copies of a game a search
// plays ahead on: a fork gets new board versions (MemoByVersion cannot
// match across forks), but its rollouts meet the same boards again (the
// first operating round after a stock-round decision is the same map in
// every rollout, and the lays tried are samples of the same lists). The
// run depends on nothing but the board's tiles, tokens and blocking and
// the key, so a kept value is the value solving again would give. One
// goroutine's, like the Heuristic that holds it.
type revenueMemo struct {
	m    map[revenueKey]int
	ref  *board.Board // a board of the map the entries are of
	buf  []byte
	seed maphash.Seed
	// Hits and Misses count the lookups (for measuring).
	Hits, Misses int
}

// revenueKey is a memo entry's key: approxRevenue's key and two
// independent 64-bit hashes of the board's content (a collision of both
// is beyond any chance met in play).
type revenueKey struct {
	approxKey
	h1, h2 uint64
}

// revenueMemoSize bounds the memo's entries (it is emptied when full).
const revenueMemoSize = 1 << 16

// revenue returns the memoised run of key on board b, or solve's (kept
// when it succeeds).
func (m *revenueMemo) revenue(b *board.Board, key approxKey, solve func() (int, error)) (int, error) {
	if m.m == nil || m.ref == nil || !m.ref.SameMap(b) || len(m.m) >= revenueMemoSize {
		m.m, m.ref = make(map[revenueKey]int), b
		if m.seed == (maphash.Seed{}) {
			m.seed = maphash.MakeSeed()
		}
	}
	m.buf = b.AppendState(m.buf[:0])
	k := revenueKey{approxKey: key, h1: maphash.Bytes(m.seed, m.buf)}
	m.buf = append(m.buf, 0x5a) // a different input for the second hash
	k.h2 = maphash.Bytes(m.seed, m.buf)
	if v, ok := m.m[k]; ok {
		m.Hits++
		return v, nil
	}
	m.Misses++
	v, err := solve()
	if err == nil {
		m.m[k] = v
	}
	return v, err
}

// solveApprox is approxRevenue's solve.
func (p *position) solveApprox(b *board.Board, c *engine.Corporation, trains []trainAllowance, colors []board.Color) (int, error) {
	h := &approxHook{trains: trains, colors: colors, flat: p.rules.FlatStops}
	prob := &route.Problem{
		Board:            b,
		Corp:             c.Sym,
		Intersect:        p.rules.Intersect,
		Trains:           len(trains),
		Hook:             h,
		ReEnterHexes:     p.rules.ReEnterHexes,
		MaxBlockedPass:   p.rules.MaxBlockedPass,
		MaxBlockedRoutes: p.rules.MaxBlockedRoutes,
		RevenueOnly:      true, // only the revenue ranks the boards
	}
	res, err := route.Solve(prob)
	if err != nil {
		return 0, fmt.Errorf("bot: estimating %s's run: %w", c.Sym, err)
	}
	return res.Best[route.MaxRevenue].Revenue, nil
}

// approxHook is a simplified stop rule for route.Solve: a train counts at
// most major cities and off-boards, plus the best towns its remaining
// allowance covers (1860), or at most major stops of any kind (flat, 1825).
// Halts are passed over.
type approxHook struct {
	trains []trainAllowance
	colors []board.Color
	flat   bool
	towns  []int
}

func (h *approxHook) TrainKey(t int) string {
	return strconv.Itoa(h.trains[t].major) + "+" + strconv.Itoa(h.trains[t].minor)
}

// Class: 0 large stations (cities, off-boards), 1 small ones (towns), 2
// halts.
func (h *approxHook) Class(n *route.NodeInfo) int {
	switch n.Kind {
	case board.City, board.Offboard:
		return 0
	case board.Town:
		return 1
	}
	return 2
}

// CanEnd: a route never begins or ends at a halt.
func (h *approxHook) CanEnd(n *route.NodeInfo) bool { return n.Kind != board.Halt }

func (h *approxHook) Within(t int, counts *[route.MaxClasses]int) bool {
	if t < 0 {
		for i := range h.trains {
			if h.within(i, counts) {
				return true
			}
		}
		return false
	}
	return h.within(t, counts)
}

func (h *approxHook) within(t int, counts *[route.MaxClasses]int) bool {
	if h.flat {
		return counts[0]+counts[1] <= h.trains[t].major
	}
	return counts[0] <= h.trains[t].major
}

func (h *approxHook) Evaluate(t int, visits []*route.NodeInfo, buf []route.Outcome) []route.Outcome {
	if len(visits) < 2 || visits[0].Kind == board.Halt || visits[len(visits)-1].Kind == board.Halt {
		return buf
	}
	tr := h.trains[t]
	sum, cities := 0, 0
	h.towns = h.towns[:0]
	for _, n := range visits {
		switch n.Kind {
		case board.City, board.Offboard:
			cities++
			sum += n.Def.RevenueFor(h.colors)
		case board.Town:
			h.towns = append(h.towns, n.Def.RevenueFor(h.colors))
		}
	}
	if h.flat {
		if cities+len(h.towns) > tr.major {
			return buf
		}
		for _, r := range h.towns {
			sum += r
		}
		return append(buf, route.Outcome{Revenue: sum, Choice: -1})
	}
	if cities > tr.major {
		return buf
	}
	slices.SortFunc(h.towns, func(a, b int) int { return b - a })
	for i := 0; i < len(h.towns) && i < tr.minor+tr.major-cities; i++ {
		sum += h.towns[i]
	}
	return append(buf, route.Outcome{Revenue: sum, Choice: -1})
}

// stationCount counts the cities, towns and off-boards on c's network on
// board b: a measure of how far its track reaches, used to prefer lays
// that open new ground when no lay raises revenue at once.
func stationCount(b *board.Board, sym string) int {
	n := 0
	for _, r := range b.Graph(sym).Nodes() {
		v, ok := b.Hex(r.Hex)
		if !ok || v.Tile == nil || r.Node >= len(v.Tile.Nodes) {
			continue
		}
		if v.Tile.Nodes[r.Node].Kind != board.Halt {
			n++
		}
	}
	return n
}

// afterLay returns a copy of b with the lay of a made on it (the lay is
// one the title listed, so no rule is checked again).
func afterLay(b *board.Board, a *engine.Action) (*board.Board, error) {
	nb := b.Clone()
	if err := nb.ForceLay(a.Hex, a.Tile, a.Rotation); err != nil {
		return nil, err
	}
	return nb, nil
}

// afterToken returns a copy of b with corp's token placed in a's city.
func afterToken(b *board.Board, a *engine.Action) (*board.Board, error) {
	ref, err := b.ResolveCity(a.City)
	if err != nil {
		return nil, err
	}
	nb := b.Clone()
	if _, err := nb.PlaceToken(ref, a.Entity, board.TokenOptions{}); err != nil {
		return nil, err
	}
	return nb, nil
}

// frontierDepth is how many hexes beyond where a company may lay track
// frontier looks for stations.
const frontierDepth = 4

// frontier estimates what corporation sym's network may still reach on
// board b: the revenue of each station it does not reach yet, divided by
// one plus the station's distance in hexes from the hexes where sym may
// lay track (within frontierDepth). A lay that brings track nearer to
// unreached cities raises it, which ranks lays that open a route before
// they add revenue.
func frontier(b *board.Board, sym string, colors []board.Color) float64 {
	g := b.Graph(sym)
	start := g.ConnectedHexes()
	dist := make(map[string]int, 64)
	queue := make([]string, 0, 64)
	for _, h := range start {
		dist[h] = 0
		queue = append(queue, h)
	}
	sum := 0.0
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		d := dist[h]
		if v, ok := b.Hex(h); ok && v.Tile != nil {
			for i := range v.Tile.Nodes {
				n := &v.Tile.Nodes[i]
				if n.Kind != board.City && n.Kind != board.Town && n.Kind != board.Offboard {
					continue
				}
				if g.NodeConnected(board.NodeRef{Hex: h, Node: i}) {
					continue
				}
				sum += float64(n.RevenueFor(colors)) / float64(d+1)
			}
		}
		if d >= frontierDepth {
			continue
		}
		for e := 0; e < 6; e++ {
			if n := b.Neighbor(h, e); n != "" {
				if _, seen := dist[n]; !seen {
					dist[n] = d + 1
					queue = append(queue, n)
				}
			}
		}
	}
	return sum
}

// deadEndLay reports whether the lay that turned board b into nb on hex
// is track no route can use. Both the old and the new tile must be plain
// track (no city, town, junction or terminal path), the new tile must
// keep every path of the old one, and every path it adds must end at a
// hex side where nothing meets it: no track across that side (on nb),
// and no other path of the tile there. A route runs from station to
// station and never uses a piece of track twice, so it cannot use a path
// with such an end; without the added paths the hex holds what it held
// on b, and every other hex is as it was. So the company's best run and
// the stations its network reaches are the same on both boards, and the
// route solves of the lay can be skipped. Borders are ignored (a side
// counts as met whenever the hex across has track at that side), which
// can only make the answer false.
func deadEndLay(b, nb *board.Board, hex string) bool {
	old, orot, ok := b.TileOn(hex)
	if !ok || !plainTrack(old) {
		return false
	}
	t, rot, ok := nb.TileOn(hex)
	if !ok || t == nil || !plainTrack(t) {
		return false
	}
	type edges struct {
		a, b  int
		track string
	}
	key := func(p board.PathDef, r int) edges {
		x, y := board.RotateEdge(p.A.N, r), board.RotateEdge(p.B.N, r)
		return edges{min(x, y), max(x, y), p.Track}
	}
	kept := map[edges]bool{}
	if old != nil {
		for _, p := range old.Paths {
			kept[key(p, orot)] = false
		}
	}
	for _, p := range t.Paths {
		k := key(p, rot)
		if _, ok := kept[k]; ok {
			kept[k] = true
			continue
		}
		if !deadEnd(nb, hex, t, rot, k.a) && !deadEnd(nb, hex, t, rot, k.b) {
			return false
		}
	}
	for _, found := range kept {
		if !found {
			return false
		}
	}
	return true
}

// plainTrack reports whether tile t (nil: no tile) has only track between
// hex sides.
func plainTrack(t *board.TileDef) bool {
	if t == nil {
		return true
	}
	if len(t.Nodes) > 0 || t.Junction {
		return false
	}
	for _, p := range t.Paths {
		if p.A.Kind != board.EndEdge || p.B.Kind != board.EndEdge || p.Terminal {
			return false
		}
	}
	return true
}

// deadEnd reports whether absolute side e of hex (holding tile t at
// rotation rot on b) is the end of a single path of t and meets no track
// across it.
func deadEnd(b *board.Board, hex string, t *board.TileDef, rot, e int) bool {
	if len(t.PathsAtEdge(e, rot)) != 1 {
		return false
	}
	n := b.Adjacent(hex, e)
	if n == "" {
		return true
	}
	nt, nrot, ok := b.TileOn(n)
	if !ok {
		return false
	}
	return nt == nil || len(nt.PathsAtEdge((e+3)%6, nrot)) == 0
}
