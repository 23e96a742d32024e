package t1860

import (
	"fmt"

	"tresham/board"
	"tresham/engine"
	"tresham/route"
	"tresham/titles/title"
)

// Helpers of the tests only: the run step checks runs through checkRoutes.

// checkRun validates the combination of routes of one run (each route's
// allowances and stop selection are checked by evalRoute).
func (g *Game) checkRun(b *board.Board, c *engine.Corporation, a *engine.Action, trains []*engine.Train) error {
	res, err := title.ResolveRun(b, c.Sym, a.Routes, false)
	if err != nil {
		return engine.Refuse(a, "%v", err)
	}
	runs := make([]runCheck, len(res))
	for i := range res {
		runs[i] = runCheck{train: trains[i], res: res[i], vis: res[i].Visited()}
	}
	return g.checkResolvedRun(b, c, a, runs)
}

// evaluateRoute resolves and evaluates one submitted route of corp.
func (g *Game) evaluateRoute(b *board.Board, corp *engine.Corporation, train *engine.Train, r *engine.Route) (*routeEval, error) {
	res, err := route.Resolve(b, r.Connections, route.Options{Corp: corp.Sym, Nodes: r.Nodes})
	if err != nil {
		return nil, fmt.Errorf("track is not connected as written: %v", err)
	}
	return g.evaluateVisits(b, corp, train, res.Visited(), r.Halts)
}
