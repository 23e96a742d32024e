package bot

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"

	"tresham/engine"
	"tresham/titles/title"
)

// Heuristic is a bot that plays by simple valuations: it bids on the
// opening items only up to a small value-based limit, starts companies it
// can float on its own, buys shares of its own companies (to float them and
// keep control) and of companies that pay, sells only out of companies that
// are sinking, lays the tile that most raises its company's best run (each
// candidate is tried on a copy of the map and solved), places tokens that
// add revenue, always runs the best routes, pays out unless it must save
// for a train, and buys the cheapest train when it has none or can afford
// more. Rand only breaks ties, so play is reproducible per seed.
type Heuristic struct {
	Rand *rand.Rand
	// MaxLays bounds the tile lays evaluated with the route solver per
	// decision (a sample when more are legal); 0 means 48.
	MaxLays int
	// Tune adjusts the rules of play by title (nil, or no entry for the
	// title: the medium bot's own; see Tuning and the strong policy,
	// policy_strong.go).
	Tune Tunings

	// rules keeps the titles' route rules between decisions (see
	// newPosition); like Rand, it makes a Heuristic one goroutine's.
	rules map[string]title.RouteRules
	// memo, when set, keeps revenue estimates by board content between
	// decisions (see revenueMemo); a search shares one among its
	// rollouts.
	memo *revenueMemo
}

// position inspects g for a decision (positionOf, keeping the title's
// route rules for the next one).
func (h *Heuristic) position(g Game) (*position, error) {
	if h.rules == nil {
		h.rules = map[string]title.RouteRules{}
	}
	p, err := newPosition(g, h.rules)
	if p != nil {
		p.memo = h.memo
	}
	return p, err
}

// NewHeuristic returns a heuristic bot seeded for reproducible play.
func NewHeuristic(seed uint64) *Heuristic {
	return &Heuristic{Rand: rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))}
}

// Move picks an action for one of the acting entities: a private company's
// exchange when the bot wants it, otherwise the first acting entity's move.
func (h *Heuristic) Move(g Game) (engine.Action, error) {
	acting := g.Acting()
	if len(acting) == 0 {
		return engine.Action{}, fmt.Errorf("bot: nobody may act")
	}
	p, err := h.position(g)
	if err == nil {
		for _, e := range acting[1:] {
			if co := p.eg.Company(e); co != nil && h.wantsExchange(p, co) {
				return h.choose(g, p, e)
			}
		}
	}
	return h.choose(g, p, acting[0])
}

// Choose picks a legal action for entity (a player id, a corporation, or a
// private company whose only move is its exchange).
func (h *Heuristic) Choose(g Game, entity string) (engine.Action, error) {
	return h.choose(g, nil, entity)
}

// choose is Choose from position p of g (nil: inspect g).
func (h *Heuristic) choose(g Game, p *position, entity string) (engine.Action, error) {
	choices := g.Legal(entity)
	if len(choices) == 0 {
		return engine.Action{}, fmt.Errorf("bot: %s has no legal move", entity)
	}
	if p == nil {
		var err error
		if p, err = h.position(g); err != nil {
			return engine.Action{}, err
		}
	}
	var err error
	byType := map[string][]engine.Choice{}
	for _, c := range choices {
		byType[c.Action.Type] = append(byType[c.Action.Type], c)
	}
	var a engine.Action
	switch {
	case p.eg.Company(entity) != nil:
		a = choices[0].Action
	case p.eg.Corp(entity) != nil:
		a, err = h.operate(p, p.eg.Corp(entity), byType)
	default:
		id, perr := strconv.Atoi(entity)
		if perr != nil || p.eg.Player(id) == nil {
			return engine.Action{}, fmt.Errorf("bot: unknown entity %q", entity)
		}
		if p.eg.RoundKind == "Auction" {
			a = h.auction(p, p.eg.Player(id), byType)
		} else {
			a = h.stock(p, p.eg.Player(id), byType)
		}
	}
	if err != nil {
		return engine.Action{}, err
	}
	return a, nil
}

// jitter is a tie-break below any valuation step.
func (h *Heuristic) jitter() float64 { return h.Rand.Float64() * 1e-3 }

// --- the 1860 opening auction ---------------------------------------------

