package t1860_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"tresham/board"
	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/internal/fixtures"
	"tresham/replay"
	"tresham/titles/t1860"
	"tresham/titles/title"
)

// fixtureGame is an 18xx.games fixture ready to replay with chosen options.
type fixtureGame struct {
	src     *g18xx.Game
	actions []engine.Action // effective non-message actions
}

func loadFixture(t *testing.T, name string) *fixtureGame {
	t.Helper()
	src, err := g18xx.DecodeBytes(fixtures.MustRead(t, name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	fx := &fixtureGame{src: src}
	for _, a := range g18xx.Effective(src.Actions) {
		if a.Type != g18xx.TypeMessage {
			fx.actions = append(fx.actions, replay.Convert(&a))
		}
	}
	return fx
}

// newGame starts the fixture's game with its own options plus extra.
func (fx *fixtureGame) newGame(t *testing.T, extra ...string) *t1860.Game {
	t.Helper()
	var ids []int
	var names []string
	for _, p := range fx.src.Players {
		ids = append(ids, p.ID)
		names = append(names, p.Name)
	}
	opts := append(append([]string(nil), fx.src.Settings.OptionalRules...), extra...)
	g, err := t1860.New(ids, names, opts, t1860.NewBoard)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// replay applies the fixture's first n actions. With adapt (the game has
// options the fixture was not played with) a step the option leaves open
// where the fixture's game had closed it (a second tile lay, a token the
// bonus made affordable) is passed: the director declines the extra chance.
func (fx *fixtureGame) replay(t *testing.T, g *t1860.Game, n int, adapt bool) {
	t.Helper()
	for i := 0; i < n; i++ {
		a := fx.actions[i]
		err := g.Apply(&a)
		for tries := 0; err != nil && adapt && tries < 4 && strings.Contains(err.Error(), "must first finish its"); tries++ {
			pass := engine.Action{Type: "pass", Entity: a.Entity, EntityType: a.EntityType, ID: a.ID}
			if perr := g.Apply(&pass); perr != nil {
				t.Fatalf("fixture action %d (#%d): %v; passing: %v", i, a.ID, err, perr)
			}
			a = fx.actions[i]
			err = g.Apply(&a)
		}
		if err != nil {
			t.Fatalf("fixture action %d (#%d): %v", i, a.ID, err)
		}
	}
}

// at replays the first n actions with the extra options.
func (fx *fixtureGame) at(t *testing.T, n int, extra ...string) *t1860.Game {
	t.Helper()
	g := fx.newGame(t, extra...)
	fx.replay(t, g, n, len(extra) > 0)
	return g
}

// index returns the position of the first action from `from` satisfying pred, or -1.
func (fx *fixtureGame) index(from int, pred func(a engine.Action) bool) int {
	for i := from; i < len(fx.actions); i++ {
		if pred(fx.actions[i]) {
			return i
		}
	}
	return -1
}

// script drives a game on no map (the rules accept the stated route
// revenues), for rules that do not depend on the map.
type script struct {
	t  *testing.T
	g  *t1860.Game
	id int
}

func newScript(t *testing.T, players int, opts ...string) *script {
	t.Helper()
	return newScriptOf(t, players, title.Rules{}, opts...)
}

// newScriptOf is newScript under the 18xx.games rules of a day.
func newScriptOf(t *testing.T, players int, rules title.Rules, opts ...string) *script {
	t.Helper()
	return newScriptOn(t, players, nil, rules, opts...)
}

// newScriptOn is newScriptOf on a map (nil: none).
func newScriptOn(t *testing.T, players int, board func(map[string]bool) (*board.Board, error), rules title.Rules, opts ...string) *script {
	t.Helper()
	var ids []int
	var names []string
	for i := 1; i <= players; i++ {
		ids = append(ids, i)
		names = append(names, "Player "+strconv.Itoa(i))
	}
	g, err := t1860.NewOf(ids, names, opts, board, rules)
	if err != nil {
		t.Fatal(err)
	}
	return &script{t: t, g: g}
}

// try applies a with the next id and the entity type filled in.
func (s *script) try(a engine.Action) error {
	s.id++
	a.ID = s.id
	switch {
	case s.g.Corp(a.Entity) != nil:
		a.EntityType = "corporation"
	case s.g.Company(a.Entity) != nil:
		a.EntityType = "company"
	default:
		a.EntityType = "player"
	}
	return s.g.Apply(&a)
}

func (s *script) do(a engine.Action) {
	s.t.Helper()
	if err := s.try(a); err != nil {
		s.t.Fatal(err)
	}
}

// active is the entity to move.
func (s *script) active() string {
	act := s.g.State()["active"].([]any)
	if len(act) == 0 {
		return ""
	}
	return fmt.Sprint(act[0])
}

// parCell is the market cell id of a par price (the single market row).
func parCell(price int) string {
	cols := map[int]int{54: 12, 58: 14, 62: 16, 68: 18, 74: 20, 82: 22, 90: 24, 100: 26}
	return fmt.Sprintf("%d,0,%d", price, cols[price])
}

// auction sells the opening items in order, each to the first bidder of
// its auction after everyone passes; a corporation item is "SYM@PAR".
func (s *script) auction(items ...string) {
	s.t.Helper()
	for _, it := range items {
		for range s.g.Players {
			s.do(engine.Action{Type: "pass", Entity: s.active()})
		}
		if sym, par, ok := strings.Cut(it, "@"); ok {
			p, _ := strconv.Atoi(par)
			s.do(engine.Action{Type: "par", Entity: s.active(), Corporation: sym, SharePrice: parCell(p)})
		} else {
			s.do(engine.Action{Type: "bid", Entity: s.active(), Company: it})
		}
	}
}

// buy has the active player buy one share.
func (s *script) buy(share string) {
	s.t.Helper()
	s.do(engine.Action{Type: "buy_shares", Entity: s.active(), Shares: []string{share}, Percent: 10})
}

// passRound passes for the active entity until another kind of round starts.
func (s *script) passRound() {
	s.t.Helper()
	kind := s.g.RoundName()
	for s.g.RoundName() == kind && !s.g.Finished {
		s.do(engine.Action{Type: "pass", Entity: s.active()})
	}
}

// operate plays the active corporation's turn step by step as Legal offers
// it: no track or token, each train run for revenue (withheld), then the
// listed trains bought from the bank at their price; it passes the rest.
// A trainless company that may not pass its train step (rules 7.8) buys the
// cheapest train offered.
func (s *script) operate(sym string, revenue int, buy ...string) {
	s.t.Helper()
	if got := s.active(); got != sym {
		s.t.Fatalf("%s to operate, but %s is active", sym, got)
	}
	for s.active() == sym {
		offered := map[string]bool{}
		var cheapest *engine.Action
		for _, ch := range s.g.Legal(sym) {
			offered[ch.Action.Type] = true
			if ch.Action.Type == "buy_train" && (cheapest == nil || ch.Action.Price < cheapest.Price) {
				a := ch.Action
				cheapest = &a
			}
		}
		c := s.g.Corp(sym)
		switch {
		case offered["run_routes"]:
			var routes []engine.Route
			for _, tr := range c.Trains {
				rev := revenue
				routes = append(routes, engine.Route{Train: tr.ID, Revenue: &rev})
			}
			s.do(engine.Action{Type: "run_routes", Entity: sym, Routes: routes})
		case offered["dividend"]:
			s.do(engine.Action{Type: "dividend", Entity: sym, Kind: "withhold"})
		case offered["buy_train"] && len(buy) > 0:
			name, _, _ := strings.Cut(buy[0], "-")
			price := map[string]int{"2+1": 250, "3+2": 300, "4+2": 350, "5+3": 400, "6+3": 500, "7+4": 600, "8+4": 700, "9+5": 800}[name]
			s.do(engine.Action{Type: "buy_train", Entity: sym, Train: buy[0], Price: price})
			buy = buy[1:]
		case offered["buy_train"] && !offered["pass"]:
			s.do(*cheapest)
		default:
			s.do(engine.Action{Type: "pass", Entity: sym})
		}
	}
	if len(buy) > 0 {
		s.t.Fatalf("%s could not buy %v", sym, buy)
	}
}

// passUntil passes the active corporation's steps until Legal offers typ
// (the steps before it had nothing the script wants to do).
func (s *script) passUntil(sym, typ string) {
	s.t.Helper()
	for range 8 {
		for _, ch := range s.g.Legal(sym) {
			if ch.Action.Type == typ {
				return
			}
		}
		s.do(engine.Action{Type: "pass", Entity: sym})
	}
	s.t.Fatalf("%s is never offered %s", sym, typ)
}

func apply(t *testing.T, g *t1860.Game, a engine.Action) {
	t.Helper()
	if err := g.Apply(&a); err != nil {
		t.Fatal(err)
	}
}
