package board

import (
	"errors"
	"fmt"
)

// Lay describes a tile lay, as passed to title hooks.
type Lay struct {
	Hex      string
	TileID   string
	Tile     *TileDef
	Rotation int
	Old      *TileDef // tile on the hex before the lay
	OldRot   int
	Corp     string
}

// Rules are title hooks for tile lays. Any nil field means "no extra rule".
type Rules struct {
	// RotationAllowed vetoes a rotation of a tile on a hex (18xx.games
	// Game#legal_tile_rotation?), e.g. 1860 tiles with a fixed orientation.
	RotationAllowed func(b *Board, l Lay) bool
	// CheckLay runs after the lay has been made on a scratch copy: before
	// is the board prior to the lay, after the board with the tile laid.
	// Returning an error refuses the lay (e.g. 1860 train-reach rules).
	CheckLay func(before, after *Board, l Lay) error
	// PreCheckLay, when set with CheckLay, decides a lay as CheckLay
	// would, before the lay is made: decided reports whether it could
	// (err then being CheckLay's answer); when it could not, CheckLay
	// runs on the scratch copy. It spares the copy and the lay on it for
	// the lays CheckLay answers from the board as it is (a new tile on an
	// empty hex), and must agree with CheckLay wherever it decides.
	PreCheckLay func(before *Board, l Lay) (decided bool, err error)
	// Upgrade decides whether tile t may replace old on hex before the
	// general upgrade test (18xx.games Game#upgrades_to? overrides); see
	// UpgradeVerdict.
	Upgrade func(hex string, old, t *TileDef) UpgradeVerdict
}

// LayOptions parameterise LayTile and LegalLays.
type LayOptions struct {
	// Corp is the corporation laying the tile; its network is used for the
	// connectivity rule unless NoConnectivity is set.
	Corp string
	// NoConnectivity skips the "new track must connect to the network"
	// check (home-track lays, private abilities).
	NoConnectivity bool
	// Colors restricts the colours that may be laid (the phase's tile
	// colours); nil allows all.
	Colors []Color
	// Rules are the title hooks.
	Rules *Rules
	// Graph optionally supplies a precomputed network for Corp (it must
	// have been computed on this board).
	Graph *Graph
}

// LayResult reports the effects of a successful lay.
type LayResult struct {
	// Cost is the terrain/upgrade cost printed on the replaced tile.
	Cost int
	// Terrains lists the terrain types paid for.
	Terrains []string
	// OldTileID is the id of the replaced tile ("HEX-i" for printed tiles).
	OldTileID string
	// Upgrade is true when a non-white tile was replaced.
	Upgrade bool
}

// ErrNotAvailable is returned (wrapped) when the named tile copy is on the map
// or does not exist.
var ErrNotAvailable = errors.New("tile not available")

// LayTile validates and lays tile copy tileID on hex with rotation rot. On
// error the board is unchanged.
func (b *Board) LayTile(hex, tileID string, rot int, opt LayOptions) (LayResult, error) {
	res, lay, err := b.PlanLay(hex, tileID, rot, opt)
	if err != nil {
		return LayResult{}, err
	}
	lay()
	return res, nil
}

// CheckLay reports whether LayTile would accept the lay and what it would
// return, without laying: the board's tiles, tokens and version stay as
// they are (a title hook runs on a scratch copy, as in LayTile).
func (b *Board) CheckLay(hex, tileID string, rot int, opt LayOptions) (LayResult, error) {
	res, _, err := b.PlanLay(hex, tileID, rot, opt)
	return res, err
}

// PlanLay decides a lay as LayTile does, without changing the board, and
// returns its result and a function that makes it. The function must be
// called, if at all, before anything else changes the board; the lay is
// then decided once (a title's CheckLay hook runs once).
func (b *Board) PlanLay(hex, tileID string, rot int, opt LayOptions) (LayResult, func(), error) {
	p, err := b.prepareLay(hex, tileID, rot, opt)
	if err != nil {
		return LayResult{}, nil, err
	}
	var pre error // the title's answer when PreCheckLay decides
	if r := opt.Rules; r != nil && r.CheckLay != nil {
		decided := false
		if r.PreCheckLay != nil {
			decided, pre = r.PreCheckLay(b, p.lay)
		}
		if !decided {
			return b.planOnCopy(p, rot, r)
		}
	}
	// place fails only when the tokens cannot move to the new tile
	h := &b.hexes[p.i]
	if h.tokens != nil {
		if _, err := moveTokens(h.tile, int(h.rot), h.tokens, b.s.tiles[p.ti], rot); err != nil {
			return LayResult{}, nil, err
		}
	}
	if pre != nil {
		// refused by the title after the tokens, as on the copy
		return LayResult{}, nil, pre
	}
	// the closure takes the numbers alone (capturing p would move the
	// whole prepared lay to the heap on every path)
	i, ti, cp := p.i, p.ti, p.cp
	return p.res, func() { _ = b.place(i, ti, cp, rot) }, nil
}

