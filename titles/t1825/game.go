package t1825

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"tresham/board"
	"tresham/engine"
	"tresham/engine/step"
	"tresham/titles/title"
)

// bankRaw is the bank's internal account at the start (18xx.games
// BANK_CASH); the rules' bank is BankSize, against which the players' cash
// is counted (bank_cash).
const bankRaw = 50000

// Game is one game of 1825.
type Game struct {
	*engine.Game
	Opts  Options
	Board *board.Board
	rules *board.Rules

	defs     map[string]CorpDef
	bankSize int
	// yellow are the share prices in the yellow zone (rule 6.3.2: shares
	// worth less than £50 do not count towards the certificate limit).
	yellow map[int]bool

	formed       []*engine.Corporation
	highestLayer int
	layerOf      map[string]int
	minorLayer   int
	maxLayers    int
	minorTrains  []*engine.Train
	// reservedTrains are the ids of the minors' trains set aside at setup:
	// no other company may ever buy one (18xx.games marks them not
	// buyable and takes them out of the depot).
	reservedTrains map[string]bool
	// blocks are the hexes each corporation still keeps others off
	// (removed when it lays its own track there).
	blocks map[string][]string
	// surveyors are the hexags of each company's Surveyors (rule 6.6).
	surveyors map[string][]string
	// surveyorApart maps a Surveyor ("SYM#i") to the other companies'
	// Surveyors it shared a hexag with and must move apart from (6.6.4).
	surveyorApart map[string][]string
	// maxReached is set when a share price reaches the end of the SPI.
	maxReached bool
	manualEnd  bool
	// closedHoldings are the holdings of closed companies as they closed.
	closedHoldings map[string]map[string]int

	operatingRounds int
	// ran is each corporation's last run as the log named its stops.
	ran       title.RanStops
	stock     *stockRound
	op        *opRound
	lastOrder []*engine.Corporation

	// journal applies actions atomically, undoes, forks and trims
	// (engine.Lifecycle).
	journal
}

// journal is the shared game lifecycle, embedded under this name.
type journal = engine.Lifecycle[Game]

// lifecycle is what engine.Lifecycle needs of a game of 1825.
var lifecycle = &engine.LifecycleSpec[Game]{
	Engine:    (*Game).Engine,
	Lifecycle: func(g *Game) *journal { return &g.journal },
	Step:      (*Game).apply,
	EndGame:   (*Game).endGame,
	DropMemos: func(g *Game) { g.Board.DropMemos() }, // nil-safe
}

// New sets up a game of 1825 for the given players (id and name, in seating
// order) with 18xx.games optional rule names, dealing the opening
// certificates as 18xx.games does (OpeningDeal).
func New(ids []int, names []string, options []string) (*Game, error) {
	return NewOf(ids, names, options, title.Rules{})
}

