package t1825

import (
	"fmt"
	"slices"
	"sort"

	"tresham/board"
	"tresham/engine"
)

// Railway construction using Surveyors (rule 6.6, an optional method;
// option "surveyors"). Until Phase Three a company lays new tiles (not
// promotions) only where one of its Surveyors stood since its previous
// turn and has just moved away, and such a tile need not connect to its
// track:
//
//   - each company has one Surveyor, starting on its initial base (the
//     LNWR of Units 1+2, with two bases, has one on each) (6.6, 6.6.1);
//   - a Surveyor moves in a straight line of hexags, any distance, across
//     tiles, other Surveyors and sea (6.6.2), to a hexag without a tile
//     that is not green or russet (brown hexags are allowed) (6.6.3), not
//     a hexag reserved for another company (6.6.4, 4.2.8);
//   - it must move each turn, unless it stands on a brown hexag (6.6.5);
//     laying the tile is optional (6.6.6);
//   - Surveyors of different companies that shared a hexag must each move
//     in their next turn, even from a brown hexag, and none may move onto
//     the hexag where a Surveyor it shared with now stands, so that they
//     all end on different hexags (6.6.4; the scan's "on different
//     hexags" is read as "on the same hexag"). The sharing is recorded
//     when a Surveyor arrives and cleared for a Surveyor once it moves;
//   - a company in receivership run by the Receiver whose Surveyor has no
//     legal normal move may instead make a special move to any brown
//     hexag a Surveyor may stand on (6.6.7, the "challenge" read as "no
//     legal normal move"); the special move is optional. Minors in silent
//     receivership (Units 1 or 2) do not operate and so do not move;
//   - no tile may be laid on a hexag another Surveyor occupies;
//   - Surveyors are removed on entry into Phase Three, after which new
//     track is built from railheads (section 4.2) again.
//
// A move is the action "move_surveyor" with Hex the destination and, for
// a company with two Surveyors, Description the hexag of the one moved.

// surveyorsActive reports whether Surveyors are in use now.
func (g *Game) surveyorsActive() bool {
	return g.Opts.Surveyors && !g.PhaseAtLeast("3")
}

// placeSurveyors puts a company's Surveyors on its initial bases.
func (g *Game) placeSurveyors(c *engine.Corporation) {
	if !g.surveyorsActive() || g.surveyors[c.Sym] != nil {
		return
	}
	var hexes []string
	for _, ref := range g.Board.TokenNodes(c.Sym) {
		if !slices.Contains(hexes, ref.Hex) && slices.Contains(g.defs[c.Sym].Homes, ref.Hex) {
			hexes = append(hexes, ref.Hex)
		}
	}
	if len(hexes) == 0 {
		return
	}
	sort.Strings(hexes)
	g.surveyors[c.Sym] = hexes
	g.Logf("%s's surveyor starts on %v", c.Sym, hexes)
}

// removeSurveyors takes the Surveyors off the board (Phase Three).
func (g *Game) removeSurveyors() {
	if len(g.surveyors) > 0 {
		g.Logf("Surveyors are removed from the board")
	}
	g.surveyors = map[string][]string{}
	g.surveyorApart = map[string][]string{}
}

// surveyorKey names the Surveyor idx of company sym.
func surveyorKey(sym string, idx int) string {
	return fmt.Sprintf("%s#%d", sym, idx)
}

// surveyorAt is where the Surveyor named key stands, if its company is
// still open.
func (g *Game) surveyorAt(key string) (string, bool) {
	var sym string
	var idx int
	for i := len(key) - 1; i >= 0; i-- {
		if key[i] == '#' {
			sym = key[:i]
			n, ok := engine.ScanInt(key[i+1:])
			if !ok {
				return "", false
			}
			idx = n
			break
		}
	}
	c := g.Corp(sym)
	if c == nil || c.Closed || idx < 0 || idx >= len(g.surveyors[sym]) {
		return "", false
	}
	return g.surveyors[sym][idx], true
}

// surveyorArrives records that the Surveyor idx of sym now shares hex with
// the other companies' Surveyors there (rule 6.6.4).
func (g *Game) surveyorArrives(sym string, idx int, hex string) {
	me := surveyorKey(sym, idx)
	for other, hs := range g.surveyors {
		if other == sym || g.Corp(other) == nil || g.Corp(other).Closed {
			continue
		}
		for j, h := range hs {
			if h != hex {
				continue
			}
			o := surveyorKey(other, j)
			if !slices.Contains(g.surveyorApart[me], o) {
				g.surveyorApart[me] = append(g.surveyorApart[me], o)
			}
			if !slices.Contains(g.surveyorApart[o], me) {
				g.surveyorApart[o] = append(g.surveyorApart[o], me)
			}
		}
	}
	sort.Strings(g.surveyorApart[me])
}

