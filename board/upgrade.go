package board

import (
	"fmt"
	"sync/atomic"
)

// UpgradeVerdict is a title's decision on replacing one tile by another
// (Rules.Upgrade), taken before the general upgrade test.
type UpgradeVerdict int

const (
	// UpgradeDefault applies the general test (TileDef.UpgradesTo).
	UpgradeDefault UpgradeVerdict = iota
	// UpgradeRefused forbids the replacement.
	UpgradeRefused
	// UpgradeAllowed permits the replacement without the general test; the
	// rotation is checked as for any lay.
	UpgradeAllowed
	// UpgradeForced permits the replacement without the general test and
	// checks the rotation leniently, as 18xx.games does for a title's
	// forced upgrades (e.g. 1825 EXTRA_UPGRADES, where a town becomes a
	// city): every new exit must lead somewhere, every old path must be
	// matched by a new path whose ends are among its ends (cities and towns
	// counting as the same), and a multi-city tile must keep its cities
	// apart; cities may move.
	UpgradeForced
)

// upgradeVerdict asks the title hook about replacing the tile on hex i by t.
func (b *Board) upgradeVerdict(i int, t *TileDef, opt LayOptions) UpgradeVerdict {
	if opt.Rules == nil || opt.Rules.Upgrade == nil {
		return UpgradeDefault
	}
	return opt.Rules.Upgrade(b.s.ids[i], b.hexes[i].tile, t)
}

// upgradeRefusalAt is upgradeRefusal of supply tile ti on hex i (state h),
// memoised in a table by the old tile's place (its supply index, or the
// hex of a printed tile) and ti, for the listings that ask it of every
// tile on every hex.
func (s *static) upgradeRefusalAt(i int, h *hexState, ti int) upgradeRefusal {
	old := int(h.tdef)
	switch {
	case old >= 0 && h.copy >= 0 && s.tiles[old] == h.tile:
	case h.tile == s.printed[i]:
		old = len(s.tiles) + i // the printed tile of hex i
	default:
		return s.upgradeRefusal(h.tile, s.tiles[ti])
	}
	s.upTableOnce.Do(func() {
		s.upTable = make([]atomic.Uint32, (len(s.tiles)+len(s.ids))*len(s.tiles))
	})
	k := &s.upTable[old*len(s.tiles)+ti]
	if v := k.Load(); v != 0 {
		return upgradeRefusal(v - 1)
	}
	r := s.upgradeRefusal(h.tile, s.tiles[ti])
	k.Store(uint32(r) + 1)
	return r
}

// upgradeKey is the key of the upgrade refusals' memo.
type upgradeKey struct{ old, t *TileDef }

// upgradeRefusal is old.upgradeRefusal(t), memoised: tile definitions are
// immutable, so the answer for a pair never changes.
func (s *static) upgradeRefusal(old, t *TileDef) upgradeRefusal {
	k := upgradeKey{old, t}
	m := &s.pairs
	m.mu.RLock()
	r, ok := m.upgrades[k]
	m.mu.RUnlock()
	if ok {
		return r
	}
	r = old.upgradeRefusal(t)
	m.mu.Lock()
	if m.upgrades == nil {
		m.upgrades = map[upgradeKey]upgradeRefusal{}
	}
	m.upgrades[k] = r
	m.mu.Unlock()
	return r
}

// upgradeError checks that t may replace the tile on hex i (title verdict,
// else the general test).
func (b *Board) upgradeError(i int, t *TileDef, opt LayOptions) error {
	old := b.hexes[i].tile
	switch b.upgradeVerdict(i, t, opt) {
	case UpgradeRefused:
		return fmt.Errorf("tile %s may not replace %s here", t.Name, old.Name)
	case UpgradeAllowed, UpgradeForced:
		return nil
	}
	return old.UpgradesTo(t)
}

// forcedKeepsOld is keepsOld for an UpgradeForced replacement (exits and
// connectivity already checked).
func forcedKeepsOld(old *TileDef, orot int, t *TileDef, rot int) rotationRefusal {
	for p := range old.Paths {
		found := false
		for q := range t.Paths {
			if pathWithinAnyNode(t, q, rot, old, p, orot) {
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
	if len(oldCT) > 1 && len(newCT) > 1 && !citiesKeptApart(oldCT, newCT) {
		return rotationCitiesMerged
	}
	return rotationOK
}

// citiesKeptApart reports whether the exits of every old city or town are
// all among the exits of exactly one new one (18xx.games: each old city
// maps to one new city).
func citiesKeptApart(oldCT, newCT [][]int) bool {
	for _, o := range oldCT {
		cnt := 0
		for _, n := range newCT {
			all := true
			for _, e := range o {
				if !intsContain(n, e) {
					all = false
				}
			}
			if all {
				cnt++
			}
		}
		if cnt != 1 {
			return false
		}
	}
	return true
}

// pathWithinAnyNode reports whether every end of path p of t (rotation rt)
// matches an end of path q of u (rotation ru), any city or town matching any
// city or town, and the track gauges match (18xx.games 1825
// TrackAndToken#path_subset?).
func pathWithinAnyNode(t *TileDef, p, rt int, u *TileDef, q, ru int) bool {
	if !gaugeWithin(trackOf(t.Paths[p].Track), trackOf(u.Paths[q].Track)) {
		return false
	}
	var qbuf, pbuf [8]endKey
	qe := u.pathEnds(qbuf[:0], q, ru)
	for _, a := range t.pathEnds(pbuf[:0], p, rt) {
		ok := false
		for _, c := range qe {
			if endLE(a, c) || (!a.edge && !c.edge && isStation(a.kind) && isStation(c.kind)) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// gaugeWithin reports whether track of gauge a fits track of gauge b
// (18xx.games Path#tracks_match?).
func gaugeWithin(a, b string) bool {
	switch a {
	case "narrow":
		return b == "narrow" || b == "dual"
	case "dual":
		return b == "dual"
	}
	return b == "broad" || b == "dual"
}

func isStation(k NodeKind) bool { return k == City || k.IsTown() }
