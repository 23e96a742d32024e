package t1825

import (
	"slices"
	"sort"

	"tresham/board"
	"tresham/engine"
	"tresham/engine/step"
)

// opSteps are the steps of an operating round (section 4), in order: a
// minor's choice of its home city and the discards of companies over the
// train limit come before anything else; then the operating company's
// turn: track, bases, Surveyors and a lease (rules 4.2-4.4, 6.4.3, 6.6),
// its run (4.5), the dividend (4.5, 6.3) and train purchases (4.6), each
// step open at its place in the turn (opRound.step). Each step decides
// its action once, changing nothing (a plan); the plan then applies it
// and cannot fail. opRound.notNow words the refusal of an action no open
// step takes; opRound.advance moves the turn on after each action.
var opSteps = step.Round[*Game]{Steps: []step.Step[*Game]{
	homeStep,
	discardStep,
	step.Run(step.ActHooks[*Game]{
		Operating: operating(at(stRoute)),
		Candidates: func(g *Game, c *engine.Corporation) []engine.Choice {
			if !g.canRunRoutes(c) {
				return nil
			}
			return []engine.Choice{{Action: engine.CorpAction(c, "run_routes"), Open: "routes"}}
		},
		Plan: planRun,
	}),
	step.Track(step.ActHooks[*Game]{
		Operating:  operating(at(stTrack)),
		Candidates: layCandidates,
		Plan:       planLay,
	}),
	step.NewAct(step.ActHooks[*Game]{
		Operating:  operating(leaseOpen),
		Kind:       "special_buy",
		Candidates: leaseCandidates,
		Plan:       planLease,
	}),
	step.Token(step.ActHooks[*Game]{
		Operating:  operating(at(stTrack)),
		Candidates: tokenCandidates,
		Plan:       planToken,
	}),
	step.NewAct(step.ActHooks[*Game]{
		Operating:  operating(at(stTrack)),
		Kind:       "move_surveyor",
		Candidates: (*Game).surveyorChoices,
		Plan:       planSurveyor,
	}),
	step.Pass(step.ActHooks[*Game]{
		Operating: operating(func(g *Game) bool { return g.op.step == stTrack || g.op.step == stBuy }),
		// the pass says what it gives up: the rest of track and stations
		// (rules 4.2-4.4) or of the train purchases (4.6), as planPass applies it
		Candidates: func(g *Game, c *engine.Corporation) []engine.Choice {
			ends := engine.PassTrains
			if g.op.step == stTrack {
				ends = engine.PassTrackToken
			}
			return []engine.Choice{{Action: engine.CorpAction(c, "pass"), Ends: ends}}
		},
		Plan: planPass,
	}),
	dividendStep,
	buyTrainStep,
}, NotNow: func(g *Game, a *engine.Action) error { return g.op.notNow(g, a) }}

// at reports whether the operating round is at step s.
func at(s int) func(*Game) bool {
	return func(g *Game) bool { return g.op.step == s }
}

// operating configures a shared step for the operating company.
func operating(open func(*Game) bool) step.Operating[*Game] {
	return step.Operating[*Game]{
		Base: func(g *Game) *engine.Game { return g.Game },
		Corp: func(g *Game) *engine.Corporation {
			if g.op == nil {
				return nil
			}
			return g.op.Current()
		},
		Open: open,
	}
}

// homeStep: a minor whose home hex has several cities chooses the one for
// its home base before anything else happens (18xx.games pending home
// token).
var homeStep = step.NewAct(step.ActHooks[*Game]{
	Operating: step.Operating[*Game]{
		Base: func(g *Game) *engine.Game { return g.Game },
		Corp: func(g *Game) *engine.Corporation {
			if g.op == nil || len(g.op.pendingHome) == 0 {
				return nil
			}
			return g.op.pendingHome[0]
		},
	},
	Kind: "place_token",
	Candidates: func(g *Game, c *engine.Corporation) []engine.Choice {
		h := g.defs[c.Sym].Homes[0]
		v, _ := g.Board.Hex(h)
		var out []engine.Choice
		for _, n := range v.Tile.CityIndexes() {
			a := engine.CorpAction(c, "place_token")
			a.City = g.Board.CityID(board.NodeRef{Hex: h, Node: n})
			out = append(out, engine.Choice{Action: a})
		}
		return out
	},
	Plan:   planHome,
	Blocks: true,
})

