package board

// HexTable is a map's hex table in the making, as 18xx.games tables its
// HEXES: entries of hexes that share a printed tile (HexGroup), grouped by
// colour, the colours in the order they first come. A hex's position in
// its entry is the copy number of its printed tile ("HEX-i"), so the order
// of assembly matters for tile ids. The zero value is empty.
type HexTable struct {
	blocks []hexBlock
}

// hexBlock is the entries of one colour.
type hexBlock struct {
	color   Color
	entries []HexGroup
}

// Groups converts a title's table, kept in its own type of HexGroup's
// shape, to HexGroups.
func Groups[G ~struct {
	Color  Color
	Coords []string
	Code   string
}](gs []G) []HexGroup {
	out := make([]HexGroup, len(gs))
	for i, g := range gs {
		out[i] = HexGroup(g)
	}
	return out
}

// block returns the entries of colour c, added last when there are none.
func (t *HexTable) block(c Color) *hexBlock {
	for i := range t.blocks {
		if t.blocks[i].color == c {
			return &t.blocks[i]
		}
	}
	t.blocks = append(t.blocks, hexBlock{color: c})
	return &t.blocks[len(t.blocks)-1]
}

// Append adds the entries as they are, each at the end of its colour (a
// map's own table, or the entries a variant adds: 18xx.games
// OPTION_ADD_HEXES).
func (t *HexTable) Append(entries []HexGroup) {
	for _, e := range entries {
		b := t.block(e.Color)
		b.entries = append(b.entries, HexGroup{e.Color, append([]string(nil), e.Coords...), e.Code})
	}
}

// Remove takes hexes out of the entries that hold them (the hexes a
// variant removes: 18xx.games OPTION_REMOVE_HEXES).
func (t *HexTable) Remove(hexes []string) {
	gone := map[string]bool{}
	for _, h := range hexes {
		gone[h] = true
	}
	for _, b := range t.blocks {
		for i, e := range b.entries {
			var kept []string
			for _, c := range e.Coords {
				if !gone[c] {
					kept = append(kept, c)
				}
			}
			b.entries[i].Coords = kept
		}
	}
}

// Merge adds a table of a map assembled from parts (18xx.games
// append_game_hexes, for 1825's units and kits): a hex already in the
// table keeps its first definition; an entry whose printed tile equals one
// already of its colour joins it, the joint entry moving to the end of its
// colour; any other goes at the end of its colour.
func (t *HexTable) Merge(entries []HexGroup) {
	existing := map[string]bool{}
	for _, b := range t.blocks {
		for _, e := range b.entries {
			for _, c := range e.Coords {
				existing[c] = true
			}
		}
	}
	for _, e := range entries {
		var coords []string
		for _, c := range e.Coords {
			if !existing[c] {
				coords = append(coords, c)
			}
		}
		if len(coords) == 0 {
			continue
		}
		b := t.block(e.Color)
		for i, f := range b.entries {
			if f.Code == e.Code {
				b.entries = append(b.entries[:i:i], b.entries[i+1:]...)
				coords = append(append([]string(nil), f.Coords...), coords...)
				break
			}
		}
		b.entries = append(b.entries, HexGroup{e.Color, coords, e.Code})
	}
}

// Specs returns the table's hexes in order, each named by location
// (HexSpecs).
func (t *HexTable) Specs(location func(hex string) string) []HexSpec {
	var out []HexSpec
	for _, b := range t.blocks {
		out = HexSpecs(out, b.entries, location)
	}
	return out
}
