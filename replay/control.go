package replay

import (
	"slices"
	"strconv"
	"strings"

	"tresham/engine"
	"tresham/titles/t1825"
	"tresham/titles/t1860"
)

// Engine returns the title-independent state of a title game (nil for a
// game of an unknown type).
func Engine(g Game) *engine.Game {
	switch tg := g.(type) {
	case *t1860.Game:
		return tg.Game
	case *t1825.Game:
		return tg.Game
	}
	return nil
}

// Controller returns the id of the player who decides for entity now: a
// player itself; a corporation's president (for one without a president,
// such as an 1825 company in receivership, the first player in order who
// directs no company, else the first player: 1825 rule 6.4); a private
// company's owner, or its owning corporation's controller. 0 when unknown.
func Controller(g Game, entity string) int {
	eg := Engine(g)
	if eg == nil {
		return 0
	}
	if id, err := strconv.Atoi(entity); err == nil && eg.Player(id) != nil {
		return id
	}
	if c := eg.Corp(entity); c != nil {
		if c.President != 0 {
			return c.President
		}
		for _, p := range eg.Players {
			director := slices.ContainsFunc(eg.Corps, func(o *engine.Corporation) bool { return !o.Closed && o.President == p.ID })
			if !director {
				return p.ID
			}
		}
		if len(eg.Players) > 0 {
			return eg.Players[0].ID
		}
		return 0
	}
	if co := eg.Company(entity); co != nil {
		if sym, ok := strings.CutPrefix(co.Owner, "corp:"); ok {
			return Controller(g, sym)
		}
		if id, err := strconv.Atoi(co.Owner); err == nil {
			return id
		}
	}
	return 0
}
