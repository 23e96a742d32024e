package t1860

import (
	"slices"

	"tresham/board"
	"tresham/engine"
	"tresham/engine/step"
)

// Steps of a corporation's operating turn (rules 7).
const (
	stepDiscard = iota
	stepTrack
	stepToken
	stepRoute
	stepDividend
	stepBuyTrain
	stepDone
)

type operatingRound struct {
	step.Turns
	step   int
	lay    LayStep // tile lays this turn
	acted  bool
	routes []routeResult
	// crowded lists corporations over the train limit that must discard.
	crowded map[string]bool
	// discardNow lists, in a game created before 2021-08-30
	// (changeDiscardInOwnTurn), the companies a phase change left over the
	// train limit: they discard at once, the first first, before the
	// operating company goes on. Always empty under today's rules.
	discardNow []*engine.Corporation
}

type routeResult struct {
	train   *engine.Train
	revenue int
	subsidy int
	visits  []board.NodeRef // the nodes the route visits (nil off the map)
	stops   []board.NodeRef // those of visits it counts (the others it passes)
}

func (g *Game) startOperatingRound(num int) {
	if g.Nationalization {
		g.Logf("-- Operating Round %d.%d (Nationalization) --", g.Turn, num)
	} else {
		g.Logf("-- Operating Round %d.%d (of %d) --", g.Turn, num, g.operatingRounds)
	}
	r := &operatingRound{Turns: step.OpenOperating(g.Game, num, g.operatingOrder()), crowded: map[string]bool{}}
	g.lastOrder = r.Order
	g.op = r
	r.nextEntity(g)
}

// nextEntity ends the current corporation's turn and starts the next one's.
func (r *operatingRound) nextEntity(g *Game) {
	if c := r.Current(); c != nil {
		g.afterOperating(c)
	}
	if g.op != r || g.Finished {
		return
	}
	c := r.Next()
	if c == nil {
		g.finishOperatingRound()
		return
	}
	r.step, r.acted, r.routes = stepDiscard, false, nil
	r.lay = LayStep{Accelerated: g.optAccelerated}
	step.BeginTurn(g.Game, c, g.operatorName(c))
	if len(c.Trains) > g.trainLimit() {
		r.crowded[c.Sym] = true
	}
	r.skipSteps(g)
}

func (g *Game) operatorName(c *engine.Corporation) string {
	if p := g.Player(c.President); p != nil {
		return p.Name
	}
	return "" // nobody: the company runs itself (step.BeginTurn says so)
}

// afterOperating checks bankruptcy and insolvency at the end of a turn (rules 7.7, 8).
func (g *Game) afterOperating(c *engine.Corporation) {
	g.checkBankruptcy(c)
	if c.Bankrupt {
		return
	}
	if len(c.Trains) == 0 && g.hasRoute(c) {
		g.makeInsolvent(c)
	} else if len(c.Trains) > 0 {
		g.clearInsolvent(c)
	}
}

func (g *Game) hasRoute(c *engine.Corporation) bool {
	if g.Board == nil {
		return true
	}
	return hasRoute(g.Board, c)
}

// canRun reports whether one of the trains c runs now has a legal route.
// A network reaching two stops (hasRoute, the 18xx.games route test) may
// still hold none: every route between them re-enters a hex, passes
// through a second tokened-out station or calls at more large stations
// than the train may. Each train must run a route "if it can" (rules,
// Running Trains), so the run_routes step then accepts the empty run: the
// company runs nothing, as the solver answers (18xx.games demands a run
// it cannot accept). Only the must-run test asks, on an empty run, so the
// route step stays open on the graph test and insolvency keeps it too.
func (g *Game) canRun(c *engine.Corporation) bool {
	b, err := g.mapBoardOf()
	if err != nil {
		return true
	}
	// One train of each kind: a run of one train needs no other route,
	// so a legal run exists iff some train has a legal route alone.
	var trains []*engine.Train
	for _, t := range g.runTrains(c) {
		if !slices.ContainsFunc(trains, func(x *engine.Train) bool { return x.Name == t.Name && x.Owner == t.Owner }) {
			trains = append(trains, t)
		}
	}
	sol, err := g.solveFor(b, c, trains)
	if err != nil {
		return true
	}
	return len(sol.RevenueRoutes) > 0 || len(sol.TotalRoutes) > 0
}

