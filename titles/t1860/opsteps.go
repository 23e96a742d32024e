package t1860

import (
	"math"

	"tresham/board"
	"tresham/engine"
	"tresham/engine/step"
	"tresham/titles/title"
)

// opSteps are the steps of a corporation's operating turn (rules 7), in
// order. The turn's order gate (operatingRound.gate: whose turn, too
// late, an open step first) runs before them; each step then decides its
// action in Check, changing nothing, and Process cannot fail. The steps
// stand at their place in the turn (stepDiscard ... stepBuyTrain).
var opSteps = step.Round[*Game]{Steps: []step.Step[*Game]{
	&step.DiscardTrain[*Game]{H: step.DiscardHooks[*Game]{
		Operating: step.Operating[*Game]{
			Base: func(g *Game) *engine.Game { return g.Game },
			Corp: func(g *Game) *engine.Corporation {
				if g.op == nil {
					return nil
				}
				if len(g.op.discardNow) > 0 {
					return g.op.discardNow[0]
				}
				return g.op.Current()
			},
			Open: func(g *Game) bool { return g.op != nil && (len(g.op.discardNow) > 0 || g.op.step == stepDiscard) },
		},
		Discarded: func(g *Game, c *engine.Corporation, t *engine.Train) {
			g.Logf("%s discards %s", c.Sym, t.Name)
			if len(g.op.discardNow) > 0 { // before 2021-08-30: at once
				g.op.discardNow = step.Crowded(g.Game, g.trainLimit())
				return
			}
			if len(c.Trains) <= g.trainLimit() {
				delete(g.op.crowded, c.Sym)
				g.op.step++
			}
		},
	}},
	step.Track(step.ActHooks[*Game]{
		Operating:  operating(stepTrack),
		Candidates: func(g *Game, c *engine.Corporation) []engine.Choice { return g.layChoices(c, "", false) },
		Plan:       func(g *Game, c *engine.Corporation, a *engine.Action) (func(), error) { return g.op.planLay(g, c, a) },
		Blocks:     true,
	}),
	step.Token(step.ActHooks[*Game]{
		Operating:  operating(stepToken),
		Candidates: tokenCandidates,
		Plan:       func(g *Game, c *engine.Corporation, a *engine.Action) (func(), error) { return g.op.planToken(g, c, a) },
		Blocks:     true,
	}),
	step.Run(step.ActHooks[*Game]{
		Operating: operating(stepRoute),
		Plan:      func(g *Game, c *engine.Corporation, a *engine.Action) (func(), error) { return g.op.planRun(g, c, a) },
		Blocks:    true,
	}),
	&step.Dividend[*Game]{H: step.DividendHooks[*Game]{
		Operating: operating(stepDividend),
		Pay: func(g *Game, c *engine.Corporation, kind string) {
			g.dividend(g.op, c, kind)
			g.op.step++
		},
	}},
	&step.BuyTrain[*Game]{H: step.BuyTrainHooks[*Game]{
		Operating: operating(stepBuyTrain),
		Limit:     func(g *Game) int { return g.trainLimit() },
		Depot:     func(g *Game, _ *engine.Corporation) []*engine.Train { return g.depotTrains() },
		Traded:    tradedTrains,
		// rules 7.8: any price agreed, at least £10 (in tens)
		TradedAlike: true,
		MinPrice:    minTrainPrice,
		Unavailable: unavailableTrain,
		Bought:      boughtTrain,
	}},
}}

// at reports whether the operating round is at step s.
func at(s int) func(*Game) bool {
	return func(g *Game) bool { return g.op != nil && g.op.step == s }
}

// operating configures a shared step open at step s for the operating
// corporation.
func operating(s int) step.Operating[*Game] {
	return step.Operating[*Game]{
		Base: func(g *Game) *engine.Game { return g.Game },
		Corp: func(g *Game) *engine.Corporation { return g.op.Current() },
		Open: at(s),
	}
}

