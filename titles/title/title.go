// Package title is what every title offers the rest of Tresham: the
// Descriptor of a title (its name, options, player counts, constructor and
// route rules) and the Game interface a title game implements. The
// concrete titles (titles/t1860, titles/t1825) each describe themselves
// with a Descriptor; package titles lists them. Nothing outside titles/
// needs to know a concrete title.
package title

import (
	"slices"
	"strings"

	"tresham/board"
	"tresham/engine"
	"tresham/route"
)

// Game is a title game as the replayer, the server, the bots and the map
// drive it.
type Game interface {
	// Apply applies one action. It must not keep a after it returns (the
	// replayer reuses the action value).
	Apply(a *engine.Action) error
	// State is the game state in the golden-trace form.
	State() map[string]any
	// Result is each player's final value, by player id.
	Result() map[string]int
	IsFinished() bool
	// Acting lists the entities that may act now.
	Acting() []string
	// Legal lists what an entity may do now.
	Legal(entity string) []engine.Choice
	// Undo takes back the last accepted action.
	Undo() error
}

// Full is everything a title game offers beyond Game: the shared engine
// state, the map, the route solver and the descriptions the page shows.
// Both titles implement it.
type Full interface {
	Game
	// Engine returns the title-independent state.
	Engine() *engine.Game
	// LogLines is the game log, one line per event.
	LogLines() []string
	// Map returns the board (nil when the game has none to draw).
	Map() *board.Board
	// CompanyAbility is what private company sym does, in a sentence for
	// the player ("" for an unknown symbol).
	CompanyAbility(sym string) string
	// BestRoutes returns a maximum-revenue run for a corporation.
	BestRoutes(sym string) ([]engine.Route, error)
	// Solve finds the optimal runs of corporation sym now, exactly.
	Solve(sym string) (*Solved, error)
	// CheckRun validates a run as the run_routes step would and returns
	// its revenue and subsidy.
	CheckRun(sym string, routes []engine.Route) (revenue, subsidy int, err error)
}

// StopCounter is a title that tells which places a train counted as its
// stops in sym's last run, and what it earned: the places and revenue its
// run's log line named (a small station or halt it passed without
// counting left out). visits are the nodes the route called at; false
// when the last run kept is not that one. The map's caption of a run
// says the same as the log.
type StopCounter interface {
	CountedStops(sym, train string, visits []board.NodeRef) (stops []board.NodeRef, revenue int, ok bool)
}

// Forker is a game that copies itself in its current position (Fork in
// the titles: a game set up the same way with every accepted action
// replayed into it), for bots that search ahead.
type Forker interface {
	ForkGame() (Full, error)
}

// Auctioneer is a game with an opening auction to show (1860's); Auction
// is nil when none runs.
type Auctioneer interface {
	Auction() *AuctionView
}

// SaleRecorder is a game that tells what each player sold in the stock
// round under way (both titles: shares sold this round may not be bought
// back in it); nil outside a stock round or when nobody sold.
type SaleRecorder interface {
	SoldThisRound() map[int][]string
}

// Leaser is a game that tells which corporations run a train they do not
// own (1860's insolvent companies lease the depot's next train; 1825's
// companies in receivership may hire one for their turn): by corporation
// symbol, that train's id (nil when none does).
type Leaser interface {
	LeasedTrains() map[string]string
}

// RoundSetter is a game that tells how many operating rounds a set has:
// in an operating round, the set under way; before it (a stock round, the
// auction), the set that follows, as the phase now has it (both titles fix
// the count when the stock round ends, and no phase starts in one); 0 once
// the game is over.
type RoundSetter interface {
	OperatingRoundsInSet() int
}

// Turner is a game that tells where its operating round stands (both
// titles); OperatingTurn is nil outside an operating round.
type Turner interface {
	OperatingTurn() *TurnView
}

// TurnView is an operating round's order as the players follow it: the
// companies in the order they operate this round, the one operating now
// and those whose turn is over (a company that closed before its turn
// came is among them, skipped; its state says it closed).
type TurnView struct {
	Order []string `json:"order"`
	// Current is the company whose turn it is ("" before the first turn
	// and after the last).
	Current string `json:"current,omitempty"`
	// Done are the companies whose turn is over this round, in order.
	Done []string `json:"done"`
}

// TurnOf is the TurnView of an operating round whose order is order and
// whose turn is at index (-1 before the first turn, len(order) after the
// last; step.Turns).
func TurnOf(order []*engine.Corporation, index int) *TurnView {
	v := &TurnView{Order: []string{}, Done: []string{}}
	for i, c := range order {
		v.Order = append(v.Order, c.Sym)
		switch {
		case i == index:
			v.Current = c.Sym
		case i < index:
			v.Done = append(v.Done, c.Sym)
		}
	}
	return v
}