func (g *Game) makeInsolvent(c *engine.Corporation) {
	if !c.Insolvent {
		c.Insolvent = true
		g.Logf("%s is now Insolvent", c.Sym)
	}
}

func (g *Game) clearInsolvent(c *engine.Corporation) {
	if c.Insolvent {
		c.Insolvent = false
		g.Logf("%s is no longer Insolvent", c.Sym)
	}
}

// stepAvailable reports whether the current corporation has a decision in
// step s, first settling its insolvency when the step is the route step.
func (r *operatingRound) stepAvailable(g *Game, s int) bool {
	if s == stepRoute {
		g.checkRouteInsolvency(r.Current())
	}
	return r.stepOpen(g, s)
}

// stepOpen reports, without changing anything, whether the current
// corporation would have a decision in step s.
func (r *operatingRound) stepOpen(g *Game, s int) bool {
	c := r.Current()
	switch s {
	case stepDiscard:
		return r.crowded[c.Sym] && len(c.Trains) > g.trainLimit()
	case stepTrack:
		return !c.Receivership && !g.SRAfterSouthern && r.canLay(g, c)
	case stepToken:
		if c.Receivership || c.Insolvent || g.SRAfterSouthern {
			return false
		}
		return step.CanToken(g.Board, c, c.Cash)
	case stepRoute:
		return (len(c.Trains) > 0 || g.routeInsolvent(c)) && g.hasRoute(c)
	case stepDividend:
		return r.totalRevenue() > 0
	case stepBuyTrain:
		return g.canBuyTrain(c)
	}
	return false
}

// passRefusal says why the current corporation may not pass its open step
// ("" when it may).
func (r *operatingRound) passRefusal(g *Game, c *engine.Corporation) string {
	switch r.step {
	case stepDiscard:
		return "it must discard down to the train limit"
	case stepRoute:
		return "it must run its trains"
	case stepDividend:
		return "it must pay or withhold"
	case stepBuyTrain:
		if g.mustBuyTrain(c) {
			return "it has no train and can afford one from the bank"
		}
	}
	return ""
}

func (r *operatingRound) canLay(g *Game, c *engine.Corporation) bool { return r.lay.More() }

// routeInsolvent reports, changing nothing, whether c is insolvent on
// reaching its route step (checkRouteInsolvency applies it; the solver and
// the run check ask it ahead of that step): a
// receivership company without trains that cannot afford one becomes
// insolvent; an insolvent one that can afford a train no longer is.
func (g *Game) routeInsolvent(c *engine.Corporation) bool {
	minPrice := g.minDepotPrice()
	afford := minPrice > 0 && c.Cash >= minPrice
	if c.Receivership && len(c.Trains) == 0 && !afford && g.hasRoute(c) {
		return true
	}
	return c.Insolvent && !afford
}

// checkRouteInsolvency applies routeInsolvent.
func (g *Game) checkRouteInsolvency(c *engine.Corporation) {
	if g.routeInsolvent(c) {
		g.makeInsolvent(c)
	} else {
		g.clearInsolvent(c)
	}
}

func (r *operatingRound) totalRevenue() int {
	t := 0
	for _, rt := range r.routes {
		t += rt.revenue
	}
	return t
}

func (r *operatingRound) totalSubsidy() int {
	t := 0
	for _, rt := range r.routes {
		t += rt.subsidy
	}
	return t
}

