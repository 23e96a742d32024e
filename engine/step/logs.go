package step

import (
	"sort"
	"strconv"
	"strings"

	"tresham/board"
	"tresham/engine"
)

// The log lines of an operating turn that both titles write alike: a
// run train by train, a dividend per share and per holder, a price move,
// and the trains a new phase rusts. Each line is worded in one function
// here, so that its wording (and its translation) lives in one place.

// TrainRun is one train's part of a run as the log tells it.
type TrainRun struct {
	Train   string // the train's name, "2+1"
	Revenue int
	Subsidy int      // 1860's halt subsidy, paid to the treasury
	Stops   []string // the places the train calls at, in route order
}

// StopNames names the nodes a route visits, in order: each hex's place
// name with its coordinate ("Newport (G5)"), or the coordinate alone; a
// hex visited at several nodes in a row (two cities of one tile, a city
// and its halt) is named once with their number ("Cowes (F2) ×2").
func StopNames(b *board.Board, visits []board.NodeRef) []string {
	out := make([]string, 0, len(visits))
	for i := 0; i < len(visits); {
		hex := visits[i].Hex
		n := 1
		for i+n < len(visits) && visits[i+n].Hex == hex {
			n++
		}
		i += n
		name := hex
		if b != nil {
			if loc := b.Location(hex); loc != "" {
				name = loc + " (" + hex + ")"
			}
		}
		if n > 1 {
			name += " ×" + strconv.Itoa(n)
		}
		out = append(out, name)
	}
	return out
}

// LogRun writes one line for each train of c's run: its revenue, any
// halt subsidy, and its stops.
func LogRun(g *engine.Game, c *engine.Corporation, runs []TrainRun) {
	for _, r := range runs {
		line := c.Sym + " runs a " + r.Train + " train for " + pounds(r.Revenue)
		if r.Subsidy > 0 {
			line += " and " + pounds(r.Subsidy) + " subsidy"
		}
		if len(r.Stops) > 0 {
			line += ": " + strings.Join(r.Stops, " – ")
		}
		g.Log = append(g.Log, line)
	}
}

// LogPayout writes what the payout p of c pays: the total, what one share
// receives, and what each player holding shares receives (most first),
// as PayShareholders pays them.
func LogPayout(g *engine.Game, c *engine.Corporation, p Payout) {
	if p.Paid <= 0 || p.Unit <= 0 {
		return
	}
	line := c.Sym + " pays out " + pounds(p.Paid) + ": " + perShare(p.Paid, p.Unit) + " per " + strconv.Itoa(p.Unit) + "% share"
	type got struct {
		name string
		amt  int
	}
	var holders []got
	for _, pl := range g.Players {
		if amt := ShareholderPay(c, pl, p.Paid, p.Unit); amt > 0 {
			holders = append(holders, got{pl.Name, amt})
		}
	}
	sort.SliceStable(holders, func(i, j int) bool { return holders[i].amt > holders[j].amt })
	if len(holders) > 0 {
		parts := make([]string, len(holders))
		for i, h := range holders {
			parts[i] = h.name + " receives " + pounds(h.amt)
		}
		line += "; " + strings.Join(parts, ", ")
	}
	g.Log = append(g.Log, line)
}

// LogWithhold writes that c keeps the revenue of the payout p (nothing
// when it pays or has no revenue).
func LogWithhold(g *engine.Game, c *engine.Corporation, p Payout) {
	if p.Paid == 0 && p.Revenue > 0 {
		g.Log = append(g.Log, c.Sym+" withholds "+pounds(p.Revenue))
	}
}

// LogNoRun writes that c ran no train this turn.
func LogNoRun(g *engine.Game, c *engine.Corporation) {
	g.Log = append(g.Log, c.Sym+" does not run")
}

// LogPriceMove writes c's share price move from old to its cell now
// (nothing when it did not move).
func LogPriceMove(g *engine.Game, c *engine.Corporation, old *engine.Cell) {
	if old == nil || c.Cell == nil || old == c.Cell {
		return
	}
	g.Log = append(g.Log, c.Sym+"'s share price moves from "+pounds(old.Price)+" to "+pounds(c.Cell.Price))
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
	g.Log = append(g.Log, "-- Event: "+strings.Join(types, ", ")+" trains rust ("+strings.Join(parts, ", ")+") --")
}

// pounds is an amount of money as the log writes it.
func pounds(n int) string { return "£" + strconv.Itoa(n) }

// perShare is what one share of unit percent receives of paid, as money
// (to the penny when it is not a whole number of pounds).
func perShare(paid, unit int) string {
	shares := 100 / unit
	if paid%shares == 0 {
		return pounds(paid / shares)
	}
	return "£" + strconv.FormatFloat(float64(paid)/float64(shares), 'f', 2, 64)
}
