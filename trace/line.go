// Package trace reads, writes and compares golden traces: JSON-lines files
// holding the game state after every effective action (README §4 of the
// fixtures). The first line (id 0, type "init") is the state after setup.
package trace

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"tresham/compat/g18xx"
)

// Line is one golden-trace line: the state after one effective action.
//
// Fields that exist only in one title are pointers or embedded pointer
// structs, so that a Line encodes exactly the keys of that title. Top-level
// keys this package does not know are kept in Extra, so comparisons see
// them too; unknown keys inside nested objects are listed in Unknown.
type Line struct {
	// Acting are the player ids who must act now.
	Acting []int `json:"acting"`
	// Active are the entities whose move it is (players or corporations).
	Active []g18xx.Entity `json:"active"`
	// Auto are the types of the action's auto_actions, in order.
	Auto       []string `json:"auto"`
	BankBroken bool     `json:"bank_broken"`
	// BankCash is the bank balance as the rules see it.
	BankCash int `json:"bank_cash"`
	// BankRaw is the reference engine's internal bank account.
	BankRaw      int           `json:"bank_raw"`
	CertLimit    int           `json:"cert_limit"`
	Companies    []Company     `json:"companies"`
	Corporations []Corporation `json:"corporations"`
	Depot        Depot         `json:"depot"`
	// EndTrigger is [reason, timing] once an end condition is met, else nil.
	EndTrigger []string `json:"end_trigger"`
	// Entity is the action's entity exactly as in the game file (zero for init).
	Entity        g18xx.Entity `json:"entity"`
	Finished      bool         `json:"finished"`
	Flags         Flags        `json:"flags"`
	GameEndReason *string      `json:"game_end_reason"`
	// ID is the action's id (0 for init).
	ID int `json:"id"`
	// Log holds the log lines this action produced.
	Log []string `json:"log"`
	// Minors is always empty for 1860 and 1825.
	Minors []json.RawMessage `json:"minors"`
	// Order is the round's entity order.
	Order        []g18xx.Entity `json:"order"`
	Phase        string         `json:"phase"`
	Players      []Player       `json:"players"`
	PriorityDeal int            `json:"priority_deal"`
	// Result is nil until the game is finished, then {player id: value}.
	Result map[string]int `json:"result"`
	// Revenue is set only on run_routes and dividend lines.
	Revenue  *Revenue `json:"revenue,omitempty"`
	Round    string   `json:"round"`
	RoundNum int      `json:"round_num"`
	// Tiles maps hex ids to "TILENAME@ROTATION" for every changed hex.
	Tiles map[string]string `json:"tiles"`
	Turn  int               `json:"turn"`
	// Type is the action type ("init" for the first line).
	Type string `json:"type"`

	// Extra holds top-level keys this package does not model, as raw JSON.
	Extra map[string]json.RawMessage `json:"-"`
	// Unknown lists the paths of keys inside nested objects (players,
	// corporations, ...) that the decoder did not recognise and dropped.
	// It is empty for every known golden trace.
	Unknown []string `json:"-"`
}

// Player is one entry of Line.Players.
type Player struct {
	Bankrupt bool     `json:"bankrupt"`
	Cash     int      `json:"cash"`
	Certs    []string `json:"certs"`
	ID       int      `json:"id"`
	Name     string   `json:"name"`
	NumCerts int      `json:"num_certs"`
	Value    int      `json:"value"`
}

// Corporation is one entry of Line.Corporations.
type Corporation struct {
	Cash      int      `json:"cash"`
	Closed    bool     `json:"closed"`
	Companies []string `json:"companies"`
	Floated   bool     `json:"floated"`
	Ipoed     bool     `json:"ipoed"`
	Operated  bool     `json:"operated"`
	ParPrice  *int     `json:"par_price"`
	// President is a player id, or nil.
	President    *int `json:"president"`
	Receivership bool `json:"receivership"`
	// ShareCellOrder is the marker's arrival position on its market cell.
	ShareCellOrder *int `json:"share_cell_order"`
	// SharePos is the [row, col] market cell, or nil.
	SharePos   []int `json:"share_pos"`
	SharePrice *int  `json:"share_price"`
	// SharesByOwner maps "ipo", "market" or a player id to a percentage.
	SharesByOwner  map[string]int `json:"shares_by_owner"`
	Sym            string         `json:"sym"`
	TokensPlaced   []string       `json:"tokens_placed"`
	TokensUnplaced int            `json:"tokens_unplaced"`
	Trains         []string       `json:"trains"`

	// Corp1860 holds the 1860-only fields (nil for other titles).
	*Corp1860
	// Corp1825 holds the 1825-only fields (nil for other titles).
	*Corp1825
}