// skipSteps advances past steps with no decision, applying their automatic
// effects (a zero revenue withholds), and ends the turn when none is left.
func (r *operatingRound) skipSteps(g *Game) {
	for g.op == r && !g.Finished && len(r.discardNow) == 0 {
		if r.step >= stepDone {
			r.nextEntity(g)
			return
		}
		if r.stepAvailable(g, r.step) {
			return
		}
		if r.step == stepDividend {
			g.dividend(r, r.Current(), "withhold")
		}
		r.step++
	}
}

// payout is the dividend of kind on the run revenue: the halt subsidy
// always goes to the treasury (rules 7.5); a payout moves the price one
// place right per multiple of the price, up to four, anything else one
// place left (rules 7.6). Both the round (dividend) and Effect use it.
func (g *Game) payout(r *operatingRound, c *engine.Corporation, kind string) step.Payout {
	return step.NewPayout(kind, r.totalRevenue(), r.totalSubsidy(), c.Cell.Price, c.Cell.Price, 10)
}

// dividend pays or withholds the run revenue and moves the price (payout).
func (g *Game) dividend(r *operatingRound, c *engine.Corporation, kind string) {
	p, subsidy := g.payout(r, c, kind), r.totalSubsidy()
	step.MarkOperated(c, engine.Revenue{Turn: g.Turn, Round: g.RoundNum, Total: p.Revenue, Kind: kind, Dividend: true})
	r.routes = nil
	if p.Paid == 0 && p.Revenue > 0 {
		step.LogWithhold(g.Game, c, p)
	} else if p.Paid == 0 {
		step.LogNoRun(g.Game, c)
	}
	if subsidy > 0 {
		l := engine.NewLogBuilder("%s earns subsidy of £%d")
		l.Str(c.Sym)
		l.Text(" earns subsidy of £")
		l.Int(subsidy)
		g.AddLog(&l)
	}
	step.PayMoney(g.Game, c, p)
	step.LogPayout(g.Game, c, p)
	old, _ := step.MovePrice(g.Game, c, p)
	step.LogPriceMove(g.Game, c, old)
	if c.Cell.Type == engine.CellEndgame {
		g.TriggerEnd("stock_market", "current_or")
	}
	g.checkBankBroken()
	if !g.era.bankruptAtTurnEnd { // since 2021-05-02 (changeBankruptAtDividend); else afterOperating
		g.checkBankruptcy(c)
	}
}

// minDepotPrice is the price of the cheapest train for sale by the bank.
func (g *Game) minDepotPrice() int {
	min := 0
	if t := g.Depot.MinUpcoming(); t != nil {
		min = t.Price
	}
	for _, t := range g.Depot.Pool {
		if min == 0 || t.Price < min {
			min = t.Price
		}
	}
	return min
}

// depotTrains lists trains the bank sells now: the next new train and the pool.
func (g *Game) depotTrains() []*engine.Train {
	var out []*engine.Train
	if t := g.Depot.MinUpcoming(); t != nil {
		out = append(out, t)
		// every copy of the same type is equally for sale
		for _, u := range g.Depot.Upcoming[1:] {
			if u.Name == t.Name {
				out = append(out, u)
			}
		}
	}
	return append(out, g.Depot.Pool...)
}

func (g *Game) canBuyTrain(c *engine.Corporation) bool {
	if c.Receivership && len(c.Trains) > 0 {
		return false
	}
	// in the closing zone: no train since 2021-03-16 (changeCloseZoneNoTrain)
	if c.Bankrupt || (c.Cell != nil && c.Cell.Type == engine.CellClose && !g.era.closeZoneBuys) {
		return false
	}
	if len(c.Trains) >= g.trainLimit() {
		return false
	}
	if c.Cash >= g.minDepotPrice() && g.minDepotPrice() > 0 {
		return true
	}
	// another corporation's train tradedTrains would offer
	return c.Cash >= minTrainPrice && !c.Receivership && !g.Nationalization &&
		slices.ContainsFunc(g.Corps, func(o *engine.Corporation) bool { return o != c && g.canBuyFrom(c, o) && len(o.Trains) > 0 })
}

