package t1825

// Game facts of 1825 per unit combination, transcribed from 18xx.games
// g_1825 (game.rb, entities.rb). Where the printed rulebook (TABLES 1, 3 and
// 4) differs, the site's figure is kept so that its games replay; the
// differences are noted beside the data.

// StartingCash returns each player's starting money, or false when the
// player count does not suit the units. Rulebook TABLE 1 gives Unit 3 £900;
// 18xx.games gives £750.
func StartingCash(o Options, nPlayers int) (int, bool) {
	var t map[int]int
	switch o.UnitKey() {
	case "1":
		t = map[int]int{2: 1200, 3: 830, 4: 630, 5: 504}
	case "2":
		t = map[int]int{2: 1200, 3: 800, 4: 600}
	case "3":
		t = map[int]int{2: 750}
		if o.PrintedRules {
			t = map[int]int{2: 900} // TABLE 1
		}
	case "12":
		t = map[int]int{3: 840, 4: 630, 5: 504, 6: 420, 7: 360}
	case "23":
		t = map[int]int{3: 840, 4: 630, 5: 504}
	default:
		t = map[int]int{4: 630, 5: 504, 6: 420, 7: 360, 8: 315, 9: 280}
	}
	c, ok := t[nPlayers]
	return c, ok
}

// NumMinors is the number of minor companies the kits add, as 18xx.games
// counts them for the bank and certificate limits: two for R1, two for R2
// (the site counts R2 twice and R3's M&GN not at all), two for K5, one for
// K7. Unit 3's own minors are not counted.
func NumMinors(o Options) int {
	n := 0
	if o.Regionals[1] {
		n += 2
	}
	if o.Regionals[2] {
		n += 2
	}
	if o.Kits[5] {
		n += 2
	}
	if o.Kits[7] {
		n++
	}
	return n
}

// CertLimit returns the certificate limit, or false when the player count
// does not suit the units. Rulebook TABLE 3 differs for Unit 3 (13), Units
// 2+3 (25/19/15) and Units 1+2+3 (30/24/20/17/15/14); these are the
// 18xx.games figures, raised for the kits' minors.
func CertLimit(o Options, nPlayers int) (int, bool) {
	var t map[int]int
	if o.PrintedRules {
		c, ok := printedCertLimits[o.UnitKey()][nPlayers]
		return c, ok
	}
	switch o.UnitKey() {
	case "1":
		t = map[int]int{2: 24, 3: 16, 4: 12, 5: 10}
	case "2":
		t = map[int]int{2: 24, 3: 16, 4: 12}
	case "3":
		t = map[int]int{2: 17}
	case "12":
		t = map[int]int{3: 31, 4: 23, 5: 19, 6: 16, 7: 14}
	case "23":
		t = map[int]int{3: 29, 4: 23, 5: 18}
	default:
		t = map[int]int{4: 33, 5: 28, 6: 23, 7: 19, 8: 17, 9: 15}
	}
	c, ok := t[nPlayers]
	if !ok {
		return 0, false
	}
	// extra[minors-1][players-2], players 2..9.
	extra := [7][8]int{
		{1, 1, 1, 0, 0, 0, 0, 0},
		{2, 2, 1, 1, 1, 0, 0, 0},
		{3, 2, 2, 2, 1, 1, 1, 1},
		{4, 3, 2, 2, 2, 2, 1, 1},
		{5, 4, 3, 2, 2, 2, 2, 1},
		{0, 5, 3, 3, 3, 2, 2, 1},
		{0, 5, 4, 3, 3, 2, 2, 2},
	}
	if m := NumMinors(o); m > 0 && m <= len(extra) && nPlayers >= 2 && nPlayers <= 9 {
		c += extra[m-1][nPlayers-2]
	}
	return c, true
}

// printedCertLimits is the rulebook's TABLE 3 (printed_rules).
var printedCertLimits = map[string]map[int]int{
	"1":   {2: 24, 3: 16, 4: 12, 5: 10},
	"2":   {2: 24, 3: 16, 4: 12},
	"3":   {2: 13},
	"12":  {3: 31, 4: 23, 5: 19, 6: 16, 7: 14},
	"23":  {3: 25, 4: 19, 5: 15},
	"123": {4: 30, 5: 24, 6: 20, 7: 17, 8: 15, 9: 14},
}

