// Package play is the game logic a client needs around the engine, shared
// by the game server and the in-browser engine (the WebAssembly module of
// wasm/): legal choices in the 18xx.games action form, the best run and the
// check of a drawn run, the state hash both sides compare, and Session, a
// game kept as its action log with history at any action. It imports no
// platform package (no syscall/js, no net/http).
package play

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
	"tresham/titles"
	"tresham/titles/title"
)

// Game is a title game as a client sees it.
type Game interface {
	replay.Game
	// LogLines is the game log, one line per event.
	LogLines() []string
}

// LogMessages returns the message id and arguments of each line of g's
// log (engine.Message; the zero Message for a line without one), in the
// order of LogLines; nil when g keeps none.
func LogMessages(g Game) []engine.Message {
	if lm, ok := g.(interface{ LogMessages() []engine.Message }); ok {
		return lm.LogMessages()
	}
	return nil
}

// logMessagesFrom is LogMessages(g) of the lines from the first from on.
func logMessagesFrom(g Game, from int) []engine.Message {
	if lm, ok := g.(interface {
		LogMessagesFrom(int) []engine.Message
	}); ok {
		return lm.LogMessagesFrom(from)
	}
	if m := LogMessages(g); m != nil && from <= len(m) {
		return m[from:]
	}
	return nil
}

// Choice is one legal choice in the 18xx.games action form: prices open to
// choice carry MaxPrice and PriceStep; a run carries Open "routes". A sale
// or a dividend carries its Effect (the mover's cash change and the share
// price move), computed by the title. A purchase of shares says where they
// come from (From: "ipo", the company's unsold shares, or "market", the
// bank pool), which its action names only by certificate. A pass says what
// it gives up (Ends, engine.Choice.Ends).
type Choice struct {
	Action    g18xx.Action  `json:"action"`
	MaxPrice  int           `json:"max_price,omitempty"`
	PriceStep int           `json:"price_step,omitempty"`
	Open      string        `json:"open,omitempty"`
	Effect    *title.Effect `json:"effect,omitempty"`
	From      string        `json:"from,omitempty"`
	Ends      string        `json:"ends,omitempty"`
}

// Legal lists what entity may do now in g, in the 18xx.games action form
// (never nil).
func Legal(g replay.Game, entity string) []Choice {
	list := []Choice{}
	fx, _ := g.(title.Effecter)
	eg := replay.Engine(g)
	for _, ch := range g.Legal(entity) {
		c := Choice{Action: replay.Export(ch.Action), MaxPrice: ch.MaxPrice, PriceStep: ch.PriceStep, Open: ch.Open, Ends: ch.Ends}
		if fx != nil && (ch.Action.Type == "sell_shares" || ch.Action.Type == "dividend") {
			c.Effect = fx.Effect(entity, ch.Action)
		}
		if ch.Action.Type == "buy_shares" {
			c.From = shareSource(eg, ch.Action.Shares)
		}
		list = append(list, c)
	}
	return list
}

// shareSource names where the first of shares is held: "ipo", "market" or
// "" (elsewhere, or not found).
func shareSource(eg *engine.Game, shares []string) string {
	if eg == nil || len(shares) == 0 {
		return ""
	}
	_, s, err := eg.ShareByID(shares[0])
	if err != nil {
		return ""
	}
	switch s.Holder {
	case engine.HolderIPO:
		return "ipo"
	case engine.HolderMarket:
		return "market"
	}
	return ""
}

// LegalFor lists the choices of every acting entity decided by one of the
// players (ids) in seats; nil seats means every player.
func LegalFor(g replay.Game, seats []int) map[string][]Choice {
	out := map[string][]Choice{}
	for _, ent := range g.Acting() {
		if seats != nil && !slices.Contains(seats, replay.Controller(g, ent)) {
			continue
		}
		out[ent] = Legal(g, ent)
	}
	return out
}

// HashState is the state hash the page and the server compare after each
// action: the first 16 bytes of the SHA-256 of the state's JSON, in hex.
// encoding/json writes map keys sorted, so equal states hash equally on
// every platform.
func HashState(state map[string]any) (string, error) {
	b, err := json.Marshal(state)
	if err != nil {
		return "", fmt.Errorf("hash state: %w", err)
	}
	return hashJSON(b), nil
}

// hashJSON is HashState from the state's JSON.
func hashJSON(b []byte) string {
	sum := sum256(b)
	return hex.EncodeToString(sum[:16])
}

// InputError is a request the game cannot answer because of what was asked
// (an unknown corporation, say): a client mistake, not a game state.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// Run is a corporation's best run (BestRun) or a checked candidate
// (CheckRun).
type Run struct {
	Entity  string        `json:"entity"`
	Routes  []g18xx.Route `json:"routes"`
	Revenue int           `json:"revenue"`
	Subsidy int           `json:"subsidy"`
	Trains  []string      `json:"trains"`
	// Paths are the track paths of each route, in travel order, for
	// drawing the run along the track.
	Paths [][]Step `json:"paths"`
	// Total is, in 1860, the run of most revenue plus halt subsidy.
	Total *TotalRun `json:"total,omitempty"`
	// Network is the track the corporation may run on, for drawing a run
	// by hand.
	Network *Network `json:"network,omitempty"`
}

