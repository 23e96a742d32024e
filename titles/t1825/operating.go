package t1825

import (
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
	num      int
	order    []*engine.Corporation
	index    int
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
	g.RoundKind = "Operating"
	g.RoundNum = num
	g.Logf("-- Operating Round %d.%d (of %d) --", g.Turn, num, g.operatingRounds)
	r := &opRound{num: num, order: g.operatingOrder(), index: -1}
	g.op = r
	g.lastOrder = r.order
	g.payoutCompanies()
	for _, c := range r.order {
		g.placeHomeToken(c)
	}
	for _, c := range r.order {
		for _, t := range c.Trains {
			t.Operated = false
		}
	}
	r.nextEntity(g)
}

// payoutCompanies pays the private railways' revenue to their owners, in
// player order (18xx.games payout_companies).
func (g *Game) payoutCompanies() { step.PayPrivates(g.Game) }

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
		if d.City < 0 && v.Tile.NumCities() > 1 {
			// the company chooses which city (18xx.games pending home token)
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
	for _, h := range d.Homes {
		ref, ok := HomeCity(g.Board, c.Sym, h)
		if !ok {
			continue
		}
		if _, err := g.Board.PlaceToken(ref, c.Sym, board.TokenOptions{}); err != nil {
			continue
		}
		if i := c.NextToken(); i >= 0 {
			c.Tokens[i].Location = g.Board.Signature(ref)
		}
		g.Logf("%s places a token on %s", c.Sym, h)
	}
	g.placeSurveyors(c)
}

func (r *opRound) current() *engine.Corporation {
	if r.finished || r.index < 0 || r.index >= len(r.order) {
		return nil
	}
	return r.order[r.index]
}

func (r *opRound) nextEntity(g *Game) {
	for {
		r.index++
		if r.index >= len(r.order) {
			r.finished = true
			return
		}
		c := r.order[r.index]
		if c.Closed {
			continue
		}
		r.startTurn(g, c)
		if r.step != stDone || g.Finished || len(r.discard) > 0 || len(r.pendingHome) > 0 {
			return
		}
	}
}

func (r *opRound) startTurn(g *Game, c *engine.Corporation) {
	r.step = stTrack
	r.laid, r.upgraded, r.tokened, r.loan, r.leased, r.revenue, r.routes = nil, false, false, 0, nil, 0, nil
	r.surveyed, r.surveyMoved = nil, nil
	for _, t := range c.Trains {
		t.Operated = false
	}
	g.Logf("%s operates %s", g.actingFor(c).Name, c.Sym)
	if g.isMinor(c) {
		g.placeHomeToken(c)
	}
	r.advance(g)
}

