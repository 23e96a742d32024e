package bot

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"tresham/engine"
)

// --- stock rounds ---------------------------------------------------------

// stock scores every stock-round choice and takes the best, passing when
// nothing scores above zero.
func (h *Heuristic) stock(p *position, pl *engine.Player, byType map[string][]engine.Choice) engine.Action {
	var best engine.Action
	bestScore := math.Inf(-1)
	consider := func(a engine.Action, s float64) {
		if s > bestScore {
			best, bestScore = a, s
		}
	}
	if pars := byType["par"]; len(pars) > 0 && h.wantsStart(p, pl) {
		if a, ok := h.pickPar(p, pl, pars); ok {
			consider(a, 70+h.jitter())
		} else if a, ok := h.pickSharedPar(p, pl, pars); ok {
			// not alone, but far enough that the other players (who
			// buy into a company about to float, see buyScore) finish it
			consider(a, 60+h.jitter())
		} else if a, ok := h.pickDirectorPar(p, pl, pars); ok {
			// not even two thirds: take the director's certificate all
			// the same while it is offered (the rulebook's advice, rule
			// 3.2: buy as many shares as funds permit). The other
			// players buy into a company near its float, the company
			// starts rounds earlier, and its director decides for its
			// treasury. Waiting for the cash to float alone, the
			// medium bot lost to the easy one in 1825, whose random
			// moves took these certificates (docs/bots.md: 26.0% of
			// 400 games against three easy, parity 25%; 35.0% with it)
			consider(a, 55+h.jitter())
		}
	}
	for _, c := range byType["buy_shares"] {
		consider(c.Action, h.buyScore(p, pl, c.Action)+h.jitter())
	}
	for _, c := range byType["buy_company"] {
		consider(c.Action, h.companyScore(p, pl, c.Action)+h.jitter())
	}
	for _, c := range byType["sell_shares"] {
		consider(c.Action, h.sellScore(p, pl, c.Action)+h.jitter())
	}
	if pass := byType["pass"]; len(pass) > 0 {
		consider(pass[0].Action, 0)
	}
	if bestScore == math.Inf(-1) {
		for _, t := range []string{"sell_shares", "buy_shares", "par", "buy_company", "sell_company"} {
			if cs := byType[t]; len(cs) > 0 {
				return cs[0].Action
			}
		}
		return firstChoice(byType)
	}
	return best
}

// wantsStart reports whether the player should start a company now: it
// has no company of its own waiting to float, room under the certificate
// limit for the director's certificate and two more, and the game is not
// in its last phase (where the company would start trainless against the
// last trains; 1825 has only three phases, and stopping before the last
// two left its later companies unopened).
func (h *Heuristic) wantsStart(p *position, pl *engine.Player) bool {
	for _, c := range p.eg.Corps {
		if c.President == pl.ID && c.IPOed && !c.Floated && !c.Closed {
			return false
		}
	}
	if p.eg.PhaseIdx >= len(p.eg.Phases)-1 {
		return false
	}
	return p.eg.NumCerts(pl)+h.tun(p).CertRoom <= p.eg.CertLimit
}

// startingOwn reports whether player id presides over a company that has
// not floated yet (its money goes there first).
func (h *Heuristic) startingOwn(p *position, id int) bool {
	for _, c := range p.eg.Corps {
		if c.President == id && c.IPOed && !c.Floated && !c.Closed {
			return true
		}
	}
	return false
}

// minTrainPrice is the price of the cheapest train the bank sells now.
func (p *position) minTrainPrice() int {
	m := 0
	if t := p.eg.Depot.MinUpcoming(); t != nil {
		m = t.Price
	}
	for _, t := range p.eg.Depot.Pool {
		if m == 0 || t.Price < m {
			m = t.Price
		}
	}
	return m
}

// rustsSoon reports whether train t rusts when one of the next three
// trains the bank sells comes out.
func (p *position) rustsSoon(t *engine.Train) bool {
	if t.RustsOn == "" {
		return false
	}
	for i, u := range p.eg.Depot.Upcoming {
		if i >= 3 {
			break
		}
		if u.Name == t.RustsOn {
			return true
		}
	}
	return false
}

// lastingTrains counts c's trains that do not rust soon.
func (p *position) lastingTrains(c *engine.Corporation) int {
	n := 0
	for _, t := range c.Trains {
		if !p.rustsSoon(t) {
			n++
		}
	}
	return n
}