// Corp1860 holds the corporation fields that only 1860 traces have.
type Corp1860 struct {
	Bankrupt      bool     `json:"bankrupt"`
	Insolvent     bool     `json:"insolvent"`
	Nationalized  bool     `json:"nationalized"`
	TokensFlipped []string `json:"tokens_flipped"`
}

// Corp1825 holds the corporation fields that only 1825 traces have.
type Corp1825 struct {
	Formed bool `json:"formed"`
	Minor  bool `json:"minor"`
}

// Company is one entry of Line.Companies (a private company).
type Company struct {
	Closed bool `json:"closed"`
	// Owner is a player id, a corporation symbol, "bank", or zero (null).
	Owner   g18xx.Entity `json:"owner"`
	Revenue int          `json:"revenue"`
	Sym     string       `json:"sym"`
	Value   int          `json:"value"`
}

// Depot is the train depot.
type Depot struct {
	// Discarded are the trains in the open market / bank pool.
	Discarded []string `json:"discarded"`
	// Rusted are the trains that have rusted.
	Rusted []string `json:"rusted"`
	// Upcoming are the depot's trains in selling order, run-length encoded.
	Upcoming []TrainCount `json:"upcoming"`
}

// TrainCount is one run of Depot.Upcoming, encoded as [name, count].
type TrainCount struct {
	Name  string
	Count int
}

// Flags is the title-specific game state.
type Flags struct {
	HighestLayer int `json:"highest_layer"`
	// Flags1860 holds the 1860 flags (nil for other titles).
	*Flags1860
	// Flags1825 holds the 1825 flags (nil for other titles).
	*Flags1825
}

// Flags1860 are the 1860 flags.
type Flags1860 struct {
	Nationalization   bool `json:"nationalization"`
	NoPriceDropOnSale bool `json:"no_price_drop_on_sale"`
	SouthernFormed    bool `json:"southern_formed"`
	SRAfterSouthern   bool `json:"sr_after_southern"`
}

// Flags1825 are the 1825 flags.
type Flags1825 struct {
	BankSize int `json:"bank_size"`
	// Formed lists corporations in order of formation.
	Formed []string `json:"formed"`
	// MinorTrains are trains reserved for minors not yet formed.
	MinorTrains []string `json:"minor_trains"`
}

// Revenue is a line's revenue record. On a run_routes line it has
// ExtraRevenue, Routes, Subsidy and Total; on a dividend line Kind, OR and
// Total. Kind != "" selects the dividend shape when encoding.
type Revenue struct {
	ExtraRevenue int            `json:"extra_revenue"`
	Routes       []RouteRevenue `json:"routes"`
	Subsidy      int            `json:"subsidy"`
	Total        int            `json:"total"`

	// Kind is "payout" or "withhold" (dividend lines).
	Kind string `json:"kind"`
	// OR is [turn, round_num] of the operating record (dividend lines).
	OR []int `json:"or"`
}

// RouteRevenue is one route of a run_routes revenue record.
type RouteRevenue struct {
	// Halts is the number of halts counted, or nil.
	Halts      *int       `json:"halts"`
	Recomputed Recomputed `json:"recomputed"`
	Revenue    int        `json:"revenue"`
	Subsidy    int        `json:"subsidy"`
	Train      string     `json:"train"`
}

// Recomputed is a route re-evaluated from its connections alone. When the
// re-evaluation failed only Error is set (encoded as {"error": ...}).
type Recomputed struct {
	Error   string   `json:"error"`
	Halts   *int     `json:"halts"`
	Revenue int      `json:"revenue"`
	Stops   []string `json:"stops"`
	Subsidy int      `json:"subsidy"`
}