// stepNames name the steps in refusals.
var stepNames = [...]string{stepDiscard: "discard", stepTrack: "track", stepToken: "token", stepRoute: "route", stepDividend: "dividend", stepBuyTrain: "train purchase"}

// target is the step an action of type typ belongs to (-1: none): the
// step of opSteps that takes it, which is its place in the turn, or the
// current step for a pass.
func (r *operatingRound) target(typ string) int {
	if typ == "pass" {
		return r.step
	}
	return opSteps.Index(typ)
}

// gate decides whether the operating corporation may make an action of
// a's type now, changing nothing: rules 7, the steps come in order, and a
// step with something to do ends only by doing it or passing (18xx.games
// asks for an explicit pass for each such step; skipSteps passes the ones
// with nothing to do).
func (r *operatingRound) gate(g *Game, a *engine.Action) error {
	c := r.Current()
	if c == nil {
		return engine.Refuse(a, "no corporation is operating")
	}
	if len(r.discardNow) > 0 { // before 2021-08-30 (changeDiscardInOwnTurn)
		if d := r.discardNow[0]; a.Entity != d.Sym || a.Type != "discard_train" {
			return engine.Refuse(a, "%s must first discard down to the train limit of %d", d.Sym, g.trainLimit())
		}
		return nil
	}
	if a.Entity != c.Sym {
		if a.EntityType == "company" {
			return engine.Refuse(a, "companies have no operating-round abilities in 1860")
		}
		return engine.Refuse(a, "it is %s's turn, not %s's", c.Sym, a.Entity)
	}
	target := r.target(a.Type)
	switch {
	case target < 0:
		return engine.Refuse(a, "%s is not an operating round action", a.Type)
	case target < r.step:
		return engine.Refuse(a, "%s comes too late in %s's turn", a.Type, c.Sym)
	case target > r.step:
		return engine.Refuse(a, "%s must first finish its %s step (or pass it)", c.Sym, stepNames[r.step])
	case !r.stepOpen(g, target):
		return engine.Refuse(a, "%s cannot %s now", c.Sym, a.Type)
	}
	if a.Type == "pass" {
		if why := r.passRefusal(g, c); why != "" {
			return engine.Refuse(a, "%s cannot pass: %v", c.Sym, why)
		}
	}
	return nil
}

// process applies a when it is accepted; a refused action changes nothing.
func (r *operatingRound) process(g *Game, a *engine.Action) error {
	if err := r.gate(g, a); err != nil {
		return engine.Unchanged(err)
	}
	if len(r.discardNow) > 0 { // a crowded company's discard, in another's turn
		if err := step.Apply(opSteps.For(g, a.Type), g, a); err != nil {
			return err
		}
		r.skipSteps(g)
		return nil
	}
	if a.Type != "pass" {
		if err := step.Apply(opSteps.For(g, a.Type), g, a); err != nil {
			return err // marked engine.Unchanged by the step
		}
	} else {
		r.step++
	}
	r.acted = true
	r.skipSteps(g)
	return nil
}

// legal lists the choices of the corporation's current step (rules 7: the
// steps come in order), and pass where the step may be skipped.
func (r *operatingRound) legal(g *Game, c *engine.Corporation) []engine.Choice {
	if len(r.discardNow) > 0 {
		return opSteps.Choices(g, r.discardNow[0].Sym)
	}
	if r.step >= stepDone || !r.stepOpen(g, r.step) {
		return nil
	}
	out := opSteps.Choices(g, c.Sym)
	if r.passRefusal(g, c) == "" {
		out = append(out, engine.Choice{Action: engine.CorpAction(c, "pass"), Ends: passEnds[r.step]})
	}
	return out
}

// passEnds says what a pass at each step gives up (engine.Choice.Ends):
// the rest of the track step (rules 7.2), the token (7.3) or the train
// purchases, after which the turn ends (7.8).
var passEnds = [...]string{stepTrack: engine.PassTrack, stepToken: engine.PassToken, stepBuyTrain: engine.PassTrains, stepDone: ""}