// healthy reports whether c is an operating company that runs, or can buy,
// a train: one whose shares are worth holding.
func (p *position) healthy(c *engine.Corporation) bool {
	if !c.Floated || c.Closed || c.Bankrupt || c.Receivership || c.Cell == nil {
		return false
	}
	return len(c.Trains) > 0 || c.Cash >= p.minTrainPrice()
}

// shareCost is what buying the certificates of a costs.
func (p *position) shareCost(a engine.Action) (*engine.Corporation, int, bool) {
	if len(a.Shares) == 0 {
		return nil, 0, false
	}
	c, s, err := p.eg.ShareByID(a.Shares[0])
	if err != nil {
		return nil, 0, false
	}
	per := c.Price()
	if s.Holder == engine.HolderIPO && c.Par != nil {
		per = c.Par.Price
	}
	return c, per * a.Percent / 10, s.Holder == engine.HolderIPO
}

// maxOther is the largest holding of any other player in c.
func maxOther(p *position, c *engine.Corporation, me int) int {
	m := 0
	for id, pct := range p.eg.PlayerHolders(c) {
		if id != me && pct > m {
			m = pct
		}
	}
	return m
}

// buyScore values buying a certificate: floating and defending its own
// companies first, then shares of companies that pay well; never shares
// of companies that are sinking or trainless (half value at the end).
func (h *Heuristic) buyScore(p *position, pl *engine.Player, a engine.Action) float64 {
	c, cost, _ := p.shareCost(a)
	if c == nil || cost > pl.Cash || cost <= 0 {
		return -1
	}
	per := cost * 10 / max(a.Percent, 1) // the price of one 10% share
	mine := c.PercentOf(engine.Holder(pl.ID))
	pres := c.President == pl.ID
	t := h.tun(p)
	switch {
	case pres && !c.Floated:
		return 100
	case pres && maxOther(p, c, pl.ID)+10 > mine && !c.Receivership:
		return 85
	case pres && mine < t.OwnTarget && !c.Receivership && p.healthy(c):
		return 80
	}
	if !pres && h.keepsForStart(p, pl, cost) {
		return -1
	}
	if c.Receivership && !c.Floated && !c.Closed && !c.Bankrupt && !p.anyFloated() {
		// nothing operates (1860 can stall so): revive a company
		return 30 + float64(mine)/100
	}
	if c.IPOed && !c.Floated && !c.Closed && !c.Bankrupt && !p.anyFloated() && p.eg.Turn > 1 {
		// nothing has operated since the first stock round: the
		// presidents cannot float their companies and no other may be
		// started (1860's historical order), so every player passing
		// would stall the game forever; help float one
		return 30 + float64(mine)/100
	}
	if !t.NoHelpFloat && c.IPOed && !c.Floated && !c.Closed && !c.Bankrupt && !c.Receivership && c.President != 0 &&
		c.PercentOf(engine.Holder(c.President)) >= 20 && !h.startingOwn(p, pl.ID) &&
		p.eg.PhaseIdx < len(p.eg.Phases)-1 {
		// another player's started company: a share helps it float
		// this round, and a floated company with a train pays (players
		// who would not buy in left each president to float alone, so
		// companies started late and the first one ran away with the game).
		// From the director's certificate on (20%), not only from 30%:
		// a director who could pay for its certificate alone (see
		// stock) otherwise waited rounds for the float
		// (docs/bots.md)
		return 28 + float64(c.PercentOf(engine.Holder(c.President)))/100
	}
	if !p.healthy(c) || len(c.Trains) > 0 && p.lastingTrains(c) == 0 && p.eg.PhaseIdx > 0 {
		return -1
	}
	yield := 0.0
	switch {
	case c.HasRevenue && c.LastRevenue.Kind == "payout":
		yield = float64(c.LastRevenue.Total) / 10 / float64(max(c.Price(), 1))
	case !c.HasRevenue || c.LastRevenue.Total == 0:
		// a company that has floated but not yet earned (it ran before
		// it had a train): what its trains, or the train its treasury is
		// about to buy, would earn on the map now, discounted; before its
		// home token is on the map, a modest guess. Without this, players
		// other than the first company's president sat on their cash for
		// round after round while the only operating company paid its
		// president alone (four heuristic bots in 1825: seat 1 won every
		// game, ended by the share price reaching the top of the market).
		if p.b != nil && len(p.b.TokenNodes(c.Sym)) == 0 {
			yield = 0.08
		} else {
			yield = 0.8 * float64(p.estimate(c)) / 10 / float64(max(c.Price(), 1))
		}
	}
	if t.IPOGain != 0 && per < c.Price() && per > 0 {
		yield += t.IPOGain * float64(c.Price()-per) / float64(per)
	}
	if pres {
		return t.PresBase + t.YieldWeight*yield
	}
	minYield := t.MinYield
	if t.Late > 0 && p.eg.PhaseIdx >= len(p.eg.Phases)-t.Late || t.LateRounds > 0 && p.roundsLeft(true) <= t.LateRounds {
		minYield = t.LateMinYield
	}
	if yield <= minYield {
		return -1
	}
	return t.OtherBase + t.YieldWeight*yield
}

