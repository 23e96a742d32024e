package board

// HomeCity returns the city of hex where corp's home token goes: the city
// reserved for it, else the first city of the tile now on the hex
// (18xx.games place_home_token). It is false when the hex has no city yet.
func (b *Board) HomeCity(corp, hex string) (NodeRef, bool) {
	i, ok := b.s.lookup(hex)
	if !ok {
		return NodeRef{}, false
	}
	for _, r := range b.reserved {
		if r.hex == i && r.corp == corp && r.node >= 0 {
			return NodeRef{Hex: hex, Node: r.node}, true
		}
	}
	if cs := b.hexes[i].tile.CityIndexes(); len(cs) > 0 {
		return NodeRef{Hex: hex, Node: cs[0]}, true
	}
	return NodeRef{}, false
}