// --- JSON encoding -------------------------------------------------------

type lineAlias Line

// lineKeys are the known top-level keys; computed once, never modified.
var lineKeys = jsonKeys(reflect.TypeFor[Line]())

// jsonKeys returns the JSON names of t's fields, including promoted fields
// of embedded structs.
func jsonKeys(t reflect.Type) map[string]bool {
	keys := make(map[string]bool)
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			for k := range jsonKeys(et) {
				keys[k] = true
			}
			continue
		}
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		keys[name] = true
	}
	return keys
}

// emptyIfNil returns a non-nil empty slice for nil, so that list fields
// that the format never leaves null encode as [].
func emptyIfNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// normalized returns a shallow copy of l in which nil lists and maps that
// the format never leaves null are empty. l itself is not modified.
func (l *Line) normalized() lineAlias {
	a := lineAlias(*l)
	a.Acting = emptyIfNil(a.Acting)
	a.Active = emptyIfNil(a.Active)
	a.Auto = emptyIfNil(a.Auto)
	a.Companies = emptyIfNil(a.Companies)
	a.Log = emptyIfNil(a.Log)
	a.Minors = emptyIfNil(a.Minors)
	a.Order = emptyIfNil(a.Order)
	if a.Tiles == nil {
		a.Tiles = map[string]string{}
	}
	a.Depot.Discarded = emptyIfNil(a.Depot.Discarded)
	a.Depot.Rusted = emptyIfNil(a.Depot.Rusted)
	a.Depot.Upcoming = emptyIfNil(a.Depot.Upcoming)
	if f := a.Flags.Flags1825; f != nil && (f.Formed == nil || f.MinorTrains == nil) {
		c := *f
		c.Formed = emptyIfNil(c.Formed)
		c.MinorTrains = emptyIfNil(c.MinorTrains)
		a.Flags.Flags1825 = &c
	}
	a.Players = make([]Player, len(l.Players))
	for i, p := range l.Players {
		p.Certs = emptyIfNil(p.Certs)
		a.Players[i] = p
	}
	a.Corporations = make([]Corporation, len(l.Corporations))
	for i, c := range l.Corporations {
		c.Companies = emptyIfNil(c.Companies)
		c.TokensPlaced = emptyIfNil(c.TokensPlaced)
		c.Trains = emptyIfNil(c.Trains)
		if c.SharesByOwner == nil {
			c.SharesByOwner = map[string]int{}
		}
		if c.Corp1860 != nil && c.Corp1860.TokensFlipped == nil {
			c1860 := *c.Corp1860
			c1860.TokensFlipped = []string{}
			c.Corp1860 = &c1860
		}
		a.Corporations[i] = c
	}
	return a
}

// MarshalJSON encodes the line; nil lists that the format never leaves null
// are written as [].
func (l Line) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(l.normalized())
	if err != nil || len(l.Extra) == 0 {
		return b, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	for k, raw := range l.Extra {
		if _, ok := m[k]; !ok {
			m[k] = raw
		}
	}
	return json.Marshal(m)
}

// UnmarshalJSON decodes a line. Unknown top-level keys go to Extra, unknown
// nested keys are listed in Unknown.
func (l *Line) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var a lineAlias
	err := dec.Decode(&a)
	if err == nil {
		*l = Line(a)
		return nil
	}
	if !strings.Contains(err.Error(), "unknown field") {
		return err
	}
	// Slow path: some key is unknown. Decode leniently and find them.
	a = lineAlias{}
	if err := json.Unmarshal(data, &a); err != nil {
		return err
	}
	*l = Line(a)
	return l.collectUnknown(data)
}