// keepsForStart reports whether a player who directs no company should
// keep its cash for the director's certificate of a company still to
// start rather than spend cost on another's shares: it would start one
// (wantsStart), some company is unstarted, and the purchase would leave
// it less than two shares at the lowest par paid so far. Without it, four
// heuristic bots in 1825 spent everything on the first companies' shares
// round after round; the player whose turn came when the next band of
// companies opened (1825 rule 5.1.3) took their certificates, and seat 3
// directed nothing in most games and won 3 of 60 while seat 4 won 33
// (docs/bots.md).
func (h *Heuristic) keepsForStart(p *position, pl *engine.Player, cost int) bool {
	if h.presidentOf(p, pl.ID) > 0 || !h.wantsStart(p, pl) {
		return false
	}
	unstarted, low := false, 0
	for _, c := range p.eg.Corps {
		if !c.IPOed && !c.Closed {
			unstarted = true
		}
		if c.Par != nil && (low == 0 || c.Par.Price < low) {
			low = c.Par.Price
		}
	}
	return unstarted && low > 0 && pl.Cash-cost < 2*low
}

// companyScore values buying a private from the bank at face value: in
// 1825 the privates must be sold before the first companies open, and
// early on their income is a free return (1860 sells its privates in the
// opening auction; the bank's later offers are left alone).
func (h *Heuristic) companyScore(p *position, pl *engine.Player, a engine.Action) float64 {
	co := p.eg.Company(a.Company)
	if p.title != "1825" || co == nil || a.Price > pl.Cash || p.eg.PhaseIdx > 1 {
		return -1
	}
	return 50 + float64(co.Revenue)/float64(max(co.Value, 1))
}

// anyFloated reports whether some corporation operates.
func (p *position) anyFloated() bool {
	for _, c := range p.eg.Corps {
		if c.Floated && !c.Closed {
			return true
		}
	}
	return false
}

// sellScore values a sale: only out of companies it does not preside over
// that have no train and cannot buy one (their shares only sink).
func (h *Heuristic) sellScore(p *position, pl *engine.Player, a engine.Action) float64 {
	if len(a.Shares) == 0 {
		return -1
	}
	c, _, err := p.eg.ShareByID(a.Shares[0])
	if err != nil || c.President == pl.ID {
		return -1
	}
	for _, id := range a.Shares {
		if _, s, err := p.eg.ShareByID(id); err == nil && s.President {
			return -1
		}
	}
	if c.Cell == nil {
		return -1
	}
	if p.healthy(c) {
		if !h.tun(p).SellDoomed || len(c.Trains) == 0 || p.lastingTrains(c) > 0 || c.Cash >= p.minTrainPrice() {
			return -1
		}
	}
	return 20 + float64(a.Percent)/100
}

// --- operating rounds -----------------------------------------------------

