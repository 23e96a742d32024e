package mapview

import (
	"fmt"
	"strings"

	"tresham/board"
	"tresham/engine"
	"tresham/titles/t1825"
	"tresham/titles/t1860"
)

// boardOf returns the board and the engine game of a title game.
func boardOf(game any) (*board.Board, *engine.Game, error) {
	switch g := game.(type) {
	case *t1860.Game:
		if b := g.Map(); b != nil {
			return b, g.Game, nil
		}
		return nil, nil, fmt.Errorf("mapview: this 1860 game has no map")
	case *t1825.Game:
		return g.Board, g.Game, nil
	}
	return nil, nil, fmt.Errorf("mapview: no map for %T", game)
}

// ForGame renders the board of a title game (*t1860.Game or *t1825.Game)
// at its current state, with the current phase's revenues marked and the
// home stations still to be placed drawn faintly. Its signature fits the
// server's map hook; the result is a View.
func ForGame(game any) (any, error) {
	v, err := RenderGame(game)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// RenderGame is ForGame with a typed result.
func RenderGame(game any) (View, error) {
	b, eg, err := boardOf(game)
	if err != nil {
		return View{}, err
	}
	v := Render(b, GameOptions(eg))
	v.Market = MarketSVG(eg)
	rules := RulesOf(eg)
	rules.TileRotations = tileRotations(b)
	for _, c := range eg.Companies {
		row := CompanyRow{Sym: c.Sym, Name: c.Name, Value: c.Value, Revenue: c.Revenue}
		switch game.(type) {
		case *t1860.Game:
			row.Ability = t1860.CompanyAbility(c.Sym, eg.Options)
		case *t1825.Game:
			row.Ability = t1825.CompanyAbility(c.Sym)
		}
		rules.Companies = append(rules.Companies, row)
	}
	if g, ok := game.(*t1860.Game); ok {
		rules.Auction = g.Auction()
	}
	v.Rules = &rules
	if eg.Market != nil {
		for _, c := range eg.Market.ParCells() {
			v.Par = append(v.Par, c.Price)
		}
	}
	return v, nil
}

// GameOptions collects the phase colours and the unplaced home stations of
// an engine game.
func GameOptions(g *engine.Game) Options {
	opt := Options{PhaseColors: g.Phase().Tiles, Homes: map[string][]string{}}
	for _, c := range g.Corps {
		if c.Home == "" || c.Closed {
			continue
		}
		placed := false
		for _, t := range c.Tokens {
			if strings.HasPrefix(t.Location, c.Home+"-") {
				placed = true
			}
		}
		if !placed {
			opt.Homes[c.Home] = append(opt.Homes[c.Home], c.Sym)
		}
	}
	return opt
}
