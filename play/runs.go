package play

import (
	"fmt"
	"slices"

	"tresham/board"
	"tresham/compat/g18xx"
	"tresham/replay"
	"tresham/route"
	"tresham/titles/title"
)

// Step is one track path a route runs along: the hex and the index of the
// path in the tile on it (the map draws it as `path.track[data-path]`).
type Step struct {
	Hex  string `json:"hex"`
	Path int    `json:"path"`
}

// Segment is the track between two neighbouring stops ("HEX-PART"): one
// step of a route a player draws, with its 18xx.games connection.
type Segment struct {
	A          string   `json:"a"`
	B          string   `json:"b"`
	Connection []string `json:"connection"`
	Paths      []Step   `json:"paths"`
}

// Network is what a page needs to let a player draw a corporation's run
// stop by stop: every segment of track, the stops holding its stations,
// the stops it can reach, and the stations it may not run through.
type Network struct {
	Segments []Segment `json:"segments"`
	Tokens   []string  `json:"tokens"`
	Reach    []string  `json:"reach"`
	Blocked  []string  `json:"blocked"`
}

// ShownRun is a run kept on the map: the last run of a company, shown
// while that company is still operating (its dividend, its train buying)
// or when the run is the move viewed.
type ShownRun struct {
	Entity  string      `json:"entity"`
	Routes  []ShownPath `json:"routes"`
	Revenue int         `json:"revenue"`
	// Action is the index of the run_routes action among the stored ones.
	Action int `json:"action"`
}

// ShownPath is one train's route of a ShownRun.
type ShownPath struct {
	Train string   `json:"train"`
	Nodes []string `json:"nodes"`
	// Stops are the nodes of Nodes the train counts, as its run's log
	// line names them (title.StopCounter: a small station or halt passed
	// free left out); absent when the title cannot tell.
	Stops   []string `json:"stops,omitempty"`
	Revenue *int     `json:"revenue,omitempty"`
	Paths   []Step   `json:"paths"`
}

// steps converts route paths.
func steps(ps []route.PathRef) []Step {
	out := make([]Step, len(ps))
	for i, p := range ps {
		out[i] = Step{Hex: p.Hex, Path: p.Path}
	}
	return out
}

// runRoutes converts 18xx.games routes for route.ResolveRun.
func runRoutes(rs []g18xx.Route) []route.RunRoute {
	out := make([]route.RunRoute, len(rs))
	for i, r := range rs {
		out[i] = route.RunRoute{Connections: r.Connections, Nodes: r.Nodes}
	}
	return out
}

// pathsOf resolves the routes of a run of sym on b, for drawing along the
// track (nil when they do not resolve).
func pathsOf(b *board.Board, sym string, rs []g18xx.Route) [][]Step {
	paths, _ := resolved(b, sym, rs)
	return paths
}

// resolved resolves the routes of a run of sym on b: the track paths of
// each route in order, and the stops ("HEX-PART") it visits in order; nil
// when they do not resolve.
func resolved(b *board.Board, sym string, rs []g18xx.Route) (paths [][]Step, stops [][]string) {
	if b == nil || len(rs) == 0 {
		return nil, nil
	}
	res, err := route.ResolveRun(b, sym, runRoutes(rs))
	if err != nil {
		return nil, nil
	}
	paths, stops = make([][]Step, len(res)), make([][]string, len(res))
	for i, r := range res {
		paths[i] = steps(r.OrderedPaths())
		for _, n := range r.Visited() {
			stops[i] = append(stops[i], fmt.Sprintf("%s-%d", n.Hex, n.Node))
		}
	}
	return paths, stops
}