// surveyorAvoid lists the hexags where the Surveyors that the Surveyor idx
// of sym shared a hexag with now stand (rule 6.6.4).
func (g *Game) surveyorAvoid(sym string, idx int) []string {
	var out []string
	for _, o := range g.surveyorApart[surveyorKey(sym, idx)] {
		if h, ok := g.surveyorAt(o); ok {
			out = append(out, h)
		}
	}
	return out
}

// surveyorTargets lists the normal moves of the Surveyor idx of c (rules
// 6.6.2–6.6.4) and, when there is none and the Receiver runs c, the
// special moves to brown hexags (rule 6.6.7).
func (g *Game) surveyorTargets(c *engine.Corporation, idx int) (normal, special []string) {
	hs := g.surveyors[c.Sym]
	if idx < 0 || idx >= len(hs) {
		return nil, nil
	}
	from := hs[idx]
	avoid := g.surveyorAvoid(c.Sym, idx)
	for _, d := range g.surveyorDestinations(c, from) {
		if !slices.Contains(avoid, d) {
			normal = append(normal, d)
		}
	}
	if len(normal) > 0 || !c.Receivership || g.silentReceivership(c) {
		return normal, nil
	}
	for _, id := range g.Board.HexIDs() {
		v, ok := g.Board.Hex(id)
		if !ok || v.Printed.Color != board.Sepia || id == from || slices.Contains(avoid, id) || !g.surveyorMayStand(c, id) {
			continue
		}
		special = append(special, id)
	}
	sort.Strings(special)
	return nil, special
}

// surveyorOthers counts the other companies' Surveyors on hex.
func (g *Game) surveyorOthers(corp, hex string) int {
	n := 0
	for sym, hs := range g.surveyors {
		if sym == corp || g.Corp(sym) == nil || g.Corp(sym).Closed {
			continue
		}
		for _, h := range hs {
			if h == hex {
				n++
			}
		}
	}
	return n
}