// NewOf is New under the rules 18xx.games applied on a day (dated.go; a
// zero Rules: today's).
func NewOf(ids []int, names []string, options []string, rules title.Rules) (*Game, error) {
	n := len(ids)
	o, err := ParseOptions(options, n)
	if err != nil {
		return nil, err
	}
	o.era = eraOf(rules, o.PrintedRules)
	cash, ok := StartingCash(o, n)
	if !ok {
		return nil, fmt.Errorf("t1825: no starting money for %d players", n)
	}
	limit, _ := CertLimit(o, n)
	codes := Market(o)
	yellow := map[int]bool{}
	for i, c := range codes {
		if strings.HasSuffix(c, "y") {
			p, _ := strconv.Atoi(strings.TrimSuffix(c, "y"))
			yellow[p] = true
			codes[i] = strings.TrimSuffix(c, "y")
		}
	}
	m, err := engine.ParseMarket([][]string{codes}, false)
	if err != nil {
		return nil, err
	}
	var types []engine.TrainType
	for _, t := range Trains(o) {
		if t.Count <= 0 {
			continue
		}
		major := t.Distance
		if major == 0 {
			major = t.CityPay
		}
		types = append(types, engine.TrainType{Name: t.Name, Major: major, Minor: t.TownPay, Price: t.Price, Count: t.Count, RustsOn: t.RustsOn, Available: t.AvailableOn})
	}
	var phases []engine.Phase
	for _, p := range Phases(o) {
		phases = append(phases, engine.Phase{Name: p.Name, On: p.On, TrainLimit: p.TrainLimit, Tiles: p.Tiles, OperatingRounds: p.OperatingRounds})
	}
	b, err := NewBoard(o)
	if err != nil {
		return nil, err
	}
	g := &Game{
		Game: &engine.Game{
			Title: "1825", Options: map[string]bool{}, Market: m, Depot: engine.NewDepot(types),
			Phases: phases, Bank: bankRaw, Turn: 1, RoundNum: 1, CertLimit: limit, AllowPresSale: true,
		},
		Opts: o, Board: b, rules: LayRules(), defs: map[string]CorpDef{}, bankSize: BankSize(o),
		yellow: yellow, layerOf: map[string]int{}, blocks: map[string][]string{}, closedHoldings: map[string]map[string]int{},
		surveyors:      map[string][]string{},
		reservedTrains: map[string]bool{},
		surveyorApart:  map[string][]string{},
	}
	g.journal = engine.NewLifecycle(g, lifecycle, func() (*Game, error) { return NewOf(ids, names, options, rules) })
	for _, r := range options {
		g.Options[r] = true
	}
	g.SeatPlayers(ids, names, cash)
	corps := Corporations(o) // built once: it copies every definition
	for _, d := range corps {
		g.defs[d.Sym] = d
		c := &engine.Corporation{Sym: d.Sym, Name: d.Name, FloatPercent: d.FloatPercent()}
		if len(d.Homes) > 0 {
			c.Home = d.Homes[0]
		}
		g.AddCorporation(c, d.Shares(), d.Tokens)
		if len(d.Blocks) > 0 {
			g.blocks[d.Sym] = append([]string(nil), d.Blocks...)
		}
	}
	for _, d := range Companies(o) {
		g.AddCompany(d.Sym, d.Name, d.Value, d.Revenue)
	}
	// bands (rule 5.1.3): the companies of one par value form a band, the
	// highest first; the minors open with the band after the £71 (or £76)
	// majors.
	var pars []int
	for _, d := range corps {
		if !d.Minor && !slices.Contains(pars, d.Par) {
			pars = append(pars, d.Par)
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(pars)))
	for _, d := range corps {
		if !d.Minor {
			g.layerOf[d.Sym] = slices.Index(pars, d.Par) + 1
			if g.layerOf[d.Sym] > g.maxLayers {
				g.maxLayers = g.layerOf[d.Sym]
			}
		}
	}
	if i := slices.Index(pars, 71); i >= 0 {
		g.minorLayer = i + 2
	} else {
		g.minorLayer = slices.Index(pars, 76) + 2
	}
	if (o.Units[3] || NumMinors(o) > 0) && g.minorLayer > g.maxLayers {
		g.maxLayers = g.minorLayer
	}
	g.Logf("-- Phase %s (Operating Rounds: %d | Train Limit: %d | Available Tiles: %s) --", phases[0].Name, phases[0].OperatingRounds, phases[0].TrainLimit, strings.Join(phases[0].Tiles, ", "))
	g.Logf("-- Stock Round %d --", 1)
	g.Logf("Bank starts with £%d", g.bankSize)
	g.deal()
	if len(g.unboughtCompanies()) == 0 {
		g.highestLayer = 1
	}
	// the minors' trains are set aside (18xx.games removes them from the depot)
	for _, d := range corps {
		if !d.Minor || d.Train == "" {
			continue
		}
		for _, t := range g.Depot.Upcoming {
			if t.Name == d.Train {
				g.Depot.Take(t)
				g.minorTrains = append(g.minorTrains, t)
				g.reservedTrains[t.ID] = true
				break
			}
		}
	}
	g.PriorityDeal = g.Players[0].ID
	g.startStockRound()
	return g, nil
}

