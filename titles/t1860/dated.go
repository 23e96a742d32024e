package t1860

import "tresham/titles/title"

// The changes 18xx.games made to 1860's rules since the title went live
// there that alter what is legal or what a move does (docs/rules.md,
// "Rules of the day"). A game created before one plays by the rule before
// it (eraOf); printed_rules games follow the rulebook and none of these.
var (
	changeFullValueWorth = title.Change{
		Name:   "1860/non-operated-full-value-worth",
		Since:  "2025-02-09",
		Source: "tobymao/18xx PR #11340, commit 6d223a9c9 ([1860] fix player value in game variant)",
		Before: "with non_operated_full_value, a player's worth leaves out the shares of companies that own trains",
		After:  "those shares count at their price",
	}
	changeSimplifiedInsolvency = title.Change{
		Name:   "1860/simplified-insolvency-no-subsidies",
		Since:  "2026-07-04",
		Source: "tobymao/18xx PR #12684, commit adacbd6cc ([1860] no subsidies on simplified insolvency)",
		Before: "with simplified_insolvency, a leased train earns 40 plus 20 per large station it may count, and runs with the small-station allowance and halt subsidies of an owned train",
		After:  "it runs as under the newer insolvency rules: 40 plus 20 a stop, halts count as small stations, no second allowance and no halt subsidy",
	}
)

// Changes lists 1860's dated rule changes in date order (the
// Descriptor's Changes).
func Changes() []title.Change {
	return []title.Change{changeFullValueWorth, changeSimplifiedInsolvency}
}

// era is which side of each dated change a game is on: a field is true
// where the game plays by the rule before the change. The zero era is
// today's rules.
type era struct {
	trainSharesUncounted bool // before changeFullValueWorth
	simplifiedLease      bool // before changeSimplifiedInsolvency
}

// eraOf is the one place a game's rules date is read: the side of every
// dated change that a game under r is on. printed_rules games follow the
// rulebook, whatever their date.
func eraOf(r title.Rules, printed bool) era {
	if printed {
		return era{}
	}
	return era{
		trainSharesUncounted: !r.Follows(changeFullValueWorth),
		simplifiedLease:      !r.Follows(changeSimplifiedInsolvency),
	}
}