// NetworkOf is corporation sym's Network in g: the track segments of the
// map, its stations, the stops a route of its can reach (walking from its
// stations, never through a city others have filled) and those filled
// cities.
func NetworkOf(g replay.Game, sym string) (*Network, error) {
	full, err := checkCorp(g, sym)
	if err != nil {
		return nil, err
	}
	b := full.Map()
	out := &Network{Segments: []Segment{}, Tokens: []string{}, Reach: []string{}, Blocked: []string{}}
	if b == nil {
		return out, nil
	}
	segs, err := route.Segments(b)
	if err != nil {
		return nil, err
	}
	adj := map[string][]string{}
	refs := map[string]board.NodeRef{}
	for _, s := range segs {
		out.Segments = append(out.Segments, Segment{A: s.A, B: s.B, Connection: s.Connection, Paths: steps(s.Paths)})
		adj[s.A] = append(adj[s.A], s.B)
		adj[s.B] = append(adj[s.B], s.A)
	}
	for sig := range adj {
		r, err := b.ParseSignature(sig)
		if err != nil {
			continue
		}
		refs[sig] = r
		if b.HasToken(r, sym) {
			out.Tokens = append(out.Tokens, sig)
		} else if b.Blocks(r, sym) {
			out.Blocked = append(out.Blocked, sig)
		}
	}
	seen := map[string]bool{}
	queue := slices.Clone(out.Tokens)
	for _, t := range queue {
		seen[t] = true
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		out.Reach = append(out.Reach, n)
		if slices.Contains(out.Blocked, n) {
			continue // a route may end here, not run on
		}
		for _, m := range adj[n] {
			if !seen[m] {
				seen[m] = true
				queue = append(queue, m)
			}
		}
	}
	slices.Sort(out.Tokens)
	slices.Sort(out.Reach)
	slices.Sort(out.Blocked)
	return out, nil
}

// LastRun is the run to keep on the map of g, the game after the stored
// actions acts: the run just made, when it is the last move; else the last
// run of the operating company (the corporation acting now: through its
// dividend and train buying, and in its next turn until it runs again),
// resolved on the board now (upgrades keep the track it ran on). Nil when
// there is none or it no longer follows the track.
func LastRun(g replay.Game, acts []g18xx.Action) *ShownRun {
	run, _ := LastRunIn(g, Moves(acts), func(i int) *g18xx.Action { return &acts[i] }, true)
	return run
}

// Moves lists the indices of the effective moves of the stored actions
// (undone ones and messages left out).
func Moves(acts []g18xx.Action) []int {
	idx := g18xx.EffectiveIndices(acts)
	out := idx[:0]
	for _, i := range idx {
		if acts[i].Type != g18xx.TypeMessage {
			out = append(out, i)
		}
	}
	return out
}

// LastRunIn is LastRun reading only the moves listed (indices of stored
// actions, in order, read through at): a server reads the end of a long
// log. complete says the list starts at the game's first move; when it
// does not and the run may lie before the list, ok is false (read more).
func LastRunIn(g replay.Game, moves []int, at func(int) *g18xx.Action, complete bool) (run *ShownRun, ok bool) {
	full, isFull := g.(title.Full)
	if !isFull {
		return nil, true
	}
	sym := ""
	if len(moves) > 0 {
		if a := at(moves[len(moves)-1]); a.Type == "run_routes" {
			sym, _ = a.Entity.Symbol()
		}
	} else if !complete {
		return nil, false
	}
	if sym == "" {
		for _, e := range g.Acting() {
			if full.Engine().Corp(e) != nil {
				sym = e
				break
			}
		}
	}
	if sym == "" {
		return nil, true
	}
	return LastRunOf(g, moves, at, sym, complete)
}

