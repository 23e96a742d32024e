package t1825

import (
	"slices"
	"strings"

	"tresham/board"
	"tresham/engine"
	"tresham/engine/step"
)

// Steps of a company's turn in an operating round (section 4): track and
// bases, run trains, dividend, buy trains.
const (
	stTrack = iota
	stRoute
	stDividend
	stBuy
	stDone
)

// leaseCost is the fee for a train hired by a company in receivership (rule 6.4.3).
const leaseCost = 10

type opRound struct {
	step.Turns
	step     int
	finished bool

	laid     []string
	upgraded bool
	tokened  bool
	loan     int
	leased   *engine.Train
	revenue  int
	routes   []engine.Route
	// discard lists companies over the train limit that must return trains.
	discard []*engine.Corporation
	// pendingHome lists minors that must choose the city of their home
	// base on a hex of several cities.
	pendingHome []*engine.Corporation
	// surveyed are the hexags the company's Surveyors left this turn, and
	// surveyMoved the indices of the Surveyors moved (rule 6.6).
	surveyed    []string
	surveyMoved []int
}

func (g *Game) startOperatingRound(num int) {
	g.Logf("-- Operating Round %d.%d (of %d) --", g.Turn, num, g.operatingRounds)
	r := &opRound{Turns: step.OpenOperating(g.Game, num, g.operatingOrder())}
	g.op = r
	g.lastOrder = r.Order
	for _, c := range r.Order {
		g.placeHomeToken(c)
	}
	r.nextEntity(g)
}

// placeHomeToken puts a company's first base(s) on its home city (rule
// 4.1.3): a major at the start of the operating round after it forms; a
// minor once its home hex has track and a city.
func (g *Game) placeHomeToken(c *engine.Corporation) {
	if c.Closed || len(c.Tokens) == 0 || c.Tokens[0].Location != "" {
		return
	}
	d := g.defs[c.Sym]
	if d.Minor {
		v, ok := g.Board.Hex(d.Homes[0])
		if !ok || len(v.Tile.Paths) == 0 || v.Tile.NumCities() == 0 {
			return
		}
		if g.Board.HexReservedFor(d.Homes[0], c.Sym) {
			// the company chooses which city while its reservation is of
			// any city of the hex (18xx.games pending home token; a lay
			// that left one city for it settled the reservation there)
			if g.op != nil {
				for _, o := range g.op.pendingHome {
					if o == c {
						return
					}
				}
				g.op.pendingHome = append(g.op.pendingHome, c)
				g.Logf("%s must choose city for home token", c.Sym)
			}
			return
		}
	}
	for _, h := range step.PlaceHomeTokens(g.Board, c, d.Homes...) {
		g.Logf("%s places a token on %s", c.Sym, h)
	}
	g.placeSurveyors(c)
}

// nextEntity starts the turns of the companies in order until one has
// something to do, or the round ends.
func (r *opRound) nextEntity(g *Game) {
	for c := r.Next(); c != nil; c = r.Next() {
		r.startTurn(g, c)
		if r.step != stDone || g.Finished || len(r.discard) > 0 || len(r.pendingHome) > 0 {
			return
		}
	}
	r.finished = true
}

func (r *opRound) startTurn(g *Game, c *engine.Corporation) {
	r.step = stTrack
	r.laid, r.upgraded, r.tokened, r.loan, r.leased, r.revenue, r.routes = nil, false, false, 0, nil, 0, nil
	r.surveyed, r.surveyMoved = nil, nil
	step.BeginTurn(g.Game, c, g.actingFor(c).Name)
	if g.isMinor(c) {
		g.placeHomeToken(c)
	}
	r.advance(g)
}

// advance skips the steps in which the company has nothing to do, doing
// what the rules do automatically (no run: no dividend; a company in
// receivership withholds and buys the only train it can).
func (r *opRound) advance(g *Game) {
	c := r.Current()
	for c != nil && !g.Finished && len(r.discard) == 0 && len(r.pendingHome) == 0 {
		switch r.step {
		case stTrack:
			if g.canLayTile(c) || g.canPlaceToken(c) || g.canMoveSurveyor(c) {
				return
			}
			r.step = stRoute
		case stRoute:
			if g.canRunRoutes(c) {
				return
			}
			r.revenue = 0
			r.step = stDividend
		case stDividend:
			if r.revenue > 0 && !c.Receivership {
				return
			}
			g.payDividend(c, "withhold")
			r.step = stBuy
		case stBuy:
			if c.Receivership {
				trains := g.affordableDepotTrains(c)
				if len(trains) >= 2 && g.canRunRoute(c) && g.room(c) {
					return
				}
				if len(trains) == 1 && g.canRunRoute(c) && g.room(c) {
					g.Logf("%s is in receivership and must buy a %s train", c.Sym, trains[0].Name)
					g.buyTrain(c, trains[0], trains[0].Price)
					// one such purchase ends the step (as 18xx.games
					// does: "a Train", rule 6.4.4)
					r.step = stDone
					continue
				}
			} else if g.canBuyTrain(c) {
				return
			}
			r.step = stDone
		case stDone:
			r.nextEntity(g)
			return
		}
	}
}