// Bank sizes of the units.
const (
	bankUnit1 = 5000
	bankUnit2 = 5000
	bankUnit3 = 4000
)

// BankSize returns the bank: the first unit's bank (Unit 1, else 2, else 3)
// or, with BigBank, the sum of the units' banks; unless StrictBank, plus 2000
// for each of K2 and K3 and 1000 per minor (NumMinors). The bank is broken
// when it is smaller than the players' cash (bank_cash = size - Σ cash).
func BankSize(o Options) int {
	n := 0
	switch {
	case o.BigBank:
		for u, b := range [4]int{0, bankUnit1, bankUnit2, bankUnit3} {
			if o.Units[u] {
				n += b
			}
		}
	case o.Units[1]:
		n = bankUnit1
	case o.Units[2]:
		n = bankUnit2
	default:
		n = bankUnit3
	}
	if !o.StrictBank {
		if o.Kits[2] {
			n += 2000
		}
		if o.Kits[3] {
			n += 2000
		}
		n += 1000 * NumMinors(o)
	}
	return n
}

// CompanySaleFee is the fee 18xx.games charges on a private company sold to
// the bank (COMPANY_SALE_FEE).
const CompanySaleFee = 30

// smallMarket is the share price index of a game without Unit 2, one
// continuous band ("y": the yellow zone, where shares do not count towards
// the certificate limit; "p": par values; "c": bankrupt; "e": game end).
var smallMarket = []string{
	"0c", "5y", "10y", "16y", "24y", "34y", "42y", "49y", "55", "61", "67p", "71p", "76p",
	"82p", "90p", "100p", "112", "126", "142", "160", "180", "205", "230", "255", "280",
	"300", "320", "340e",
}

// largeMarket is the larger index supplied with Unit 2, used whenever Unit 2
// is on the table.
var largeMarket = []string{
	"0c", "5y", "10y", "16y", "24y", "34y", "42y", "49y", "55", "61", "67p", "71p", "76p",
	"82p", "90p", "100p", "112", "126", "142", "160", "180", "205", "230", "255", "280",
	"300", "320", "340", "360", "380", "400", "420", "440", "460", "480", "500e",
}

// Market returns the share price index as one row of cell codes.
func Market(o Options) []string {
	if o.Units[2] {
		return append([]string(nil), largeMarket...)
	}
	return append([]string(nil), smallMarket...)
}

// PhaseDef is a row of the phase table.
type PhaseDef struct {
	Name            string
	On              string // the train whose first purchase starts the phase
	TrainLimit      int
	Tiles           []string
	OperatingRounds int
}

// Phases returns the phases: 1 to 3 always, 3a with Unit 2 and without K3,
// 4 and 4a with K3.
func Phases(o Options) []PhaseDef {
	ph := []PhaseDef{
		{"1", "2", 4, []string{"yellow"}, 1},
		{"2", "3", 4, []string{"yellow", "green"}, 2},
		{"3", "5", 3, []string{"yellow", "green", "brown"}, 3},
	}
	if o.Units[2] && !o.Kits[3] && !o.PrintedRules { // the rulebook has three phases (4.7)
		ph = append(ph, PhaseDef{"3a", "6", 3, []string{"yellow", "green", "brown", "gray"}, 3})
	}
	if o.Kits[3] {
		ph = append(ph,
			PhaseDef{"4", "6", 99, []string{"yellow", "green", "brown", "gray"}, 3},
			PhaseDef{"4a", "7", 99, []string{"yellow", "green", "brown", "gray"}, 3})
	}
	return ph
}

// TrainDef is a row of the train table.
type TrainDef struct {
	Name  string
	Count int
	Price int
	// Distance is the number of stops, cities and towns alike; 0 for the
	// U3 and 4+4E, which count cities and towns apart (below).
	Distance int
	// CityPay/CityVisit and TownPay/TownVisit are the separate allowances of
	// the U3 (3 cities, any towns) and the 4+4E (4 paying cities, towns
	// passed free); 99 means unlimited.
	CityPay, CityVisit, TownPay, TownVisit int
	// Multiplier doubles the revenue of the 2+2 and 4+4E (0 means 1).
	Multiplier  int
	RustsOn     string // train whose first purchase rusts this one
	AvailableOn string // phase before which it cannot be bought ("" = always)
}