// surveyorDestinations lists where the Surveyor of c on hex from may move.
func (g *Game) surveyorDestinations(c *engine.Corporation, from string) []string {
	b := g.Board
	l := b.Layout()
	at := map[[2]int]string{}
	for _, id := range b.HexIDs() {
		if x, y, err := board.HexXY(l, id); err == nil {
			at[[2]int{x, y}] = id
		}
	}
	x0, y0, err := board.HexXY(l, from)
	if err != nil {
		return nil
	}
	var out []string
	for e := 0; e < 6; e++ {
		x, y := x0, y0
		for step := 0; step < 64; step++ {
			x, y = board.NeighborCoord(l, x, y, e)
			id, ok := at[[2]int{x, y}]
			if !ok || !g.surveyorMayStand(c, id) {
				continue
			}
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// surveyorMayStand: a hexag without a laid tile, not green or russet
// (6.6.3), and not reserved for another company (6.6.4).
func (g *Game) surveyorMayStand(c *engine.Corporation, hex string) bool {
	v, ok := g.Board.Hex(hex)
	if !ok || v.Tile != v.Printed {
		return false
	}
	switch v.Printed.Color {
	case board.White, board.Yellow, board.Sepia:
	default:
		return false
	}
	for sym, hs := range g.blocks {
		if sym != c.Sym && slices.Contains(hs, hex) {
			return false
		}
	}
	return true
}

// surveyorMustMove reports whether the Surveyor idx of c must move this
// turn: off a brown hexag always (6.6.5), and after sharing a hexag with
// another company's Surveyor (6.6.4).
func (g *Game) surveyorMustMove(c *engine.Corporation, idx int) bool {
	hex := g.surveyors[c.Sym][idx]
	v, ok := g.Board.Hex(hex)
	if !ok {
		return false
	}
	return v.Printed.Color != board.Sepia || g.surveyorOthers(c.Sym, hex) > 0 ||
		len(g.surveyorAvoid(c.Sym, idx)) > 0
}

// pendingSurveyors lists the indices of c's Surveyors that have not moved
// this turn.
func (g *Game) pendingSurveyors(c *engine.Corporation) []int {
	if !g.surveyorsActive() || g.op == nil {
		return nil
	}
	var out []int
	for i := range g.surveyors[c.Sym] {
		if !slices.Contains(g.op.surveyMoved, i) {
			out = append(out, i)
		}
	}
	return out
}

// canMoveSurveyor reports whether c may move a Surveyor now.
func (g *Game) canMoveSurveyor(c *engine.Corporation) bool {
	r := g.op
	if r == nil || r.step != stTrack || g.silentReceivership(c) {
		return false
	}
	for _, i := range g.pendingSurveyors(c) {
		if normal, special := g.surveyorTargets(c, i); len(normal)+len(special) > 0 {
			return true
		}
	}
	return false
}

// owesSurveyorMove reports a Surveyor of c that must move and can.
func (g *Game) owesSurveyorMove(c *engine.Corporation) (string, bool) {
	if g.op == nil || g.op.step != stTrack || g.silentReceivership(c) {
		return "", false
	}
	for _, i := range g.pendingSurveyors(c) {
		if normal, _ := g.surveyorTargets(c, i); g.surveyorMustMove(c, i) && len(normal) > 0 {
			return g.surveyors[c.Sym][i], true
		}
	}
	return "", false
}

// planSurveyor decides the Surveyor move a of the operating company
// (rules 6.6.2-6.6.7), changing nothing, and returns the move.
func planSurveyor(g *Game, c *engine.Corporation, a *engine.Action) (func(), error) {
	r := g.op
	if !g.surveyorsActive() {
		return nil, engine.Refuse(a, "Surveyors are not in use (rule 6.6)")
	}
	if r.step != stTrack || g.silentReceivership(c) {
		return nil, engine.Refuse(a, "%s cannot move a Surveyor now (rule 6.6)", c.Sym)
	}
	idx := -1
	for i, h := range g.surveyors[c.Sym] {
		if slices.Contains(r.surveyMoved, i) || (a.Description != "" && a.Description != h) {
			continue
		}
		idx = i
		break
	}
	if idx < 0 {
		return nil, engine.Refuse(a, "%s has no Surveyor left to move this turn (rule 6.6.5)", c.Sym)
	}
	from := g.surveyors[c.Sym][idx]
	normal, special := g.surveyorTargets(c, idx)
	how := ""
	switch {
	case slices.Contains(normal, a.Hex):
	case slices.Contains(special, a.Hex):
		how = " (the Receiver's special move, rule 6.6.7)"
	case slices.Contains(g.surveyorAvoid(c.Sym, idx), a.Hex):
		return nil, engine.Refuse(a, "Surveyors that shared a hexag must move to different hexags: another Surveyor that shared with %s's Surveyor stands on %s (rule 6.6.4)", c.Sym, a.Hex)
	default:
		return nil, engine.Refuse(a, "a Surveyor moves in a straight line to a hexag without a tile, not green or russet, nor reserved for another company (rules 6.6.2–6.6.4)%s", g.specialHint(c))
	}
	to := a.Hex
	return func() {
		g.surveyors[c.Sym][idx] = to
		delete(g.surveyorApart, surveyorKey(c.Sym, idx))
		g.surveyorArrives(c.Sym, idx, to)
		r.surveyMoved = append(r.surveyMoved, idx)
		r.surveyed = append(r.surveyed, from)
		g.Logf("%s moves a surveyor from %s to %s%s", c.Sym, from, to, how)
	}, nil
}

// surveyLay checks a new tile (not a promotion) laid by c while Surveyors
// are in use: only on a hexag a Surveyor of c has just left, and no other
// Surveyor stands there. It reports whether connectivity is waived.
func (g *Game) surveyLay(c *engine.Corporation, hex string) (bool, error) {
	if !g.surveyorsActive() || IsUpgrade(g.Board, hex) {
		return false, nil
	}
	if !slices.Contains(g.op.surveyed, hex) {
		return false, fmt.Errorf("with Surveyors a new tile is laid only on the hexag a Surveyor of %s has just left (rule 6.6)", c.Sym)
	}
	if g.surveyorOthers(c.Sym, hex) > 0 {
		return false, fmt.Errorf("no tile may be laid on a hexag another Surveyor occupies (rule 6.6)")
	}
	return true, nil
}

// surveyorChoices lists the Surveyor moves c may make.
func (g *Game) surveyorChoices(c *engine.Corporation) []engine.Choice {
	var out []engine.Choice
	if !g.canMoveSurveyor(c) {
		return nil
	}
	several := len(g.surveyors[c.Sym]) > 1
	for _, i := range g.pendingSurveyors(c) {
		h := g.surveyors[c.Sym][i]
		normal, special := g.surveyorTargets(c, i)
		for _, d := range append(normal, special...) {
			a := engine.CorpAction(c, "move_surveyor")
			a.Hex = d
			if several {
				a.Description = h
			}
			out = append(out, engine.Choice{Action: a})
		}
	}
	return out
}

// specialHint explains, for a company in receivership, when the special
// move to a brown hexag is allowed (rule 6.6.7).
func (g *Game) specialHint(c *engine.Corporation) string {
	if !c.Receivership || g.silentReceivership(c) {
		return ""
	}
	return "; the Receiver's special move to a brown hexag is allowed only when the Surveyor has no normal move (rule 6.6.7)"
}
