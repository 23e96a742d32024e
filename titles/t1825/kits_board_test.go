package t1825

import (
	"slices"
	"testing"

	"tresham/board"
)

// TestKitTiles checks tile replacements that the kits' tiles bring, on the
// board built for the options (the lay's connectivity aside): first the
// tiles in place (lay), then whether a tile may go on hex in a phase whose
// colours are given.
func TestKitTiles(t *testing.T) {
	type lay struct {
		hex, tile string
		rot       int
	}
	tests := []struct {
		name   string
		rules  []string
		before []lay
		hex    string
		colors []board.Color
		tile   string
		want   bool
	}{
		// K1 (supplementary tiles): #21 on a sharp curve only with K1
		{"k1 #21 on #7", []string{"unit_1", "k1"}, []lay{{"T12", "7-0", 0}}, "T12", []board.Color{board.Green}, "21", true},
		{"no #21 without k1", []string{"unit_1"}, []lay{{"T12", "7-0", 0}}, "T12", []board.Color{board.Green}, "21", false},
		// K6 (advanced tiles): #200 on the printed stations of Crewe,
		// Wolverton and Swindon, nowhere else; #119 on a yellow town
		{"k6 #200 on Wolverton", []string{"unit_1", "k6"}, nil, "T16", []board.Color{board.Brown}, "200", true},
		{"k6 #200 on Swindon", []string{"unit_1", "k6"}, nil, "V14", []board.Color{board.Brown}, "200", true},
		{"k6 no #200 on Dover", []string{"unit_1", "k6"}, nil, "W25", []board.Color{board.Brown}, "200", false},
		{"k6 #119 on #4", []string{"unit_1", "k6"}, []lay{{"R10", "4-0", 0}}, "R10", []board.Color{board.Green}, "119", true},
		{"no #119 without k6", []string{"unit_1"}, []lay{{"R10", "4-0", 0}}, "R10", []board.Color{board.Green}, "119", false},
		// K5 (minors for Unit 2) brings a #119 too
		{"k5 #119 on #4", []string{"unit_2", "k5"}, []lay{{"P18", "4-0", 0}}, "P18", []board.Color{board.Green}, "119", true},
		// K3 (phase four): #48 on London's brown #32; #166 on a green X city
		{"k3 #48 on London", []string{"unit_1", "k3"}, []lay{{"V20", "32-0", 0}}, "V20", []board.Color{board.Gray}, "48", true},
		{"no #48 without k3", []string{"unit_1"}, []lay{{"V20", "32-0", 0}}, "V20", []board.Color{board.Gray}, "48", false},
		// D1 (additional tiles): green #10 on a yellow OO; brown #174
		{"d1 #10 on Wolverhampton", []string{"unit_1", "d1"}, nil, "R12", []board.Color{board.Green}, "10", true},
		{"no #10 without d1", []string{"unit_1"}, nil, "R12", []board.Color{board.Green}, "10", false},
		{"d1 #11 halt on #8", []string{"unit_1", "d1"}, []lay{{"T12", "8-0", 0}}, "T12", []board.Color{board.Green}, "11", true},
		// R1 and R2 bring #10 as well; R3 the halt #11
		{"r1 #10 on Cardiff", []string{"unit_1", "r1"}, nil, "V8", []board.Color{board.Green}, "10", true},
		{"r3 #11 on #8", []string{"unit_1", "r3"}, []lay{{"T12", "8-0", 0}}, "T12", []board.Color{board.Green}, "11", true},
		// DB1: double towns become the green 887/888 instead of 87/88
		{"db1 #888 on #1", []string{"unit_1", "db1"}, []lay{{"W11", "1-0", 0}}, "W11", []board.Color{board.Green}, "888", true},
		{"no #888 without db1", []string{"unit_1"}, []lay{{"W11", "1-0", 0}}, "W11", []board.Color{board.Green}, "888", false},
		// DB2: Ashford (W23) without its river: a new city for nothing
		{"db2 Ashford", []string{"unit_1", "db2"}, nil, "W23", []board.Color{board.Yellow}, "5", true},
		// DB3: the revised Unit 3 map's Berwick city and tile #206 on #115
		{"db3 #206 on #115", []string{"unit_3", "db3"}, []lay{{"J10", "115-0", 0}}, "J10", []board.Color{board.Green}, "206", true},
		{"no #206 without db3", []string{"unit_3"}, []lay{{"J10", "115-0", 0}}, "J10", []board.Color{board.Green}, "206", false},
		{"db3 Berwick city", []string{"unit_3", "db3"}, nil, "G13", []board.Color{board.Yellow}, "5", true},
		{"no Berwick city without db3", []string{"unit_3"}, nil, "G13", []board.Color{board.Yellow}, "5", false},
		// Unit 4: Inverness is a new city on A5; B8 is a mountain hexag
		{"unit_4 Inverness", []string{"unit_3", "unit_4"}, nil, "A5", []board.Color{board.Yellow}, "5", true},
		{"unit_4 B8 plain track", []string{"unit_3", "unit_4"}, nil, "B8", []board.Color{board.Yellow}, "8", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, _ := mustBoard(t, tc.rules...)
			for _, l := range tc.before {
				if _, err := b.LayTile(l.hex, l.tile, l.rot, board.LayOptions{NoConnectivity: true, Rules: LayRules()}); err != nil {
					t.Fatalf("lay %s on %s: %v", l.tile, l.hex, err)
				}
			}
			var names []string
			for _, l := range b.LegalLays(tc.hex, board.LayOptions{NoConnectivity: true, Rules: LayRules(), Colors: tc.colors}) {
				names = append(names, l.Tile)
			}
			if got := slices.Contains(names, tc.tile); got != tc.want {
				t.Errorf("tile %s on %s: %v, want %v (layable: %v)", tc.tile, tc.hex, got, tc.want, names)
			}
		})
	}
}