// trainKinds are the train types in the order 18xx.games builds its depot.
var trainKinds = []TrainDef{
	{Name: "2", Distance: 2, Price: 180, RustsOn: "5"},
	{Name: "3", Distance: 3, Price: 300},
	{Name: "4", Distance: 4, Price: 430},
	{Name: "5", Distance: 5, Price: 550},
	{Name: "6", Distance: 6, Price: 650},
	{Name: "7", Distance: 7, Price: 720},
	{Name: "3T", Distance: 3, Price: 370, AvailableOn: "3"},
	{Name: "U3", Price: 410, CityPay: 3, CityVisit: 3, TownPay: 99, TownVisit: 99, AvailableOn: "3"},
	{Name: "2+2", Distance: 2, Price: 600, Multiplier: 2, AvailableOn: "4"},
	{Name: "4T", Distance: 4, Price: 480, AvailableOn: "4"},
	{Name: "4+4E", Price: 830, CityPay: 4, CityVisit: 99, TownPay: 0, TownVisit: 99, Multiplier: 2, AvailableOn: "4a"},
}

// unitTrains are the train counts per unit combination (18xx.games; Unit 3
// and the combinations with it include the trains of Unit 3's minors).
// Rulebook TABLE 4 lists only '2'–'5', and differs: Unit 2 has 4 '3's, 3
// '4's and 4 '5's there; Units 1+2 5 '3's; Units 2+3 and 1+2+3 5 '5's (the
// site adds the '5' of Unit 3's minor GNoS).
// printedTrains is the rulebook's TABLE 4 (printed_rules): '2' to '5' only.
var printedTrains = map[string]map[string]int{
	"1":   {"2": 6, "3": 4, "4": 3, "5": 4},
	"2":   {"2": 5, "3": 4, "4": 3, "5": 4},
	"3":   {"2": 5, "3": 3, "4": 1, "5": 3},
	"12":  {"2": 7, "3": 5, "4": 4, "5": 5},
	"23":  {"2": 5, "3": 5, "4": 4, "5": 5},
	"123": {"2": 7, "3": 6, "4": 5, "5": 5},
}

var unitTrains = map[string]map[string]int{
	"1":   {"2": 6, "3": 4, "4": 3, "5": 4},
	"2":   {"2": 5, "3": 3, "4": 2, "5": 3, "6": 2},
	"3":   {"2": 5, "3": 3, "4": 1, "5": 3, "7": 2, "3T": 1, "U3": 1},
	"12":  {"2": 7, "3": 6, "4": 4, "5": 5, "6": 2},
	"23":  {"2": 5, "3": 5, "4": 4, "5": 6, "7": 2, "3T": 1, "U3": 1},
	"123": {"2": 7, "3": 6, "4": 5, "5": 6, "6": 2, "7": 2, "3T": 1, "U3": 1},
}

