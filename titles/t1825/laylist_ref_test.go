package t1825

import (
	"fmt"
	"slices"
	"sort"

	"tresham/board"
	"tresham/engine"
	"tresham/engine/step"
)

// LayListingBoth returns the track step's lay listing of the operating
// company now, as the step computes it (layCandidates, each checked by
// planLay), and as it was computed before the listing was made faster:
// the hexes of LegalLayHexes with the reach rule run on a copy of the
// board for each candidate (no PreCheckLay), then each hex's lays, each
// checked by planLay. Each candidate's board plan is also compared with
// the same plan without PreCheckLay (result and refusal); a difference is
// returned as err. Lays are words "hex tile rotation", in listing order.
func LayListingBoth(g *Game) (got, want []string, err error) {
	if g.op == nil || g.Board == nil {
		return nil, nil, nil
	}
	c := g.op.Current()
	if c == nil {
		return nil, nil, nil
	}
	word := func(a *engine.Action) string { return fmt.Sprintf("%s %s %d", a.Hex, a.Tile, a.Rotation) }
	for _, ch := range layCandidates(g, c) {
		if _, err := planLay(g, c, &ch.Action); err == nil {
			got = append(got, word(&ch.Action))
		}
	}
	for _, ch := range formerLayCandidates(g, c) {
		a := ch.Action
		if opt, err := g.layOptions(c, a.Hex); err == nil {
			res, errNew := g.Board.CheckLay(a.Hex, a.Tile, a.Rotation, opt)
			former := *opt.Rules
			former.PreCheckLay = nil
			opt.Rules = &former
			resOld, errOld := g.Board.CheckLay(a.Hex, a.Tile, a.Rotation, opt)
			if fmt.Sprint(errNew) != fmt.Sprint(errOld) || fmt.Sprint(res) != fmt.Sprint(resOld) {
				return nil, nil, fmt.Errorf("%s by %s: plan %v %v, without PreCheckLay %v %v", word(&a), c.Sym, res, errNew, resOld, errOld)
			}
		}
		if _, err := planLay(g, c, &a); err == nil {
			want = append(want, word(&a))
		}
	}
	return got, want, nil
}

// formerLayCandidates is layCandidates as it was: LegalLayHexes ran the
// reach rule (CheckLay, on a copy of the board) until it found a lay on
// each hex.
func formerLayCandidates(g *Game, c *engine.Corporation) []engine.Choice {
	if !g.canLayTile(c) {
		return nil
	}
	cs := g.phaseColors()
	rules := g.layRules(c)
	rules.PreCheckLay = nil
	hexes := g.Board.LegalLayHexes(board.LayOptions{Corp: c.Sym, Rules: rules, Colors: cs})
	d := g.defs[c.Sym]
	if d.Minor && c.Tokens[0].Location == "" && len(d.Homes) > 0 {
		hexes = append(hexes, d.Homes[0])
	}
	if g.surveyorsActive() {
		hexes = slices.DeleteFunc(hexes, func(h string) bool { return !IsUpgrade(g.Board, h) })
		hexes = append(hexes, g.op.surveyed...)
	}
	sort.Strings(hexes)
	return step.TrackChoices(g.Board, c, slices.Compact(hexes), func(h string) (board.LayOptions, bool) {
		opt, err := g.layOptions(c, h)
		opt.Colors = cs
		v, ok := g.Board.Hex(h)
		return opt, err == nil && !(ok && v.Tile.Cost() > g.buyingPower(c))
	})
}
