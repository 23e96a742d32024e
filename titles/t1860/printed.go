package t1860

import (
	"fmt"

	"tresham/board"
	"tresham/engine"
	"tresham/engine/step"
)

// optPrintedRules plays by the printed second-edition rulebook where
// 18xx.games differs (docs/rules.md lists each difference and where it is
// kept). Without it every rule is as on 18xx.games, so that imported games
// replay exactly.
const optPrintedRules = "printed_rules"

// printedRefusal says why option o contradicts the printed rules (they
// refuse it with printed_rules), or "".
func printedRefusal(o string) string {
	switch o {
	case "re_enter_hexes":
		// Running Trains: "Once a train leaves a hex it may not re-enter it".
		return "the rulebook forbids a route to re-enter a hex (Running Trains)"
	}
	return ""
}

// checkPrinted refuses the options printed_rules cannot be played with,
// naming both.
func checkPrinted(opts map[string]bool) error {
	if !opts[optPrintedRules] {
		return nil
	}
	for _, o := range Options {
		if why := printedRefusal(o); why != "" && opts[o] {
			return fmt.Errorf("1860: option %q cannot be combined with %s: %s", o, optPrintedRules, why)
		}
	}
	return nil
}

// originalInsolvency reports whether the Original Insolvency Revenue
// variant is played. 18xx.games plays it with original_game too; the
// printed "Playing the Original Game" lists only the smaller board and no
// skipping of small stations, so under printed_rules only the variant's
// own option switches it on.
func originalInsolvency(opts map[string]bool) bool {
	if opts[optPrintedRules] {
		return opts["original_insolvency"]
	}
	return opts["original_insolvency"] || opts["original_game"]
}

// mustRunMax reports whether c must run for the most revenue it can: a
// company in receivership "runs its trains for the maximum revenue it
// can" (Companies In Receivership), and so does an insolvent one, which
// runs as in receivership (Insolvency); under nationalisation "each
// company director calculates the maximum revenue each company under
// his/her control can earn" (Nationalisation), while a company in
// receivership pays nothing and need not run at all (checkRoutes).
// 18xx.games accepts any legal run; this is printed_rules only.
func (g *Game) mustRunMax(c *engine.Corporation) bool {
	switch {
	case !g.optPrinted:
		return false
	case g.Nationalization:
		return !c.Receivership
	}
	return c.Receivership || g.routeInsolvent(c)
}

// checkMaxRun refuses run a of c earning revenue on board b when c must
// run for the maximum (mustRunMax) and the solver finds more.
func (g *Game) checkMaxRun(b *board.Board, c *engine.Corporation, a *engine.Action, revenue int) error {
	if !g.mustRunMax(c) {
		return nil
	}
	sol, err := g.solveFor(b, c, g.runTrains(c))
	if err != nil {
		return fmt.Errorf("1860: the best run of %s: %w", c.Sym, err)
	}
	rule := "printed_rules, Companies In Receivership: it runs its trains for the maximum revenue it can"
	if g.Nationalization {
		rule = "printed_rules, Nationalisation: each company director calculates the maximum revenue each company under his/her control can earn"
	}
	return step.MaxRun(a, c.Sym, revenue, sol.Revenue, rule)
}
