// Package program makes the programmed moves of live play: after every
// committed move, the standing program of the player then to act in a
// stock round (engine.Game.Programs: "pass in this stock round", "buy
// shares of X until it floats") either makes that player's move or stops,
// with a program_disable naming why. The conditions are 18xx.games's
// (when a program acts, which certificate it buys, what stops it), so
// that the moves stored as the auto_actions of the move that triggered
// them are those 18xx.games records. Moves are picked from what Legal
// lists: a program never makes a move the rules refuse.
package program

import (
	"fmt"
	"strconv"

	"tresham/engine"
	"tresham/engine/step"
)

// Game is a title game whose programs can act: its Legal listing, its
// shared state and, from the title, the stock round's turn state and
// sale timing.
type Game interface {
	Legal(entity string) []engine.Choice
	Engine() *engine.Game
	// ProgramTurns is the stock round's turn state while a player's
	// stock turn is what the game waits for, nil otherwise.
	ProgramTurns() *step.StockTurns
	// SaleTimingOpen reports whether the title's timing lets a player
	// sell shares now (18xx.games' check_sale_timing).
	SaleTimingOpen() bool
}

// Moves returns the moves the program of the player now to act makes (a
// pass, a purchase, a program_disable, a program_share_pass that follows
// a buy program), or nil when it makes none. Apply them in order and ask
// again, until it returns nil.
func Moves(g Game) []engine.Action {
	eg := g.Engine()
	if len(eg.Programs) == 0 {
		return nil
	}
	t := g.ProgramTurns()
	if t == nil || len(t.Players) == 0 {
		return nil
	}
	pid := t.Active()
	prog := eg.Programs[pid]
	if prog == nil {
		return nil
	}
	entity := strconv.Itoa(pid)
	legal := g.Legal(entity)
	has := func(typ string) bool {
		for i := range legal {
			if legal[i].Action.Type == typ {
				return true
			}
		}
		return false
	}
	switch prog.Type {
	case engine.ProgramSharePass:
		if !has("pass") {
			return nil
		}
		if !prog.Unconditional {
			if why := stopReason(g, t, pid, prog, nil, nil); why != "" {
				return []engine.Action{Disable(entity, why)}
			}
		}
		return []engine.Action{playerAction(entity, "pass")}
	case engine.ProgramBuyShares:
		return buy(g, t, pid, prog, legal, has)
	}
	return nil
}

// Disable is the program_disable that stops player entity's program for
// reason.
func Disable(entity, reason string) engine.Action {
	a := playerAction(entity, engine.ProgramDisable)
	a.Program = &engine.ProgramSpec{Reason: reason}
	return a
}

func playerAction(entity, typ string) engine.Action {
	return engine.Action{Type: typ, Entity: entity, EntityType: "player"}
}

// buy is a buy program's move: stop when its end is reached (then pass,
// when asked to, through a pass program), buy the next certificate from
// the program's source while a purchase is listed, pass after buying.
func buy(g Game, t *step.StockTurns, pid int, prog *engine.Program, legal []engine.Choice, has func(string) bool) []engine.Action {
	eg := g.Engine()
	entity := strconv.Itoa(pid)
	c := eg.Corp(prog.Corporation)
	if c == nil {
		return []engine.Action{Disable(entity, "unknown corporation "+prog.Corporation)}
	}
	done := ""
	if n, ok := prog.UntilShares(); ok {
		if c.PercentOf(engine.Holder(pid)) >= n*shareUnit(c) {
			done = fmt.Sprintf("%d share(s) bought in %s, end condition met", n, c.Sym)
		}
	} else if c.Floated {
		done = c.Sym + " is floated"
	}
	if done != "" {
		out := []engine.Action{Disable(entity, done)}
		if prog.AutoPassAfter {
			pass := playerAction(entity, engine.ProgramSharePass)
			pass.Program = &engine.ProgramSpec{}
			out = append(out, pass)
		}
		return out
	}
	if has("buy_shares") {
		holder, source := engine.HolderIPO, "the initial offering"
		if prog.FromMarket {
			holder, source = engine.HolderMarket, "the market"
		}
		var first *engine.Action
		var firstShare *engine.Share
		sizes := map[int]bool{}
		for i := range legal {
			a := &legal[i].Action
			if a.Type != "buy_shares" || len(a.Shares) != 1 {
				continue
			}
			sc, sh, err := eg.ShareByID(a.Shares[0])
			if err != nil || sc != c || sh.Holder != holder {
				continue
			}
			sizes[sh.Percent] = true
			if first == nil {
				first, firstShare = a, sh
			}
		}
		switch {
		case first == nil:
			return []engine.Action{Disable(entity, fmt.Sprintf("cannot buy %s from %s", c.Sym, source))}
		case len(sizes) > 1:
			return []engine.Action{Disable(entity, fmt.Sprintf("certificates of different sizes: cannot buy %s from %s automatically", c.Sym, source))}
		}
		if why := stopReason(g, t, pid, prog, c, firstShare); why != "" {
			return []engine.Action{Disable(entity, why)}
		}
		a := *first
		a.Shares = append([]string(nil), first.Shares...)
		return []engine.Action{a}
	}
	if t.Bought() && has("pass") {
		if _, ok := prog.UntilShares(); !ok && c.Floated {
			return nil // just floated: the player may want to sell at once
		}
		return []engine.Action{playerAction(entity, "pass")}
	}
	return nil
}