// advance skips the steps in which the company has nothing to do, doing
// what the rules do automatically (no run: no dividend; a company in
// receivership withholds and buys the only train it can).
func (r *opRound) advance(g *Game) {
	c := r.current()
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

// process applies a, or refuses it before anything changes (every check
// of the round comes before its first change).
func (r *opRound) process(g *Game, a *engine.Action) error {
	if err := r.do(g, a); err != nil {
		return engine.Unchanged(err)
	}
	return nil
}

func (r *opRound) do(g *Game, a *engine.Action) error {
	if len(r.pendingHome) > 0 {
		c := r.pendingHome[0]
		if a.Entity != c.Sym || a.Type != "place_token" {
			return engine.Refuse(a, "%s must first choose the city of its home base", c.Sym)
		}
		ref, err := g.Board.ResolveCity(a.City)
		if err != nil || ref.Hex != g.defs[c.Sym].Homes[0] {
			return engine.Refuse(a, "%s's home base goes on %s", c.Sym, g.defs[c.Sym].Homes[0])
		}
		if _, err := g.Board.PlaceToken(ref, c.Sym, board.TokenOptions{}); err != nil {
			return engine.Refuse(a, "%v", err)
		}
		c.Tokens[c.NextToken()].Location = g.Board.Signature(ref)
		g.placeSurveyors(c)
		r.pendingHome = r.pendingHome[1:]
		if r.current() == nil {
			return nil
		}
		if r.step == stDone {
			r.nextEntity(g)
			return nil
		}
		r.advance(g)
		return nil
	}
	if len(r.discard) > 0 {
		c := r.discard[0]
		if a.Entity != c.Sym || a.Type != "discard_train" {
			return engine.Refuse(a, "%s must first discard a train (rule 4.7.3)", c.Sym)
		}
		if err := step.Apply[*Game](discardStep, g, a); err != nil {
			return err
		}
		r.advance(g)
		return nil
	}
	c := r.current()
	if c == nil {
		return engine.Refuse(a, "no company is operating")
	}
	if a.Entity != c.Sym {
		return engine.Refuse(a, "it is %s's turn", c.Sym)
	}
	var err error
	switch a.Type {
	case "lay_tile":
		err = r.layTile(g, c, a)
	case "move_surveyor":
		err = r.moveSurveyor(g, c, a)
	case "place_token":
		err = r.placeToken(g, c, a)
	case "special_buy":
		err = r.lease(g, c, a)
	case "run_routes":
		err = r.runRoutes(g, c, a)
	case "dividend":
		if r.step != stDividend || r.revenue <= 0 || c.Receivership {
			return engine.Refuse(a, "%s has no dividend to decide", c.Sym)
		}
		err = step.Apply[*Game](dividendStep, g, a)
	case "buy_train":
		err = r.buyTrainAction(g, c, a)
	case "pass":
		err = r.pass(g, c, a)
	default:
		return engine.Refuse(a, "%s is not an operating round action", a.Type)
	}
	if err != nil {
		return err
	}
	r.advance(g)
	return nil
}

func (r *opRound) pass(g *Game, c *engine.Corporation, a *engine.Action) error {
	switch r.step {
	case stTrack:
		if h, owes := g.owesSurveyorMove(c); owes {
			return engine.Refuse(a, "%s's Surveyor on %s must move (rule 6.6.5)", c.Sym, h)
		}
		r.step = stRoute
	case stBuy:
		if c.Receivership {
			return engine.Refuse(a, "a company in receivership must buy a train (rule 6.4.4)")
		}
		r.step = stDone
	default:
		return engine.Refuse(a, "%s cannot pass now", c.Sym)
	}
	return nil
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

func (g *Game) canPlaceToken(c *engine.Corporation) bool {
	r := g.op
	if r.step != stTrack || r.tokened || g.silentReceivership(c) {
		return false
	}
	i := c.NextToken()
	if i < 0 || c.Tokens[i].Price > g.buyingPower(c) {
		return false
	}
	return len(g.Board.TokenableCities(c.Sym)) > 0
}

func (r *opRound) layTile(g *Game, c *engine.Corporation, a *engine.Action) error {
	if !g.canLayTile(c) {
		return engine.Refuse(a, "%s cannot lay track now (rule 4.2)", c.Sym)
	}
	upgrade := IsUpgrade(g.Board, a.Hex)
	if upgrade && len(r.laid) > 0 {
		return engine.Refuse(a, "a promotion must be the only tile laid in a turn (rule 4.3)")
	}
	for _, h := range r.laid {
		if g.adjacent(h, a.Hex) {
			return engine.Refuse(a, "the two tiles of a turn may not be laid in adjacent hexes (rule 4.2)")
		}
	}
	if o := g.reservedFor(c, a.Hex); o != "" {
		return engine.Refuse(a, "new tiles on %s are reserved for the %s (rule 4.2.8)", a.Hex, o)
	}
	name, _, err := board.ParseTileID(a.Tile)
	if err != nil {
		return engine.Refuse(a, "%v", err)
	}
	if (name == "887" || name == "888") && a.Hex == "Q13" && c.Sym != "NS" {
		return engine.Refuse(a, "only the NS may lay tiles 887/888 on Q13")
	}
	td, ok := g.Board.TileDef(name)
	if !ok {
		return engine.Refuse(a, "unknown tile %s", a.Tile)
	}
	if !TileAvailable(td, g.phaseTiles()) {
		return engine.Refuse(a, "tile %s is not available in phase %s (rule 4.7)", name, g.Phase().Name)
	}
	d := g.defs[c.Sym]
	opt := board.LayOptions{Corp: c.Sym, Rules: g.layRules(c)}
	if d.Minor && c.Tokens[0].Location == "" && len(d.Homes) > 0 && d.Homes[0] == a.Hex {
		opt.NoConnectivity = true // a minor lays its home track before its base
	} else if free, err := g.surveyLay(c, a.Hex); err != nil {
		return engine.Refuse(a, "%v", err)
	} else if free {
		opt.NoConnectivity = true // a surveyed hexag need not connect (rule 6.6)
	}
	res, lay, err := g.Board.PlanLay(a.Hex, a.Tile, a.Rotation, opt)
	if err != nil {
		return engine.Refuse(a, "%v", err)
	}
	if res.Cost > g.buyingPower(c) {
		return engine.Refuse(a, "%s cannot pay £%d for the terrain", c.Sym, res.Cost)
	}
	if why := g.creditRefusal(c, res.Cost, layOn(*a, opt)); why != "" {
		return engine.Refuse(a, "%s", why)
	}
	lay()
	g.spend(c, res.Cost)
	g.Logf("%s lays tile #%s with rotation %d on %s", c.Sym, name, a.Rotation, a.Hex)
	r.laid = append(r.laid, a.Hex)
	if upgrade {
		r.upgraded = true
	}
	if hexes := g.blocks[c.Sym]; len(hexes) > 0 {
		g.blocks[c.Sym] = removeString(hexes, a.Hex)
	}
	if d.Minor {
		g.placeHomeToken(c)
	}
	return nil
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

func (r *opRound) placeToken(g *Game, c *engine.Corporation, a *engine.Action) error {
	if !g.canPlaceToken(c) {
		return engine.Refuse(a, "%s cannot place a base now (rule 4.4)", c.Sym)
	}
	ref, err := g.Board.ResolveCity(a.City)
	if err != nil {
		return engine.Refuse(a, "%v", err)
	}
	i := c.NextToken()
	price := c.Tokens[i].Price
	if why := g.creditRefusal(c, price, tokenAt(ref, c.Sym)); why != "" {
		return engine.Refuse(a, "%s", why)
	}
	if _, err := g.Board.PlaceToken(ref, c.Sym, board.TokenOptions{CheckConnected: true}); err != nil {
		return engine.Refuse(a, "%v", err)
	}
	c.Tokens[i].Location = g.Board.Signature(ref)
	g.spend(c, price)
	g.Logf("%s places a token on %s for £%d", c.Sym, ref.Hex, price)
	r.tokened = true
	return nil
}

// lease hires the next train on sale for a company in receivership (rule 6.4.3).
func (r *opRound) lease(g *Game, c *engine.Corporation, a *engine.Action) error {
	if !c.Receivership || r.leased != nil || (r.step != stTrack && r.step != stRoute) {
		return engine.Refuse(a, "only a company in receivership may lease one train (rule 6.4.3)")
	}
	var train *engine.Train
	for _, t := range g.depotTrains() {
		if t.Name == a.Description {
			train = t
			break
		}
	}
	if train == nil {
		if train = g.Depot.MinUpcoming(); train == nil {
			return engine.Refuse(a, "no train to lease")
		}
	}
	if !g.leaseRepaid(c, train) {
		return engine.Refuse(a, "%s could not repay a lease on credit from its run (rule 6.4.6)", c.Sym)
	}
	r.leased = train
	g.spend(c, leaseCost)
	g.Logf("%s leases %s for £%d", c.Sym, train.Name, leaseCost)
	if r.step == stTrack {
		r.step = stTrack
	}
	return nil
}

// canRunRoute: the company has track to run on.
func (g *Game) canRunRoute(c *engine.Corporation) bool {
	if g.silentReceivership(c) || len(g.Board.TokenNodes(c.Sym)) == 0 {
		return false
	}
	// 18xx.games route_available: a station reaches another stop (its
	// other stations do not count)
	own := map[board.NodeRef]bool{}
	for _, r := range g.Board.TokenNodes(c.Sym) {
		own[r] = true
	}
	for _, r := range g.Board.Graph(c.Sym).Nodes() {
		t, _, _ := g.Board.TileOn(r.Hex)
		if !own[r] && t.Nodes[r.Node].Kind != board.Halt {
			return true
		}
	}
	// only its own stations: a route needs two of them linked by track
	if len(own) < 2 {
		return false
	}
	for start := range own {
		b := g.Board.Clone()
		for r := range own {
			if r != start {
				_ = b.RemoveToken(r, c.Sym)
			}
		}
		for _, r := range b.Graph(c.Sym).Nodes() {
			if r != start && own[r] {
				return true
			}
		}
	}
	return false
}

func (g *Game) canRunRoutes(c *engine.Corporation) bool {
	runnable := false
	for _, t := range c.Trains {
		if !t.Operated {
			runnable = true
		}
	}
	if !runnable && !c.Receivership {
		return false
	}
	return g.canRunRoute(c)
}

func (r *opRound) runRoutes(g *Game, c *engine.Corporation, a *engine.Action) error {
	if h, owes := g.owesSurveyorMove(c); owes {
		return engine.Refuse(a, "%s's Surveyor on %s must move first (rule 6.6.5)", c.Sym, h)
	}
	if r.step == stTrack {
		// the track and base step comes first (rule 4.2; 18xx.games: a
		// blocking step): lay, place a base or pass it
		return engine.Refuse(a, "%s is still laying track and placing bases: pass that step before running trains", c.Sym)
	}
	if r.step != stRoute || !g.canRunRoutes(c) {
		return engine.Refuse(a, "%s cannot run trains now", c.Sym)
	}
	trains, err := g.runTrains(c, a.Routes)
	if err != nil {
		return engine.Refuse(a, "%v", err)
	}
	for _, t := range trains {
		// A hired train runs for the company that leased it even if it ran
		// earlier this round (a discarded train back in the bank: rule
		// 6.4.3 hires it afresh, as 18xx.games runs it).
		if t.Operated && t != r.leased {
			return engine.Refuse(a, "train %s has already run this turn", t.ID)
		}
	}
	total := 0
	if len(a.Routes) > 0 {
		revs, err := g.checkRun(c, a.Routes, trains)
		if err != nil {
			return engine.Refuse(a, "%v", err)
		}
		// 18xx.games exports carry the revenue computed when the move was
		// made (fixtures README §5.5); it must agree with the track.
		for i, rev := range revs {
			if st := a.Routes[i].Revenue; st != nil && *st != rev {
				return engine.Refuse(a, "route %d (%s): stored revenue %d but the route is worth %d", i+1, a.Routes[i].Train, *st, rev)
			}
			total += rev
		}
	}
	if err := g.receiverRunRefusal(a, c, total); err != nil {
		return err
	}
	if total < r.loan {
		return engine.Refuse(a, "revenue of %d does not cover the %d owed (rule 6.4.6)", total, r.loan)
	}
	r.revenue = total
	r.routes = a.Routes
	r.step = stDividend
	return nil
}

// payDividend pays or withholds the turn's revenue and moves the share
// price (rules 4.5, 6.3): left when nothing is paid; right once the
// dividend exceeds half the share value, two, three or four places at
// twice, three and four times it. Shares in the pool pay the company;
// unsold shares pay nothing (a minor's pay its treasury).
func (g *Game) payDividend(c *engine.Corporation, kind string) {
	r := g.op
	revenue := r.revenue
	if r.loan > 0 {
		revenue -= r.loan
		r.loan = 0
	}
	for _, t := range c.Trains {
		t.Operated = true
	}
	c.Operated = true
	c.HasRevenue = true
	c.LastRevenue = engine.Revenue{Turn: g.Turn, Round: r.num, Total: revenue, Kind: kind}
	paid := 0
	if kind == "withhold" {
		if revenue > 0 {
			g.PayCorp(c, revenue)
		}
	} else {
		paid = revenue
		// shares in the pool and unsold shares pay nobody (18xx.games)
		step.PayShareholders(g.Game, c, revenue, g.sharePercent(c))
	}
	if c.Cell != nil {
		price := c.Cell.Price
		if paid > 0 {
			// up to half the price it stays (rule 6.3)
			for range step.DividendMoves(paid, price, price/2+1) {
				g.moveRight(c)
			}
		} else {
			g.moveLeft(c)
		}
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
	if !g.room(c) {
		return false
	}
	for _, t := range g.depotTrains() {
		if c.Cash >= t.Price {
			return true
		}
	}
	return c.Cash >= 1 && len(g.otherTrains(c)) > 0
}

func (r *opRound) buyTrainAction(g *Game, c *engine.Corporation, a *engine.Action) error {
	if r.step < stBuy {
		if r.step == stTrack || r.step == stRoute {
			return engine.Refuse(a, "trains are bought at the end of the turn (rule 4.6)")
		}
		return engine.Refuse(a, "%s must first decide its dividend", c.Sym)
	}
	if r.step != stBuy {
		return engine.Refuse(a, "%s cannot buy trains now", c.Sym)
	}
	return step.Apply[*Game](buyTrainStep, g, a)
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
	for g.PhaseIdx+1 < len(g.Phases) && g.Phases[g.PhaseIdx+1].On == t.Name {
		g.PhaseIdx++
		ph := g.Phase()
		g.Logf("-- Phase %s --", ph.Name)
		if ph.Name == "3" && g.Opts.Surveyors {
			g.removeSurveyors()
		}
	}
	step.Rust(g.Game, t.Name)
	g.op.discard = g.crowdedCorps()
}

func (g *Game) crowdedCorps() []*engine.Corporation { return step.Crowded(g.Game, g.trainLimit()) }
