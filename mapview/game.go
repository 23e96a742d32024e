package mapview

import (
	"fmt"
	"strings"

	"tresham/board"
	"tresham/engine"
	"tresham/titles/title"
)

// boardOf returns the board and the engine game of a title game.
func boardOf(game any) (title.Full, *board.Board, *engine.Game, error) {
	g, ok := game.(title.Full)
	if !ok {
		return nil, nil, nil, fmt.Errorf("mapview: no map for %T", game)
	}
	b := g.Map()
	if b == nil {
		return nil, nil, nil, fmt.Errorf("mapview: this %s game has no map", g.Engine().Title)
	}
	return g, b, g.Engine(), nil
}

// ForGame renders the board of a title game (a title.Full)
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
	g, b, eg, err := boardOf(game)
	if err != nil {
		return View{}, err
	}
	v := Render(b, GameOptions(eg))
	v.Market = MarketSVG(eg)
	rules := RulesOf(eg)
	rules.TileRotations = tileRotations(b)
	for _, c := range eg.Companies {
		row := CompanyRow{Sym: c.Sym, Name: c.Name, Value: c.Value, Revenue: c.Revenue, Ability: g.CompanyAbility(c.Sym)}
		rules.Companies = append(rules.Companies, row)
	}
	if a, ok := g.(title.Auctioneer); ok {
		rules.Auction = a.Auction()
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
