package t1825

import (
	"fmt"

	"tresham/board"
	"tresham/titles/title"
)

// Descriptor describes 1825 for the title registry (package titles): its
// options with descriptions, player counts, constructor and route rules.
func Descriptor() title.Descriptor {
	return title.Descriptor{
		Name:        "1825",
		Description: "1825 (Francis Tresham): Units 1, 2 and 3 with the Regional and Extension kits, as on 18xx.games",
		MinPlayers:  2,
		MaxPlayers:  9,
		Options: []title.Option{
			unitOption("unit_1", "Unit 1"),
			unitOption("unit_2", "Unit 2"),
			unitOption("unit_3", "Unit 3"),
			unitOption("unit_12", "Units 1 and 2"),
			unitOption("unit_23", "Units 2 and 3"),
			unitOption("unit_123", "Units 1, 2 and 3"),
			{Name: "r1", Description: "Regional Kit 1: Wales"},
			{Name: "r2", Description: "Regional Kit 2: South West England"},
			{Name: "r3", Description: "Regional Kit 3: North Norfolk"},
			{Name: "k1", Description: "Extension Kit 1: supplementary tiles"},
			{Name: "k2", Description: "Extension Kit 2: advanced trains (with Kit 3)"},
			{Name: "k3", Description: "Extension Kit 3: Phase Four"},
			{Name: "k5", Description: "Extension Kit 5: minors for Unit 2"},
			{Name: "k6", Description: "Extension Kit 6: advanced tiles"},
			{Name: "k7", Description: "Extension Kit 7: London, Tilbury & Southend"},
			{Name: "d1", Description: "Development Kit 1 tiles"},
			{Name: "u3p", Description: "two extra 3T and U3 trains with Unit 3"},
			{Name: "big_bank", Description: "the banks of combined units"},
			{Name: "strict_bank", Description: "the bank does not grow with minors and kits"},
			{Name: "db1", Description: "Dave Berry's variant 1: double-dits upgrade to 887/888"},
			{Name: "db2", Description: "Dave Berry's variant 2: SECR changes for Unit 1"},
			{Name: "db3", Description: "Dave Berry's variant 3: revised Unit 3 map"},
			{Name: "surveyors", Description: "railway construction with Surveyors (rule 6.6)"},
			{Name: "printed_rules", Description: "play by the printed Units 1-3 rulebook where 18xx.games differs (starting money, certificate limits, trains and phases of TABLES 1-4, Unit 3's companies; no buying and selling one company in a turn, reserved hexes, bankrupt companies' trains back to the bank, receivers paying at the end of the turn and running the maximum); no kits or site variants"},
		},
		New:     title.Constructor(New),
		NewOf:   title.ConstructorOf(NewOf),
		Changes: Changes(),
		// a route may re-enter a hex and never passes a blocked city; every
		// stop counts against the train's size
		Routes: title.RouteRules{ReEnterHexes: true, FlatStops: true},
	}
}

// unitOption is a unit combination's option: one of the group "Units"
// (a game takes at most one), with the player counts it allows
// (Options.PlayerRange).
func unitOption(name, units string) title.Option {
	o, err := ParseOptions([]string{name}, 0)
	if err != nil {
		panic(fmt.Sprintf("t1825: unit option %s: %v", name, err)) // the table above is wrong
	}
	lo, hi := o.PlayerRange()
	players := fmt.Sprintf("%d to %d players", lo, hi)
	if lo == hi {
		players = fmt.Sprintf("%d players", lo)
	}
	return title.Option{Name: name, Description: fmt.Sprintf("%s (%s)", units, players), Group: "Units", MinPlayers: lo, MaxPlayers: hi}
}

// ForkGame is Fork as a title.Full (title.Forker).
func (g *Game) ForkGame() (title.Full, error) { return title.Forked(g.Fork()) }

// Map returns the board.
func (g *Game) Map() *board.Board { return g.Board }

// CompanyAbility is what private railway sym does (see the package
// function CompanyAbility).
func (g *Game) CompanyAbility(sym string) string { return CompanyAbility(sym) }

// RevenueOn is the revenue company sym would earn with its trains now on
// board b instead of the game's own (BestRevenue on b); the game's board
// is put back before it returns.
func (g *Game) RevenueOn(b *board.Board, sym string) (int, error) {
	live := g.Board
	g.Board = b
	defer func() { g.Board = live }()
	return g.BestRevenue(sym)
}

var (
	_ title.Full         = (*Game)(nil)
	_ title.Forker       = (*Game)(nil)
	_ title.BoardRevenue = (*Game)(nil)
)
