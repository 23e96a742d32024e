package t1860

import "tresham/engine"

// Facts of the published game (1860 2nd edition), transcribed from the rulebook
// and cross-checked with the 18xx.games data so imported games line up.

const (
	bankCash       = 10000 // the rules' bank; bank_cash = bankCash - Σ player cash
	bankRaw        = 20000 // bank plus company credit: the internal account
	haltSubsidy    = 10
	companySaleFee = 30
	minTrainPrice  = 10
	minReparPrice  = 40
)

var certLimit = map[int]int{2: 32, 3: 21, 4: 16}
var startingCash = map[int]int{2: 1000, 3: 670, 4: 500}

// market is the single zig-zag row of the 1860 share price track.
var market = [][]string{{
	"0c", "7i", "14i", "20i", "26i", "31i", "36i", "40r", "44r", "47r", "50r", "52r", "54p", "56r",
	"58p", "60r", "62p", "65r", "68p", "71r", "74p", "78r", "82p", "86r", "90p", "95r", "100p",
	"105", "110", "116", "122", "128", "134", "142", "150", "158i", "166i", "174i", "182i", "191i",
	"200i", "210i", "220i", "230i", "240i", "250i", "260i", "270i", "280i", "290i", "300i", "310i",
	"320i", "330i", "340e",
}}

var phases = []engine.Phase{
	{Name: "2", TrainLimit: 4, Tiles: []string{"yellow"}, OperatingRounds: 1},
	{Name: "3", On: "3+2", TrainLimit: 4, Tiles: []string{"yellow", "green"}, OperatingRounds: 2},
	{Name: "4", On: "4+2", TrainLimit: 3, Tiles: []string{"yellow", "green"}, OperatingRounds: 2},
	{Name: "5", On: "5+3", TrainLimit: 3, Tiles: []string{"yellow", "green", "brown"}, OperatingRounds: 3},
	{Name: "6", On: "6+3", TrainLimit: 2, Tiles: []string{"yellow", "green", "brown"}, OperatingRounds: 3},
	{Name: "7", On: "7+4", TrainLimit: 2, Tiles: []string{"yellow", "green", "brown"}, OperatingRounds: 3},
	{Name: "8", On: "8+4", TrainLimit: 2, Tiles: []string{"yellow", "green", "brown"}, OperatingRounds: 3},
	{Name: "9", On: "9+5", TrainLimit: 2, Tiles: []string{"yellow", "green", "brown"}, OperatingRounds: 3},
}

var trainTypes = []engine.TrainType{
	{Name: "2+1", Major: 2, Minor: 1, Price: 250, Count: 5, RustsOn: "4+2"},
	{Name: "3+2", Major: 3, Minor: 2, Price: 300, Count: 4, RustsOn: "6+3"},
	{Name: "4+2", Major: 4, Minor: 2, Price: 350, Count: 3, RustsOn: "7+4"},
	{Name: "5+3", Major: 5, Minor: 3, Price: 400, Count: 2, RustsOn: "8+4"},
	{Name: "6+3", Major: 6, Minor: 3, Price: 500, Count: 2, Events: []string{"fishbourne_to_bank"}},
	{Name: "7+4", Major: 7, Minor: 4, Price: 600, Count: 1},
	{Name: "8+4", Major: 8, Minor: 4, Price: 700, Count: 1, Events: []string{"relax_cert_limit"}},
	{Name: "9+5", Major: 9, Minor: 5, Price: 800, Count: 0, Events: []string{"southern_forms"}},
}

type corpDef struct {
	sym, name, home string
	tokens          []int
	layer           int
	reserved        bool // last share reserved for a private exchange
}

var corpDefs = []corpDef{
	{"C&N", "Cowes & Newport", "F2", []int{0, 40, 100, 100}, 1, true},
	{"IOW", "Isle of Wight", "I3", []int{0, 40, 100, 100}, 1, true},
	{"IWNJ", "Isle of Wight, Newport Junction", "G7", []int{0, 40, 100}, 2, false},
	{"FYN", "Freshwater, Yarmouth & Newport", "B4", []int{0, 40, 100}, 2, true},
	{"NGStL", "Newport, Godshill & St. Lawrence", "G9", []int{0, 40}, 3, false},
	{"BHI&R", "Brading Harbour Improvement & Railway", "L6", []int{0, 40}, 3, true},
	{"S&C", "Shanklin & Chale", "F12", []int{0, 40}, 4, false},
	{"VYSC", "Ventor, Yarmouth & South Coast", "E9", []int{0, 40}, 4, false},
}

type companyDef struct {
	sym, name      string
	value, revenue int
	exchange       string // corporation whose share it can be exchanged for
}

// companyDefs are in auction order (face value ascending).
var companyDefs = []companyDef{
	{"BHC", "Brading Harbour Company", 30, 5, "BHI&R"},
	{"YHC", "Yarmouth Harbour Company", 50, 10, "FYN"},
	{"CMH", "Cowes Marina and Harbour", 90, 20, "C&N"},
	{"RPSC", "Ryde Pier & Shipping Company", 130, 30, "IOW"},
	{"FFC", "Fishbourne Ferry Company", 200, 25, ""},
}

// parBand is the par band of a layer (index 1-4; {0, 0} for any other
// layer); with repar, the band after bankruptcy. A switch rather than a
// map: the stock round asks it for every market cell.
func parBand(layer int, repar bool) [2]int {
	if layer < 1 || layer > 4 {
		return [2]int{}
	}
	if repar {
		return [4][2]int{{40, 100}, {40, 82}, {40, 68}, {40, 62}}[layer-1]
	}
	return [4][2]int{{74, 100}, {62, 82}, {58, 68}, {54, 62}}[layer-1]
}
