package step

import (
	"slices"
	"strconv"

	"tresham/engine"
)

// Purchase is a train bought: from the bank (Seller nil; FromPool when it
// was a discarded train) or from another corporation at an agreed price.
type Purchase struct {
	Train    *engine.Train
	Seller   *engine.Corporation
	Price    int
	FromPool bool
}

// BuyTrainHooks configure a BuyTrain step.
type BuyTrainHooks[G any] struct {
	Operating[G]
	// Limit is the number of trains a corporation may hold now.
	Limit func(G) int
	// Depot lists the trains the bank sells c now, each accepted; the
	// listing names one of each kind (name, new or from the pool).
	Depot func(g G, c *engine.Corporation) []*engine.Train
	// Traded lists the other corporations' trains c may buy now at an
	// agreed price (none: nil).
	Traded func(g G, c *engine.Corporation) []*engine.Train
	// TradedAlike lists one traded train of each name per seller.
	TradedAlike bool
	// MinPrice is the least agreed price; agreed prices go in PriceStep,
	// up to the buyer's cash.
	MinPrice int
	// PriceStep is what an agreed price is a multiple of now (nil: £10;
	// 1825 games created before 2023-12-27 pay any whole number of pounds).
	PriceStep func(G) int
	// Unavailable says why the train a names is not for sale to c (the
	// title's reason, for the refusal).
	Unavailable func(g G, c *engine.Corporation, a *engine.Action) error
	// Bought runs after the train changed hands (the log line, a new
	// phase, rusting, what the step does next).
	Bought func(g G, c *engine.Corporation, p Purchase)
}

// BuyTrain is the step in which a corporation buys trains from the bank or
// from other corporations (1860 rules 7.8, 1825 rules 4.6).
type BuyTrain[G any] struct{ H BuyTrainHooks[G] }

// Types implements Step.
func (s *BuyTrain[G]) Types() []string { return []string{"buy_train"} }

// Takes reports whether the step takes actions of type typ.
func (s *BuyTrain[G]) Takes(typ string) bool { return typ == "buy_train" }

// Active implements Step.
func (s *BuyTrain[G]) Active(g G) bool { return s.H.active(g) }

// Blocking implements Step.
func (s *BuyTrain[G]) Blocking(G) bool { return true }

// Choices implements Step: each kind of train the bank sells that c can
// afford at its price, and the other corporations' trains at an agreed
// price (MinPrice to c's cash, in tens).
func (s *BuyTrain[G]) Choices(g G, entity string) []engine.Choice {
	c := s.H.Corp(g)
	if c == nil || c.Sym != entity || len(c.Trains) >= s.H.Limit(g) {
		return nil
	}
	var out []engine.Choice
	type kind struct {
		owner, name string
		pool        bool
	}
	seen := map[kind]bool{}
	for _, t := range s.H.Depot(g, c) {
		k := kind{"", t.Name, t.InPool}
		if seen[k] || t.Price > c.Cash {
			continue
		}
		seen[k] = true
		a := engine.CorpAction(c, "buy_train")
		a.Train, a.Price = t.ID, t.Price
		out = append(out, engine.Choice{Action: a})
	}
	priceStep := s.priceStep(g)
	maxPrice := c.Cash / priceStep * priceStep
	if maxPrice < s.H.MinPrice || s.H.Traded == nil {
		return out
	}
	for _, t := range s.H.Traded(g, c) {
		k := kind{t.Owner, t.Name, false}
		if s.H.TradedAlike && seen[k] {
			continue
		}
		seen[k] = true
		a := engine.CorpAction(c, "buy_train")
		a.Train, a.Price = t.ID, s.H.MinPrice
		out = append(out, engine.Choice{Action: a, MaxPrice: maxPrice, PriceStep: priceStep})
	}
	return out
}

// plan decides a and returns the purchase.
func (s *BuyTrain[G]) plan(g G, a *engine.Action) (Purchase, error) {
	c, err := s.H.actor(g, a)
	if err != nil {
		return Purchase{}, err
	}
	is := func(t *engine.Train) bool { return t.ID == a.Train }
	var traded []*engine.Train
	if s.H.Traded != nil {
		traded = s.H.Traded(g, c)
	}
	depot := s.H.Depot(g, c)
	i, j := slices.IndexFunc(depot, is), slices.IndexFunc(traded, is)
	if i < 0 && j < 0 {
		return Purchase{}, s.H.Unavailable(g, c, a)
	}
	if limit := s.H.Limit(g); len(c.Trains) >= limit {
		return Purchase{}, engine.Refuse(a, "%s is at its train limit of %d", c.Sym, limit)
	}
	if i >= 0 {
		t := depot[i]
		if a.Price != t.Price {
			return Purchase{}, engine.Refuse(a, "the bank sells a %s train for £%d", t.Name, t.Price)
		}
		if c.Cash < t.Price {
			return Purchase{}, engine.Refuse(a, "%s cannot afford a %s train (£%d)", c.Sym, t.Name, t.Price)
		}
		return Purchase{Train: t, Price: t.Price, FromPool: t.InPool}, nil
	}
	t := traded[j]
	if step := s.priceStep(g); a.Price < s.H.MinPrice || a.Price > c.Cash || a.Price%step != 0 {
		unit := "a multiple of £" + strconv.Itoa(step)
		if step == 1 {
			unit = "a whole number of pounds"
		}
		return Purchase{}, engine.Refuse(a, "price £%d: a train from another corporation costs %s from £%d to the buyer's cash (£%d)", a.Price, unit, s.H.MinPrice, c.Cash)
	}
	return Purchase{Train: t, Seller: s.H.Base(g).Corp(t.Owner), Price: a.Price}, nil
}

// priceStep is what an agreed price must be a multiple of now.
func (s *BuyTrain[G]) priceStep(g G) int {
	if s.H.PriceStep == nil {
		return 10
	}
	return max(s.H.PriceStep(g), 1)
}

// Check implements Step.
func (s *BuyTrain[G]) Check(g G, a *engine.Action) error {
	_, err := s.plan(g, a)
	return err
}

// Process implements Step.
func (s *BuyTrain[G]) Process(g G, a *engine.Action) {
	p, _ := s.plan(g, a)
	s.buy(g, p)
}

// Apply decides a once and, when it is accepted, buys the train (see
// step.Apply); a refusal is marked engine.Unchanged.
func (s *BuyTrain[G]) Apply(g G, a *engine.Action) error {
	p, err := s.plan(g, a)
	if err != nil {
		return engine.Unchanged(err)
	}
	s.buy(g, p)
	return nil
}

// buy moves the train and the money, then runs Bought.
func (s *BuyTrain[G]) buy(g G, p Purchase) {
	c := s.H.Corp(g)
	if p.Seller == nil {
		BuyFromDepot(s.H.Base(g), c, p.Train, p.Price)
	} else {
		BuyFromCorp(c, p.Seller, p.Train, p.Price)
	}
	s.H.Bought(g, c, p)
}