// planLay decides a lay in the track step: the turn's allowance (rules
// 7.2), then the board and the terrain cost.
func (r *operatingRound) planLay(g *Game, c *engine.Corporation, a *engine.Action) (func(), error) {
	upgrade, city, err := g.layTileCheck(c, a)
	if err != nil {
		return nil, err
	}
	if err := r.lay.check(a.Hex, upgrade, city); err != nil {
		return nil, engine.Refuse(a, "%v", err)
	}
	cost, lay, err := g.checkLay(c, a, false)
	if err != nil {
		return nil, err
	}
	return func() {
		g.doLay(c, a, cost, lay)
		r.lay = r.lay.next(a.Hex, upgrade, city)
		if !r.canLay(g, c) {
			r.step++
		}
	}, nil
}

// layTileCheck classifies a lay: an upgrade (not a yellow tile) or a tile
// with a city (rules 7.2: either ends track laying).
func (g *Game) layTileCheck(c *engine.Corporation, a *engine.Action) (upgrade, city bool, err error) {
	if g.Board == nil {
		return false, false, nil
	}
	t, err := step.LayTile(g.Board, a)
	if err != nil {
		return false, false, err
	}
	return t.Color != board.Yellow, t.NumCities() > 0, nil
}

// checkLay decides whether c may lay a's tile (its home tile when home),
// changing nothing, and returns the terrain cost to pay and the function
// that lays the tile.
func (g *Game) checkLay(c *engine.Corporation, a *engine.Action, home bool) (int, func(), error) {
	if g.Board == nil {
		return 0, func() {}, nil
	}
	opt, err := g.layOptions(c)
	if err != nil {
		return 0, nil, engine.Refuse(a, "%v", err)
	}
	budget := c.Cash
	if home {
		budget = math.MaxInt // a home tile is free
	}
	res, lay, err := step.PlanLay(g.Board, c, a, opt, budget)
	if err != nil {
		return 0, nil, err
	}
	cost := res.Cost
	if home {
		cost = 0
	}
	if cost > 0 && c.Insolvent {
		// Insolvency: it "may not upgrade track or build track that would
		// incur a cost" (read, as 18xx.games does, as track that costs)
		return 0, nil, engine.Refuse(a, "%s is insolvent and may not pay £%d for track (Insolvency)", c.Sym, cost)
	}
	return cost, lay, nil
}

// doLay makes the lay checkLay decided and pays its cost.
func (g *Game) doLay(c *engine.Corporation, a *engine.Action, cost int, lay func()) {
	lay()
	if cost > 0 {
		g.PayCorp(c, -cost)
	}
	l := engine.NewLogBuilder("%s lays tile %s with rotation %d on %s")
	l.Str(c.Sym)
	l.Text(" lays tile ")
	l.Str(a.Tile)
	l.Text(" with rotation ")
	l.Int(a.Rotation)
	l.Text(" on ")
	l.Str(a.Hex)
	g.AddLog(&l)
}

// layTile lays a's tile for c (its home tile when home) or refuses,
// changing nothing.
func (g *Game) layTile(c *engine.Corporation, a *engine.Action, home bool) error {
	cost, lay, err := g.checkLay(c, a, home)
	if err != nil {
		return err
	}
	g.doLay(c, a, cost, lay)
	return nil
}

// tokenCandidates are the tokens to offer, each then checked by planToken:
// the cities on c's network with a slot for it (rules 7.3).
func tokenCandidates(g *Game, c *engine.Corporation) []engine.Choice {
	if g.Board == nil {
		return nil
	}
	return step.TokenChoices(g.Board, c, true)
}