// operate plays a corporation's turn: discard, lay, token, run, dividend,
// train purchase, in that order of preference among the listed choices.
func (h *Heuristic) operate(p *position, c *engine.Corporation, byType map[string][]engine.Choice) (engine.Action, error) {
	if cs := byType["discard_train"]; len(cs) > 0 {
		return h.discard(p, c, cs), nil
	}
	_, canPass := byType["pass"]
	if lays := byType["lay_tile"]; len(lays) > 0 {
		must := p.eg.RoundKind == "Stock" // 1860: a new company's home track
		if a, ok := h.chooseLay(p, c, lays, must); ok {
			return a, nil
		}
	}
	if toks := byType["place_token"]; len(toks) > 0 {
		must := !canPass && len(byType) == 1 // 1825: choosing the home city
		if a, ok := h.chooseToken(p, c, toks, must); ok {
			return a, nil
		}
	}
	if cs := byType["special_buy"]; len(cs) > 0 && len(c.Trains) == 0 {
		return cs[0].Action, nil // a company in receivership leases a train
	}
	if cs := byType["run_routes"]; len(cs) > 0 {
		a := cs[0].Action
		routes, err := p.g.BestRoutes(c.Sym)
		if err != nil {
			return engine.Action{}, fmt.Errorf("bot: routes for %s: %w", c.Sym, err)
		}
		a.Routes = routes
		return a, nil
	}
	if cs := byType["dividend"]; len(cs) > 0 {
		return h.dividend(p, c, cs), nil
	}
	if cs := byType["buy_train"]; len(cs) > 0 {
		if a, ok := h.buyTrain(p, c, cs, !canPass); ok {
			return a, nil
		}
	}
	if canPass {
		return byType["pass"][0].Action, nil
	}
	for _, t := range []string{"move_surveyor", "buy_train", "lay_tile", "place_token", "special_buy"} {
		if cs := byType[t]; len(cs) > 0 {
			return cs[0].Action, nil
		}
	}
	return firstChoice(byType), nil
}

// discard gives up the train that counts fewest stops.
func (h *Heuristic) discard(p *position, c *engine.Corporation, cs []engine.Choice) engine.Action {
	best, bestScore := 0, math.Inf(1)
	for i, ch := range cs {
		for _, t := range c.Trains {
			if t.ID == ch.Action.Train {
				s := float64(t.Major*10+t.Minor) + h.jitter()
				if p.rustsSoon(t) {
					s -= 100
				}
				if s < bestScore {
					best, bestScore = i, s
				}
			}
		}
	}
	return cs[best].Action
}

// maxLays is the number of lays evaluated per decision.
func (h *Heuristic) maxLays() int {
	if h.MaxLays > 0 {
		return h.MaxLays
	}
	return 48
}

// chooseLay tries the lays on copies of the map and takes the one that
// most raises the company's best run (with its trains, or the train it is
// about to buy), then the one that reaches most new stations; it declines
// (ok false) when no lay helps, unless one must be laid.
func (h *Heuristic) chooseLay(p *position, c *engine.Corporation, lays []engine.Choice, must bool) (engine.Action, bool) {
	if p.b == nil {
		return lays[0].Action, must
	}
	cands := lays
	if n := h.maxLays(); len(cands) > n {
		cands = slices.Clone(cands)
		h.Rand.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
		cands = cands[:n]
	}
	base := p.estimate(c)
	baseN := stationCount(p.b, c.Sym)
	colors := p.phaseColors()
	// track towards unreached cities counts only while the company has no
	// run at all (its home is cut off): only then is the frontier needed
	w, baseF := 0.0, 0.0
	if base == 0 {
		w, baseF = 1, frontier(p.b, c.Sym, colors)
	}
	best, bestScore := -1, math.Inf(-1)
	for i, ch := range cands {
		cost := 0
		if v, ok := p.b.Hex(ch.Action.Hex); ok && v.Tile != nil && !must {
			cost = v.Tile.Cost()
		}
		if cost > c.Cash && !c.Receivership {
			continue // listed, but the terrain is beyond its treasury
		}
		nb, err := afterLay(p.b, &ch.Action)
		if err != nil {
			continue
		}
		gain, reach := 0, 0
		if !deadEndLay(p.b, nb, ch.Action.Hex) {
			// (track no route can use changes neither the run nor
			// the stations reached: see deadEndLay)
			gain = p.revenue(nb, c) - base
			reach = stationCount(nb, c.Sym) - baseN
		}
		nearer := 0.0
		if w != 0 {
			nearer = frontier(nb, c.Sym, colors) - baseF
		}
		s := float64(gain)*10 + float64(reach)*3 + nearer*w - float64(cost)/5 + h.jitter()
		if len(c.Trains) == 0 && c.Cash-cost < p.minTrainPrice() && cost > 0 {
			s -= 1000 // do not spend the money for the first train
		}
		if s > bestScore {
			best, bestScore = i, s
		}
	}
	if best < 0 || (bestScore <= 0 && !must) {
		return engine.Action{}, false
	}
	return cands[best].Action, true
}