// deal gives each seat its opening certificate (rule 3.1 as dealt on
// 18xx.games): privates in ascending value, then the LNWR director's
// certificate (parred at £100), then LNWR shares.
func (g *Game) deal() {
	for i, d := range OpeningDeal(g.Opts, len(g.Players)) {
		p := g.Players[i]
		if co := g.Company(d.Cert); co != nil {
			g.BuyCompany(p, co, d.Price)
			g.Logf("%s receives %s and pays £%d", p.Name, co.Name, co.Value)
			continue
		}
		c, s, err := g.ShareByID(d.Cert)
		if err != nil {
			continue
		}
		if s.President {
			cell := g.parCells(c)[0]
			g.Par(c, cell)
		}
		g.buyShare(p, c, s, false)
	}
}

// apply hands an action to the round in progress, then moves the game on.
func (g *Game) apply(a *engine.Action) error {
	var err error
	switch {
	case g.stock != nil:
		err = g.stock.process(g, a)
	case g.op != nil:
		err = g.op.process(g, a)
	default:
		return engine.Refuse(a, "no round in progress")
	}
	if err != nil {
		return err
	}
	g.afterAction()
	return nil
}

// afterAction checks the end of the game and moves on to the next round
// (18xx.games process_single_action): the SPI's end ends the game at once
// (rule 6.3.1); a broken bank ends it after the operating round in
// progress (rule 6.2).
func (g *Game) afterAction() {
	if g.Finished {
		return
	}
	g.checkEndTrigger()
	if g.maxReached {
		g.endGame("stock_market")
		return
	}
	for !g.Finished && g.roundFinished() {
		if g.EndTrigger != nil && g.op != nil {
			g.endGame(g.EndTrigger[0])
			return
		}
		if g.PastRoundLimit() { // engine.RoundLimit
			g.endGame("dnf")
			return
		}
		g.nextRound()
	}
}

func (g *Game) checkEndTrigger() {
	switch {
	case g.maxReached:
		g.EndTrigger = []string{"stock_market", "immediate"}
	case g.BankBroken:
		g.TriggerEnd("bank", "current_or")
	}
}

func (g *Game) roundFinished() bool {
	switch {
	case g.stock != nil:
		return g.stock.finished
	case g.op != nil:
		return g.op.finished
	}
	return false
}

func (g *Game) nextRound() {
	switch {
	case g.stock != nil:
		g.operatingRounds = g.Phase().OperatingRounds
		g.stock.reorder(g)
		g.stock = nil
		g.startOperatingRound(1)
	case g.op != nil:
		if g.RoundNum < g.operatingRounds {
			g.startOperatingRound(g.RoundNum + 1)
			return
		}
		g.Turn++
		g.op = nil
		g.Logf("-- Stock Round %d --", g.Turn)
		g.startStockRound()
	}
}

func (g *Game) endGame(reason string) {
	if !g.Finish(reason) {
		return
	}
	if g.op != nil {
		g.lastOrder = g.op.Order
	}
	if reason == "manually_ended" {
		// the round stays as it was (its mover is still shown)
		g.manualEnd = true
		return
	}
	g.stock, g.op = nil, nil
	g.Logf("-- Game over --")
}

// BankCash is the bank as the rules count it: its size less the players' cash.
func (g *Game) BankCash() int { return g.BankLeft(g.bankSize) }

// checkBankBroken breaks the bank once the players hold more than it
// (rule 6.2: the bank runs out of money).
func (g *Game) checkBankBroken() {
	if !g.BankBroken { // BankCash sums every player's cash
		g.BreakBank(g.BankCash())
	}
}