// BoardRevenue is a game whose exact solver can rank a board other than
// its own (a scratch board the bot changed): the revenue corporation sym
// would earn on b with its trains now. b is not kept.
type BoardRevenue interface {
	RevenueOn(b *board.Board, sym string) (int, error)
}

// Upgrader is a game whose title adds upgrades to the board's general
// rule or refuses some (1825's extra and refused upgrades).
type Upgrader interface {
	UpgradeVerdict(hex string, old, t *board.TileDef) board.UpgradeVerdict
}

// Solved is a title-independent summary of an exact route solve.
type Solved struct {
	// Trains are the trains that may run.
	Trains []string
	// Revenue and Subsidy are the max-revenue run (ties: most subsidy);
	// TotalRevenue and TotalSubsidy the run with most revenue plus subsidy
	// (the same run in a title without subsidies).
	Revenue, Subsidy           int
	RevenueRoutes              []engine.Route
	TotalRevenue, TotalSubsidy int
	TotalRoutes                []engine.Route
	Stats                      route.Stats
}

// Player is a seat at setup: the player's id and name.
type Player struct {
	ID   int
	Name string
}

// Option is one optional rule a game may be set up with.
type Option struct {
	// Name is the 18xx.games optional rule name (or Tresham's, for the
	// rulebook variants 18xx.games lacks).
	Name string `json:"name"`
	// Description says what it changes, for the player choosing.
	Description string `json:"description"`
	// Group names a set of options of which a game takes at most one (1825's
	// unit combinations: "Units"); empty for an option chosen on its own.
	Group string `json:"group,omitempty"`
	// MinPlayers and MaxPlayers bound the player count the option allows
	// (0: the title's own bounds).
	MinPlayers int `json:"min_players,omitempty"`
	MaxPlayers int `json:"max_players,omitempty"`
}

// Descriptor describes one title. Descriptors are values built on request
// by each title (no shared state); package titles lists them.
type Descriptor struct {
	// Name is the title as 18xx.games names it ("1860").
	Name string
	// Description is a line about the game for the lobby.
	Description string
	// MinPlayers and MaxPlayers bound the number of players.
	MinPlayers, MaxPlayers int
	// Options are the optional rules a game may be set up with.
	Options []Option
	// New sets up a game for players in seating order with the named
	// options; an unknown option, a bad combination or a player count the
	// options do not allow is an error naming it.
	New func(players []Player, options []string) (Full, error)
	// NewOf is New under the rules 18xx.games applied on a day (a zero
	// Rules: today's, as New); nil when the title has no dated changes.
	NewOf func(players []Player, options []string, rules Rules) (Full, error)
	// Changes are the dated changes 18xx.games made to the title's rules
	// that alter what is legal or what a move does (docs/rules.md), in
	// date order; NewOf follows a game's side of each.
	Changes []Change
	// Routes are the title's route rules in the generic solver's terms,
	// for estimates on boards a bot changed (the exact solver is Full's).
	Routes RouteRules
	// Subsidies reports whether runs earn subsidies (1860's halts), so a
	// client shows the run of most revenue plus subsidy as well.
	Subsidies bool
}

// Create sets up a game under the rules of a day (NewOf; New when the
// title has no dated changes or rules is today's).
func (d Descriptor) Create(players []Player, options []string, rules Rules) (Full, error) {
	if d.NewOf == nil || rules.AsOf().IsZero() {
		return d.New(players, options)
	}
	return d.NewOf(players, options, rules)
}

// HasOption reports whether name is one of d's options.
func (d Descriptor) HasOption(name string) bool {
	for _, o := range d.Options {
		if o.Name == name {
			return true
		}
	}
	return false
}

// RouteRules configure route.Problem for a title's estimates.
type RouteRules struct {
	// Intersect: routes of one corporation may cross (1860).
	Intersect bool
	// ReEnterHexes: a route may pass through a hex twice (1825).
	ReEnterHexes bool
	// MaxBlockedPass and MaxBlockedRoutes bound passing through cities
	// blocked by other corporations' tokens.
	MaxBlockedPass, MaxBlockedRoutes int
	// FlatStops: a train counts any kind of stop against its major
	// allowance (1825); otherwise towns use the minor allowance (1860).
	FlatStops bool
}