// planOnCopy is PlanLay for a lay the title's CheckLay decides on a
// scratch copy of b with the lay made. The copy's storage is b's spare
// again once decided (a listing plans every candidate and makes none):
// the lay, if made, is made on b itself, as the copy had it.
func (b *Board) planOnCopy(p preparedLay, rot int, r *Rules) (LayResult, func(), error) {
	after := b.scratchClone()
	err := after.place(p.i, p.ti, p.cp, rot)
	if err == nil {
		err = r.CheckLay(b, after, p.lay)
	}
	b.spareHexes, b.spareUsed = after.hexes, after.used
	if err != nil {
		return LayResult{}, nil, err
	}
	i, ti, cp := p.i, p.ti, p.cp
	return p.res, func() { _ = b.place(i, ti, cp, rot) }, nil
}

// preparedLay is a lay that passed the board's own rules.
type preparedLay struct {
	i, ti, cp int
	res       LayResult
	lay       Lay
}

// prepareLay runs the board's rules for a lay (all but a title's CheckLay
// hook) without changing anything.
func (b *Board) prepareLay(hex, tileID string, rot int, opt LayOptions) (preparedLay, error) {
	i, err := b.hexIndex(hex)
	if err != nil {
		return preparedLay{}, err
	}
	name, cp, err := ParseTileID(tileID)
	if err != nil {
		return preparedLay{}, err
	}
	ti, ok := b.s.tileIdx[name]
	if !ok || cp >= b.s.counts[ti] {
		return preparedLay{}, fmt.Errorf("board: %s: %w", tileID, ErrNotAvailable)
	}
	if b.used[ti]&(1<<cp) != 0 {
		return preparedLay{}, fmt.Errorf("board: %s is already on the map: %w", tileID, ErrNotAvailable)
	}
	if rot < 0 || rot > 5 {
		return preparedLay{}, fmt.Errorf("board: bad rotation %d", rot)
	}
	t := b.s.tiles[ti]
	var g *Graph
	if !opt.NoConnectivity {
		g = opt.Graph
		if g == nil || g.Corp != opt.Corp {
			g = nil
			// A walk that reaches one of the tile's sides settles the
			// connectivity rule without building the network (it would
			// not be kept: the lay changes the board).
			if opt.Corp == "" || b.graphCached(opt.Corp) || !b.lineConnects(opt.Corp, i, t.Exits(rot)) {
				g = b.Graph(opt.Corp)
			}
		}
	}
	if err := b.checkLay(i, t, rot, opt, g); err != nil {
		return preparedLay{}, err
	}
	old := b.hexes[i]
	res := LayResult{Cost: old.tile.Cost(), OldTileID: b.tileID(i), Upgrade: old.tile.Color != White}
	for _, u := range old.tile.Upgrades {
		res.Terrains = append(res.Terrains, u.Terrains...)
	}
	l := Lay{Hex: hex, TileID: tileID, Tile: t, Rotation: rot, Old: old.tile, OldRot: int(old.rot), Corp: opt.Corp}
	return preparedLay{i: i, ti: ti, cp: cp, res: res, lay: l}, nil
}

// place puts supply tile ti copy cp on hex i, moving tokens and returning
// the old tile to the supply. It performs no rule checks.
func (b *Board) place(i, ti, cp, rot int) error {
	h := &b.hexes[i]
	t := b.s.tiles[ti]
	var newTokens [][]string
	if h.tokens != nil {
		var err error
		newTokens, err = moveTokens(h.tile, int(h.rot), h.tokens, t, rot)
		if err != nil {
			return err
		}
	}
	b.moveReservations(i, h.tile, int(h.rot), t, rot)
	if h.copy >= 0 {
		b.used[h.tdef] &^= 1 << h.copy
	}
	b.used[ti] |= 1 << cp
	h.tile, h.copy, h.tdef, h.rot, h.tokens = t, int8(cp), int32(ti), int8(rot), newTokens
	b.invalidateHex(i, "")
	return nil
}