// sharePrice is the price of one 10% unit of c's shares held by h (new
// shares at face value, rule 5.1.6).
func (g *Game) unitPrice(c *engine.Corporation, h engine.Holder) int {
	if h == engine.HolderIPO && c.Par != nil {
		return c.Par.Price
	}
	return c.Price()
}

// playerValue is cash, shares at the SPI and privates at face value (rule
// 6.2; engine.Worth).
func (g *Game) playerValue(p *engine.Player) int {
	return g.Worth(p, func(c *engine.Corporation, s *engine.Share) int {
		if c.Closed {
			return 0
		}
		return s.Percent / 10 * c.Price()
	})
}

// Result is each player's final value keyed by player id.
func (g *Game) Result() map[string]int { return g.Results(g.playerValue) }

// numCerts counts the certificates towards the limit: privates, and shares
// except those priced in the yellow zone (rule 6.3.2).
func (g *Game) numCerts(p *engine.Player) int { return g.NumCertsWhere(p, g.countsForLimit) }

func (g *Game) countsForLimit(c *engine.Corporation) bool {
	return c.Cell == nil || !g.yellow[c.Cell.Price]
}

func (g *Game) isMinor(c *engine.Corporation) bool { return g.defs[c.Sym].Minor }

func (g *Game) isFormed(c *engine.Corporation) bool { return slices.Contains(g.formed, c) }

// operatingOrder: formed majors by par value (highest first, then in order
// of formation), then the minors likewise (rule 4.1; 18xx.games).
func (g *Game) operatingOrder() []*engine.Corporation {
	var majors, minors []*engine.Corporation
	for _, c := range g.formed {
		if c.Closed {
			continue
		}
		if g.isMinor(c) {
			minors = append(minors, c)
		} else {
			majors = append(majors, c)
		}
	}
	less := func(l []*engine.Corporation) {
		sort.SliceStable(l, func(i, j int) bool {
			if l[i].Par.Price != l[j].Par.Price {
				return l[i].Par.Price > l[j].Par.Price
			}
			return slices.Index(g.formed, l[i]) < slices.Index(g.formed, l[j])
		})
	}
	less(majors)
	less(minors)
	return append(majors, minors...)
}

// unboughtCompanies are the privates never yet bought.
func (g *Game) unboughtCompanies() []*engine.Company {
	var out []*engine.Company
	for _, co := range g.Companies {
		if !co.Closed && co.Owner == "" {
			out = append(out, co)
		}
	}
	return out
}

// currentLayer is the highest band on sale (rules 5.1.2–5.1.5): none while a
// private is unsold; then the band after the highest sold-out company's.
func (g *Game) currentLayer() int {
	if len(g.unboughtCompanies()) > 0 {
		return 0
	}
	return engine.NextLayer(g.Corps, func(c *engine.Corporation) (int, bool) {
		l, ok := g.layerOf[c.Sym]
		return l, ok && c.PercentOf(engine.HolderIPO) == 0
	}, g.maxLayers)
}

func (g *Game) checkNewLayer() { g.OpenLayer(&g.highestLayer, g.currentLayer(), "Band", true) }

func (g *Game) canIPO(c *engine.Corporation) bool {
	if l, ok := g.layerOf[c.Sym]; ok {
		return l <= g.currentLayer()
	}
	return g.minorLayer <= g.currentLayer()
}

// parCells are the par prices of a corporation: a major's printed value; a
// minor's any value whose ten shares exceed its train's price (18xx.games).
func (g *Game) parCells(c *engine.Corporation) []*engine.Cell {
	var out []*engine.Cell
	d := g.defs[c.Sym]
	if !d.Minor {
		for _, cell := range g.Market.ParCells() {
			if cell.Price == d.Par {
				out = append(out, cell)
			}
		}
		return out
	}
	t := g.minorTrain(c)
	if t == nil {
		return nil
	}
	for _, cell := range g.Market.Rows[0] {
		if cell != nil && cell.Price*10 > t.Price && cell.Type != engine.CellEndgame {
			out = append(out, cell)
		}
	}
	return out
}

