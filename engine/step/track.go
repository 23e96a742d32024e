package step

import (
	"tresham/board"
	"tresham/engine"
)

// TrackChoices lists the tile lays of c on hexes, the track step's
// candidates: the board's legal lays (board.LegalLays) of each hex with the
// options lay gives for it (false: none there), without the title's
// CheckLay (its reach rules), which the step's plan runs once per
// candidate.
func TrackChoices(b *board.Board, c *engine.Corporation, hexes []string, lay func(hex string) (board.LayOptions, bool)) []engine.Choice {
	var out []engine.Choice
	for _, h := range hexes {
		opt, ok := lay(h)
		if !ok {
			continue
		}
		if opt.Rules != nil && opt.Rules.CheckLay != nil {
			rules := *opt.Rules
			rules.CheckLay = nil
			opt.Rules = &rules
		}
		for _, l := range b.LegalLays(h, opt) {
			a := engine.CorpAction(c, "lay_tile")
			a.Hex, a.Tile, a.Rotation = h, l.TileID, l.Rotation
			out = append(out, engine.Choice{Action: a})
		}
	}
	return out
}
