package t1860

import (
	"strings"
	"testing"

	"tresham/board"
	"tresham/engine"
)

// checkBoard is a small flat map for route-legality tests. Column C runs
// top to bottom:
//
//	C1  city 20, X's home base
//	C3  two crossing tracks: top–bottom and lower-left–lower-right
//	C5  town 10 (exits top, bottom, upper-left)
//	C7  city 30 tokened out by Y
//	C9  city 40 tokened out by Z (exits top, bottom, lower-right to D10)
//	C11 halt
//	C13 city 50 (X token when withC13)
//
// B4 is a town joining C5, C3 (its lower-left track) and B2; B2 is plain
// track back to C1 (a loop C1–C5–B4–B2–C1); D4 is a city 30 on C3's
// lower-right side; D10 a town 10 below-right of C9.
func checkBoard(t *testing.T, withC13 bool) *board.Board {
	t.Helper()
	b, err := board.New(board.Spec{Layout: board.Flat, Hexes: []board.HexSpec{
		{ID: "C1", Color: board.Yellow, Code: "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0"},
		{ID: "C3", Color: board.Yellow, Code: "path=a:3,b:0;path=a:1,b:5"},
		{ID: "C5", Color: board.Yellow, Code: "town=revenue:10;path=a:3,b:_0;path=a:_0,b:0;path=a:_0,b:2"},
		{ID: "C7", Color: board.Yellow, Code: "city=revenue:30;path=a:3,b:_0;path=a:_0,b:0"},
		{ID: "C9", Color: board.Yellow, Code: "city=revenue:40;path=a:3,b:_0;path=a:_0,b:0;path=a:_0,b:5"},
		{ID: "C11", Color: board.Yellow, Code: "halt=symbol:£;path=a:3,b:_0;path=a:_0,b:0"},
		{ID: "C13", Color: board.Yellow, Code: "city=revenue:50;path=a:3,b:_0"},
		{ID: "B4", Color: board.Yellow, Code: "town=revenue:10;path=a:5,b:_0;path=a:_0,b:4;path=a:_0,b:3"},
		{ID: "B2", Color: board.Yellow, Code: "path=a:4,b:0"},
		{ID: "D4", Color: board.Yellow, Code: "city=revenue:30;path=a:2,b:_0"},
		{ID: "D10", Color: board.Yellow, Code: "town=revenue:10;path=a:2,b:_0"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	place := func(hex, corp string) {
		if _, err := b.PlaceToken(board.NodeRef{Hex: hex, Node: 0}, corp, board.TokenOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	place("C1", "X")
	place("C7", "Y")
	place("C9", "Z")
	if withC13 {
		place("C13", "X")
	}
	return b
}

// TestRunRoutesRefusesIllegalRoutes drives the run_routes step with legal
// and illegal submissions on checkBoard.
func TestRunRoutesRefusesIllegalRoutes(t *testing.T) {
	type run struct {
		train string // train name: "2+1", "4+0", "9+5"
		conns [][]string
	}
	tests := []struct {
		name    string
		withC13 bool
		reEnter bool
		runs    []run
		want    string // "" = accepted; else part of the refusal
	}{
		{"legal: home, town, tokened-out terminus", false, false,
			[]run{{"2+1", [][]string{{"C1", "C3", "C5"}, {"C5", "C7"}}}}, ""},
		{"no base token on the route", false, false,
			[]run{{"2+1", [][]string{{"C9", "C11"}, {"C11", "C13"}}}}, "base tokens"},
		{"ends at a halt", false, false,
			[]run{{"9+5", [][]string{{"C1", "C3", "C5"}, {"C5", "C7"}, {"C7", "C9"}, {"C9", "C11"}}}}, "halt"},
		{"too many large stations", false, false,
			[]run{{"2+1", [][]string{{"C1", "C3", "C5"}, {"C5", "C7"}, {"C7", "C9"}}}}, "too many cities"},
		{"passes two tokened-out stations", false, false,
			[]run{{"9+5", [][]string{{"C1", "C3", "C5"}, {"C5", "C7"}, {"C7", "C9"}, {"C9", "C11"}, {"C11", "C13"}}}}, "only ONE tokened-out"},
		{"two trains pass tokened-out stations", true, false,
			[]run{
				{"9+5", [][]string{{"C1", "C3", "C5"}, {"C5", "C7"}, {"C7", "C9"}}},
				{"9+5", [][]string{{"C13", "C11"}, {"C11", "C9"}, {"C9", "D10"}}},
			}, "only one train may pass"},
		{"one train passes a tokened-out station, the other ends there", true, false,
			[]run{
				{"9+5", [][]string{{"C1", "C3", "C5"}, {"C5", "C7"}, {"C7", "C9"}}},
				{"9+5", [][]string{{"C13", "C11"}, {"C11", "C9"}}},
			}, ""},
		{"shared track", false, false,
			[]run{
				{"2+1", [][]string{{"C1", "C3", "C5"}, {"C5", "C7"}}},
				{"2+1", [][]string{{"C1", "C3", "C5"}}},
			}, "same section of track"},
		{"re-enters a hex", false, false,
			[]run{{"4+0", [][]string{{"C1", "C3", "C5"}, {"C5", "B4"}, {"B4", "C3", "D4"}}}}, "re-enter"},
		{"re-enters a hex with re_enter_hexes", false, true,
			[]run{{"4+0", [][]string{{"C1", "C3", "C5"}, {"C5", "B4"}, {"B4", "C3", "D4"}}}}, ""},
		{"visits a station twice", false, true,
			[]run{{"4+0", [][]string{{"C1", "C3", "C5"}, {"C5", "B4"}, {"B4", "B2", "C1"}}}}, "twice"},
		{"no run includes the home base", true, false,
			[]run{{"2+1", [][]string{{"C13", "C11"}, {"C11", "C9"}}}}, "home base"},
		{"runs do not intersect", true, false,
			[]run{
				{"2+1", [][]string{{"C1", "C3", "C5"}, {"C5", "C7"}}},
				{"2+1", [][]string{{"C13", "C11"}, {"C11", "C9"}, {"C9", "D10"}}},
			}, "intersect"},
		{"track not connected", false, false,
			[]run{{"4+0", [][]string{{"C1", "C3", "C5"}, {"C9", "C11"}}}}, "not connected"},
		{"train runs twice", false, false,
			[]run{{"2+1", [][]string{{"C1", "C3", "C5"}}}, {"2+1", [][]string{{"C1", "B2", "B4"}}}}, "runs twice"},
	}
	allow := map[string][2]int{"2+1": {2, 1}, "4+0": {4, 0}, "9+5": {9, 5}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := checkBoard(t, tc.withC13)
			g := &Game{Game: &engine.Game{Options: map[string]bool{"re_enter_hexes": tc.reEnter}, Phases: phases, Depot: engine.NewDepot(nil)}}
			g.Board = b
			c := &engine.Corporation{Sym: "X", Home: "C1"}
			a := &engine.Action{ID: 42, Type: "run_routes", Entity: "X", EntityType: "corporation"}
			for i, r := range tc.runs {
				id := r.train + "-" + string(rune('0'+i))
				if tc.name == "train runs twice" {
					id = r.train + "-0"
				}
				al := allow[r.train]
				tr := &engine.Train{ID: id, Name: r.train, Major: al[0], Minor: al[1], Owner: "X"}
				if i == 0 || id != c.Trains[0].ID {
					c.Trains = append(c.Trains, tr)
				}
				a.Routes = append(a.Routes, engine.Route{Train: id, Connections: r.conns})
			}
			_, err := g.checkRoutes(c, a, false)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("legal run refused: %v", err)
			case tc.want != "" && err == nil:
				t.Fatalf("illegal run accepted")
			case tc.want != "" && !strings.Contains(err.Error(), tc.want):
				t.Fatalf("refusal %q does not name the rule %q", err, tc.want)
			case err != nil && !strings.Contains(err.Error(), "action 42 "):
				t.Fatalf("refusal %q does not name the action", err)
			}
			if err != nil {
				t.Logf("refused: %v", err)
			}
		})
	}
}