// TotalRun is the 1860 run of most revenue plus halt subsidy.
type TotalRun struct {
	Routes  []g18xx.Route `json:"routes"`
	Paths   [][]Step      `json:"paths"`
	Revenue int           `json:"revenue"`
	Subsidy int           `json:"subsidy"`
}

// checkCorp returns g as a full title game when sym is one of its
// corporations (an *InputError otherwise).
func checkCorp(g replay.Game, sym string) (title.Full, error) {
	full, ok := g.(title.Full)
	if !ok || full.Engine().Corp(sym) == nil {
		return nil, &InputError{Msg: fmt.Sprintf("entity %q is not a corporation of this game", sym)}
	}
	return full, nil
}

// BestRun solves corporation sym's best run in g exactly. An unknown
// corporation is an *InputError; a position the solver cannot run (no
// trains, say) another error.
func BestRun(g replay.Game, sym string) (*Run, error) {
	full, err := checkCorp(g, sym)
	if err != nil {
		return nil, err
	}
	sol, err := full.Solve(sym)
	if err != nil {
		return nil, fmt.Errorf("routes of %s: %w", sym, err)
	}
	trains := sol.Trains
	if trains == nil {
		trains = []string{}
	}
	out := &Run{Entity: sym, Routes: exportRoutes(sol.RevenueRoutes), Revenue: sol.Revenue, Subsidy: sol.Subsidy, Trains: trains}
	out.Paths = pathsOf(full.Map(), sym, out.Routes)
	if d, _ := titles.Lookup(full.Engine().Title); d.Subsidies {
		// 1860 pays a subsidy for halts: the run with most revenue plus
		// subsidy is the other objective a president may choose.
		out.Total = &TotalRun{Routes: exportRoutes(sol.TotalRoutes), Revenue: sol.TotalRevenue, Subsidy: sol.TotalSubsidy}
		out.Total.Paths = pathsOf(full.Map(), sym, out.Total.Routes)
	}
	if out.Network, err = NetworkOf(g, sym); err != nil {
		return nil, fmt.Errorf("track of %s: %w", sym, err)
	}
	return out, nil
}

func exportRoutes(rs []engine.Route) []g18xx.Route {
	routes := replay.Export(engine.Action{Routes: rs}).Routes
	if routes == nil {
		routes = []g18xx.Route{}
	}
	return routes
}

// Check is the answer to a candidate run: its revenue and subsidy, or the
// rule it breaks (an illegal candidate is an answer, not a failure: runs
// are illegal most of the time while a player draws them).
type Check struct {
	Entity  string `json:"entity"`
	Legal   bool   `json:"legal"`
	Revenue int    `json:"revenue"`
	Subsidy int    `json:"subsidy"`
	Error   string `json:"error,omitempty"`
	// Reason, Route, Other and Hexes say what is wrong with the track of
	// an illegal run, when that is what is wrong (route.Reason; Route and
	// Other index the routes, -1 for none); Reason is empty for a title
	// rule the run breaks, which Error words.
	Reason string   `json:"reason,omitempty"`
	Route  int      `json:"route"`
	Other  int      `json:"other"`
	Hexes  []string `json:"hexes,omitempty"`
	// Paths are the track paths of each route of a legal run.
	Paths [][]Step `json:"paths,omitempty"`
}

// CheckRun validates a candidate run of corporation sym in g, as the
// run_routes step would, without playing it. An unknown corporation or no
// routes is an *InputError.
func CheckRun(g replay.Game, sym string, routes []g18xx.Route) (*Check, error) {
	if sym == "" {
		return nil, &InputError{Msg: "entity is missing: name a corporation"}
	}
	if len(routes) == 0 {
		return nil, &InputError{Msg: "routes are missing: send at least one route"}
	}
	full, err := checkCorp(g, sym)
	if err != nil {
		return nil, err
	}
	ea := replay.Convert(&g18xx.Action{Routes: routes})
	revenue, subsidy, err := full.CheckRun(sym, ea.Routes)
	if err != nil {
		ck := &Check{Entity: sym, Legal: false, Error: "illegal run: " + err.Error(), Route: -1, Other: -1}
		if rf := diagnose(full, sym, routes); rf != nil {
			ck.Reason, ck.Route, ck.Other, ck.Hexes = string(rf.Reason), rf.Route, rf.Other, rf.Hexes
		}
		return ck, nil
	}
	return &Check{Entity: sym, Legal: true, Revenue: revenue, Subsidy: subsidy, Route: -1, Other: -1, Paths: pathsOf(full.Map(), sym, routes)}, nil
}