// chooseToken places a token where it adds the most revenue, if any (or
// for nothing when free), keeping the money a trainless company needs.
func (h *Heuristic) chooseToken(p *position, c *engine.Corporation, toks []engine.Choice, must bool) (engine.Action, bool) {
	price := 0
	if i := c.NextToken(); i >= 0 {
		price = c.Tokens[i].Price
	}
	if !must && len(c.Trains) == 0 && price > 0 && c.Cash-price < p.minTrainPrice() {
		return engine.Action{}, false
	}
	if p.b == nil {
		return toks[0].Action, must
	}
	base := p.estimate(c)
	best, bestScore := -1, math.Inf(-1)
	for i, ch := range toks {
		nb, err := afterToken(p.b, &ch.Action)
		if err != nil {
			continue
		}
		s := float64(p.revenue(nb, c)-base) + h.jitter()
		if s > bestScore {
			best, bestScore = i, s
		}
	}
	if best < 0 {
		return toks[0].Action, must
	}
	if must || bestScore > 1 || price == 0 && bestScore >= 0 {
		return toks[best].Action, true
	}
	return engine.Action{}, false
}

// dividend pays out unless the company must save for a train it cannot
// yet afford (company cash is worth nothing to the players at the end),
// or this run's revenue lets it buy a train that never rusts and either
// earns the withheld revenue back twice before the bank breaks
// (roundsLeft) or brings the rusting of the other companies' trains
// nearer while none of its own rusts.
func (h *Heuristic) dividend(p *position, c *engine.Corporation, cs []engine.Choice) engine.Action {
	kind := "payout"
	price := p.minTrainPrice()
	t := h.tun(p)
	switch {
	case p.endNear():
	case t.LatePay && t.LateRounds > 0 && p.roundsLeft(true) <= t.LateRounds:
	case p.lastingTrains(c) == 0 && c.Cash < price && !t.PayTrainless:
		kind = "withhold"
	case price > c.Cash && price <= c.Cash+p.estimate(c) && p.nextPermanent() && p.hasRoom(c) &&
		(p.pushesRust(c) || p.nextTrainGain(c)*(p.roundsLeft(t.TrueBank)-1) >= 2*p.estimate(c)):
		kind = "withhold"
	case p.savesForTrain(c, t.SaveRuns):
		kind = "withhold"
	}
	for _, ch := range cs {
		if ch.Action.Kind == kind {
			return ch.Action
		}
	}
	return cs[0].Action
}

// saveRuns is how many runs' revenue a company keeps at most towards its
// next train.
const saveRuns = 3

// savesForTrain reports whether c should keep this run's revenue towards
// the next train the bank sells: it has room for another train, cannot pay
// for it now, and can with at most saveRuns runs of its present earnings.
// Paying out every run, companies kept their first trains to the end:
// four heuristic bots in 1825 bought about ten trains a game (the 2s and
// 3s; a two-player game on 18xx.games bought 26, up to the 5s), the
// players' cash, which breaks the bank in both titles (its size less the
// players' cash), grew every round, and games ended after a median of
// 435 actions, in the second phase (docs/bots.md).
func (p *position) savesForTrain(c *engine.Corporation, runs int) bool {
	t := p.eg.Depot.MinUpcoming()
	if t == nil || !p.hasRoom(c) || c.Cash >= t.Price {
		return false
	}
	est := p.estimate(c)
	return est > 0 && c.Cash+runs*est >= t.Price
}

// pushesRust reports whether c gains on the others when the next trains
// come out: it has room for another train and owns none that will rust,
// while another company does.
func (p *position) pushesRust(c *engine.Corporation) bool {
	if !p.hasRoom(c) {
		return false
	}
	for _, t := range c.Trains {
		if t.RustsOn != "" {
			return false
		}
	}
	for _, o := range p.eg.Corps {
		if o == c || o.Closed {
			continue
		}
		for _, t := range o.Trains {
			if t.RustsOn != "" {
				return true
			}
		}
	}
	return false
}

// hasRoom reports whether c may own another train in this phase.
func (p *position) hasRoom(c *engine.Corporation) bool {
	return len(c.Trains) < p.eg.Phase().TrainLimit
}

// nextTrainGain is what the next train the bank sells would add to c's
// run on the map as it stands.
func (p *position) nextTrainGain(c *engine.Corporation) int {
	t := p.eg.Depot.MinUpcoming()
	if t == nil {
		return 0
	}
	return p.extraTrainGain(c, engine.Action{Train: t.ID, Price: t.Price})
}

