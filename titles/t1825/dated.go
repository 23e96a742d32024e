package t1825

import "tresham/titles/title"

// The changes 18xx.games made to 1825's rules since the title went live
// there that alter what is legal or what a move does (docs/rules.md,
// "Rules of the day"). A game created before one plays by the rule before
// it (eraOf); printed_rules games follow the rulebook and none of these.
var (
	changeChosenStopsNeedBase = title.Change{
		Name:   "1825/chosen-stops-need-base",
		Since:  "2022-01-31",
		Source: "tobymao/18xx commit 1999698b2 (1825/18EU Allow for a train that does not require a token)",
		Before: "a train that pays only some of the stops it visits (the U3, the 4+4E) pays the best of them whether or not one holds the company's base",
		After:  "the stops it pays include one with the company's base (passing tile #200 apart)",
	}
	changeF8TwoTowns = title.Change{
		Name:   "1825/F8-two-towns",
		Since:  "2022-04-16",
		Source: "tobymao/18xx PR #7633, commit 8bfd44705 (1825: Correct typo making F8 into a single dit not a double dit)",
		Before: "with Unit 3, F8 (Dunfermline & Kirkaldy) is printed with one town (a typo in the map's code read as one), so it takes single-town tiles",
		After:  "F8 has two towns, as printed in the rulebook's map, and takes double-town tiles",
	}
	changeTradeTens = title.Change{
		Name:   "1825/train-price-tens",
		Since:  "2023-12-27",
		Source: "tobymao/18xx PR #10016, commit 9b62baf3c ([1825] corps can only pay multiples of 10)",
		Before: "a train bought from another company costs any whole number of pounds from £10 to the buyer's cash",
		After:  "that price is a multiple of £10",
	}
	changeUnit2Kit3 = title.Change{
		Name:   "1825/unit2-with-kit3",
		Since:  "2025-09-27",
		Source: "tobymao/18xx PR #12073, commit 95e19e19e ([1825] removes Unit 2's 6-trains and gray tiles when Kit 3 is included)",
		Before: "with Kit 3, Unit 2 keeps its own two 6-trains (Unit 2 alone) and its gray tiles 49, 50 and 51 (any units with Unit 2)",
		After:  "Kit 3 replaces them",
	}
	changeTeeHexag = title.Change{
		Name:   "1825/3T-4T-one-station-per-hex",
		Since:  "2025-12-06",
		Source: "tobymao/18xx PR #11866, commits 925f44e0c, 1d29fde56, 644428113 ([1825] 3T and 4T trains should not visit same hex twice)",
		Before: "a 3T or 4T may call at any stations of one hex, large ones too (London's twice, say)",
		After:  "a 3T or 4T may call at several stations of one hex only when all of them are small (rule 4.5.3 for every other train)",
	}
)

// Changes lists 1825's dated rule changes in date order (the
// Descriptor's Changes).
func Changes() []title.Change {
	return []title.Change{changeChosenStopsNeedBase, changeF8TwoTowns, changeTradeTens, changeUnit2Kit3, changeTeeHexag}
}

// era is which side of each dated change a game is on: a field is true
// where the game plays by the rule before the change. The zero era is
// today's rules.
type era struct {
	chosenStopsAnyBase bool // before changeChosenStopsNeedBase
	f8OneTown          bool // before changeF8TwoTowns
	anyTradePrice      bool // before changeTradeTens
	unit2Kit3Kept      bool // before changeUnit2Kit3
	teeAnyHexStop      bool // before changeTeeHexag
}

// eraOf is the one place a game's rules date is read: the side of every
// dated change that a game under r is on. printed_rules games follow the
// rulebook, whatever their date.
func eraOf(r title.Rules, printed bool) era {
	if printed {
		return era{}
	}
	return era{
		chosenStopsAnyBase: !r.Follows(changeChosenStopsNeedBase),
		f8OneTown:          !r.Follows(changeF8TwoTowns),
		anyTradePrice:      !r.Follows(changeTradeTens),
		unit2Kit3Kept:      !r.Follows(changeUnit2Kit3),
		teeAnyHexStop:      !r.Follows(changeTeeHexag),
	}
}

// tradePriceStep is what a train's price between companies must be a
// multiple of: £10 since 2023-12-27, any whole number of pounds before.
func (g *Game) tradePriceStep() int {
	if g.Opts.era.anyTradePrice {
		return 1
	}
	return 10
}

// ruleOf is the rule of a train named name in this game: a 3T or 4T of a
// game created before 2025-12-06 calls at any stations of one hexag.
func (g *Game) ruleOf(name string) (trainRule, error) {
	r, err := ruleOf(name)
	r.anyHexStop = r.tee() && g.Opts.era.teeAnyHexStop
	r.anyBaseStops = g.Opts.era.chosenStopsAnyBase
	return r, err
}
