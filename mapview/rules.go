package mapview

import (
	"fmt"
	"slices"
	"strings"

	"tresham/board"
	"tresham/engine"
	"tresham/titles/title"
)

// MarketCell is one stock-market space of MarketGrid.
type MarketCell struct {
	Price int `json:"price"`
	// Type is "normal", "par", "endgame", "close", "repar" or
	// "ignore_one_sale" (the first share sold does not move the price).
	Type string `json:"type"`
}

// MarketGrid is the stock market as data, for computing price moves in the
// browser: Rows[row][col] (nil where the chart has no space). ZigZag marks
// 1860's single zig-zag row (a move right is two cells, a move down one
// cell left).
type MarketGrid struct {
	Rows   [][]*MarketCell `json:"rows"`
	ZigZag bool            `json:"zigzag"`
	// RowEnds are, for a one-row index printed in several rows (1825), the
	// prices that end a printed row (see printedBreaks).
	RowEnds []int `json:"row_ends,omitempty"`
}

var cellTypeNames = map[engine.CellType]string{
	engine.CellNormal: "normal", engine.CellPar: "par", engine.CellEndgame: "endgame",
	engine.CellClose: "close", engine.CellRepar: "repar", engine.CellIgnoreOneSale: "ignore_one_sale",
}

// PhaseRow is one row of a title's phase table.
type PhaseRow struct {
	Name string `json:"name"`
	// On is the train whose first purchase starts the phase ("" for the
	// first phase).
	On              string   `json:"on"`
	TrainLimit      int      `json:"train_limit"`
	Tiles           []string `json:"tiles"`
	OperatingRounds int      `json:"operating_rounds"`
}

// TrainRow is one train type: its price, how many there are (0:
// unlimited), the train whose first purchase rusts it, and its events.
type TrainRow struct {
	Name    string   `json:"name"`
	Price   int      `json:"price"`
	Count   int      `json:"count"`
	RustsOn string   `json:"rusts_on,omitempty"`
	Events  []string `json:"events,omitempty"`
}

// Rules are the game's tables: the stock market, the phases (with the
// current one) and the trains.
type Rules struct {
	Market *MarketGrid `json:"market_grid,omitempty"`
	Phases []PhaseRow  `json:"phases"`
	// Phase is the index of the current phase in Phases.
	Phase  int        `json:"phase_index"`
	Trains []TrainRow `json:"trains"`
	// TileRotations lists, for each tile name with a symmetric drawing,
	// the smallest rotation drawing the same track as rotation r (see
	// board.TileDef.RotationClasses); tiles with six distinct rotations are
	// left out.
	TileRotations map[string][6]int `json:"tile_rotations,omitempty"`
	// Companies are the private companies with their names and abilities.
	Companies []CompanyRow `json:"companies,omitempty"`
	// Corporations are the public companies with their names and the price
	// of their next station token.
	Corporations []CorpRow `json:"corporations,omitempty"`
	// Auction is the opening auction while it runs (1860's; nil
	// otherwise).
	Auction *title.AuctionView `json:"auction,omitempty"`
	// Turn is where the operating round stands: its order, the company
	// operating and those whose turn is over (nil outside one).
	Turn *title.TurnView `json:"turn,omitempty"`
	// SetOperatingRounds is the number of operating rounds of the set
	// under way, or, in a stock round or the auction, of the set that
	// follows it (title.RoundSetter); 0 once the game is over.
	SetOperatingRounds int `json:"set_operating_rounds,omitempty"`
	// Sold are, by player id, the corporations and privates each player
	// sold in the stock round under way (they may not be bought back in
	// it); nil outside a stock round or when nobody sold.
	Sold map[int][]string `json:"sold,omitempty"`
	// Players are what the title says of each player beyond the state:
	// their liquidity (title.Liquid), in seating order.
	Players []PlayerRow `json:"players,omitempty"`
}

// PlayerRow is one player's liquidity: cash and what their shares would
// sell for now under the title's sale rules (step.Liquidity).
type PlayerRow struct {
	ID        int `json:"id"`
	Liquidity int `json:"liquidity"`
}

// CompanyRow is one private company: its full name and what it does.
type CompanyRow struct {
	Sym     string `json:"sym"`
	Name    string `json:"name"`
	Value   int    `json:"value"`
	Revenue int    `json:"revenue"`
	// Ability is a sentence saying what the company does.
	Ability string `json:"ability,omitempty"`
}

// CorpRow is one corporation: its full name, the price of its next
// station token (-1 when every token is placed), its colours (those of its
// tokens on the map and its markers on the market) and its latest
// operating record.
type CorpRow struct {
	Sym            string `json:"sym"`
	Name           string `json:"name"`
	NextTokenPrice int    `json:"next_token_price"`
	Color          string `json:"color"`
	TextColor      string `json:"text_color"`
	// LastRun is the revenue of its latest operating round and whether it
	// was paid out or withheld; nil before it has run.
	LastRun *LastRun `json:"last_run,omitempty"`
	// Leased is the id of the train it runs without owning it ("" when
	// none): an 1860 insolvent company's leased train, an 1825 company's
	// hired one (title.Leaser).
	Leased string `json:"leased,omitempty"`
	// Runs are all its operating records, one per operating round it
	// operated in, in order (the last is LastRun); empty before it has run.
	Runs []LastRun `json:"runs,omitempty"`
}

