package t1860

import "tresham/titles/title"

// The changes 18xx.games made to 1860's rules since the title went live
// there that alter what is legal or what a move does (docs/rules.md,
// "Rules of the day"). A game created before one plays by the rule before
// it (eraOf); printed_rules games follow the rulebook and none of these.
var (
	changeBankruptAtTurnEnd = title.Change{
		Name:   "1860/bankrupt-at-turn-end",
		Since:  "2021-02-25",
		Source: "tobymao/18xx PR #4144, commits 43f2d73c7, 13675a983 (1860: move bankruptcy check out of dividend step)",
		Before: "a company whose dividend takes its price into the closing zone goes bankrupt at the dividend",
		After:  "it goes bankrupt at the end of its turn (until 2021-05-02, 1860/bankrupt-at-dividend)",
	}
	changeCloseZoneNoTrain = title.Change{
		Name:   "1860/closing-zone-buys-no-train",
		Since:  "2021-03-16",
		Source: "tobymao/18xx PR #4518, commit 4425b125d (1860: prohibit bankrupt company from buying train)",
		Before: "a company whose dividend took its price into the closing zone may still buy trains in that turn (it goes bankrupt at the turn's end)",
		After:  "it buys no train",
	}
	changeBankruptAtDividend = title.Change{
		Name:   "1860/bankrupt-at-dividend",
		Since:  "2021-05-02",
		Source: "tobymao/18xx PR #5217, commit 27d6e9916 (1860: check for bankruptcy in process_dividend)",
		Before: "(from 2021-02-25) a company whose dividend took its price into the closing zone goes bankrupt at the end of its turn",
		After:  "it goes bankrupt at the dividend, as before 2021-02-25",
	}
	changeProgramsSurviveRestart = title.Change{
		Name:   "1860/programs-cleared-on-restart",
		Since:  "2021-04-29",
		Source: "tobymao/18xx PR #5177, commit 609bad99e (1860: Disable auto actions if the SR restarts)",
		Before: "programmed moves (auto actions) stay set when a bankruptcy restarts the stock round",
		After:  "they are all cleared",
	}
	changeMustBuyWithoutRoute = title.Change{
		Name:   "1860/must-buy-without-route",
		Since:  "2021-06-30",
		Source: "tobymao/18xx PR #5869, commit 1307919e7 (1860: remove valid route check from must_buy)",
		Before: "a company without trains must buy one it can afford only if it has a route for a train; without one it may pass",
		After:  "it must buy one whether or not it has a route",
	}
	changeDiscardInOwnTurn = title.Change{
		Name:   "1860/discard-in-own-turn",
		Since:  "2021-08-30",
		Source: "tobymao/18xx PR #6293, commit 76f453931 (1860: fix train discard step)",
		Before: "companies left over the train limit by a phase change discard at once, first company first, before the buyer goes on",
		After:  "each discards at the start of its own next turn",
	}
	changePriorityTies = title.Change{
		Name:   "1860/bankruptcy-priority-ties-by-seat",
		Since:  "2021-09-09",
		Source: "tobymao/18xx PR #6320, commit e49cbb189 (1860: four fixes)",
		Before: "when a company goes bankrupt, the priority deal goes to the player with the fewest shares, ties to the first of them counting from the priority deal's holder",
		After:  "ties go to the first of them in the current player order",
	}
	changeFloatMarkerBack = title.Change{
		Name:   "1860/float-marker-to-back",
		Since:  "2021-09-09",
		Source: "tobymao/18xx PR #6320, commit e49cbb189 (1860: four fixes)",
		Before: "a company that floats keeps its marker's place in its cell's stack (set when it was started)",
		After:  "its marker goes to the back of the stack, so it operates after the companies already there",
	}
	changeZigZagRefactor = title.Change{
		Name:   "1860/zigzag-moves-stop-short",
		Since:  "2023-03-04",
		Source: "tobymao/18xx PR #8959, commit 5ea4dd2fc (Refactor stock movement into separate classes per market type)",
		Before: "a dividend's or a withheld dividend's move that would pass an end of the market stops at the end",
		After:  "such a move does not move the price at all (until 2023-03-07, 1860/zigzag-ledge-movement)",
	}
	changeZigZagLedge = title.Change{
		Name:   "1860/zigzag-ledge-movement",
		Since:  "2023-03-07",
		Source: "tobymao/18xx commit 00733f833 (Fix ZigZig end movement for 60 and 62)",
		Before: "(from 2023-03-04) a dividend's move that would pass an end of the market does not move the price",
		After:  "it stops at the end, as before 2023-03-04",
	}
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
	return []title.Change{changeBankruptAtTurnEnd, changeCloseZoneNoTrain, changeProgramsSurviveRestart, changeBankruptAtDividend,
		changeMustBuyWithoutRoute, changeDiscardInOwnTurn, changePriorityTies, changeFloatMarkerBack,
		changeZigZagRefactor, changeZigZagLedge, changeFullValueWorth, changeSimplifiedInsolvency}
}

// era is which side of each dated change a game is on: a field is true
// where the game plays by the rule before the change. The zero era is
// today's rules.
type era struct {
	closeZoneBuys        bool // before changeCloseZoneNoTrain
	bankruptAtTurnEnd    bool // after changeBankruptAtTurnEnd, before changeBankruptAtDividend
	programsSurvive      bool // before changeProgramsSurviveRestart
	mustBuyNeedsRoute    bool // before changeMustBuyWithoutRoute
	discardAtOnce        bool // before changeDiscardInOwnTurn
	priorityFromHolder   bool // before changePriorityTies
	floatMarkerStays     bool // before changeFloatMarkerBack
	zigzagStopShort      bool // after changeZigZagRefactor, before changeZigZagLedge
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
		closeZoneBuys:        !r.Follows(changeCloseZoneNoTrain),
		bankruptAtTurnEnd:    r.Follows(changeBankruptAtTurnEnd) && !r.Follows(changeBankruptAtDividend),
		programsSurvive:      !r.Follows(changeProgramsSurviveRestart),
		mustBuyNeedsRoute:    !r.Follows(changeMustBuyWithoutRoute),
		discardAtOnce:        !r.Follows(changeDiscardInOwnTurn),
		priorityFromHolder:   !r.Follows(changePriorityTies),
		floatMarkerStays:     !r.Follows(changeFloatMarkerBack),
		zigzagStopShort:      r.Follows(changeZigZagRefactor) && !r.Follows(changeZigZagLedge),
		trainSharesUncounted: !r.Follows(changeFullValueWorth),
		simplifiedLease:      !r.Follows(changeSimplifiedInsolvency),
	}
}