// auction bids for the turn up to the surplus of the best item left, and
// as winner starts a company (when it presides over none) or takes the
// private that pays most.
func (h *Heuristic) auction(p *position, pl *engine.Player, byType map[string][]engine.Choice) engine.Action {
	pass := engine.Action{Type: "pass", Entity: strconv.Itoa(pl.ID), EntityType: "player"}
	var bidTurn *engine.Choice
	for i, c := range byType["bid"] {
		if c.Action.Company == "" {
			bidTurn = &byType["bid"][i]
		}
	}
	if bidTurn != nil {
		// the turn is worth what the best item is worth above its price:
		// a private's income for an operating round or so, or a little
		// for the director's certificate of a company to start
		limit := 0
		for _, co := range p.eg.Companies {
			if co.Owner == "" && !co.Closed {
				limit = max(limit, co.Revenue)
			}
		}
		if h.presidentOf(p, pl.ID) == 0 {
			limit = max(limit, 25)
		}
		if bidTurn.Action.Price <= limit && bidTurn.Action.Price <= pl.Cash/4 {
			return bidTurn.Action
		}
		if byType["pass"] != nil {
			return pass
		}
		return bidTurn.Action
	}
	// the winner's pick
	if pars := byType["par"]; len(pars) > 0 && h.presidentOf(p, pl.ID) == 0 {
		if a, ok := h.pickPar(p, pl, pars); ok {
			return a
		}
	}
	best, bestScore := -1, -1e9
	for i, c := range byType["bid"] {
		co := p.eg.Company(c.Action.Company)
		if co == nil {
			continue
		}
		s := float64(co.Revenue*4-co.Value) + h.jitter()
		if c.Action.Price > pl.Cash {
			s -= 1000
		}
		if s > bestScore {
			best, bestScore = i, s
		}
	}
	if best >= 0 {
		return byType["bid"][best].Action
	}
	if pars := byType["par"]; len(pars) > 0 {
		if a, ok := h.pickPar(p, pl, pars); ok {
			return a
		}
		return pars[0].Action
	}
	return firstChoice(byType)
}

// presidentOf counts the open corporations player id presides over.
func (h *Heuristic) presidentOf(p *position, id int) int {
	n := 0
	for _, c := range p.eg.Corps {
		if c.President == id && !c.Closed {
			n++
		}
	}
	return n
}

// pickPar chooses a par price: the highest at which the player can buy the
// whole float alone, or failing that the lowest offered.
func (h *Heuristic) pickPar(p *position, pl *engine.Player, pars []engine.Choice) (engine.Action, bool) {
	best, bestPrice := -1, 0
	low, lowPrice := -1, 0
	for i, c := range pars {
		cell, err := p.eg.Market.CellByID(c.Action.SharePrice)
		if err != nil {
			continue
		}
		corp := p.eg.Corp(c.Action.Corporation)
		need := (floatShares(corp) + h.tun(p).ParExtra) * cell.Price
		if need <= pl.Cash && h.parBetter(p, cell.Price, bestPrice) {
			best, bestPrice = i, cell.Price
		}
		if low < 0 || cell.Price < lowPrice {
			low, lowPrice = i, cell.Price
		}
	}
	if best >= 0 {
		return pars[best].Action, true
	}
	if low >= 0 {
		return pars[low].Action, false
	}
	return engine.Action{}, false
}

// pickSharedPar chooses the highest par price at which the player can buy
// two thirds of the float, counting on other players for the rest.
func (h *Heuristic) pickSharedPar(p *position, pl *engine.Player, pars []engine.Choice) (engine.Action, bool) {
	best, bestPrice := -1, 0
	for i, c := range pars {
		cell, err := p.eg.Market.CellByID(c.Action.SharePrice)
		if err != nil {
			continue
		}
		need := (2*floatShares(p.eg.Corp(c.Action.Corporation)) + 2) / 3 * cell.Price
		if need <= pl.Cash && h.parBetter(p, cell.Price, bestPrice) {
			best, bestPrice = i, cell.Price
		}
	}
	if best < 0 {
		return engine.Action{}, false
	}
	return pars[best].Action, true
}

// floatShares is how many 10% units the president must hold to float c
// alone.
func floatShares(c *engine.Corporation) int {
	if c == nil || c.FloatPercent == 0 {
		return 5
	}
	unit := 10
	for _, s := range c.Shares {
		if !s.President && s.Percent > 0 {
			unit = s.Percent
			break
		}
	}
	return (c.FloatPercent + unit - 1) / unit * unit / 10
}

// wantsExchange reports whether a private should be swapped for its
// share now: when the share is worth at least the private, or late, when
// privates are about to close.
func (h *Heuristic) wantsExchange(p *position, co *engine.Company) bool {
	if co.Closed {
		return false
	}
	for _, ch := range p.g.Legal(co.Sym) {
		if len(ch.Action.Shares) == 0 {
			continue
		}
		c, _, err := p.eg.ShareByID(ch.Action.Shares[0])
		if err != nil || c.Cell == nil {
			continue
		}
		if len(c.Trains) > 0 && c.Price() >= co.Value || p.eg.PhaseIdx >= 3 {
			return true
		}
	}
	return false
}

// firstChoice is a deterministic fallback: the first choice of the
// alphabetically first action type.
func firstChoice(byType map[string][]engine.Choice) engine.Action {
	types := make([]string, 0, len(byType))
	for t := range byType {
		types = append(types, t)
	}
	sort.Strings(types)
	return byType[types[0]][0].Action
}