// LastRun is a corporation's latest operating record: the operating round
// (set turn.round), the revenue and what was done with it ("payout",
// "withhold", "half").
type LastRun struct {
	Turn    int    `json:"turn"`
	Round   int    `json:"round"`
	Revenue int    `json:"revenue"`
	Kind    string `json:"kind"`
}

// RulesOf collects the tables of an engine game.
func RulesOf(g *engine.Game) Rules {
	var r Rules
	if m := g.Market; m != nil {
		r.Market = &MarketGrid{ZigZag: m.ZigZag}
		if len(m.Rows) == 1 {
			r.Market.RowEnds = printedBreaks[g.Title]
		}
		for _, row := range m.Rows {
			out := make([]*MarketCell, len(row))
			for i, c := range row {
				if c != nil {
					out[i] = &MarketCell{Price: c.Price, Type: cellTypeNames[c.Type]}
				}
			}
			r.Market.Rows = append(r.Market.Rows, out)
		}
	}
	r.Phases = []PhaseRow{}
	for _, p := range g.Phases {
		r.Phases = append(r.Phases, PhaseRow{Name: p.Name, On: p.On, TrainLimit: p.TrainLimit, Tiles: append([]string{}, p.Tiles...), OperatingRounds: p.OperatingRounds})
	}
	r.Phase = g.PhaseIdx
	r.Trains = []TrainRow{}
	if g.Depot != nil {
		for _, t := range g.Depot.Types {
			r.Trains = append(r.Trains, TrainRow{Name: t.Name, Price: t.Price, Count: t.Count, RustsOn: t.RustsOn, Events: t.Events})
		}
	}
	for _, c := range g.Corps {
		row := CorpRow{Sym: c.Sym, Name: c.Name, NextTokenPrice: -1}
		row.Color, row.TextColor = CorpColor(c.Sym)
		if c.HasRevenue {
			lr := c.LastRevenue
			row.LastRun = &LastRun{Turn: lr.Turn, Round: lr.Round, Revenue: lr.Total, Kind: lr.Kind}
		}
		for _, r := range c.Runs {
			row.Runs = append(row.Runs, LastRun{Turn: r.Turn, Round: r.Round, Revenue: r.Total, Kind: r.Kind})
		}
		for _, t := range c.Tokens {
			if t.Location == "" {
				row.NextTokenPrice = t.Price
				break
			}
		}
		r.Corporations = append(r.Corporations, row)
	}
	return r
}

// tileRotations collects the rotation classes of b's symmetric tiles.
func tileRotations(b *board.Board) map[string][6]int {
	out := map[string][6]int{}
	for _, name := range b.TileNames() {
		t, ok := b.TileDef(name)
		if !ok {
			continue
		}
		if c := t.RotationClasses(); c != [6]int{0, 1, 2, 3, 4, 5} {
			out[name] = c
		}
	}
	return out
}

// TilePreview draws hex as it would look with tile (a tile id "NAME-COPY"
// or a tile name) laid at rotation, tokens moved as an upgrade moves them.
// The result is an SVG group in hex-local coordinates (centre at 0,0), to
// be put inside the map's `<g class="hex">` of that hex. The game is not
// changed and the lay is not checked for legality.
func TilePreview(game any, hex, tile string, rotation int) (string, error) {
	_, b, eg, err := boardOf(game)
	if err != nil {
		return "", err
	}
	if _, ok := b.Hex(hex); !ok {
		return "", fmt.Errorf("no hex %q on this map", hex)
	}
	if rotation < 0 || rotation > 5 {
		return "", fmt.Errorf("rotation %d is not 0..5", rotation)
	}
	id := tile
	name, _, err := board.ParseTileID(tile)
	if err != nil {
		name = tile
	}
	if !slices.Contains(b.AvailableTiles(name), tile) {
		if _, ok := b.TileDef(name); !ok {
			return "", fmt.Errorf("no tile %q in this game", tile)
		}
		free := b.AvailableTiles(name)
		if len(free) == 0 {
			return "", fmt.Errorf("no tile %s is left", name)
		}
		id = free[0]
	}
	c := b.Clone()
	if err := c.ForceLay(hex, id, rotation); err != nil {
		return "", fmt.Errorf("tile %s on %s: %v", tile, hex, err)
	}
	hv, _ := c.Hex(hex)
	opt := GameOptions(eg)
	var phase []board.Color
	for _, s := range opt.PhaseColors {
		if col, err := board.ParseColor(s); err == nil {
			phase = append(phase, col)
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `<g class="tile-preview" data-hex="%s" data-tile="%s" data-rotation="%d">`, esc(hex), esc(tile), rotation)
	drawHex(&sb, geometry{layout: c.Layout()}, c, hv, phase, opt.Homes[hex], Point{}, map[string]Point{})
	sb.WriteString(`</g>`)
	return sb.String(), nil
}
