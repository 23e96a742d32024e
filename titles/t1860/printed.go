package t1860

import "fmt"

// optPrintedRules plays by the printed second-edition rulebook where
// 18xx.games differs (docs/rules.md lists each difference and where it is
// kept). Without it every rule is as on 18xx.games, so that imported games
// replay exactly.
const optPrintedRules = "printed_rules"

// printedRefused are options the printed rules have no meaning for: they
// contradict the rulebook and are refused with printed_rules.
var printedRefused = map[string]string{
	// Running Trains: "Once a train leaves a hex it may not re-enter it".
	"re_enter_hexes": "the rulebook forbids a route to re-enter a hex (Running Trains)",
}

// checkPrinted refuses the options printed_rules cannot be played with,
// naming both.
func checkPrinted(opts map[string]bool) error {
	if !opts[optPrintedRules] {
		return nil
	}
	for _, o := range Options {
		if why, ok := printedRefused[o]; ok && opts[o] {
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
