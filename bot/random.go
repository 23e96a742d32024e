// Package bot holds computer players. Random picks uniformly among the legal
// moves (with the best routes when it must run trains); it exists to drive
// the engine through many unusual positions in tests, and as a sparring
// partner.
package bot

import (
	"fmt"
	"math/rand/v2"

	"tresham/engine"
)

// Game is what a bot needs from a title game.
type Game interface {
	Acting() []string
	Legal(entity string) []engine.Choice
	Apply(a *engine.Action) error
	IsFinished() bool
	// BestRoutes returns a maximum-revenue run for a corporation.
	BestRoutes(corp string) ([]engine.Route, error)
}

// Random is a bot that plays random legal moves. It first draws a kind of
// move (passing weighs PassWeight, selling very little, everything else 1 or
// more), then one move of that kind.
type Random struct {
	Rand       *rand.Rand
	PassWeight float64
	// AgreeChance is the probability that it agrees to sell a train of a
	// company it directs to another player's company, whatever the price
	// (0 means one half; negative, never).
	AgreeChance float64
}

// Agree agrees to a train sale at random (see AgreeChance).
func (r *Random) Agree(g Game, seller string, a engine.Action) bool {
	p := r.AgreeChance
	if p == 0 {
		p = 0.5
	}
	return r.Rand.Float64() < p
}

// Move picks a legal action for one of the acting entities, or an error when
// nobody can act.
func (r *Random) Move(g Game) (engine.Action, error) {
	acting := g.Acting()
	if len(acting) == 0 {
		return engine.Action{}, fmt.Errorf("bot: nobody may act")
	}
	return r.Choose(g, acting[r.Rand.IntN(len(acting))])
}

// Choose picks a legal action for entity (a player id or a corporation).
func (r *Random) Choose(g Game, entity string) (engine.Action, error) {
	choices := g.Legal(entity)
	if len(choices) == 0 {
		return engine.Action{}, fmt.Errorf("bot: %s has no legal move", entity)
	}
	ch := r.pick(choices)
	a := ch.Action
	if ch.MaxPrice > a.Price {
		step := max(ch.PriceStep, 1)
		// favour low prices: a fair bid or trade, rarely the maximum
		span := (ch.MaxPrice - a.Price) / step
		a.Price += step * r.Rand.IntN(span/4+1)
	}
	if ch.Open == "routes" {
		routes, err := g.BestRoutes(entity)
		if err != nil {
			return engine.Action{}, fmt.Errorf("bot: routes for %s: %w", entity, err)
		}
		a.Routes = routes
	}
	return a, nil
}

func (r *Random) pick(choices []engine.Choice) engine.Choice {
	// pick an action type first (passing weighs PassWeight), so that many
	// tile lays do not crowd out the rest
	byType := map[string][]engine.Choice{}
	var types []string
	for _, c := range choices {
		if byType[c.Action.Type] == nil {
			types = append(types, c.Action.Type)
		}
		byType[c.Action.Type] = append(byType[c.Action.Type], c)
	}
	weight := func(t string) float64 {
		if t == "pass" {
			return r.PassWeight
		}
		return typeWeight(t)
	}
	sum := 0.0
	for _, t := range types {
		sum += weight(t)
	}
	x := r.Rand.Float64() * sum
	list := byType[types[len(types)-1]]
	for _, t := range types {
		if x -= weight(t); x < 0 {
			list = byType[t]
			break
		}
	}
	if list[0].Action.Type == "dividend" && r.Rand.Float64() < 0.95 {
		return list[0] // payout, mostly: a company that never pays sinks
	}
	return list[r.Rand.IntN(len(list))]
}

// typeWeight makes selling rarer than other moves, so that random stock
// rounds do not churn forever.
func typeWeight(typ string) float64 {
	switch typ {
	case "sell_shares", "sell_company":
		return 0.005
	case "buy_train", "par":
		return 4
	}
	return 1
}
