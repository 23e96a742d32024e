// Package t1860 is the title 1860: Railways on the Isle of Wight (2nd edition by
// default, with the first-edition options). It drives engine state through the
// opening auction, stock rounds and operating rounds.
package t1860

import (
	"fmt"
	"slices"
	"sort"
	"strconv"

	"tresham/board"
	"tresham/engine"
	"tresham/titles/title"
)

// Options are the names of the 1860 variant switches (options, in title.go).
var Options = title.OptionNames(options)

// Game is one game of 1860.
type Game struct {
	*engine.Game
	Board *board.Board // nil: a game without a map

	optOriginalInsolvency   bool
	optSimplifiedInsolvency bool
	optNoSkipTowns          bool
	optTwoPlayerMap         bool
	variants                // the rulebook optional rules 18xx.games lacks (variants.go)

	// optPrinted plays by the printed rulebook (printed_rules, printed.go).
	optPrinted bool
	// era is the side of each of 18xx.games's dated rule changes the game
	// is on (dated.go; zero: today's rules).
	era era

	Nationalization   bool
	SRAfterSouthern   bool
	SouthernFormed    bool
	NoPriceDropOnSale bool
	HighestLayer      int
	operatingRounds   int
	// ran is each corporation's last run as the log named its stops.
	ran title.RanStops

	// lowestPar is minParPrice's answer by [bankrupt][layer], read from the
	// market once: its cells never change.
	lowestPar [2][5]int

	auction *auctionRound
	stock   *stockRound
	op      *operatingRound
	// pendingHome lists corporations that must lay their home tile (stock round).
	pendingHome []*engine.Corporation

	// lastOrder is the last operating order (kept for the final state).
	lastOrder []*engine.Corporation

	// journal applies actions atomically, undoes, forks and trims
	// (engine.Lifecycle).
	journal
}

// journal is the shared game lifecycle, embedded under this name.
type journal = engine.Lifecycle[Game]

// lifecycle is what engine.Lifecycle needs of a game of 1860.
var lifecycle = &engine.LifecycleSpec[Game]{
	Engine:    (*Game).Engine,
	Lifecycle: func(g *Game) *journal { return &g.journal },
	Step:      (*Game).apply,
	EndGame:   (*Game).endGame,
	DropMemos: func(g *Game) { g.Board.DropMemos() }, // nil-safe
}

// New sets up a game of 1860 for the given players (id, name in seating order).
func New(ids []int, names []string, options []string, newBoard func(opts map[string]bool) (*board.Board, error)) (*Game, error) {
	return NewOf(ids, names, options, newBoard, title.Rules{})
}

// NewOf is New under the rules 18xx.games applied on a day (dated.go; a
// zero Rules: today's).
func NewOf(ids []int, names []string, options []string, newBoard func(opts map[string]bool) (*board.Board, error), rules title.Rules) (*Game, error) {
	n := len(ids)
	if n < 2 || n > 4 {
		return nil, fmt.Errorf("1860: %d players, want 2 to 4", n)
	}
	opts, err := title.OptionSet("1860", Options, options)
	if err != nil {
		return nil, err
	}
	if err := checkOptions(opts); err != nil {
		return nil, err
	}
	if err := checkPrinted(opts); err != nil {
		return nil, err
	}
	m, err := engine.ParseMarket(market, true)
	if err != nil {
		return nil, err
	}
	g := &Game{Game: &engine.Game{
		Title:         "1860",
		Options:       opts,
		Market:        m,
		Depot:         engine.NewDepot(trainTable(opts)),
		Phases:        phases,
		Bank:          bankRaw,
		Turn:          1,
		RoundNum:      1,
		CertLimit:     certLimit[n],
		AllowPresSale: true,
		// a game logs 600-800 lines: room for them up front
		Log: make([]string, 0, 1024),
	}}
	g.lowestPar = lowestPars(m)
	g.optTwoPlayerMap = MapOptionsFor(opts).SmallMap
	g.optOriginalInsolvency = originalInsolvency(opts)
	g.optNoSkipTowns = opts["no_skip_towns"] || opts["original_game"]
	g.optSimplifiedInsolvency = opts["simplified_insolvency"]
	g.optPrinted = opts[optPrintedRules]
	g.era = eraOf(rules, g.optPrinted)
	m.StopShort = g.era.zigzagStopShort
	g.setVariants(opts)
	g.HighestLayer = 1
	g.SeatPlayers(ids, names, startingCash[n])
	for _, d := range corpDefs {
		c := g.AddCorporation(&engine.Corporation{Sym: d.sym, Name: d.name, Home: d.home, FloatPercent: 50, Layer: d.layer},
			[]int{20, 10, 10, 10, 10, 10, 10, 10, 10}, d.tokens)
		// the last share is kept for the exchange of a private (rules 5.3)
		c.Shares[8].Buyable = !d.reserved
	}
	for _, d := range companyDefs {
		g.AddCompany(d.sym, d.name, d.value, d.revenue)
	}
	if newBoard != nil {
		if g.Board, err = newBoard(opts); err != nil {
			return nil, fmt.Errorf("1860 map: %w", err)
		}
	}
	g.journal = engine.NewLifecycle(g, lifecycle, func() (*Game, error) { return NewOf(ids, names, options, newBoard, rules) })
	g.Logf("-- Phase 2 (Operating Rounds: 1 | Train Limit: %s | Available Tiles: Yellow) --", g.trainLimitText(g.Phases[0]))
	g.PriorityDeal = g.Players[0].ID
	g.startAuction()
	return g, nil
}

