package t1825

import "tresham/board"

// hexEntry is one entry of an 18xx.games HEXES table (board.HexGroup).
// Tables list their entries colour by colour, in the site's order, because
// the merge of tables (board.HexTable.Merge) depends on it.
type hexEntry board.HexGroup

const (
	white  = board.White
	yellow = board.Yellow
	green  = board.Green
	brown  = board.Brown
	sepia  = board.Sepia
	gray   = board.Gray
)

// Printed tiles shared by many hexes.
const (
	blank      = ""
	mountain   = "upgrade=cost:100,terrain:mountain"
	water      = "upgrade=cost:40,terrain:water"
	town       = "town=revenue:0"
	doubleTown = "town=revenue:0;town=revenue:0"
	city       = "city=revenue:0"
	ooCities   = "city=revenue:0;city=revenue:0;label=OO"
)

// The hex tables below are transcribed from 18xx.games g_1825/map.rb. The
// map is pointy: letters name rows (A in the north of Scotland, Z/AA in
// Cornwall), numbers columns.

// unit1Hexes: Unit 1, South Eastern England.
var unit1Hexes = []hexEntry{
	{white, []string{"R8", "R14", "R18", "R22", "S9", "S11", "S17", "S19", "S21", "S23", "S25", "T10", "T12",
		"T14", "T18", "T22", "U9", "U13", "U15", "U17", "U19", "U21", "V12", "V18", "W13", "W15", "W17", "W21",
		"X8", "X10", "X12", "X18", "X24", "Y9"}, blank},
	{white, []string{"T8"}, mountain},
	{white, []string{"R10", "R20", "R26", "S15", "T20", "T24", "U11", "U23", "V16", "X22", "Y11"}, town},
	{white, []string{"W11", "W19"}, doubleTown},
	{white, []string{"W23"}, "city=revenue:0;upgrade=cost:40,terrain:water"},
	{white, []string{"R16", "R24", "X14", "X20"}, city},
	{yellow, []string{"R12", "V8", "X16"}, ooCities},
	{green, []string{"S13"}, "city=revenue:40;city=revenue:40;city=revenue:40;path=a:1,b:_0;path=a:3,b:_1;path=a:5,b:_2;label=BGM"},
	{green, []string{"V10"}, "city=revenue:30;path=a:0,b:_0;path=a:4,b:_0"},
	{green, []string{"V20"}, "city=revenue:50;city=revenue:50;city=revenue:50;city=revenue:50;city=revenue:50;city=revenue:50;" +
		"path=a:0,b:_0;path=a:1,b:_1;path=a:2,b:_2;path=a:3,b:_3;path=a:4,b:_4;path=a:5,b:_5;label=LD"},
	{sepia, []string{"T16"}, "city=revenue:10;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:5,b:_0"},
	{sepia, []string{"U25"}, "city=revenue:20;path=a:1,b:_0"},
	{sepia, []string{"V14"}, "city=revenue:10;path=a:1,b:_0;path=a:2,b:_0;path=a:4,b:_0;path=a:5,b:_0"},
	{sepia, []string{"V22"}, "city=revenue:20,loc:4;path=a:1,b:_0;path=a:1,b:3;path=a:0,b:5"},
	{sepia, []string{"W9"}, "path=a:0,b:3;path=a:0,b:4;path=a:3,b:4"},
	{sepia, []string{"W25"}, "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0"},
	{sepia, []string{"Y13"}, "city=revenue:20;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"},
	{sepia, []string{"Y17", "Y19"}, "path=a:2,b:3"},
}