// Trains returns the train table in depot order, every type listed (Count
// may be 0).
func Trains(o Options) []TrainDef {
	count := map[string]int{}
	add := func(m map[string]int) {
		for k, v := range m {
			count[k] += v
		}
	}
	if o.PrintedRules {
		add(printedTrains[o.UnitKey()])
	} else {
		add(unitTrains[o.UnitKey()])
	}
	if o.UnitKey() == "2" && o.Kits[3] && !o.era.unit2Kit3Kept {
		count["6"] -= 2 // K3 replaces Unit 2's own 6-trains (since 2025-09-27, dated.go)
	}
	if o.U3P {
		add(map[string]int{"3T": 2, "U3": 2})
	}
	if o.Regionals[1] {
		add(map[string]int{"U3": 1, "4T": 1})
	}
	if o.Regionals[2] {
		add(map[string]int{"5": 1})
	}
	if o.Regionals[3] {
		add(map[string]int{"4T": 1})
	}
	if o.Kits[3] {
		add(map[string]int{"5": -1, "6": 3, "7": 2})
	}
	if o.Kits[5] {
		add(map[string]int{"5": 1, "3T": 1})
	}
	if o.Kits[7] {
		add(map[string]int{"2+2": 1})
	}
	if o.Kits[2] {
		switch o.UnitKey() {
		case "1", "2":
			add(map[string]int{"3T": 3, "U3": 1, "2+2": 3, "4T": 2, "4+4E": 2})
			if o.Kits[3] {
				add(map[string]int{"3": -1, "4": -1})
			}
		case "12", "23":
			add(map[string]int{"3T": 4, "U3": 2, "2+2": 3, "4T": 2, "4+4E": 2})
			if o.Kits[3] && o.UnitKey() == "12" {
				add(map[string]int{"3": -1, "4": -1, "5": -1})
			} else if o.Kits[3] {
				add(map[string]int{"3": -1, "5": -1})
			}
		case "123":
			add(map[string]int{"3T": 5, "U3": 3, "2+2": 3, "4T": 2, "4+4E": 2})
			if o.Kits[3] {
				add(map[string]int{"3": -1, "4": -1, "5": -1})
			}
		}
	}
	phases := map[string]bool{}
	for _, p := range Phases(o) {
		phases[p.Name] = true
	}
	out := make([]TrainDef, len(trainKinds))
	for i, t := range trainKinds {
		t.Count = count[t.Name]
		if o.Kits[3] && t.Name == "3" {
			t.RustsOn = "7"
		}
		if t.AvailableOn != "" && !phases[t.AvailableOn] {
			t.AvailableOn = "" // minors' trains in games without that phase
		}
		out[i] = t
	}
	return out
}

// CompanyDef is a private company.
type CompanyDef struct {
	Sym, Name      string
	Value, Revenue int
}

var unit1Companies = []CompanyDef{
	{"S&M", "Swansea & Mumbles Railway", 30, 5},
	{"C&HP", "Cromford & High Peak Railway", 75, 12},
	{"C&W", "Canterbury & Whitstable Railway", 130, 20},
	{"L&M", "Liverpool & Manchester Railway", 210, 30},
}

var unit2Companies = []CompanyDef{
	{"L&MI", "Leeds & Middleton Railway", 30, 5},
	{"C&HP", "Cromford & High Peak Railway", 75, 12},
	{"S&D", "Stockton & Darlington", 160, 25},
	{"L&M", "Liverpool & Manchester Railway", 210, 30},
}

var unit3Companies = []CompanyDef{
	{"A&F", "Arbroath & Forfar", 30, 5},
	{"TWW", "Tanfield Wagon Way", 60, 10},
	{"S&D", "Stockton & Darlington", 160, 25},
}

// Companies returns the private companies: Unit 1's, then Unit 3's and Unit
// 2's whose face value is not already taken (18xx.games combines them so;
// e.g. Units 1+2 keep S&M and drop L&MI, both £30).
func Companies(o Options) []CompanyDef {
	var out []CompanyDef
	add := func(list []CompanyDef) {
		n := len(out)
		for _, c := range list {
			dup := false
			for _, d := range out[:n] {
				dup = dup || d.Value == c.Value
			}
			if !dup {
				out = append(out, c)
			}
		}
	}
	if o.Units[1] {
		add(unit1Companies)
	}
	if o.Units[3] {
		add(unit3Companies)
	}
	if o.Units[2] {
		add(unit2Companies)
	}
	return out
}

// CorpDef is a railway company: a major (a 20% director's certificate and
// eight 10% shares, floating at 60%) or a minor (40/20/20/20, incremental
// capitalisation, floating at 40%, formed when it can buy its train).
type CorpDef struct {
	Sym, Name string
	// Tokens are the station marker prices; the home markers cost 0.
	Tokens []int
	// Homes are the home hexes (two for the LNWR with Units 1+2, and for the
	// GWR with R2).
	Homes []string
	// City is the home city's position among the cities of each home hex
	// (18xx.games `city:`), or -1 when any city of the hex will do.
	City int
	// Par is the fixed par price of a major; 0 for minors.
	Par   int
	Minor bool
	// Blocks are hexes no one else may lay track on until this company has
	// (18xx.games blocks_hexes, the names printed in white on the board).
	Blocks []string
	// Train is the train a minor must buy to form.
	Train string
}

