package t1860

import (
	"slices"

	"tresham/titles/title"
)

// Descriptor describes 1860 for the title registry (package titles): its
// options with descriptions, player counts, constructor and route rules.
func Descriptor() title.Descriptor {
	return title.Descriptor{
		Name:        "1860",
		Description: "1860: Railways on the Isle of Wight (Mike Hutton), as on 18xx.games",
		MinPlayers:  2,
		MaxPlayers:  4,
		Options:     slices.Clone(options), // a copy: no caller changes what another sees
		New: title.Constructor(func(ids []int, names []string, options []string) (*Game, error) {
			return New(ids, names, options, NewBoard)
		}),
		NewOf: title.ConstructorOf(func(ids []int, names []string, options []string, rules title.Rules) (*Game, error) {
			return NewOf(ids, names, options, NewBoard, rules)
		}),
		Changes: Changes(),
		// routes of one company may cross; one blocked city may be passed
		Routes:    title.RouteRules{Intersect: true, MaxBlockedPass: 1, MaxBlockedRoutes: 1},
		Subsidies: true,
	}
}

// options are the 1860 variant switches: first those 18xx.games offers,
// named as it names them, then the rulebooks' optional rules it lacks
// (variants.go).
var options = []title.Option{
	{Name: "two_player_map", Description: "the smaller two-player map"},
	{Name: "original_insolvency", Description: "insolvency rules of the first edition"},
	{Name: "simplified_insolvency", Description: "simplified insolvency"},
	{Name: "no_skip_towns", Description: "trains may not skip towns"},
	{Name: "original_game", Description: "the first edition rules (two-player map, original insolvency, no town skipping)"},
	{Name: "re_enter_hexes", Description: "routes may re-enter hexes"},
	{Name: "non_operated_full_value", Description: "shares of companies that have not operated count at full value"},
	{Name: optDestinations, Description: "variant: destinations with bonuses"},
	{Name: optAcceleratedTrack, Description: "variant: accelerated track development"},
	{Name: optIgnoreHistoricalOrder, Description: "variant: ignore the historical order of companies"},
	{Name: optVariablePrivateRevenue, Description: "variant: variable revenue for private companies"},
	{Name: optBeginnerTrains, Description: "two 7+4 trains instead of one"},
	{Name: optNoTrainLimit, Description: "no limit on the number of trains per company"},
	{Name: optPrintedRules, Description: "play by the printed second-edition rulebook where 18xx.games differs: which certificates the auction offers, the revenue of an insolvent company, the first-edition rules without their insolvency, and runs for the most revenue by insolvent companies and those in receivership; not with routes that re-enter hexes"},
}

// ForkGame is Fork as a title.Full (title.Forker).
func (g *Game) ForkGame() (title.Full, error) { return title.Forked(g.Fork()) }

// CompanyAbility is what private company sym does in this game (see the
// package function CompanyAbility).
func (g *Game) CompanyAbility(sym string) string { return CompanyAbility(sym, g.Options) }

var (
	_ title.Full       = (*Game)(nil)
	_ title.Forker     = (*Game)(nil)
	_ title.Auctioneer = (*Game)(nil)
)