// TestKitTilePhases: the striped tiles wait for a later phase (18xx.games
// tile_valid_for_phase?): #119 (K5, K6, D1) needs brown, #166 (K3) gray.
func TestKitTilePhases(t *testing.T) {
	b, _ := mustBoard(t, "unit_12", "k3", "k6")
	tests := []struct {
		tile  string
		phase []string
		want  bool
	}{
		{"119", []string{"yellow", "green"}, false},
		{"119", []string{"yellow", "green", "brown"}, true},
		{"166", []string{"yellow", "green", "brown"}, false},
		{"166", []string{"yellow", "green", "brown", "gray"}, true},
		{"200", []string{"yellow", "green", "brown"}, true},
	}
	for _, tc := range tests {
		td, ok := b.TileDef(tc.tile)
		if !ok {
			t.Fatalf("tile %s not in the supply", tc.tile)
		}
		if got := TileAvailable(td, tc.phase); got != tc.want {
			t.Errorf("tile %s in %v: %v, want %v", tc.tile, tc.phase, got, tc.want)
		}
	}
}

// TestKitTrains: the trains each kit adds to the depot (18xx.games
// game_trains), the minors' trains included.
func TestKitTrains(t *testing.T) {
	tests := []struct {
		rules []string
		train string
		count int
	}{
		{[]string{"unit_3"}, "3T", 1},
		{[]string{"unit_3", "u3p"}, "3T", 3},
		{[]string{"unit_3", "u3p"}, "U3", 3},
		{[]string{"unit_1", "r1"}, "U3", 1},
		{[]string{"unit_1", "r1"}, "4T", 1},
		{[]string{"unit_1", "r2"}, "5", 5},
		{[]string{"unit_1", "r3"}, "4T", 1},
		{[]string{"unit_2", "k5"}, "5", 4},
		{[]string{"unit_2", "k5"}, "3T", 1},
		{[]string{"unit_1", "k7"}, "2+2", 1},
		{[]string{"unit_1", "k3"}, "7", 2},
		{[]string{"unit_2", "k3"}, "6", 3}, // K3's 6s replace Unit 2's own
		{[]string{"unit_1", "k2", "k3"}, "4+4E", 2},
		{[]string{"unit_1", "k2", "k3"}, "3", 3},
		{[]string{"unit_123", "k2", "k3"}, "3T", 6},
	}
	for _, tc := range tests {
		o, err := ParseOptions(tc.rules, 0)
		if err != nil {
			t.Fatal(err)
		}
		got := 0
		for _, tr := range Trains(o) {
			if tr.Name == tc.train {
				got = tr.Count
			}
		}
		if got != tc.count {
			t.Errorf("%v: %d %s trains, want %d", tc.rules, got, tc.train, tc.count)
		}
	}
}
