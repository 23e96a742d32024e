// Package engine is Tresham's title-independent 18xx core: players, bank,
// private companies, corporations and their certificates, the stock market,
// trains and the depot, phases, and the share-transfer rules every title
// shares. Titles (titles/...) supply data and the rounds/steps built on it.
package engine

import (
	"cmp"
	"fmt"
	"slices"
)

// Holder names who holds a certificate: a player id (> 0) or one of the pools.
type Holder int

// Certificate holders that are not players.
const (
	NoHolder     Holder = 0
	HolderIPO    Holder = -1 // the corporation's unsold certificates (its treasury in full capitalisation)
	HolderMarket Holder = -2 // the bank pool / open market
)

// Player is one seat in the game.
type Player struct {
	ID        int
	Name      string
	Cash      int
	Companies []string // private company symbols, in acquisition order
	Bankrupt  bool
}

// Company is a private company.
type Company struct {
	Sym     string
	Name    string
	Value   int
	Revenue int
	// Owner is a player id, a corporation symbol ("corp:SYM"), "bank" when the
	// bank offers it, or "" when unsold or closed.
	Owner  string
	Closed bool
}

// Share is one certificate of a corporation.
type Share struct {
	Index     int
	Percent   int
	President bool
	Holder    Holder
	Buyable   bool
	seq       int // acquisition order within the holder's list
}

// Token is one station marker of a corporation.
type Token struct {
	Price    int
	Location string // "" when unplaced, otherwise the node signature HEX-PART
	Flipped  bool
}

// Corporation is a public company.
type Corporation struct {
	Sym          string
	Name         string
	Home         string // home hex id
	FloatPercent int
	Cash         int
	Shares       []*Share // by certificate index; 0 is the president's
	Cell         *Cell
	cellSeq      int // arrival order on the current cell
	Par          *Cell
	MinPar       int
	IPOed        bool
	Floated      bool
	Operated     bool
	Closed       bool
	Trains       []*Train
	Tokens       []Token
	Companies    []string
	// President is the player holding the president's certificate, or 0.
	President int
	// Receivership is set when the president's certificate is in the market.
	Receivership bool

	// Title flags (1860).
	Insolvent    bool
	Bankrupt     bool
	Nationalized bool

	// LastRevenue is the latest operating record: [turn, round] and payout.
	LastRevenue Revenue
	HasRevenue  bool
	// Runs are its operating records in order, one per operating round
	// it operated in (LastRevenue is the last).
	Runs  []Revenue
	Layer int
}

// Revenue is a corporation's operating record for one operating round.
type Revenue struct {
	Turn, Round int
	Total       int
	Kind        string // payout or withhold
	Dividend    bool   // whether a dividend action (not an automatic withhold) decided it
}

// ShareID is the 18xx.games share id SYM_i.
func (c *Corporation) ShareID(i int) string { return fmt.Sprintf("%s_%d", c.Sym, i) }

// PercentOf returns the percentage held by h.
func (c *Corporation) PercentOf(h Holder) int {
	p := 0
	for _, s := range c.Shares {
		if s.Holder == h {
			p += s.Percent
		}
	}
	return p
}

// SharesOf returns the certificates held by h in acquisition order.
func (c *Corporation) SharesOf(h Holder) []*Share {
	n := 0
	for _, s := range c.Shares {
		if s.Holder == h {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]*Share, 0, n)
	for _, s := range c.Shares {
		if s.Holder == h {
			out = append(out, s)
		}
	}
	slices.SortStableFunc(out, func(a, b *Share) int { return cmp.Compare(a.seq, b.seq) })
	return out
}

// Price is the current share price, or 0 before par.
func (c *Corporation) Price() int {
	if c.Cell == nil {
		return 0
	}
	return c.Cell.Price
}

// TokensPlaced counts placed tokens.
func (c *Corporation) TokensPlaced() int {
	n := 0
	for _, t := range c.Tokens {
		if t.Location != "" {
			n++
		}
	}
	return n
}

// NextToken returns the index of the cheapest unplaced token, or -1.
func (c *Corporation) NextToken() int {
	for i, t := range c.Tokens {
		if t.Location == "" {
			return i
		}
	}
	return -1
}

// Train is one train card.
type Train struct {
	ID       string // NAME-i
	Name     string
	Price    int
	Major    int // large-stop allowance (cities, off-boards)
	Minor    int // small-stop allowance (towns, halts)
	RustsOn  string
	Owner    string // corporation symbol, "" in the depot/pool
	Rusted   bool
	InPool   bool
	Operated bool
}

// TrainType is a row of a title's train table.
type TrainType struct {
	Name      string
	Major     int
	Minor     int
	Price     int
	Count     int // 0 means unlimited
	RustsOn   string
	Events    []string
	Available string // phase name before which it cannot be bought ("" = always)
}

// Phase is a row of a title's phase table.
type Phase struct {
	Name            string
	On              string // train name that starts it
	TrainLimit      int
	Tiles           []string
	OperatingRounds int
}

// Depot holds the trains not yet bought, the pool and the rusted ones.
type Depot struct {
	Types    []TrainType
	Upcoming []*Train // in sale order
	Pool     []*Train // discarded trains for sale
	Rusted   []*Train
	made     map[string]int
}

// NewDepot creates the depot from a train table.
func NewDepot(types []TrainType) *Depot {
	d := &Depot{Types: types, made: map[string]int{}}
	for _, t := range types {
		n := t.Count
		if n == 0 {
			n = 1
		}
		for i := 0; i < n; i++ {
			d.Upcoming = append(d.Upcoming, d.make(t))
		}
	}
	return d
}

func (d *Depot) make(t TrainType) *Train {
	i := d.made[t.Name]
	d.made[t.Name] = i + 1
	return &Train{ID: fmt.Sprintf("%s-%d", t.Name, i), Name: t.Name, Price: t.Price, Major: t.Major, Minor: t.Minor, RustsOn: t.RustsOn}
}

// Type returns the train type named n.
func (d *Depot) Type(n string) (TrainType, bool) {
	for _, t := range d.Types {
		if t.Name == n {
			return t, true
		}
	}
	return TrainType{}, false
}

// Take removes a train from the upcoming list or the pool, making a new copy of an unlimited type.
func (d *Depot) Take(t *Train) {
	for i, u := range d.Upcoming {
		if u == t {
			d.Upcoming = append(d.Upcoming[:i:i], d.Upcoming[i+1:]...)
			if tt, ok := d.Type(t.Name); ok && tt.Count == 0 {
				nt := d.make(tt)
				d.Upcoming = append(d.Upcoming[:i:i], append([]*Train{nt}, d.Upcoming[i:]...)...)
			}
			return
		}
	}
	for i, u := range d.Pool {
		if u == t {
			d.Pool = append(d.Pool[:i:i], d.Pool[i+1:]...)
			t.InPool = false
			return
		}
	}
}

// MinUpcoming returns the next train for sale from the depot, or nil.
func (d *Depot) MinUpcoming() *Train {
	if len(d.Upcoming) == 0 {
		return nil
	}
	return d.Upcoming[0]
}

// Without returns list less its first x, in a new backing array when x
// was there (list itself is not changed), or list when it was not.
func Without[T comparable](list []T, x T) []T {
	for i, y := range list {
		if y == x {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}