// mustBuyTrain: a company without trains "MUST buy one ... if it can
// afford one" (rules 7.8, Insolvency); like 18xx.games this is judged on the
// cheapest train the bank sells, and buying from another company satisfies it.
// 18xx.games asks for more cash than that price (its must_buy_train?
// compares cash > price: a company with exactly the price may pass);
// printed_rules asks for the price. In a game created before 2021-06-30
// a company without a route for a train need not buy
// (changeMustBuyWithoutRoute).
func (g *Game) mustBuyTrain(c *engine.Corporation) bool {
	min := g.minDepotPrice()
	if len(c.Trains) > 0 || c.Bankrupt || min <= 0 || c.Cash < min || (c.Cash == min && !g.optPrinted) {
		return false
	}
	return !g.era.mustBuyNeedsRoute || g.hasRoute(c)
}

func (g *Game) canBuyFrom(c, o *engine.Corporation) bool {
	if o.Bankrupt || c.Receivership || o.Receivership {
		return false
	}
	return !(len(c.Trains) > 0 && len(o.Trains) < 2)
}

func (g *Game) findTrain(id string) *engine.Train {
	for _, t := range g.Depot.Upcoming {
		if t.ID == id {
			return t
		}
	}
	for _, t := range g.Depot.Pool {
		if t.ID == id {
			return t
		}
	}
	for _, c := range g.Corps {
		for _, t := range c.Trains {
			if t.ID == id {
				return t
			}
		}
	}
	return nil
}

// newTrainBought handles phase changes, rusting and train events (rules 9).
func (g *Game) newTrainBought(c *engine.Corporation, t *engine.Train) {
	for _, ph := range step.NewPhases(g.Game, t.Name) {
		g.Logf("-- Phase %s (Operating Rounds: %d | Train Limit: %s) --", ph.Name, ph.OperatingRounds, g.trainLimitText(ph))
		tt, _ := g.Depot.Type(t.Name)
		for _, ev := range tt.Events {
			g.trainEvent(ev)
		}
		step.Rust(g.Game, t.Name)
		if g.era.discardAtOnce {
			g.op.discardNow = step.Crowded(g.Game, g.trainLimit())
			continue
		}
		for _, o := range g.Corps {
			if o != c && len(o.Trains) > g.trainLimit() {
				g.op.crowded[o.Sym] = true
			}
		}
	}
}

func (g *Game) trainEvent(ev string) {
	switch ev {
	case "fishbourne_to_bank":
		ffc := g.Company("FFC")
		ffc.Owner = "bank"
		g.Logf("%s is now available for purchase from the Bank", ffc.Name)
	case "relax_cert_limit":
		g.NoPriceDropOnSale = true
		g.CertLimit = 999
		g.Logf("Selling shares no longer decreases share value; No limit on certificates per player.")
	case "southern_forms":
		g.SouthernFormed = true
		g.Logf("Southern Railway Forms")
	}
}

// checkBankruptcy: a corporation whose price reaches the 0 cell goes bankrupt (rules 8.3).
func (g *Game) checkBankruptcy(c *engine.Corporation) {
	if c.Cell != nil && c.Cell.Type == engine.CellClose {
		g.makeBankrupt(c)
	}
}

