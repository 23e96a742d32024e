package t1860

import (
	"sort"

	"tresham/board"
	"tresham/engine"
)

// destination is a company's destination town and its bonus in company credits.
type destination struct {
	place string
	bonus int
}

// destinations is the "Destinations" column of the rulebook's Major Companies
// table (identical in both editions), by home base.
var destinations = map[string][]destination{
	"C&N":   {{"Newport", 50}, {"Ryde Esplanade", 50}},   // from Cowes
	"IOW":   {{"Ventnor", 100}},                          // from Ryde Esplanade
	"IWNJ":  {{"Shide", 100}, {"Sandown", 100}},          // from Merstone
	"FYN":   {{"Newport", 200}},                          // from Yarmouth
	"NGStL": {{"Newport", 100}, {"Ventnor", 100}},        // from Godshill
	"BHI&R": {{"Brading", 100}, {"Ryde Esplanade", 100}}, // from Bembridge
	"S&C":   {{"Shanklin", 200}},                         // from Chale
	"VYSC":  {{"Ventnor", 100}, {"Freshwater", 100}},     // from Shorwell
}

// placeHexes locates the destination towns on the map.
var placeHexes = map[string]string{
	"Newport": "G5", "Shide": "G5", "Ryde Esplanade": "I3", "Ventnor": "I11",
	"Sandown": "J8", "Brading": "J6", "Shanklin": "I9", "Freshwater": "B6",
	"Yarmouth": "B4",
}

// isPlace reports whether node n of the board is the station of place. Shide
// shares the Newport hex: once Newport is upgraded it is "the southern, lower
// value station" (rules, "Tiles"); Newport is the other, or only, one.
func isPlace(b *board.Board, n board.NodeRef, place string) bool {
	if placeHexes[place] != n.Hex {
		return false
	}
	h, ok := b.Hex(n.Hex)
	if !ok || n.Node >= len(h.Tile.Nodes) || h.Tile.Nodes[n.Node].Kind != board.City {
		return false
	}
	if n.Hex != "G5" {
		return true
	}
	var cities []int
	for i, nd := range h.Tile.Nodes {
		if nd.Kind == board.City {
			cities = append(cities, i)
		}
	}
	sort.SliceStable(cities, func(i, j int) bool { return h.Tile.Nodes[cities[i]].Revenue > h.Tile.Nodes[cities[j]].Revenue })
	if place == "Newport" {
		return n.Node == cities[0]
	}
	return len(cities) > 1 && n.Node == cities[1]
}

// isHome reports whether node n is a large station of c's home base.
func isHome(b *board.Board, c *engine.Corporation, n board.NodeRef) bool {
	h, ok := b.Hex(n.Hex)
	return ok && n.Hex == c.Home && n.Node < len(h.Tile.Nodes) && h.Tile.Nodes[n.Node].Kind == board.City
}

// connected reports whether the runs link a station satisfying from to one
// satisfying to, on one route or on routes joined at shared stations.
func connected(runs [][]board.NodeRef, from, to func(board.NodeRef) bool) bool {
	group := runGroups(runs)
	reach := map[int][2]bool{}
	for i, run := range runs {
		r := reach[group[i]]
		for _, n := range run {
			r[0] = r[0] || from(n)
			r[1] = r[1] || to(n)
		}
		reach[group[i]] = r
	}
	for _, r := range reach {
		if r[0] && r[1] {
			return true
		}
	}
	return false
}

// payDestinations applies "Variant: Destinations" (option destinations): "On
// the first OR where the company runs trains (either a single one or
// connecting routes) between the company's home base and a destination, the
// company receives the bonus given on the table in company credits ... If a
// company is insolvent it receives this sum in full." Each destination pays
// once per game, into the treasury whether or not the run is paid out.
func (g *Game) payDestinations(c *engine.Corporation, b *board.Board, runs [][]board.NodeRef) {
	for _, d := range destinations[c.Sym] {
		key := c.Sym + ":" + d.place
		if g.destReached[key] {
			continue
		}
		home := func(n board.NodeRef) bool { return isHome(b, c, n) }
		dest := func(n board.NodeRef) bool { return isPlace(b, n, d.place) }
		if !connected(runs, home, dest) {
			continue
		}
		g.destReached[key] = true
		g.PayCorp(c, d.bonus)
		g.Logf("%s reaches its destination %s and receives a bonus of £%d", c.Sym, d.place, d.bonus)
	}
}

// afterRuns applies the optional rules that depend on the routes a
// corporation has just run, given as the nodes each visits
// (destinations; variable private revenue).
func (g *Game) afterRuns(c *engine.Corporation, runs [][]board.NodeRef) {
	if !g.optDestinations && !g.optVariablePrivates {
		return
	}
	b, err := g.mapBoardOf()
	if err != nil {
		return
	}
	if g.optDestinations {
		g.payDestinations(c, b, runs)
	}
	if g.optVariablePrivates {
		g.raiseYarmouth(c, b, runs)
	}
}
