package mapview

import (
	"math"
	"strings"

	"tresham/board"
)

// Place is one hex described in words for the text view of the map (for a
// screen reader): where it is, the tile on it and where its track goes,
// its stops with their revenues and stations, and its terrain cost.
type Place struct {
	Hex  string `json:"hex"`
	Name string `json:"name,omitempty"`
	// Color is the tile colour (white for an empty hex); Tile is the laid
	// tile's name, empty for the printed hex.
	Color string `json:"color"`
	Tile  string `json:"tile,omitempty"`
	// Track lists the compass directions of the sides its track reaches.
	Track  []string    `json:"track,omitempty"`
	Cities []PlaceCity `json:"cities,omitempty"`
	// Towns are the revenues of its towns and halts.
	Towns    []int  `json:"towns,omitempty"`
	Offboard int    `json:"offboard,omitempty"`
	Label    string `json:"label,omitempty"`
	Terrain  string `json:"terrain,omitempty"`
	Cost     int    `json:"cost,omitempty"`
}

// PlaceCity is one city of a Place: its slots, revenue, the stations in it
// and the home stations still to be placed there.
type PlaceCity struct {
	Slots    int      `json:"slots"`
	Revenue  int      `json:"revenue"`
	Stations []string `json:"stations,omitempty"`
	Homes    []string `json:"homes,omitempty"`
}

// compass names the direction of deg (SVG angle, y down) among the eight.
func compass(deg float64) string {
	names := []string{"E", "SE", "S", "SW", "W", "NW", "N", "NE"}
	d := math.Mod(deg+360, 360)
	return names[int(math.Round(d/45))%8]
}

// describe answers the Place of hex hv (homes: companies whose home station
// is still to be placed there).
func describe(g geometry, b *board.Board, hv board.HexView, phase []board.Color, homes []string) Place {
	t := hv.Tile
	p := Place{Hex: hv.ID, Name: b.Location(hv.ID), Color: t.Color.String(), Label: t.Label(), Cost: t.Cost()}
	if hv.TileID != "" && hv.Tile != hv.Printed {
		p.Tile = t.Name
	}
	ex := t.Exits(hv.Rotation)
	for e := 0; e < 6; e++ {
		if ex&(1<<e) != 0 {
			p.Track = append(p.Track, compass(g.edgeAngle(float64(e))))
		}
	}
	var terrains []string
	for _, u := range t.Upgrades {
		terrains = append(terrains, u.Terrains...)
	}
	p.Terrain = strings.Join(terrains, "/")
	homeLeft := append([]string(nil), homes...)
	for i, n := range t.Nodes {
		switch n.Kind {
		case board.City:
			c := PlaceCity{Slots: max(n.Slots, 1), Revenue: n.RevenueFor(phase)}
			if i < len(hv.Tokens) {
				for _, tok := range hv.Tokens[i] {
					if tok != "" {
						c.Stations = append(c.Stations, tok)
					}
				}
			}
			for free := c.Slots - len(c.Stations); free > 0 && len(homeLeft) > 0; free-- {
				c.Homes = append(c.Homes, homeLeft[0])
				homeLeft = homeLeft[1:]
			}
			p.Cities = append(p.Cities, c)
		case board.Town, board.Halt:
			p.Towns = append(p.Towns, n.RevenueFor(phase))
		case board.Offboard:
			p.Offboard = n.RevenueFor(phase)
		}
	}
	return p
}