// Shares returns the certificate sizes in percent, director's first.
func (c CorpDef) Shares() []int {
	if c.Minor {
		return []int{40, 20, 20, 20}
	}
	return []int{20, 10, 10, 10, 10, 10, 10, 10, 10}
}

// FloatPercent is the share of the company that must be sold for it to float.
func (c CorpDef) FloatPercent() int {
	if c.Minor {
		return 40
	}
	return 60
}

var unit1Corps = []CorpDef{
	{Sym: "LNWR", Name: "London & North Western Railway Company", Tokens: []int{0, 40, 100, 100, 100}, Homes: []string{"T16"}, Par: 100, Blocks: []string{"U17"}},
	{Sym: "GWR", Name: "Great Western Railway Company", Tokens: []int{0, 40, 100, 100, 100}, Homes: []string{"V14"}, Par: 90, Blocks: []string{"V18"}},
	{Sym: "GER", Name: "Great Eastern Railway Company", Tokens: []int{0, 40, 100, 100}, Homes: []string{"V20"}, City: 4, Par: 76, Blocks: []string{"U23"}},
	{Sym: "LSWR", Name: "London & South Western Railway Company", Tokens: []int{0, 40, 100, 100}, Homes: []string{"V20"}, Par: 76, Blocks: []string{"W19"}},
	{Sym: "SECR", Name: "South Eastern & Chatham Railway Company", Tokens: []int{0, 40, 100, 100}, Homes: []string{"W23"}, Par: 71},
	{Sym: "LBSC", Name: "London Brighton & South Coast Railway Company", Tokens: []int{0, 40, 100}, Homes: []string{"X20"}, Par: 67, Blocks: []string{"X20"}},
}

var unit2Corps = []CorpDef{
	{Sym: "LNWR", Name: "London & North Western Railway Company", Tokens: []int{0, 40, 100, 100}, Homes: []string{"Q11"}, Par: 100},
	{Sym: "MR", Name: "Midland Railway Company", Tokens: []int{0, 40, 100, 100}, Homes: []string{"Q15"}, Par: 82, Blocks: []string{"Q15"}},
	{Sym: "NER", Name: "North Eastern Railway Company", Tokens: []int{0, 40, 100, 100}, Homes: []string{"L14"}, Par: 82, Blocks: []string{"L14"}},
	{Sym: "GCR", Name: "Great Central Railway Company", Tokens: []int{0, 40, 100}, Homes: []string{"O15"}, Par: 71},
	{Sym: "GNR", Name: "Great Northern Railway Company", Tokens: []int{0, 40, 100}, Homes: []string{"O15"}, City: 1, Par: 71},
	{Sym: "L&Y", Name: "Lancashire & Yorkshire Railway Company", Tokens: []int{0, 40, 100}, Homes: []string{"O11"}, City: 1, Par: 71, Blocks: []string{"N10"}},
}

var unit3Corps = []CorpDef{
	{Sym: "CR", Name: "Caledonia Railway", Tokens: []int{0, 40, 100, 100}, Homes: []string{"G5"}, City: 2, Par: 76},
	{Sym: "NBR", Name: "North British Railway", Tokens: []int{0, 40, 100, 100}, Homes: []string{"G5"}, City: 1, Par: 76},
	{Sym: "GSWR", Name: "Glasgow & South West Railway Company", Tokens: []int{0, 40, 100}, Homes: []string{"G5"}, Par: 67, Blocks: []string{"H4"}},
	{Sym: "GNoS", Name: "Great North of Scotland Railway", Tokens: []int{0}, Homes: []string{"B12"}, Minor: true, Train: "5"},
	{Sym: "HR", Name: "Highland Railway", Tokens: []int{0}, Homes: []string{"B8"}, Minor: true, Train: "U3"},
	{Sym: "M&C", Name: "Maryport and Carslisle Railway Company", Tokens: []int{0}, Homes: []string{"K7"}, Minor: true, Train: "3T"},
}

var r1Corps = []CorpDef{
	{Sym: "Cam", Name: "Cambrian Railway", Tokens: []int{0}, Homes: []string{"R8"}, City: -1, Minor: true, Blocks: []string{"R8"}, Train: "U3"},
	{Sym: "TV", Name: "Taff Vale Railway", Tokens: []int{0}, Homes: []string{"V8"}, City: -1, Minor: true, Train: "4T"},
}

