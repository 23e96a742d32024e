package engine

// Choice is one action the acting entity may take now. Action is complete and
// can be applied as it is. When MaxPrice is above Action.Price the mover may
// pick any price from Action.Price to MaxPrice in steps of PriceStep (bids,
// trains bought from another corporation). Open names a part the mover must
// still supply before applying: "routes" for run_routes (see the route solver).
// Ends, on a pass, names what the pass gives up (one of the Pass constants),
// so that a page can say it; a plain pass of a stock-round turn leaves it empty.
type Choice struct {
	Action    Action
	MaxPrice  int
	PriceStep int
	Open      string
	Ends      string
}

// What a pass gives up (Choice.Ends).
const (
	// PassBid: the bidding for the lot on offer; the player bids no more
	// for it.
	PassBid = "bid"
	// PassTurn: the rest of a stock-round turn in which the player has acted.
	PassTurn = "turn"
	// PassTrack: the track step; no more tiles this turn.
	PassTrack = "track"
	// PassToken: the token step; no station token this turn.
	PassToken = "token"
	// PassTrackToken: the track and station step where the two are one
	// (1825 rules 4.2-4.4); no more tiles or stations this turn.
	PassTrackToken = "track_token"
	// PassTrains: the train step; no more trains, and the turn ends.
	PassTrains = "trains"
	// PassHomeTrack: a newly floated company's home tile, when no tile fits
	// its home hex.
	PassHomeTrack = "home_track"
)
