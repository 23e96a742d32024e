package mapview

import (
	"fmt"
	"sort"
	"strings"

	"tresham/board"
	"tresham/titles/title"
)

// ManifestTile is one tile of a title's supply: how many copies there are,
// how many are left, the hexes the others are laid on, the supply tiles it
// may be replaced by, and its drawing.
type ManifestTile struct {
	Name  string `json:"name"`
	Color string `json:"color"`
	// Count is the number of copies in the game.
	Count int `json:"count"`
	// Left is the number of copies not on the map.
	Left int `json:"left"`
	// Laid are the hexes with a copy of the tile, sorted.
	Laid []string `json:"laid"`
	// Upgrades are the supply tiles that may replace this one (the
	// general upgrade rules and the title's own: 1825's extra and refused
	// upgrades); a lay still needs a hex where its rotation fits.
	Upgrades []string `json:"upgrades"`
	// SVG draws the tile unrotated, hex-local (centre at 0,0, radius R),
	// with the current phase's revenues marked.
	SVG string `json:"svg"`
}

// Manifest lists every supply tile of a title game (a title.Full) in the
// title's manifest order.
func Manifest(game any) ([]ManifestTile, error) {
	_, b, eg, err := boardOf(game)
	if err != nil {
		return nil, err
	}
	var verdict func(hex string, old, t *board.TileDef) board.UpgradeVerdict
	if u, ok := game.(title.Upgrader); ok {
		verdict = u.UpgradeVerdict
	}
	laid := map[string][]string{}
	for hex, at := range b.Tiles() {
		name := at[:strings.LastIndexByte(at, '@')]
		laid[name] = append(laid[name], hex)
	}
	var phase []board.Color
	for _, s := range GameOptions(eg).PhaseColors {
		if c, err := board.ParseColor(s); err == nil {
			phase = append(phase, c)
		}
	}
	names := b.TileNames()
	defs := make([]*board.TileDef, len(names))
	for i, n := range names {
		t, ok := b.TileDef(n)
		if !ok {
			return nil, fmt.Errorf("mapview: tile %s is in the supply without a definition", n)
		}
		defs[i] = t
	}
	g := geometry{layout: b.Layout()}
	out := make([]ManifestTile, 0, len(names))
	for i, t := range defs {
		m := ManifestTile{Name: t.Name, Color: t.Color.String(), Count: b.TileCount(t.Name), Left: len(b.AvailableTiles(t.Name)),
			Laid: laid[t.Name], Upgrades: []string{}}
		if m.Laid == nil {
			m.Laid = []string{}
		}
		sort.Strings(m.Laid)
		for j, u := range defs {
			if i != j && upgrades(verdict, t, u) {
				m.Upgrades = append(m.Upgrades, u.Name)
			}
		}
		var sb strings.Builder
		fmt.Fprintf(&sb, `<g class="manifest-tile" data-tile="%s">`, esc(t.Name))
		drawHex(&sb, g, b, board.HexView{Tile: t, TileID: t.Name}, phase, nil, Point{}, map[string]Point{})
		sb.WriteString(`</g>`)
		m.SVG = sb.String()
		out = append(out, m)
	}
	return out, nil
}

// upgrades reports whether tile u may replace tile t anywhere: the title's
// verdict first (asked without a hex), else the general rule.
func upgrades(verdict func(string, *board.TileDef, *board.TileDef) board.UpgradeVerdict, t, u *board.TileDef) bool {
	if verdict != nil {
		switch verdict("", t, u) {
		case board.UpgradeRefused:
			return false
		case board.UpgradeAllowed, board.UpgradeForced:
			return true
		}
	}
	return t.UpgradesTo(u) == nil
}

// ManifestOf is Manifest with an untyped result, for the server's hook.
func ManifestOf(game any) (any, error) {
	m, err := Manifest(game)
	if err != nil {
		return nil, err
	}
	return m, nil
}
