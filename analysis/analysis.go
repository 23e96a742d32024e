// Package analysis replays a finished (or unfinished) game and tabulates it
// the way 18xx players keep spreadsheets: every player's cash, certificates
// and value at the end of each round, every company's operating rounds
// (treasury, trains, tokens, price, revenue and how it was paid), and for
// every run the exact best run the solver finds at that position, so the
// revenue each company and player left on the table is known.
package analysis

import (
	"fmt"
	"sort"
	"strconv"

	"tresham/clock"
	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
)

// Report is the analysis of one game.
type Report struct {
	Title     string         `json:"title"`
	Finished  bool           `json:"finished"`
	EndReason string         `json:"end_reason,omitempty"`
	Result    map[string]int `json:"result,omitempty"`
	Players   []Player       `json:"players"`
	// Rounds lists each player's standing at the end of every round, in
	// order.
	Rounds []RoundRow `json:"rounds"`
	// Operations lists each company's turn in every operating round.
	Operations []Operation `json:"operations"`
	// LeftByCompany and LeftByPlayer sum, over every run, the best revenue
	// at that position less the revenue run (a player is charged for the
	// runs of the companies they directed then).
	LeftByCompany map[string]int `json:"left_by_company"`
	LeftByPlayer  map[string]int `json:"left_by_player"`
	// LongestWaits are the game's five longest waits for a move.
	LongestWaits []clock.Wait `json:"longest_waits"`
}

// Player is a seat of the game, with the time it spent to act (see
// package clock; zero when the log carries no times).
type Player struct {
	ID         int              `json:"id"`
	Name       string           `json:"name"`
	TimeSpentS int64            `json:"time_spent_s"`
	ByRoundS   map[string]int64 `json:"by_round_s,omitempty"`
	ByCompanyS map[string]int64 `json:"by_company_s,omitempty"`
}

// RoundRow is one player's standing when a round ended.
type RoundRow struct {
	Round  string `json:"round"`  // "SR 2", "OR 3.1", "Auction"
	Action int    `json:"action"` // the id of the round's last action
	// Position is how many stored actions the log holds up to and
	// including it: the history position to view the game there.
	Position int `json:"position"`
	Player   int `json:"player"`
	Cash     int `json:"cash"`
	Certs    int `json:"certs"`
	Value    int `json:"value"`
	Delta    int `json:"delta"` // value change since the previous round
}

// Operation is one company's turn in an operating round.
type Operation struct {
	Round     string   `json:"round"`
	Action    int      `json:"action"`   // the run_routes action's id (0: no run)
	Position  int      `json:"position"` // stored actions up to the run (see RoundRow)
	Company   string   `json:"company"`
	President int      `json:"president"`
	Treasury  int      `json:"treasury"` // after its turn
	Trains    []string `json:"trains"`
	Tokens    int      `json:"tokens"` // placed on the map
	Price     int      `json:"price"`  // share price after its turn
	Revenue   int      `json:"revenue"`
	Subsidy   int      `json:"subsidy,omitempty"` // 1860 halt subsidy run
	// Paid is "payout", "withhold", "half", or "" when nothing was run.
	Paid string `json:"paid"`
	// PerShare is what a 10% share received.
	PerShare int `json:"per_share"`
	// BestRevenue is the most revenue any legal run had at that position
	// (ties: most subsidy, BestSubsidy); BestTotal the most revenue plus
	// subsidy (1860's second objective; equal to BestRevenue in 1825).
	BestRevenue int `json:"best_revenue"`
	BestSubsidy int `json:"best_subsidy,omitempty"`
	BestTotal   int `json:"best_total"`
	// Left is BestRevenue less Revenue.
	Left int `json:"left"`
}

