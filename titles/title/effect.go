package title

import (
	"strconv"

	"tresham/engine"
	"tresham/engine/step"
)

// Effecter is a game that can say what a listed choice does to money and
// the share price before it is made (the page shows it beside the
// choice). Effect returns nil for a choice without such an effect or an
// action it does not know.
type Effecter interface {
	Effect(entity string, a engine.Action) *Effect
}

// Effect is what a choice does, as the title's rules compute it.
type Effect struct {
	// Cash is the change in the mover's cash: what a sale pays the
	// seller, what a dividend leaves in the corporation's treasury.
	Cash int `json:"cash"`
	// Revenue is, for a dividend, the revenue paid out or withheld.
	Revenue int `json:"revenue,omitempty"`
	// PerShare is, for a dividend paid out, what one share of
	// SharePercent percent receives; Players what each player holding
	// shares receives, by player id.
	PerShare     float64        `json:"per_share,omitempty"`
	SharePercent int            `json:"share_percent,omitempty"`
	Players      map[string]int `json:"players,omitempty"`
	// Price is the move of a share price (nil: none is looked at).
	Price *PriceMove `json:"price,omitempty"`
}

// PriceMove is a share price moving on the market.
type PriceMove struct {
	Corporation string `json:"corporation"`
	From        Cell   `json:"from"`
	To          Cell   `json:"to"`
	// Direction is "down", "left" or "right"; Steps the number of moves
	// the rule asks for, Moved the number made (fewer at the end of the
	// chart); Unit names one move in the title's words ("place",
	// "space").
	Direction string `json:"direction,omitempty"`
	Steps     int    `json:"steps"`
	Moved     int    `json:"moved"`
	Unit      string `json:"unit,omitempty"`
	// Reason says why the price stays, when a rule keeps it (Steps 0);
	// ReasonMsg is the same as a message (its English format and
	// arguments, docs/i18n.md), for the page to write in its language.
	Reason    string          `json:"reason,omitempty"`
	ReasonMsg *engine.Message `json:"reason_msg,omitempty"`
}

// Cell is a market cell: its price, position and type ("close",
// "endgame", …; "" for a plain cell).
type Cell struct {
	Price int    `json:"price"`
	Row   int    `json:"row"`
	Col   int    `json:"col"`
	Type  string `json:"type,omitempty"`
}

func cellOf(c *engine.Cell) Cell {
	return Cell{Price: c.Price, Row: c.Row, Col: c.Col, Type: cellTypeName(c.Type)}
}

// cellTypeName is a cell type as the map view's market grid names it
// ("" for a plain cell).
func cellTypeName(t engine.CellType) string {
	switch t {
	case engine.CellPar:
		return "par"
	case engine.CellEndgame:
		return "endgame"
	case engine.CellClose:
		return "close"
	case engine.CellRepar:
		return "repar"
	case engine.CellIgnoreOneSale:
		return "ignore_one_sale"
	}
	return ""
}

// Move is the move of corporation c's price steps times in direction
// ("down", "left", "right") on market m, made one step at a time as the
// rounds make it; unit names a step. Nil when c has no price.
func Move(m *engine.Market, c *engine.Corporation, direction string, steps int, unit string) *PriceMove {
	if m == nil || c == nil || c.Cell == nil {
		return nil
	}
	step := map[string]func(*engine.Cell) *engine.Cell{"down": m.Down, "left": m.Left, "right": m.Right}[direction]
	if step == nil {
		return nil
	}
	at, moved := c.Cell, 0
	for range steps {
		next := step(at)
		if next != at {
			moved++
		}
		at = next
	}
	return &PriceMove{Corporation: c.Sym, From: cellOf(c.Cell), To: cellOf(at), Direction: direction, Steps: max(steps, 0), Moved: moved, Unit: unit}
}

// DividendEffect is what the dividend p of c does: the cash its treasury
// keeps and the price move the round makes (step.MovePrice), unit naming
// one place.
// With a payout, it also says what one share (unit percent) and each
// player holding shares receive (step.ShareholderPay).
func DividendEffect(g *engine.Game, c *engine.Corporation, p step.Payout, unit string) *Effect {
	dir, n := p.Direction()
	e := &Effect{Cash: p.Kept, Revenue: p.Revenue, Price: Move(g.Market, c, dir, n, unit)}
	if p.Paid > 0 && p.Unit > 0 {
		e.PerShare = float64(p.Paid) / float64(100/p.Unit)
		e.SharePercent = p.Unit
		for _, pl := range g.Players {
			if amt := step.ShareholderPay(c, pl, p.Paid, p.Unit); amt > 0 {
				if e.Players == nil {
					e.Players = map[string]int{}
				}
				e.Players[strconv.Itoa(pl.ID)] = amt
			}
		}
	}
	return e
}

// Stays is corporation c's price kept where it is, for the reason the
// format (an English Go format whose verbs are %s) writes with args. Nil
// when c has no price.
func Stays(c *engine.Corporation, format string, args ...string) *PriceMove {
	if c == nil || c.Cell == nil {
		return nil
	}
	m := engine.Message{ID: format, Args: args}
	return &PriceMove{Corporation: c.Sym, From: cellOf(c.Cell), To: cellOf(c.Cell), Reason: m.English(), ReasonMsg: &m}
}

// SoldCorporation is the corporation whose certificates a sell_shares
// action names first (nil when it names none or an unknown one).
func SoldCorporation(g *engine.Game, a engine.Action) *engine.Corporation {
	if len(a.Shares) == 0 {
		return nil
	}
	c, _, err := g.ShareByID(a.Shares[0])
	if err != nil {
		return nil
	}
	return c
}

// SaleOrDividend is what both titles' Effect does with a listed action: a
// sale's effect is sale's for the corporation sold first (SoldCorporation)
// and the percentage sold; a dividend's is the DividendEffect (unit naming
// one place) of the payout the operating corporation entity would make,
// when payout has one now; any other action, or an unknown corporation, has
// none.
func SaleOrDividend(g *engine.Game, entity string, a engine.Action, sale func(c *engine.Corporation, percent int) *Effect, payout func(c *engine.Corporation) (step.Payout, bool), unit string) *Effect {
	switch a.Type {
	case "sell_shares":
		if c := SoldCorporation(g, a); c != nil {
			return sale(c, a.Percent)
		}
	case "dividend":
		if c := g.Corp(entity); c != nil {
			if p, ok := payout(c); ok {
				return DividendEffect(g, c, p, unit)
			}
		}
	}
	return nil
}