// discardStep: a company over the train limit returns trains of its choice
// to the bank pool, the first such company first (rule 4.7.3).
var discardStep = &step.DiscardTrain[*Game]{H: step.DiscardHooks[*Game]{
	Operating: step.Operating[*Game]{
		Base: func(g *Game) *engine.Game { return g.Game },
		Corp: func(g *Game) *engine.Corporation {
			if g.op == nil || len(g.op.discard) == 0 {
				return nil
			}
			return g.op.discard[0]
		},
	},
	Discarded: func(g *Game, c *engine.Corporation, t *engine.Train) {
		g.Logf("%s discards a %s train", c.Sym, t.Name)
		g.op.discard = g.crowdedCorps()
	},
}}

// dividendStep: the operating company pays out or withholds the turn's
// revenue (rules 4.5, 6.3); a company in receivership always withholds
// (decided in opRound.advance).
var dividendStep = &step.Dividend[*Game]{H: step.DividendHooks[*Game]{
	Operating: operating(func(g *Game) bool {
		c := g.op.Current()
		return g.op.step == stDividend && g.op.revenue > 0 && c != nil && !c.Receivership
	}),
	Pay: func(g *Game, c *engine.Corporation, kind string) {
		g.payDividend(c, kind)
		g.op.step = stBuy
	},
}}

// buyTrainStep: the operating company buys trains from the bank (the next
// on offer, any type whose phase has come, one of each type in the pool:
// rules 4.6.1, 6.3.4) or from other companies at an agreed price of at
// least £10 (rule 4.6.5; not in receivership).
var buyTrainStep = &step.BuyTrain[*Game]{H: step.BuyTrainHooks[*Game]{
	Operating: operating(at(stBuy)),
	Limit:     func(g *Game) int { return g.trainLimit() },
	Depot:     func(g *Game, _ *engine.Corporation) []*engine.Train { return g.depotTrains() },
	Traded: func(g *Game, c *engine.Corporation) []*engine.Train {
		if c.Receivership {
			return nil
		}
		return g.otherTrains(c)
	},
	MinPrice:  10,
	PriceStep: func(g *Game) int { return g.tradePriceStep() },
	Unavailable: func(g *Game, c *engine.Corporation, a *engine.Action) error {
		return engine.Refuse(a, "train %s is not for sale", a.Train)
	},
	Bought: func(g *Game, c *engine.Corporation, p step.Purchase) { g.trainBought(c, p.Train, p.Price) },
}}

// process applies a, or refuses it before anything changes (the step
// that takes it decides); after an accepted action the turn moves on.
func (r *opRound) process(g *Game, a *engine.Action) error {
	if err := opSteps.Process(g, a); err != nil {
		return err // marked engine.Unchanged by the round or the step
	}
	r.advance(g)
	return nil
}

// notNow words the refusal of an action that no open step takes: a
// pending home base or discard comes first, then only the operating
// company acts, and then the rule says why not now.
func (r *opRound) notNow(g *Game, a *engine.Action) error {
	c := r.Current()
	switch {
	case len(r.pendingHome) > 0:
		return engine.Refuse(a, "%s must first choose the city of its home base", r.pendingHome[0].Sym)
	case len(r.discard) > 0:
		return engine.Refuse(a, "%s must first discard a train (rule 4.7.3)", r.discard[0].Sym)
	case c == nil:
		return engine.Refuse(a, "no company is operating")
	case a.Entity != c.Sym:
		return engine.Refuse(a, "it is %s's turn", c.Sym)
	}
	switch a.Type {
	case "lay_tile":
		return engine.Refuse(a, "%s cannot lay track now (rule 4.2)", c.Sym)
	case "place_token":
		return engine.Refuse(a, "%s cannot place a base now (rule 4.4)", c.Sym)
	case "move_surveyor":
		if !g.surveyorsActive() {
			return engine.Refuse(a, "Surveyors are not in use (rule 6.6)")
		}
		return engine.Refuse(a, "%s cannot move a Surveyor now (rule 6.6)", c.Sym)
	case "special_buy":
		return engine.Refuse(a, "only a company in receivership may lease one train (rule 6.4.3)")
	case "run_routes":
		if h, owes := g.owesSurveyorMove(c); owes {
			return engine.Refuse(a, "%s's Surveyor on %s must move first (rule 6.6.5)", c.Sym, h)
		}
		if r.step == stTrack {
			// the track and base step comes first (rule 4.2; 18xx.games: a
			// blocking step): lay, place a base or pass it
			return engine.Refuse(a, "%s is still laying track and placing bases: pass that step before running trains", c.Sym)
		}
		return engine.Refuse(a, "%s cannot run trains now", c.Sym)
	case "dividend":
		return engine.Refuse(a, "%s has no dividend to decide", c.Sym)
	case "buy_train":
		switch r.step {
		case stTrack, stRoute:
			return engine.Refuse(a, "trains are bought at the end of the turn (rule 4.6)")
		case stDividend:
			return engine.Refuse(a, "%s must first decide its dividend", c.Sym)
		}
		return engine.Refuse(a, "%s cannot buy trains now", c.Sym)
	case "pass":
		return engine.Refuse(a, "%s cannot pass now", c.Sym)
	}
	return engine.Refuse(a, "%s is not an operating round action", a.Type)
}

