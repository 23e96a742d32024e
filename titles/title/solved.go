package title

import (
	"tresham/engine"
	"tresham/route"
)

// Planned sets s's runs from an exact solve: for each objective solved, its
// revenue and subsidy and the routes of the trains that run (PlannedRoute,
// the train of each named by id). Both titles' solvers report through it.
func (s *Solved) Planned(res *route.Result, id func(train int) string, subsidies bool) {
	s.Stats = res.Stats
	for obj, out := range []*[]engine.Route{&s.RevenueRoutes, &s.TotalRoutes} {
		best := res.Best[obj]
		if obj == int(route.MaxRevenue) {
			s.Revenue, s.Subsidy = best.Revenue, best.Subsidy
		} else {
			s.TotalRevenue, s.TotalSubsidy = best.Revenue, best.Subsidy
		}
		for _, pl := range best.Routes {
			if pl.Visits != nil {
				*out = append(*out, PlannedRoute(pl, id(pl.Train), subsidies))
			}
		}
	}
}

// OnlyRevenue makes the run of most revenue also the run of most revenue
// plus subsidy: a title without subsidies, or a run the rules fix to the
// maximum revenue.
func (s *Solved) OnlyRevenue() {
	s.TotalRevenue, s.TotalSubsidy, s.TotalRoutes = s.Revenue, s.Subsidy, s.RevenueRoutes
}

// BestRoutes is the run of most revenue of a solve (sol, err from a
// title's Solve): what Full.BestRoutes returns.
func BestRoutes(sol *Solved, err error) ([]engine.Route, error) {
	if err != nil {
		return nil, err
	}
	return sol.RevenueRoutes, nil
}
