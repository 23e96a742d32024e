package t1860

import (
	"fmt"
	"slices"

	"tresham/board"
	"tresham/engine"
	"tresham/route"
	"tresham/titles/title"
)

// Route legality (rules "Running Trains", 2nd edition p. 12):
//
//   - routes begin and end at large or small stations (or Ryde Pier), never
//     at a halt (checked with the allowances in evalRoute);
//   - every run includes a large station holding one of the company's base
//     tokens;
//   - at least one run includes the home base; every further run
//     intersects a previous one at a station;
//   - a route follows continuous track, never visits a station twice and,
//     unless option re_enter_hexes, never re-enters a hex it has left;
//   - trains of one company may not run over the same section of track;
//   - one (and only one) train may pass through ONE tokened-out station.

// runCheck is one submitted route being checked.
type runCheck struct {
	train *engine.Train
	res   *route.Route
	vis   []board.NodeRef // res.Visited(), filled in by checkResolvedRun when nil
}

func (g *Game) checkResolvedRun(b *board.Board, c *engine.Corporation, a *engine.Action, runs []runCheck) error {
	refuse := func(i int, format string, args ...any) error {
		return engine.Refuse(a, "route %d (%s): %v", i+1, runs[i].train.ID, fmt.Sprintf(format, args...))
	}
	for i := range runs {
		if runs[i].vis == nil {
			runs[i].vis = runs[i].res.Visited()
		}
	}
	reEnter := g.Options["re_enter_hexes"]
	bypass := -1 // the route that passes a tokened-out station
	var actual []int
	for i, rc := range runs {
		r := rc.res
		if len(r.Legs) == 0 {
			continue
		}
		actual = append(actual, i)
		v := rc.vis
		if len(v) < 2 {
			return refuse(i, "a route must have at least 2 stops")
		}
		if !r.HasToken(b, c.Sym) {
			return refuse(i, "every run must include a large station with one of %s's base tokens", c.Sym)
		}
		if err := r.CheckNodes(b); err != nil {
			return refuse(i, "a train may not call at a station twice: %v", err)
		}
		if !reEnter {
			if err := r.CheckHexReentry(); err != nil {
				return refuse(i, "once a train leaves a hex it may not re-enter it: %v", err)
			}
		}
		for _, n := range v[1 : len(v)-1] {
			tile, _, _ := b.TileOn(n.Hex)
			if tile.Nodes[n.Node].Kind == board.Offboard {
				return refuse(i, "a route cannot pass through the off-board %s", b.Signature(n))
			}
		}
		blocked := route.PassedBlockedNodes(b, c.Sym, v)
		if len(blocked) > 1 {
			return refuse(i, "a train may pass through only ONE tokened-out station (%s and %s)", b.Signature(blocked[0]), b.Signature(blocked[1]))
		}
		if len(blocked) == 1 {
			if bypass >= 0 {
				return refuse(i, "only one train may pass through a tokened-out station (route %d already passes one)", bypass+1)
			}
			bypass = i
		}
	}
	rs := make([]*route.Route, len(runs))
	for i := range runs {
		rs[i] = runs[i].res
	}
	if j, why := title.SharedTrack(b, rs, "trains may not run over the same section of track (route %d also uses track in %s)"); j >= 0 {
		return refuse(j, "%s", why)
	}
	if len(actual) == 0 {
		return nil
	}
	// At least one run includes the home base (18xx.games: the token city
	// on the home hex).
	found := false
	for _, i := range actual {
		for _, n := range runs[i].vis {
			if n.Hex == c.Home && b.HasToken(n, c.Sym) {
				found = true
			}
		}
	}
	if !found {
		return engine.Refuse(a, "at least one run must include %s's home base in %s", c.Sym, c.Home)
	}
	// Every further run intersects a previous one at a station: the
	// routes' intersection graph is connected.
	vis := make([][]board.NodeRef, len(runs))
	for i := range runs {
		vis[i] = runs[i].vis
	}
	group := runGroups(vis)
	for _, i := range actual {
		if group[i] != group[actual[0]] {
			return refuse(i, "each run must intersect another run at a station")
		}
	}
	return nil
}

// runGroups numbers the runs (their visited nodes) so that runs joined at
// shared stations, directly or through other runs, have the same number.
func runGroups(runs [][]board.NodeRef) []int {
	group := make([]int, len(runs))
	for i := range group {
		group[i] = i
	}
	find := func(i int) int {
		for group[i] != i {
			i = group[i]
		}
		return i
	}
	for i := range runs {
		for j := range i {
			if intersects(runs[i], runs[j]) {
				group[find(i)] = find(j)
			}
		}
	}
	for i := range group {
		group[i] = find(i)
	}
	return group
}

// intersects reports whether two routes' visited nodes share one.
func intersects(av, bv []board.NodeRef) bool {
	for _, n := range av {
		if slices.Contains(bv, n) {
			return true
		}
	}
	return false
}
