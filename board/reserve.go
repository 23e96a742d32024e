package board

import (
	"fmt"
	"slices"
)

// Reservation holds room for a corporation's home token (18xx.games
// reservations): a slot in one city, or, with Node -1, a slot in any city of
// the hex (a tile-level reservation, for multi-city hexes without a fixed
// home city).
type Reservation struct {
	Hex  string
	Node int // node index of the city on the hex's current tile, or -1
	Corp string
}

// reservation is the internal form (hex index). The board's list is never
// changed in place, so clones may share it.
type reservation struct {
	hex, node int
	corp      string
}

// Reserve holds a token slot on hex for corp's home token. city is the
// city's position among the tile's cities (18xx.games `city:`), or -1 for
// any city of the hex; on a tile with exactly one city, -1 means that city.
// A reservation follows its city when the tile is upgraded and ends when
// corp places a token on the hex. Other corporations may not take the last
// slots a reservation needs (CanPlaceToken).
func (b *Board) Reserve(hex string, city int, corp string) error {
	i, err := b.hexIndex(hex)
	if err != nil {
		return err
	}
	cities := b.hexes[i].tile.CityIndexes()
	node := -1
	switch {
	case city >= 0 && city < len(cities):
		node = cities[city]
	case city >= 0:
		return fmt.Errorf("board: %s has no city %d", hex, city)
	case len(cities) == 1:
		node = cities[0]
	}
	b.reserved = append(b.reserved[:len(b.reserved):len(b.reserved)], reservation{i, node, corp})
	return nil
}

// Unreserve drops corp's reservations on hex.
func (b *Board) Unreserve(hex, corp string) {
	if i, ok := b.s.lookup(hex); ok {
		b.dropReservations(i, corp)
	}
}

func (b *Board) dropReservations(i int, corp string) {
	var out []reservation
	for _, r := range b.reserved {
		if r.hex != i || r.corp != corp {
			out = append(out, r)
		}
	}
	if len(out) != len(b.reserved) {
		b.reserved = out
	}
}

// SettleHexReservation turns the only hex-wide reservation of hex (Node -1)
// into a reservation of a city, when exactly one city of the hex's tile
// could take that corporation's token; it returns the corporation whose
// reservation now names a city. (18xx.games does this after each tile laid
// in 1825's track step, update_tile_reservation; a minor then places its
// home token there without choosing.)
func (b *Board) SettleHexReservation(hex string) (string, bool) {
	i, ok := b.s.lookup(hex)
	if !ok {
		return "", false
	}
	k := -1
	for j, r := range b.reserved {
		if r.hex == i && r.node < 0 {
			if k >= 0 {
				return "", false // more than one hex-wide reservation
			}
			k = j
		}
	}
	if k < 0 {
		return "", false
	}
	corp := b.reserved[k].corp
	city := -1
	for _, n := range b.hexes[i].tile.CityIndexes() {
		if _, why := b.tokenSlot(i, n, corp, false); why != slotOK || b.reservedOut(i, n, corp) {
			continue
		}
		if city >= 0 {
			return "", false // more than one city could take it
		}
		city = n
	}
	if city < 0 {
		return "", false
	}
	out := slices.Clone(b.reserved)
	out[k].node = city
	b.reserved = out
	return corp, true
}

// HexReservedFor reports whether corp holds a hex-wide reservation on hex
// (one not yet settled on a city).
func (b *Board) HexReservedFor(hex, corp string) bool {
	i, ok := b.s.lookup(hex)
	if !ok {
		return false
	}
	for _, r := range b.reserved {
		if r.hex == i && r.node < 0 && r.corp == corp {
			return true
		}
	}
	return false
}

// Reservations lists the reservations not yet used, in the order made.
func (b *Board) Reservations() []Reservation {
	out := make([]Reservation, len(b.reserved))
	for k, r := range b.reserved {
		out[k] = Reservation{Hex: b.s.ids[r.hex], Node: r.node, Corp: r.corp}
	}
	return out
}

// reservationBlocks refuses a token of corp in city node n of hex i when the
// free slots left are held for other corporations (18xx.games
// City#tokenable? with Tile#token_blocked_by_reservation?).
func (b *Board) reservationBlocks(i, n int, corp string) error {
	if b.reservedOut(i, n, corp) {
		return fmt.Errorf("board: %s cannot place a token on %s: the free slots are reserved", corp, b.s.ids[i])
	}
	return nil
}

// reservedOut reports whether reservations keep corp out of city node n of
// hex i (reservationBlocks without the error).
func (b *Board) reservedOut(i, n int, corp string) bool {
	others, hexOthers := 0, 0
	for _, r := range b.reserved {
		switch {
		case r.hex != i:
		case r.node == n && r.corp == corp:
			return false
		case r.node == n:
			others++
		case r.node < 0 && r.corp != corp:
			hexOthers++
		}
	}
	blocked := b.freeSlots(i, n)-others <= 0
	if !blocked && hexOthers > 0 {
		avail := 0
		for _, c := range b.hexes[i].tile.CityIndexes() {
			f := b.freeSlots(i, c)
			for _, r := range b.reserved {
				if r.hex == i && r.node == c {
					f--
				}
			}
			if f > 0 {
				avail += f
			}
		}
		blocked = hexOthers >= avail
	}
	return blocked
}

// freeSlots counts the empty token slots of city node n of hex i.
func (b *Board) freeSlots(i, n int) int {
	h := &b.hexes[i]
	if h.tokens == nil {
		return h.tile.Nodes[n].Slots
	}
	free := 0
	for _, c := range h.tokens[n] {
		if c == "" {
			free++
		}
	}
	return free
}

// moveReservations carries the city reservations of hex i from the old tile
// to the city of the new tile that replaces it (as tokens move).
func (b *Board) moveReservations(i int, ot *TileDef, orot int, nt *TileDef, nrot int) {
	// most lays touch no reserved city: nothing to copy then
	if !slices.ContainsFunc(b.reserved, func(r reservation) bool { return r.hex == i && r.node >= 0 }) {
		return
	}
	m := cityMap(ot, orot, nt, nrot)
	out := make([]reservation, 0, len(b.reserved))
	for _, r := range b.reserved {
		if r.hex == i && r.node >= 0 {
			d, ok := m[r.node]
			if !ok {
				d = -1
			}
			r.node = d
		}
		out = append(out, r)
	}
	b.reserved = out
}
