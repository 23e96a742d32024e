package engine

// Choice is one action the acting entity may take now. Action is complete and
// can be applied as it is. When MaxPrice is above Action.Price the mover may
// pick any price from Action.Price to MaxPrice in steps of PriceStep (bids,
// trains bought from another corporation). Open names a part the mover must
// still supply before applying: "routes" for run_routes (see the route solver).
type Choice struct {
	Action    Action
	MaxPrice  int
	PriceStep int
	Open      string
}
