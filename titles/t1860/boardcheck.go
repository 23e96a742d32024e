package t1860

import (
	"fmt"

	"tresham/board"
	"tresham/engine"
)

// boardChecker decides lays and tokens on the map without making them.
type boardChecker interface {
	// PlanLay decides a lay as LayTile would and returns its terrain
	// cost and the function that makes it.
	PlanLay(corp *engine.Corporation, hex, tileID string, rotation int, phaseColors []string) (int, func(), error)
	// CheckToken reports whether PlaceToken would accept corp's next
	// token in city (not a home token).
	CheckToken(corp *engine.Corporation, city string) error
}

// layOptions are the options of corp's lays now: in the stock round a home
// tile, which need not connect (rules 6.4).
func (m *mapBoard) layOptions(corp *engine.Corporation, phaseColors []string) (board.LayOptions, error) {
	cs, err := board.ParseColors(phaseColors)
	if err != nil {
		return board.LayOptions{}, err
	}
	home := m.game != nil && m.game.stock != nil
	return board.LayOptions{Corp: corp.Sym, Colors: cs, Rules: m.rules, NoConnectivity: home}, nil
}

// PlanLay implements boardChecker.
func (m *mapBoard) PlanLay(corp *engine.Corporation, hex, tileID string, rotation int, phaseColors []string) (int, func(), error) {
	opt, err := m.layOptions(corp, phaseColors)
	if err != nil {
		return 0, nil, err
	}
	res, lay, err := m.b.PlanLay(hex, tileID, rotation, opt)
	if err != nil {
		return 0, nil, err
	}
	return res.Cost, lay, nil
}

// CheckToken implements boardChecker.
func (m *mapBoard) CheckToken(corp *engine.Corporation, city string) error {
	r, err := m.b.ResolveCity(city)
	if err != nil {
		return err
	}
	if m.reservedAgainst(r, corp) {
		return fmt.Errorf("the free slot of %s is reserved for a home token", city)
	}
	_, err = m.b.CanPlaceToken(r, corp.Sym, board.TokenOptions{CheckConnected: true})
	return err
}
