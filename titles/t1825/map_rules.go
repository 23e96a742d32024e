package t1825

import "tresham/board"

// extraUpgrades are the replacements 1825 allows beyond the general rules
// (18xx.games EXTRA_UPGRADES): towns that become cities, double towns that
// become one city or DB1's 887/888, a plain curve that gains a halt (#11),
// a yellow #115 station that becomes #206, and #119, laid on yellow, that
// upgrades to gray #51. They are checked leniently (board.UpgradeForced).
var extraUpgrades = map[string][]string{
	"8":   {"11"},
	"1":   {"14", "888"},
	"2":   {"15", "887"},
	"55":  {"14", "888"},
	"56":  {"15", "887"},
	"69":  {"119"},
	"114": {"15", "887"},
	"198": {"119"},
	"199": {"119"},
	"887": {"63", "166"},
	"888": {"63", "166"},
	"3":   {"12", "14", "15", "119", "206"},
	"4":   {"14", "15", "119", "206"},
	"58":  {"12", "13", "14", "15", "119", "206"},
	// The site lists 115's upgrade as the string "206", not a list, and
	// tests it with String#include?, so any tile whose name is part of
	// "206" qualifies: the yellow 2 and 6 may replace a 115, and so may the
	// green 20. Games played there use this, so it is kept.
	"115": {"2", "6", "20", "206"},
	"119": {"51"},
}

// illegalUpgrades are general-rule upgrades 1825 forbids (18xx.games
// ILLEGAL_UPGRADES): the green three-way junctions do not become the brown
// triangles of the same shape.
var illegalUpgrades = map[string]string{"81": "40", "82": "41", "83": "42"}

// tile200Hexes are the printed sepia stations tile #200 may replace: Crewe,
// Wolverton and Swindon.
var tile200Hexes = map[string]bool{"Q11": true, "T16": true, "V14": true}

// UpgradeVerdict is the 1825 replacement rule (18xx.games
// G1825::Game#upgrades_to?) for board.Rules.Upgrade: the extra upgrades are
// forced; the illegal ones refused; #119 (green, striped brown) does not
// become a brown tile, and #166 and #200 are never replaced; #200 may only
// replace the printed sepia stations of Crewe, Wolverton and Swindon.
// Everything else follows the general rules.
func UpgradeVerdict(hex string, old, t *board.TileDef) board.UpgradeVerdict {
	for _, n := range extraUpgrades[old.Name] {
		if n == t.Name {
			return board.UpgradeForced
		}
	}
	switch {
	case illegalUpgrades[old.Name] == t.Name:
		return board.UpgradeRefused
	case old.Name == "119" && t.Color == board.Brown:
		return board.UpgradeRefused
	case old.Name == "166" || old.Name == "200":
		return board.UpgradeRefused
	case t.Name == "200" && old.Color != board.Sepia:
		return board.UpgradeRefused
	case t.Name == "200" && tile200Hexes[hex]:
		return board.UpgradeAllowed
	}
	return board.UpgradeDefault
}

// LayRules returns the 1825 tile-replacement rules for board.LayTile and
// board.LegalLays. Rules that depend on the game state (phase colours, one
// lay or upgrade per turn, no two lays in adjacent hexes, reserved hexes,
// reaching an upgraded station with a train) belong to the rounds.
func LayRules() *board.Rules {
	return &board.Rules{Upgrade: UpgradeVerdict}
}

// TileAvailable reports whether a tile may be laid in a phase whose tile
// colours are phaseTiles (18xx.games tile_valid_for_phase?): #119 (green,
// laid on yellow towns) needs brown tiles, #166 (brown, laid on green)
// needs gray ones.
func TileAvailable(t *board.TileDef, phaseTiles []string) bool {
	need := t.Color.String()
	switch t.Name {
	case "119":
		need = "brown"
	case "166":
		need = "gray"
	}
	for _, c := range phaseTiles {
		if c == need {
			return true
		}
	}
	return false
}

// IsUpgrade reports whether laying on hex counts as an upgrade (one per turn,
// instead of the two lays): replacing any tile but a white hex or a printed
// yellow one (18xx.games G1825 track_upgrade?).
func IsUpgrade(b *board.Board, hex string) bool {
	v, ok := b.Hex(hex)
	if !ok {
		return false
	}
	return v.Tile.Color != board.White && !(v.Tile.Color == board.Yellow && v.Tile == v.Printed)
}

// UpgradeVerdict is the package's UpgradeVerdict (title.Upgrader).
func (g *Game) UpgradeVerdict(hex string, old, t *board.TileDef) board.UpgradeVerdict {
	return UpgradeVerdict(hex, old, t)
}
