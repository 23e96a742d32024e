// Package replay loads an 18xx.games game export and replays its effective
// actions through Tresham's engine, optionally reporting the state after each.
package replay

import (
	"fmt"
	"strconv"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/titles"
	"tresham/titles/title"
)

// Game is a title game the replayer can drive.
type Game = title.Game

// Step is called after each effective non-message action with its state.
// The action points into the replayed export and must not be modified.
type Step func(a *g18xx.Action, state map[string]any) error

// New builds the title game described by an export's header, through
// the title registry, under the rules 18xx.games applied to it (Rules).
func New(src *g18xx.Game) (title.Full, error) { return NewOf(src, Rules(src)) }

// NewOf is New under the rules of a given day (a zero Rules: today's).
func NewOf(src *g18xx.Game, rules title.Rules) (title.Full, error) {
	d, ok := titles.Lookup(src.Title)
	if !ok {
		return nil, fmt.Errorf("title %q is not supported", src.Title)
	}
	players := make([]title.Player, len(src.Players))
	for i, p := range src.Players {
		players[i] = title.Player{ID: p.ID, Name: p.Name}
	}
	return d.Create(players, src.Settings.OptionalRules, rules)
}

// Convert turns an export action into an engine action.
func Convert(a *g18xx.Action) engine.Action {
	out := engine.Action{
		ID: a.ID, Type: a.Type, EntityType: a.EntityType, Price: a.Price, Company: a.Company,
		Corporation: a.Corporation, Shares: a.Shares, Percent: a.Percent, Hex: a.Hex, Tile: a.Tile,
		Rotation: a.Rotation, City: a.City, Slot: a.Slot, Train: a.Train, Variant: a.Variant,
		Kind: a.Kind, Description: a.Description, Cost: a.Cost, Message: a.Message,
	}
	if id, ok := a.Entity.PlayerID(); ok {
		out.Entity = strconv.Itoa(id)
	} else if s, ok := a.Entity.Symbol(); ok {
		out.Entity = s
	}
	if a.SharePrice != nil {
		out.SharePrice = a.SharePrice.Cell
		if out.SharePrice == "" {
			out.SharePrice = strconv.Itoa(a.SharePrice.Price)
		}
	}
	if len(a.Routes) > 0 {
		out.Routes = make([]engine.Route, 0, len(a.Routes))
	}
	for _, r := range a.Routes {
		out.Routes = append(out.Routes, engine.Route{
			Train: r.Train, Connections: r.Connections, Nodes: r.Nodes, Hexes: r.Hexes,
			Revenue: r.Revenue, Subsidy: r.Subsidy, Halts: r.Halts,
		})
	}
	if engine.IsProgramType(a.Type) {
		out.Program = &engine.ProgramSpec{FromMarket: a.FromMarket, AutoPassAfter: a.AutoPassAfter,
			Unconditional: a.Unconditional, Indefinite: a.Indefinite, Reason: a.Reason, OriginalType: a.OriginalType}
		if a.UntilCondition != nil {
			out.Program.Until = a.UntilCondition.String()
		}
	}
	if len(a.AutoActions) > 0 {
		out.Auto = make([]engine.Action, 0, len(a.AutoActions))
	}
	for i := range a.AutoActions {
		out.Auto = append(out.Auto, Convert(&a.AutoActions[i]))
	}
	return out
}

// Run replays every effective action of src, calling step (if non-nil) after each
// non-message action. It returns the game and the number of actions applied.
func Run(src *g18xx.Game, step Step) (Game, int, error) {
	return RunTraced(src, step, nil)
}

// RunTraced is Run with init called once with the state after setup.
func RunTraced(src *g18xx.Game, step Step, init func(map[string]any) error) (Game, int, error) {
	return RunTracedOf(src, Rules(src), step, init)
}

// RunTracedOf is RunTraced under the rules of a given day (Rules finds
// an export's).
func RunTracedOf(src *g18xx.Game, rules title.Rules, step Step, init func(map[string]any) error) (Game, int, error) {
	g, err := NewOf(src, rules)
	if err != nil {
		return nil, 0, err
	}
	if init != nil {
		if err := init(g.State()); err != nil {
			return g, 0, err
		}
	}
	n := 0
	var ea engine.Action // reused: Apply keeps no pointer to it
	for _, i := range g18xx.EffectiveIndices(src.Actions) {
		a := &src.Actions[i]
		if a.Type == g18xx.TypeMessage {
			continue
		}
		ea = Convert(a)
		if err := g.Apply(&ea); err != nil {
			return g, n, err
		}
		n++
		if step != nil {
			if err := step(a, g.State()); err != nil {
				return g, n, err
			}
		}
	}
	return g, n, nil
}
