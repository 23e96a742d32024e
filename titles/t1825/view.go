package t1825

import (
	"tresham/engine"
	"tresham/titles/title"
)

// State returns the game state in the golden-trace shape (fixtures README §4).
func (g *Game) State() map[string]any {
	formed := []string{}
	for _, c := range g.formed {
		formed = append(formed, c.Sym)
	}
	mt := []string{}
	for _, t := range g.minorTrains {
		mt = append(mt, t.ID)
	}
	parts := engine.StateParts{
		Round: g.RoundName(), BankCash: g.BankCash(), Result: g.Result, Tiles: g.Board.Tiles(), EndTrigger: g.EndTrigger,
		Certs: g.CertIDs, NumCerts: g.numCerts, Value: g.playerValue, Corporation: g.corpState,
		Flags:        map[string]any{"bank_size": g.bankSize, "highest_layer": g.highestLayer, "formed": formed, "minor_trains": mt},
		Active:       g.activeEntities(),
		Actor:        func(c *engine.Corporation) int { return g.actingFor(c).ID },
		PriorityDeal: g.priorityDeal(),
		Log:          g.Log[g.journal.LogMark:],
	}
	if g.Opts.Surveyors {
		sv := map[string]any{}
		for sym, hs := range g.surveyors {
			sv[sym] = append([]string(nil), hs...)
		}
		parts.Flags["surveyors"] = sv
	}
	switch {
	case g.stock != nil:
		parts.Order = g.PlayerOrder()
	case g.op != nil && !(g.Finished && !g.manualEnd):
		parts.Order = engine.CorpOrder(g.op.Order)
	case g.Finished && !g.manualEnd:
		parts.Order = engine.CorpOrder(g.lastOrder)
	}
	return g.StateView(parts)
}

// priorityDeal: in a share dealing round the player after the last to deal.
func (g *Game) priorityDeal() int {
	if r := g.stock; r != nil {
		return r.PriorityDeal(g.Players[0].ID)
	}
	return g.Players[0].ID
}

func (g *Game) activeEntities() []any {
	switch {
	case g.Finished && !g.manualEnd:
		return []any{}
	case g.stock != nil:
		return []any{g.stock.Active()}
	case g.op != nil:
		if len(g.op.pendingHome) > 0 {
			return []any{g.op.pendingHome[0].Sym}
		}
		if len(g.op.discard) > 0 {
			return []any{g.op.discard[0].Sym}
		}
		if c := g.op.Current(); c != nil {
			return []any{c.Sym}
		}
	}
	return []any{}
}

func (g *Game) corpState(c *engine.Corporation) map[string]any {
	m := g.CorporationView(c)
	m["formed"], m["minor"] = g.isFormed(c), g.isMinor(c)
	engine.TokensView(m, c, g.Board.TokenLocations(c.Sym))
	if h, ok := g.closedHoldings[c.Sym]; ok {
		m["shares_by_owner"] = h
	}
	return m
}

// OperatingTurn is where the operating round stands (its order, the
// company operating, those done), or nil outside an operating round.
func (g *Game) OperatingTurn() *title.TurnView {
	if g.op == nil || g.Finished {
		return nil
	}
	return title.TurnOf(g.op.Order, g.op.Index)
}

// SoldThisRound is, by player id, what each player sold in the stock round
// under way (privates too), sorted; nil outside a stock round.
func (g *Game) SoldThisRound() map[int][]string {
	if g.stock == nil || g.Finished {
		return nil
	}
	return g.stock.SoldThisRound()
}

// LeasedTrains is, by corporation, the train a company in receivership
// hired for its turn under way (nil when none has).
func (g *Game) LeasedTrains() map[string]string {
	if g.op == nil || g.Finished || g.op.leased == nil || g.op.Current() == nil {
		return nil
	}
	return map[string]string{g.op.Current().Sym: g.op.leased.ID}
}

// OperatingRoundsInSet is the number of operating rounds of the set under
// way, or, before it, of the set that follows (the phase's count, taken
// when the stock round ends); 0 once the game is over.
func (g *Game) OperatingRoundsInSet() int {
	switch {
	case g.Finished:
		return 0
	case g.op != nil:
		return g.operatingRounds
	}
	return g.Phase().OperatingRounds
}