// permanent reports whether the train with id never rusts.
func (p *position) permanent(id string) bool {
	for _, t := range append(slices.Clone(p.eg.Depot.Upcoming), p.eg.Depot.Pool...) {
		if t.ID == id {
			return t.RustsOn == ""
		}
	}
	return false
}

// nextPermanent reports whether the next train the bank sells never
// rusts.
func (p *position) nextPermanent() bool {
	t := p.eg.Depot.MinUpcoming()
	return t != nil && t.RustsOn == ""
}

// roundsLeft estimates how many operating rounds the game has left: the
// bank's money over what the last operating round paid out of it (every
// company's revenue and the privates' income), at least 1. A train that
// pays for itself within that many rounds is worth buying; one that does
// not only empties the treasury.
func (p *position) roundsLeft(trueBank bool) int {
	if p.endNear() {
		return 1
	}
	drain := 0
	for _, c := range p.eg.Corps {
		if c.Floated && !c.Closed && c.HasRevenue {
			drain += c.LastRevenue.Total
		}
	}
	for _, co := range p.eg.Companies {
		if !co.Closed && co.Owner != "" && co.Owner != "bank" {
			drain += co.Revenue
		}
	}
	bank := p.eg.Bank
	if x, ok := unwrap(p.g).(interface{ BankCash() int }); ok && trueBank {
		bank = x.BankCash()
	}
	if drain <= 0 || bank <= 0 {
		return 20
	}
	return min(20, max(1, bank/drain))
}

// endNear reports whether the game ends this set of operating rounds.
func (p *position) endNear() bool {
	return p.eg.Finished || len(p.eg.EndTrigger) > 0 || p.eg.BankBroken
}

// buyTrain buys a train from the bank when the company has none, when its
// trains are about to rust, or when it has the money and room (a train
// earns; money left in a company is worth nothing at the end). It buys
// from its president's other companies only when the bank has nothing it
// can afford.
func (h *Heuristic) buyTrain(p *position, c *engine.Corporation, cs []engine.Choice, must bool) (engine.Action, bool) {
	pool := map[string]bool{}
	for _, t := range p.eg.Depot.Pool {
		pool[t.ID] = true
	}
	owner := map[string]*engine.Corporation{}
	for _, o := range p.eg.Corps {
		for _, t := range o.Trains {
			owner[t.ID] = o
		}
	}
	best, bestScore := -1, math.Inf(-1)
	for i, ch := range cs {
		a := ch.Action
		if o := owner[a.Train]; o != nil {
			continue // another company's train: handled below
		}
		// cheapest first, but a new train over a pool train about to rust
		s := -float64(a.Price) + h.jitter()
		if pool[a.Train] {
			for _, t := range p.eg.Depot.Pool {
				if t.ID == a.Train && p.rustsSoon(t) {
					s -= 1000
				}
			}
		}
		if s > bestScore {
			best, bestScore = i, s
		}
	}
	want := len(c.Trains) == 0 || p.lastingTrains(c) == 0 || must
	if t := h.tun(p); !want && t.RustPush > 0 && best >= 0 && c.Cash >= cs[best].Action.Price && p.hasRoom(c) &&
		p.rustGap(c, cs[best].Action.Train) >= t.RustPush {
		want = true
	}
	if !want && best >= 0 && c.Cash >= cs[best].Action.Price && p.pushesRust(c) && p.permanent(cs[best].Action.Train) {
		// bringing the next trains nearer rusts the others' trains,
		// not its own
		want = true
	}
	if !want && best >= 0 {
		// a second train when it pays for itself within about ten
		// operating rounds; more when the treasury holds twice the price
		// and one pays for itself within about six. A company sitting on
		// one train and its capital kept the game in its first phases
		// (the seat that drew the GER won most 1825 games of four
		// heuristic bots); one buying every train that added anything
		// ran the first company's price to the end of the market.
		price := cs[best].Action.Price
		gain := p.extraTrainGain(c, cs[best].Action)
		t := h.tun(p)
		want = c.Cash >= price && (p.lastingTrains(c) < 2 && gain*t.Payback2 >= price || c.Cash >= 2*price && gain*t.PaybackN >= price)
	}
	if !want {
		return engine.Action{}, false
	}
	if best >= 0 {
		return cs[best].Action, true
	}
	if len(c.Trains) > 0 && !must {
		return engine.Action{}, false
	}
	// nothing from the bank: a train from another company the same
	// president owns, at a fair price it can pay
	for _, ch := range cs {
		o := owner[ch.Action.Train]
		if o == nil || o.President != c.President || c.President == 0 || len(o.Trains) < 2 {
			continue
		}
		a := ch.Action
		for _, t := range o.Trains {
			if t.ID == a.Train {
				a.Price = min(max(t.Price/2/10*10, a.Price), ch.MaxPrice)
			}
		}
		return a, true
	}
	if must {
		return cs[0].Action, true
	}
	return engine.Action{}, false
}