// unit2Hexes: Unit 2, the Midlands.
var unit2Hexes = []hexEntry{
	{white, []string{"L8", "L10", "L16", "M17", "M19", "N16", "P20", "Q9", "Q19"}, blank},
	{white, []string{"L12", "M11", "M13", "O13", "P12", "P14"}, mountain},
	{white, []string{"O17", "O19", "P10"}, water},
	{white, []string{"L18", "P18"}, town},
	{white, []string{"M15", "N12", "Q13"}, doubleTown},
	{white, []string{"N18"}, "city=revenue:0;upgrade=cost:40,terrain:water"},
	{white, []string{"L14", "N10", "Q15", "Q17"}, city},
	{yellow, []string{"N14", "P16"}, ooCities},
	{green, []string{"O9"}, "city=revenue:40;city=revenue:40;path=a:3,b:_0;path=a:5,b:_1;label=L"},
	{green, []string{"O11"}, "city=revenue:40;city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:2,b:_1;path=a:4,b:_2;label=BGM"},
	{sepia, []string{"M9"}, "city=revenue:10;town=revenue:10;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_1;path=a:5,b:_1"},
	{sepia, []string{"O15"}, "city=revenue:20,loc:0.5;city=revenue:20,loc:3.5;path=a:0,b:_0;path=a:1,b:_0;path=a:5,b:_0;path=a:2,b:_1;path=a:3,b:_1;path=a:4,b:_1"},
	{sepia, []string{"P8"}, "path=a:1,b:4;path=a:4,b:5;path=a:1,b:5"},
	{sepia, []string{"Q11"}, "city=revenue:10;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:5,b:_0"},
}

// f8OneTown is F8 as 18xx.games printed it until 2022-04-16 (a typo in
// its map code read as one town: changeF8TwoTowns).
var f8OneTown = []hexEntry{
	{white, []string{"F8"}, "town=revenue:0;upgrade=cost:120,terrain:water"},
}

// unit3Hexes: Unit 3, Northern England and Scotland.
var unit3Hexes = []hexEntry{
	{white, []string{"C11", "G11", "H12", "H14", "I5", "J8"}, blank},
	{white, []string{"C9", "D2", "D4", "D6", "D8", "E3", "E5", "H8", "H10", "I3", "I7", "I9", "I11", "J4", "J12", "K9", "K11"}, mountain},
	{white, []string{"C7"}, "town=revenue:0;upgrade=cost:100,terrain:mountain"},
	{white, []string{"D10"}, town},
	{white, []string{"E9"}, "city=revenue:0;upgrade=cost:80,terrain:water"},
	{white, []string{"F4"}, "town=revenue:0;upgrade=cost:140,terrain:mountain|water"},
	{white, []string{"F6"}, town},
	{white, []string{"F8"}, "town=revenue:0;town=revenue:0;upgrade=cost:120,terrain:water"},
	{white, []string{"G3"}, city},
	{white, []string{"G7"}, doubleTown},
	{white, []string{"H4"}, doubleTown},
	{white, []string{"H6"}, city},
	{white, []string{"I13"}, doubleTown},
	{white, []string{"J2"}, city},
	{white, []string{"J6"}, city},
	{white, []string{"J10"}, city},
	{white, []string{"K13"}, town},
	{white, []string{"K15"}, doubleTown},
	{yellow, []string{"G9"}, "city=revenue:0,loc:1;city=revenue:0,loc:3;label=OO"},
	{yellow, []string{"J14"}, "city=revenue:0,loc:5;city=revenue:0,loc:2;upgrade=cost:40,terrain:water;label=OO"},
	{green, []string{"G5"}, "city=revenue:40;path=a:1,b:_0;city=revenue:40;path=a:3,b:_1;city=revenue:40;path=a:5,b:_2;label=BGM"},
	{sepia, []string{"B8"}, "city=revenue:20,loc:5.5;path=a:0,b:_0;path=a:5,b:_0"},
	{sepia, []string{"B12"}, "city=revenue:30;path=a:0,b:_0"},
	{sepia, []string{"E1"}, "city=revenue:20,loc:2.5;path=a:3,b:_0;path=a:4,b:_0"},
	{sepia, []string{"E7"}, "city=revenue:10,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:5,b:_0"},
	{sepia, []string{"F2"}, "town=revenue:10,loc:4;path=a:4,b:_0;town=revenue:10,loc:1;path=a:5,b:_1"},
	{sepia, []string{"F10"}, "town=revenue:10,loc:2;path=a:2,b:_0;path=a:5,b:0"},
	{sepia, []string{"K7"}, "city=revenue:10,loc:3;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0"},
}

