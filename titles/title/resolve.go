package title

import (
	"fmt"
	"slices"
	"sync"

	"tresham/board"
	"tresham/engine"
	"tresham/route"
)

// ResolveRun resolves the routes of a run_routes action of corp in order,
// each clear of the track of the routes before it where the written
// chains allow (as 18xx.games resolves a run). With untokened (1825), a
// route that does not resolve from a station of corp is tried again
// through cities without one. A route that cannot be resolved is an
// error naming it.
func ResolveRun(b *board.Board, corp string, routes []engine.Route, untokened bool) ([]*route.Route, error) {
	out := make([]*route.Route, len(routes))
	// the paths of the routes so far, in pooled storage (Resolve copies them)
	pooled := usedPaths.Get().(*[]route.PathRef)
	used := (*pooled)[:0]
	defer func() {
		clear(used[:cap(used)])
		*pooled = used[:0]
		usedPaths.Put(pooled)
	}()
	for i := range routes {
		r := &routes[i]
		opt := route.Options{Corp: corp, Nodes: r.Nodes}
		res, err := route.Resolve(b, r.Connections, opt)
		if err != nil && untokened {
			opt.Untokened = true
			opt.Other = used
			res, err = route.Resolve(b, r.Connections, opt)
		}
		if err != nil {
			return nil, fmt.Errorf("route %d (%s): track is not connected as written: %v", i+1, r.Train, err)
		}
		n := len(used)
		used = res.AppendPaths(used)
		if slices.ContainsFunc(used[n:], func(p route.PathRef) bool { return route.ContainsPath(used[:n], p) }) {
			alt, err := route.Resolve(b, r.Connections, route.Options{Corp: corp, Nodes: r.Nodes, Other: used[:n], Untokened: opt.Untokened})
			if err == nil && slices.Equal(alt.Visited(), res.Visited()) {
				res, used = alt, alt.AppendPaths(used[:n])
			}
		}
		out[i] = res
	}
	return out, nil
}

// SharedTrack finds a route of a run that uses a piece of track twice or
// that an earlier route of the run used (both titles: 1860 Running
// Trains, 1825 rule 4.5.7). It returns the route's index and why, the
// title's rule distinct worded with the earlier route's number and the
// hex; -1 when every route keeps to its own track.
func SharedTrack(b *board.Board, rs []*route.Route, distinct string) (int, string) {
	i, j, hex, found := route.Overlap(b, rs)
	switch {
	case !found:
		return -1, ""
	case i == j:
		return j, "the route uses the same track twice in " + hex
	}
	return j, fmt.Sprintf(distinct, i+1, hex)
}

// usedPaths pools ResolveRun's list of the paths used so far.
var usedPaths = sync.Pool{New: func() any { return new([]route.PathRef) }}