// rustGap is how many more of the other companies' trains than of c's
// own the purchase of the train with id rusts (it is the first of a type
// that rusts others).
func (p *position) rustGap(c *engine.Corporation, id string) int {
	var name string
	for _, t := range append(slices.Clone(p.eg.Depot.Upcoming), p.eg.Depot.Pool...) {
		if t.ID == id {
			name = t.Name
		}
	}
	if name == "" {
		return 0
	}
	gap := 0
	for _, o := range p.eg.Corps {
		if o.Closed {
			continue
		}
		for _, t := range o.Trains {
			switch {
			case t.RustsOn != name:
			case o == c || o.President == c.President && c.President != 0:
				gap-- // its own, or its president's other company's
			default:
				gap++
			}
		}
	}
	return gap
}

// extraTrainGain is the revenue a train bought on top of c's own trains
// that do not rust soon adds on the map as it stands (a large figure when
// there is no map to ask). Buying every train it could afford, the first
// company took all the cheap trains of the first phase, earning little
// with the extra ones while later companies found none (seat 1 won almost
// every 1825 game of four heuristic bots).
func (p *position) extraTrainGain(c *engine.Corporation, a engine.Action) int {
	if p.b == nil {
		return a.Price
	}
	var t *engine.Train
	for _, u := range append(slices.Clone(p.eg.Depot.Upcoming), p.eg.Depot.Pool...) {
		if u.ID == a.Train {
			t = u
		}
	}
	if t == nil {
		return 0
	}
	var own []trainAllowance
	for _, u := range c.Trains {
		if !p.rustsSoon(u) {
			own = append(own, trainAllowance{u.Major, u.Minor})
		}
	}
	base := p.approxRevenue(p.b, c, own)
	more := p.approxRevenue(p.b, c, append(own, trainAllowance{t.Major, t.Minor}))
	return more - base
}

// playerOf returns the player who decides for entity: the player itself,
// a private's owner, or a corporation's president (0 when none).
func playerOf(eg *engine.Game, entity string) int {
	if id, err := strconv.Atoi(entity); err == nil {
		return id
	}
	if c := eg.Corp(entity); c != nil {
		return c.President
	}
	if co := eg.Company(entity); co != nil {
		if id, err := strconv.Atoi(co.Owner); err == nil {
			return id
		}
	}
	return 0
}

// Agree agrees to sell a train of seller, a company its player directs,
// to another player's company only at a price good for the seller: at
// least the train's face value, and only when the seller keeps a train
// that does not rust soon (or can buy one with the proceeds).
func (h *Heuristic) Agree(g Game, seller string, a engine.Action) bool {
	p, err := positionOf(g)
	if err != nil {
		return false
	}
	c := p.eg.Corp(seller)
	if c == nil {
		return false
	}
	var sold *engine.Train
	lasting := 0
	for _, t := range c.Trains {
		switch {
		case t.ID == a.Train:
			sold = t
		case !p.rustsSoon(t):
			lasting++
		}
	}
	if sold == nil || a.Price < sold.Price {
		return false
	}
	return lasting > 0 || c.Cash+a.Price >= p.minTrainPrice() && p.minTrainPrice() > 0
}

// pickDirectorPar chooses the highest par price at which the player can
// buy the director's certificate (two shares), when it cannot float the
// company or two thirds of it.
func (h *Heuristic) pickDirectorPar(p *position, pl *engine.Player, pars []engine.Choice) (engine.Action, bool) {
	best, bestPrice := -1, 0
	for i, c := range pars {
		cell, err := p.eg.Market.CellByID(c.Action.SharePrice)
		if err != nil {
			continue
		}
		if 2*cell.Price <= pl.Cash && h.parBetter(p, cell.Price, bestPrice) {
			best, bestPrice = i, cell.Price
		}
	}
	if best < 0 {
		return engine.Action{}, false
	}
	return pars[best].Action, true
}