var r2Corps = []CorpDef{
	{Sym: "S&DR", Name: "Somerset & Dorset Railway", Tokens: []int{0}, Homes: []string{"W9"}, City: -1, Minor: true, Train: "5"},
}

var r3Corps = []CorpDef{
	{Sym: "M&GN", Name: "Midland & Great Northern Joint Railway", Tokens: []int{0}, Homes: []string{"Q23"}, City: -1, Minor: true, Train: "4T"},
}

var k5Corps = []CorpDef{
	{Sym: "FR", Name: "Furness Railway", Tokens: []int{0}, Homes: []string{"M9"}, City: -1, Minor: true, Train: "5"},
	{Sym: "NS", Name: "North Staffordshire Railway", Tokens: []int{0}, Homes: []string{"Q13"}, City: -1, Minor: true, Train: "3T"},
}

var k7Corps = []CorpDef{
	{Sym: "LT&S", Name: "London, Tilbury & Southend Railway", Tokens: []int{0}, Homes: []string{"V22"}, City: -1, Minor: true, Train: "2+2"},
}

// Corporations returns the railway companies in 18xx.games order (which
// also orders the reservation of the minors' trains). With Units 1+2 the
// LNWR has both homes (Wolverton and Crewe) and seven tokens, and the MR
// also blocks R14; with R2 the GWR also starts at Exeter with seven tokens;
// DB2 makes the SECR block W21 (par £67) and frees the LBSC's block; Unit
// 4 moves the HR's home to Inverness on A5.
func Corporations(o Options) []CorpDef {
	var out []CorpDef
	add := func(list []CorpDef, skip string) {
		for _, c := range list {
			if c.Sym == skip {
				continue
			}
			c.Tokens = append([]int(nil), c.Tokens...)
			c.Homes = append([]string(nil), c.Homes...)
			c.Blocks = append([]string(nil), c.Blocks...)
			out = append(out, c)
		}
	}
	find := func(sym string) *CorpDef {
		for i := range out {
			if out[i].Sym == sym {
				return &out[i]
			}
		}
		return nil
	}
	if o.Units[1] {
		add(unit1Corps, "")
	}
	switch {
	case o.Units[1] && o.Units[2]:
		add(unit2Corps, "LNWR")
		lnwr := find("LNWR")
		lnwr.Tokens = []int{0, 0, 40, 100, 100, 100, 100}
		lnwr.Homes = []string{"T16", "Q11"}
		mr := find("MR")
		mr.Blocks = append(mr.Blocks, "R14")
	case o.Units[2]:
		add(unit2Corps, "")
	}
	if o.Units[3] && o.PrintedRules {
		// TABLE 2: Unit 3 is the CR, the NBR (starting in Edinburgh, on
		// the Edinburgh & Leith hex; the rulebook does not say which of
		// its two cities, we reserve the first) and the G&SW, no minors
		for _, c := range unit3Corps {
			if c.Minor {
				continue
			}
			if c.Sym == "NBR" {
				c.Homes, c.City = []string{"G9"}, 0
			}
			add([]CorpDef{c}, "")
		}
	} else if o.Units[3] {
		add(unit3Corps, "")
	}
	if o.Regionals[1] {
		add(r1Corps, "")
	}
	if o.Regionals[2] {
		add(r2Corps, "")
		if gwr := find("GWR"); gwr != nil {
			gwr.Tokens = []int{0, 0, 40, 100, 100, 100, 100}
			gwr.Homes = []string{"V14", "Y7"}
		}
	}
	if o.DB2 {
		if secr := find("SECR"); secr != nil {
			secr.Blocks = append(secr.Blocks, "W21")
			secr.Par = 67
		}
		if lbsc := find("LBSC"); lbsc != nil {
			lbsc.Blocks = nil
		}
	}
	if o.Unit4 {
		if hr := find("HR"); hr != nil {
			hr.Homes = []string{"A5"} // Inverness moves to A5
		}
	}
	if o.Regionals[3] {
		add(r3Corps, "")
	}
	if o.Kits[5] {
		add(k5Corps, "")
	}
	if o.Kits[7] {
		add(k7Corps, "")
	}
	return out
}