// r1Hexes: Regional Kit 1, Wales.
var r1Hexes = []hexEntry{
	{white, []string{"R6", "T4", "U3", "U5"}, blank},
	{white, []string{"Q7", "S7", "T6"}, mountain},
	{white, []string{"P6"}, water},
	{white, []string{"Q5", "S5"}, town},
	{white, []string{"U7"}, doubleTown},
	{white, []string{"R8", "T2"}, city},
	{sepia, []string{"P4"}, "city=revenue:20;path=a:4,b:_0;path=a:5,b:_0"},
	{sepia, []string{"U1"}, "city=revenue:10;path=a:3,b:_0;path=a:4,b:_0"},
	{sepia, []string{"V6"}, "city=revenue:20;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"},
}

// r2Hexes: Regional Kit 2, South West England.
var r2Hexes = []hexEntry{
	{white, []string{"Y1", "Y3", "Z0"}, blank},
	{white, []string{"X6", "Y5"}, mountain},
	{white, []string{"X4", "Z2", "Z6", "AA-1"}, town},
	{white, []string{"Y7", "AA1"}, city},
	{yellow, []string{"Z4"}, ooCities},
	{sepia, []string{"W9"}, "city=revenue:10,loc:4.5;path=a:0,b:3;path=a:_0,b:3;path=a:_0,b:4;path=a:_0,b:5"},
}

// r3Hexes: Regional Kit 3, North Norfolk.
var r3Hexes = []hexEntry{
	{white, []string{"Q25"}, blank},
	{sepia, []string{"Q23"}, "city=revenue:10;path=a:0,b:_0;path=a:4,b:_0;path=a:5,b:_0"},
}

// unit4Hexes: the unpublished Unit 4, the north of Scotland. Merged before
// Unit 3, it replaces Unit 3's sepia Inverness (B8) and Aberdeen (B12) and
// its gray northern edge (B6, B10, C1, C3, C5) with open country.
var unit4Hexes = []hexEntry{
	{white, []string{"b7", "A7", "A9", "A11", "A13", "B4", "B10", "C1"}, blank},
	{white, []string{"c6", "b3", "b5", "A3", "B2", "B6", "B8", "C5"}, mountain},
	{white, []string{"c8", "A5", "B12"}, city},
	{white, []string{"a2", "a4", "a6", "C3"}, town},
	{sepia, []string{"a8", "a12"}, "town=revenue:10;path=a:0,b:_0;path=a:5,b:_0"},
	{sepia, []string{"B0"}, "town=revenue:10;path=a:4,b:_0;path=a:5,b:_0"},
}

// db2Hexes: variant DB2 (Ashford without the river).
var db2Hexes = []hexEntry{
	{white, []string{"W23"}, city},
}

// db3Hexes: variant DB3, the revised Unit 3 map.
var db3Hexes = []hexEntry{
	{white, []string{"I9"}, blank},
	{white, []string{"J6"}, town},
	{white, []string{"G13"}, city},
	{white, []string{"H10"}, "town=revenue:0;upgrade=cost:100,terrain:mountain"},
	{white, []string{"F4"}, "town=revenue:0;border=edge:0,type:impassable;upgrade=cost:100,terrain:mountain"},
	{sepia, []string{"F2"}, "town=revenue:10,loc:4;path=a:4,b:_0;path=a:3,b:_0;town=revenue:10,loc:5;path=a:5,b:_1"},
}