// buyingPower is the company's cash, with the receiver's credit (rule
// 6.4.6, receiverCredit).
func (g *Game) buyingPower(c *engine.Corporation) int {
	if c.Receivership {
		return c.Cash + g.receiverCredit()
	}
	return c.Cash
}

// silentReceivership: a minor in receivership with Units 1 or 2 does not
// operate (18xx.games).
func (g *Game) silentReceivership(c *engine.Corporation) bool {
	return c.Receivership && g.isMinor(c) && (g.Opts.Units[1] || g.Opts.Units[2])
}

// spend pays a company's costs; in receivership a shortfall becomes a debt
// paid from the revenue (rule 6.4.6).
func (g *Game) spend(c *engine.Corporation, amount int) {
	if amount <= 0 {
		return
	}
	if c.Cash >= amount || !c.Receivership {
		g.PayCorp(c, -amount)
		return
	}
	short := amount - c.Cash
	g.PayCorp(c, -c.Cash)
	g.op.loan += short
}

// canLayTile: the first lay may be a new tile or a promotion; a second new
// tile may follow unless the first was a promotion (rule 4.2).
func (g *Game) canLayTile(c *engine.Corporation) bool {
	r := g.op
	if r.step != stTrack || g.silentReceivership(c) {
		return false
	}
	switch len(r.laid) {
	case 0:
		return true
	case 1:
		return !r.upgraded
	}
	return false
}

// canPlaceToken: one base a turn, in the track step, paid for, in a city
// of the company's network (rule 4.4).
func (g *Game) canPlaceToken(c *engine.Corporation) bool {
	r := g.op
	if r.step != stTrack || r.tokened || g.silentReceivership(c) || !step.CanToken(g.Board, c, g.buyingPower(c)) {
		return false
	}
	return !g.Opts.PrintedRules || !c.Receivership || g.someBaseOnCredit(c)
}

// someBaseOnCredit reports whether company c in receivership, under
// printed_rules, may place some base: one it pays in cash, or one whose
// cost on credit the best run with it placed repays (rule 6.4.6, with
// 6.5.2; creditRefusal). Where none may, the token step has nothing to
// offer and skips itself rather than offering only a pass.
func (g *Game) someBaseOnCredit(c *engine.Corporation) bool {
	price := c.Tokens[c.NextToken()].Price
	opt := board.TokenOptions{CheckConnected: true}
	for _, ch := range step.TokenChoices(g.Board, c, false) {
		ref, err := step.CheckToken(g.Board, c, ch.Action.City, opt)
		if err == nil && g.creditRefusal(c, price, tokenAt(ref, c.Sym)) == "" {
			return true
		}
	}
	return false
}

// adjacent reports whether two hexes share a side.
func (g *Game) adjacent(a, b string) bool {
	for e := 0; e < 6; e++ {
		if g.Board.Adjacent(a, e) == b || g.Board.Neighbor(a, e) == b {
			return true
		}
	}
	return false
}

// canRunRoute: the company has track to run on.
func (g *Game) canRunRoute(c *engine.Corporation) bool {
	if g.silentReceivership(c) {
		return false
	}
	// its stations, each once (a company has few: a list beats a map)
	var own []board.NodeRef
	for _, r := range g.Board.TokenNodes(c.Sym) {
		if !slices.Contains(own, r) {
			own = append(own, r)
		}
	}
	if len(own) == 0 {
		return false
	}
	// 18xx.games route_available: a station reaches another stop (its
	// other stations do not count)
	if g.Board.ReachesNode(c.Sym, func(r board.NodeRef, k board.NodeKind) bool {
		return k != board.Halt && !slices.Contains(own, r)
	}) {
		return true
	}
	// only its own stations: a route needs two of them linked by track
	if len(own) < 2 {
		return false
	}
	for _, start := range own {
		b := g.Board.Clone()
		for _, r := range own {
			if r != start {
				_ = b.RemoveToken(r, c.Sym)
			}
		}
		for _, r := range b.Graph(c.Sym).Nodes() {
			if r != start && slices.Contains(own, r) {
				return true
			}
		}
	}
	return false
}

// canRunRoutes: the company has a train to run (a company in
// receivership may lease one) and track to run it on.
func (g *Game) canRunRoutes(c *engine.Corporation) bool {
	return (c.Receivership || slices.ContainsFunc(c.Trains, func(t *engine.Train) bool { return !t.Operated })) && g.canRunRoute(c)
}

// payout is the dividend of kind on the turn's revenue less what the
// turn owes (rule 6.4.6): the price moves left when nothing is paid, stays
// up to half the share value, and moves right once more, two, three or
// four places at twice, three and four times it (rules 4.5, 6.3). Shares
// in the pool and unsold shares pay nobody (18xx.games). Both the round
// (payDividend) and Effect use it.
func (g *Game) payout(c *engine.Corporation, kind string) step.Payout {
	price := 0
	if c.Cell != nil {
		price = c.Cell.Price
	}
	return step.NewPayout(kind, g.op.revenue-g.op.loan, 0, price, price/2+1, g.sharePercent(c))
}