// planHome decides the home base a of the first minor choosing one.
func planHome(g *Game, c *engine.Corporation, a *engine.Action) (func(), error) {
	r := g.op
	home := g.defs[c.Sym].Homes[0]
	if ref, err := g.Board.ResolveCity(a.City); err != nil || ref.Hex != home {
		return nil, engine.Refuse(a, "%s's home base goes on %s", c.Sym, home)
	}
	ref, err := step.CheckToken(g.Board, c, a.City, board.TokenOptions{})
	if err != nil {
		return nil, engine.Refuse(a, "%v", err)
	}
	return func() {
		_, _ = step.PlaceToken(g.Board, c, ref, board.TokenOptions{}) // checked above
		g.placeSurveyors(c)
		r.pendingHome = r.pendingHome[1:]
	}, nil
}

// planPass decides a pass: of the track step, unless a Surveyor must move
// (rule 6.6.5), or of the train step, unless in receivership (rule 6.4.4).
func planPass(g *Game, c *engine.Corporation, a *engine.Action) (func(), error) {
	r := g.op
	switch r.step {
	case stTrack:
		if h, owes := g.owesSurveyorMove(c); owes {
			return nil, engine.Refuse(a, "%s's Surveyor on %s must move (rule 6.6.5)", c.Sym, h)
		}
		return func() { r.step = stRoute }, nil
	case stBuy:
		if c.Receivership {
			return nil, engine.Refuse(a, "a company in receivership must buy a train (rule 6.4.4)")
		}
		return func() { r.step = stDone }, nil
	}
	return nil, engine.Refuse(a, "%s cannot pass now", c.Sym)
}

// planLay decides the tile lay a (rules 4.2, 4.3, 4.7; Surveyors 6.6;
// reserved hexes 4.2.8), changing nothing: the first lay may be a new tile
// or a promotion, a second new tile may follow, not adjacent to the first,
// and the terrain cost must be paid.
func planLay(g *Game, c *engine.Corporation, a *engine.Action) (func(), error) {
	r := g.op
	if !g.canLayTile(c) {
		return nil, engine.Refuse(a, "%s cannot lay track now (rule 4.2)", c.Sym)
	}
	upgrade := IsUpgrade(g.Board, a.Hex)
	if upgrade && len(r.laid) > 0 {
		return nil, engine.Refuse(a, "a promotion must be the only tile laid in a turn (rule 4.3)")
	}
	for _, h := range r.laid {
		if h == a.Hex || g.adjacent(h, a.Hex) {
			return nil, engine.Refuse(a, "the two tiles of a turn may not be laid in adjacent hexes (rule 4.2)")
		}
	}
	if o := g.reservedFor(c, a.Hex); o != "" {
		return nil, engine.Refuse(a, "new tiles on %s are reserved for the %s (rule 4.2.8)", a.Hex, o)
	}
	td, err := step.LayTile(g.Board, a)
	if err != nil {
		return nil, err
	}
	name := td.Name
	if (name == "887" || name == "888") && a.Hex == "Q13" && c.Sym != "NS" {
		return nil, engine.Refuse(a, "only the NS may lay tiles 887/888 on Q13")
	}
	if !TileAvailable(td, g.phaseTiles()) {
		return nil, engine.Refuse(a, "tile %s is not available in phase %s (rule 4.7)", name, g.Phase().Name)
	}
	minor := g.isMinor(c)
	opt, err := g.layOptions(c, a.Hex)
	if err != nil {
		return nil, engine.Refuse(a, "%v", err)
	}
	res, lay, err := step.PlanLay(g.Board, c, a, opt, g.buyingPower(c))
	if err != nil {
		return nil, err
	}
	if why := g.creditRefusal(c, res.Cost, layOn(*a, opt)); why != "" {
		return nil, engine.Refuse(a, "%s", why)
	}
	hex, rot := a.Hex, a.Rotation
	return func() {
		lay()
		g.spend(c, res.Cost)
		g.Logf("%s lays tile #%s with rotation %d on %s", c.Sym, name, rot, hex)
		// a minor's reservation of any city of the hex becomes one of the
		// city its token could go to, when only one could take it
		// (18xx.games update_tile_reservation)
		g.Board.SettleHexReservation(hex)
		r.laid = append(r.laid, hex)
		if upgrade {
			r.upgraded = true
		}
		if hexes := g.blocks[c.Sym]; len(hexes) > 0 {
			g.blocks[c.Sym] = engine.Without(hexes, hex)
		}
		if minor {
			g.placeHomeToken(c)
		}
	}, nil
}