// planToken decides c's token a in the token step (rules 7.3): a token
// left, its price paid, a city on c's network with a slot for it.
func (r *operatingRound) planToken(g *Game, c *engine.Corporation, a *engine.Action) (func(), error) {
	i := c.NextToken()
	if i < 0 {
		return nil, engine.Refuse(a, "%s has no tokens left", c.Sym)
	}
	price := c.Tokens[i].Price
	if c.Cash < price {
		return nil, engine.Refuse(a, "%s cannot afford a £%d token", c.Sym, price)
	}
	opt := board.TokenOptions{CheckConnected: true}
	var ref board.NodeRef
	if g.Board != nil {
		var err error
		if ref, err = step.CheckToken(g.Board, c, a.City, opt); err != nil {
			return nil, engine.Refuse(a, "%v", err)
		}
	}
	return func() {
		loc := a.City
		if g.Board != nil {
			loc, _ = step.PlaceToken(g.Board, c, ref, opt) // checked above
		}
		c.Tokens[i].Location = loc
		g.PayCorp(c, -price)
		l := engine.NewLogBuilder("%s places a token on %s for £%d")
		l.Str(c.Sym)
		l.Text(" places a token on ")
		l.Str(loc)
		l.Text(" for £")
		l.Int(price)
		g.AddLog(&l)
		r.step++
	}, nil
}

// planRun decides the run a in the route step. Once recorded, a company
// in receivership or insolvent withholds at once, and a nationalised run
// pays out (rules 10).
func (r *operatingRound) planRun(g *Game, c *engine.Corporation, a *engine.Action) (func(), error) {
	routes, err := g.checkRoutes(c, a, false)
	if err != nil {
		return nil, err
	}
	return func() {
		r.routes = routes
		g.logRun(c, routes)
		runs := make([][]board.NodeRef, 0, len(routes))
		for _, rt := range routes {
			if rt.visits != nil {
				runs = append(runs, rt.visits)
			}
		}
		g.afterRuns(c, runs)
		r.step++
		if c.Receivership || c.Insolvent {
			if len(r.routes) > 0 {
				r.step = stepDividend
				g.dividend(r, c, "withhold")
				r.step++
			}
		} else if g.Nationalization && r.totalRevenue() > 0 {
			r.step = stepDividend
			g.dividend(r, c, "payout")
			r.step++
		}
	}, nil
}

// checkRoutes decides c's run a (rules 7.4, Running Trains), changing
// nothing, and returns what each train earns: for the run step, or for
// CheckRun (stated), which checks a proposed run as the step would but
// for the must-run rule, and words a revenue other than the route's as
// stated rather than stored.
func (g *Game) checkRoutes(c *engine.Corporation, a *engine.Action, stated bool) ([]routeResult, error) {
	word := "stored"
	if stated {
		word = "stated"
	}
	var leased *engine.Train
	if len(c.Trains) == 0 && g.routeInsolvent(c) {
		leased = g.Depot.MinUpcoming() // the depot's next train, named by its id
	}
	trains, err := step.RunTrains(c, a.Routes, leased)
	if err != nil {
		return nil, engine.Refuse(a, "%v", err)
	}
	routes := make([]routeResult, len(a.Routes))
	for i, t := range trains {
		routes[i].train = t
	}
	// on the map, each route is resolved once, for its revenue and for the
	// checks across the run
	b, onMap := g.Board, g.Board != nil
	runs := make([]runCheck, len(routes))
	if onMap && len(a.Routes) > 0 {
		resolved, err := title.ResolveRun(b, c.Sym, a.Routes, false)
		if err != nil {
			return nil, engine.Refuse(a, "%v", err)
		}
		// every route's visited nodes in one allocation
		n := 0
		for _, res := range resolved {
			n += len(res.Legs) + 1
		}
		vis := make([]board.NodeRef, 0, n)
		for i, res := range resolved {
			start := len(vis)
			vis = res.AppendVisited(vis)
			runs[i] = runCheck{train: routes[i].train, res: res, vis: vis[start:len(vis):len(vis)]}
		}
	}
	total := 0
	for i := range a.Routes {
		rt, t := &a.Routes[i], routes[i].train
		rev, sub := 0, 0
		var stops []board.NodeRef
		if onMap {
			ev, err := g.evaluateVisits(b, c, t, runs[i].vis, rt.Halts)
			if err != nil {
				return nil, engine.Refuse(a, "route %d (%s): %v", i+1, t.ID, err)
			}
			if rt.Subsidy != nil && *rt.Subsidy != ev.subsidy {
				return nil, engine.Refuse(a, "route %d (%s): %s subsidy %d but the route's halt subsidy is %d", i+1, t.ID, word, *rt.Subsidy, ev.subsidy)
			}
			rev, sub, stops = ev.revenue, ev.subsidy, ev.counted
		}
		// the written revenue must agree with the track (off the map it is
		// taken as written)
		if rt.Revenue != nil {
			if err := title.StatedRevenue(i, t.ID, word, rt.Revenue, rev); onMap && err != nil {
				return nil, engine.Refuse(a, "%v", err)
			}
			rev = *rt.Revenue
		}
		if rt.Subsidy != nil {
			sub = *rt.Subsidy
		}
		routes[i].revenue, routes[i].subsidy, routes[i].visits, routes[i].stops = rev, sub, runs[i].vis, stops
		total += rev
	}
	if onMap && len(a.Routes) > 0 {
		if err := g.checkResolvedRun(b, c, a, runs); err != nil {
			return nil, err
		}
	}
	if onMap {
		if err := g.checkMaxRun(b, c, a, total); err != nil {
			return nil, err
		}
	}
	if !stated && len(routes) == 0 && g.hasRoute(c) && (len(c.Trains) > 0 || c.Insolvent) && !(c.Receivership && g.Nationalization) && g.canRun(c) {
		return nil, engine.Refuse(a, "%s must run a route", c.Sym)
	}
	return routes, nil
}