// payDividend pays or withholds the turn's revenue and moves the share
// price (payout).
func (g *Game) payDividend(c *engine.Corporation, kind string) {
	r := g.op
	p := g.payout(c, kind)
	r.loan = 0
	step.MarkOperated(c, engine.Revenue{Turn: g.Turn, Round: g.RoundNum, Total: p.Revenue, Kind: kind})
	if p.Revenue <= 0 {
		step.LogNoRun(g.Game, c)
	}
	step.LogWithhold(g.Game, c, p)
	step.PayMoney(g.Game, c, p)
	step.LogPayout(g.Game, c, p)
	old, end := step.MovePrice(g.Game, c, p)
	step.LogPriceMove(g.Game, c, old)
	if end {
		g.maxReached = true
	}
	r.routes = nil
	g.checkBankBroken()
	g.checkBankrupt(c)
	if c.Closed {
		r.step = stDone
	}
}

func (g *Game) sharePercent(c *engine.Corporation) int {
	min := 100
	for _, s := range c.Shares {
		if s.Percent < min {
			min = s.Percent
		}
	}
	return min
}

// trainLimit is the phase's limit (rule 4.7).
func (g *Game) trainLimit() int { return g.Phase().TrainLimit }

func (g *Game) room(c *engine.Corporation) bool { return len(c.Trains) < g.trainLimit() }

// depotTrains are the trains the bank sells now: the next on offer, any
// type whose phase has come, and one of each type returned to it (rules
// 4.6.1, 6.3.4).
func (g *Game) depotTrains() []*engine.Train {
	var out []*engine.Train
	names := map[string]bool{}
	add := func(t *engine.Train) {
		if !names[t.Name] {
			names[t.Name] = true
			out = append(out, t)
		}
	}
	if t := g.Depot.MinUpcoming(); t != nil {
		add(t)
	}
	for _, t := range g.Depot.Upcoming {
		if tt, ok := g.Depot.Type(t.Name); ok && tt.Available != "" && g.PhaseAtLeast(tt.Available) {
			add(t)
		}
	}
	pool := map[string]bool{}
	for _, t := range g.Depot.Pool {
		if !pool[t.Name] {
			pool[t.Name] = true
			out = append(out, t)
		}
	}
	return out
}

func (g *Game) affordableDepotTrains(c *engine.Corporation) []*engine.Train {
	var out []*engine.Train
	for _, t := range g.depotTrains() {
		if c.Cash >= t.Price {
			out = append(out, t)
		}
	}
	return out
}

// otherTrains are the trains other companies own (rule 4.6.5), but for
// the minors' own trains, which are never sold.
func (g *Game) otherTrains(c *engine.Corporation) []*engine.Train {
	var out []*engine.Train
	for _, o := range g.Corps {
		if o == c || o.Closed {
			continue
		}
		for _, t := range o.Trains {
			if !g.reservedTrains[t.ID] {
				out = append(out, t)
			}
		}
	}
	return out
}

func (g *Game) canBuyTrain(c *engine.Corporation) bool {
	affordable := func(t *engine.Train) bool { return c.Cash >= t.Price }
	return g.room(c) && (slices.ContainsFunc(g.depotTrains(), affordable) || c.Cash >= 1 && len(g.otherTrains(c)) > 0)
}

// buyTrain buys a train: the first of a new type may start a phase (rule
// 4.7), and the first '5' makes the '2's obsolete.
func (g *Game) buyTrain(c *engine.Corporation, t *engine.Train, price int) {
	if t.Owner != "" {
		step.BuyFromCorp(c, g.Corp(t.Owner), t, price)
	} else {
		step.BuyFromDepot(g.Game, c, t, price)
	}
	g.trainBought(c, t, price)
}

// trainBought: the first train of a new type may start a phase (rule 4.7)
// and make older trains obsolete; companies over the limit then discard.
func (g *Game) trainBought(c *engine.Corporation, t *engine.Train, price int) {
	g.Logf("%s buys a %s train for £%d", c.Sym, t.Name, price)
	for _, ph := range step.NewPhases(g.Game, t.Name) {
		g.Logf("-- Phase %s (Operating Rounds: %d | Train Limit: %d | Available Tiles: %s) --", ph.Name, ph.OperatingRounds, ph.TrainLimit, strings.Join(ph.Tiles, ", "))
		if ph.Name == "3" && g.Opts.Surveyors {
			g.removeSurveyors()
		}
	}
	step.Rust(g.Game, t.Name)
	g.op.discard = g.crowdedCorps()
}

func (g *Game) crowdedCorps() []*engine.Corporation { return step.Crowded(g.Game, g.trainLimit()) }