// ForceLay puts a tile on a hex without any rule check (setup, test
// fixtures, importers). Tokens are carried over as in a normal lay.
func (b *Board) ForceLay(hex, tileID string, rot int) error {
	i, err := b.hexIndex(hex)
	if err != nil {
		return err
	}
	name, cp, err := ParseTileID(tileID)
	if err != nil {
		return err
	}
	ti, ok := b.s.tileIdx[name]
	if !ok || cp >= b.s.counts[ti] || b.used[ti]&(1<<cp) != 0 {
		return fmt.Errorf("board: %s: %w", tileID, ErrNotAvailable)
	}
	c := b.Clone()
	if err := c.place(i, ti, cp, rot%6); err != nil {
		return err
	}
	*b = *c
	return nil
}

// cityMap maps each old city node to a new city node (18xx.games
// Hex#city_map_for).
func cityMap(ot *TileDef, orot int, nt *TileDef, nrot int) map[int]int {
	oc, nc := ot.CityIndexes(), nt.CityIndexes()
	m := map[int]int{}
	noExits := true
	for _, c := range oc {
		if ot.NodeExits(c, orot) != 0 {
			noExits = false
		}
	}
	if noExits && len(oc) == len(nc) {
		for k, c := range oc {
			m[c] = nc[k]
		}
		return m
	}
	for _, c := range oc {
		ox := ot.NodeExits(c, orot)
		if ox == 0 {
			continue
		}
		for _, d := range nc {
			if ox&^nt.NodeExits(d, nrot) == 0 {
				m[c] = d
				break
			}
		}
	}
	used := map[int]bool{}
	for _, v := range m {
		used[v] = true
	}
	for k, c := range oc {
		if _, ok := m[c]; ok {
			continue
		}
		d := -1
		if k < len(nc) {
			d = nc[k]
		}
		if d < 0 || used[d] {
			d = -1
			for _, x := range nc {
				if !used[x] {
					d = x
					break
				}
			}
		}
		if d >= 0 {
			m[c] = d
			used[d] = true
		}
	}
	return m
}

// moveTokens carries tokens from the old tile to the new one, each into
// the first free slot of the corresponding city, in old slot order.
func moveTokens(ot *TileDef, orot int, old [][]string, nt *TileDef, nrot int) ([][]string, error) {
	m := cityMap(ot, orot, nt, nrot)
	out := emptyTokens(nt)
	any := false
	for _, oc := range ot.CityIndexes() {
		for _, c := range old[oc] {
			if c == "" {
				continue
			}
			d, ok := m[oc]
			if !ok {
				return nil, fmt.Errorf("board: no city on tile %s for %s's token", nt.Name, c)
			}
			placed := false
			for s := range out[d] {
				if out[d][s] == "" {
					out[d][s] = c
					placed = true
					break
				}
			}
			if !placed {
				// 18xx.games keeps surplus tokens as "cheaters"; append a slot.
				out[d] = append(out[d], c)
			}
			any = true
		}
	}
	if !any {
		return nil, nil
	}
	return out, nil
}