func (g *Game) minorTrain(c *engine.Corporation) *engine.Train {
	name := g.defs[c.Sym].Train
	for _, t := range g.minorTrains {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// buyShare moves one certificate to a player who pays for it (IPO shares at
// par to the bank, or to a minor's treasury; pool shares at the SPI).
func (g *Game) buyShare(p *engine.Player, c *engine.Corporation, s *engine.Share, log bool) {
	from := s.Holder
	// the director's certificate from the pool is exchanged for a share
	// (rule 6.4.7): the buyer pays for one share (step.CertPrice)
	price := step.CertPrice(c, s, g.sharePercent(c))
	g.PayPlayer(p, -price)
	if from == engine.HolderIPO && g.isMinor(c) {
		g.PayCorp(c, price)
	}
	g.TakeCertificate(p, c, s)
	if !c.Floated && 100-c.PercentOf(engine.HolderIPO) >= c.FloatPercent {
		capital := c.Par.Price * 10 // a minor's capital is what its shares were sold for
		if g.isMinor(c) {
			capital = 0
		}
		g.Float(c, capital)
	}
}

// checkFormation forms a floated major, or a minor that can pay for its
// train, which it then buys (18xx.games check_formation).
func (g *Game) checkFormation(c *engine.Corporation) {
	if g.isFormed(c) {
		return
	}
	if !g.isMinor(c) {
		if c.Floated {
			g.formed = append(g.formed, c)
			g.Logf("%s forms", c.Sym)
		}
		return
	}
	t := g.minorTrain(c)
	if t == nil || c.Cash < t.Price {
		return
	}
	g.formed = append(g.formed, c)
	for i, m := range g.minorTrains {
		if m == t {
			g.minorTrains = append(g.minorTrains[:i:i], g.minorTrains[i+1:]...)
			break
		}
	}
	t.Owner = c.Sym
	c.Trains = append(c.Trains, t)
	g.PayCorp(c, -t.Price)
	g.Logf("Minor %s forms and buys its %s train", c.Sym, t.Name)
}

// closeCorporation removes a bankrupt company (rule 6.3.3): stations off
// the board, cash to the bank, shares out of the game; its trains return
// to the bank under printed_rules (rule 6.3.4, returnBankruptTrains;
// 18xx.games removes them).
func (g *Game) closeCorporation(c *engine.Corporation) {
	g.Logf("-- %s is now bankrupt and will be removed from the game --", c.Sym)
	for _, r := range g.Board.TokenNodes(c.Sym) {
		_ = g.Board.RemoveToken(r, c.Sym)
	}
	for _, h := range g.defs[c.Sym].Homes {
		g.Board.Unreserve(h, c.Sym)
	}
	g.PayCorp(c, -c.Cash)
	g.returnBankruptTrains(c)
	// the trace keeps a closed company's last holdings and trains on its card
	g.closedHoldings[c.Sym] = g.SharesByOwner(c)
	for _, s := range c.Shares {
		s.Holder = engine.NoHolder
	}
	for i := range c.Tokens {
		c.Tokens[i].Location = ""
	}
	g.Unstart(c)
	c.Closed = true
	delete(g.blocks, c.Sym)
}

func (g *Game) checkBankrupt(c *engine.Corporation) {
	if c.Cell != nil && c.Cell.Type == engine.CellClose {
		g.closeCorporation(c)
	}
}

// acting is the player who decides for an entity: its director, or for a
// company in receivership the first player directing nothing, else the
// first player (rule 6.4).
func (g *Game) actingFor(c *engine.Corporation) *engine.Player {
	if c.President != 0 {
		return g.Player(c.President)
	}
	return g.Player(g.Controller(c.Sym)) // engine.Game.Controller: rule 6.4
}

func (g *Game) phaseTiles() []string { return g.Phase().Tiles }

func itoa(n int) string { return strconv.Itoa(n) }
