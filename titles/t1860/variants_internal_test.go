package t1860

import (
	"strings"
	"testing"

	"tresham/board"
	"tresham/engine/step"
	"tresham/route"
)

// TestLayStepAccelerated checks the tile-lay allowance of "Variant:
// Accelerated Track Development" against the standard one.
func TestLayStepAccelerated(t *testing.T) {
	type lay struct {
		hex           string
		upgrade, city bool
	}
	yellow := func(h string) lay { return lay{h, false, false} }
	upgrade := func(h string) lay { return lay{h, true, false} }
	city := func(h string) lay { return lay{h, false, true} }
	cityUpgrade := func(h string) lay { return lay{h, true, true} }
	tests := []struct {
		seq          []lay
		standard, ac string // refusal of the last lay ("" = allowed)
	}{
		{[]lay{yellow("A"), yellow("B")}, "", ""},
		{[]lay{yellow("A"), upgrade("B")}, "cannot lay an upgrade", ""},
		{[]lay{upgrade("A"), yellow("B")}, "after an upgrade", ""},
		{[]lay{upgrade("A"), upgrade("B")}, "after an upgrade", "only one upgrade"},
		{[]lay{yellow("A"), upgrade("A")}, "cannot lay an upgrade", "same turn"},
		{[]lay{city("A"), yellow("B")}, "after a city tile", "after a city tile"},
		{[]lay{cityUpgrade("A"), yellow("B")}, "after a city tile", "after a city tile"},
		{[]lay{yellow("A"), city("B")}, "city tile", "city tile"},
		{[]lay{upgrade("A"), cityUpgrade("B")}, "city tile", "city tile"},
		{[]lay{yellow("A"), upgrade("B"), yellow("C")}, "cannot lay an upgrade", "no more tile lays"},
	}
	for _, tc := range tests {
		for _, accel := range []bool{false, true} {
			want := tc.standard
			if accel {
				want = tc.ac
			}
			s := LayStep{Accelerated: accel}
			var err error
			for _, l := range tc.seq {
				if err = s.check(l.hex, l.upgrade, l.city); err != nil {
					break
				}
				s = s.next(l.hex, l.upgrade, l.city)
			}
			if (err != nil) != (want != "") || err != nil && !strings.Contains(err.Error(), want) {
				t.Errorf("%v accelerated=%v: err %v, want %q", tc.seq, accel, err, want)
			}
			if last := tc.seq[len(tc.seq)-1]; err == nil && s.More() != (accel && !last.city && len(tc.seq) == 1) {
				t.Errorf("%v accelerated=%v: More %v", tc.seq, accel, s.More())
			}
		}
	}
}

// TestDestinationPlaces checks which station of the Newport hex is Newport
// and which is Shide as the hex is upgraded.
func TestDestinationPlaces(t *testing.T) {
	tests := []struct {
		tile          string // "" = the printed yellow Newport
		newport, shid int    // node indexes (-1 = none)
	}{
		{"", 0, -1},
		{"763-0", 0, 1}, // green: 50 and 30 (Shide, to the south)
		{"773-0", 0, 1}, // brown: 60 and 20
	}
	for _, tc := range tests {
		b, err := Map(MapOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if tc.tile != "" {
			if err := b.ForceLay("G5", tc.tile, 0); err != nil {
				t.Fatal(err)
			}
		}
		h, _ := b.Hex("G5")
		for n := range h.Tile.Nodes {
			ref := board.NodeRef{Hex: "G5", Node: n}
			if got := isPlace(b, ref, "Newport"); got != (n == tc.newport) {
				t.Errorf("%s node %d: Newport %v", tc.tile, n, got)
			}
			if got := isPlace(b, ref, "Shide"); got != (n == tc.shid) {
				t.Errorf("%s node %d: Shide %v", tc.tile, n, got)
			}
		}
	}
}

// TestYarmouthRun: with variable_private_revenue the Yarmouth company earns £5
// more once the FYN has run a train from Yarmouth to Newport (first edition,
// "Variant: Variable revenue for private companies"). The track is that of
// an 18xx.games game (1860_game_end_bank, action 187).
func TestYarmouthRun(t *testing.T) {
	toNewport := [][]string{{"F6", "G5"}, {"E5", "F6"}, {"D6", "E5"}, {"C5", "D6"}, {"B4", "C5"}}
	tests := []struct {
		name  string
		opts  []string
		corp  string
		conns [][]string
		want  int
	}{
		{"FYN Yarmouth to Newport", []string{"variable_private_revenue"}, "FYN", toNewport, 15},
		{"standard rules", nil, "FYN", toNewport, 10},
		{"not as far as Newport", []string{"variable_private_revenue"}, "FYN", toNewport[3:], 10},
		{"another company's run", []string{"variable_private_revenue"}, "C&N", toNewport, 10},
	}
	for _, tc := range tests {
		g, err := New([]int{1, 2}, []string{"A", "B"}, tc.opts, NewBoard)
		if err != nil {
			t.Fatal(err)
		}
		b := g.Board
		for _, l := range []struct {
			hex, tile string
			rot       int
		}{{"B4", "756-0", 5}, {"C5", "743-0", 2}, {"D6", "742-0", 2}, {"E5", "742-1", 5}, {"F6", "742-2", 2}, {"G5", "763-0", 0}} {
			if err := b.ForceLay(l.hex, l.tile, l.rot); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := b.PlaceToken(board.NodeRef{Hex: "B4"}, "FYN", board.TokenOptions{}); err != nil {
			t.Fatal(err)
		}
		yhc := g.Company("YHC")
		yhc.Owner = "1"
		g.Players[0].Companies = []string{"YHC"}
		res, err := route.Resolve(b, tc.conns, route.Options{Corp: tc.corp})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		g.afterRuns(g.Corp(tc.corp), [][]board.NodeRef{res.Visited()})
		cash := g.Players[0].Cash
		step.PayPrivates(g.Game)
		if yhc.Revenue != tc.want || g.Players[0].Cash-cash != tc.want {
			t.Errorf("%s: YHC revenue %d, paid %d, want %d", tc.name, yhc.Revenue, g.Players[0].Cash-cash, tc.want)
		}
	}
}