// LastRunOf is the last run of corporation sym among the moves (indices
// of stored actions, read with at), resolved on the board of g as
// LastRunIn resolves it: "show the last run of company X" at any position.
// ok is false when the moves given are not complete (complete false) and
// hold no run of sym: an earlier one may lie before them.
func LastRunOf(g replay.Game, moves []int, at func(int) *g18xx.Action, sym string, complete bool) (run *ShownRun, ok bool) {
	full, isFull := g.(title.Full)
	if !isFull || sym == "" {
		return nil, true
	}
	k := -1
	for j := len(moves) - 1; j >= 0; j-- {
		a := at(moves[j])
		if s, _ := a.Entity.Symbol(); a.Type == "run_routes" && s == sym {
			k = moves[j]
			break
		}
	}
	if k < 0 {
		return nil, complete
	}
	a := at(k)
	if len(a.Routes) == 0 {
		return nil, true
	}
	paths, stops := resolved(full.Map(), sym, a.Routes)
	if paths == nil {
		return nil, true
	}
	out := &ShownRun{Entity: sym, Action: k}
	for i, r := range a.Routes {
		nodes := r.Nodes
		if len(nodes) == 0 && i < len(stops) {
			nodes = stops[i] // older exports name no stops: the resolved route does
		}
		counted, rev := countedStops(full, sym, r, visited(stops, i, nodes))
		if rev == nil {
			rev = r.Revenue
		}
		out.Routes = append(out.Routes, ShownPath{Train: r.Train, Nodes: nodes, Stops: counted, Revenue: rev, Paths: paths[i]})
		if rev != nil {
			out.Revenue += *rev
		}
	}
	return out, true
}

// visited is the nodes route i calls at as the run's check resolved them
// (stops[i]), else the nodes it names.
func visited(stops [][]string, i int, nodes []string) []string {
	if i < len(stops) && len(stops[i]) > 0 {
		return stops[i]
	}
	return nodes
}

// countedStops is the stops train r of sym counted of the nodes it called
// at, as the title named them in its run's log line, and the revenue that
// line gave (an export from 18xx.games stores none); nil when the title
// cannot tell (the page then names every node).
func countedStops(full title.Full, sym string, r g18xx.Route, nodes []string) ([]string, *int) {
	sc, ok := full.(title.StopCounter)
	b := full.Map()
	if !ok || b == nil || len(nodes) == 0 {
		return nil, nil
	}
	visits := make([]board.NodeRef, 0, len(nodes))
	for _, n := range nodes {
		ref, err := b.ParseSignature(n)
		if err != nil {
			return nil, nil
		}
		visits = append(visits, ref)
	}
	stops, rev, ok := sc.CountedStops(sym, r.Train, visits)
	if !ok {
		return nil, nil
	}
	out := make([]string, len(stops))
	for i, s := range stops {
		out[i] = fmt.Sprintf("%s-%d", s.Hex, s.Node)
	}
	return out, &rev
}

// diagnose is the structured refusal of a run the title refused, when
// its track is at fault.
func diagnose(full title.Full, sym string, routes []g18xx.Route) *route.Refusal {
	b := full.Map()
	if b == nil {
		return nil
	}
	eg := full.Engine()
	reEnter := eg != nil && eg.Options["re_enter_hexes"]
	return route.Diagnose(b, sym, runRoutes(routes), reEnter)
}

// Move is what the last move changed on the map, for the page to
// highlight: the hex a tile went on, the city a station token went in
// (a map city id, "TILE-PART"), with the move's type and mover.
type Move struct {
	Type   string   `json:"type"`
	Entity string   `json:"entity"`
	Hexes  []string `json:"hexes,omitempty"`
	Cities []string `json:"cities,omitempty"`
	// Action is the index of the move among the stored actions.
	Action int `json:"action"`
}

// LastMove is the last effective move of the stored actions acts (nil
// for none), with the hexes and cities it changed on the map.
func LastMove(acts []g18xx.Action) *Move {
	moves := Moves(acts)
	if len(moves) == 0 {
		return nil
	}
	return MoveOf(&acts[moves[len(moves)-1]], moves[len(moves)-1])
}

// MoveOf is the Move of stored action a, the i-th.
func MoveOf(a *g18xx.Action, i int) *Move {
	m := &Move{Type: a.Type, Entity: a.Entity.String(), Action: i}
	if a.Hex != "" {
		m.Hexes = []string{a.Hex}
	}
	if a.City != "" {
		m.Cities = []string{a.City}
	}
	return m
}

// LastMove is the package's LastMove after the first n stored actions.
func (s *Session) LastMove(n int) *Move {
	if n < 0 || n > len(s.src.Actions) {
		return nil
	}
	return LastMove(s.src.Actions[:n])
}
