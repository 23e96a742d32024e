package bot

import (
	"slices"

	"tresham/engine"
)

// Consenter is a player that can be asked to agree to a deal another
// player proposes: a company it directs (seller) selling a train, as
// described by the buy_train action a, which has not been applied to g.
//
// A train bought from another railway company changes hands "at a price
// agreed by both company directors" (1860) or "at a mutually agreed price
// of at least £10" (1825 rule 4.6.5). The titles accept any such purchase
// (18xx.games leaves the agreement to the players, and imported games
// depend on it), so the agreement belongs to whoever drives the game.
// Play does it all for a table of bots. Another driver, before applying a
// move a chosen for an entity:
//
//	if seller, dir, ok := bot.NeedsConsent(g, a); ok {
//		// dir directs seller (0: nobody, refuse); ask dir's seat: a bot's
//		// Agree (every bot of New is a Consenter), a human's answer
//		agreed := dir != 0 && seatOf(dir).(bot.Consenter).Agree(g, seller, a)
//		if !agreed {
//			// ask the buyer again without that purchase:
//			// p.Choose(bot.Hide(g, a), entity)
//		}
//	}
//
// Agreed wraps the first two steps when every seat is a Player. A human
// buying from a bot's company is asked of the bot the same way; a bot
// buying from a human's company needs the human's answer (or counts as
// refused).
type Consenter interface {
	Agree(g Game, seller string, a engine.Action) bool
}

// Engine returns the shared engine state behind a title game (seeing
// through the views of this package), or nil for an unknown game.
func Engine(g Game) *engine.Game {
	if x, ok := unwrap(g).(interface{ Engine() *engine.Game }); ok {
		return x.Engine()
	}
	return nil
}

// unwrapper is a view of a game that hides some of it (see view).
type unwrapper interface{ Unwrap() Game }

// unwrap returns the title game behind any views.
func unwrap(g Game) Game {
	for {
		u, ok := g.(unwrapper)
		if !ok {
			return g
		}
		g = u.Unwrap()
	}
}

// Controller returns the player who decides for entity (see
// engine.Game.Controller, the rule the server's bot seats follow too), or 0
// for an unknown entity or game.
func Controller(g Game, entity string) int {
	if eg := Engine(g); eg != nil {
		return eg.Controller(entity)
	}
	return 0
}

// trainOwner returns the corporation holding train id, or nil (the bank).
func trainOwner(eg *engine.Game, id string) (*engine.Corporation, *engine.Train) {
	for _, c := range eg.Corps {
		for _, t := range c.Trains {
			if t.ID == id {
				return c, t
			}
		}
	}
	return nil, nil
}

// NeedsConsent reports whether action a, about to be applied to g, buys a
// train from a corporation (seller) that another player directs, and who
// must agree: the seller's director, or 0 when the seller has no director
// (in receivership), in which case nobody can agree and the purchase is
// to be refused. Purchases between companies of one director, and from
// the bank, need no consent.
func NeedsConsent(g Game, a engine.Action) (seller string, director int, ok bool) {
	if a.Type != "buy_train" || a.Train == "" {
		return "", 0, false
	}
	eg := Engine(g)
	if eg == nil {
		return "", 0, false
	}
	from, _ := trainOwner(eg, a.Train)
	if from == nil || from.Sym == a.Entity {
		return "", 0, false
	}
	buyer := eg.Corp(a.Entity)
	if buyer != nil && from.President != 0 && buyer.President == from.President {
		return "", 0, false
	}
	return from.Sym, from.President, true
}

// Agreed reports whether a may be applied to g as far as consent goes:
// it needs none, or the seller's director is seated (seat returns its
// Player) with a Consenter that agrees. A director whose player is not a
// Consenter, or a seller without director, refuses.
func Agreed(g Game, a engine.Action, seat func(player int) Player) bool {
	seller, dir, ok := NeedsConsent(g, a)
	if !ok {
		return true
	}
	if dir == 0 || seat == nil {
		return false
	}
	c, ok := seat(dir).(Consenter)
	return ok && c.Agree(g, seller, a)
}

// Hide returns a view of g whose Legal leaves out the choices matching any
// of the actions in hidden: the same move whatever its price (so a refused
// train purchase is not offered again at another price) or routes. Bots
// asked to choose on the view cannot pick a hidden move; everything else
// reads through to g.
func Hide(g Game, hidden ...engine.Action) Game {
	if len(hidden) == 0 {
		return g
	}
	return &view{Game: g, hidden: hidden}
}

// view is a game seen by one bot: some moves hidden, and optionally only
// the acting entities its player controls.
type view struct {
	Game
	hidden []engine.Action
	acting []string // nil: g's
}

// Unwrap returns the game behind the view.
func (v *view) Unwrap() Game { return v.Game }

// Acting lists the acting entities the view shows.
func (v *view) Acting() []string {
	if v.acting != nil {
		return v.acting
	}
	return v.Game.Acting()
}

// Legal lists entity's choices without the hidden ones.
func (v *view) Legal(entity string) []engine.Choice {
	out := v.Game.Legal(entity)
	if len(v.hidden) == 0 {
		return out
	}
	kept := make([]engine.Choice, 0, len(out))
	for _, ch := range out {
		if !slices.ContainsFunc(v.hidden, func(h engine.Action) bool { return sameMove(h, ch.Action) }) {
			kept = append(kept, ch)
		}
	}
	return kept
}

// sameMove reports whether a and b are the same move up to price, routes
// and id.
func sameMove(a, b engine.Action) bool {
	return a.Type == b.Type && a.Entity == b.Entity && a.Train == b.Train && a.Company == b.Company &&
		a.Corporation == b.Corporation && a.SharePrice == b.SharePrice && slices.Equal(a.Shares, b.Shares) &&
		a.Percent == b.Percent && a.Hex == b.Hex && a.Tile == b.Tile && a.Rotation == b.Rotation &&
		a.City == b.City && a.Slot == b.Slot && a.Variant == b.Variant && a.Kind == b.Kind
}

// Both bots answer offers for their trains and pick among their entities.
var (
	_ Consenter = (*Random)(nil)
	_ Consenter = (*Heuristic)(nil)
	_ Mover     = (*Random)(nil)
	_ Mover     = (*Heuristic)(nil)
)