// shareUnit is c's ordinary share (the smallest certificate but the
// director's), by which a holding counts in shares.
func shareUnit(c *engine.Corporation) int {
	unit := 0
	for _, s := range c.Shares {
		if !s.President && (unit == 0 || s.Percent < unit) {
			unit = s.Percent
		}
	}
	if unit == 0 && len(c.Shares) > 0 {
		unit = c.Shares[0].Percent
	}
	if unit == 0 {
		unit = 10
	}
	return unit
}

// stopReason is why player pid's program must stop before acting, or "":
// a move another player made since the program was set, and since that
// player's own turn last began, that may threaten pid. buying is the
// corporation a buy program is about to buy (share the certificate), nil
// for a pass.
func stopReason(g Game, t *step.StockTurns, pid int, prog *engine.Program, buying *engine.Corporation, share *engine.Share) string {
	eg := g.Engine()
	for _, other := range t.Players {
		if other == pid {
			continue
		}
		for _, m := range t.History[other] {
			if m.ID < prog.Since {
				continue // made before the program was set
			}
			if why := threat(g, eg, pid, other, m, buying, share); why != "" {
				return why
			}
		}
	}
	return ""
}

// secure is the holding at which a director cannot lose the corporation.
const secure = 50

// threat says how move m by player other threatens player pid, or "".
func threat(g Game, eg *engine.Game, pid, other int, m step.Tracked, buying *engine.Corporation, share *engine.Share) string {
	name := func(id int) string {
		if p := eg.Player(id); p != nil {
			return p.Name
		}
		return strconv.Itoa(id)
	}
	switch m.Type {
	case "par":
		// a pass stops at any start; a purchase only when pid could
		// sell to take advantage of the new price
		if buying == nil || g.SaleTimingOpen() {
			return "corporation " + m.Sym + " was started"
		}
		return ""
	case "buy_shares":
		c := eg.Corp(m.Sym)
		if c == nil || c.President != pid {
			return ""
		}
		mine := c.PercentOf(engine.Holder(pid))
		if mine >= secure {
			return ""
		}
		if c != buying {
			return fmt.Sprintf("%s bought shares of %s, whose director is not secure", name(other), c.Sym)
		}
		after := mine + share.Percent
		if after > secure {
			return ""
		}
		var bigger *engine.Share
		for _, s := range c.Shares {
			if s.Percent > share.Percent && s.Holder != engine.Holder(pid) && (bigger == nil || s.Percent > bigger.Percent) {
				bigger = s
			}
		}
		if bigger != nil && after < c.PercentOf(engine.Holder(other))+bigger.Percent {
			return fmt.Sprintf("%s bought shares of %s and certificates exist that could make them director", name(other), c.Sym)
		}
		return ""
	case "sell_shares":
		return "shares were sold"
	}
	return fmt.Sprintf("%s made a move (%s) a program does not judge: stopped for safety", name(other), m.Type)
}

// View is what a page shows of a player's programmed move: the one set
// (nil when none) and why the last one stopped.
type View struct {
	Player  int                 `json:"player"`
	Active  *ActiveView         `json:"active,omitempty"`
	Stopped *engine.ProgramStop `json:"stopped,omitempty"`
}

// ActiveView is a program set, with a sentence saying what it does.
type ActiveView struct {
	Type          string `json:"type"`
	Text          string `json:"text"`
	Corporation   string `json:"corporation,omitempty"`
	Until         string `json:"until_condition,omitempty"`
	FromMarket    bool   `json:"from_market,omitempty"`
	AutoPassAfter bool   `json:"auto_pass_after,omitempty"`
	Unconditional bool   `json:"unconditional,omitempty"`
	Indefinite    bool   `json:"indefinite,omitempty"`
}

// Views are the programs of the given players (a page shows a player
// only their own).
func Views(eg *engine.Game, players []int) []View {
	out := make([]View, 0, len(players))
	for _, pid := range players {
		v := View{Player: pid}
		if p := eg.Programs[pid]; p != nil {
			v.Active = &ActiveView{Type: p.Type, Text: p.String(), Corporation: p.Corporation, Until: p.Until,
				FromMarket: p.FromMarket, AutoPassAfter: p.AutoPassAfter, Unconditional: p.Unconditional, Indefinite: p.Indefinite}
		}
		if st, ok := eg.ProgramStops[pid]; ok {
			v.Stopped = &st
		}
		out = append(out, v)
	}
	return out
}
