package server

import (
	"net/http"
	"slices"
	"unicode/utf8"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/program"
	"tresham/replay"
)

// maxProgramReason is the longest reason a player may give when cancelling
// a programmed move.
const maxProgramReason = 200

// checkProgram holds a programmed-move action (program_share_pass,
// program_buy_shares, program_disable) to its form before it is applied:
// a player entity of one of the sender's seats (403 otherwise), the
// fields its type needs, within limits (400), a program to cancel (422).
// It may be sent at any time, not only on the player's turn.
func checkProgram(g replay.Game, seats []int, a *g18xx.Action) error {
	if a.Type == engine.ProgramEnable {
		return errorf(http.StatusBadRequest, "program_enable: set a program with program_share_pass or program_buy_shares")
	}
	if a.EntityType != g18xx.EntityPlayer {
		return errorf(http.StatusBadRequest, "%s: entity_type must be %q (a program is a player's)", a.Type, g18xx.EntityPlayer)
	}
	pid, ok := a.Entity.PlayerID()
	if !ok {
		return errorf(http.StatusBadRequest, "%s: entity must be a player id", a.Type)
	}
	if !slices.Contains(seats, pid) {
		return errorf(http.StatusForbidden, "%s: you do not play for player %d", a.Type, pid)
	}
	if len(a.AutoActions) > 0 {
		return errorf(http.StatusBadRequest, "%s: auto_actions are made by the server, not sent", a.Type)
	}
	eg := replay.Engine(g)
	if eg == nil {
		return errorf(http.StatusUnprocessableEntity, "%s: this game has no programmed moves", a.Type)
	}
	switch a.Type {
	case g18xx.TypeProgramSharePass:
		if a.Corporation != "" || a.UntilCondition != nil || a.FromMarket || a.AutoPassAfter {
			return errorf(http.StatusBadRequest, "program_share_pass: only unconditional and indefinite may be set")
		}
	case g18xx.TypeProgramBuyShares:
		if a.Corporation == "" {
			return errorf(http.StatusBadRequest, "program_buy_shares: corporation is missing")
		}
		c := eg.Corp(a.Corporation)
		if c == nil {
			return errorf(http.StatusBadRequest, "program_buy_shares: corporation %q is not in this game", truncate(a.Corporation, 20))
		}
		if a.UntilCondition == nil {
			return errorf(http.StatusBadRequest, "program_buy_shares: until_condition is missing (\"float\" or a number of shares)")
		}
		if a.Unconditional || a.Indefinite {
			return errorf(http.StatusBadRequest, "program_buy_shares: unconditional and indefinite belong to program_share_pass")
		}
		if a.UntilCondition.IsString() {
			if a.UntilCondition.String() != "float" {
				return errorf(http.StatusBadRequest, "program_buy_shares: until_condition %q is neither \"float\" nor a number of shares", truncate(a.UntilCondition.String(), 20))
			}
		} else if n, _ := a.UntilCondition.Int(); n < 1 || n > int64(len(c.Shares)) {
			return errorf(http.StatusBadRequest, "program_buy_shares: until_condition %d is not a number of shares of %s (1 to %d)", n, c.Sym, len(c.Shares))
		}
		if !c.IPOed {
			// 18xx.games offers a buy program only for a started
			// corporation (its engine, given one for another, would buy
			// a share of a corporation nobody started)
			return errorf(http.StatusUnprocessableEntity, "program_buy_shares: %s is not started: its shares cannot be bought yet", c.Sym)
		}
	case g18xx.TypeProgramDisable:
		if n := utf8.RuneCountInString(a.Reason); n > maxProgramReason || !utf8.ValidString(a.Reason) {
			return errorf(http.StatusBadRequest, "program_disable: reason has %d characters; the limit is %d", n, maxProgramReason)
		}
		if a.OriginalType != "" && a.OriginalType != g18xx.TypeProgramSharePass && a.OriginalType != g18xx.TypeProgramBuyShares {
			return errorf(http.StatusBadRequest, "program_disable: original_type %q is not a program", truncate(a.OriginalType, 30))
		}
		if eg.Programs[pid] == nil {
			return errorf(http.StatusUnprocessableEntity, "program_disable: player %d has no programmed move to cancel", pid)
		}
	}
	return nil
}

// programmedAuto is a.AutoActions with the moves programs made after it
// appended (auto holds the applied follow-ups: those a carried first, then
// the programmed ones), each stamped with a's time as 18xx.games stamps
// its auto actions.
func programmedAuto(a *g18xx.Action, auto []engine.Action) []g18xx.Action {
	out := a.AutoActions
	for _, x := range auto[min(len(a.AutoActions), len(auto)):] {
		ax := replay.Export(x)
		ax.CreatedAt = a.CreatedAt
		out = append(out, ax)
	}
	return out
}

// programsOf is the programs of the given seats (the viewer's own: a
// program is shown to its player only).
func programsOf(g replay.Game, seats []int) []program.View {
	eg := replay.Engine(g)
	if eg == nil {
		return nil
	}
	return program.Views(eg, seats)
}