// layOptions are the board's lay options for c on hex: a minor lays its
// home track before its base, and a hexag a Surveyor of c has just left
// need not connect (rule 6.6); a new tile elsewhere with Surveyors in use
// is refused.
func (g *Game) layOptions(c *engine.Corporation, hex string) (board.LayOptions, error) {
	opt := board.LayOptions{Corp: c.Sym, Rules: g.layRules(c)}
	d := g.defs[c.Sym]
	if d.Minor && c.Tokens[0].Location == "" && len(d.Homes) > 0 && d.Homes[0] == hex {
		opt.NoConnectivity = true
	} else if free, err := g.surveyLay(c, hex); err != nil {
		return opt, err
	} else if free {
		opt.NoConnectivity = true
	}
	return opt, nil
}

// layCandidates are the tile lays to offer, each then checked by planLay:
// the board's lays, but for the title's reach rule, on the hexes track may
// reach (a minor's home, the hexags its Surveyors left).
func layCandidates(g *Game, c *engine.Corporation) []engine.Choice {
	if !g.canLayTile(c) {
		return nil
	}
	cs := g.phaseColors()
	// the hexes with a candidate: each candidate's plan runs the reach
	// rule (4.3.2), once (step.WithoutCheckLay)
	hexes := g.Board.LegalLayHexes(step.WithoutCheckLay(board.LayOptions{Corp: c.Sym, Rules: g.layRules(c), Colors: cs}))
	d := g.defs[c.Sym]
	if d.Minor && c.Tokens[0].Location == "" && len(d.Homes) > 0 {
		hexes = append(hexes, d.Homes[0])
	}
	if g.surveyorsActive() {
		// new tiles only where a Surveyor has just left (rule 6.6)
		hexes = slices.DeleteFunc(hexes, func(h string) bool { return !IsUpgrade(g.Board, h) })
		hexes = append(hexes, g.op.surveyed...)
	}
	sort.Strings(hexes)
	return step.TrackChoices(g.Board, c, slices.Compact(hexes), func(h string) (board.LayOptions, bool) {
		opt, err := g.layOptions(c, h)
		opt.Colors = cs
		// the terrain cost must be paid (rule 4.2.7)
		v, ok := g.Board.Hex(h)
		return opt, err == nil && !(ok && v.Tile.Cost() > g.buyingPower(c))
	})
}

// planToken decides the base a (rule 4.4): one a turn, connected to the
// company's track, paid for.
func planToken(g *Game, c *engine.Corporation, a *engine.Action) (func(), error) {
	r := g.op
	if !g.canPlaceToken(c) {
		return nil, engine.Refuse(a, "%s cannot place a base now (rule 4.4)", c.Sym)
	}
	price := c.Tokens[c.NextToken()].Price
	opt := board.TokenOptions{CheckConnected: true}
	ref, err := step.CheckToken(g.Board, c, a.City, opt)
	if err != nil {
		return nil, engine.Refuse(a, "%v", err)
	}
	if why := g.creditRefusal(c, price, tokenAt(ref, c.Sym)); why != "" {
		return nil, engine.Refuse(a, "%s", why)
	}
	return func() {
		_, _ = step.PlaceToken(g.Board, c, ref, opt) // checked above
		g.spend(c, price)
		g.Logf("%s places a token on %s for £%d", c.Sym, ref.Hex, price)
		r.tokened = true
	}, nil
}

// tokenCandidates are the bases to offer, each then checked by planToken.
func tokenCandidates(g *Game, c *engine.Corporation) []engine.Choice {
	if !g.canPlaceToken(c) {
		return nil
	}
	return step.TokenChoices(g.Board, c, false)
}

