package engine

import (
	"fmt"
	"strconv"
)

// The programmed-move action types (18xx.games: a player's standing order,
// set at any time, which the server carries out on the player's turns).
const (
	ProgramSharePass = "program_share_pass"
	ProgramBuyShares = "program_buy_shares"
	ProgramDisable   = "program_disable"
	ProgramEnable    = "program_enable"
)

// IsProgramType reports whether typ sets or cancels a programmed move.
func IsProgramType(typ string) bool {
	switch typ {
	case ProgramSharePass, ProgramBuyShares, ProgramDisable, ProgramEnable:
		return true
	}
	return false
}

// ProgramSpec is what a programmed-move action says beyond its type and
// entity (the corporation of program_buy_shares is Action.Corporation).
type ProgramSpec struct {
	// Until is program_buy_shares' end: "float", or a number of shares
	// held, in decimal.
	Until         string
	FromMarket    bool
	AutoPassAfter bool
	// Unconditional and Indefinite qualify program_share_pass: pass even
	// when another player's move threatens the player; keep the program
	// beyond this stock round.
	Unconditional bool
	Indefinite    bool
	// Reason and OriginalType are program_disable's.
	Reason       string
	OriginalType string
}

// Program is a player's standing programmed move.
type Program struct {
	Type        string
	Corporation string
	ProgramSpec
	// Since is the id of the action that set it (for an automatic one,
	// of the action it followed): the moves of other players that may
	// stop it are those made from then on.
	Since int
}

// UntilShares is the number of shares a buy program ends at, and false
// for one that ends when the corporation floats.
func (p *Program) UntilShares() (int, bool) {
	n, err := strconv.Atoi(p.Until)
	return n, err == nil
}

// String says what the program does, in a sentence for its player.
func (p *Program) String() string {
	switch p.Type {
	case ProgramSharePass:
		s := "Pass in the stock round"
		if p.Unconditional {
			s += ", whatever others do"
		}
		if p.Indefinite {
			s += ", in every stock round until cancelled"
		}
		return s
	case ProgramBuyShares:
		from := "the initial offering"
		if p.FromMarket {
			from = "the market"
		}
		until := p.Corporation + " floats"
		if n, ok := p.UntilShares(); ok {
			until = fmt.Sprintf("you hold %d shares", n)
		}
		s := fmt.Sprintf("Buy %s from %s until %s", p.Corporation, from, until)
		if p.AutoPassAfter {
			s += ", then pass"
		}
		return s
	}
	return p.Type
}

// ProgramStop is why a player's program stopped, for the player to read.
type ProgramStop struct {
	Program string `json:"program"` // what it did (Program.String)
	Reason  string `json:"reason"`
}

// setProgram applies a programmed-move action: one that sets a program
// replaces the player's (18xx.games keeps one a player in these titles),
// program_disable cancels it. Other entities' programs are ignored, as
// 18xx.games accepts them from players only.
func (g *Game) setProgram(a *Action) {
	id, err := strconv.Atoi(a.Entity)
	if err != nil || (a.EntityType != "" && a.EntityType != "player") {
		return
	}
	switch a.Type {
	case ProgramSharePass, ProgramBuyShares:
		p := &Program{Type: a.Type, Corporation: a.Corporation, Since: g.ActionID}
		if a.Program != nil {
			p.ProgramSpec = *a.Program
		}
		if g.Programs == nil {
			g.Programs = map[int]*Program{}
		}
		g.Programs[id] = p
		delete(g.ProgramStops, id)
	case ProgramDisable:
		p := g.Programs[id]
		if p == nil {
			return
		}
		delete(g.Programs, id)
		reason := "unknown reason"
		if a.Program != nil && a.Program.Reason != "" {
			reason = a.Program.Reason
		}
		if g.ProgramStops == nil {
			g.ProgramStops = map[int]ProgramStop{}
		}
		g.ProgramStops[id] = ProgramStop{Program: p.String(), Reason: reason}
	}
}

// ProgramsAtRoundStart drops, as a round of the given kind opens, the
// programs that end with their stock round: all but an indefinite pass
// when the new round is not a stock round (18xx.games checks this at
// every change of round, operating rounds of a set included).
func (g *Game) ProgramsAtRoundStart(stock bool) {
	if stock {
		return
	}
	for id, p := range g.Programs {
		if p.Type == ProgramSharePass && p.Indefinite {
			continue
		}
		delete(g.Programs, id)
		if g.ProgramStops == nil {
			g.ProgramStops = map[int]ProgramStop{}
		}
		g.ProgramStops[id] = ProgramStop{Program: p.String(), Reason: "the stock round ended"}
	}
}

// ClearPrograms drops every program (1860: a stock round restarted after
// a bankruptcy).
func (g *Game) ClearPrograms() {
	for id, p := range g.Programs {
		if g.ProgramStops == nil {
			g.ProgramStops = map[int]ProgramStop{}
		}
		g.ProgramStops[id] = ProgramStop{Program: p.String(), Reason: "the stock round restarted"}
	}
	clear(g.Programs)
}
