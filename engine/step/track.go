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
		for _, l := range b.LegalLays(h, WithoutCheckLay(opt)) {
			a := engine.CorpAction(c, "lay_tile")
			a.Hex, a.Tile, a.Rotation = h, l.TileID, l.Rotation
			out = append(out, engine.Choice{Action: a})
		}
	}
	return out
}

// WithoutCheckLay is opt without the title's CheckLay hook (and its
// PreCheckLay): the board's own rules and the title's other hooks, for
// listing the candidates a plan then checks in full. A hex where no
// candidate passes the title's CheckLay gives no candidate its plan
// accepts, so a listing of the hexes with a candidate need not run the
// hook: the plans decide each lay once.
func WithoutCheckLay(opt board.LayOptions) board.LayOptions {
	if opt.Rules != nil && (opt.Rules.CheckLay != nil || opt.Rules.PreCheckLay != nil) {
		rules := *opt.Rules
		rules.CheckLay, rules.PreCheckLay = nil, nil
		opt.Rules = &rules
	}
	return opt
}

// LayTile is the tile the lay a names: its definition on b, or the
// refusal of a tile id that names none.
func LayTile(b *board.Board, a *engine.Action) (*board.TileDef, error) {
	name, _, err := board.ParseTileID(a.Tile)
	if err != nil {
		return nil, engine.Refuse(a, "%v", err)
	}
	t, ok := b.TileDef(name)
	if !ok {
		return nil, engine.Refuse(a, "unknown tile %s", a.Tile)
	}
	return t, nil
}

// PlanLay decides the lay a of c on b with opt, changing nothing: the
// board's rules (board.PlanLay), then a terrain cost within budget. It
// returns what the board reports and the function that makes the lay.
func PlanLay(b *board.Board, c *engine.Corporation, a *engine.Action, opt board.LayOptions, budget int) (board.LayResult, func(), error) {
	res, lay, err := b.PlanLay(a.Hex, a.Tile, a.Rotation, opt)
	if err != nil {
		return res, nil, engine.Refuse(a, "%v", err)
	}
	if res.Cost > budget {
		return res, nil, engine.Refuse(a, "%s cannot pay £%d for the terrain", c.Sym, res.Cost)
	}
	return res, lay, nil
}
