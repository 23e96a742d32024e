package step

import (
	"errors"
	"strings"
	"testing"

	"tresham/board"
	"tresham/engine"
)

// lineBoard is a column of four hexes: cities on C3 and C5 joined by
// track, and blank C7 (water, £40) and C9 beyond, C5's track leading to
// C7.
func lineBoard(t *testing.T) *board.Board {
	t.Helper()
	b, err := board.New(board.Spec{
		Layout: board.Flat,
		Hexes: []board.HexSpec{
			{ID: "C3", Color: board.Yellow, Code: "city=revenue:20;path=a:0,b:_0"},
			{ID: "C5", Color: board.Yellow, Code: "city=revenue:20;path=a:3,b:_0;path=a:0,b:_0"},
			{ID: "C7", Code: "upgrade=cost:40,terrain:water"}, {ID: "C9"},
		},
		Tiles: []board.TileSpec{{Name: "9", Color: board.Yellow, Code: "path=a:0,b:3", Count: 1}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if b.Neighbor("C3", 0) != "C5" || b.Neighbor("C5", 0) != "C7" {
		t.Fatalf("C3, C5 and C7 are not a column: %q %q", b.Neighbor("C3", 0), b.Neighbor("C5", 0))
	}
	return b
}

// reservedLineBoard is lineBoard with C5's city held for the company
// holder's home (none when holder is empty).
func reservedLineBoard(t *testing.T, holder string) *board.Board {
	t.Helper()
	b := lineBoard(t)
	if holder != "" {
		if err := b.Reserve("C5", -1, holder); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

func TestTokens(t *testing.T) {
	tests := []struct {
		name    string
		reserve string // a corporation C5 is held for
		slots   bool
		want    []string
	}{
		{"on the network", "", false, []string{"C5-0-0"}},
		{"with its slot", "", true, []string{"C5-0-0/0"}},
		{"held for another's home", "B", false, nil},
		{"held for its own home", "A", false, []string{"C5-0-0"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := reservedLineBoard(t, tc.reserve)
			c := &engine.Corporation{Sym: "A", Tokens: []engine.Token{{}, {Price: 40}}}
			home, ok := b.HomeCity("A", "C3")
			if !ok {
				t.Fatal("no home city on C3")
			}
			if loc, err := PlaceToken(b, c, home, board.TokenOptions{}); err != nil || c.Tokens[0].Location != loc || loc == "" {
				t.Fatalf("home token: %q, %v; tokens %+v", loc, err, c.Tokens)
			}
			var got []string
			for _, ch := range TokenChoices(b, c, tc.slots) {
				s := ch.Action.City
				if tc.slots {
					s += "/" + string(rune('0'+ch.Action.Slot))
				}
				got = append(got, s)
			}
			if len(got) != len(tc.want) || len(got) > 0 && got[0] != tc.want[0] {
				t.Fatalf("choices %v, want %v", got, tc.want)
			}
			_, err := CheckToken(b, c, "C5-0-0", board.TokenOptions{CheckConnected: true})
			if (err == nil) != (len(tc.want) > 0) {
				t.Fatalf("CheckToken: %v, listed %v", err, got)
			}
			if err == nil {
				r, _ := b.ResolveCity("C5-0-0")
				if _, err := PlaceToken(b, c, r, board.TokenOptions{CheckConnected: true}); err != nil || c.Tokens[1].Location != b.Signature(r) {
					t.Fatalf("token: %v; tokens %+v", err, c.Tokens)
				}
			}
		})
	}
}

func TestTrackChoices(t *testing.T) {
	refuse := &board.Rules{CheckLay: func(_, _ *board.Board, _ board.Lay) error { return errors.New("refused") }}
	tests := []struct {
		name  string
		rules *board.Rules
		open  bool // the lay hook offers C7
		lays  bool // lays are listed
	}{
		{"the board's lays", nil, true, true},
		{"CheckLay left to the plan", refuse, true, true},
		{"hex not offered", nil, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := lineBoard(t)
			c := &engine.Corporation{Sym: "A", Tokens: []engine.Token{{}}}
			home, _ := b.HomeCity("A", "C3")
			if _, err := PlaceToken(b, c, home, board.TokenOptions{}); err != nil {
				t.Fatal(err)
			}
			opt := board.LayOptions{Corp: "A", Rules: tc.rules}
			got := TrackChoices(b, c, []string{"C7"}, func(string) (board.LayOptions, bool) { return opt, tc.open })
			if (len(got) > 0) != tc.lays {
				t.Fatalf("choices %v", got)
			}
			plain := b.LegalLays("C7", board.LayOptions{Corp: "A"})
			for i, ch := range got {
				a := ch.Action
				if a.Type != "lay_tile" || a.Entity != "A" || a.Hex != "C7" || i >= len(plain) || a.Tile != plain[i].TileID || a.Rotation != plain[i].Rotation {
					t.Errorf("choice %d: %+v, board's lays %v", i, a, plain)
				}
			}
			if tc.rules != nil && len(b.LegalLays("C7", opt)) > 0 {
				t.Error("the board lists lays CheckLay refuses")
			}
			if tc.rules != nil && tc.rules.CheckLay == nil {
				t.Error("the caller's rules were changed")
			}
		})
	}
}

func TestPlaceHomeTokens(t *testing.T) {
	tests := []struct {
		name    string
		reserve string // a corporation C3 is held for
		homes   []string
		want    []string
	}{
		{"a city and a hex without one", "", []string{"C3", "C7"}, []string{"C3"}},
		{"its own reserved city", "A", []string{"C3"}, []string{"C3"}},
		{"a city held for another", "B", []string{"C5", "C3"}, []string{"C5"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := lineBoard(t)
			if tc.reserve != "" {
				if err := b.Reserve("C3", -1, tc.reserve); err != nil {
					t.Fatal(err)
				}
			}
			c := &engine.Corporation{Sym: "A", Tokens: []engine.Token{{}, {}}}
			got := PlaceHomeTokens(b, c, tc.homes...)
			if strings.Join(got, ",") != strings.Join(tc.want, ",") {
				t.Fatalf("placed on %v, want %v", got, tc.want)
			}
			if locs := b.TokenLocations("A"); len(locs) != len(tc.want) || c.NextToken() != len(tc.want) {
				t.Errorf("tokens on the map %v, on the charter %+v", locs, c.Tokens)
			}
		})
	}
}

func TestPlanLay(t *testing.T) {
	tests := []struct {
		name    string
		tile    string
		budget  int
		refusal string // "" when accepted
	}{
		{"paid", "9-0", 40, ""},
		{"beyond the budget", "9-0", 39, "A cannot pay £40 for the terrain"},
		{"a tile not in the supply", "57-0", 40, "unknown tile 57-0"},
		{"not a tile id", "nine", 40, "nine"},
		{"a rotation off the track", "9-0", 40, "C7"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := lineBoard(t)
			c := &engine.Corporation{Sym: "A", Tokens: []engine.Token{{}}}
			PlaceHomeTokens(b, c, "C3")
			a := engine.CorpAction(c, "lay_tile")
			a.Hex, a.Tile = "C7", tc.tile
			if tc.name == "a rotation off the track" {
				a.Rotation = 1
			}
			_, err := LayTile(b, &a)
			var lay func()
			if err == nil {
				var res board.LayResult
				res, lay, err = PlanLay(b, c, &a, board.LayOptions{Corp: "A"}, tc.budget)
				if err == nil && res.Cost != 40 {
					t.Errorf("cost %d", res.Cost)
				}
			}
			if tc.refusal == "" {
				if err != nil {
					t.Fatal(err)
				}
				if b.Tiles()["C7"] != "" {
					t.Fatal("planning laid the tile")
				}
				lay()
				if b.Tiles()["C7"] == "" {
					t.Fatal("the lay made nothing")
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.refusal) {
				t.Fatalf("refusal %v, want %q", err, tc.refusal)
			}
		})
	}
}

func TestCanToken(t *testing.T) {
	tests := []struct {
		name    string
		onMap   bool
		reserve string // a corporation C5 is held for
		placed  int    // tokens placed before (C3's home, then C5)
		budget  int
		want    bool
	}{
		{"a city and the money", true, "", 1, 40, true},
		{"short of the price", true, "", 1, 39, false},
		{"no token left", true, "", 2, 100, false},
		{"the only city held for another", true, "B", 1, 40, false},
		{"on no map", false, "", 1, 40, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := reservedLineBoard(t, tc.reserve)
			c := &engine.Corporation{Sym: "A", Tokens: []engine.Token{{}, {Price: 40}}}
			PlaceHomeTokens(b, c, "C3")
			if tc.placed > 1 {
				c.Tokens[1].Location = "elsewhere"
			}
			if !tc.onMap {
				b = nil
			}
			if got := CanToken(b, c, tc.budget); got != tc.want {
				t.Errorf("CanToken %v, want %v", got, tc.want)
			}
		})
	}
}