// collectUnknown fills Extra and Unknown from the raw line.
func (l *Line) collectUnknown(data []byte) error {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return err
	}
	for k, v := range top {
		if !lineKeys[k] {
			if l.Extra == nil {
				l.Extra = make(map[string]json.RawMessage)
			}
			l.Extra[k] = v
		}
	}
	nested := []struct {
		key   string
		known map[string]bool
		id    string
	}{
		{"players", jsonKeys(reflect.TypeFor[Player]()), "id"},
		{"corporations", jsonKeys(reflect.TypeFor[Corporation]()), "sym"},
		{"companies", jsonKeys(reflect.TypeFor[Company]()), "sym"},
	}
	for _, n := range nested {
		var items []map[string]json.RawMessage
		if err := json.Unmarshal(top[n.key], &items); err != nil {
			return fmt.Errorf("%s: %w", n.key, err)
		}
		for i, item := range items {
			name := strconv.Itoa(i)
			if raw, ok := item[n.id]; ok {
				name = strings.Trim(string(raw), `"`)
			}
			for k := range item {
				if !n.known[k] {
					l.Unknown = append(l.Unknown, fmt.Sprintf("%s[%s].%s", n.key, name, k))
				}
			}
		}
	}
	for _, obj := range []struct {
		key   string
		known map[string]bool
	}{
		{"flags", jsonKeys(reflect.TypeFor[Flags]())},
		{"depot", jsonKeys(reflect.TypeFor[Depot]())},
	} {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(top[obj.key], &m); err != nil {
			return fmt.Errorf("%s: %w", obj.key, err)
		}
		for k := range m {
			if !obj.known[k] {
				l.Unknown = append(l.Unknown, obj.key+"."+k)
			}
		}
	}
	sort.Strings(l.Unknown)
	return nil
}

// MarshalJSON encodes the run as [name, count].
func (t TrainCount) MarshalJSON() ([]byte, error) {
	name, err := json.Marshal(t.Name)
	if err != nil {
		return nil, err
	}
	return fmt.Appendf(nil, "[%s,%d]", name, t.Count), nil
}

// UnmarshalJSON decodes [name, count].
func (t *TrainCount) UnmarshalJSON(data []byte) error {
	var pair []json.RawMessage
	if err := json.Unmarshal(data, &pair); err != nil {
		return fmt.Errorf("depot run: %w", err)
	}
	if len(pair) != 2 {
		return fmt.Errorf("depot run: want [name, count], got %s", data)
	}
	if err := json.Unmarshal(pair[0], &t.Name); err != nil {
		return fmt.Errorf("depot run name: %w", err)
	}
	n, err := strconv.Atoi(string(pair[1]))
	if err != nil {
		return fmt.Errorf("depot run count: %w", err)
	}
	t.Count = n
	return nil
}

// MarshalJSON encodes the run_routes or the dividend shape (Kind != "").
func (r Revenue) MarshalJSON() ([]byte, error) {
	if r.Kind != "" {
		return json.Marshal(struct {
			Kind  string `json:"kind"`
			OR    []int  `json:"or"`
			Total int    `json:"total"`
		}{r.Kind, emptyIfNil(r.OR), r.Total})
	}
	return json.Marshal(struct {
		ExtraRevenue int            `json:"extra_revenue"`
		Routes       []RouteRevenue `json:"routes"`
		Subsidy      int            `json:"subsidy"`
		Total        int            `json:"total"`
	}{r.ExtraRevenue, emptyIfNil(r.Routes), r.Subsidy, r.Total})
}

// MarshalJSON encodes {error} for a failed re-evaluation, else the full record.
func (r Recomputed) MarshalJSON() ([]byte, error) {
	if r.Error != "" {
		return json.Marshal(struct {
			Error string `json:"error"`
		}{r.Error})
	}
	return json.Marshal(struct {
		Halts   *int     `json:"halts"`
		Revenue int      `json:"revenue"`
		Stops   []string `json:"stops"`
		Subsidy int      `json:"subsidy"`
	}{r.Halts, r.Revenue, emptyIfNil(r.Stops), r.Subsidy})
}

// Corporation returns the corporation with the given symbol, or nil.
func (l *Line) Corporation(sym string) *Corporation {
	for i := range l.Corporations {
		if l.Corporations[i].Sym == sym {
			return &l.Corporations[i]
		}
	}
	return nil
}

// Player returns the player with the given id, or nil.
func (l *Line) Player(id int) *Player {
	for i := range l.Players {
		if l.Players[i].ID == id {
			return &l.Players[i]
		}
	}
	return nil
}