// tradedTrains are the trains c may buy from other corporations (rules
// 7.8): none during nationalisation, and a corporation's only train not by
// a corporation that has one.
func tradedTrains(g *Game, c *engine.Corporation) []*engine.Train {
	if g.Nationalization {
		return nil
	}
	var out []*engine.Train
	for _, o := range g.Corps {
		if o != c && g.canBuyFrom(c, o) {
			out = append(out, o.Trains...)
		}
	}
	return out
}

// unavailableTrain says why the train a names is not for sale to c.
func unavailableTrain(g *Game, c *engine.Corporation, a *engine.Action) error {
	t := g.findTrain(a.Train)
	switch {
	case t == nil:
		return engine.Refuse(a, "no train %q for sale", a.Train)
	case t.Owner == "":
		return engine.Refuse(a, "train %s is not yet for sale", t.ID)
	case t.Owner == c.Sym:
		return engine.Refuse(a, "a corporation cannot buy its own train")
	case g.Nationalization:
		return engine.Refuse(a, "no train trading during nationalisation")
	}
	return engine.Refuse(a, "%s may not buy %s's train (rules 7.8: a company's only train cannot be bought by a company that has one)", c.Sym, t.Owner)
}

// boughtTrain: a new train from the bank may change the phase (rules 9);
// the step ends when no further purchase is possible.
func boughtTrain(g *Game, c *engine.Corporation, p step.Purchase) {
	if p.Seller == nil {
		g.Logf("%s buys a %s train for £%d from The Depot", c.Sym, p.Train.Name, p.Price)
		if !p.FromPool {
			g.newTrainBought(c, p.Train)
		}
	} else {
		g.Logf("%s buys a %s train for £%d from %s", c.Sym, p.Train.Name, p.Price, p.Seller.Sym)
	}
	if !g.canBuyTrain(c) {
		g.op.step++
	}
}

// logRun writes c's run train by train (step.LogTrainRun), each with the
// stops it counts (a small station or halt it passes is not named).
// The stops named are kept for the map's caption of the run (g.ran).
func (g *Game) logRun(c *engine.Corporation, routes []routeResult) {
	kept := make([]title.RanTrain, 0, len(routes))
	for _, rt := range routes {
		stops := rt.stops
		if stops == nil {
			stops = rt.visits
		}
		step.LogTrainRun(g.Game, g.Board, c, rt.train.Name, rt.revenue, rt.subsidy, stops)
		kept = append(kept, title.RanTrain{Train: rt.train.ID, Visits: rt.visits, Stops: stops, Revenue: rt.revenue})
	}
	g.ran.Keep(c.Sym, kept)
}