// Analyse replays src and tabulates it. Runs are solved exactly.
func Analyse(src *g18xx.Game) (*Report, error) {
	g, err := replay.New(src)
	if err != nil {
		return nil, err
	}
	eg := replay.Engine(g)
	if eg == nil {
		return nil, fmt.Errorf("analysis: title %q is not supported", src.Title)
	}
	r := &Report{Title: src.Title, LeftByCompany: map[string]int{}, LeftByPlayer: map[string]int{}}
	for _, p := range src.Players {
		r.Players = append(r.Players, Player{ID: p.ID, Name: p.Name})
	}
	position := map[int]int{} // action id → stored actions through it
	for i, a := range src.Actions {
		position[a.ID] = i + 1
	}
	w := &walker{r: r, g: g, eg: eg, lastValue: map[int]int{}, position: position}
	w.round = roundLabel(eg)
	var op *Operation
	lastID := 0
	err = replay.EachRoutePositionOf(g, src, func(a *engine.Action, pos *replay.RoutePosition, apply func() error) error {
		if label := roundLabel(eg); label != w.round {
			w.endRound(lastID)
			w.round = label
		}
		if pos != nil {
			sol, err := pos.Solve(a.Entity)
			if err != nil {
				return fmt.Errorf("analysis: solve %s at action %d: %w", a.Entity, a.ID, err)
			}
			rev, sub, err := pos.CheckRun(a.Entity, a.Routes)
			if err != nil {
				return fmt.Errorf("analysis: the run of %s at action %d: %w", a.Entity, a.ID, err)
			}
			op = &Operation{Round: w.round, Action: a.ID, Position: position[a.ID], Company: a.Entity, Revenue: rev, Subsidy: sub,
				BestRevenue: sol.Revenue, BestSubsidy: sol.Subsidy, BestTotal: sol.TotalRevenue + sol.TotalSubsidy}
			if c := eg.Corp(a.Entity); c != nil {
				op.President = c.President
			}
			op.Left = op.BestRevenue - op.Revenue
			r.LeftByCompany[op.Company] += op.Left
			if op.President != 0 {
				r.LeftByPlayer[strconv.Itoa(op.President)] += op.Left
			}
			r.Operations = append(r.Operations, *op)
			op = &r.Operations[len(r.Operations)-1]
		}
		// the run is paid or withheld by a dividend action, or by the
		// engine itself (a forced payout or withhold): LastRevenue says
		var before map[int]int
		var last engine.Revenue
		c := eg.Corp(a.Entity)
		if op != nil && c != nil && a.Entity == op.Company && op.Paid == "" {
			before, last = playerCash(eg), c.LastRevenue
		}
		if err := apply(); err != nil {
			return err
		}
		lastID = a.ID
		if before != nil && c.LastRevenue != last && c.LastRevenue.Kind != "" {
			op.Paid = c.LastRevenue.Kind
			op.PerShare = perShare(eg, op.Company, before)
		}
		if op != nil && a.Entity == op.Company {
			fillCompany(eg, op)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	w.endRound(lastID)
	if err := r.addTimes(src); err != nil {
		return nil, err
	}
	r.Finished = g.IsFinished()
	if r.Finished {
		r.Result = g.Result()
		if st := g.State(); st != nil {
			r.EndReason, _ = st["game_end_reason"].(string)
		}
	}
	return r, nil
}

// addTimes charges every wait to the players who were to act.
func (r *Report) addTimes(src *g18xx.Game) error {
	waits, err := clock.Waits(src)
	if err != nil {
		return fmt.Errorf("analysis: time spent: %w", err)
	}
	ids := make([]int, len(r.Players))
	for i, p := range r.Players {
		ids[i] = p.ID
	}
	for i, sp := range clock.TimeSpent(waits, ids) {
		r.Players[i].TimeSpentS, r.Players[i].ByRoundS, r.Players[i].ByCompanyS = sp.TotalSeconds, sp.ByRound, sp.ByCompany
	}
	r.LongestWaits = clock.Longest(waits, 5)
	return nil
}

// walker keeps the round being tabulated.
type walker struct {
	r         *Report
	g         replay.Game
	eg        *engine.Game
	round     string
	lastValue map[int]int
	position  map[int]int
}

// endRound records every player's standing as the round ends.
func (w *walker) endRound(lastID int) {
	st := w.g.State()
	players, _ := st["players"].([]map[string]any)
	if players == nil {
		if list, ok := st["players"].([]any); ok {
			for _, x := range list {
				if m, ok := x.(map[string]any); ok {
					players = append(players, m)
				}
			}
		}
	}
	for _, seat := range w.r.Players { // in seating order, as a spreadsheet's columns
		p := w.eg.Player(seat.ID)
		if p == nil {
			continue
		}
		row := RoundRow{Round: w.round, Action: lastID, Position: w.position[lastID], Player: p.ID, Cash: p.Cash}
		for _, m := range players {
			if num(m["id"]) == p.ID {
				row.Value = num(m["value"])
				row.Certs = num(m["num_certs"])
			}
		}
		row.Delta = row.Value - w.lastValue[p.ID]
		if _, seen := w.lastValue[p.ID]; !seen {
			row.Delta = 0
		}
		w.lastValue[p.ID] = row.Value
		w.r.Rounds = append(w.r.Rounds, row)
	}
}

// roundLabel names the round in progress as players do.
func roundLabel(eg *engine.Game) string {
	switch eg.RoundKind {
	case "Stock":
		return fmt.Sprintf("SR %d", eg.Turn)
	case "Operating":
		return fmt.Sprintf("OR %d.%d", eg.Turn, eg.RoundNum)
	}
	return eg.RoundKind
}

func playerCash(eg *engine.Game) map[int]int {
	out := map[int]int{}
	for _, p := range eg.Players {
		out[p.ID] = p.Cash
	}
	return out
}

// perShare is what a 10% share received in the dividend just paid: the
// cash a shareholding player gained, per 10% they hold.
func perShare(eg *engine.Game, sym string, before map[int]int) int {
	c := eg.Corp(sym)
	if c == nil {
		return 0
	}
	best, bestPct := 0, 0
	for _, p := range eg.Players {
		if pct := c.PercentOf(engine.Holder(p.ID)); pct > bestPct {
			best, bestPct = p.Cash-before[p.ID], pct
		}
	}
	if bestPct == 0 {
		return 0
	}
	return best * 10 / bestPct
}

// fillCompany records a company's treasury, trains, tokens and price after
// an action of its turn.
func fillCompany(eg *engine.Game, op *Operation) {
	c := eg.Corp(op.Company)
	if c == nil {
		return
	}
	op.Treasury = c.Cash
	op.Trains = op.Trains[:0]
	for _, t := range c.Trains {
		op.Trains = append(op.Trains, t.Name)
	}
	sort.Strings(op.Trains)
	op.Tokens = c.TokensPlaced()
	op.Price = c.Price()
}

// num reads a JSON-ish number of a state map.
func num(v any) int {
	switch x := v.(type) {
	case int:
		return x
	case int64:
		return int(x)
	case float64:
		return int(x)
	}
	return 0
}
