package t1860

import (
	"fmt"

	"tresham/board"
)

// stopSel is the result of selectStops; its slices are reused between calls.
type stopSel struct {
	stops                   []int // indices into the visits, in selection order
	halts, revenue, subsidy int
	cities, towns, hs, best []int
}

// selectStops is the reference the tests hold evalRoute and the solver
// to: G1860's stop selection written stop by stop, on node kinds and
// revenues (in route order): the route's legality under the allowances,
// its stops, revenue and subsidy.
func (c *routeCtx) selectStops(kinds []board.NodeKind, revs []int, requested *int, out *stopSel) error {
	cities, towns, halts := out.cities[:0], out.towns[:0], out.hs[:0]
	out.stops = out.stops[:0]
	out.halts, out.revenue, out.subsidy = 0, 0, 0
	if len(kinds) == 0 {
		return nil
	}
	for i, k := range kinds {
		switch k {
		case board.City, board.Offboard:
			cities = append(cities, i)
		case board.Town:
			towns = append(towns, i)
		case board.Halt:
			halts = append(halts, i)
		}
	}
	out.cities, out.towns, out.hs = cities, towns, halts
	// Route legality (18xx.games G1860 check_distance).
	thAllow := c.allowance(len(cities))
	if len(cities) > c.major {
		return fmt.Errorf("route has too many cities/offboards (%d > %d)", len(cities), c.major)
	}
	if c.noSkip && len(towns) > max(thAllow, 0) {
		return fmt.Errorf("route has too many towns")
	}
	if kinds[0] == board.Halt || kinds[len(kinds)-1] == board.Halt {
		return fmt.Errorf("route cannot begin/end in a halt")
	}

	// Halts the player may count (G1860 max_halts).
	haltMax := c.haltMax(len(cities), len(towns), len(halts))
	req := requested
	if len(halts) == 0 || c.ignoreHalts || c.loanerNew() || haltMax == 0 {
		req = nil
	}
	if req != nil && *req > haltMax {
		req = nil
	}

	stops := append(out.stops, cities...)
	th := thAllow
	numHalts := 0
	if req != nil {
		numHalts = min(len(halts), *req)
	}
	if numHalts > 0 {
		stops = append(stops, halts[:numHalts]...)
		th -= numHalts
	}
	numTowns := min(th, len(towns))
	if c.noSkip {
		numTowns = len(towns)
	}
	if numTowns > 0 {
		best := append(out.best[:0], towns...)
		// best towns first (stable: ties keep route order)
		for i := 1; i < len(best); i++ {
			for j := i; j > 0 && revs[best[j]] > revs[best[j-1]]; j-- {
				best[j], best[j-1] = best[j-1], best[j]
			}
		}
		out.best = best
		stops = append(stops, best[:numTowns]...)
		th -= numTowns
	}
	if req == nil && len(halts) > 0 && th > 0 && !c.ignoreHalts {
		stops = append(stops, halts[:min(len(halts), th)]...)
	}
	out.stops = stops

	sum, nHalts := 0, 0
	for _, i := range stops {
		sum += revs[i]
		if kinds[i] == board.Halt {
			nHalts++
		}
	}
	out.halts = nHalts
	out.revenue = sum
	if r, ok := c.leasedRevenue(sum, len(stops)); ok {
		out.revenue = r
	}
	if !c.loanerNew() {
		out.subsidy = nHalts * haltSubsidy
	}
	return nil
}