func (g *Game) makeBankrupt(c *engine.Corporation) {
	if c.Bankrupt {
		return
	}
	c.Bankrupt = true
	g.Logf("%s enters Bankruptcy", c.Sym)
	g.Unstart(c)
	c.MinPar = minReparPrice
	for _, s := range c.Shares {
		if s.Holder != engine.HolderIPO {
			s.Holder = engine.HolderIPO
		}
	}
	g.ResetIPOOrder(c)
	for i := range c.Tokens {
		if c.Tokens[i].Location != "" {
			c.Tokens[i].Flipped = true
		}
	}
	// priority deal to the player with the fewest shares; ties to the
	// first in player order, before 2021-09-09 counting from the priority
	// deal's holder (changePriorityTies)
	order := g.Players
	if g.era.priorityFromHolder {
		if i := g.PlayerIndex(g.priorityDeal()); i > 0 {
			order = append(slices.Clone(g.Players[i:]), g.Players[:i]...)
		}
	}
	var best *engine.Player
	bestPct := 0
	for _, p := range order {
		pct := 0
		for _, o := range g.Corps {
			pct += o.PercentOf(engine.Holder(p.ID))
		}
		if best == nil || pct < bestPct {
			best, bestPct = p, pct
		}
	}
	g.GivePriority(best.ID)
	if g.op != nil && g.op.Current() == c {
		g.op.step = stepDone
	}
	if g.stock != nil {
		g.Logf("Restarting Stock Round")
		if !g.era.programsSurvive { // since 2021-04-29 (changeProgramsSurviveRestart)
			g.ClearPrograms() // as 18xx.games does on the restart
		}
		g.stock = nil
		g.openStockRound()
	}
}

// finishOperatingRound moves to the next OR of the set or the next stock round.
func (g *Game) finishOperatingRound() {
	g.op = nil
	if g.Nationalization {
		g.nationalizeCorps()
		allDone := true
		for _, c := range g.Corps {
			if c.Floated && !c.Nationalized {
				allDone = false
			}
		}
		if allDone {
			g.EndTrigger = []string{"nationalization", "immediate"}
			g.endGame("nationalization")
			return
		}
	}
	if g.EndTrigger != nil || g.BankBroken {
		reason := "bank"
		if g.EndTrigger != nil {
			reason = g.EndTrigger[0]
		}
		g.endGame(reason)
		return
	}
	if g.roundLimitReached() {
		return
	}
	if g.RoundNum < g.operatingRounds || g.checkNationalize() {
		if g.checkNationalize() {
			g.triggerNationalization()
		}
		g.startOperatingRound(g.RoundNum + 1)
		return
	}
	g.Turn++
	g.checkNewLayer()
	g.startStockRound()
}

func (g *Game) checkNationalize() bool {
	if !g.SouthernFormed {
		return false
	}
	if g.Nationalization {
		return true
	}
	for _, c := range g.Corps {
		if c.IPOed && !c.Receivership && len(c.Trains) == 0 {
			return false
		}
	}
	return true
}

func (g *Game) triggerNationalization() {
	if g.Nationalization {
		return
	}
	g.Logf("All non-Receivership corporations own at least one train. Nationalization begins.")
	g.Nationalization = true
}

// nationalizeCorps: after each nationalisation OR the lowest earners are taken over (rules 10).
func (g *Game) nationalizeCorps() {
	type rc struct {
		c   *engine.Corporation
		rev int
	}
	var list []rc
	for _, c := range g.Corps {
		if !c.Floated || c.Nationalized {
			continue
		}
		rev := 0
		if c.HasRevenue && c.LastRevenue.Dividend && c.LastRevenue.Kind == "payout" {
			rev = c.LastRevenue.Total
		}
		list = append(list, rc{c, rev})
	}
	if len(list) < 3 {
		for _, x := range list {
			g.nationalize(x.c)
		}
		return
	}
	min := list[0].rev
	for _, x := range list {
		if x.rev < min {
			min = x.rev
		}
	}
	var lowest []*engine.Corporation
	next, hasNext := 0, false
	for _, x := range list {
		if x.rev == min {
			lowest = append(lowest, x.c)
		} else if !hasNext || x.rev < next {
			next, hasNext = x.rev, true
		}
	}
	for _, c := range lowest {
		g.nationalize(c)
	}
	if hasNext && len(lowest) == 1 {
		for _, x := range list {
			if x.rev == next {
				g.nationalize(x.c)
			}
		}
	}
}

func (g *Game) nationalize(c *engine.Corporation) {
	if !c.Nationalized {
		c.Nationalized = true
		g.Logf("%s is Nationalized and will cease to operate.", c.Sym)
	}
}