func colorAllowed(c Color, cs []Color) bool {
	if cs == nil {
		return true
	}
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// checkLay runs all board-level checks of laying t at rot on hex i.
func (b *Board) checkLay(i int, t *TileDef, rot int, opt LayOptions, g *Graph) error {
	id := b.s.ids[i]
	if !colorAllowed(t.Color, opt.Colors) {
		return fmt.Errorf("board: %s tiles may not be laid now", t.Color)
	}
	if err := b.upgradeError(i, t, opt); err != nil {
		return fmt.Errorf("board: %s: %w", id, err)
	}
	return b.checkRotation(i, t, rot, opt, g)
}

// checkRotation implements 18xx.games Tracker#legal_tile_rotation?.
func (b *Board) checkRotation(i int, t *TileDef, rot int, opt LayOptions, g *Graph) error {
	r, side := b.rotationRefusal(i, t, rot, opt, g)
	return r.err(t, rot, b.s.ids[i], side, opt.Corp)
}

// rotationRefusal is why t may not be laid at rot on hex i (rotationOK if
// it may), and for rotationOffMap the side: checkRotation without the
// message, for the listings that try every tile and rotation.
func (b *Board) rotationRefusal(i int, t *TileDef, rot int, opt LayOptions, g *Graph) (rotationRefusal, int) {
	h := &b.hexes[i]
	if opt.Rules != nil && opt.Rules.RotationAllowed != nil {
		if !opt.Rules.RotationAllowed(b, Lay{Hex: b.s.ids[i], Tile: t, Rotation: rot, Old: h.tile, OldRot: int(h.rot), Corp: opt.Corp}) {
			return rotationNotAllowed, 0
		}
	}
	exits := t.Exits(rot)
	for e := 0; e < 6; e++ {
		if exits&(1<<e) != 0 && b.s.neighbors[i][e] < 0 {
			return rotationOffMap, e
		}
	}
	if g != nil {
		edges, _ := g.ConnectedEdges(b.s.ids[i])
		if exits&edges == 0 {
			return rotationUnconnected, 0
		}
	}
	forced := b.upgradeVerdict(i, t, opt) == UpgradeForced
	return b.s.keepRefusal(h.tile, int(h.rot), t, rot, forced), 0
}

// keepKey is the key of keepRefusal's memo.
type keepKey struct {
	old, t    *TileDef
	orot, rot int8
	forced    bool
}

// keepRefusal is keepsOld, memoised: tile definitions are immutable, so
// the answer for a pair of tiles and rotations never changes.
func (s *static) keepRefusal(old *TileDef, orot int, t *TileDef, rot int, forced bool) rotationRefusal {
	k := keepKey{old, t, int8(orot), int8(rot), forced}
	m := &s.pairs
	m.mu.RLock()
	r, ok := m.keeps[k]
	m.mu.RUnlock()
	if ok {
		return r
	}
	r = keepsOld(old, orot, t, rot, forced)
	m.mu.Lock()
	if m.keeps == nil {
		m.keeps = map[keepKey]rotationRefusal{}
	}
	m.keeps[k] = r
	m.mu.Unlock()
	return r
}

// keepsOld is the part of checkRotation that depends on the two tiles
// alone: t at rot must keep the track of old at orot in place, move no
// city or town, keep cities apart and shrink no city (forced: the lenient
// test of forcedKeepsOld).
func keepsOld(old *TileDef, orot int, t *TileDef, rot int, forced bool) rotationRefusal {
	if forced {
		return forcedKeepsOld(old, orot, t, rot)
	}
	// Old track must be kept in place.
	for p := range old.Paths {
		found := false
		for q := range t.Paths {
			if pathLE(old, p, orot, t, q, rot) {
				found = true
				break
			}
		}
		if !found {
			return rotationTrackLost
		}
	}
	oldCT := old.cityTownEdges(orot)
	newCT := t.cityTownEdges(rot)
	added := len(newCT) - len(oldCT)
	if added < 0 {
		added = 0
	}
	fresh := 0
	for _, n := range newCT {
		overlap := false
		for _, o := range oldCT {
			for _, e := range n {
				if intsContain(o, e) {
					overlap = true
				}
			}
		}
		if !overlap {
			fresh++
		}
	}
	if fresh > added {
		return rotationCityMoved
	}
	if t.nCities > 1 && old.nCities > 1 && !citiesKeptApart(oldCT, newCT) {
		return rotationCitiesMerged
	}
	// City sizes must not shrink when the old cities differ in size.
	oc := old.CityIndexes()
	sizes := map[int]bool{}
	for _, c := range oc {
		sizes[old.Nodes[c].Slots] = true
	}
	if len(sizes) > 1 {
		for o, n := range cityMap(old, orot, t, rot) {
			if t.Nodes[n].Slots < old.Nodes[o].Slots {
				return rotationSlotsReduced
			}
		}
	}
	return rotationOK
}

// rotationRefusal names the rotation rule a lay breaks.
type rotationRefusal uint8

const (
	rotationOK rotationRefusal = iota
	rotationNotAllowed
	rotationOffMap
	rotationUnconnected
	rotationTrackLost
	rotationCityMoved
	rotationCitiesMerged
	rotationSlotsReduced
)

// err words the refusal of t at rot on hex id (side: the side of
// rotationOffMap; corp: the corporation laying); nil for rotationOK.
func (r rotationRefusal) err(t *TileDef, rot int, id string, side int, corp string) error {
	switch r {
	case rotationNotAllowed:
		return fmt.Errorf("board: tile %s may not be laid with rotation %d on %s", t.Name, rot, id)
	case rotationOffMap:
		return fmt.Errorf("board: tile %s rotation %d on %s: track runs off the map or into a barrier at side %d", t.Name, rot, id, side)
	case rotationUnconnected:
		return fmt.Errorf("board: tile %s rotation %d on %s is not connected to %s's network", t.Name, rot, id, corp)
	case rotationTrackLost:
		return fmt.Errorf("board: tile %s rotation %d on %s does not keep the existing track", t.Name, rot, id)
	case rotationCityMoved:
		return fmt.Errorf("board: tile %s rotation %d on %s moves a city or town", t.Name, rot, id)
	case rotationCitiesMerged:
		return fmt.Errorf("board: tile %s rotation %d on %s does not keep the cities apart", t.Name, rot, id)
	case rotationSlotsReduced:
		return fmt.Errorf("board: tile %s on %s would reduce a city's slots", t.Name, id)
	}
	return nil
}

// LegalLay is one legal (tile, rotation) choice for a hex.
type LegalLay struct {
	Hex      string
	TileID   string // lowest available copy
	Tile     string
	Rotation int
}

// LegalLays lists the legal tile/rotation choices on hex for opt (colour,
// connectivity and title hooks included). Title CheckLay hooks are run on
// each candidate.
func (b *Board) LegalLays(hex string, opt LayOptions) []LegalLay {
	i, ok := b.s.lookup(hex)
	if !ok {
		return nil
	}
	return b.legalLays(i, hex, opt, false)
}

// legalLays is LegalLays on hex i (id hex), stopping at the first legal
// lay when first is set.
func (b *Board) legalLays(i int, hex string, opt LayOptions, first bool) []LegalLay {
	var g *Graph
	if !opt.NoConnectivity {
		g = opt.Graph
		if g == nil || g.Corp != opt.Corp {
			g = b.Graph(opt.Corp)
		}
		if !g.hex(i).ok {
			return nil
		}
	}
	var out []LegalLay
	h := &b.hexes[i]
	var edges uint8 // the sides open to corp's track (g)
	if g != nil {
		edges = g.hex(i).edges
	}
	for ti, t := range b.s.tiles {
		cp := -1
		for c := 0; c < b.s.counts[ti]; c++ {
			if b.used[ti]&(1<<c) == 0 {
				cp = c
				break
			}
		}
		if cp < 0 || !colorAllowed(t.Color, opt.Colors) {
			continue
		}
		// upgradeAllowed and rotationRefusal, the title's verdict and
		// the tile's sides asked once for all rotations
		verdict := b.upgradeVerdict(i, t, opt)
		switch verdict {
		case UpgradeRefused:
			continue
		case UpgradeAllowed, UpgradeForced:
		default:
			if b.s.upgradeRefusalAt(i, h, ti) != upgradeOK {
				continue
			}
		}
		exits0 := t.Exits(0)
		for rot := 0; rot < 6; rot++ {
			if opt.Rules != nil && opt.Rules.RotationAllowed != nil {
				if !opt.Rules.RotationAllowed(b, Lay{Hex: hex, Tile: t, Rotation: rot, Old: h.tile, OldRot: int(h.rot), Corp: opt.Corp}) {
					continue
				}
			}
			exits := rotateSides(exits0, rot)
			if exits&^b.s.sides[i] != 0 {
				continue // off the map or into a barrier
			}
			if g != nil && exits&edges == 0 {
				continue
			}
			if b.s.keepRefusal(h.tile, int(h.rot), t, rot, verdict == UpgradeForced) != rotationOK {
				continue
			}
			tid := b.s.copyIDs[ti][cp]
			if r := opt.Rules; r != nil && r.CheckLay != nil {
				l := Lay{Hex: hex, TileID: tid, Tile: t, Rotation: rot, Old: b.hexes[i].tile, OldRot: int(b.hexes[i].rot), Corp: opt.Corp}
				decided, err := false, error(nil)
				if r.PreCheckLay != nil {
					decided, err = r.PreCheckLay(b, l)
				}
				if decided {
					if err != nil {
						continue
					}
					if h := &b.hexes[i]; h.tokens != nil {
						if _, err := moveTokens(h.tile, int(h.rot), h.tokens, t, rot); err != nil {
							continue
						}
					}
				} else {
					after := b.Clone()
					if after.place(i, ti, cp, rot) != nil {
						continue
					}
					if r.CheckLay(b, after, l) != nil {
						continue
					}
				}
			}
			out = append(out, LegalLay{Hex: hex, TileID: tid, Tile: t.Name, Rotation: rot})
			if first {
				return out
			}
		}
	}
	return out
}

// LegalLayHexes returns the hexes where corp has at least one legal lay.
func (b *Board) LegalLayHexes(opt LayOptions) []string {
	g := opt.Graph
	if !opt.NoConnectivity && (g == nil || g.Corp != opt.Corp) {
		g = b.Graph(opt.Corp)
	}
	o := opt
	o.Graph = g
	var out []string
	for i, id := range b.s.ids {
		if g != nil && !g.hex(i).ok {
			continue
		}
		if len(b.legalLays(i, id, o, true)) > 0 {
			out = append(out, id)
		}
	}
	return out
}
