package step

import (
	"strconv"
	"strings"

	"tresham/board"
	"tresham/engine"
)

// The log lines of an operating turn that both titles write alike: a
// run train by train, a dividend per share and per holder, a price move,
// and the trains a new phase rusts. Each line is worded in one function
// here, so that its wording (and its translation) lives in one place.

// LogTrainRun writes the line of one train of c's run: its revenue, any
// halt subsidy, and the places it calls at in route order (visits): each
// hex's place name with its coordinate ("Newport (G5)"), or the coordinate
// alone; a hex visited at several nodes in a row (two cities of one tile,
// a city and its halt) is named once with their number ("Cowes (F2) ×2").
// The line is built in one buffer: it is written for every run replayed.
func LogTrainRun(g *engine.Game, b *board.Board, c *engine.Corporation, train string, revenue, subsidy int, visits []board.NodeRef) {
	id := "%s runs a %s train for £%d"
	switch {
	case subsidy > 0 && len(visits) > 0:
		id = "%s runs a %s train for £%d and £%d subsidy: %s"
	case subsidy > 0:
		id = "%s runs a %s train for £%d and £%d subsidy"
	case len(visits) > 0:
		id = "%s runs a %s train for £%d: %s"
	}
	l := engine.NewLogBuilder(id)
	l.Str(c.Sym)
	l.Text(" runs a ")
	l.Str(train)
	l.Text(" train for £")
	l.Int(revenue)
	if subsidy > 0 {
		l.Text(" and £")
		l.Int(subsidy)
		l.Text(" subsidy")
	}
	if len(visits) > 0 {
		l.Text(": ")
		at := l.Open()
		writeStops(&l, b, visits)
		l.Close(at)
	}
	g.AddLog(&l)
}

// writeStops writes the places of visits as LogTrainRun names them,
// separated by " – ".
func writeStops(l *engine.LogBuilder, b *board.Board, visits []board.NodeRef) {
	for i := 0; i < len(visits); {
		hex := visits[i].Hex
		n := 1
		for i+n < len(visits) && visits[i+n].Hex == hex {
			n++
		}
		if i > 0 {
			l.Text(" – ")
		}
		i += n
		loc := ""
		if b != nil {
			loc = b.Location(hex)
		}
		if loc != "" {
			l.Text(loc)
			l.Text(" (")
			l.Text(hex)
			l.Text(")")
		} else {
			l.Text(hex)
		}
		if n > 1 {
			l.Text(" ×")
			l.Digits(n)
		}
	}
}

// LogPayout writes what the payout p of c pays: the total, what one share
// receives, and what each player holding shares receives (most first), as
// PayShareholders pays them.
func LogPayout(g *engine.Game, c *engine.Corporation, p Payout) {
	if p.Paid <= 0 || p.Unit <= 0 {
		return
	}
	// the holders by amount, most first (seating order among equals)
	var store [8]int
	amts := store[:0]
	var pstore [8]*engine.Player
	who := pstore[:0]
	for _, pl := range g.Players {
		amt := ShareholderPay(c, pl, p.Paid, p.Unit)
		if amt <= 0 {
			continue
		}
		i := len(amts)
		amts, who = append(amts, amt), append(who, pl)
		for ; i > 0 && amts[i-1] < amt; i-- {
			amts[i], who[i] = amts[i-1], who[i-1]
		}
		amts[i], who[i] = amt, pl
	}
	id := "%s pays out %s: %s per %d%% share"
	if len(who) > 0 {
		// the holders are one argument, itself the message "%s receives
		// %s" or "%s receives %s, %v" (docs/i18n.md)
		id = "%s pays out %s: %s per %d%% share; %v"
	}
	l := engine.NewLogBuilder(id)
	l.Str(c.Sym)
	l.Text(" pays out ")
	money(&l, p.Paid)
	l.Text(": ")
	at := l.Open()
	writePerShare(&l, p.Paid, p.Unit)
	l.Close(at)
	l.Text(" per ")
	l.Int(p.Unit)
	l.Text("% share")
	if len(who) > 0 {
		l.Text("; ")
		at = l.Open()
		for i, pl := range who {
			if i > 0 {
				l.Text(", ")
			}
			l.Text(pl.Name)
			l.Text(" receives £")
			l.Digits(amts[i])
		}
		l.Close(at)
	}
	g.AddLog(&l)
}

// LogWithhold writes that c keeps the revenue of the payout p (nothing
// when it pays or has no revenue).
func LogWithhold(g *engine.Game, c *engine.Corporation, p Payout) {
	if p.Paid == 0 && p.Revenue > 0 {
		l := engine.NewLogBuilder("%s withholds %s")
		l.Str(c.Sym)
		l.Text(" withholds ")
		money(&l, p.Revenue)
		g.AddLog(&l)
	}
}

// LogNoRun writes that c ran no train this turn.
func LogNoRun(g *engine.Game, c *engine.Corporation) {
	l := engine.NewLogBuilder("%s does not run")
	l.Str(c.Sym)
	l.Text(" does not run")
	g.AddLog(&l)
}

// LogPriceMove writes c's share price move from old to its cell now
// (nothing when it did not move).
func LogPriceMove(g *engine.Game, c *engine.Corporation, old *engine.Cell) {
	if old == nil || c.Cell == nil || old == c.Cell {
		return
	}
	l := engine.NewLogBuilder("%s's share price moves from %s to %s")
	l.Str(c.Sym)
	l.Text("'s share price moves from ")
	money(&l, old.Price)
	l.Text(" to ")
	money(&l, c.Cell.Price)
	g.AddLog(&l)
}

// money writes an amount as one %s argument ("£120").
func money(l *engine.LogBuilder, n int) {
	at := l.Open()
	l.Text("£")
	l.Digits(n)
	l.Close(at)
}

// logRust writes which trains rusted when the first train named name was
// bought: by owner, then those of the bank pool (nothing when none did).
func logRust(g *engine.Game, name string, byOwner []string, pool int) {
	if len(byOwner) == 0 && pool == 0 {
		return
	}
	var types []string
	for _, t := range g.Depot.Types {
		if t.RustsOn == name {
			types = append(types, t.Name)
		}
	}
	parts := append([]string(nil), byOwner...)
	if pool > 0 {
		parts = append(parts, strconv.Itoa(pool)+" from the bank pool")
	}
	g.Logf("-- Event: %s trains rust (%s) --", strings.Join(types, ", "), strings.Join(parts, ", "))
}

// writePerShare writes what one share of unit percent receives of paid,
// as money (to the penny when it is not a whole number of pounds).
func writePerShare(l *engine.LogBuilder, paid, unit int) {
	shares := 100 / unit
	l.Text("£")
	if paid%shares == 0 {
		l.Digits(paid / shares)
		return
	}
	var d [32]byte
	l.Text(string(strconv.AppendFloat(d[:0], float64(paid)/float64(shares), 'f', 2, 64)))
}