// leaseOpen reports whether the lease step is open: before the run, in the
// track step while a tile may still be laid, or in the run step. Rule 6.4.3
// does not say when in the turn; this is 18xx.games' timing (its lease is
// part of the track step only while a lay is left), so a company that has
// laid all it may leases at its run.
func leaseOpen(g *Game) bool {
	switch g.op.step {
	case stRoute:
		return true
	case stTrack:
		return g.canLayTile(g.op.Current())
	}
	return false
}

// planLease decides the lease a (rule 6.4.3): a company in receivership
// hires one train a turn that the bank sells, for £10, before its run.
func planLease(g *Game, c *engine.Corporation, a *engine.Action) (func(), error) {
	r := g.op
	if !c.Receivership || r.leased != nil || !leaseOpen(g) {
		return nil, engine.Refuse(a, "only a company in receivership may lease one train (rule 6.4.3)")
	}
	var train *engine.Train
	for _, t := range g.depotTrains() {
		if t.Name == a.Description {
			train = t
			break
		}
	}
	if train == nil {
		return nil, engine.Refuse(a, "no %q train to lease", a.Description)
	}
	if !g.leaseRepaid(c, train) {
		return nil, engine.Refuse(a, "%s could not repay a lease on credit from its run (rule 6.4.6)", c.Sym)
	}
	return func() {
		r.leased = train
		g.spend(c, leaseCost)
		g.Logf("%s leases %s for £%d", c.Sym, train.Name, leaseCost)
	}, nil
}

// leaseCandidates are the leases to offer, each then checked by planLease.
func leaseCandidates(g *Game, c *engine.Corporation) []engine.Choice {
	if !c.Receivership || g.op.leased != nil {
		return nil
	}
	var out []engine.Choice
	for _, t := range g.depotTrains() {
		a := engine.CorpAction(c, "special_buy")
		a.Description, a.Cost = t.Name, leaseCost
		out = append(out, engine.Choice{Action: a})
	}
	return out
}

// leaseRepaid reports whether company c may lease train t: paid from its
// cash, or on credit only while the run it could make with t repays all it
// owes. Rule 6.4.6 lets a Receiver pay from the turn's revenue; a debt the
// run cannot repay is refused at the run (as on 18xx.games, where the
// players must undo), so such a lease is neither offered nor accepted.
func (g *Game) leaseRepaid(c *engine.Corporation, t *engine.Train) bool {
	owed := g.op.loan + leaseCost - c.Cash
	if owed <= 0 {
		return true
	}
	saved := g.op.leased
	g.op.leased = t // the run as it would be with t (restored below)
	defer func() { g.op.leased = saved }()
	rev, err := g.BestRevenue(c.Sym)
	return err == nil && rev >= owed
}

// planRun decides the run a (rules 4.5; in receivership 6.4): each train
// once, on routes the track allows, worth what the export says, and
// repaying what the turn owes.
func planRun(g *Game, c *engine.Corporation, a *engine.Action) (func(), error) {
	r := g.op
	if !g.canRunRoutes(c) {
		return nil, engine.Refuse(a, "%s cannot run trains now", c.Sym)
	}
	trains, err := g.runTrains(c, a.Routes)
	if err != nil {
		return nil, engine.Refuse(a, "%v", err)
	}
	for _, t := range trains {
		// A hired train runs for the company that leased it even if it ran
		// earlier this round (a discarded train back in the bank: rule
		// 6.4.3 hires it afresh, as 18xx.games runs it).
		if t.Operated && t != r.leased {
			return nil, engine.Refuse(a, "train %s has already run this turn", t.ID)
		}
	}
	// the nodes each route visits, kept for the log (all in one slice)
	var visits []board.NodeRef
	ends := make([]int, 0, len(a.Routes))
	total, revs, err := g.runRevenue(c, a.Routes, trains, "stored", func(_ int, v []board.NodeRef) {
		visits = append(visits, v...)
		ends = append(ends, len(visits))
	})
	if err != nil {
		return nil, engine.Refuse(a, "%v", err)
	}
	if err := g.receiverRunRefusal(a, c, total); err != nil {
		return nil, err
	}
	if total < r.loan {
		return nil, engine.Refuse(a, "revenue of %d does not cover the %d owed (rule 6.4.6)", total, r.loan)
	}
	routes := a.Routes
	return func() {
		g.logRun(c, trains, revs, visits, ends)
		r.revenue = total
		r.routes = routes
		r.step = stDividend
	}, nil
}