// AuctionView is an opening auction as the player sees it (1860's rules
// "Private Companies and the Initial Auction"): players bid for the turn,
// the right to take one of the items left at its price.
type AuctionView struct {
	// Items are what the winner of the bidding may take, cheapest first
	// being the one a player short of cash must take.
	Items []AuctionItem `json:"items"`
	// HighBid is the highest bid so far (0: none yet) and HighBidder its
	// player id (0: none).
	HighBid    int `json:"high_bid"`
	HighBidder int `json:"high_bidder,omitempty"`
	// MinBid is the least the next bid may be.
	MinBid int `json:"min_bid"`
	// Bidders are the players still bidding, in turn order.
	Bidders []int `json:"bidders"`
	// Bids are the standing bids of the players still bidding for this
	// pick, in turn order (a bidder who has not bid yet is left out); the
	// players in neither list have passed on it.
	Bids []AuctionBid `json:"bids"`
	// Winner is the player who won the bidding and now takes an item (0
	// while bidding goes on).
	Winner int `json:"winner,omitempty"`
	// Picks are the earlier picks of this auction, in order.
	Picks []AuctionPick `json:"picks"`
}

// AuctionPick is one earlier pick of an opening auction: who won the
// bidding and for how much (0: nobody bid, the first to pass took it), and
// what he took at what cost (a director's certificate: at par Par).
type AuctionPick struct {
	Player int    `json:"player"`
	Bid    int    `json:"bid"`
	Sym    string `json:"sym"`
	Name   string `json:"name"`
	Cost   int    `json:"cost"`
	Par    int    `json:"par,omitempty"`
}

// AuctionBid is one player's standing bid in an opening auction.
type AuctionBid struct {
	Player int `json:"player"`
	Price  int `json:"price"`
}

// AuctionItem is one certificate on offer: a private company (bought at
// its face value) or a director's certificate (the corporation is started
// at a par price; Price is then the cheapest cost).
type AuctionItem struct {
	Sym      string `json:"sym"`
	Name     string `json:"name"`
	Company  bool   `json:"company"`
	Price    int    `json:"price"`
	Cheapest bool   `json:"cheapest,omitempty"`
}

// ConstructorOf is Constructor for a constructor that also takes the
// rules of the day (Descriptor.NewOf).
func ConstructorOf[G Full](newGame func(ids []int, names []string, options []string, rules Rules) (G, error)) func([]Player, []string, Rules) (Full, error) {
	return func(players []Player, options []string, rules Rules) (Full, error) {
		ids := make([]int, len(players))
		names := make([]string, len(players))
		for i, p := range players {
			ids[i], names[i] = p.ID, p.Name
		}
		return Forked(newGame(ids, names, options, rules))
	}
}

// Forked is a title's Fork result as a Full (a failed fork returns a nil
// Full, not a nil game in one).
func Forked[G Full](g G, err error) (Full, error) {
	if err != nil {
		return nil, err
	}
	return g, nil
}

// Constructor adapts a title's constructor, which takes the players' ids
// and names in seating order and the options, to Descriptor.New (a
// refused setup returns a nil Full, not a nil game in one).
func Constructor[G Full](newGame func(ids []int, names []string, options []string) (G, error)) func([]Player, []string) (Full, error) {
	return func(players []Player, options []string) (Full, error) {
		ids := make([]int, len(players))
		names := make([]string, len(players))
		for i, p := range players {
			ids[i], names[i] = p.ID, p.Name
		}
		return Forked(newGame(ids, names, options))
	}
}

// Liquid is a game that says what each player could raise now: cash and
// what their shares would sell for (step.Liquidity with the title's sale
// rules), for the spreadsheet.
type Liquid interface {
	Liquidity(player int) int
}

// RanStops keeps each corporation's last run as its log named it, train
// by train, so that the map's caption of that run names the same stops
// (StopCounter) even after the board or the phase has changed.
type RanStops map[string][]RanTrain

// RanTrain is one train of a run: its id, the nodes it called at, the
// stops its log line named and its revenue.
type RanTrain struct {
	Train         string
	Visits, Stops []board.NodeRef
	Revenue       int
}

// Keep records the trains of sym's run (the last one replaces the one
// before).
func (r *RanStops) Keep(sym string, trains []RanTrain) {
	if *r == nil {
		*r = RanStops{}
	}
	(*r)[sym] = trains
}

// Find is the stops named for train of sym's last run when it called at
// visits (in any order: the nodes of one hex may be listed either way),
// and its revenue; false when that run is not the one kept.
func (r RanStops) Find(sym, train string, visits []board.NodeRef) ([]board.NodeRef, int, bool) {
	for _, t := range r[sym] {
		if t.Train == train && sameNodes(t.Visits, visits) {
			return t.Stops, t.Revenue, true
		}
	}
	return nil, 0, false
}

// sameNodes tells whether a and b list the same nodes, in any order.
func sameNodes(a, b []board.NodeRef) bool {
	if len(a) != len(b) {
		return false
	}
	cmp := func(x, y board.NodeRef) int {
		if c := strings.Compare(x.Hex, y.Hex); c != 0 {
			return c
		}
		return x.Node - y.Node
	}
	a, b = slices.Clone(a), slices.Clone(b)
	slices.SortFunc(a, cmp)
	slices.SortFunc(b, cmp)
	return slices.Equal(a, b)
}
