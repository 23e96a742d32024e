package title

import (
	"tresham/engine"
	"tresham/route"
)

// PlannedRoute is the solver's route pl for the train id as a run_routes
// route: its track in 18xx.games form, its revenue and, in a title with
// subsidies, its subsidy and the halts asked for (both titles' solvers).
func PlannedRoute(pl route.Planned, id string, subsidies bool) engine.Route {
	rev := pl.Outcome.Revenue
	r := engine.Route{Train: id, Connections: pl.Connections, Nodes: pl.Nodes, Revenue: &rev}
	if subsidies {
		sub := pl.Outcome.Subsidy
		r.Subsidy = &sub
	}
	if pl.Outcome.Choice >= 0 {
		h := pl.Outcome.Choice
		r.Halts = &h
	}
	return r
}
