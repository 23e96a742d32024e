package t1860

import (
	"fmt"

	"tresham/board"
	"tresham/engine"
	"tresham/engine/step"
)

// LayListingBoth returns the track step's lay listing of the operating
// corporation now, as the step computes it (layChoices, each checked by
// planLay), and as it was computed before the listing was made faster:
// the hexes of LegalLayHexes with the reach rules run on a copy of the
// board for each candidate (no PreCheckLay), then each hex's lays, each
// checked by planLay. Each candidate's board plan is also compared with
// the same plan without PreCheckLay (result and refusal); a difference is
// returned as err. Lays are words "hex tile rotation", in listing order.
func LayListingBoth(g *Game) (got, want []string, err error) {
	if g.op == nil || g.Board == nil || g.op.step != stepTrack {
		return nil, nil, nil
	}
	c := g.op.Current()
	if c == nil {
		return nil, nil, nil
	}
	word := func(a *engine.Action) string { return fmt.Sprintf("%s %s %d", a.Hex, a.Tile, a.Rotation) }
	for _, ch := range g.layChoices(c, "", false) {
		if _, err := g.op.planLay(g, c, &ch.Action); err == nil {
			got = append(got, word(&ch.Action))
		}
	}
	opt, err := g.layOptions(c)
	if err != nil {
		return got, nil, nil
	}
	former := *opt.Rules
	former.PreCheckLay = nil
	for _, ch := range g.formerLayChoices(c) {
		a := ch.Action
		res, errNew := g.Board.CheckLay(a.Hex, a.Tile, a.Rotation, opt)
		o := opt
		o.Rules = &former
		resOld, errOld := g.Board.CheckLay(a.Hex, a.Tile, a.Rotation, o)
		if fmt.Sprint(errNew) != fmt.Sprint(errOld) || fmt.Sprint(res) != fmt.Sprint(resOld) {
			return nil, nil, fmt.Errorf("%s by %s: plan %v %v, without PreCheckLay %v %v", word(&a), c.Sym, res, errNew, resOld, errOld)
		}
		if _, err := g.op.planLay(g, c, &a); err == nil {
			want = append(want, word(&a))
		}
	}
	return got, want, nil
}

// formerLayChoices is layChoices(c, "", false) as it was: LegalLayHexes
// ran the reach rules (CheckLay, on a copy of the board) until it found
// a lay on each hex.
func (g *Game) formerLayChoices(c *engine.Corporation) []engine.Choice {
	opt, err := g.layOptions(c)
	if err != nil {
		return nil
	}
	rules := *opt.Rules
	rules.PreCheckLay = nil
	opt.Rules = &rules
	opt.NoConnectivity = false
	opt.Graph = g.Board.Graph(c.Sym)
	hexes := g.Board.LegalLayHexes(opt)
	return step.TrackChoices(g.Board, c, hexes, func(h string) (board.LayOptions, bool) {
		view, _ := g.Board.Hex(h)
		cost := 0
		if view.Tile != nil {
			cost = view.Tile.Cost()
		}
		return opt, cost <= c.Cash && !(cost > 0 && c.Insolvent)
	})
}