// Gray hexes without track along the edge of each unit, where the map
// continues in another unit. They are not impassable in 1825: track may end
// against them (rule 4.2.5). A unit's edge hexes are dropped where a unit
// in play prints them.
var (
	unit1Edge = []hexEntry{{gray, []string{"Q7", "Q9", "Q11", "Q13", "Q15", "Q17", "Q19", "Q23", "Q25",
		"R6", "T6", "V6", "X6", "S7", "U7", "Y7"}, blank}}
	unit2Edge = []hexEntry{{gray, []string{"K9", "K11", "K13", "K15", "Q7", "R8", "R10", "R12", "R14", "R16", "R18", "R20"}, blank}}
	unit3Edge = []hexEntry{{gray, []string{"B6", "C1", "B10", "C3", "C5", "L8", "L10", "L12", "L14", "L16"}, blank}}
	r1Edge    = []hexEntry{{gray, []string{"P8", "Q9"}, blank}}
)

// locationNames are the place names of the map (18xx.games LOCATION_NAMES;
// G7 depends on DB3, see Map).
var locationNames = map[string]string{
	"B8": "Inverness", "B12": "Aberdeen", "C7": "Pitlochry", "D10": "Montrose", "E1": "Oban",
	"E7": "Perth", "E9": "Dundee", "F2": "Helensburgh & Gourock", "F4": "Dumbarton", "F6": "Stirling",
	"F8": "Dunfermline & Kirkaldy", "F10": "Anstruther", "G3": "Greenock", "G5": "Glasgow",
	"G9": "Edinburgh & Leith", "G13": "Berwick", "H4": "Kilmarnock & Ayr", "H6": "Motherwell",
	"H10": "Galashiels", "I13": "Morpeth & Blythe", "J2": "Stranraer", "J6": "Dumfries", "J10": "Carlisle",
	"J14": "Newcastle upon Tyne & Sunderland", "K7": "Maryport", "K13": "Durham",
	"K15": "Stockton on Tees & Middlesbrough",
	"L14": "Darlington", "L18": "Scarborough", "M9": "Barrow & Morecombe", "M15": "Harrogate & York",
	"N10": "Preston", "N12": "Burnley & Halifax", "N14": "Bradford & Leeds", "N18": "Hull", "O9": "Liverpool",
	"O11": "Manchester", "O15": "Barnsley & Doncaster", "P16": "Sheffield & Rotherham", "P18": "Lincoln",
	"Q11": "Crewe", "Q13": "Newcastle & Hanley", "Q15": "Derby", "Q17": "Nottingham",
	"R10": "Shrewsbury", "R12": "Wolverhampton & Walsall", "R16": "Leicester", "R20": "Peterborough",
	"R24": "Norwich", "R26": "Great Yarmouth", "S13": "Birmingham", "S15": "Northampton", "T16": "Wolverton",
	"T20": "Cambridge", "T24": "Ipswich", "U11": "Gloucester", "U23": "Colchester", "U25": "Harwich",
	"V8": "Cardiff & Newport", "V10": "Bristol", "V14": "Swindon", "V16": "Reading", "V20": "London",
	"V22": "Southend", "W11": "Bath & Trowbridge", "W19": "Kingston & Reigate", "W23": "Ashford",
	"W25": "Dover", "X14": "Southampton", "X16": "Gosport & Portsmouth", "X20": "Brighton", "X22": "Hastings",
	"Y11": "Weymouth", "Y13": "Bournemouth",
	"P4": "Holyhead", "Q5": "Portmodoc", "S5": "Aberystwyth", "T2": "Fishguard", "U1": "MilfordHaven",
	"V6": "Swansea",
	"X4": "Barnstaple", "Y7": "Exeter", "Z2": "Fowey", "Z4": "Devonport & Plymouth", "Z6": "Torquay",
	"AA-1": "Penzance", "AA1": "Falmouth",
	"Q23": "Melton Constable",
	// Unit 4 (Inverness moves to A5 and Fort William is on C3, see Location)
	"c8": "Wick", "a2": "Ullapool", "a4": "Dingwall", "a6": "Invergordon", "a8": "Elgin",
	"a12": "Fraserburgh", "B0": "Malaig",
}