// currentLayer is the highest layer whose corporations may be started.
func (g *Game) currentLayer() int {
	return engine.NextLayer(g.Corps, func(c *engine.Corporation) (int, bool) {
		return c.Layer, c.PercentOf(engine.HolderIPO) == 0 || c.Operated
	}, 4)
}

func (g *Game) checkNewLayer() {
	g.OpenLayer(&g.HighestLayer, g.currentLayer(), "Layer", !g.optIgnoreLayers)
}

// canIPO reports whether c's director's certificate may be bought from the IPO (ipoRefusal).
func (g *Game) canIPO(c *engine.Corporation) bool {
	if !g.optIgnoreLayers {
		return c.Layer <= g.currentLayer() // ipoRefusal without wording it
	}
	return g.ipoRefusal(c) == ""
}

// parPrices lists the par cells the corporation may start at.
func (g *Game) parPrices(c *engine.Corporation) []*engine.Cell {
	cells := g.Market.ParCells()
	if c.Bankrupt {
		cells = g.Market.CellsOfType(engine.CellPar, engine.CellRepar)
	}
	// both lists are the market's fresh copies
	return slices.DeleteFunc(cells, func(cell *engine.Cell) bool { return !g.validPar(c, cell) })
}

// minParPrice is the lowest of parPrices(c), or 0 when there is none.
func (g *Game) minParPrice(c *engine.Corporation) int {
	if c.Layer < 1 || c.Layer > 4 {
		return 0
	}
	b := 0
	if c.Bankrupt {
		b = 1
	}
	return g.lowestPar[b][c.Layer]
}

// lowestPars finds on m the lowest par price of each layer's band, for a
// corporation starting (index 0) and restarting after bankruptcy (1), or 0
// where the band holds none (validPar).
func lowestPars(m *engine.Market) [2][5]int {
	var out [2][5]int
	for b, bankrupt := range []bool{false, true} {
		probe := &engine.Corporation{Bankrupt: bankrupt}
		for layer := 1; layer <= 4; layer++ {
			band := parBand(layer, bankrupt)
			for _, row := range m.Rows {
				for _, cell := range row {
					if cell != nil && inParBand(probe, cell, band) && (out[b][layer] == 0 || cell.Price < out[b][layer]) {
						out[b][layer] = cell.Price
					}
				}
			}
		}
	}
	return out
}

// apply hands an action to the round in progress.
func (g *Game) apply(a *engine.Action) error {
	switch {
	case g.auction != nil:
		return g.auction.process(g, a)
	case g.stock != nil:
		return g.stock.process(g, a)
	case g.op != nil:
		return g.op.process(g, a)
	}
	return engine.Refuse(a, "no round in progress")
}

// playerValue is the player's score: cash, shares (half value without
// trains), privates (engine.Worth), and privates turned over.
func (g *Game) playerValue(p *engine.Player) int {
	return g.Worth(p, func(c *engine.Corporation, s *engine.Share) int {
		price := s.Percent / 10 * c.Price()
		half := len(c.Trains) == 0
		if g.Options["non_operated_full_value"] {
			if !half && g.era.trainSharesUncounted {
				return 0 // uncounted before 2025-02-09 (dated.go)
			}
			if !c.Operated {
				half = false
			}
		}
		if half {
			price /= 2
		}
		return price
	}) + g.turnedOverValue(p)
}

// BankCash is the bank balance as the rules count it.
func (g *Game) BankCash() int { return g.BankLeft(bankCash) }

func (g *Game) checkBankBroken() {
	if !g.Nationalization && !g.BankBroken && g.BreakBank(g.BankCash()) {
		// the first end triggered names the end (engine.TriggerEnd)
		g.TriggerEnd("bank", "current_or")
	}
}

// roundLimitReached ends the game at a round's end past 18xx.games's
// round limit (engine.RoundLimit; issue 21 cross-check, 3p seed 51007:
// stock round 100).
func (g *Game) roundLimitReached() bool {
	if !g.PastRoundLimit() {
		return false
	}
	g.endGame("dnf")
	return true
}

func (g *Game) endGame(reason string) {
	if !g.Finish(reason) {
		return
	}
	g.auction, g.stock, g.op = nil, nil, nil
	g.Logf("-- Game over --")
}

// Result is each player's final value keyed by player id.
func (g *Game) Result() map[string]int { return g.Results(g.playerValue) }

// Value is a player's current worth.
func (g *Game) Value(p *engine.Player) int { return g.playerValue(p) }

// operatingOrder sorts floated, non-nationalised corporations by price (desc),
// then column, row, arrival on the cell, and name.
func (g *Game) operatingOrder() []*engine.Corporation {
	var out []*engine.Corporation
	for _, c := range g.Corps {
		if c.Floated && !c.Nationalized && !c.Closed {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Cell.Price != b.Cell.Price {
			return a.Cell.Price > b.Cell.Price
		}
		if a.Cell.Col != b.Cell.Col {
			return a.Cell.Col > b.Cell.Col
		}
		if a.Cell.Row != b.Cell.Row {
			return a.Cell.Row < b.Cell.Row
		}
		if a.CellSeq() != b.CellSeq() {
			return a.CellSeq() < b.CellSeq()
		}
		return a.Name < b.Name
	})
	return out
}

// companyOwnerPlayer returns the player owning a company, or nil.
func (g *Game) companyOwnerPlayer(co *engine.Company) *engine.Player {
	if co.Owner == "" || co.Owner == "bank" {
		return nil
	}
	id, err := strconv.Atoi(co.Owner)
	if err != nil {
		return nil
	}
	return g.Player(id)
}
